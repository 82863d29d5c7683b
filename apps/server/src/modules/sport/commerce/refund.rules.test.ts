import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { CARD_KEYS, cardApi, cardImbalances, makeMember, makeType, ok, sellPaid } from '../card/card.testkit.ts';
import { gaSession, ticketApi, ticketStaff } from '../ticket/ticket.testkit.ts';
import { COMMERCE_KEYS, imbalances, orderMoney, pay, sellGeneral, sport } from './commerce.testkit.ts';

/**
 * Who may refund, and how much (issue 23, medium 7), and the refund of a zero-priced order
 * (issue 23, high 5): every refund is approved by someone other than its applicant; a non-order
 * refund stays within the applicant's role limit, and cash paid out within the drawer's cash; a
 * card's refund within what was paid for it and not used.
 */
describe.each(databases)('refund rules on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => {
    expect(await imbalances(s)).toEqual([]);
    expect(await cardImbalances(s)).toEqual([]);
  });

  /** An organisation with a cashier who applies and a manager who reviews (same role: both may do both). */
  async function desk() {
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, [...COMMERCE_KEYS, ...CARD_KEYS]);
    const [u1, u2] = [await makeUser(admin, org.id, { roleIds: [role.id] }), await makeUser(admin, org.id, { roleIds: [role.id] })];
    return { orgId: org.id, role, cashier: await signIn(s, u1.code, 'Pass1234'), manager: await signIn(s, u2.code, 'Pass1234') };
  }
  const refundsOf = (orgId: number) =>
    s.database.query<{ amount_fen: string; state: string }>(`select amount_fen, state from sport_refund where org_id = $1 order by id`, [orgId]);

  it('a refund is approved by someone other than its applicant: the applicant is refused (409 state), another reviewer approves it', async () => {
    const { cashier, manager } = await desk();
    const order = await sellGeneral(cashier, [{ name: '毛巾', unitPriceFen: 1000 }]);
    expect((await pay(cashier, order.id, { method: 'cash', amountFen: 1000 })).code).toBe(0);
    const applied = await ok(cashier, 'POST', sport('refund'), { orderId: order.id, amountFen: 300, reason: '质量问题' });
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const own = await cashier.json('POST', sport(`refund/${applied.id}/review`), { body: { approve: true, remark: '自己批' }, lang });
      expect(own.code).toBe(Code.CONFLICT);
      expect(own.detail.reason).toBe('state');
      expect(own.msg).toContain(lang === 'zh-CN' ? '不能审核自己申请的退款' : 'cannot review a refund you applied for');
    }
    // Nothing moved; the other user's approval pays it back.
    expect(await orderMoney(s, order.id)).toMatchObject({ state: 'paid', refundedFen: 0 });
    expect((await ok(cashier, 'GET', sport(`refund/${applied.id}`))).state).toBe('applied');
    const approved = await ok(manager, 'POST', sport(`refund/${applied.id}/review`), { approve: true, remark: '同意' });
    expect(approved.state).toBe('succeeded');
    expect(await orderMoney(s, order.id)).toMatchObject({ state: 'part_refunded', refundedFen: 300 });
  });

  it('a non-order refund stays within the role limit (¥1,000 by default, more where a role is given more); ¥1,000,000 into stored value is refused and changes nothing', async () => {
    const { orgId, role, cashier, manager } = await desk();
    const account = await ok(cashier, 'POST', sport('account'), { holderName: '储值客户' });
    for (const [lang, text] of [
      ['zh-CN', '角色限额'],
      ['en-US', 'role’s limit'],
    ] as const) {
      const huge = await cashier.json('POST', sport('refund/nonOrder'), {
        body: { payeeName: '储值客户', amountFen: 100_000_000, method: 'balance', accountId: account.id, reason: '补偿' },
        lang,
      });
      expect(huge.code).toBe(Code.FORM_INVALID);
      expect(huge.detail).toMatchObject([{ field: 'amountFen' }]);
      expect(huge.msg).toContain(text);
      expect(huge.msg).toContain('1000.00');
    }
    expect(
      (await cashier.json('POST', sport('refund/nonOrder'), { body: { payeeName: '某人', amountFen: 10_000_000_000, method: 'transfer', reason: '补偿' } }))
        .code,
    ).toBe(Code.FORM_INVALID);
    expect(await refundsOf(orgId)).toEqual([]);
    expect((await ok(cashier, 'GET', sport(`account/${account.id}`))).balanceFen).toBe(0);
    // The platform gives this role ¥5,000 a refund: ¥2,000 passes, ¥6,000 does not.
    const saved = await admin.json('POST', '/api/system/config/', {
      body: { code: 'commerce.refundLimits', name: '退款限额', value: JSON.stringify({ roles: { [role.code]: { maxFen: 500_000 } } }) },
    });
    expect(saved.code, saved.msg).toBe(0);
    expect(
      (
        await cashier.json('POST', sport('refund/nonOrder'), {
          body: { payeeName: '储值客户', amountFen: 600_000, method: 'balance', accountId: account.id, reason: '补偿' },
        })
      ).code,
    ).toBe(Code.FORM_INVALID);
    const fine = await ok(cashier, 'POST', sport('refund/nonOrder'), {
      payeeName: '储值客户',
      amountFen: 200_000,
      method: 'balance',
      accountId: account.id,
      reason: '场地故障补偿',
    });
    expect((await ok(manager, 'POST', sport(`refund/${fine.id}/review`), { approve: true, remark: '核实' })).state).toBe('succeeded');
    expect((await ok(cashier, 'GET', sport(`account/${account.id}`))).balanceFen).toBe(200_000);
    // A reason is required (blank is refused as the field).
    const blank = await cashier.json('POST', sport('refund/nonOrder'), { body: { payeeName: '储值客户', amountFen: 100, method: 'transfer', reason: '  ' } });
    expect(blank.code).toBe(Code.INVALID);
    expect(JSON.stringify(blank.detail)).toContain('reason');
    const removed = await admin.json('DELETE', `/api/system/config/${saved.body.id}`);
    expect(removed.code, removed.msg).toBe(0);
  });

  it('cash paid out is capped by the cash in the applicant drawer (taken today less paid back), at application and again at approval', async () => {
    const { orgId, cashier, manager } = await desk();
    // An empty drawer pays nothing out in cash (the audit paid ¥100,000,000 out of one).
    const empty = await cashier.json('POST', sport('refund/nonOrder'), { body: { payeeName: '押金客户', amountFen: 500, method: 'cash', reason: '押金退还' } });
    expect(empty.code).toBe(Code.FORM_INVALID);
    expect(empty.msg).toContain('钱箱');
    expect(await refundsOf(orgId)).toEqual([]);
    // ¥80 taken in cash: ¥50 and then ¥50 applied; the first approval pays ¥50 out, the second finds ¥30 left.
    const order = await sellGeneral(cashier, [{ name: '场地费', unitPriceFen: 8000 }]);
    expect((await pay(cashier, order.id, { method: 'cash', amountFen: 8000 })).code).toBe(0);
    const a = await ok(cashier, 'POST', sport('refund/nonOrder'), { payeeName: '押金客户', amountFen: 5000, method: 'cash', reason: '押金退还' });
    const b = await ok(cashier, 'POST', sport('refund/nonOrder'), { payeeName: '押金客户', amountFen: 5000, method: 'cash', reason: '押金退还' });
    expect((await ok(manager, 'POST', sport(`refund/${a.id}/review`), { approve: true, remark: '核实' })).state).toBe('succeeded');
    const second = await manager.json('POST', sport(`refund/${b.id}/review`), { body: { approve: true, remark: '核实' }, lang: 'en-US' });
    expect(second.code).toBe(Code.FORM_INVALID);
    expect(second.msg).toContain('30.00');
    expect((await ok(cashier, 'GET', sport(`refund/${b.id}`))).state).toBe('applied');
    // By transfer it is not the drawer's money.
    expect(
      (await ok(cashier, 'POST', sport('refund/nonOrder'), { payeeName: '押金客户', amountFen: 5000, method: 'transfer', reason: '押金退还' })).state,
    ).toBe('applied');
  });

  it.runIf(kind === 'postgres')('races on PostgreSQL: five cash refunds of ¥50 approved at once out of an ¥80 drawer pay out exactly one', async () => {
    const { orgId, cashier, manager } = await desk();
    const order = await sellGeneral(cashier, [{ name: '场地费', unitPriceFen: 8000 }]);
    expect((await pay(cashier, order.id, { method: 'cash', amountFen: 8000 })).code).toBe(0);
    const applied = [];
    for (let i = 0; i < 5; i++)
      applied.push(await ok(cashier, 'POST', sport('refund/nonOrder'), { payeeName: '押金客户', amountFen: 5000, method: 'cash', reason: `押金退还 ${i}` }));
    const answers = await Promise.all(applied.map((r) => manager.json('POST', sport(`refund/${r.id}/review`), { body: { approve: true, remark: '核实' } })));
    expect(answers.filter((a) => a.code === 0).length).toBe(1);
    expect(answers.filter((a) => a.code !== 0).map((a) => a.code)).toEqual([Code.FORM_INVALID, Code.FORM_INVALID, Code.FORM_INVALID, Code.FORM_INVALID]);
    const [paidOut] = await s.database.query<{ fen: string }>(
      `select coalesce(sum(l.amount_fen), 0) as fen from sport_refund_leg l join sport_refund r on r.id = l.refund_id where r.org_id = $1 and l.method = 'cash' and l.state = 'succeeded'`,
      [orgId],
    );
    expect(Number(paidOut!.fen)).toBe(5000);
  });

  it.runIf(kind === 'postgres')('races on PostgreSQL: five refunds of one card applied at once make one application', async () => {
    const { orgId, cashier } = await desk();
    const memberId = await makeMember(s, orgId);
    const times = await makeType(cashier, { kind: 'times', priceFen: 5000, times: 10 });
    const sold = await sellPaid(cashier, times.id, memberId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => cashier.json('POST', cardApi(`${sold.cardId}/refund`), { body: { method: 'transfer', reason: `退卡 ${i}` } })),
    );
    expect(answers.filter((a) => a.code === 0).length).toBe(1);
    expect(answers.filter((a) => a.code !== 0).map((a) => a.detail?.reason)).toEqual(['state', 'state', 'state', 'state']);
    expect((await refundsOf(orgId)).filter((r) => r.state === 'applied').length).toBe(1);
  });

  it('a times card sold for ¥50 cannot be refunded for ¥10,000: at most what was paid less the uses taken; a value card gives back the money paid, not its bonus', async () => {
    const { orgId, cashier, manager } = await desk();
    const memberId = await makeMember(s, orgId);
    const times = await makeType(cashier, { kind: 'times', priceFen: 5000, times: 10 });
    const sold = await sellPaid(cashier, times.id, memberId);
    expect(await ok(cashier, 'GET', cardApi(`${sold.cardId}/refund/quote`))).toEqual({ amountFen: 5000 });
    for (const [lang, text] of [
      ['zh-CN', '最多 50.00 元'],
      ['en-US', 'at most 50.00 yuan'],
    ] as const) {
      const huge = await cashier.json('POST', cardApi(`${sold.cardId}/refund`), { body: { amountFen: 1_000_000, method: 'transfer', reason: '退卡' }, lang });
      expect(huge.code).toBe(Code.FORM_INVALID);
      expect(huge.msg).toContain(text);
    }
    // Four of ten uses taken: 60% of ¥50 is left.
    for (let i = 0; i < 4; i++) await ok(cashier, 'POST', cardApi('checkin'), { cardId: sold.cardId, method: 'card' });
    expect(await ok(cashier, 'GET', cardApi(`${sold.cardId}/refund/quote`))).toEqual({ amountFen: 3000 });
    expect((await cashier.json('POST', cardApi(`${sold.cardId}/refund`), { body: { amountFen: 3001, method: 'transfer', reason: '退卡' } })).code).toBe(
      Code.FORM_INVALID,
    );
    const applied = await ok(cashier, 'POST', cardApi(`${sold.cardId}/refund`), { method: 'transfer', reason: '退卡' });
    expect(applied.refund).toMatchObject({ amountFen: 3000, state: 'applied' });
    // One refund of a card at a time: a second application while the first waits is refused.
    const again = await cashier.json('POST', cardApi(`${sold.cardId}/refund`), { body: { method: 'transfer', reason: '再退一次' } });
    expect([again.code, again.detail?.reason]).toEqual([Code.CONFLICT, 'state']);
    expect((await ok(manager, 'POST', sport(`refund/${applied.refund.id}/review`), { approve: true, remark: 'ok' })).state).toBe('succeeded');
    expect((await ok(cashier, 'GET', cardApi(String(sold.cardId)))).status).toBe('refunded');
    // ¥100 paid for ¥110 of value: ¥100 comes back, the ¥10 bonus is forfeited.
    const value = await makeType(cashier, { kind: 'value', priceFen: 10_000, faceValueFen: 11_000 });
    const card = await sellPaid(cashier, value.id, memberId);
    expect(await ok(cashier, 'GET', cardApi(`${card.cardId}/refund/quote`))).toEqual({ amountFen: 10_000 });
    const v = await ok(cashier, 'POST', cardApi(`${card.cardId}/refund`), { method: 'cash', reason: '搬家' });
    expect(v.refund.amountFen).toBe(10_000);
    expect((await ok(manager, 'POST', sport(`refund/${v.refund.id}/review`), { approve: true, remark: 'ok' })).state).toBe('succeeded');
    expect(await ok(cashier, 'GET', cardApi(String(card.cardId)))).toMatchObject({ status: 'refunded', balanceFen: 0 });
  });

  it('a refund of a zero-priced order answers success and gives its items back (no 500)', async () => {
    const { cashier, manager } = await desk();
    const order = await sellGeneral(cashier, [{ name: '赠送体验券', unitPriceFen: 0, quantity: 3 }]);
    expect(order.state).toBe('paid');
    const itemId = order.items[0].id;
    const part = await cashier.json('POST', sport('refund'), { body: { orderId: order.id, items: [{ itemId, quantity: 1 }], reason: '顾客不要了' } });
    expect(part.code, part.msg).toBe(0);
    expect(part.body).toMatchObject({ amountFen: 0, state: 'applied' });
    expect((await ok(manager, 'POST', sport(`refund/${part.body.id}/review`), { approve: true, remark: '同意' })).state).toBe('succeeded');
    expect((await ok(cashier, 'GET', sport(`order/${order.id}`))).state).toBe('part_refunded');
    const rest = await ok(cashier, 'POST', sport('refund'), { orderId: order.id, items: [{ itemId, quantity: 2 }], reason: '顾客不要了' });
    expect((await ok(manager, 'POST', sport(`refund/${rest.id}/review`), { approve: true, remark: '同意' })).state).toBe('succeeded');
    const after = await ok(cashier, 'GET', sport(`order/${order.id}`));
    expect(after).toMatchObject({ state: 'refunded', paidFen: 0, refundedFen: 0 });
    expect(after.items[0]).toMatchObject({ refundedQty: 3 });
    // Nothing left to give back.
    expect((await cashier.json('POST', sport('refund'), { body: { orderId: order.id, items: [{ itemId, quantity: 1 }], reason: 'again' } })).code).not.toBe(0);
  });

  it('free tickets refunded: the zero-priced ticket order gives its tickets back to the session stock', async () => {
    const staff = await ticketStaff(s, admin, platformId);
    const reviewer = await signIn(s, (await makeUser(admin, staff.orgId, { roleIds: [staff.roleId] })).code, 'Pass1234');
    const { levelId, session } = await gaSession(staff.c, 5, 0);
    const sold = await ok(staff.c, 'POST', ticketApi('order'), { sessionId: session.id, levelId, quantity: 3 });
    expect(await orderMoney(s, sold.orderId)).toMatchObject({ state: 'paid', paidFen: 0 });
    expect((await ok(staff.c, 'GET', ticketApi(`level/${levelId}`))).available).toBe(2);
    const order = await ok(staff.c, 'GET', sport(`order/${sold.orderId}`));
    const applied = await staff.c.json('POST', sport('refund'), {
      body: {
        orderId: sold.orderId,
        items: order.items.map((i: { id: number; quantity: number }) => ({ itemId: i.id, quantity: i.quantity })),
        reason: '活动取消',
      },
    });
    expect(applied.code, applied.msg).toBe(0);
    expect((await ok(reviewer, 'POST', sport(`refund/${applied.body.id}/review`), { approve: true, remark: '同意' })).state).toBe('succeeded');
    expect((await ok(staff.c, 'GET', ticketApi(`level/${levelId}`))).available).toBe(5);
    const states = await s.database.query<{ state: string }>(`select state from sport_ticket where order_id = $1`, [sold.orderId]);
    expect(states.map((t) => t.state)).toEqual(['refunded', 'refunded', 'refunded']);
    expect((await orderMoney(s, sold.orderId)).state).toBe('refunded');
  });
});
