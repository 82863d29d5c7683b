import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient, makeUser, signIn } from '../../system/admin.testkit.ts';
import { commerceStaff, imbalances, orderMoney, pay, sellGeneral, sport } from './commerce.testkit.ts';
import { createOrder, expireOrders, registerOrderType } from './order.service.ts';
import type { Caller } from '../../../platform/http.ts';
import { registerItemKind } from './item-kinds.ts';

// A kind with a hold, as the booking and ticketing modules will register: one unit of a limited
// thing (here a numbered place) reserved until payment; `taken` stands for the module's own table.
const taken = new Map<number, number>(); // place -> item holding it
// Its order type, as a module's manifest would contribute it.
registerOrderType('test_place', 'test');
registerItemKind({
  kind: 'test_place',
  orderTypes: ['test_place'],
  async price(_ctx, input) {
    return { name: `名额 ${input.refId}`, unitPriceFen: 1000 };
  },
  async hold(_ctx, item) {
    if (taken.has(item.refId!)) throw new Error('taken');
    taken.set(item.refId!, item.id);
    return { place: item.refId };
  },
  async confirm(_ctx, item) {
    return taken.get(item.refId!) === item.id;
  },
  async release(_ctx, item) {
    if (taken.get(item.refId!) === item.id) taken.delete(item.refId!);
  },
});

