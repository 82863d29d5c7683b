import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient, readXlsx, upload, xlsxOf } from '../../system/admin.testkit.ts';
import { addMember, memberApi, memberStaff } from './member.testkit.ts';

const HEADER = ['姓名', '手机号', '性别', '证件类型', '证件号码', '标签', '注册日期'];

/** `n` rows with distinct phones starting at `base`. */
function rows(n: number, base: number): (string | null)[][] {
  return Array.from({ length: n }, (_, i) => [
    `导入会员${i + 1}`,
    `1${String(base + i).padStart(10, '0')}`,
    i % 2 ? '男' : '女',
    null,
    null,
    i % 3 ? '羽毛球,周末' : null,
    '2026-05-01',
  ]);
}

describe.each(databases)('member import on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  // PostgreSQL takes the full 10,000 rows; PGlite, 2,000 to keep the suite fast.
  const N = kind === 'postgres' ? 10_000 : 2_000;

  it(
    `a file of ${N} rows with errors is refused row by row (bad data, duplicate phones in the file, phones taken) and saves nothing; the corrected file imports`,
    { timeout: 180_000 },
    async () => {
      const { c } = await memberStaff(s, admin, platformId);
      const taken = await addMember(c, { name: '老会员', phone: '13800000007' });
      const data = rows(N, 3_800_001_000);
      data[9] = ['错证件', '13811112222', null, '身份证', '110105194912310021', null, null]; // row 11: bad check digit
      data[19] = [...data[19]!.slice(0, 1), data[4]![1]!, ...data[19]!.slice(2)]; // row 21: the phone of row 6
      data[29] = ['重名手机', taken.phone, null, null, null, null, null]; // row 31: a member's phone already
      data[39] = ['坏手机', '12345', null, null, null, null, null]; // row 41: not a phone
      const refused = (await upload(c, memberApi('import'), 'members.xlsx', await xlsxOf(HEADER, data))).json();
      expect(refused.code).toBe(Code.INVALID);
      expect(refused.detail.total).toBe(N);
      const byRow = Object.fromEntries(refused.detail.errors.map((e: { row: number; field: string; message: string }) => [e.row, `${e.field}: ${e.message}`]));
      expect(byRow).toEqual({
        11: expect.stringMatching(/^idNo: .*校验位/),
        21: 'phone: 与第 6 行重复',
        31: expect.stringMatching(/^phone: 手机号已被本机构的会员使用/),
        41: expect.stringMatching(/^phone: /),
      });
      expect((await c.json('POST', memberApi('list'), { body: { source: 'import' } })).body.total).toBe(0);

      // Corrected: every row goes in, with birthday and sex from the id card.
      data[9] = ['正确证件', '13811112222', null, '身份证', '11010519491231002X', null, null];
      data[19] = [...data[19]!.slice(0, 1), '13811113333', ...data[19]!.slice(2)];
      data[29] = ['换了手机', '13811114444', null, null, null, null, null];
      data[39] = ['好手机', '13811115555', null, null, null, null, null];
      const started = Date.now();
      const done = (await upload(c, memberApi('import'), 'members.xlsx', await xlsxOf(HEADER, data))).json();
      expect(done.code, `${done.msg} ${JSON.stringify(done.detail)?.slice(0, 300)}`).toBe(Code.OK_NOTICE);
      expect(done.body).toEqual({ total: N, created: N, updated: 0 });
      console.log(`${kind}: ${N} members imported in ${Date.now() - started} ms`);
      expect((await c.json('POST', memberApi('list'), { body: { source: 'import' } })).body.total).toBe(N);
      const card = (await c.json('POST', memberApi('list'), { body: { keyword: '正确证件' } })).body.data[0];
      expect(card).toMatchObject({ birthday: '1949-12-31', sex: 2, idType: '1', registerDate: expect.any(String) });
      expect((await c.json('POST', memberApi('list'), { body: { tag: '周末', pageSize: 1 } })).body.total).toBeGreaterThan(N / 2);
      // The same file again: every phone is taken now.
      const again = (await upload(c, memberApi('import'), 'members.xlsx', await xlsxOf(HEADER, data.slice(0, 5)))).json();
      expect(again.detail.errors).toHaveLength(5);
    },
  );

  it('the template downloads with the columns an import reads', async () => {
    const { c } = await memberStaff(s, admin, platformId);
    const res = await c.call('GET', memberApi('import/template'));
    expect(res.statusCode).toBe(200);
    const [header] = await readXlsx(res.rawPayload);
    expect(header).toEqual(expect.arrayContaining(['*姓名', '*手机号', '证件号码', '标签']));
    expect(header).not.toContain('创建时间');
  });
});
