import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { Code, EXPORT_HEADERS } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { grantMenus } from '../../../test/grants.ts';
import { seedDemo } from '../system/index.ts';
import { EXPORT_BATCH_ROWS } from '../../platform/xlsx.ts';
import { purgeLogs } from './log.service.ts';

async function sheetRows(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

describe.each(databases)('login and operation logs on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let mgr: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    admin = new Client(s);
    await admin.login();
    await grantMenus(admin, 'venue_manager', ['monitor.loginLog', 'monitor.operLog']);
    const c = new Client(s);
    await c.login('manager', 'wrong-password');
    await c.login('nobody-at-all', 'x');
    mgr = new Client(s);
    await mgr.login('manager', 'Demo@2020');
  });
  afterAll(async () => s?.close());

  it('searches the login log by name, result, code and time, scoped to the organisation', async () => {
    const all = await admin.json('POST', sys('loginLog/list'), { body: {} });
    expect(all.code).toBe(0);
    expect(all.body.total).toBe(4);
    expect(all.body.data[0]).toMatchObject({ loginName: 'manager', success: true, code: 0, loginWay: 'password', orgName: '示范体育中心', ip: '127.0.0.1' });
    const failed = await admin.json('POST', sys('loginLog/list'), { body: { success: false } });
    expect(failed.body.data.map((r: { loginName: string }) => r.loginName).sort()).toEqual(['manager', 'nobody-at-all']);
    expect((await admin.json('POST', sys('loginLog/list'), { body: { code: Code.BAD_CREDENTIALS, loginName: 'MANAG' } })).body.total).toBe(1);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await admin.json('POST', sys('loginLog/list'), { body: { beginTime: future } })).body.total).toBe(0);
    expect((await admin.json('POST', sys('loginLog/list'), { body: { beginTime: Date.now() - 3600_000, endTime: future } })).body.total).toBe(4);
    const backwards = await admin.json('POST', sys('loginLog/list'), { body: { beginTime: future, endTime: new Date().toISOString() } });
    expect(backwards.detail).toEqual([{ field: 'endTime', message: '结束时间不能早于开始时间' }]);

    // The venue sees its own account's sign-ins, failed ones included, and nothing else.
    const mine = await mgr.json('POST', sys('loginLog/list'), { body: {} });
    expect(mine.body.data.map((r: { loginName: string; success: boolean }) => [r.loginName, r.success])).toEqual([
      ['manager', true],
      ['manager', false],
    ]);
    const adminRow = all.body.data.find((r: { loginName: string }) => r.loginName === 'admin');
    expect((await mgr.json('GET', sys(`loginLog/${adminRow.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await admin.json('GET', sys(`loginLog/${adminRow.id}`))).body).toMatchObject({ loginName: 'admin', success: true });
  });

  it('exports the login log as xlsx with headers in the request language', async () => {
    const res = await admin.call('POST', sys('loginLog/export'), { body: { success: false } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/登录日志_\d{14}\.xlsx/);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['编号', '登录名', '组织']);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).every((r) => r[5] === '失败')).toBe(true);
    const en = await admin.call('POST', sys('loginLog/export'), { body: {}, lang: 'en-US' });
    expect((await sheetRows(en.rawPayload))[0]![1]).toBe('Login name');
    const scoped = await sheetRows((await mgr.call('POST', sys('loginLog/export'), { body: {} })).rawPayload);
    expect(scoped.slice(1).map((r) => r[1])).toEqual(['manager', 'manager']);
    expect((await new Client(s).json('POST', sys('loginLog/export'), { body: {} })).status).toBe(401);
  });

  it('searches the operation log by user, module, result and time; detail shows redacted parameters', async () => {
    await admin.json('POST', sys('config/'), { body: { code: 'log.test', name: '日志测试', value: '1' } });
    await mgr.json('PUT', sys('user/password'), { body: { oldPassword: 'not-mine', newPassword: 'Secret@123', confirmPassword: 'Secret@123' } });
    const cfg = await admin.json('POST', sys('operLog/list'), { body: { module: 'config' } });
    expect(cfg.body.data[0]).toMatchObject({
      userName: '系统管理员',
      module: 'config',
      action: 'add',
      method: 'POST',
      path: '/api/system/config/',
      code: 0,
      orgName: '平台运营中心',
    });
    expect(cfg.body.data[0].params).toBeUndefined();
    const failures = await admin.json('POST', sys('operLog/list'), { body: { success: false } });
    const pw = failures.body.data.find((r: { action: string }) => r.action === 'changeOwnPassword');
    expect(pw).toMatchObject({ userName: '王经理', code: Code.FORM_INVALID });
    const detail = await admin.json('GET', sys(`operLog/${pw.id}`));
    expect(detail.body.params).toEqual({ oldPassword: '******', newPassword: '******', confirmPassword: '******' });
    expect((await admin.json('POST', sys('operLog/list'), { body: { userName: '经理', code: Code.FORM_INVALID } })).body.total).toBe(1);
    expect((await admin.json('POST', sys('operLog/list'), { body: { endTime: new Date(Date.now() - 3600_000).toISOString() } })).body.total).toBe(0);
    // List calls are reads: they leave no rows.
    expect((await admin.json('POST', sys('operLog/list'), { body: { action: 'list' } })).body.total).toBe(0);

    const mine = await mgr.json('POST', sys('operLog/list'), { body: {} });
    expect(mine.body.data.every((r: { orgName: string }) => r.orgName === '示范体育中心')).toBe(true);
    expect((await mgr.json('GET', sys(`operLog/${cfg.body.data[0].id}`))).code).toBe(Code.NOT_FOUND);

    const res = await admin.call('POST', sys('operLog/export'), { body: { module: 'config' }, lang: 'en-US' });
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toContain('Parameters');
    expect(rows[1]).toContain('/api/system/config/');
  });

  it('exports more operations than one batch complete and in order, however many share a time', async () => {
    // Two and a half batches at one instant: only the id orders them, so a page that skipped or repeated a row would show.
    const n = EXPORT_BATCH_ROWS * 2 + 500;
    await s.database.db.execute(sql`insert into sys_oper_log (module, action, method, path, code, created_at)
      select 'bulk', 'run', 'POST', '/bulk/' || g, 0, '2030-01-01T00:00:00Z' from generate_series(1, ${n}) g`);
    const res = await admin.call('POST', sys('operLog/export'), { body: { module: 'bulk' } });
    expect(res.headers[EXPORT_HEADERS.totalRows]).toBe(String(n));
    const [head, ...rows] = await sheetRows(res.rawPayload);
    const path = head!.indexOf('请求地址');
    // Newest first, ties by id, newest first: the last inserted row leads.
    expect(rows.map((r) => r[path])).toEqual(Array.from({ length: n }, (_, i) => `/bulk/${n - i}`));
  });

  it('cleans logs (platform only) and purges past the retention parameter', async () => {
    expect((await mgr.json('DELETE', sys('loginLog/clean'))).code).toBe(Code.FORBIDDEN);
    const db = s.database.db;
    await db.execute(sql`update sys_login_log set created_at = now() - interval '40 days' where login_name = 'nobody-at-all'`);
    await db.execute(sql`update sys_oper_log set created_at = now() - interval '40 days' where module = 'config'`);
    // The shipped 180 days keeps them.
    expect(await purgeLogs(db)).toEqual({ retentionDays: 180, loginLog: 0, operLog: 0 });
    await db.execute(sql`update sys_config set value = '30' where code = 'log.retentionDays'`);
    await admin.json('DELETE', sys('config/clearCache'));
    expect(await purgeLogs(db)).toEqual({ retentionDays: 30, loginLog: 1, operLog: 1 });
    await db.execute(sql`update sys_config set value = '0' where code = 'log.retentionDays'`);
    await admin.json('DELETE', sys('config/clearCache'));
    await db.execute(sql`update sys_login_log set created_at = now() - interval '4000 days' where login_name = 'admin'`);
    expect(await purgeLogs(db)).toEqual({ retentionDays: 0, loginLog: 0, operLog: 0 });

    const before = new Date(Date.now() - 86400_000).toISOString();
    const cleaned = await admin.json('DELETE', sys('loginLog/clean'), { query: { before } });
    expect(cleaned.body).toEqual({ deleted: 1 });
    const all = await admin.json('DELETE', sys('operLog/clean'));
    expect(all.body.deleted).toBeGreaterThan(0);
    // The clean itself is recorded.
    const left = await admin.json('POST', sys('operLog/list'), { body: {} });
    expect(left.body.data.map((r: { action: string }) => r.action)).toEqual(['clean']);
  });
});
