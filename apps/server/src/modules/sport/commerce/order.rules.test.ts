import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code, Perm } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { makeMember } from '../card/card.testkit.ts';
import type { Caller } from '../../../platform/http.ts';
import { imbalances, orderMoney, pay, sellGeneral, sport } from './commerce.testkit.ts';
import { registerItemKind, type ItemKind } from './item-kinds.ts';
import { createOrder, registerOrderType, type NewOrder } from './order.service.ts';
import { DISCOUNT_LIMITS_PARAM, registerPriceAdjuster } from './pricing.ts';

/**
 * Issue 23, points 2, 5 and 15 (the order side): what the generic sale may sell, who may discount
 * and comp, whose stored value pays, holds that never lapse, and bounded totals.
 */

// Held kinds whose confirm refuses, as a reserved ticket not yet approved does (free) or a hold lost
// meanwhile (priced): their place stays taken only while held.
const heldPlaces = new Map<number, number>(); // place -> item holding it
function refusingKind(kind: ItemKind['kind'], orderType: ItemKind['orderTypes'][number], name: string, unitPriceFen: number) {
  registerItemKind({
    kind,
    orderTypes: [orderType],
    async price(_ctx, input) {
      return { name: `${name} ${input.refId}`, unitPriceFen };
    },
    async hold(_ctx, item) {
      if (heldPlaces.has(item.refId!)) throw new Error('taken');
      heldPlaces.set(item.refId!, item.id);
      return { place: item.refId };
    },
    async confirm() {
      return false;
    },
    async release(_ctx, item) {
      if (heldPlaces.get(item.refId!) === item.id) heldPlaces.delete(item.refId!);
    },
  });
}
// Order types and kinds of this test's own (names no module contributes), as a module's manifest would add them.
registerOrderType('test_hold', 'test');
registerOrderType('test_member', 'test');
refusingKind('test_hold', 'test_hold', '陪练', 0);
refusingKind('test_rent', 'goods', '租赁', 800);

// A coupon as a module would add one: 5 yuan off each line named 用券商品, after the manual discount.
const coupon = {
  name: 'test_coupon',
  order: 200,
  async adjust(_ctx: unknown, lines: readonly { index: number; priced: { name: string } }[]) {
    return lines.filter((l) => l.priced.name === '用券商品').map((l) => ({ line: l.index, amountFen: 500, reason: '满减券 A1' }));
  },
};
registerPriceAdjuster(coupon);
// A kind that prices a member level itself, as the booking grid does.
registerItemKind({
  kind: 'test_member',
  orderTypes: ['test_member'],
  async price() {
    return { name: '会员价课程', unitPriceFen: 8_000, memberPrice: { level: 'gold', listUnitPriceFen: 10_000 } };
  },
});

