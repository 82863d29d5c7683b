import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { uniq } from '../system/admin.testkit.ts';

/** No action is missing from the operation log (security audit, finding 5). */
describe.each(databases)('operation log completeness on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = new Client(s);
    expect((await admin.login()).code).toBe(0);
  });
  afterAll(async () => s?.close());

  const rowsFor = (path: string) =>
    s.database.query<{ code: number | null; params: unknown; duration_ms: number | null }>(
      `select code, params, duration_ms from sys_oper_log where path = $1 order by id`,
      [path],
    );

  it('logs a call whose values the log cannot store as text (NUL bytes, lone surrogates), escaped', async () => {
    const url = sys(`dict?probe=${uniq('nul')}`);
    const res = await admin.json('POST', url, { body: { code: uniq('d'), name: 'x', remark: 'a\u0000b', ['k\u0000ey']: '\ud800' } });
    expect(res.status).toBeLessThan(500);
    const rows = await rowsFor(url);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code).toBe(res.code);
    expect(rows[0]!.duration_ms).not.toBeNull();
    expect(JSON.stringify(rows[0]!.params)).toContain('a\\\\u0000b');
  });

  it('logs a call with an address too long for its column, cut to fit', async () => {
    const url = sys(`dict?probe=${uniq('long')}${'x'.repeat(400)}`);
    const res = await admin.json('POST', url, { body: { code: uniq('d'), name: '长地址' } });
    expect(res.code).toBe(0);
    const [row] = await s.database.query<{ path: string; code: number }>(`select path, code from sys_oper_log where path like $1`, [`${url.slice(0, 60)}%`]);
    expect(row).toMatchObject({ code: 0 });
    expect(row!.path).toHaveLength(300);
  });

  it('an action whose log row cannot be written does not happen', async () => {
    const code = uniq('d');
    await s.database.query('alter table sys_oper_log rename to sys_oper_log_away');
    try {
      const res = await admin.json('POST', sys('dict'), { body: { code, name: '不留痕的字典' } });
      expect(res.code).toBe(Code.INTERNAL);
    } finally {
      await s.database.query('alter table sys_oper_log_away rename to sys_oper_log');
    }
    expect(await s.database.query('select 1 from sys_dict where code = $1', [code])).toHaveLength(0);
    // With the log back, the same call succeeds and is logged with its result.
    const url = sys(`dict?probe=${uniq('ok')}`);
    expect((await admin.json('POST', url, { body: { code, name: '留痕的字典' } })).code).toBe(0);
    expect((await rowsFor(url)).map((r) => r.code)).toEqual([0]);
  });

  it('names the operator of a sign-in that opened a session, and no one for a refused one', async () => {
    const signIns = () =>
      s.database.query<{ user_name: string | null; code: number | null }>(
        `select user_name, code from sys_oper_log where path like '%/auth/login' order by id`,
      );
    const before = (await signIns()).length;
    const wrong = new Client(s);
    expect((await wrong.login('admin', 'not-the-password')).code).toBe(Code.BAD_CREDENTIALS);
    const right = new Client(s);
    expect((await right.login()).code).toBe(0);
    const rows = (await signIns()).slice(before);
    expect(rows).toEqual([
      { user_name: null, code: Code.BAD_CREDENTIALS },
      { user_name: '系统管理员', code: Code.OK },
    ]);
  });

  it('logs calls refused before they run (no session, no permission)', async () => {
    const url = sys(`dict?probe=${uniq('anon')}`);
    const anon = new Client(s);
    expect((await anon.json('POST', url, { body: { code: uniq('d'), name: 'x' } })).status).toBe(401);
    expect((await rowsFor(url)).map((r) => r.code)).toEqual([Code.SESSION_EXPIRED]);
  });
});
