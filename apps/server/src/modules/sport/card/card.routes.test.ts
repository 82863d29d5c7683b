import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { imbalances, orderMoney, sellGeneral, sport } from '../commerce/commerce.testkit.ts';
import { cardApi, cardImbalances, cardStaff, makeMember, makeType, ok, sellPaid } from './card.testkit.ts';

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

describe.each(databases)('member cards on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let staff: Awaited<ReturnType<typeof cardStaff>>;
  let c: Client;

  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    staff = await cardStaff(s, admin, platformId);
    c = staff.c;
  });
  afterAll(async () => {
    // The ledger balances, and every value card's balance is its ledger entries' sum, never negative.
    if (s) {
      expect(await imbalances(s)).toEqual([]);
      expect(await cardImbalances(s)).toEqual([]);
    }
    await s?.close();
  });

  const balanceOf = async (cardId: number) => (await ok<{ balanceFen: number | null }>(c, 'GET', cardApi(String(cardId)))).balanceFen;

  it('sells a value card paid in cash: active from today with its face value; a recharge adds its bonus tier; the card pays an order', async () => {
    const type = await makeType(c, {
      kind: 'value',
      priceFen: 90_000,
      faceValueFen: 100_000,
      validDays: 365,
      rechargeBonus: [
        { minFen: 50_000, bonusFen: 5_000 },
        { minFen: 100_000, bonusFen: 15_000 },
      ],
    });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await ok<{ orderId: number; amountFen: number; cardId: number; cardNo: string }>(c, 'POST', cardApi('sell'), { typeId: type.id, memberId });
    expect(sold.amountFen).toBe(90_000);
    let card = await ok(c, 'GET', cardApi(String(sold.cardId)));
    expect(card.status).toBe('pending');
    await ok(c, 'POST', sport(`order/${sold.orderId}/pay`), { method: 'cash', amountFen: 90_000 });
    card = await ok(c, 'GET', cardApi(String(sold.cardId)));
    expect(card).toMatchObject({ status: 'active', balanceFen: 100_000, validFrom: today(), validTo: addDays(today(), 365) });
    expect(card.usages.map((u: { kind: string }) => u.kind)).toEqual(['sale']);

    const rc = await ok<{ orderId: number; bonusFen: number }>(c, 'POST', cardApi(`${sold.cardId}/recharge`), { amountFen: 60_000 });
    expect(rc.bonusFen).toBe(5_000);
    await ok(c, 'POST', sport(`order/${rc.orderId}/pay`), { method: 'cash', amountFen: 60_000 });
    expect(await balanceOf(sold.cardId)).toBe(165_000);

    const order = await sellGeneral(c, [{ name: '毛巾', unitPriceFen: 2_500 }], { memberId });
    const paid = await ok(c, 'POST', sport(`order/${order.id}/pay`), { method: 'balance', amountFen: 2_500, accountId: card.accountId });
    expect(paid.order.state).toBe('paid');
    expect(await balanceOf(sold.cardId)).toBe(162_500);
    const usage = await ok(c, 'POST', cardApi('usage/list'), { cardNo: sold.cardNo });
    expect(usage.data.map((u: { kind: string; amountFen: number }) => `${u.kind}:${u.amountFen}`).sort()).toEqual([
      'bonus:5000',
      'pay:-2500',
      'recharge:60000',
      'sale:100000',
    ]);
    expect(usage.data.find((u: { kind: string }) => u.kind === 'pay').orderId).toBe(order.id);

    // A refund of that order goes back onto the card.
    const refund = await ok(c, 'POST', sport('refund'), { orderId: order.id, amountFen: 2_500, reason: 'back' });
    await ok(staff.reviewer, 'POST', sport(`refund/${refund.id}/review`), { approve: true, remark: 'ok' });
    expect(await balanceOf(sold.cardId)).toBe(165_000);

    // The expense calendar shows the day's spending.
    const cal = await ok(c, 'POST', cardApi(`${sold.cardId}/calendar`), { month: today().slice(0, 7) });
    expect(cal.spentFen).toBe(2_500);
    expect(cal.days[0]).toMatchObject({ day: today(), spentFen: 2_500 });
  });

  it('a member who holds a card, even a cancelled one, is not deleted: the refusal names them', async () => {
    const mgr = await cardStaff(s, admin, platformId, ['sport.member.list']);
    const type = await makeType(mgr.c, { kind: 'times', priceFen: 10_000, times: 5, validDays: 30 });
    const memberId = await makeMember(s, mgr.orgId, { name: '持卡会员' });
    const unsold = await makeType(mgr.c, { kind: 'times', priceFen: 20_000, times: 10, validDays: 30 });
    const soldOf = async (id = type.id) =>
      (await ok<{ data: { id: number; cardCount: number }[] }>(mgr.c, 'POST', cardApi('type/list'), { pageSize: 100 })).data.find((t) => t.id === id)!
        .cardCount;
    expect(await soldOf()).toBe(0);
    const sold = await ok<{ orderId: number }>(mgr.c, 'POST', cardApi('sell'), { typeId: type.id, memberId });
    expect([await soldOf(), await soldOf(unsold.id)]).toEqual([1, 0]);
    await ok(mgr.c, 'POST', sport(`order/${sold.orderId}/cancel`), { reason: '不买了' });
    expect(await soldOf()).toBe(0);
    const refused = await mgr.c.json('DELETE', `/api/sport/member/${memberId}`);
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.detail.reason).toBe('state');
    expect(refused.msg).toContain('持卡会员');
    const still = await mgr.c.json('GET', `/api/sport/member/${memberId}`);
    expect(still.code, still.msg).toBe(0);
  });

  it('a refunded recharge takes its bonus back out of the card', async () => {
    const type = await makeType(c, { kind: 'value', priceFen: 1_000, faceValueFen: 1_000, rechargeBonus: [{ minFen: 10_000, bonusFen: 1_000 }] });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, memberId);
    const rc = await ok(c, 'POST', cardApi(`${sold.cardId}/recharge`), { amountFen: 10_000 });
    await ok(c, 'POST', sport(`order/${rc.orderId}/pay`), { method: 'cash', amountFen: 10_000 });
    expect(await balanceOf(sold.cardId)).toBe(12_000);
    const detail = await ok(c, 'GET', sport(`order/${rc.orderId}`));
    const r = await ok(c, 'POST', sport('refund'), { orderId: rc.orderId, items: [{ itemId: detail.items[0].id, quantity: 1 }], reason: 'mistake' });
    expect((await ok(staff.reviewer, 'POST', sport(`refund/${r.id}/review`), { approve: true, remark: 'ok' })).state).toBe('succeeded');
    expect(await balanceOf(sold.cardId)).toBe(2_000 - 1_000);
  });

  it("a card's account recharged by the core's recharge line is a card recharge: usage rows, its bonus, and a frozen card refused", async () => {
    const type = await makeType(c, { kind: 'value', priceFen: 1_000, faceValueFen: 1_000, rechargeBonus: [{ minFen: 10_000, bonusFen: 1_000 }] });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, memberId);
    const { accountId } = await ok(c, 'GET', cardApi(String(sold.cardId)));
    // The core's recharge of an account is its own call (issue 23: the generic sale sells general lines only).
    const order = await ok(c, 'POST', sport(`account/${accountId}/recharge`), { amountFen: 10_000 });
    expect(order).toMatchObject({ memberId, type: 'card', items: [{ kind: 'recharge', amountFen: 10_000 }] });
    await ok(c, 'POST', sport(`order/${order.id}/pay`), { method: 'cash', amountFen: 10_000 });
    expect(await balanceOf(sold.cardId)).toBe(12_000);
    const usage = await ok(c, 'POST', cardApi('usage/list'), { cardNo: sold.cardNo });
    expect(usage.data.map((u: { kind: string; amountFen: number }) => `${u.kind}:${u.amountFen}`).sort()).toEqual([
      'bonus:1000',
      'recharge:10000',
      'sale:1000',
    ]);
    await ok(c, 'POST', cardApi(`${sold.cardId}/freeze`), {});
    const frozen = await c.json('POST', sport(`account/${accountId}/recharge`), { body: { amountFen: 10_000 } });
    expect(frozen.code).toBe(969600);
  });

  it('a frozen card cannot pay (a clear message in both languages); unfreezing moves its end by the frozen days; a date edit is logged', async () => {
    const type = await makeType(c, { kind: 'value', priceFen: 10_000, faceValueFen: 10_000, validDays: 30, freezeExtends: true });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, memberId);
    const card = await ok(c, 'GET', cardApi(String(sold.cardId)));
    await ok(c, 'POST', cardApi(`${sold.cardId}/freeze`), { reason: 'lost' });
    const order = await sellGeneral(c, [{ name: '水', unitPriceFen: 300 }], { memberId });
    const zh = await c.json('POST', sport(`order/${order.id}/pay`), { body: { method: 'balance', amountFen: 300, accountId: card.accountId } });
    expect(zh.code).toBe(969600);
    expect(zh.msg).toContain('该会员卡已冻结，不能支付');
    const en = await c.json('POST', sport(`order/${order.id}/pay`), { body: { method: 'balance', amountFen: 300, accountId: card.accountId }, lang: 'en-US' });
    expect(en.msg).toContain('This card is frozen and cannot pay');
    expect(await balanceOf(sold.cardId)).toBe(10_000);
    // A recharge of a frozen card is refused too.
    expect((await c.json('POST', cardApi(`${sold.cardId}/recharge`), { body: { amountFen: 100 } })).code).toBe(969600);

    // Frozen three days ago: unfreezing moves the end by three days.
    await s.database.query(`update sport_member_card set frozen_at = now() - interval '3 days' where id = $1`, [sold.cardId]);
    const un = await ok(c, 'POST', cardApi(`${sold.cardId}/unfreeze`), {});
    expect(un).toMatchObject({ status: 'active', validTo: addDays(card.validTo, 3), frozenDays: 3 });
    await ok(c, 'POST', sport(`order/${order.id}/pay`), { method: 'balance', amountFen: 300, accountId: card.accountId });

    const dated = await ok(c, 'POST', cardApi(`${sold.cardId}/date`), { validTo: addDays(card.validTo, 60), reason: '补偿' });
    expect(dated.validTo).toBe(addDays(card.validTo, 60));
    const detail = await ok(c, 'GET', cardApi(String(sold.cardId)));
    const dateLog = detail.logs.find((l: { action: string }) => l.action === 'date');
    expect(dateLog).toMatchObject({ reason: '补偿', before: { validTo: addDays(card.validTo, 3) }, after: { validTo: addDays(card.validTo, 60) } });
    expect(detail.logs.map((l: { action: string }) => l.action)).toEqual(expect.arrayContaining(['freeze', 'unfreeze', 'date']));
    // No reason: refused naming the field.
    expect((await c.json('POST', cardApi(`${sold.cardId}/date`), { body: { validTo: '2040-01-01' } })).code).toBe(100400);
  });

  it('a sharer pays with the card within their limit and is refused past it; sharing is limited by the type', async () => {
    const type = await makeType(c, { kind: 'value', priceFen: 50_000, faceValueFen: 50_000, maxSharers: 1 });
    const owner = await makeMember(s, staff.orgId);
    const friend = await makeMember(s, staff.orgId);
    const stranger = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, owner);
    const card = await ok(c, 'GET', cardApi(String(sold.cardId)));
    const share = await ok(c, 'POST', cardApi(`${sold.cardId}/share`), { memberId: friend, limitFen: 3_000 });
    expect(share).toMatchObject({ memberId: friend, limitFen: 3_000, usedFen: 0 });
    expect((await c.json('POST', cardApi(`${sold.cardId}/share`), { body: { memberId: stranger } })).code).toBe(100409);

    const o1 = await sellGeneral(c, [{ name: 'a', unitPriceFen: 2_000 }], { memberId: friend });
    await ok(c, 'POST', sport(`order/${o1.id}/pay`), { method: 'balance', amountFen: 2_000, accountId: card.accountId });
    const o2 = await sellGeneral(c, [{ name: 'b', unitPriceFen: 1_500 }], { memberId: friend });
    const past = await c.json('POST', sport(`order/${o2.id}/pay`), { body: { method: 'balance', amountFen: 1_500, accountId: card.accountId } });
    expect(past.code).toBe(969600);
    expect(past.msg).toContain('超出该共享人的额度');
    // Someone who neither holds nor shares the card cannot pay with it.
    const o3 = await sellGeneral(c, [{ name: 'c', unitPriceFen: 100 }], { memberId: stranger });
    expect((await c.json('POST', sport(`order/${o3.id}/pay`), { body: { method: 'balance', amountFen: 100, accountId: card.accountId } })).msg).toContain(
      '不是此卡的持卡人或共享人',
    );
    const shares = await ok(c, 'POST', cardApi(`${sold.cardId}/shares`), {});
    expect(shares).toMatchObject([{ memberId: friend, usedFen: 2_000 }]);
    expect(await balanceOf(sold.cardId)).toBe(48_000);
    const usage = await ok(c, 'POST', cardApi('usage/list'), { cardNo: sold.cardNo, kind: 'pay' });
    expect(usage.data[0]).toMatchObject({ memberId: friend, amountFen: -2_000 });
    // Raising the limit lets them pay; removing the share stops them.
    await ok(c, 'PUT', cardApi(`share/${share.id}`), { limitFen: 5_000, version: share.version });
    await ok(c, 'POST', sport(`order/${o2.id}/pay`), { method: 'balance', amountFen: 1_500, accountId: card.accountId });
    expect((await ok(c, 'DELETE', cardApi(`share/${share.id}`))).deleted).toBe(1);
  });

  it('a times card checks in by one use and is refused at 0; it pays an order by uses, and a refund gives them back', async () => {
    const type = await makeType(c, { kind: 'times', priceFen: 30_000, times: 3, validDays: 90 });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, memberId);
    const look = await ok(c, 'POST', cardApi('checkin/lookup'), { keyword: `VC:${sold.cardNo}` });
    expect(look.method).toBe('qr');
    expect(look.member.id).toBe(memberId);
    expect(look.member.phone).toMatch(/\*\*\*\*/);
    expect(look.cards[0]).toMatchObject({ id: sold.cardId, usable: true, timesLeft: 3 });
    const first = await ok(c, 'POST', cardApi('checkin'), { cardId: sold.cardId, method: 'qr' });
    expect(first).toMatchObject({ timesUsed: 1, card: { timesLeft: 2 } });

    const order = await sellGeneral(c, [{ name: '场地', unitPriceFen: 8_000 }], { memberId });
    // Uses pay the whole amount due, never a part.
    expect((await c.json('POST', sport(`order/${order.id}/pay`), { body: { method: 'card', amountFen: 4_000, cardId: sold.cardId } })).msg).toContain(
      '全部待付金额',
    );
    await ok(c, 'POST', sport(`order/${order.id}/pay`), { method: 'card', amountFen: 8_000, cardId: sold.cardId });
    expect((await ok(c, 'GET', cardApi(String(sold.cardId)))).timesLeft).toBe(1);
    const refund = await ok(c, 'POST', sport('refund'), { orderId: order.id, amountFen: 8_000, reason: 'rain' });
    await ok(staff.reviewer, 'POST', sport(`refund/${refund.id}/review`), { approve: true, remark: 'ok' });
    expect((await ok(c, 'GET', cardApi(String(sold.cardId)))).timesLeft).toBe(2);

    await ok(c, 'POST', cardApi('checkin'), { cardId: sold.cardId, method: 'card' });
    await ok(c, 'POST', cardApi('checkin'), { cardId: sold.cardId, method: 'card' });
    const none = await c.json('POST', cardApi('checkin'), { body: { cardId: sold.cardId, method: 'card' } });
    expect(none.code).toBe(969600);
    expect(none.msg).toContain('剩余次数不足');
    const visits = await s.database.query<{ n: string }>(`select count(*) as n from sport_member_visit where card_id = $1`, [sold.cardId]);
    expect(Number(visits[0]!.n)).toBe(3);
  });

  it('a period card checks its validity and its daily limit', async () => {
    const type = await makeType(c, { kind: 'period', priceFen: 20_000, validDays: 30, perDay: 1 });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, memberId);
    await ok(c, 'POST', cardApi('checkin'), { cardId: sold.cardId, method: 'card' });
    const again = await c.json('POST', cardApi('checkin'), { body: { cardId: sold.cardId, method: 'card' } });
    expect(again.msg).toContain('每日上限');
    await s.database.query(`update sport_member_card set valid_from = current_date - 40, valid_to = current_date - 10 where id = $1`, [sold.cardId]);
    const expired = await c.json('POST', cardApi('checkin'), { body: { cardId: sold.cardId, method: 'card' }, lang: 'en-US' });
    expect(expired.code).toBe(969600);
    expect(expired.msg).toContain('expired');
  });

  it('refund of the remaining value goes through the review: the card is frozen meanwhile, then refunded with a balance of 0', async () => {
    const type = await makeType(c, { kind: 'value', priceFen: 20_000, faceValueFen: 20_000 });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, memberId);
    const card = await ok(c, 'GET', cardApi(String(sold.cardId)));
    const o = await sellGeneral(c, [{ name: 'x', unitPriceFen: 5_000 }], { memberId });
    await ok(c, 'POST', sport(`order/${o.id}/pay`), { method: 'balance', amountFen: 5_000, accountId: card.accountId });
    expect((await c.json('POST', cardApi(`${sold.cardId}/refund`), { body: { amountFen: 100, method: 'cash', reason: 'x' } })).code).toBe(969600);
    // Rejected: the card is active again.
    const first = await ok(c, 'POST', cardApi(`${sold.cardId}/refund`), { method: 'cash', reason: '想退' });
    expect(first.card.status).toBe('frozen');
    await ok(staff.reviewer, 'POST', sport(`refund/${first.refund.id}/review`), { approve: false, remark: '未满期' });
    expect((await ok(c, 'GET', cardApi(String(sold.cardId)))).status).toBe('active');
    const applied = await ok(c, 'POST', cardApi(`${sold.cardId}/refund`), { method: 'cash', reason: '搬家' });
    expect(applied.card.status).toBe('frozen');
    expect(applied.refund).toMatchObject({ kind: 'non_order', state: 'applied', amountFen: 15_000 });
    const reviewed = await ok(staff.reviewer, 'POST', sport(`refund/${applied.refund.id}/review`), { approve: true, remark: 'ok' });
    expect(reviewed.state).toBe('succeeded');
    const after = await ok(c, 'GET', cardApi(String(sold.cardId)));
    expect(after).toMatchObject({ status: 'refunded', balanceFen: 0 });
    expect(after.usages[0]).toMatchObject({ kind: 'refund', amountFen: -15_000, balanceAfterFen: 0 });
  });

  it('a sale cancelled before payment cancels the card; a sale refunded before use refunds it; a type with cards cannot be deleted', async () => {
    const type = await makeType(c, { kind: 'value', priceFen: 10_000, faceValueFen: 12_000 });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await ok(c, 'POST', cardApi('sell'), { typeId: type.id, memberId });
    await ok(c, 'POST', sport(`order/${sold.orderId}/cancel`), { reason: 'no' });
    expect((await ok(c, 'GET', cardApi(String(sold.cardId)))).status).toBe('cancelled');
    const paid = await sellPaid(c, type.id, memberId);
    expect(await balanceOf(paid.cardId)).toBe(12_000);
    const detail = await ok(c, 'GET', sport(`order/${paid.orderId}`));
    const r = await ok(c, 'POST', sport('refund'), { orderId: paid.orderId, items: [{ itemId: detail.items[0].id, quantity: 1 }], reason: 'changed mind' });
    const reviewed = await ok(staff.reviewer, 'POST', sport(`refund/${r.id}/review`), { approve: true, remark: 'ok' });
    expect(reviewed.state).toBe('succeeded');
    expect(await ok(c, 'GET', cardApi(String(paid.cardId)))).toMatchObject({ status: 'refunded', balanceFen: 0 });
    expect((await orderMoney(s, paid.orderId)).state).toBe('refunded');
    const del = await c.json('DELETE', cardApi(`type/${type.id}`));
    expect(del.code).toBe(100409);
    expect(del.detail.reason).toBe('state');
  });

  it('a corporate card is given to an entrant (a share and a distribution row); the list masks phones and filters', async () => {
    const type = await makeType(c, { kind: 'times', priceFen: 0, times: 10 });
    const company = await makeMember(s, staff.orgId, { kind: 'corporate', name: '某公司' });
    const entrant = await makeMember(s, staff.orgId, { companyId: company, name: '员工甲' });
    const other = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, company);
    expect((await ok(c, 'GET', cardApi(String(sold.cardId)))).status).toBe('active');
    expect((await c.json('POST', cardApi(`${sold.cardId}/distribute`), { body: { entrantId: other } })).code).toBe(969600);
    const share = await ok(c, 'POST', cardApi(`${sold.cardId}/distribute`), { entrantId: entrant, limitTimes: 2 });
    expect(share).toMatchObject({ memberId: entrant, limitTimes: 2 });
    const log = await ok(c, 'POST', cardApi(`${sold.cardId}/distribute/log`), {});
    expect(log.data[0]).toMatchObject({ companyName: '某公司', entrantName: '员工甲', action: 'give', limitTimes: 2, holding: true });
    // The entrant checks in on the company's card.
    const look = await ok(c, 'POST', cardApi('checkin/lookup'), { keyword: sold.cardNo });
    expect(look.method).toBe('card');
    await ok(c, 'POST', cardApi('checkin'), { cardId: sold.cardId, memberId: entrant, method: 'card' });
    // Taken back by staff who may distribute but not share: the share goes and the distribution log says so.
    const hrRole = await makeRole(admin, staff.orgId);
    await grantMenus(admin, hrRole.id, ['sport.member.enterprise']);
    const hr = await signIn(s, (await makeUser(admin, staff.orgId, { roleIds: [hrRole.id] })).code, 'Pass1234');
    expect((await hr.json('DELETE', cardApi(`share/${share.id}`))).code).toBe(Code.FORBIDDEN);
    expect((await c.json('POST', cardApi(`${sold.cardId}/distribute/take-back`), { body: { entrantId: other } })).code).toBe(969600);
    expect((await ok(hr, 'POST', cardApi(`${sold.cardId}/distribute/take-back`), { entrantId: entrant })).deleted).toBe(1);
    expect((await c.json('POST', cardApi(`${sold.cardId}/distribute/take-back`), { body: { entrantId: entrant } })).code).toBe(969600);
    const log2 = await ok(c, 'POST', cardApi(`${sold.cardId}/distribute/log`), {});
    expect(log2.data.map((d: { action: string; holding: boolean }) => `${d.action}:${d.holding}`)).toEqual(['take-back:false', 'give:false']);
    const list = await ok(c, 'POST', cardApi('list'), { memberId: company });
    expect(list.total).toBe(1);
    expect(list.data[0].memberPhone).toMatch(/^\d{3}\*\*\*\*\d{4}$/);
    expect(list.data[0].timesLeft).toBe(9);
  });

  it("another organisation's card answers 100404", async () => {
    const other = await cardStaff(s, admin, platformId);
    const type = await makeType(other.c, { kind: 'times', priceFen: 0, times: 5 });
    const memberB = await makeMember(s, other.orgId);
    const sold = await sellPaid(other.c, type.id, memberB);
    expect((await c.json('GET', cardApi(String(sold.cardId)))).code).toBe(100404);
    expect((await c.json('POST', cardApi(`${sold.cardId}/freeze`), { body: {} })).code).toBe(100404);
    expect((await c.json('POST', cardApi('checkin'), { body: { cardId: sold.cardId, method: 'card' } })).code).toBe(100404);
    expect((await c.json('POST', cardApi('sell'), { body: { typeId: type.id, memberId: memberB } })).code).toBe(100404);
    expect((await c.json('GET', cardApi(`type/${type.id}`))).code).toBe(100404);
  });

  it.runIf(kind === 'postgres')('20 payments racing against one balance never overdraw it', async () => {
    const type = await makeType(c, { kind: 'value', priceFen: 10_000, faceValueFen: 10_000 });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, memberId);
    const card = await ok(c, 'GET', cardApi(String(sold.cardId)));
    const orders = await Promise.all(Array.from({ length: 20 }, () => sellGeneral(c, [{ name: 'r', unitPriceFen: 1_000 }], { memberId })));
    const results = await Promise.all(
      orders.map((o) => c.json('POST', sport(`order/${o.id}/pay`), { body: { method: 'balance', amountFen: 1_000, accountId: card.accountId } })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(10);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === 969600)).toBe(true);
    expect(await balanceOf(sold.cardId)).toBe(0);
    const usage = await ok(c, 'POST', cardApi('usage/list'), { cardNo: sold.cardNo, kind: 'pay', pageSize: 100 });
    expect(usage.total).toBe(10);
  });

  it.runIf(kind === 'postgres')('racing check-ins never take more uses than a times card has, and racing sharers never pass their limit', async () => {
    const type = await makeType(c, { kind: 'times', priceFen: 0, times: 3 });
    const memberId = await makeMember(s, staff.orgId);
    const sold = await sellPaid(c, type.id, memberId);
    const results = await Promise.all(Array.from({ length: 8 }, () => c.json('POST', cardApi('checkin'), { body: { cardId: sold.cardId, method: 'card' } })));
    expect(results.filter((r) => r.code === 0)).toHaveLength(3);
    expect((await ok(c, 'GET', cardApi(String(sold.cardId)))).timesLeft).toBe(0);

    const valueType = await makeType(c, { kind: 'value', priceFen: 10_000, faceValueFen: 10_000, maxSharers: 1 });
    const owner = await makeMember(s, staff.orgId);
    const friend = await makeMember(s, staff.orgId);
    const card = await sellPaid(c, valueType.id, owner);
    const accountId = (await ok(c, 'GET', cardApi(String(card.cardId)))).accountId;
    await ok(c, 'POST', cardApi(`${card.cardId}/share`), { memberId: friend, limitFen: 3_000 });
    const orders = await Promise.all(Array.from({ length: 10 }, () => sellGeneral(c, [{ name: 's', unitPriceFen: 1_000 }], { memberId: friend })));
    const paid = await Promise.all(orders.map((o) => c.json('POST', sport(`order/${o.id}/pay`), { body: { method: 'balance', amountFen: 1_000, accountId } })));
    expect(paid.filter((r) => r.code === 0)).toHaveLength(3);
    expect(await balanceOf(card.cardId)).toBe(7_000);
  });
});
