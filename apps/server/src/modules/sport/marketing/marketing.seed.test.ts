import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedVenueDemo } from '../booking/index.ts';
import { seedMemberDemo } from '../member/index.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { seedCouponDemo } from '../coupon/coupon.testkit.ts';
import { seedMarketingDemo } from './marketing.seed.ts';

describe.each(databases)('campaign demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedCouponDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedMarketingDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedMarketingDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
  });
  afterAll(async () => {
    if (s) expect(await imbalances(s)).toEqual([]);
    await s?.close();
  });

  it('one campaign of each kind; the noon discount has part of its budget used by two paid bookings; the manager reaches the screen', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const list = await mgr.json('POST', '/api/sport/marketing/campaign/list', { body: { pageNum: 1, pageSize: 10 } });
    expect(list.code, list.msg).toBe(0);
    expect(list.body.data.map((c: { kind: string }) => c.kind).sort()).toEqual(['couponPack', 'firstBooking', 'rechargeBonus', 'timeBand']);
    const noon = list.body.data.find((c: { kind: string }) => c.kind === 'timeBand');
    expect(noon.usedFen).toBeGreaterThan(0);
    expect(noon.usedFen).toBeLessThan(noon.budgetFen);
    const uses = await mgr.json('POST', '/api/sport/marketing/use/list', { body: { campaignId: noon.id } });
    expect(uses.body.data).toHaveLength(2);
    expect(uses.body.data.every((u: { state: string; orderNo: string | null }) => u.state === 'used' && u.orderNo)).toBe(true);
    expect(uses.body.data.reduce((n: number, u: { amountFen: number }) => n + u.amountFen, 0)).toBe(noon.usedFen);
  });
});
