import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { goodsApi, goodsStaff, ok, order, stockedGoods, stockRow } from './goods.testkit.ts';

/**
 * The stock ledger (issue 27): counts, write-offs and transfers are movements with their balance;
 * nothing takes units that pending orders hold; the quantity at any past instant is the balance of
 * the last movement at or before it; the database refuses a changed or deleted movement and a
 * stock row held above what is on hand.
 */
describe.each(databases)('stock and its ledger on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  /** The database's clock now (movements are stamped with it). */
  const dbNow = async () => (await s.database.query<{ t: Date }>('select clock_timestamp() as t'))[0]!.t;
  const at = (c: Client, goodsId: number, when: Date | string, extra: Record<string, unknown> = {}) =>
    ok(c, 'POST', goodsApi('stock/at'), { goodsId, at: new Date(when).toISOString(), ...extra });

  it('a count books its difference with the reason and never goes below what orders hold; a write-off takes only what is free', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const g = await stockedGoods(st.c, st.venue.id, 10, 500);
    const held = await order(st.c, st.venue.id, [{ goodsId: g.id, quantity: 3 }]);
    expect(held.code, held.msg).toBe(0);
    const low = await st.c.json('POST', goodsApi('stock/adjust'), { body: { goodsId: g.id, stadiumId: st.venue.id, counted: 2, reason: '盘点' } });
    expect(low.code).toBe(Code.CONFLICT);
    expect(low.detail.reason).toBe('stock');
    const noReason = await st.c.json('POST', goodsApi('stock/adjust'), { body: { goodsId: g.id, stadiumId: st.venue.id, counted: 8 } });
    expect(noReason.code).toBe(Code.INVALID);
    const counted = await ok(st.c, 'POST', goodsApi('stock/adjust'), { goodsId: g.id, stadiumId: st.venue.id, counted: 8, reason: '月末盘点短少' });
    expect(counted).toMatchObject({ kind: 'adjust', quantity: -2, balanceAfter: 8, reason: '月末盘点短少', operatorName: expect.any(String) });
    // A count that finds the figure right is booked too (0), as the record that it was counted.
    expect(await ok(st.c, 'POST', goodsApi('stock/adjust'), { goodsId: g.id, stadiumId: st.venue.id, counted: 8, reason: '复盘' })).toMatchObject({
      quantity: 0,
      balanceAfter: 8,
    });
    // 8 on hand, 3 held: 5 free.
    const tooMuch = await st.c.json('POST', goodsApi('stock/damage'), { body: { goodsId: g.id, stadiumId: st.venue.id, quantity: 6, reason: '破损' } });
    expect(tooMuch.detail.reason).toBe('stock');
    expect(await ok(st.c, 'POST', goodsApi('stock/damage'), { goodsId: g.id, stadiumId: st.venue.id, quantity: 5, reason: '破损' })).toMatchObject({
      kind: 'damage',
      quantity: -5,
      balanceAfter: 3,
    });
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 3, held: 3 }]);
    expect((await order(st.c, st.venue.id, [{ goodsId: g.id, quantity: 1 }])).detail.reason).toBe('stock');
    // The stock list flags what is low.
    const low0 = await ok(st.c, 'POST', goodsApi('stock/list'), { availableAtMost: 0, stadiumId: st.venue.id });
    expect(low0.data).toEqual([expect.objectContaining({ goodsId: g.id, onHand: 3, held: 3, available: 0, stadiumId: st.venue.id })]);
  });

  it("the venue's goods list: its organisation's goods with the stock in its own warehouses; a venue out of reach is not found", async () => {
    const a = await goodsStaff(s, admin, platformId);
    const b = await goodsStaff(s, admin, platformId);
    // Listing a new venue's warehouses makes none: the first stock in makes its default one.
    expect(await ok(a.c, 'POST', goodsApi('warehouse/list'), { stadiumId: a.venue.id })).toEqual([]);
    const ga = await stockedGoods(a.c, a.venue.id, 7, 300);
    expect(await ok(a.c, 'POST', goodsApi('warehouse/list'), { stadiumId: a.venue.id })).toEqual([expect.objectContaining({ isDefault: true })]);
    const gb = await stockedGoods(b.c, b.venue.id, 2, 300);
    // The platform sees both organisations' goods; at a venue, that venue's only, with its stock.
    const atA = await ok(admin, 'POST', goodsApi('page'), { stadiumId: a.venue.id, pageSize: 100 });
    expect(atA.data.map((g: { id: number }) => g.id)).toEqual([ga.id]);
    expect(atA.data[0]).toMatchObject({ onHand: 7, held: 0, available: 7 });
    const atB = await ok(admin, 'POST', goodsApi('page'), { stadiumId: b.venue.id, pageSize: 100 });
    expect(atB.data.map((g: { id: number }) => g.id)).toEqual([gb.id]);
    const held = await order(b.c, b.venue.id, [{ goodsId: gb.id, quantity: 1 }]);
    expect(held.code, held.msg).toBe(0);
    expect((await ok(b.c, 'POST', goodsApi('page'), { stadiumId: b.venue.id })).data[0]).toMatchObject({ onHand: 2, held: 1, available: 1 });
    // Another organisation's venue is not theirs to list.
    expect((await a.c.json('POST', goodsApi('page'), { body: { stadiumId: b.venue.id } })).code).toBe(Code.NOT_FOUND);
  });

  it('a transfer moves units between two warehouses under one number, both rows locked in order; the flow filters by good, warehouse, kind and period', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const g = await stockedGoods(st.c, st.venue.id, 12, 500);
    const other = await stockedGoods(st.c, st.venue.id, 4, 100);
    const houses = await ok(st.c, 'POST', goodsApi('warehouse/list'), { stadiumId: st.venue.id });
    expect(houses).toEqual([expect.objectContaining({ stadiumId: st.venue.id, name: '默认仓库', isDefault: true })]);
    const front = houses[0].id as number;
    const back = (await ok(st.c, 'POST', goodsApi('warehouse'), { stadiumId: st.venue.id, name: '后仓' })).id as number;
    expect((await st.c.json('POST', goodsApi('warehouse'), { body: { stadiumId: st.venue.id, name: '后仓' } })).detail.reason).toBe('duplicate');
    const same = await st.c.json('POST', goodsApi('stock/transfer'), { body: { goodsId: g.id, fromWarehouseId: front, toWarehouseId: front, quantity: 1 } });
    expect(same.code).toBe(Code.FORM_INVALID);
    const t0 = await dbNow();
    // Opposite transfers at once: neither waits for the other (rows locked in warehouse order).
    const [a, b] = await Promise.all([
      ok(st.c, 'POST', goodsApi('stock/transfer'), { goodsId: g.id, fromWarehouseId: front, toWarehouseId: back, quantity: 5, remark: '补后仓' }),
      st.c.json('POST', goodsApi('stock/transfer'), { body: { goodsId: g.id, fromWarehouseId: back, toWarehouseId: front, quantity: 1, remark: '回前台' } }),
    ]);
    expect(a.transferNo).toMatch(/^TR\d{20}$/);
    expect(a.out).toMatchObject({ kind: 'transfer_out', quantity: -5, warehouseId: front, transferNo: a.transferNo });
    expect(a.in).toMatchObject({ kind: 'transfer_in', quantity: 5, warehouseId: back, transferNo: a.transferNo });
    // The other went first (the back room was empty: 100409 stock) or after; never a deadlock (100500).
    expect(b.code === 0 || b.detail?.reason === 'stock', `${b.code} ${b.msg}`).toBe(true);
    const stocks = (await ok(st.c, 'GET', goodsApi(String(g.id)))).stocks as { warehouseId: number; onHand: number }[];
    const total = stocks.reduce((n, x) => n + x.onHand, 0);
    expect(total).toBe(12);
    const tooMuch = await st.c.json('POST', goodsApi('stock/transfer'), { body: { goodsId: g.id, fromWarehouseId: back, toWarehouseId: front, quantity: 99 } });
    expect(tooMuch.detail.reason).toBe('stock');
    // The flow: by good, by warehouse, by kind, by period; newest first; the other good's purchase apart.
    const flow = await ok(st.c, 'POST', goodsApi('stock/flow'), { goodsId: g.id });
    expect(flow.data.map((m: { kind: string }) => m.kind).at(-1)).toBe('purchase_in');
    expect(flow.data.every((m: { goodsId: number }) => m.goodsId === g.id)).toBe(true);
    const inBack = await ok(st.c, 'POST', goodsApi('stock/flow'), { warehouseId: back });
    expect(inBack.data.every((m: { warehouseId: number }) => m.warehouseId === back)).toBe(true);
    expect(inBack.total).toBeGreaterThanOrEqual(1);
    const outs = await ok(st.c, 'POST', goodsApi('stock/flow'), { stadiumId: st.venue.id, kind: 'transfer_out' });
    expect(outs.data.every((m: { kind: string }) => m.kind === 'transfer_out')).toBe(true);
    const since = await ok(st.c, 'POST', goodsApi('stock/flow'), { stadiumId: st.venue.id, from: t0.toISOString() });
    expect(since.data.some((m: { goodsId: number }) => m.goodsId === other.id)).toBe(false);
    expect(since.data.every((m: { occurredAt: string }) => new Date(m.occurredAt) >= t0)).toBe(true);
    const before = await ok(st.c, 'POST', goodsApi('stock/flow'), { stadiumId: st.venue.id, to: t0.toISOString() });
    expect(before.data.map((m: { kind: string }) => m.kind)).toEqual(['purchase_in', 'purchase_in']);
    const wrong = await st.c.json('POST', goodsApi('stock/flow'), { body: { from: new Date().toISOString(), to: t0.toISOString() } });
    expect(wrong.code).toBe(Code.FORM_INVALID);
  });

  it('the quantity at a past instant is the balance then: per warehouse and in all, 0 before the first movement', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const g = await stockedGoods(st.c, st.venue.id, 0, 500);
    const start = await dbNow();
    const step = async (url: string, body: Record<string, unknown>) => {
      await ok(st.c, 'POST', goodsApi(url), { goodsId: g.id, stadiumId: st.venue.id, ...body });
      return dbNow();
    };
    const t1 = await step('stock/in', { quantity: 5 });
    const t2 = await step('stock/in', { quantity: 3 });
    const t3 = await step('stock/damage', { quantity: 2, reason: '过期' });
    const front = (await ok(st.c, 'POST', goodsApi('warehouse/list'), { stadiumId: st.venue.id }))[0].id;
    const back = (await ok(st.c, 'POST', goodsApi('warehouse'), { stadiumId: st.venue.id, name: '后仓' })).id;
    await ok(st.c, 'POST', goodsApi('stock/transfer'), { goodsId: g.id, fromWarehouseId: front, toWarehouseId: back, quantity: 4 });
    const t4 = await dbNow();
    // A sale's units leave when it is paid, not while held.
    const sold = await order(st.c, st.venue.id, [{ goodsId: g.id, quantity: 1 }]);
    const t5 = await dbNow();
    await ok(st.c, 'POST', `/api/sport/commerce/order/${sold.body.orderId}/pay`, { method: 'cash', amountFen: 500 });
    expect((await at(st.c, g.id, start)).quantity).toBe(0);
    expect((await at(st.c, g.id, t1)).quantity).toBe(5);
    expect((await at(st.c, g.id, t2)).quantity).toBe(8);
    expect((await at(st.c, g.id, t3)).quantity).toBe(6);
    const atT4 = await at(st.c, g.id, t4);
    expect(atT4.quantity).toBe(6);
    expect(atT4.warehouses.map((w: { warehouseId: number; quantity: number }) => [w.warehouseId, w.quantity])).toEqual([
      [front, 2],
      [back, 4],
    ]);
    expect((await at(st.c, g.id, t5)).quantity).toBe(6);
    const now = await at(st.c, g.id, await dbNow());
    expect(now.quantity).toBe(5);
    expect((await at(st.c, g.id, t3, { warehouseId: back })).quantity).toBe(0);
    expect((await at(st.c, g.id, await dbNow(), { warehouseId: back })).quantity).toBe(4);
    expect((await at(st.c, g.id, await dbNow(), { stadiumId: st.venue.id })).quantity).toBe(5);
    // Every balance is the running sum of its warehouse's movements, in the order they were made.
    const drift = await s.database.query(
      `select id from (select id, balance_after, sum(quantity) over (partition by goods_id, warehouse_id order by occurred_at, id) as running
         from sport_goods_movement where goods_id = $1) x where balance_after <> running`,
      [g.id],
    );
    expect(drift).toEqual([]);
  });

  it('the database keeps the ledger append-only and a stock row never negative nor held above what is on hand', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const g = await stockedGoods(st.c, st.venue.id, 2, 500);
    const refused = async (sql: string) => {
      try {
        await s.database.query(sql, [g.id]);
        return 'accepted';
      } catch (e) {
        return String((e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code ?? e);
      }
    };
    expect(await refused('update sport_goods_movement set quantity = 0 where goods_id = $1')).toBe('23001');
    expect(await refused('delete from sport_goods_movement where goods_id = $1')).toBe('23001');
    expect(await refused('update sport_goods_stock set on_hand = -1 where goods_id = $1')).toBe('23514');
    expect(await refused('update sport_goods_stock set held = on_hand + 1 where goods_id = $1')).toBe('23514');
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 2, held: 0 }]);
  });
});
