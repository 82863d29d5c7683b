import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedVenueDemo } from '../booking/index.ts';
import { seedMemberDemo } from '../member/index.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { seedCouponDemo } from './coupon.seed.ts';

describe.each(databases)('coupon demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedCouponDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedCouponDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
  });
  afterAll(async () => {
    if (s) expect(await imbalances(s)).toEqual([]);
    await s?.close();
  });

  it('three templates, coupons used on bookings, a coupon order, a returned coupon; the manager reaches the screens', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const templates = await mgr.json('POST', '/api/sport/coupon/template/list', { body: { pageNum: 1, pageSize: 10 } });
    expect(templates.code, templates.msg).toBe(0);
    expect(templates.body.data.map((t: { name: string }) => t.name).sort()).toEqual(['免费一小时场地', '新客满100减20', '金卡会员羽毛球九折']);
    const byName = (n: string) => templates.body.data.find((t: { name: string }) => t.name === n).id as number;
    const welcome = await mgr.json('POST', `/api/sport/coupon/template/${byName('新客满100减20')}/stats`);
    expect(welcome.body).toMatchObject({ used: 1, returned: 1 });
    const gold = await mgr.json('POST', `/api/sport/coupon/template/${byName('金卡会员羽毛球九折')}/stats`);
    expect(gold.body.issued).toBeGreaterThan(0);
    expect(gold.body.used).toBe(1);
    const sold = await mgr.json('POST', '/api/sport/commerce/order/list', { body: { type: 'coupon' } });
    expect(sold.body.data).toEqual([expect.objectContaining({ state: 'paid', payableFen: 6000 })]);
    const returned = await mgr.json('POST', '/api/sport/coupon/return/list', { body: {} });
    expect(returned.body.data).toEqual([expect.objectContaining({ outcome: 'returned', amountFen: 2000 })]);
    const used = await s.database.query<{ n: number }>(`select count(*)::int as n from sport_coupon_use where state = 'used'`);
    expect(Number(used[0]!.n)).toBe(2);
  });
});
