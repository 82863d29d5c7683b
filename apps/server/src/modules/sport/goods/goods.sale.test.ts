import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { actingAs } from '../../../platform/http.ts';
import { createOrder, expireOrders } from '../commerce/index.ts';
import { imbalances, orderMoney } from '../commerce/commerce.testkit.ts';
import { goodsApi, goodsStaff, ok, order, stockedGoods, stockRow } from './goods.testkit.ts';

const sport = (p: string) => `/api/sport/commerce/${p}`;

/**
 * Selling goods through commerce (issue 27): a pending order holds its units, payment turns the
 * hold into a sale (a movement), cancel and time-out give the units back, a refund puts the
 * unopened units back on the shelf and gives nothing for the opened ones.
 */
describe.each(databases)('selling goods on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const listed = async (c: Client, name: string) => (await ok(c, 'POST', goodsApi('list'), { pageNum: 1, pageSize: 5, keyword: name })).data[0].stock;
  const movements = (goodsId: number) =>
    s.database.query<{ kind: string; quantity: number; balance_after: number; order_id: string | null }>(
      'select kind, quantity, balance_after, order_id from sport_goods_movement where goods_id = $1 order by id',
      [goodsId],
    );
  const saleOf = async (orderId: number) =>
    (
      await s.database.query<{ id: string; state: string; opened_qty: number; returned_qty: number }>('select * from sport_goods_sale where order_id = $1', [
        orderId,
      ])
    )[0]!;

  it('a pending order holds its units; cancelled, they are free again and the ledger never moved', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const g = await stockedGoods(st.c, st.venue.id, 5, 800, { name: '运动毛巾-取消' });
    const made = await order(st.c, st.venue.id, [{ goodsId: g.id, quantity: 2 }]);
    expect(made.code, made.msg).toBe(0);
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 5, held: 2 }]);
    expect(await listed(st.c, '运动毛巾-取消')).toBe(3);
    expect((await saleOf(made.body.orderId)).state).toBe('held');
    await ok(st.c, 'POST', sport(`order/${made.body.orderId}/cancel`), { reason: '顾客不要了' });
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 5, held: 0 }]);
    expect(await listed(st.c, '运动毛巾-取消')).toBe(5);
    expect((await saleOf(made.body.orderId)).state).toBe('released');
    expect((await ok(st.c, 'GET', sport(`order/${made.body.orderId}`))).items[0].holdState).toBe('released');
    expect((await movements(g.id)).map((m) => m.kind)).toEqual(['purchase_in']);
  });

  it('an order not paid in time gives its units back when the time-out job runs, to be sold again', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const g = await stockedGoods(st.c, st.venue.id, 3, 600);
    const made = await order(st.c, st.venue.id, [{ goodsId: g.id, quantity: 3 }]);
    expect((await order(st.c, st.venue.id, [{ goodsId: g.id, quantity: 1 }])).detail.reason).toBe('stock');
    // Before its time nothing happens; after it, the hold is released.
    await expireOrders(s.database.db, async () => undefined, new Date());
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 3, held: 3 }]);
    await expireOrders(s.database.db, async () => undefined, new Date(Date.now() + 16 * 60_000));
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 3, held: 0 }]);
    expect((await orderMoney(s, made.body.orderId)).state).toBe('cancelled');
    expect((await saleOf(made.body.orderId)).state).toBe('released');
    // The units are sold to someone else; the cancelled order can no longer be paid at the desk.
    const next = await order(st.c, st.venue.id, [{ goodsId: g.id, quantity: 3 }]);
    expect(next.code, next.msg).toBe(0);
    expect((await st.c.json('POST', sport(`order/${made.body.orderId}/pay`), { body: { method: 'cash', amountFen: 1_800 } })).detail.reason).toBe('state');
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 3, held: 3 }]);
  });

  it('paid: the hold becomes a sale-out movement; refunded unopened, the units return; opened ones are not refunded', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const g = await stockedGoods(st.c, st.venue.id, 10, 1_200, { name: '亚狮龙7号-退货' });
    const made = await order(st.c, st.venue.id, [{ goodsId: g.id, quantity: 3 }]);
    await ok(st.c, 'POST', sport(`order/${made.body.orderId}/pay`), { method: 'cash', amountFen: 3_600 });
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 7, held: 0 }]);
    expect((await movements(g.id)).map((m) => [m.kind, Number(m.quantity), Number(m.balance_after)])).toEqual([
      ['purchase_in', 10, 10],
      ['sale_out', -3, 7],
    ]);
    const detail = await ok(st.c, 'GET', sport(`order/${made.body.orderId}`));
    expect(detail.items[0]).toMatchObject({ kind: 'goods', holdState: 'confirmed' });
    const itemId = detail.items[0].id as number;
    const sale = await saleOf(made.body.orderId);
    expect(sale.state).toBe('sold');
    // One tube opened at the counter: of three units refunded, two come back, and two thirds of the money.
    const opened = await ok(st.c, 'POST', goodsApi(`sale/${sale.id}/open`), { quantity: 1 });
    expect(opened).toMatchObject({ openedQty: 1, returnedQty: 0, state: 'sold', orderNo: made.body.orderNo });
    const tooMany = await st.c.json('POST', goodsApi(`sale/${sale.id}/open`), { body: { quantity: 3 } });
    expect(tooMany.code).toBe(Code.FORM_INVALID);
    const refund = await ok(st.c, 'POST', sport('refund'), { orderId: made.body.orderId, items: [{ itemId, quantity: 3 }], reason: '买多了' });
    expect(refund.amountFen).toBe(2_400);
    expect((await ok(st.reviewer, 'POST', sport(`refund/${refund.id}/review`), { approve: true, remark: '同意' })).state).toBe('succeeded');
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 9, held: 0 }]);
    const back = (await movements(g.id)).at(-1)!;
    expect([back.kind, Number(back.quantity), Number(back.balance_after), Number(back.order_id)]).toEqual(['return_in', 2, 9, made.body.orderId]);
    const after = await saleOf(made.body.orderId);
    expect([Number(after.opened_qty), Number(after.returned_qty)]).toEqual([1, 2]);
    expect(await orderMoney(s, made.body.orderId)).toMatchObject({ paidFen: 3_600, refundedFen: 2_400 });

    // Wholly used (water drunk): no refund of the line.
    const water = await stockedGoods(st.c, st.venue.id, 5, 300, { name: '矿泉水-已饮用' });
    const drunk = await order(st.c, st.venue.id, [{ goodsId: water.id, quantity: 2 }]);
    await ok(st.c, 'POST', sport(`order/${drunk.body.orderId}/pay`), { method: 'cash', amountFen: 600 });
    const drunkSale = await saleOf(drunk.body.orderId);
    await ok(st.c, 'POST', goodsApi(`sale/${drunkSale.id}/open`), { quantity: 2 });
    const drunkItem = (await ok(st.c, 'GET', sport(`order/${drunk.body.orderId}`))).items[0].id;
    const refused = await st.c.json('POST', sport('refund'), {
      body: { orderId: drunk.body.orderId, items: [{ itemId: drunkItem, quantity: 2 }], reason: 'x' },
    });
    expect(refused.code).toBe(Code.FORM_INVALID);
    expect(refused.msg).toBe('商品已拆封或使用，不能退货退款');
    expect(await stockRow(s, water.id)).toEqual([{ onHand: 3, held: 0 }]);
    // The sale lines of an order, for the rent-and-sale screen.
    const lines = await ok(st.c, 'POST', goodsApi('sale/list'), { orderId: drunk.body.orderId });
    expect(lines.data).toEqual([expect.objectContaining({ goodsId: water.id, goodsName: '矿泉水-已饮用', quantity: 2, openedQty: 2, state: 'sold' })]);
  });

  it('an Idempotency-Key retry answers the same order and holds once; lines of one good merge', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const g = await stockedGoods(st.c, st.venue.id, 6, 100);
    const h = await stockedGoods(st.c, st.venue.id, 6, 250);
    const key = { 'Idempotency-Key': `goods-${g.id}` };
    const lines = [
      { goodsId: h.id, quantity: 1 },
      { goodsId: g.id, quantity: 2 },
      { goodsId: g.id, quantity: 1 },
    ];
    const first = await order(st.c, st.venue.id, lines, key);
    const again = await order(st.c, st.venue.id, lines, key);
    expect(again.body).toEqual(first.body);
    expect(first.body.amount).toBe(550);
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 6, held: 3 }]);
    expect(await stockRow(s, h.id)).toEqual([{ onHand: 6, held: 1 }]);
    const items = (await ok(st.c, 'GET', sport(`order/${first.body.orderId}`))).items as { refId: number; quantity: number }[];
    expect(items.map((i) => [i.refId, i.quantity])).toEqual([
      [g.id, 3],
      [h.id, 1],
    ]);
    // A key reused for a different order is refused.
    expect((await order(st.c, st.venue.id, [{ goodsId: g.id, quantity: 1 }], key)).detail.reason).toBe('duplicate');
  });

  it("a goods line rides on another module's order (a booking's type) and holds the same stock", async () => {
    const st = await goodsStaff(s, admin, platformId);
    const g = await stockedGoods(st.c, st.venue.id, 2, 700);
    const caller = actingAs({ id: st.userId, name: 'desk', code: 'desk' }, st.orgId);
    const id = await createOrder(
      s.database.db,
      caller,
      {
        type: 'venue',
        venueId: st.venue.id,
        channel: 'console',
        buyerName: null,
        buyerPhone: null,
        remark: null,
        items: [{ kind: 'goods', refId: g.id, quantity: 2, discountFen: 0, detail: { stadiumId: st.venue.id } }],
      },
      undefined,
    );
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 2, held: 2 }]);
    expect((await order(st.c, st.venue.id, [{ goodsId: g.id, quantity: 1 }])).detail.reason).toBe('stock');
    // A line that names no place is refused on its detail.
    const nowhere = await createOrder(
      s.database.db,
      caller,
      {
        type: 'venue',
        channel: 'console',
        buyerName: null,
        buyerPhone: null,
        remark: null,
        items: [{ kind: 'goods', refId: g.id, quantity: 1, discountFen: 0 }],
      },
      undefined,
    ).catch((e: { detail?: { field: string }[] }) => e.detail?.[0]?.field);
    expect(nowhere).toBe('items.0.detail.stadiumId');
    await ok(st.c, 'POST', sport(`order/${id}/pay`), { method: 'cash', amountFen: 1_400 });
    expect(await stockRow(s, g.id)).toEqual([{ onHand: 0, held: 0 }]);
  });
});
