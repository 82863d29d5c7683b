// Backup and restore (docs/operations.md, "Backup and restore"):
//   npm run backup  -- [--out DIR]             a logical backup of DATABASE_URL (pg_dump, custom format)
//                                                or of DATA_DIR's embedded database (server stopped)
//   npm run backup  -- --base [--out DIR]      PostgreSQL only: a base backup (pg_basebackup) for
//                                                point-in-time recovery with the archived WAL
//   npm run restore -- DIR                     into DATABASE_URL (an empty database) or into an
//                                                empty DATA_DIR, then checks the figures
// A backup is a folder: the database (`database.dump` or `pgdata.tar.gz`), `keys/` and `uploads/`
// from DATA_DIR, and `manifest.json` with the figures the restore must find again: the number of
// orders, the ledger's balance per account, the newest order. On PostgreSQL they are read in the
// snapshot pg_dump copies, so a backup of a busy database states exactly what it holds.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Figures {
  orders: number;
  /** Debits less credits per ledger account, in fen. */
  ledger: Record<string, number>;
  newestOrder: string | null;
}

interface Manifest {
  kind: 'postgres' | 'pglite';
  createdAt: string;
  migrations: number;
  figures: Figures;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const FIGURES = {
  orders: 'select count(*)::int as n from sport_order',
  ledger: `select account, sum(case when side = 'debit' then amount_fen else -amount_fen end)::bigint as net from sport_ledger_entry group by account order by account`,
  newest: 'select order_no from sport_order order by id desc limit 1',
  migrations: 'select count(*)::int as n from drizzle.__drizzle_migrations',
};

async function figuresOf(q: Query): Promise<Figures> {
  const [orders] = await q(FIGURES.orders);
  const ledger = Object.fromEntries((await q(FIGURES.ledger)).map((r) => [String(r.account), Number(r.net)]));
  const [newest] = await q(FIGURES.newest);
  return { orders: Number(orders?.n ?? 0), ledger, newestOrder: newest ? String(newest.order_no) : null };
}

/** The differences between two sets of figures, one line each (none: the restore holds what the backup did). */
export function mismatches(a: Figures, b: Figures): string[] {
  const out: string[] = [];
  if (a.orders !== b.orders) out.push(`orders: ${a.orders} ≠ ${b.orders}`);
  if (a.newestOrder !== b.newestOrder) out.push(`newest order: ${a.newestOrder} ≠ ${b.newestOrder}`);
  for (const account of new Set([...Object.keys(a.ledger), ...Object.keys(b.ledger)])) {
    if ((a.ledger[account] ?? 0) !== (b.ledger[account] ?? 0)) out.push(`ledger ${account}: ${a.ledger[account] ?? 0} ≠ ${b.ledger[account] ?? 0}`);
  }
  return out;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (r.error) throw new Error(`${cmd} could not run (${r.error.message}): install PostgreSQL's client tools`);
  if (r.status !== 0) throw new Error(`${cmd} failed with exit code ${r.status}`);
}

function copyFiles(from: string, to: string): void {
  for (const sub of ['keys', 'uploads']) {
    const src = path.join(from, sub);
    if (fs.existsSync(src)) fs.cpSync(src, path.join(to, sub), { recursive: true });
  }
}

async function withPg<T>(url: string, work: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function withPglite<T>(dir: string, work: (db: import('@electric-sql/pglite').PGlite) => Promise<T>, load?: Blob): Promise<T> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dir, load ? { loadDataDir: load } : {});
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

export interface BackupOptions {
  databaseUrl?: string;
  dataDir: string;
  out: string;
  /** PostgreSQL: a base backup for point-in-time recovery instead of a logical one. */
  base?: boolean;
}

/** Writes a backup folder; answers its manifest. */
export async function backup(o: BackupOptions): Promise<Manifest> {
  fs.mkdirSync(o.out, { recursive: true });
  if (fs.readdirSync(o.out).length) throw new Error(`${o.out} is not empty`);
  let manifest: Manifest;
  if (o.databaseUrl) {
    const url = o.databaseUrl;
    manifest = await withPg(url, async (c) => {
      // The figures and the dump read one snapshot: what the manifest states is what the dump holds.
      await c.query('begin isolation level repeatable read read only');
      const snapshot = String((await c.query('select pg_export_snapshot() as s')).rows[0].s);
      const q: Query = async (text) => (await c.query(text)).rows;
      const figures = await figuresOf(q);
      const [m] = await q(FIGURES.migrations);
      if (o.base) run('pg_basebackup', ['-d', url, '-D', path.join(o.out, 'base'), '-Ft', '-z', '-X', 'stream', '-c', 'fast']);
      else run('pg_dump', ['-Fc', '--no-owner', `--snapshot=${snapshot}`, '-f', path.join(o.out, 'database.dump'), url]);
      await c.query('commit');
      return { kind: 'postgres' as const, createdAt: new Date().toISOString(), migrations: Number(m?.n ?? 0), figures };
    });
  } else {
    const pgdata = path.join(o.dataDir, 'pgdata');
    if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`no embedded database in ${pgdata} (set DATA_DIR or DATABASE_URL)`);
    manifest = await withPglite(pgdata, async (db) => {
      const q: Query = async (text) => (await db.query<Record<string, unknown>>(text)).rows;
      const figures = await figuresOf(q);
      const [m] = await q(FIGURES.migrations);
      const tar = await db.dumpDataDir('gzip');
      fs.writeFileSync(path.join(o.out, 'pgdata.tar.gz'), Buffer.from(await tar.arrayBuffer()));
      return { kind: 'pglite' as const, createdAt: new Date().toISOString(), migrations: Number(m?.n ?? 0), figures };
    });
  }
  copyFiles(o.dataDir, o.out);
  fs.writeFileSync(path.join(o.out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

export interface RestoreOptions {
  from: string;
  databaseUrl?: string;
  dataDir: string;
}

/** Restores a backup folder and reads the figures again; answers what differs from the manifest (nothing, when it worked). */
export async function restore(o: RestoreOptions): Promise<string[]> {
  const manifest = JSON.parse(fs.readFileSync(path.join(o.from, 'manifest.json'), 'utf8')) as Manifest;
  let figures: Figures;
  if (manifest.kind === 'postgres') {
    if (!o.databaseUrl) throw new Error('this is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore into');
    const dump = path.join(o.from, 'database.dump');
    if (!fs.existsSync(dump)) throw new Error('a base backup is restored by PostgreSQL itself: see docs/operations.md, "Point-in-time recovery"');
    const url = o.databaseUrl;
    await withPg(url, async (c) => {
      const { rows } = await c.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
      if (rows[0].n > 0) throw new Error('the target database is not empty: restore into a new database, then point DATABASE_URL at it');
    });
    run('pg_restore', ['--no-owner', '--exit-on-error', '-d', url, dump]);
    figures = await withPg(url, (c) => figuresOf(async (text) => (await c.query(text)).rows));
  } else {
    if (o.databaseUrl) throw new Error('this is an embedded-database backup: unset DATABASE_URL and set DATA_DIR');
    const pgdata = path.join(o.dataDir, 'pgdata');
    if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length) throw new Error(`${pgdata} is not empty: restore into a new DATA_DIR`);
    const tar = new Blob([fs.readFileSync(path.join(o.from, 'pgdata.tar.gz'))]);
    figures = await withPglite(pgdata, (db) => figuresOf(async (text) => (await db.query<Record<string, unknown>>(text)).rows), tar);
  }
  copyFiles(o.from, o.dataDir);
  return mismatches(manifest.figures, figures);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const flag = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest.splice(i, 2)[1] : undefined;
  };
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  if (command === 'backup') {
    const base = rest.includes('--base');
    const out = path.resolve(flag('--out') ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const m = await backup({ databaseUrl, dataDir, out, base });
    console.log(`backup written to ${out}: ${m.figures.orders} orders, newest ${m.figures.newestOrder ?? 'none'}`);
    return 0;
  }
  if (command === 'restore' && rest[0]) {
    const problems = await restore({ from: path.resolve(rest[0]), databaseUrl, dataDir });
    for (const p of problems) console.error(`mismatch: ${p}`);
    console.log(problems.length ? `restored with ${problems.length} mismatches` : 'restored; orders, ledger balances and the newest order match the backup');
    return problems.length ? 2 : 0;
  }
  console.error('usage: npm run backup -- [--out DIR] [--base] | npm run restore -- DIR');
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
