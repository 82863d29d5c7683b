import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { oneOrgScope } from '../../../platform/scope.ts';
import { addDays, localOf } from '../venue/index.ts';
import { commerceStaff, imbalances, sport } from './commerce.testkit.ts';
import { importPastSales, type PastSale } from './history.ts';

/** Past sales in bulk (`importPastSales`): what an operator then sees in the order list and the capital flow. */
describe.each(databases)('past sales imported on %s', (kind) => {
  let s: TestServer;
  let mgr: Client;
  let orgId: number;
  let other: number;
  const today = localOf(new Date(), 'Asia/Shanghai').day;
  const sale = (over: Partial<PastSale> = {}): PastSale => ({
    day: addDays(today, -3),
    minute: 19 * 60 + 30,
    venueId: null,
    type: 'general',
    channel: 'console',
    lines: [
      { kind: 'general', refId: null, name: '矿泉水', quantity: 2, unitPriceFen: 300 },
      { kind: 'general', refId: null, name: '毛巾', quantity: 1, unitPriceFen: 1500 },
    ],
    method: 'wechat',
    ...over,
  });
  const count = async () => Number((await s.database.query<{ n: string }>('select count(*) as n from sport_order where org_id = $1', [orgId]))[0]!.n);

  beforeAll(async () => {
    s = await startServer(kind);
    const { c: admin, platformOrgId } = await adminClient(s);
    const staff = await commerceStaff(s, admin, platformOrgId);
    orgId = staff.orgId;
    mgr = staff.c;
    other = (await commerceStaff(s, admin, platformOrgId)).orgId;
  });
  afterAll(async () => s?.close());

  it('a past sale shows in the order list as paid and used on its day, and in that day’s capital flow as takings by its method', async () => {
    const written = await importPastSales(s.database.db, oneOrgScope(orgId), orgId, [
      sale(),
      sale({ day: addDays(today, -2), method: 'cash', lines: [{ kind: 'general', refId: null, name: '球拍租用', quantity: 1, unitPriceFen: 2000 }] }),
    ]);
    expect(written).toBe(2);
    const list = await mgr.json('POST', sport('order/list'), { body: { pageSize: 10 } });
    expect(list.code).toBe(0);
    expect(list.body.total).toBe(2);
    const water = list.body.data.find((o: { itemSummary: string }) => o.itemSummary.includes('矿泉水'));
    expect(water).toMatchObject({ state: 'completed', payableFen: 2100, paidFen: 2100, buyerKind: 'walkin' });
    // Paid at 19:30 on its day in the organisation's zone: the order number carries that local time.
    expect(water.orderNo.slice(0, 12)).toBe(`${addDays(today, -3).replaceAll('-', '')}1930`);
    const flow = await mgr.json('POST', sport('ledger/summary'), { body: { dayFrom: addDays(today, -3), dayTo: addDays(today, -3) } });
    const totals = Object.fromEntries(flow.body.totals.map((t: { account: string; netFen: number }) => [t.account, t.netFen]));
    expect(totals.wechat).toBe(2100);
    expect(totals.cash ?? 0).toBe(0);
    const cashDay = await mgr.json('POST', sport('ledger/summary'), { body: { dayFrom: addDays(today, -2), dayTo: addDays(today, -2) } });
    expect(cashDay.body.totals.find((t: { account: string }) => t.account === 'cash').netFen).toBe(2000);
    expect(await imbalances(s)).toEqual([]);
  });

  it('refuses a sale of today or later, a method that is not money in, or a line its order type does not sell, and writes none of the batch', async () => {
    const before = await count();
    const scope = oneOrgScope(orgId);
    await expect(importPastSales(s.database.db, scope, orgId, [sale(), sale({ day: today })])).rejects.toThrow(/not before/);
    await expect(importPastSales(s.database.db, scope, orgId, [sale({ method: 'balance' })])).rejects.toThrow(/method balance/);
    await expect(importPastSales(s.database.db, scope, orgId, [sale({ type: 'ticket' })])).rejects.toThrow(/not sold in ticket/);
    await expect(
      importPastSales(s.database.db, scope, orgId, [sale({ lines: [{ kind: 'general', refId: null, name: '赠品', quantity: 1, unitPriceFen: 0 }] })]),
    ).rejects.toThrow(/positive/);
    expect(await count()).toBe(before);
  });

  it('leaves the planner the sizes of the tables it filled, as after any bulk load (the embedded database has no autovacuum)', async () => {
    const days = Array.from({ length: 150 }, (_, i) => sale({ day: addDays(today, -1 - (i % 30)), minute: i }));
    expect(await importPastSales(s.database.db, oneOrgScope(orgId), orgId, days)).toBe(150);
    const sizes = await s.database.query<{ table: string; planned: number; counted: number }>(
      `select c.relname as table, c.reltuples::int as planned,
              (select count(*)::int from sport_ledger_entry) as counted
         from pg_class c where c.relname = 'sport_ledger_entry'`,
    );
    expect(sizes[0]!.planned).toBe(sizes[0]!.counted);
    expect(sizes[0]!.counted).toBeGreaterThanOrEqual(300);
  });

  it("refuses another organisation's sales outside the caller's scope", async () => {
    await expect(importPastSales(s.database.db, oneOrgScope(orgId), other, [sale()])).rejects.toThrow();
    const [n] = await s.database.query<{ n: string }>('select count(*) as n from sport_order where org_id = $1', [other]);
    expect(Number(n!.n)).toBe(0);
  });
});
