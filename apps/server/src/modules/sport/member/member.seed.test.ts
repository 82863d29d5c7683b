import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { sport } from '../commerce/commerce.testkit.ts';
import { seedMemberDemo } from './member.seed.ts';
import { memberApi } from './member.testkit.ts';

describe.each(databases)('member demo data on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedMemberDemo(s.database.db); // once per database
    admin = new Client(s);
    expect((await admin.login()).code).toBe(0);
  });
  afterAll(async () => s?.close());

  it('the demo centre has tagged members with id cards, a company with two entrants, a black and a white list, a referral chain and a pending identity check', async () => {
    const all = (await admin.json('POST', memberApi('list'), { body: { pageSize: 100 } })).body;
    expect(all.total).toBe(14);
    const byName = Object.fromEntries(all.data.map((m: { name: string }) => [m.name, m]));
    expect(byName['赵磊']).toMatchObject({ tags: ['羽毛球', '周末常客'], idType: '1', birthday: '1990-03-07', sex: 1 });
    const company = byName['星辰科技有限公司'];
    expect(company).toMatchObject({ kind: 'corporate', contactName: '刘经理' });
    const entrants = await admin.json('POST', memberApi(`${company.id}/entrants/list`), { body: {} });
    expect(entrants.body.data.map((m: { name: string }) => m.name).sort()).toEqual(['刘洋', '黄婷'].sort());
    expect(byName['吴刚'].blackListed).toBe(true);
    expect(byName['郑华'].whiteListed).toBe(true);
    const spread = (await admin.json('POST', memberApi('spread/list'), { body: {} })).body.data.map((r: { name: string; referredCount: number }) => [
      r.name,
      r.referredCount,
    ]);
    expect(spread).toEqual([
      ['孙悦', 2],
      ['张晓明', 1],
    ]);
    expect(
      (await admin.json('POST', memberApi('identity/list'), { body: { state: 'pending' } })).body.data.map((r: { realName: string }) => r.realName),
    ).toEqual(['钱多多']);
    // The black-listed member cannot buy.
    const refused = await admin.json('POST', sport('order'), {
      body: { orgId: byName['吴刚'].orgId, type: 'general', memberId: byName['吴刚'].id, items: [{ kind: 'general', name: '饮料', unitPriceFen: 500 }] },
    });
    expect(refused.code).toBe(Code.CONFLICT);
  });
});
