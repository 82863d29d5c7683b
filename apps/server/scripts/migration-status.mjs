#!/usr/bin/env node
// Which migrations a database has: `node apps/server/scripts/migration-status.mjs`.
// Reads DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite, default ./data; stop the server
// first: an embedded database has one user at a time). Changes nothing. For each migration of
// this version: applied, or pending (runs at the next start). Exit code 0 when nothing is
// pending, 3 when some are, 1 when the database cannot be read.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
const table = 'select hash, created_at from drizzle.__drizzle_migrations order by created_at';
const exists = "select to_regclass('drizzle.__drizzle_migrations') is not null as ok";

async function appliedRows() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(exists)).rows[0].ok ? (await c.query(table)).rows : [];
    } finally {
      await c.end();
    }
  }
  const dir = path.join(path.resolve(process.env.DATA_DIR || './data'), 'pgdata');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`no embedded database in ${dir} (set DATA_DIR or DATABASE_URL)`);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dir);
  try {
    return (await db.query(exists)).rows[0].ok ? (await db.query(table)).rows : [];
  } finally {
    await db.close();
  }
}

let rows;
try {
  rows = await appliedRows();
} catch (err) {
  console.error(`cannot read the database: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
const byTime = new Map(rows.map((r) => [Number(r.created_at), r.hash]));
const last = rows.length ? Math.max(...byTime.keys()) : -Infinity;
const width = Math.max(...journal.entries.map((e) => e.tag.length));
let pending = 0;
for (const e of journal.entries) {
  const hash = crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(folder, `${e.tag}.sql`)))
    .digest('hex');
  let state;
  if (byTime.has(e.when)) state = byTime.get(e.when) === hash ? 'applied' : 'applied (from a different file: a landed migration was edited)';
  else if (e.when > last) {
    state = 'pending (runs at the next start)';
    pending++;
  } else state = 'NOT APPLIED and never will be: dated before the last applied migration';
  console.log(`${e.tag.padEnd(width)}  ${state}`);
}
const known = new Set(journal.entries.map((e) => e.when));
const unknown = [...byTime.keys()].filter((t) => !known.has(t));
if (unknown.length)
  console.log(`${unknown.length} applied migration(s) this version does not have: a newer release upgraded this database (restore its backup to go back)`);
process.exit(pending ? 3 : 0);