describe.each(databases)('order rules on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let orgId: number;
  let roleCode: string;
  /** Order list, add and pay only (the audit's cashier). */
  let cashier: Client;
  let cashierId: number;
  /** Also discount (within the role's limit) and comp. */
  let lead: Client;
  let leadRoleCode: string;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    const org = await makeOrg(admin, platformId);
    orgId = org.id;
    const role = await makeRole(admin, org.id);
    roleCode = role.code;
    await grantMenus(admin, role.id, ['sport.order.main.add', 'sport.order.main.pay']);
    const user = await makeUser(admin, org.id, { roleIds: [role.id] });
    cashierId = user.id;
    cashier = await signIn(s, user.code, 'Pass1234');
    const leadRole = await makeRole(admin, org.id);
    leadRoleCode = leadRole.code;
    await grantMenus(admin, leadRole.id, ['sport.order.main', 'sport.finance.capitalFlow']);
    lead = await signIn(s, (await makeUser(admin, org.id, { roleIds: [leadRole.id] })).code, 'Pass1234');
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  /** A module's own caller (createOrder is what the modules' routes call). */
  const callerOf = (userId: number): Caller => ({
    sessionId: 0,
    userId,
    userName: 'c',
    userCode: 'c',
    orgId,
    platform: false,
    admin: false,
    perms: new Set(),
    menuIds: new Set(),
    epoch: 0,
    roles: [],
    mustChangePassword: false,
  });
  const orderCount = async () => (await s.database.query<{ n: number }>(`select count(*)::int as n from sport_order where org_id = $1`, [orgId]))[0]!.n;

  it('the cashier lists, sells and takes payment', async () => {
    const order = await sellGeneral(cashier, [{ name: '毛巾', unitPriceFen: 1500 }]);
    expect((await cashier.json('POST', sport('order/list'), { body: { orderNo: order.orderNo } })).body.total).toBe(1);
    expect((await pay(cashier, order.id, { method: 'cash', amountFen: 1500 })).body.order.state).toBe('paid');
  });

  it('the generic sale sells general lines only: stored value, cards, tickets, slots and recharges are refused and nothing is made', async () => {
    const before = await orderCount();
    const lines = [
      { type: 'card', items: [{ kind: 'card', refId: 1, unitPriceFen: 0 }] },
      { type: 'card', items: [{ kind: 'recharge', refId: 1, unitPriceFen: 100_000 }] },
      { type: 'ticket', items: [{ kind: 'ticket', refId: 1, quantity: 10, discountFen: 0, detail: { sessionId: 1 } }] },
      { type: 'venue', items: [{ kind: 'venue', refId: 1, detail: { date: '2030-01-01', start: '10:00', end: '11:00' } }] },
      { type: 'general', items: [{ kind: 'general', refId: 1, name: 'x', unitPriceFen: 100 }] },
      { type: 'general', items: [{ kind: 'general', name: 'x', unitPriceFen: 100, detail: { a: 1 } }] },
    ];
    for (const body of lines) {
      const res = await lead.json('POST', sport('order'), { body, lang: 'en-US' });
      expect(res.code, JSON.stringify(body)).toBe(Code.INVALID);
    }
    expect(await orderCount()).toBe(before);
  });

  it('the channel is the server’s: a client that sends one (reserved included) is refused, and a sale is on the console channel', async () => {
    const before = await orderCount();
    for (const channel of ['reserved', 'distributor', 'console']) {
      const res = await cashier.json('POST', sport('order'), {
        body: { type: 'general', channel, items: [{ kind: 'general', name: 'x', unitPriceFen: 100 }] },
        lang: 'en-US',
      });
      expect(res.code).toBe(Code.INVALID);
      expect(res.detail.map((d: { field: string }) => d.field)).toContain('channel');
    }
    expect(await orderCount()).toBe(before);
    expect((await sellGeneral(cashier, [{ name: '水', unitPriceFen: 300 }])).channel).toBe('console');
  });

  it('a discount needs its permission, a reason and the role’s limit; the reason is kept on the order', async () => {
    const before = await orderCount();
    const body = (discountFen: number, extra: Record<string, unknown> = {}) => ({
      body: { type: 'general', items: [{ kind: 'general', name: '私教课', unitPriceFen: 10_000, discountFen }], ...extra },
      lang: 'en-US' as const,
    });
    // The cashier may not discount at all.
    const refused = await cashier.json('POST', sport('order'), body(100));
    expect([refused.code, refused.msg]).toEqual([Code.FORBIDDEN, 'You may not give discounts']);
    expect((await cashier.json('POST', sport('order'), body(100, { discountReason: '老客户' }))).code).toBe(Code.FORBIDDEN);
    // A holder gives a reason ...
    const noReason = await lead.json('POST', sport('order'), body(500));
    expect(noReason.code).toBe(Code.FORM_INVALID);
    expect(noReason.detail[0]).toMatchObject({ field: 'discountReason', message: 'Give the reason for the discount' });
    // ... within the limit (by default 10% of the order).
    const over = await lead.json('POST', sport('order'), body(1_001, { discountReason: '老客户' }));
    expect(over.code).toBe(Code.FORM_INVALID);
    expect(over.detail[0]).toMatchObject({ field: 'items.0.discountFen', message: 'The discount is over your role’s limit (at most 10%)' });
    const zh = await lead.json('POST', sport('order'), { ...body(1_001, { discountReason: '老客户' }), lang: 'zh-CN' });
    expect(zh.detail[0].message).toBe('优惠超出您的角色限额（最多 10%）');
    expect(await orderCount()).toBe(before);
    const ok = await lead.json('POST', sport('order'), body(1_000, { discountReason: '老客户' }));
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.body).toMatchObject({ totalFen: 10_000, discountFen: 1_000, payableFen: 9_000, discountReason: '老客户' });
    // The platform sets a role's own limit: 50%, at most 30 yuan.
    const set = await admin.json('POST', '/api/system/config/', {
      body: { code: DISCOUNT_LIMITS_PARAM, name: '优惠限额', value: JSON.stringify({ roles: { [leadRoleCode]: { maxPercent: 50, maxFen: 3_000 } } }) },
    });
    expect(set.code, set.msg).toBe(0);
    const bad = await admin.json('POST', '/api/system/config/', {
      body: { code: DISCOUNT_LIMITS_PARAM, name: '优惠限额', value: JSON.stringify({ roles: { x: { maxPercent: 101 } } }) },
    });
    expect(bad.code).toBe(Code.FORM_INVALID);
    const overFen = await lead.json('POST', sport('order'), body(3_001, { discountReason: '活动' }));
    expect(overFen.detail[0].message).toBe('The discount is over your role’s limit (at most 50% and 30.00 yuan)');
    expect((await lead.json('POST', sport('order'), body(3_000, { discountReason: '活动' }))).code).toBe(0);
    // The cashier's role has no entry: the permission still decides first.
    expect((await cashier.json('POST', sport('order'), body(100, { discountReason: 'x' }))).code).toBe(Code.FORBIDDEN);
    expect(roleCode).not.toBe(leadRoleCode);
  });

  it('the comp method needs its own permission', async () => {
    const order = await sellGeneral(cashier, [{ name: '饮料', unitPriceFen: 500 }]);
    const refused = await pay(cashier, order.id, { method: 'free', amountFen: 500 });
    expect(refused.code).toBe(Code.FORBIDDEN);
    expect(await orderMoney(s, order.id)).toMatchObject({ state: 'pending', paidFen: 0 });
    const comped = await pay(lead, order.id, { method: 'free', amountFen: 500 });
    expect(comped.code, comped.msg).toBe(0);
    expect(comped.body.order).toMatchObject({ state: 'paid', paidFen: 500 });
  });

  it('stored value pays only an order of the account’s member', async () => {
    const memberId = await makeMember(s, orgId);
    const acct = await lead.json('POST', sport('account'), { body: { holderName: '储值会员', memberId } });
    expect(acct.code, acct.msg).toBe(0);
    // Money in, as the recharge call makes it (a module's createOrder, so that this runs on any version).
    const top = await createOrder(
      s.database.db,
      callerOf(cashierId),
      {
        type: 'card',
        channel: 'console',
        memberId,
        buyerName: null,
        buyerPhone: null,
        remark: null,
        items: [{ kind: 'recharge', refId: acct.body.id, quantity: 1, unitPriceFen: 5_000, discountFen: 0 }],
      },
      undefined,
    );
    expect((await pay(lead, top, { method: 'cash', amountFen: 5_000 })).code).toBe(0);
    expect((await lead.json('GET', sport(`account/${acct.body.id}`))).body.balanceFen).toBe(5_000);
    // An order that names no member cannot be charged to the member's stored value.
    const walkIn = await sellGeneral(cashier, [{ name: '球拍', unitPriceFen: 2_000 }]);
    const stolen = await cashier.json('POST', sport(`order/${walkIn.id}/pay`), {
      body: { method: 'balance', accountId: acct.body.id, amountFen: 2_000 },
      lang: 'en-US',
    });
    expect(stolen.code).toBe(Code.FORM_INVALID);
    expect(stolen.detail[0]).toMatchObject({
      field: 'accountId',
      message: 'Stored value pays only orders of the account’s member (or a sharer their card allows)',
    });
    expect((await lead.json('GET', sport(`account/${acct.body.id}`))).body.balanceFen).toBe(5_000);
    // Nor an order of another member.
    const theirs = await sellGeneral(cashier, [{ name: '球拍', unitPriceFen: 2_000 }], { memberId: await makeMember(s, orgId) });
    expect((await pay(cashier, theirs.id, { method: 'balance', accountId: acct.body.id, amountFen: 2_000 })).code).toBe(Code.FORM_INVALID);
    // The member's own order is paid.
    const own = await sellGeneral(cashier, [{ name: '球拍', unitPriceFen: 2_000 }], { memberId });
    const paid = await pay(cashier, own.id, { method: 'balance', accountId: acct.body.id, amountFen: 2_000 });
    expect(paid.code, paid.msg).toBe(0);
    expect((await lead.json('GET', sport(`account/${acct.body.id}`))).body.balanceFen).toBe(3_000);
  });

  it('a recharge is its own call under its own permission; the cashier may not recharge', async () => {
    const memberId = await makeMember(s, orgId);
    const acct = await lead.json('POST', sport('account'), { body: { holderName: '充值', memberId } });
    const top = await lead.json('POST', sport(`account/${acct.body.id}/recharge`), { body: { amountFen: 5_000 } });
    expect(top.code, top.msg).toBe(0);
    expect(top.body).toMatchObject({
      memberId,
      type: 'card',
      payableFen: 5_000,
      channel: 'console',
      buyerName: '充值',
      items: [{ kind: 'recharge', amountFen: 5_000 }],
    });
    expect((await pay(lead, top.body.id, { method: 'cash', amountFen: 5_000 })).body.order.state).toBe('paid');
    expect((await lead.json('GET', sport(`account/${acct.body.id}`))).body.balanceFen).toBe(5_000);
    expect((await cashier.json('POST', sport(`account/${acct.body.id}/recharge`), { body: { amountFen: 100 } })).code).toBe(Code.FORBIDDEN);
    for (const body of [
      { amountFen: 0 },
      { amountFen: 'x' },
      { amountFen: 10_000_000_001 },
      { amountFen: 100, venueId: 'x' },
      { amountFen: 100, channel: 'reserved' },
      {},
    ]) {
      const bad = await lead.json('POST', sport(`account/${acct.body.id}/recharge`), { body });
      expect(bad.code, JSON.stringify(body)).toBe(Code.INVALID);
    }
    expect((await lead.json('POST', sport('account/abc/recharge'), { body: { amountFen: 100 } })).code).toBe(Code.INVALID);
    expect((await lead.json('POST', sport('account/999999999/recharge'), { body: { amountFen: 100 } })).code).toBe(Code.NOT_FOUND);
  });

  it('a zero-priced order whose hold cannot be confirmed is cancelled and its hold released (never paid with the hold kept)', async () => {
    const place = 5000 + Math.floor(Math.random() * 1e6);
    const caller = callerOf(cashierId);
    const id = await createOrder(
      s.database.db,
      caller,
      {
        type: 'test_hold',
        channel: 'console',
        buyerName: null,
        buyerPhone: null,
        remark: null,
        items: [{ kind: 'test_hold', refId: place, quantity: 1, discountFen: 0 }],
      },
      undefined,
    );
    const detail = (await lead.json('GET', sport(`order/${id}`))).body;
    expect(detail).toMatchObject({ state: 'cancelled', payableFen: 0, expiresAt: null });
    expect(detail.items[0].holdState).toBe('released');
    expect(heldPlaces.has(place)).toBe(false);
    // The place can be held again by the next order.
    await createOrder(
      s.database.db,
      caller,
      {
        type: 'test_hold',
        channel: 'console',
        buyerName: null,
        buyerPhone: null,
        remark: null,
        items: [{ kind: 'test_hold', refId: place, quantity: 1, discountFen: 0 }],
      },
      undefined,
    );
    expect(heldPlaces.has(place)).toBe(false);
  });

  it('a paid order whose hold cannot be confirmed is cancelled, refunded, and its line released', async () => {
    const place = 7000 + Math.floor(Math.random() * 1e6);
    const id = await createOrder(
      s.database.db,
      callerOf(cashierId),
      {
        type: 'goods',
        channel: 'console',
        buyerName: null,
        buyerPhone: null,
        remark: null,
        items: [{ kind: 'test_rent', refId: place, quantity: 1, discountFen: 0 }],
      },
      undefined,
    );
    expect(heldPlaces.has(place)).toBe(true);
    const paid = await pay(cashier, id, { method: 'cash', amountFen: 800 });
    expect(paid.body.order).toMatchObject({ state: 'cancelled', overpaid: true, refundedFen: 800 });
    expect(heldPlaces.has(place)).toBe(false);
    expect((await lead.json('GET', sport(`order/${id}`))).body.items[0].holdState).toBe('released');
  });

  it('totals are bounded: an order above ¥100,000,000 is refused with 100400 and nothing is made', async () => {
    const before = await orderCount();
    const max = 10_000_000_000;
    const line = (unitPriceFen: number, quantity = 1) => ({ kind: 'general', name: 'x', unitPriceFen, quantity });
    const tooDear = await cashier.json('POST', sport('order'), { body: { type: 'general', items: [line(max + 1)] }, lang: 'en-US' });
    expect(tooDear.code).toBe(Code.INVALID);
    const tooMany = await cashier.json('POST', sport('order'), { body: { type: 'general', items: [line(1, 10_000)] } });
    expect(tooMany.code).toBe(Code.INVALID);
    const twice = await cashier.json('POST', sport('order'), { body: { type: 'general', items: [line(max, 2)] }, lang: 'en-US' });
    expect(twice.code).toBe(Code.INVALID);
    expect(twice.detail[0]).toMatchObject({ field: 'items.0.quantity', message: 'An order cannot exceed 100000000.00 yuan' });
    const sum = await cashier.json('POST', sport('order'), { body: { type: 'general', items: Array.from({ length: 200 }, () => line(max, 9_999)) } });
    expect(sum.code).toBe(Code.INVALID);
    const lines = await cashier.json('POST', sport('order'), { body: { type: 'general', items: [line(max), line(1)] }, lang: 'en-US' });
    expect([lines.code, lines.detail[0].field]).toEqual([Code.INVALID, 'items.1.quantity']);
    expect(await orderCount()).toBe(before);
    const atMax = await cashier.json('POST', sport('order'), { body: { type: 'general', items: [line(max / 2, 2)] } });
    expect(atMax.code, atMax.msg).toBe(0);
    expect(atMax.body.payableFen).toBe(max);
  });

  // ---------------------------------------------------------------- server-side pricing (issue 24, point 3)

  /** A module's order of one general line (createOrder is what every selling route calls). */
  const moduleOrder = (discountFen: number, extra: Partial<NewOrder> = {}): NewOrder => ({
    type: 'general',
    channel: 'console',
    buyerName: null,
    buyerPhone: null,
    remark: null,
    items: [{ kind: 'general', name: '私教课', unitPriceFen: 10_000, quantity: 1, discountFen }],
    ...extra,
  });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: { code?: number; detail?: { field: string; message: string }[] }) => ({ code: e.code, field: e.detail?.[0]?.field, message: e.detail?.[0]?.message }),
    );

  it('a discount on any order-making route needs its permission: 100420 without it, and nothing is made', async () => {
    const before = await orderCount();
    // The generic sale.
    const sale = await cashier.json('POST', sport('order'), {
      body: { type: 'general', items: [{ kind: 'general', name: '私教课', unitPriceFen: 10_000, discountFen: 100 }], discountReason: '老客户' },
    });
    expect(sale.code).toBe(Code.FORBIDDEN);
    // A module's route: the core refuses a discount its caller may not give, whatever the module passes on.
    expect(await refusal(createOrder(s.database.db, callerOf(cashierId), moduleOrder(100, { discountReason: '老客户' }), undefined))).toMatchObject({
      code: Code.FORBIDDEN,
    });
    // The recharge call takes no discount at all.
    const acct = await lead.json('POST', sport('account'), { body: { holderName: '无优惠' } });
    const top = await lead.json('POST', sport(`account/${acct.body.id}/recharge`), { body: { amountFen: 5_000, discountFen: 100 } });
    expect(top.code).toBe(Code.INVALID);
    expect(await orderCount()).toBe(before);
  });

  it('a module’s discount needs a reason and stays within the caller’s role limit, as the generic sale’s', async () => {
    const before = await orderCount();
    const holder = { ...callerOf(cashierId), perms: new Set([Perm.order.discount]), roles: ['no-entry-role'] };
    expect(await refusal(createOrder(s.database.db, holder, moduleOrder(500), undefined))).toMatchObject({
      code: Code.FORM_INVALID,
      field: 'discountReason',
      message: 'commerce.discountReasonRequired',
    });
    // No entry for the role: the default, 10% of the order.
    expect(await refusal(createOrder(s.database.db, holder, moduleOrder(1_001, { discountReason: '老客户' }), undefined))).toMatchObject({
      code: Code.FORM_INVALID,
      field: 'items.0.discountFen',
      message: 'commerce.discountOverLimit',
    });
    expect(await refusal(createOrder(s.database.db, holder, moduleOrder(10_001, { discountReason: '老客户' }), undefined))).toMatchObject({
      code: Code.FORM_INVALID,
      field: 'items.0.discountFen',
      message: 'commerce.discountTooBig',
    });
    expect(await orderCount()).toBe(before);
    const id = await createOrder(s.database.db, holder, moduleOrder(1_000, { discountReason: '老客户' }), undefined);
    expect((await lead.json('GET', sport(`order/${id}`))).body).toMatchObject({
      totalFen: 10_000,
      discountFen: 1_000,
      payableFen: 9_000,
      discountReason: '老客户',
    });
  });

  it('each discount is recorded on its line with its source, reason and amount, and the order answers them', async () => {
    const made = await sellGeneral(
      lead,
      [
        { name: '私教课', unitPriceFen: 10_000, discountFen: 500 },
        { name: '用券商品', unitPriceFen: 2_000, quantity: 2 },
      ],
      { discountReason: '老客户' },
    );
    const detail = (await lead.json('GET', sport(`order/${made.id}`))).body;
    for (const order of [made, detail]) {
      expect(order).toMatchObject({ totalFen: 14_000, discountFen: 1_000, payableFen: 13_000 });
      expect(order.items.map((i: Record<string, unknown>) => [i.discountFen, i.amountFen, i.adjustments])).toEqual([
        [500, 9_500, [{ source: 'manual', reason: '老客户', amountFen: 500, inPrice: false }]],
        [500, 3_500, [{ source: 'test_coupon', reason: '满减券 A1', amountFen: 500, inPrice: false }]],
      ]);
    }
    // A member level the kind priced itself stays in its price, and is recorded as the line's source.
    const course = await createOrder(
      s.database.db,
      callerOf(cashierId),
      {
        type: 'test_member',
        channel: 'console',
        buyerName: null,
        buyerPhone: null,
        remark: null,
        items: [{ kind: 'test_member', quantity: 2, discountFen: 0 }],
      },
      undefined,
    );
    const levelled = (await lead.json('GET', sport(`order/${course}`))).body;
    expect(levelled).toMatchObject({ totalFen: 16_000, discountFen: 0, payableFen: 16_000 });
    expect(levelled.items[0]).toMatchObject({
      unitPriceFen: 8_000,
      discountFen: 0,
      adjustments: [{ source: 'member', reason: 'gold', amountFen: 4_000, inPrice: true }],
    });
    // A line without an adjustment has none.
    expect((await sellGeneral(cashier, [{ name: '水', unitPriceFen: 300 }])).items[0].adjustments).toEqual([]);
  });

  it('a price adjuster registered twice throws, the core’s own names included', () => {
    expect(() => registerPriceAdjuster({ ...coupon })).toThrow('price adjuster test_coupon is registered twice');
    expect(() => registerPriceAdjuster({ ...coupon, name: 'manual' })).toThrow('price adjuster manual is registered twice');
    expect(() => registerPriceAdjuster({ ...coupon, name: 'member' })).toThrow('price adjuster member is registered twice');
  });
});
