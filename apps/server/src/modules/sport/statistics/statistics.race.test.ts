import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsReport, StatisticsSummary } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { deliverOrderEvents, pay, seedCommerceJobs, sellGeneral } from '../commerce/commerce.testkit.ts';
import { makeType, sellPaid } from '../card/card.testkit.ts';
import { addMember, newPhone } from '../member/member.testkit.ts';
import { localOf } from '../venue/index.ts';
import { aggregatesOf, ok, statisticsStaff, statsApi } from './statistics.testkit.ts';

/**
 * Concurrent payments on one venue, day and kind: every delivery adds to the same aggregate row
 * with one upsert (`x = x + excluded.x`), so none is lost; a rebuild racing the deliveries leaves
 * what it did not count to them, so the end equals a rebuild from scratch. PostgreSQL only:
 * PGlite runs one transaction at a time.
 */
const N = 24;

describe.each(databases)('statistics racing on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    if (kind !== 'postgres') return;
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    await seedCommerceJobs(s.database.db);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it.runIf(kind === 'postgres')(`${N} payments at once, their events delivered at once and against a rebuild: the figures sum exactly`, async () => {
    const st = await statisticsStaff(s, admin, platformId);
    const day = localOf(new Date(), 'Asia/Shanghai').day;
    const sold = await Promise.all(
      Array.from({ length: N }, (_, i) => sellGeneral(st.c, [{ name: '场地服务', unitPriceFen: 1_000 + i }], { venueId: st.venue.id })),
    );
    const paid = await Promise.all(sold.map((o) => pay(st.c, o.id, { method: 'cash', amountFen: o.payableFen })));
    expect(paid.map((r) => r.code)).toEqual(sold.map(() => 0));
    const expected = sold.reduce((a, o) => a + o.payableFen, 0);

    // Half delivered at once; the other half at once with a rebuild of the organisation.
    await Promise.all(sold.slice(0, N / 2).map((o) => deliverOrderEvents(s, o.id, 'statistics.%')));
    const [rebuilt] = await Promise.all([
      st.c.json('POST', statsApi('rebuild'), { body: {} }),
      ...sold.slice(N / 2).map((o) => deliverOrderEvents(s, o.id, 'statistics.%')),
    ]);
    expect(rebuilt.code, rebuilt.msg).toBe(0);
    const figures = await ok<StatisticsSummary>(st.c, statsApi('summary'), { from: day, to: day });
    expect([figures.revenueFen, figures.orders]).toEqual([expected, N]);
    const live = await aggregatesOf(s, [st.orgId]);
    await ok(st.c, statsApi('rebuild'), {});
    expect(await aggregatesOf(s, [st.orgId])).toEqual(live);
  });

  it.runIf(kind === 'postgres')('prepaid postings claimed by deliveries at once and against a rebuild: each is added once', async () => {
    const st = await statisticsStaff(s, admin, platformId);
    const day = localOf(new Date(), 'Asia/Shanghai').day;
    const type = await makeType(st.c, { kind: 'times', priceFen: 5_000, times: 5, validDays: 30 });
    const cards = [];
    for (let i = 0; i < 8; i++) cards.push(await sellPaid(st.c, type.id, (await addMember(st.c, { name: `竞速会员${i}`, phone: newPhone() })).id));
    const [ledger] = await s.database.query<{ n: string }>(
      `select sum(case when side = 'credit' then amount_fen else -amount_fen end) as n from sport_ledger_entry where org_id = $1 and account in ('balance', 'prepaid')`,
      [st.orgId],
    );
    expect(Number(ledger!.n)).toBeGreaterThan(0);
    await Promise.all(cards.slice(0, 4).map((c) => deliverOrderEvents(s, c.orderId, 'statistics.%')));
    const [rebuilt] = await Promise.all([
      st.c.json('POST', statsApi('rebuild'), { body: {} }),
      ...cards.slice(4).map((c) => deliverOrderEvents(s, c.orderId, 'statistics.%')),
    ]);
    expect(rebuilt.code, rebuilt.msg).toBe(0);
    const r = await ok<StatisticsReport>(st.c, statsApi('report'), { report: 'prepaidDaily', from: day, to: day });
    expect([r.total.prepaidInFen - r.total.prepaidOutFen, r.total.prepaidHeldFen]).toEqual([Number(ledger!.n), Number(ledger!.n)]);
    const live = await aggregatesOf(s, [st.orgId]);
    await ok(st.c, statsApi('rebuild'), {});
    expect(await aggregatesOf(s, [st.orgId])).toEqual(live);
  });
});
