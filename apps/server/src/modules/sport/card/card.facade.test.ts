import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import type { Caller } from '../../../platform/http.ts';
import { createOrder, itemKindOf, registerItemKind } from '../commerce/index.ts';
import { imbalances, sport } from '../commerce/commerce.testkit.ts';
import { memberCardCount } from '../member/index.ts';
import { cardApi, cardImbalances, cardStaff, makeMember, makeType, ok, sellPaid } from './card.testkit.ts';

/**
 * The cards module on the commerce facade (issue 24): its ledger entries go through its named
 * rules, a times card's use turns prepaid into sales, it extends the core's `recharge` instead of
 * replacing it, its order lines' detail is checked by its schema, and the members module asks it
 * for a member's cards through a port.
 */
describe.each(databases)('cards on the commerce facade on %s', (kind) => {
  let s: TestServer;
  let staff: Awaited<ReturnType<typeof cardStaff>>;
  let c: Client;
  let admin: Client;

  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    let platformOrgId: number;
    ({ c: admin, platformOrgId } = await adminClient(s));
    staff = await cardStaff(s, admin, platformOrgId);
    c = staff.c;
  });
  afterAll(async () => {
    if (s) {
      expect(await imbalances(s)).toEqual([]);
      expect(await cardImbalances(s)).toEqual([]);
    }
    await s?.close();
  });

  /** The ledger transactions with an entry matching `where`: number, accounts and amount, in the order written. */
  async function ledgerOf(where: string, params: unknown[]) {
    const rows = await s.database.query<{ txn_no: string; account: string; side: string; amount_fen: string }>(
      `select txn_no, account, side, amount_fen from sport_ledger_entry where txn_no in (select txn_no from sport_ledger_entry where ${where}) order by id`,
      params,
    );
    const txns = new Map<string, { txnNo: string; debit?: string; credit?: string; amountFen: number }>();
    for (const r of rows) {
      const t = txns.get(r.txn_no) ?? { txnNo: r.txn_no, amountFen: Number(r.amount_fen) };
      t[r.side as 'debit' | 'credit'] = r.account;
      txns.set(r.txn_no, t);
    }
    return [...txns.values()];
  }
  const prepaidOf = async (orderId: number) =>
    Number(
      (
        await s.database.query<{ fen: string }>(
          `select coalesce(sum(case when side = 'credit' then amount_fen else -amount_fen end), 0) as fen from sport_ledger_entry where account = 'prepaid' and order_id = $1`,
          [orderId],
        )
      )[0]!.fen,
    );

  it("every ledger entry of a card goes through its named rules: balanced, numbered with the rule's prefix and a document number", async () => {
    // A value card sold below its face value: the price leaves sales, the rest is a comp.
    const value = await makeType(c, { kind: 'value', priceFen: 9_000, faceValueFen: 10_000 });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, value.id, memberId);
    const ofSale = await ledgerOf('order_id = $1', [sold.orderId]);
    expect(ofSale.filter((t) => t.credit === 'balance')).toEqual([
      { txnNo: expect.stringMatching(/^CS\d+$/), debit: 'sales', credit: 'balance', amountFen: 9_000 },
      { txnNo: expect.stringMatching(/^CC\d+$/), debit: 'comp', credit: 'balance', amountFen: 1_000 },
    ]);
    // Its refund paid out: the money paid leaves the card by `card.payout`, the comp is forfeited by `card.payout.forfeit`.
    const refund = await ok<{ refund: { id: number } }>(c, 'POST', cardApi(`${sold.cardId}/refund`), { method: 'cash', reason: 'moving away' });
    await ok(staff.reviewer, 'POST', sport(`refund/${refund.refund.id}/review`), { approve: true, remark: 'ok' });
    const out = await ledgerOf('refund_id = $1', [refund.refund.id]);
    expect(out).toEqual(
      expect.arrayContaining([
        { txnNo: expect.stringMatching(/^CR\d+$/), debit: 'balance', credit: 'sales', amountFen: 9_000 },
        { txnNo: expect.stringMatching(/^CF\d+$/), debit: 'balance', credit: 'comp', amountFen: 1_000 },
      ]),
    );
    // A times card: what was paid is owed in uses (`card.sale.prepaid`).
    const times = await makeType(c, { kind: 'times', priceFen: 3_000, times: 3 });
    const soldTimes = await sellPaid(c, times.id, memberId);
    expect(await ledgerOf('order_id = $1 and account = $2', [soldTimes.orderId, 'prepaid'])).toEqual([
      { txnNo: expect.stringMatching(/^CP\d+$/), debit: 'sales', credit: 'prepaid', amountFen: 3_000 },
    ]);
  });

  it("a times card's use turns its share of the price from prepaid into sales (the card kind's consume), so its uses add up to the price", async () => {
    const type = await makeType(c, { kind: 'times', priceFen: 10_000, times: 3 });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, memberId);
    expect(await prepaidOf(sold.orderId)).toBe(10_000);
    await ok(c, 'POST', cardApi('checkin'), { cardId: sold.cardId, method: 'card' });
    expect(await prepaidOf(sold.orderId)).toBe(6_667);
    const uses = await ledgerOf('order_id = $1 and txn_no like $2', [sold.orderId, 'CU%']);
    expect(uses).toEqual([{ txnNo: expect.stringMatching(/^CU\d+$/), debit: 'prepaid', credit: 'sales', amountFen: 3_333 }]);
    await ok(c, 'POST', cardApi('checkin'), { cardId: sold.cardId, method: 'card' });
    await ok(c, 'POST', cardApi('checkin'), { cardId: sold.cardId, method: 'card' });
    expect(await prepaidOf(sold.orderId)).toBe(0);
  });

  it("a refund of a card's sale asks the card kind's quote: once the card is used the application is refused with the reason", async () => {
    const type = await makeType(c, { kind: 'times', priceFen: 6_000, times: 2 });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, memberId);
    const [item] = await s.database.query<{ id: string }>(`select id from sport_order_item where order_id = $1`, [sold.orderId]);
    await ok(c, 'POST', cardApi('checkin'), { cardId: sold.cardId, method: 'card' });
    const refused = await c.json('POST', sport('refund'), {
      body: { orderId: sold.orderId, items: [{ itemId: Number(item!.id), quantity: 1 }], reason: 'changed mind' },
    });
    expect(refused.code).toBe(Code.FORM_INVALID);
    expect(refused.msg).toContain('已使用');
    // An unused card's sale is refunded in full, and the card with it.
    const other = await sellPaid(c, type.id, memberId);
    const [line] = await s.database.query<{ id: string }>(`select id from sport_order_item where order_id = $1`, [other.orderId]);
    const applied = await ok<{ id: number; amountFen: number }>(c, 'POST', sport('refund'), {
      orderId: other.orderId,
      items: [{ itemId: Number(line!.id), quantity: 1 }],
      reason: 'changed mind',
    });
    expect(applied.amountFen).toBe(6_000);
    await ok(staff.reviewer, 'POST', sport(`refund/${applied.id}/review`), { approve: true, remark: 'ok' });
    expect((await ok(c, 'GET', cardApi(String(other.cardId)))).status).toBe('refunded');
  });

  it("the core's recharge is extended, not replaced: registering it again throws; a plain account's recharge stays the core's, a card's account gets its bonus", async () => {
    expect(() => registerItemKind({ kind: 'recharge', orderTypes: ['general'], price: async () => ({ name: 'x', unitPriceFen: 1 }) })).toThrow(
      /registered twice/,
    );
    expect(itemKindOf('card_recharge')).toBeDefined();

    const type = await makeType(c, { kind: 'value', priceFen: 10_000, faceValueFen: 10_000, rechargeBonus: [{ minFen: 5_000, bonusFen: 500 }] });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, memberId);
    const card = await ok(c, 'GET', cardApi(String(sold.cardId)));
    // The core's own `recharge` kind (the account screen's recharge) on the card's account: the card's bonus and usage rows come with it.
    const order = await ok<{ id: number }>(c, 'POST', sport(`account/${card.accountId}/recharge`), { amountFen: 5_000 });
    await ok(c, 'POST', sport(`order/${order.id}/pay`), { method: 'cash', amountFen: 5_000 });
    const after = await ok(c, 'GET', cardApi(String(sold.cardId)));
    expect(after.balanceFen).toBe(15_500);
    expect(after.usages.map((u: { kind: string }) => u.kind).sort()).toEqual(['bonus', 'recharge', 'sale']);

    // A plain account (no card's): the core's recharge alone.
    const plain = await ok<{ id: number }>(c, 'POST', sport('account'), { holderName: 'walk-in', orgId: staff.orgId });
    const o2 = await ok<{ id: number }>(c, 'POST', sport(`account/${plain.id}/recharge`), { amountFen: 5_000 });
    await ok(c, 'POST', sport(`order/${o2.id}/pay`), { method: 'cash', amountFen: 5_000 });
    const [acc] = await s.database.query<{ balance_fen: string }>(`select balance_fen from sport_balance_account where id = $1`, [plain.id]);
    expect(Number(acc!.balance_fen)).toBe(5_000);
  });

  it("a card line's detail is checked by the card kind's schema: a bad manager or an unknown field answers 100400 naming it, and nothing is sold", async () => {
    const type = await makeType(c, { kind: 'period', priceFen: 1_000, validDays: 30 });
    const memberId = await makeMember(s, staff.orgId);
    const caller: Caller = {
      sessionId: 0,
      userId: staff.userId,
      userName: 'c',
      userCode: 'c',
      orgId: staff.orgId,
      platform: false,
      admin: false,
      perms: new Set(),
      menuIds: new Set(),
      epoch: 0,
      roles: [],
      mustChangePassword: false,
    };
    const sell = (detail: Record<string, unknown>) =>
      createOrder(
        s.database.db,
        caller,
        {
          type: 'card',
          memberId,
          channel: 'console',
          buyerName: null,
          buyerPhone: null,
          remark: null,
          items: [{ kind: 'card', refId: type.id, quantity: 1, discountFen: 0, detail }],
        },
        undefined,
      ).then(
        () => undefined,
        (e: { code?: number; detail?: { field: string }[] }) => ({ code: e.code, fields: e.detail?.map((f) => f.field) }),
      );
    const cards = async () =>
      Number((await s.database.query<{ n: string }>(`select count(*) as n from sport_member_card where member_id = $1`, [memberId]))[0]!.n);
    expect(await sell({ managerId: 'nobody' })).toEqual({ code: Code.INVALID, fields: ['items.0.detail.managerId'] });
    expect(await sell({ colour: 'red' })).toEqual({ code: Code.INVALID, fields: ['items.0.detail.colour'] });
    expect(await cards()).toBe(0);
    // A good one sells a pending card carrying its remark.
    expect(await sell({ remark: 'front desk' })).toBeUndefined();
    const [card] = await s.database.query<{ status: string; remark: string }>(`select status, remark from sport_member_card where member_id = $1`, [memberId]);
    expect(card).toEqual({ status: 'pending', remark: 'front desk' });
  });

  it('the members module asks for a member’s cards through a port: unplugged, a delete is refused rather than done blind', async () => {
    const memberId = await makeMember(s, staff.orgId);
    const plugged = memberCardCount.get();
    memberCardCount.reset();
    try {
      const refused = await admin.json('DELETE', `/api/sport/member/${memberId}`);
      expect(refused.code).not.toBe(0);
    } finally {
      memberCardCount.plug(plugged);
    }
    const [still] = await s.database.query<{ n: string }>(`select count(*) as n from sport_member where id = $1`, [memberId]);
    expect(Number(still!.n)).toBe(1);
    // Plugged again: a member with a card is kept, one without is deleted.
    const type = await makeType(c, { kind: 'period', priceFen: 0, validDays: 30 });
    const holder = await makeMember(s, staff.orgId);
    await sellPaid(c, type.id, holder);
    expect((await admin.json('DELETE', `/api/sport/member/${holder}`)).code).toBe(Code.CONFLICT);
    expect((await admin.json('DELETE', `/api/sport/member/${memberId}`)).body).toEqual({ deleted: 1 });
  });
});