describe.each(databases)('commerce core on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let mgr: Client;
  let reviewer: Client;
  let orgId: number;
  let userId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    ({ c: mgr, orgId, userId, reviewer } = await commerceStaff(s, admin, platformId));
  });
  // A kind with a hold is sold by its module's own service, never the generic sale (issue 23): here, createOrder as a module calls it.
  const sellCoupon = async (place: number) => {
    const caller: Caller = {
      sessionId: 0,
      userId,
      userName: 'mgr',
      userCode: 'mgr',
      orgId,
      platform: false,
      admin: false,
      perms: new Set(),
      menuIds: new Set(),
      epoch: 0,
      roles: [],
      mustChangePassword: false,
    };
    const id = await createOrder(
      s.database.db,
      caller,
      {
        type: 'test_place',
        channel: 'console',
        buyerName: null,
        buyerPhone: null,
        remark: null,
        items: [{ kind: 'test_place', refId: place, quantity: 1, discountFen: 0 }],
      },
      undefined,
    );
    return (await mgr.json('GET', sport(`order/${id}`))).body;
  };
  afterAll(async () => s?.close());
  // The ledger balances after every scenario.
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const openAccount = async (c: Client, holderName: string, rechargeFen: number) => {
    const acct = await c.json('POST', sport('account'), { body: { holderName, holderPhone: '13800000001' } });
    expect(acct.code, acct.msg).toBe(0);
    if (rechargeFen) {
      const o = await c.json('POST', sport(`account/${acct.body.id}/recharge`), { body: { amountFen: rechargeFen } });
      expect(o.code, o.msg).toBe(0);
      expect((await pay(c, o.body.id, { method: 'cash', amountFen: rechargeFen })).code).toBe(0);
    }
    return acct.body.id as number;
  };

  it('sells at the console for cash: change worked out, the order paid, name and price kept as sold', async () => {
    const order = await sellGeneral(
      mgr,
      [
        { name: '毛巾', unitPriceFen: 1500, quantity: 2 },
        { name: '储物柜', unitPriceFen: 1000, discountFen: 200 },
      ],
      { discountReason: '会员日' },
    ); // a discount within the role's limit (10% by default), with its reason
    expect(order).toMatchObject({ state: 'pending', totalFen: 4000, discountFen: 200, payableFen: 3800, dueFen: 3800, itemSummary: '毛巾×2、储物柜' });
    expect(order.orderNo).toMatch(/^\d{20}$/);
    expect(order.scanUrl).toContain('/thirdScanPage?token=');
    const paid = await pay(mgr, order.id, { method: 'cash', amountFen: 3800, receivedFen: 5000 });
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.body.payment).toMatchObject({ method: 'cash', state: 'succeeded', receivedFen: 5000, changeFen: 1200 });
    expect(paid.body.order).toMatchObject({ state: 'paid', paidFen: 3800 });
    const detail = (await mgr.json('GET', sport(`order/${order.id}`))).body;
    expect(detail.items.map((i: { name: string; amountFen: number }) => [i.name, i.amountFen])).toEqual([
      ['毛巾', 3000],
      ['储物柜', 800],
    ]);
    expect(detail.ledger.map((l: { account: string; side: string; amountFen: number }) => `${l.side}:${l.account}:${l.amountFen}`).sort()).toEqual([
      'credit:sales:3800',
      'debit:cash:3800',
    ]);
    expect(detail.scanUrl).toBeNull();
    // Paying a paid order is a wrong state.
    const again = await pay(mgr, order.id, { method: 'cash', amountFen: 100 });
    expect([again.code, again.detail?.reason]).toEqual([Code.CONFLICT, 'state']);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const before = await s.database.query(`select count(*)::int as n from sport_order`);
    const noName = await mgr.json('POST', sport('order'), { body: { type: 'general', items: [{ kind: 'general', unitPriceFen: 100 }] }, lang: 'en-US' });
    expect(noName.code).toBe(Code.FORM_INVALID);
    expect(noName.detail[0]).toMatchObject({ field: 'items.0.name', message: 'Enter the item name' });
    const discount = await mgr.json('POST', sport('order'), {
      body: { type: 'general', items: [{ kind: 'general', name: 'x', unitPriceFen: 100, discountFen: 101 }], discountReason: 'x' },
    });
    expect(discount.detail[0].field).toBe('items.0.discountFen');
    const negative = await mgr.json('POST', sport('order'), { body: { type: 'general', items: [{ kind: 'general', name: 'x', unitPriceFen: -1 }] } });
    expect(negative.code).toBe(Code.INVALID);
    const wrongKind = await mgr.json('POST', sport('order'), { body: { type: 'ticket', items: [{ kind: 'general', name: 'x', unitPriceFen: 1 }] } });
    expect(wrongKind.code).toBe(Code.INVALID);
    expect(await s.database.query(`select count(*)::int as n from sport_order`)).toEqual(before);
    const order = await sellGeneral(mgr, [{ name: '水', unitPriceFen: 300 }]);
    const tooMuch = await pay(mgr, order.id, { method: 'cash', amountFen: 301 }, undefined);
    expect(tooMuch.code).toBe(Code.FORM_INVALID);
    expect(tooMuch.detail[0].field).toBe('amountFen');
    const short = await pay(mgr, order.id, { method: 'cash', amountFen: 300, receivedFen: 200 });
    expect(short.code).toBe(Code.INVALID);
    expect((await orderMoney(s, order.id)).state).toBe('pending');
  });

  it('an Idempotency-Key retry answers the first order and the first payment, never a second', async () => {
    const key = { 'idempotency-key': `k-${Date.now()}` };
    const first = await sellGeneral(mgr, [{ name: '饮料', unitPriceFen: 500 }], {}, key);
    const retry = await sellGeneral(mgr, [{ name: '饮料', unitPriceFen: 500 }], {}, key);
    expect(retry.id).toBe(first.id);
    const reused = await mgr.json('POST', sport('order'), {
      body: { type: 'general', items: [{ kind: 'general', name: '别的', unitPriceFen: 1 }] },
      headers: key,
    });
    expect([reused.code, reused.detail?.reason]).toEqual([Code.CONFLICT, 'duplicate']);
    const payKey = { 'idempotency-key': `p-${Date.now()}` };
    const [a, b] = await Promise.all([
      pay(mgr, first.id, { method: 'cash', amountFen: 500 }, payKey),
      pay(mgr, first.id, { method: 'cash', amountFen: 500 }, payKey),
    ]);
    expect(a.code, a.msg).toBe(0);
    expect(b.code, b.msg).toBe(0);
    expect(b.body.payment.id).toBe(a.body.payment.id);
    const payments = await s.database.query(`select id from sport_payment where order_id = $1`, [first.id]);
    expect(payments).toHaveLength(1);
    expect(await orderMoney(s, first.id)).toMatchObject({ state: 'paid', paidFen: 500 });
  });

  it('stored value: a recharge credits the account; a balance payment never overdraws it; mixed with cash', async () => {
    const accountId = await openAccount(mgr, '王会员', 10000);
    expect((await mgr.json('GET', sport(`account/${accountId}`))).body.balanceFen).toBe(10000);
    const order = await sellGeneral(mgr, [{ name: '私教课', unitPriceFen: 15000 }]);
    const over = await pay(mgr, order.id, { method: 'balance', accountId, amountFen: 12000 });
    expect(over.code).toBe(Code.FORM_INVALID);
    expect(over.detail[0].field).toBe('amountFen');
    const part = await pay(mgr, order.id, { method: 'balance', accountId, amountFen: 10000 });
    expect(part.body.order).toMatchObject({ state: 'pending', paidFen: 10000 });
    expect((await mgr.json('GET', sport(`account/${accountId}`))).body.balanceFen).toBe(0);
    const rest = await pay(mgr, order.id, { method: 'cash', amountFen: 5000 });
    expect(rest.body.order).toMatchObject({ state: 'paid', paidFen: 15000 });
    const detail = (await mgr.json('GET', sport(`order/${order.id}`))).body;
    expect(detail.payments.map((p: { method: string }) => p.method)).toEqual(['balance', 'cash']);
  });

  it('refunds part of an order after review, back to its payments newest first; the order becomes part refunded, then refunded', async () => {
    const accountId = await openAccount(mgr, '李会员', 3000);
    const order = await sellGeneral(mgr, [{ name: '球拍租用', unitPriceFen: 2000, quantity: 4 }]);
    await pay(mgr, order.id, { method: 'balance', accountId, amountFen: 3000 });
    await pay(mgr, order.id, { method: 'cash', amountFen: 5000 });
    const itemId = (await mgr.json('GET', sport(`order/${order.id}`))).body.items[0].id;
    const applied = await mgr.json('POST', sport('refund'), { body: { orderId: order.id, items: [{ itemId, quantity: 3 }], reason: '场地临时关闭' } });
    expect(applied.code, applied.msg).toBe(0);
    expect(applied.body).toMatchObject({ state: 'applied', amountFen: 6000, items: [{ itemId, quantity: 3, amountFen: 6000 }] });
    // Nothing moves before review.
    expect(await orderMoney(s, order.id)).toMatchObject({ state: 'paid', refundedFen: 0 });
    const tooMany = await mgr.json('POST', sport('refund'), { body: { orderId: order.id, items: [{ itemId, quantity: 2 }], reason: 'x' } });
    expect(tooMany.detail[0].field).toBe('items.0.quantity');
    const reviewed = await reviewer.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: true, remark: '同意' } });
    expect(reviewed.code, reviewed.msg).toBe(0);
    expect(reviewed.body.state).toBe('succeeded');
    expect(reviewed.body.legs.map((l: { method: string; amountFen: number; state: string }) => `${l.method}:${l.amountFen}:${l.state}`)).toEqual([
      'cash:5000:succeeded',
      'balance:1000:succeeded',
    ]);
    expect((await mgr.json('GET', sport(`account/${accountId}`))).body.balanceFen).toBe(1000);
    expect(await orderMoney(s, order.id)).toMatchObject({ state: 'part_refunded', refundedFen: 6000 });
    const twice = await reviewer.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: false, remark: '再审' } });
    expect([twice.code, twice.detail?.reason]).toEqual([Code.CONFLICT, 'state']);
    const last = await mgr.json('POST', sport('refund'), { body: { orderId: order.id, items: [{ itemId, quantity: 1 }], reason: '全部退' } });
    await reviewer.json('POST', sport(`refund/${last.body.id}/review`), { body: { approve: true, remark: 'ok' } });
    expect(await orderMoney(s, order.id)).toMatchObject({ state: 'refunded', refundedFen: 8000 });
    const item = (await mgr.json('GET', sport(`order/${order.id}`))).body.items[0];
    expect(item).toMatchObject({ refundedQty: 4, refundedFen: 8000 });
  });

  it('a rejected refund moves no money; a non-order refund is paid out after review', async () => {
    const order = await sellGeneral(mgr, [{ name: '门票', unitPriceFen: 1000 }]);
    await pay(mgr, order.id, { method: 'cash', amountFen: 1000 });
    const applied = await mgr.json('POST', sport('refund'), { body: { orderId: order.id, amountFen: 400, reason: '服务不满意' } });
    const rejected = await reviewer.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: false, remark: '不符合规定' } });
    expect(rejected.body).toMatchObject({ state: 'rejected', reviewRemark: '不符合规定', legs: [] });
    expect(await orderMoney(s, order.id)).toMatchObject({ state: 'paid', refundedFen: 0 });
    const non = await mgr.json('POST', sport('refund/nonOrder'), {
      body: { payeeName: '赵先生', payeePhone: '13900000002', amountFen: 2000, method: 'cash', reason: '押金退还' },
    });
    expect(non.body).toMatchObject({ kind: 'non_order', state: 'applied', orderId: null });
    const done = await reviewer.json('POST', sport(`refund/${non.body.id}/review`), { body: { approve: true, remark: '核实' } });
    expect(done.body.state).toBe('succeeded');
    const flow = await mgr.json('POST', sport('ledger/list'), { body: { txnKind: 'non_order_refund' } });
    expect(flow.body.data.map((e: { account: string; side: string }) => `${e.side}:${e.account}`).sort()).toEqual(['credit:cash', 'debit:sales']);
  });

  it('cancel releases the order and returns money already taken; a cancelled order cannot be paid', async () => {
    const accountId = await openAccount(mgr, '周会员', 500);
    const order = await sellGeneral(mgr, [{ name: '团课', unitPriceFen: 2000 }]);
    await pay(mgr, order.id, { method: 'balance', accountId, amountFen: 500 });
    const cancelled = await mgr.json('POST', sport(`order/${order.id}/cancel`), { body: { reason: '客户改期' } });
    expect(cancelled.body).toMatchObject({ state: 'cancelled', cancelReason: '客户改期' });
    expect((await mgr.json('GET', sport(`account/${accountId}`))).body.balanceFen).toBe(500);
    const refunds = (await mgr.json('GET', sport(`order/${order.id}`))).body.refunds;
    expect(refunds).toMatchObject([{ automatic: true, state: 'succeeded', amountFen: 500 }]);
    const late = await pay(mgr, order.id, { method: 'cash', amountFen: 1500 });
    expect([late.code, late.detail?.reason]).toEqual([Code.CONFLICT, 'state']);
    const again = await mgr.json('POST', sport(`order/${order.id}/cancel`), { body: {} });
    expect(again.detail?.reason).toBe('state');
  });

  it("each order type's time-out is a parameter (minutes, checked when saved)", async () => {
    const bad = await admin.json('POST', '/api/system/config/', { body: { code: 'commerce.orderTimeout.goods', name: '租售订单超时(分钟)', value: '0' } });
    expect(bad.code).toBe(Code.FORM_INVALID);
    const saved = await admin.json('POST', '/api/system/config/', { body: { code: 'commerce.orderTimeout.goods', name: '租售订单超时(分钟)', value: '45' } });
    expect(saved.code, saved.msg).toBe(0);
    const order = await mgr.json('POST', sport('order'), { body: { type: 'goods', items: [{ kind: 'general', name: '球拍', unitPriceFen: 100 }] } });
    const minutes = (new Date(order.body.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(44);
    expect(minutes).toBeLessThanOrEqual(45);
  });

  it('unpaid orders time out: the job cancels them at expiresAt', async () => {
    const order = await sellGeneral(mgr, [{ name: '羽毛球', unitPriceFen: 800 }]);
    expect(new Date(order.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    const n = await expireOrders(s.database.db, async () => undefined, new Date(Date.now() + 16 * 60_000));
    expect(n).toBeGreaterThanOrEqual(1);
    expect(await orderMoney(s, order.id)).toMatchObject({ state: 'cancelled' });
    expect((await mgr.json('GET', sport(`order/${order.id}`))).body.cancelReason).toBe('timeout');
  });

  it('a payment after the hold was lost is refunded automatically and the order marked overpaid', async () => {
    const place = 1000 + taken.size + Math.floor(Math.random() * 1e6);
    const first = { body: await sellCoupon(place) };
    expect(first.body.items[0].holdState).toBe('held');
    // The hold lapses and another buyer takes the place before the first one pays.
    await expireOrders(s.database.db, async () => undefined, new Date(Date.now() + 16 * 60_000));
    const second = { body: await sellCoupon(place) };
    // A payment of the first order that was already under way (the order reopened for the test).
    await s.database.query(`update sport_order set state = 'pending', cancelled_at = null, expires_at = now() - interval '1 minute' where id = $1`, [
      first.body.id,
    ]);
    const paid = await pay(mgr, first.body.id, { method: 'cash', amountFen: 1000 }).catch((e) => e);
    expect(paid.code).toBe(Code.CONFLICT); // past its time-out: refused before any money moves
    await s.database.query(`update sport_order set expires_at = now() + interval '5 minutes' where id = $1`, [first.body.id]);
    const late = await pay(mgr, first.body.id, { method: 'cash', amountFen: 1000 });
    expect(late.code, late.msg).toBe(0);
    expect(late.body.order).toMatchObject({ state: 'cancelled', overpaid: true, paidFen: 1000, refundedFen: 1000 });
    expect(taken.get(place)).toBe(second.body.items[0].id);
    // The refund list filters by the kind of what was refunded: the refunds of orders with places, and no other.
    const returned = await mgr.json('POST', sport('refund/list'), { body: { itemKind: 'test_place', sortField: 'amountFen', sortOrder: 'descend' } });
    expect(returned.body.data.map((r: { orderId: number }) => r.orderId)).toEqual([first.body.id]);
  });

  // Needs real connections: PGlite has one, so nothing runs at once there (CI always has PostgreSQL).
  if (kind === 'postgres')
    it('payments racing against one balance never overdraw it', async () => {
      const accountId = await openAccount(mgr, '并发会员', 500);
      const orders = await Promise.all(Array.from({ length: 12 }, () => sellGeneral(mgr, [{ name: '并发', unitPriceFen: 100 }])));
      const results = await Promise.all(orders.map((o) => pay(mgr, o.id, { method: 'balance', accountId, amountFen: 100 })));
      expect(results.filter((r) => r.code === 0)).toHaveLength(5);
      expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.FORM_INVALID && r.detail[0].field === 'amountFen')).toBe(true);
      expect((await mgr.json('GET', sport(`account/${accountId}`))).body.balanceFen).toBe(0);
      // And one order paid from two places at once is paid once.
      const one = await sellGeneral(mgr, [{ name: '同单并发', unitPriceFen: 300 }]);
      const both = await Promise.all([pay(mgr, one.id, { method: 'cash', amountFen: 300 }), pay(mgr, one.id, { method: 'cash', amountFen: 300 })]);
      expect(both.map((r) => `${r.code}:${r.detail?.reason ?? ''}`).sort()).toEqual(['0:', `${Code.CONFLICT}:state`]);
      expect(await orderMoney(s, one.id)).toMatchObject({ state: 'paid', paidFen: 300 });
    });

  it('answers the order types the loaded modules sell in, each with its module; a type no module sells is not among them', async () => {
    const types = await mgr.json('GET', sport('order/types'));
    expect(types.code).toBe(Code.OK);
    const byType = new Map(types.body.map((t: { type: string; module: string }) => [t.type, t.module]));
    expect(Object.fromEntries(['general', 'goods', 'card', 'venue', 'ticket', 'course', 'sparring'].map((t) => [t, byType.get(t)]))).toEqual({
      general: 'sport/commerce',
      goods: 'sport/commerce',
      card: 'sport/commerce',
      venue: 'sport/booking',
      ticket: 'sport/ticket',
      course: 'sport/course',
      sparring: 'sport/sparring',
    });
    // The coupon and registration modules sell in theirs; a type no module sells is not answered.
    expect([byType.get('coupon'), byType.get('registration')]).toEqual(['sport/coupon', 'sport/registration']);
    expect(byType.has('nothing')).toBe(false);
    // Without the order list permission the types are refused.
    const user = await makeUser(admin, orgId);
    const stranger = await signIn(s, user.code, 'Pass1234');
    expect((await stranger.json('GET', sport('order/types'))).code).toBe(Code.FORBIDDEN);
  });

  it('lists and filters orders, refunds and the capital flow; sums per method and day', async () => {
    const order = await sellGeneral(mgr, [{ name: '筛选专用', unitPriceFen: 700 }], { buyerName: '钱女士', buyerPhone: '13700000003' });
    await pay(mgr, order.id, { method: 'transfer', amountFen: 700 });
    const byBuyer = await mgr.json('POST', sport('order/list'), { body: { buyer: '1370000000' } });
    expect(byBuyer.body.data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const byState = await mgr.json('POST', sport('order/list'), { body: { state: 'cancelled', pageSize: 100 } });
    expect(byState.body.data.every((o: { state: string }) => o.state === 'cancelled')).toBe(true);
    const byType = await mgr.json('POST', sport('order/list'), { body: { type: 'venue' } });
    expect(byType.body).toEqual({ total: 0, data: [] });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const sum = await mgr.json('POST', sport('ledger/summary'), { body: { dayFrom: today, dayTo: today } });
    const transfer = sum.body.totals.find((t: { account: string }) => t.account === 'transfer');
    expect(transfer).toMatchObject({ inFen: 700, outFen: 0, netFen: 700 });
    const sales = sum.body.totals.find((t: { account: string }) => t.account === 'sales');
    const cash = sum.body.totals.find((t: { account: string }) => t.account === 'cash');
    expect(cash.netFen).toBeGreaterThan(0);
    expect(sales.outFen).toBeGreaterThan(0);
  });

  it("another organisation's orders, refunds and accounts answer 100404 and stay unchanged", async () => {
    const other = await commerceStaff(s, admin, platformId);
    const order = await sellGeneral(other.c, [{ name: '他店商品', unitPriceFen: 100 }]);
    expect((await mgr.json('GET', sport(`order/${order.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await pay(mgr, order.id, { method: 'cash', amountFen: 100 })).code).toBe(Code.NOT_FOUND);
    expect((await mgr.json('POST', sport(`order/${order.id}/cancel`), { body: {} })).code).toBe(Code.NOT_FOUND);
    const theirAccount = await openAccount(other.c, '别家会员', 100);
    const mine = await sellGeneral(mgr, [{ name: '本店', unitPriceFen: 100 }]);
    const steal = await pay(mgr, mine.id, { method: 'balance', accountId: theirAccount, amountFen: 100 });
    expect(steal.code).toBe(Code.NOT_FOUND);
    expect((await other.c.json('GET', sport(`account/${theirAccount}`))).body.balanceFen).toBe(100);
    expect(await orderMoney(s, order.id)).toMatchObject({ state: 'pending' });
    expect(orgId).not.toBe(other.orgId);
  });
});
