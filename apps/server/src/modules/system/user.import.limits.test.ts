import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@venue/contract';
import { databases, startServer, sys, type Client, type TestServer } from '../../../test/harness.ts';
import { XLSX_MAX_UNZIPPED, withImportSlot } from '../../platform/xlsx.ts';
import { bombXlsx, manyRowsXlsx } from '../../platform/xlsx.testkit.ts';
import { adminClient, uniq, upload, xlsxOf } from './admin.testkit.ts';

/** Imports cannot exhaust the server's memory (audit finding 6), as an operator sees it. */
describe.each(databases)('import limits on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let adminId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin } = await adminClient(s));
    const res = (await s.database.db.execute(sql`select id from sys_user where code = 'admin'`)) as unknown as { rows: { id: number }[] };
    adminId = Number(res.rows[0]!.id);
  });
  afterAll(async () => s?.close());

  const header = ['登录名', '姓名'];

  it('a small file of 200,000 rows answers the row cap; a zip bomb answers the unpacked-size bound', async () => {
    const many = (await upload(admin, sys('user/import'), 'users.xlsx', await manyRowsXlsx(200_000, header))).json();
    expect(many.code).toBe(Code.INVALID);
    expect(many.msg).toBe('一次最多导入 50000 行');
    const bomb = (await upload(admin, sys('user/import'), 'users.xlsx', await bombXlsx(XLSX_MAX_UNZIPPED + 8 * 1024 * 1024), { lang: 'en-US' })).json();
    expect(bomb.code).toBe(Code.INVALID);
    expect(bomb.msg).toBe('The file unpacks to more than 128M; split it into several files');
  });

  it('a second import by the same user while one runs answers 100429; the slot is free again afterwards', async () => {
    const code = uniq('lim');
    const file = await xlsxOf(header, [[code, '限流用户']]);
    let release!: () => void;
    // An import of this user in progress (held open by the test).
    const running = withImportSlot(adminId, () => new Promise<void>((r) => (release = r)));
    try {
      const zh = (await upload(admin, sys('user/import'), 'users.xlsx', file)).json();
      expect(zh.code).toBe(Code.TOO_MANY);
      expect(zh.msg).toBe('您的上一次导入还在进行，请等它完成后再试');
      const en = (await upload(admin, sys('user/import'), 'users.xlsx', file, { lang: 'en-US' })).json();
      expect(en.msg).toBe('Your previous import is still running; try again when it has finished');
      // Nothing of the refused file was saved.
      expect((await admin.json('POST', sys('user/list'), { body: { code } })).body.total).toBe(0);
    } finally {
      release();
      await running;
    }
    // Two other users' imports fill the process: anyone else waits too.
    const gates: (() => void)[] = [];
    const others = [adminId + 100_000, adminId + 100_001].map((u) => withImportSlot(u, () => new Promise<void>((r) => gates.push(r))));
    try {
      const busy = (await upload(admin, sys('user/import'), 'users.xlsx', file)).json();
      expect(busy.code).toBe(Code.TOO_MANY);
      expect(busy.msg).toBe('正在进行的导入较多，请稍后再试');
    } finally {
      for (const open of gates) open();
      await Promise.all(others);
    }
    const ok = (await upload(admin, sys('user/import'), 'users.xlsx', file)).json();
    expect(ok.code, `${ok.msg} ${JSON.stringify(ok.detail)}`).toBe(Code.OK_NOTICE);
    expect(ok.body).toMatchObject({ total: 1, created: 1 });
  });
});
