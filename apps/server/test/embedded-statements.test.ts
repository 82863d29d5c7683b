import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db.ts';
import { KEPT_STATEMENTS } from '../src/platform/embedded-connection.ts';

/**
 * On the embedded database every statement with parameters is a named prepared statement, named
 * by its text (platform/embedded-connection.ts): parsed once, and never more of them kept than
 * `KEPT_STATEMENTS`.
 */
let dir: string;
let database: Database;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-statements-'));
  database = await openDatabase({ dataDir: dir });
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const kept = async (like: string) =>
  Number(
    (await database.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name like 'auto\\_%' and statement like $1`, [like]))[0]!
      .n,
  );

it('prepares a text once, whatever its values, through Drizzle or the plain query', async () => {
  for (const v of [1, 2, 3]) {
    const res = (await database.db.execute(sql`select ${v}::int + 40 as answer /* drizzle-once */`)) as unknown as { rows: { answer: number }[] };
    expect(res.rows[0]!.answer).toBe(v + 40);
  }
  for (const v of ['a', 'b']) expect((await database.query<{ s: string }>(`select $1::text || '!' as s /* plain-once */`, [v]))[0]!.s).toBe(`${v}!`);
  expect(await kept('%drizzle-once%')).toBe(1);
  expect(await kept('%plain-once%')).toBe(1);
});

it(`keeps at most ${KEPT_STATEMENTS} statements, and a text pushed out answers again when it comes back`, async () => {
  const first = `select $1::int * 2 as twice /* first */`;
  expect((await database.query<{ twice: number }>(first, [21]))[0]!.twice).toBe(42);
  for (let i = 0; i < KEPT_STATEMENTS + 50; i++) {
    const [row] = await database.query<{ n: number }>(`select $1::int + ${i} as n /* many */`, [1]);
    expect(row!.n).toBe(1 + i);
  }
  expect(await kept('%')).toBeLessThanOrEqual(KEPT_STATEMENTS);
  expect(await kept('%/* first */%')).toBe(0);
  expect((await database.query<{ twice: number }>(first, [5]))[0]!.twice).toBe(10);
  expect(await kept('%/* first */%')).toBe(1);
});

it('answers a text that does not parse with its error every time, and goes on', async () => {
  const broken = `select $1::int frm nowhere /* broken */`;
  for (let i = 0; i < 2; i++) await expect(database.query(broken, [1])).rejects.toThrow(/syntax error/);
  expect((await database.query<{ n: number }>(`select $1::int as n`, [7]))[0]!.n).toBe(7);
});

it('keeps a statement prepared in a transaction that rolls back', async () => {
  await expect(
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int as one /* in-rollback */`);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  const res = (await database.db.execute(sql`select ${1}::int as one /* in-rollback */`)) as unknown as { rows: { one: number }[] };
  expect(res.rows[0]!.one).toBe(1);
  expect(await kept('%in-rollback%')).toBe(1);
});

it('starts with 32 MB of shared buffers, not PostgreSQL’s 128 MB (PGlite zeroes them at every start: seconds)', async () => {
  expect((await database.query<{ shared_buffers: string }>('show shared_buffers'))[0]!.shared_buffers).toBe('32MB');
});
