import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { Code } from '@venue/contract';
import { Client, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { adminClient, makeOrg, makeRole, makeUser, menuIdsByKey, readXlsx, signIn, uniq, upload, xlsxOf } from './admin.testkit.ts';

const HEADER = ['登录名', '姓名', '手机号', '状态', '性别', '证件类型', '证件号码', '组织编码'];

function rowsFor(prefix: string, n: number, orgCode: string, base = 0): (string | null)[][] {
  const out: (string | null)[][] = [];
  for (let i = 0; i < n; i++) {
    out.push([
      `${prefix}${i}`,
      `导入用户${i}`,
      `15${String(100000000 + base + i).slice(-9)}`,
      i % 10 === 0 ? '冻结' : '正常',
      i % 2 ? '男' : '女',
      i === 7 ? '身份证' : null,
      i === 7 ? '110105199003071234' : null,
      orgCode,
    ]);
  }
  return out;
}

describe.each(databases)('user import and export on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { UPLOAD_LIMIT_BYTES: '300000' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('rejects 1,000 users with 3 bad rows, reporting exactly those rows and saving none; the fixed file imports', async () => {
    const org = await makeOrg(admin, platformId);
    const prefix = uniq('imp');
    const rows = rowsFor(prefix, 1000, org.code);
    rows[100]![1] = null; // no name
    rows[500]![2] = '12345'; // not a mobile number
    rows[900]![3] = '休眠'; // no such status
    const res = await upload(admin, sys('user/import'), 'users.xlsx', await xlsxOf(HEADER, rows));
    const body = res.json();
    expect(body.code).toBe(Code.INVALID);
    expect(body.msg).toBe('导入失败：3 行数据有误，未保存任何数据');
    expect(body.detail.total).toBe(1000);
    expect(body.detail.errors).toEqual([
      { row: 102, field: 'name', message: '不能为空' },
      { row: 502, field: 'mobile', message: '格式不正确' },
      { row: 902, field: 'status', message: '格式不正确' },
    ]);
    expect((await admin.json('POST', sys('user/list'), { body: { code: prefix } })).body.total).toBe(0);

    rows[100]![1] = '补上姓名';
    rows[500]![2] = '15999999999';
    rows[900]![3] = '注销';
    const ok = (await upload(admin, sys('user/import'), 'users.xlsx', await xlsxOf(HEADER, rows))).json();
    expect(ok.code).toBe(Code.OK_NOTICE);
    expect(ok.body).toEqual({ total: 1000, created: 1000, updated: 0 });
    expect(ok.msg).toBe('导入成功：新增 1000 个，更新 0 个。新用户还没有可用的密码：请为其重置密码，或由本人通过短信验证码登录、找回密码设置');
    const list = await admin.json('POST', sys('user/list'), { body: { code: prefix, orgId: org.id, pageSize: 1 } });
    expect(list.body.total).toBe(1000);
    const seven = await admin.json('POST', sys('user/list'), { body: { code: `${prefix}7`, pageSize: 20, sortField: 'code', sortOrder: 'ascend' } });
    const u7 = seven.body.data.find((u: { code: string }) => u.code === `${prefix}7`);
    expect(u7).toMatchObject({ name: '导入用户7', orgId: org.id, sex: 1, birthday: '1990-03-07', idType: '1', status: 0, mustChangePassword: true });
    expect((await admin.json('POST', sys('user/list'), { body: { code: prefix, status: 1 } })).body.total).toBe(99);
    const cancelled = await admin.json('POST', sys('user/list'), { body: { code: `${prefix}900` } });
    expect(cancelled.body.data[0]).toMatchObject({ status: 2, cancelDate: expect.stringMatching(/^\d{4}-/) });
    // No published password opens an imported account: an administrator gives one by reset.
    expect((await new Client(s).login(`${prefix}1`, 'Venue@2020')).code).toBe(Code.BAD_CREDENTIALS);
    const u1 = (await admin.json('POST', sys('user/list'), { body: { code: `${prefix}1`, pageSize: 1, sortField: 'code', sortOrder: 'ascend' } })).body.data[0];
    expect((await admin.json('PUT', sys('user/resetPwd'), { body: { userId: u1.id, password: 'Fresh123', confirmPassword: 'Fresh123' } })).code).toBe(0);
    expect((await new Client(s).login(`${prefix}1`, 'Fresh123')).code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
  });

  it('exports the list filters to xlsx and imports the file again (round trip)', async () => {
    const org = await makeOrg(admin, platformId);
    const prefix = uniq('rt');
    const made = (await upload(admin, sys('user/import'), 'users.xlsx', await xlsxOf(HEADER, rowsFor(prefix, 30, org.code, 5000)))).json();
    expect(made.code, `${made.msg} ${JSON.stringify(made.detail)}`).toBe(Code.OK_NOTICE);
    expect(made.body.created).toBe(30);
    const res = await admin.call('POST', sys('user/export'), { body: { code: prefix, sortField: 'code', sortOrder: 'ascend' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename=.*\.xlsx/);
    const data = res.rawPayload;
    expect(data.subarray(0, 2).toString()).toBe('PK');
    const sheet = await readXlsx(data);
    expect(sheet).toHaveLength(31);
    expect(sheet[0]!.slice(0, 4)).toEqual(['登录名', '姓名', '用户编号', '组织编码']);
    const codeCol = sheet[0]!.indexOf('登录名');
    const statusCol = sheet[0]!.indexOf('状态');
    expect(sheet[1]![codeCol]).toBe(`${prefix}0`);
    expect(sheet[1]![statusCol]).toBe('冻结');
    // Re-importing the exported file changes nothing.
    const again = (await upload(admin, sys('user/import'), 'export.xlsx', data)).json();
    expect(again.code, `${again.msg} ${JSON.stringify(again.detail)}`).toBe(Code.OK_NOTICE);
    expect(again.body).toEqual({ total: 30, created: 0, updated: 0 });
    // An edited cell updates that user only.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    wb.worksheets[0]!.getRow(3).getCell(sheet[0]!.indexOf('姓名') + 1).value = '改过的名字';
    const edited = (await upload(admin, sys('user/import'), 'export.xlsx', Buffer.from(await wb.xlsx.writeBuffer()))).json();
    expect(edited.body).toEqual({ total: 30, created: 0, updated: 1 });
    const u1 = await admin.json('POST', sys('user/list'), { body: { code: `${prefix}1`, sortField: 'code', sortOrder: 'ascend' } });
    expect(u1.body.data[0]).toMatchObject({ code: `${prefix}1`, name: '改过的名字', version: 2 });
    // An English export imports as well.
    const en = await admin.call('POST', sys('user/export'), { body: { code: prefix }, lang: 'en-US' });
    const enSheet = await readXlsx(en.rawPayload);
    expect(enSheet[0]![0]).toBe('Login name');
    expect(enSheet.slice(1).some((r) => r.includes('Frozen'))).toBe(true);
    expect((await upload(admin, sys('user/import'), 'users.xlsx', en.rawPayload)).json().body).toEqual({ total: 30, created: 0, updated: 0 });
  });

  it('imports tab- and comma-separated UTF-8 text, with or without a BOM', async () => {
    const org = await makeOrg(admin, platformId);
    const p = uniq('txt');
    const tab = `code\tname\tmobile\torgCode\n${p}a\t文本甲\t15811110001\t${org.code}\n${p}b\t文本乙\t\t${org.code}\n`;
    const r1 = (await upload(admin, sys('user/import'), 'users.txt', Buffer.from(tab))).json();
    expect(r1.body).toEqual({ total: 2, created: 2, updated: 0 });
    const csv = `\ufeff登录名,姓名,备注,组织编码\r\n${p}c,"逗号, 用户","说 ""引号""",${org.code}\r\n`;
    const r2 = (await upload(admin, sys('user/import'), 'users.txt', Buffer.from(csv))).json();
    expect(r2.body).toEqual({ total: 1, created: 1, updated: 0 });
    const c = await admin.json('POST', sys('user/list'), { body: { code: `${p}c` } });
    expect(c.body.data[0]).toMatchObject({ name: '逗号, 用户', remark: '说 "引号"' });
  });

  it('checks type by extension and content, size, columns and duplicates inside the file', async () => {
    const xlsx = await xlsxOf(HEADER, [['x1', '甲', null, null, null, null, null, null]]);
    const csv = (await upload(admin, sys('user/import'), 'users.csv', Buffer.from('code,name\na,b\n'))).json();
    expect(csv.code).toBe(Code.INVALID);
    expect(csv.msg).toBe('只能导入 xlsx 或 txt 格式的文件');
    const fake = (await upload(admin, sys('user/import'), 'users.xlsx', Buffer.from('code\tname\n'), { lang: 'en-US' })).json();
    expect(fake.msg).toBe('File type mismatch: the content is not a valid xlsx file');
    const zipAsTxt = (await upload(admin, sys('user/import'), 'users.txt', xlsx)).json();
    expect(zipAsTxt.msg).toBe('文件类型不匹配：文件内容不是有效的 txt 文件');
    const binary = (await upload(admin, sys('user/import'), 'users.txt', Buffer.from([0x63, 0x00, 0xff, 0xfe]))).json();
    expect(binary.msg).toContain('文件类型不匹配');
    const big = (await upload(admin, sys('user/import'), 'users.txt', Buffer.alloc(400_000, 'a'))).json();
    expect(big.code).toBe(Code.INVALID);
    expect(big.msg).toBe('文件大小不能超过 293K');
    const noFile = (await upload(admin, sys('user/import'), 'users.xlsx', xlsx, { field: 'other' })).json();
    expect(noFile.msg).toBe('请选择要导入的文件');
    const noJson = await admin.json('POST', sys('user/import'), { body: {} });
    expect(noJson.code).toBe(Code.INVALID);
    const missing = (await upload(admin, sys('user/import'), 'users.txt', Buffer.from('code,mobile\nabc,15800000000\n'))).json();
    expect(missing.detail.errors).toEqual([{ row: 1, field: 'name', message: '缺少列“姓名”' }]);
    const empty = (await upload(admin, sys('user/import'), 'users.txt', Buffer.from('code,name\n'))).json();
    expect(empty.msg).toBe('文件中没有数据');
    const p = uniq('dup');
    const dup = (
      await upload(
        admin,
        sys('user/import'),
        'users.txt',
        Buffer.from(`code,name,mobile\n${p},a,15800000001\n${p.toUpperCase()},b,15800000002\nz${p},c,15800000001\n`),
      )
    ).json();
    const markup = (await upload(admin, sys('user/import'), 'users.txt', Buffer.from(`code,name\n${p}x,<script>alert(1)</script>\n`))).json();
    expect(markup.detail.errors).toEqual([{ row: 2, field: 'name', message: '请输入有效字符' }]);
    expect(dup.detail.errors).toEqual([
      { row: 3, field: 'code', message: '与第 2 行重复' },
      { row: 4, field: 'mobile', message: '与第 2 行重复' },
    ]);
  });

  it("reports organisation codes and login names outside the caller's organisation", async () => {
    const venue = await makeOrg(admin, platformId);
    const other = await makeOrg(admin, platformId);
    const stranger = await makeUser(admin, other.id, { mobile: '15700000009' });
    const role = await makeRole(admin, venue.id);
    const m = await menuIdsByKey(s, ['system.user', 'system.user.import']);
    await admin.json('PUT', sys(`role/${role.id}/menus`), { body: { menuIds: Object.values(m) } });
    const mgr = await makeUser(admin, venue.id, { roleIds: [role.id] });
    const c = await signIn(s, mgr.code, 'Pass1234');
    const p = uniq('scope');
    const text = `code,name,orgCode,mobile\n${p}1,a,${other.code},\n${stranger.code},b,,\n${p}3,c,,15700000009\n${p}4,d,,\n`;
    const res = (await upload(c, sys('user/import'), 'users.txt', Buffer.from(text))).json();
    expect(res.detail.errors).toEqual([
      { row: 2, field: 'orgCode', message: '组织编码不存在或无权访问' },
      { row: 3, field: 'code', message: '登录名已被其他组织的用户使用' },
      { row: 4, field: 'mobile', message: '手机号已被其他用户使用' },
    ]);
    const ok = (await upload(c, sys('user/import'), 'users.txt', Buffer.from(`code,name\n${p}4,d\n`))).json();
    expect(ok.body.created).toBe(1);
    // Created in the caller's organisation.
    expect((await c.json('POST', sys('user/list'), { body: { code: `${p}4` } })).body.data[0].orgId).toBe(venue.id);
    // Export needs its own permission.
    expect((await c.json('POST', sys('user/export'), { body: {} })).code).toBe(Code.FORBIDDEN);
  });

  it("downloads the import template in the caller's language", async () => {
    const res = await admin.call('GET', sys('user/import/template'));
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('.xlsx');
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet[0]!.slice(0, 3)).toEqual(['*登录名', '*姓名', '用户编号']);
    expect(sheet[0]).not.toContain('创建时间');
    expect(sheet).toHaveLength(2);
    const en = await readXlsx((await admin.call('GET', sys('user/import/template'), { lang: 'en-US' })).rawPayload);
    expect(en[0]![0]).toBe('*Login name');
    // The template with its example row imports as is.
    const p = uniq('tpl');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const row = wb.worksheets[0]!.getRow(2);
    row.getCell(1).value = p;
    row.getCell(5).value = '15612345678';
    const imported = (await upload(admin, sys('user/import'), 'tpl.xlsx', Buffer.from(await wb.xlsx.writeBuffer()))).json();
    expect(imported.code, JSON.stringify(imported.detail)).toBe(Code.OK_NOTICE);
    const u = await admin.json('POST', sys('user/list'), { body: { code: p } });
    expect(u.body.data[0]).toMatchObject({ name: '张三', sex: 2, birthday: '1949-12-31' });
  });
});
