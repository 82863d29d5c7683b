import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, pay, sport } from '../commerce/commerce.testkit.ts';
import { addDays } from '../venue/index.ts';
import { booking, today } from '../venue/venue.testkit.ts';
import { conflict } from '../../../platform/errors.ts';
import { oneOrgScope } from '../../../platform/scope.ts';
import { issueBatch, onCouponUse } from './index.ts';
import { stockedGoods } from '../goods/goods.testkit.ts';
import { amountTemplate, couponApi, couponStaff, member, ok, stats } from './coupon.testkit.ts';

/**
 * Coupons (issue 28): the fixed calls exactly as written; a coupon held by the pending order, used
 * when it is paid, released by its cancel; refunds that return or spend the coupon, checked against
 * the ledger; deterministic stacking; validity; issuing once per batch key; another organisation's
 * template and coupons are not found.
 */
describe.each(databases)('coupons on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const staff = () => couponStaff(s, admin, platformId, { priceFen: 6000 });
  type Staff = Awaited<ReturnType<typeof staff>>;
  let hourSeq = 0;
  /** A booking of two hours (¥120) of the staff's first site, tomorrow, each call at other hours. */
  const bookWith = (st: Staff, extra: Record<string, unknown>) => {
    const h = 2 * (hourSeq++ % 11);
    const hh = (n: number) => `${String(n).padStart(2, '0')}:00`;
    return st.c.json<{ orderId: number; orderNo: string; amount: number; state: string }>('POST', booking('order'), {
      body: {
        stadiumId: st.venue.id,
        date: addDays(today(st.venue.timeZone), 1 + Math.floor(hourSeq / 11)),
        items: [{ siteId: st.sites[0]!.id, start: hh(h), end: hh(h + 2) }],
        buyerName: '顾客',
        ...extra,
      },
    });
  };
  const ledgerOf = async (orderId: number) =>
    (
      await s.database.query<{ account: string; side: string; amount_fen: string; txn_kind: string }>(
        `select account, side, amount_fen, txn_kind from sport_ledger_entry where order_id = $1 and account = 'couponCost' order by id`,
        [orderId],
      )
    ).map((r) => `${r.txn_kind} ${r.side} ${Number(r.amount_fen)}`);

  it('the fixed calls: a template with a code; booking/order takes couponCode and answers the amount after the discount; stats; cancel releases; a used-up code answers 100409 coupon', async () => {
    const st = await staff();
    const t = await amountTemplate(st.c, { code: 'summer20', totalLimit: 1 });
    expect(t).toMatchObject({
      id: expect.any(Number),
      name: '满100减20',
      kind: 'amount',
      valueFen: 2000,
      thresholdFen: 10000,
      totalLimit: 1,
      code: 'SUMMER20',
    });
    const a = await bookWith(st, { couponCode: 'SUMMER20' });
    expect(a.code, a.msg).toBe(0);
    expect(a.body.amount).toBe(10000);
    expect(await stats(st.c, t.id)).toMatchObject({ issued: 0, held: 1, used: 0, released: 0 });
    // The order detail shows the discount with its source.
    const detail = await ok(st.c, 'GET', sport(`order/${a.body.orderId}`));
    expect(detail).toMatchObject({ totalFen: 12000, discountFen: 2000, payableFen: 10000 });
    expect(detail.items[0].adjustments).toEqual([{ source: 'coupon', reason: '满100减20 (SUMMER20)', amountFen: 2000, inPrice: false }]);
    // The total limit of 1 is held: the next order is refused, and holds nothing.
    const b = await bookWith(st, { couponCode: 'summer20' });
    expect(b.code).toBe(Code.CONFLICT);
    expect(b.detail.reason).toBe('coupon');
    // Cancelling the order releases its coupon: held goes down by one, and the code is usable again.
    const cancelled = await st.c.json('POST', sport(`order/${a.body.orderId}/cancel`), { body: { reason: '顾客取消' } });
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect(await stats(st.c, t.id)).toMatchObject({ held: 0, used: 0, released: 1 });
    const c = await bookWith(st, { couponCode: 'SUMMER20' });
    expect(c.code, c.msg).toBe(0);
    expect(c.body.amount).toBe(10000);
    // Paid: used, and the ledger records the coupon's cost to the venue.
    const paid = await pay(st.c, c.body.orderId, { method: 'cash', amountFen: 10000 });
    expect(paid.code, paid.msg).toBe(0);
    expect(await stats(st.c, t.id)).toMatchObject({ held: 0, used: 1, released: 1 });
    expect(await ledgerOf(c.body.orderId)).toEqual(['coupon debit 2000']);
    // Under the threshold: refused with the field.
    const small = await st.c.json('POST', booking('order'), {
      body: {
        stadiumId: st.venue.id,
        date: addDays(today(st.venue.timeZone), 5),
        items: [{ siteId: st.sites[1]!.id, start: '08:00', end: '09:00' }],
        couponCode: 'SUMMER20',
      },
    });
    expect(small.code).toBe(Code.FORM_INVALID);
    expect(small.detail[0]).toEqual({ field: 'couponCode', message: '订单未满 ¥100.00，不能使用此券' });
  });

  it('the time-out releases a held coupon like a cancel', async () => {
    const st = await staff();
    const t = await amountTemplate(st.c, { code: 'TIMEOUT1', totalLimit: 5 });
    const a = await bookWith(st, { couponCode: 'TIMEOUT1' });
    expect(a.code, a.msg).toBe(0);
    await s.database.query(`update sport_order set expires_at = now() - interval '1 minute' where id = $1`, [a.body.orderId]);
    const { expireOrders } = await import('../commerce/index.ts');
    await expireOrders(s.database.db, async () => undefined);
    expect(await stats(st.c, t.id)).toMatchObject({ held: 0, released: 1 });
    const [tpl] = await s.database.query<{ taken: number }>(`select taken from sport_coupon_template where id = $1`, [t.id]);
    expect(Number(tpl!.taken)).toBe(0);
  });

  it('issues a batch once per key, to chosen members or a segment by level and tag; members past their limit are skipped', async () => {
    const st = await staff();
    const gold = await member(st.c, { level: 'gold', tags: ['VIP'] });
    const gold2 = await member(st.c, { level: 'gold' });
    const silver = await member(st.c, { level: 'silver', tags: ['VIP'] });
    const t = await amountTemplate(st.c, { perMemberLimit: 1, totalLimit: 10 });
    const first = await ok(st.c, 'POST', couponApi(`template/${t.id}/issue`), { batchKey: 'b-gold-1', segment: { level: 'gold' } });
    expect(first).toMatchObject({ issued: 2, target: 'level=gold', source: 'issue' });
    const again = await ok(st.c, 'POST', couponApi(`template/${t.id}/issue`), { batchKey: 'b-gold-1', segment: { level: 'gold' } });
    expect(again).toMatchObject({ id: first.id, issued: 2 });
    // The VIP tag: the silver member gets one; the gold VIP member is at the per-member limit.
    const vip = await ok(st.c, 'POST', couponApi(`template/${t.id}/issue`), { batchKey: 'b-vip', segment: { tag: 'VIP' } });
    expect(vip.issued).toBe(1);
    const chosen = await ok(st.c, 'POST', couponApi(`template/${t.id}/issue`), { batchKey: 'b-chosen', memberIds: [gold.id, gold2.id, silver.id] });
    expect(chosen.issued).toBe(0);
    expect(await stats(st.c, t.id)).toMatchObject({ issued: 3 });
    const list = await ok(st.c, 'POST', couponApi('list'), { templateId: t.id });
    expect(list.total).toBe(3);
    expect(list.data.map((r: { memberId: number; state: string }) => r.state)).toEqual(['issued', 'issued', 'issued']);
    const usable = await ok(st.c, 'POST', couponApi('list'), { memberId: silver.id, usable: true });
    expect(usable.data).toHaveLength(1);
    // Past the total: refused whole.
    const small = await amountTemplate(st.c, { perMemberLimit: null, totalLimit: 2 });
    const over = await st.c.json('POST', couponApi(`template/${small.id}/issue`), { body: { batchKey: 'b-over', memberIds: [gold.id, gold2.id, silver.id] } });
    expect(over.code).toBe(Code.CONFLICT);
    expect(over.detail.reason).toBe('coupon');
    expect(await stats(st.c, small.id)).toMatchObject({ issued: 0 });
  });

  it('a held coupon by id: used once even when two orders offer it; stacking is refused unless every coupon allows it, and then deterministic', async () => {
    const st = await staff();
    const m = await member(st.c);
    const plain = await amountTemplate(st.c, { perMemberLimit: 5, totalLimit: 10 });
    await ok(st.c, 'POST', couponApi(`template/${plain.id}/issue`), { batchKey: 'k1', memberIds: [m.id] });
    await ok(st.c, 'POST', couponApi(`template/${plain.id}/issue`), { batchKey: 'k2', memberIds: [m.id] });
    const mine = (await ok(st.c, 'POST', couponApi('list'), { memberId: m.id })).data.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
    expect(mine).toHaveLength(2);
    const two = await bookWith(st, { memberId: m.id, couponIds: mine });
    expect(two.code).toBe(Code.FORM_INVALID);
    expect(two.detail[0]).toEqual({ field: 'couponIds', message: '一张订单只能使用一张优惠券（除非券允许叠加）' });
    // Someone else's coupon is not the order's member's.
    const walkIn = await bookWith(st, { couponIds: [mine[0]] });
    expect(walkIn.detail[0]).toEqual({ field: 'couponIds', message: '优惠券不属于该订单的会员' });
    const one = await bookWith(st, { memberId: m.id, couponIds: [mine[0]] });
    expect(one.code, one.msg).toBe(0);
    expect(one.body.amount).toBe(10000);
    const again = await bookWith(st, { memberId: m.id, couponIds: [mine[0]] });
    expect(again.code).toBe(Code.CONFLICT);
    expect(again.detail.reason).toBe('coupon');
    // Stackable: ¥20 off above ¥100, then 10% off capped at ¥5 of what is left, in template order.
    const s1 = await amountTemplate(st.c, { stackable: true, perMemberLimit: 5, totalLimit: 10 });
    const s2 = await ok(st.c, 'POST', couponApi('template'), {
      name: '九折券',
      kind: 'percent',
      percentOff: 10,
      capFen: 500,
      stackable: true,
      validDays: 30,
    });
    await ok(st.c, 'POST', couponApi(`template/${s2.id}/issue`), { batchKey: 'k4', memberIds: [m.id] });
    await ok(st.c, 'POST', couponApi(`template/${s1.id}/issue`), { batchKey: 'k3', memberIds: [m.id] });
    const stackIds = (await ok(st.c, 'POST', couponApi('list'), { memberId: m.id, state: 'issued' })).data
      .filter((r: { templateId: number }) => r.templateId === s1.id || r.templateId === s2.id)
      .map((r: { id: number }) => r.id);
    const both = await bookWith(st, { memberId: m.id, couponIds: stackIds.reverse() });
    expect(both.code, both.msg).toBe(0);
    expect(both.body.amount).toBe(12000 - 2000 - 500);
    const d = await ok(st.c, 'GET', sport(`order/${both.body.orderId}`));
    expect(d.items[0].adjustments.map((x: { source: string; reason: string; amountFen: number }) => `${x.source} ${x.reason} ${x.amountFen}`)).toEqual([
      'coupon 满100减20 2000',
      'coupon 九折券 500',
    ]);
  });

  it('validity: a coupon past its end, or a code before its start, is refused; an issued coupon expires by the job', async () => {
    const st = await staff();
    const m = await member(st.c);
    const later = await amountTemplate(st.c, {
      code: 'LATER1',
      validFrom: new Date(Date.now() + 86_400_000).toISOString(),
      validTo: addDays(today('Asia/Shanghai'), 40),
    });
    const notYet = await bookWith(st, { couponCode: 'LATER1' });
    expect(notYet.code).toBe(Code.CONFLICT);
    expect(notYet.detail.reason).toBe('coupon');
    expect(await stats(st.c, later.id)).toMatchObject({ held: 0 });
    const t = await amountTemplate(st.c, { validFrom: null, validTo: null, validDays: 3 });
    await ok(st.c, 'POST', couponApi(`template/${t.id}/issue`), { batchKey: 'v1', memberIds: [m.id] });
    const [c] = (await ok(st.c, 'POST', couponApi('list'), { memberId: m.id })).data;
    await s.database.query(`update sport_coupon set valid_to = now() - interval '1 minute' where id = $1`, [c.id]);
    const expired = await bookWith(st, { memberId: m.id, couponIds: [c.id] });
    expect(expired.code).toBe(Code.CONFLICT);
    expect(expired.detail.reason).toBe('coupon');
    const { runCouponNotices } = await import('./coupon.jobs.ts');
    expect(await runCouponNotices(s.database.db)).toMatch(/^[1-9]\d* coupons expired/);
    expect((await ok(st.c, 'POST', couponApi('list'), { memberId: m.id })).data[0].state).toBe('expired');
  });

  it('refunds: a refunded order returns its coupon (rule return) or records it spent (rule spend), with rows of their own and the ledger giving the cost back line by line', async () => {
    const st = await staff();
    const m = await member(st.c);
    const ret = await amountTemplate(st.c, { refundRule: 'return', totalLimit: 10, perMemberLimit: 5 });
    const spend = await amountTemplate(st.c, { refundRule: 'spend', totalLimit: 10, perMemberLimit: 5, name: '到手即用券' });
    await ok(st.c, 'POST', couponApi(`template/${ret.id}/issue`), { batchKey: 'r1', memberIds: [m.id] });
    await ok(st.c, 'POST', couponApi(`template/${spend.id}/issue`), { batchKey: 's1', memberIds: [m.id] });
    const held = (await ok(st.c, 'POST', couponApi('list'), { memberId: m.id })).data;
    const byTemplate = (id: number) => held.find((r: { templateId: number }) => r.templateId === id).id as number;

    const refundAll = async (orderId: number) => {
      const d = await ok(st.c, 'GET', sport(`order/${orderId}`));
      const applied = await ok(st.c, 'POST', sport('refund'), {
        orderId,
        items: d.items.map((i: { id: number; quantity: number }) => ({ itemId: i.id, quantity: i.quantity })),
        reason: '场地维修',
      });
      // Line by line: the refund gives back what each line was paid, its discount taken off.
      expect(applied.amountFen).toBe(10000);
      await ok(st.reviewer, 'POST', sport(`refund/${applied.id}/review`), { approve: true, remark: '同意' });
      return applied;
    };

    for (const [t, outcome] of [
      [ret, 'returned'],
      [spend, 'spent'],
    ] as const) {
      const o = await bookWith(st, { memberId: m.id, couponIds: [byTemplate(t.id)] });
      expect(o.code, o.msg).toBe(0);
      expect((await pay(st.c, o.body.orderId, { method: 'cash', amountFen: 10000 })).code).toBe(0);
      const refund = await refundAll(o.body.orderId);
      expect(await ledgerOf(o.body.orderId)).toEqual(['coupon debit 2000', 'coupon_back credit 2000']);
      const rows = await ok(st.c, 'POST', couponApi('return/list'), { keyword: refund.refundNo });
      expect(rows.data).toEqual([expect.objectContaining({ refundNo: refund.refundNo, orderId: o.body.orderId, templateId: t.id, outcome, amountFen: 2000 })]);
      const coupon = (await ok(st.c, 'POST', couponApi('list'), { memberId: m.id, templateId: t.id })).data[0];
      expect(coupon.state).toBe(outcome === 'returned' ? 'issued' : 'used');
      expect(await stats(st.c, t.id)).toMatchObject(outcome === 'returned' ? { returned: 1, used: 0 } : { spent: 1, used: 1 });
    }
    // The returned coupon is usable again.
    const again = await bookWith(st, { memberId: m.id, couponIds: [byTemplate(ret.id)] });
    expect(again.code, again.msg).toBe(0);
  });

  it('a part refund gives back the cost of the lines refunded and keeps the coupon used', async () => {
    const st = await staff();
    const t = await amountTemplate(st.c, { code: 'PART1', totalLimit: 10, valueFen: 3000 });
    // Two sites for two hours each: ¥240, ¥30 off spread ¥15 a line.
    const o = await st.c.json('POST', booking('order'), {
      body: {
        stadiumId: st.venue.id,
        date: addDays(today(st.venue.timeZone), 20),
        items: [
          { siteId: st.sites[0]!.id, start: '10:00', end: '12:00' },
          { siteId: st.sites[1]!.id, start: '10:00', end: '12:00' },
        ],
        couponCode: 'PART1',
      },
    });
    expect(o.code, o.msg).toBe(0);
    expect(o.body.amount).toBe(21000);
    await pay(st.c, o.body.orderId, { method: 'cash', amountFen: 21000 });
    const d = await ok(st.c, 'GET', sport(`order/${o.body.orderId}`));
    expect(d.items.map((i: { amountFen: number; discountFen: number }) => [i.amountFen, i.discountFen])).toEqual([
      [10500, 1500],
      [10500, 1500],
    ]);
    const applied = await ok(st.c, 'POST', sport('refund'), {
      orderId: o.body.orderId,
      items: [{ itemId: d.items[0].id, quantity: 1 }],
      reason: '一片场地维修',
    });
    expect(applied.amountFen).toBe(10500);
    await ok(st.reviewer, 'POST', sport(`refund/${applied.id}/review`), { approve: true, remark: 'ok' });
    expect(await ledgerOf(o.body.orderId)).toEqual(['coupon debit 3000', 'coupon_back credit 1500']);
    expect(await stats(st.c, t.id)).toMatchObject({ used: 1, returned: 0, spent: 0 });
  });

  it('coupons sold as goods: a coupon order of a member; paid, the coupons are theirs; refunded unused, they are withdrawn', async () => {
    const st = await staff();
    const m = await member(st.c);
    const t = await amountTemplate(st.c, { priceFen: 1000, totalLimit: 5, perMemberLimit: 3 });
    const o = await ok(st.c, 'POST', couponApi('order'), { templateId: t.id, quantity: 2, memberId: m.id });
    expect(o).toMatchObject({ amount: 2000, state: 'pending' });
    const tooMany = await st.c.json('POST', couponApi('order'), { body: { templateId: t.id, quantity: 2, memberId: m.id } });
    expect(tooMany.detail.reason).toBe('coupon');
    await pay(st.c, o.orderId, { method: 'cash', amountFen: 2000 });
    const list = await ok(st.c, 'POST', couponApi('list'), { memberId: m.id, source: 'sale' });
    expect(list.data.map((c: { state: string }) => c.state)).toEqual(['issued', 'issued']);
    const orders = await ok(st.c, 'POST', sport('order/list'), { type: 'coupon' });
    expect(orders.data.map((r: { id: number }) => r.id)).toContain(o.orderId);
    const d = await ok(st.c, 'GET', sport(`order/${o.orderId}`));
    const applied = await ok(st.c, 'POST', sport('refund'), { orderId: o.orderId, items: [{ itemId: d.items[0].id, quantity: 2 }], reason: '不想要了' });
    await ok(st.reviewer, 'POST', sport(`refund/${applied.id}/review`), { approve: true, remark: 'ok' });
    const after = await ok(st.c, 'POST', couponApi('list'), { memberId: m.id, source: 'sale' });
    expect(after.data.map((c: { state: string }) => c.state)).toEqual(['void', 'void']);
    expect(Number((await s.database.query<{ taken: number }>(`select taken from sport_coupon_template where id = $1`, [t.id]))[0]!.taken)).toBe(0);
  });

  it('scoping: another organisation’s template, code and coupons are not found', async () => {
    const a = await staff();
    const b = await staff();
    const t = await amountTemplate(a.c, { code: 'ORGA1' });
    const m = await member(a.c);
    await ok(a.c, 'POST', couponApi(`template/${t.id}/issue`), { batchKey: 'x', memberIds: [m.id] });
    const [c] = (await ok(a.c, 'POST', couponApi('list'), { memberId: m.id })).data;
    expect((await b.c.json('GET', couponApi(`template/${t.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await b.c.json('POST', couponApi(`template/${t.id}/stats`))).code).toBe(Code.NOT_FOUND);
    expect((await b.c.json('POST', couponApi(`template/${t.id}/issue`), { body: { batchKey: 'y', memberIds: [m.id] } })).code).toBe(Code.NOT_FOUND);
    expect((await b.c.json('PUT', couponApi(`template/${t.id}`), { body: { name: 'x', version: t.version } })).code).toBe(Code.NOT_FOUND);
    const code = await bookWith(b, { couponCode: 'ORGA1' });
    expect(code.detail[0]).toEqual({ field: 'couponCode', message: '券码不存在或已停用' });
    const other = await bookWith(b, { couponIds: [c.id] });
    expect(other.code).toBe(Code.NOT_FOUND);
    expect((await ok(b.c, 'POST', couponApi('list'), {})).total).toBe(0);
    // A code is unique in its organisation only.
    await amountTemplate(b.c, { code: 'ORGA1' });
    const dup = await a.c.json('POST', couponApi('template'), { body: { name: 'x', kind: 'amount', valueFen: 100, validDays: 3, code: 'orga1' } });
    expect(dup.code).toBe(Code.CONFLICT);
    expect(dup.detail.reason).toBe('duplicate');
  });

  it('a campaign issues its pack through the exported service (once per key) and keeps a budget by listening to uses: the use past it is refused', async () => {
    const st = await staff();
    const m = await member(st.c);
    const t = await amountTemplate(st.c, { perMemberLimit: 5, totalLimit: 10 });
    const pack = () =>
      s.database.db.transaction((tx) => issueBatch(tx, oneOrgScope(st.orgId), t.id, { batchKey: 'campaign-7', memberIds: [m.id], source: 'campaign' }, null));
    const first = await pack();
    expect(await pack()).toMatchObject({ id: first.id, issued: 1, source: 'campaign' });
    // A budget of ¥30 over this template's uses: held uses count, released ones come back.
    let spentFen = 0;
    const stop = onCouponUse({
      name: `test.budget.${kind}`,
      async held(_tx, use) {
        if (use.templateId !== t.id) return;
        if (spentFen + use.amountFen > 3000) throw conflict('coupon', 'coupon.usedUp');
        spentFen += use.amountFen;
      },
      async released(_tx, use) {
        if (use.templateId === t.id) spentFen -= use.amountFen;
      },
    });
    // Test files share a process: the listener goes with its test, pass or fail.
    onTestFinished(stop);
    await ok(st.c, 'POST', couponApi(`template/${t.id}/issue`), { batchKey: 'more', memberIds: [m.id] });
    const ids = (await ok(st.c, 'POST', couponApi('list'), { memberId: m.id })).data.map((r: { id: number }) => r.id);
    const a = await bookWith(st, { memberId: m.id, couponIds: [ids[0]] });
    expect(a.code, a.msg).toBe(0);
    const b = await bookWith(st, { memberId: m.id, couponIds: [ids[1]] });
    expect(b.code).toBe(Code.CONFLICT);
    await ok(st.c, 'POST', sport(`order/${a.body.orderId}/cancel`), { reason: 'x' });
    expect(spentFen).toBe(0);
  });

  it('the goods sale and the counter take a coupon too, by the kinds it applies to: a goods-only coupon discounts goods and is refused on courts', async () => {
    const st = await staff();
    const g = await stockedGoods(st.c, st.venue.id, 10, 3_000);
    await amountTemplate(st.c, { code: 'GOODS5', valueFen: 500, thresholdFen: 5_000, itemKinds: ['goods'], totalLimit: 10 });
    const sold = await ok(st.c, 'POST', '/api/sport/goods/order', { stadiumId: st.venue.id, items: [{ goodsId: g.id, quantity: 2 }], couponCode: 'GOODS5' });
    expect(sold.amount).toBe(5_500);
    const counter = await ok(st.c, 'POST', '/api/sport/goods/counter/order', {
      stadiumId: st.venue.id,
      sales: [{ goodsId: g.id, quantity: 2 }],
      couponCode: 'goods5',
    });
    expect(counter.amount).toBe(5_500);
    const courts = await bookWith(st, { couponCode: 'GOODS5' });
    expect(courts.code).toBe(Code.FORM_INVALID);
    expect(courts.detail[0]).toEqual({ field: 'couponCode', message: '优惠券不适用于本订单的商品、场馆、运动或时段' });
  });
});
