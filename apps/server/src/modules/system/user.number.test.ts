import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, sys, type Client, type TestServer } from '../../../test/harness.ts';
import { adminClient, upload, xlsxOf } from './admin.testkit.ts';

/** Every new user gets a user number by one rule, from the dialog or an import (issue 9). */
describe.each(databases)('user numbers on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  const noOf = async (code: string) => (await s.database.query<{ no: string | null }>(`select no from sys_user where code = '${code}'`))[0]?.no;

  it('numbers new users U0001, U0002 … after the highest number so far; a number given is kept', async () => {
    const first = await admin.json('POST', sys('user'), { body: { code: 'num_a', name: '编号甲' } });
    expect(first.code).toBe(0);
    const start = Number(/^U(\d{4,})$/.exec(first.body.no)![1]);
    const second = await admin.json('POST', sys('user'), { body: { code: 'num_b', name: '编号乙' } });
    expect(second.body.no).toBe(`U${String(start + 1).padStart(4, '0')}`);
    const given = await admin.json('POST', sys('user'), { body: { code: 'num_c', name: '编号丙', no: 'EXT-7' } });
    expect(given.body.no).toBe('EXT-7');

    // An import numbers its new rows by the same rule, in file order.
    const file = await xlsxOf(
      ['登录名', '姓名'],
      [
        ['num_d', '编号丁'],
        ['num_e', '编号戊'],
      ],
    );
    const res = (await upload(admin, sys('user/import'), 'users.xlsx', file)).json();
    expect([0, 103005]).toContain(res.code);
    expect([await noOf('num_d'), await noOf('num_e')]).toEqual([`U${String(start + 2).padStart(4, '0')}`, `U${String(start + 3).padStart(4, '0')}`]);
  });

  it('never gives two users created at once the same number', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => admin.json('POST', sys('user'), { body: { code: `num_par_${i}`, name: `并发${i}` } })));
    expect(made.every((m) => m.code === 0)).toBe(true);
    const numbers = made.map((m) => m.body.no as string);
    expect(new Set(numbers).size).toBe(6);
    for (const n of numbers) expect(n).toMatch(/^U\d{4,}$/);
  });
});
