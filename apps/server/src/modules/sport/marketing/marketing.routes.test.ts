import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { imbalances, sellGeneral, sport } from '../commerce/commerce.testkit.ts';
import { cardApi, makeType, sellPaid } from '../card/card.testkit.ts';
import { amountTemplate, couponApi } from '../coupon/coupon.testkit.ts';
import { enterPaid, makeEvent, newMember } from '../registration/registration.testkit.ts';
import { addMember, newPhone } from '../member/member.testkit.ts';
import { addDays, localOf } from '../venue/index.ts';
import { book, bookRaw, campaign, campaignOf, marketingApi, marketingStaff, ok, usesOf } from './marketing.testkit.ts';

/**
 * Campaigns through the console's calls, on a real database: what an operator may save (errors in
 * both languages, permissions, another organisation's campaign), and what each kind does to a
 * real order (the discount on the booking's amount, the bonus on the card, the pack's coupons),
 * with its budget taken in the order's transaction and given back by a cancel.
 */
describe.each(databases)('marketing campaigns on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const tomorrow = () => addDays(localOf(new Date(), 'Asia/Shanghai').day, 1);
  const member = (c: Client) => addMember(c, { name: '活动会员', phone: newPhone() });

  it('refuses a campaign without what its kind needs, in both languages; another organisation cannot see it; without the screen, 100420', async () => {
    const st = await marketingStaff(s, admin, platformId, 1);
    const noTiers = await st.c.json('POST', marketingApi('campaign'), {
      body: { name: '充值送', kind: 'rechargeBonus', budgetFen: 10_000, validFrom: '2026-01-01', validTo: '2026-12-31' },
    });
    expect([noTiers.code, noTiers.detail[0].field, noTiers.detail[0].message]).toEqual([969600, 'tiers', '请至少设置一档充值赠送']);
    const backwards = await st.c.json('POST', marketingApi('campaign'), {
      body: { name: '首单', kind: 'firstBooking', budgetFen: 10_000, offKind: 'amount', offValue: 500, validFrom: '2026-12-31', validTo: '2026-01-01' },
      lang: 'en-US',
    });
    expect([backwards.code, backwards.detail[0].field, backwards.detail[0].message]).toEqual([969600, 'validTo', 'The end must come after the start']);
    const badBand = await st.c.json('POST', marketingApi('campaign'), {
      body: {
        name: '时段',
        kind: 'timeBand',
        budgetFen: 10_000,
        offKind: 'percent',
        offValue: 20,
        bandStart: '14:00',
        bandEnd: '10:00',
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
      },
      lang: 'en-US',
    });
    expect(badBand.detail[0]).toMatchObject({ field: 'bandEnd', message: 'Set the start and end of the time band, the start first' });
    const noBudget = await st.c.json('POST', marketingApi('campaign'), {
      body: { name: 'x', kind: 'firstBooking', validFrom: '2026-01-01', validTo: '2026-12-31' },
    });
    expect([noBudget.code, noBudget.detail.some((d: { field: string }) => d.field === 'budgetFen')]).toEqual([100400, true]);

    const made = await campaign(st.c, { name: '首单立减', kind: 'firstBooking', budgetFen: 10_000, offKind: 'amount', offValue: 500 });
    expect(made).toMatchObject({ state: 'running', usedFen: 0, budgetFen: 10_000 });
    const listed = await ok(st.c, 'POST', marketingApi('campaign/list'), { name: '首单' });
    expect(listed.data.map((r: { id: number }) => r.id)).toEqual([made.id]);
    const stale = await st.c.json('PUT', marketingApi(`campaign/${made.id}`), { body: { name: '改名', version: made.version + 5 } });
    expect([stale.code, stale.detail.reason]).toEqual([100409, 'stale']);

    const other = await marketingStaff(s, admin, platformId, 1);
    expect((await other.c.json('GET', marketingApi(`campaign/${made.id}`))).code).toBe(100404);
    expect((await other.c.json('PUT', marketingApi(`campaign/${made.id}/status`), { body: { status: 'paused', version: made.version } })).code).toBe(100404);
    expect((await ok(other.c, 'POST', marketingApi('campaign/list'), {})).total).toBe(0);

    const role = await makeRole(admin, st.orgId);
    await grantMenus(admin, role.id, ['sport.coupon.management']);
    const clerk = await signIn(s, (await makeUser(admin, st.orgId, { roleIds: [role.id] })).code, 'Pass1234');
    expect((await clerk.json('POST', marketingApi('campaign/list'), { body: {} })).code).toBe(100420);
    expect(
      (
        await clerk.json('POST', marketingApi('campaign'), {
          body: { name: 'x', kind: 'firstBooking', budgetFen: 1, offKind: 'amount', offValue: 1, validFrom: '2026-01-01', validTo: '2026-12-31' },
        })
      ).code,
    ).toBe(100420);
  });

  it('a time band takes its percent off the booked lines that start in it; a cancel gives the budget back; paused, it gives nothing', async () => {
    const st = await marketingStaff(s, admin, platformId);
    const c = await campaign(st.c, {
      name: '午间八折',
      kind: 'timeBand',
      budgetFen: 100_000,
      offKind: 'percent',
      offValue: 20,
      capFen: 800,
      sports: ['badminton'],
      bandStart: '10:00',
      bandEnd: '14:00',
    });
    const day = tomorrow();
    // Two hours from 13:00: the 13:00 line is in the band (¥50 × 20% = ¥10, capped at ¥8), the 14:00 one is not.
    const inBand = await book(st.c, st.venue.id, day, st.sites[0]!.id, '13:00', '15:00');
    expect(inBand.amount).toBe(10_000 - 800);
    const detail = await ok(st.c, 'GET', sport(`order/${inBand.orderId}`));
    expect(detail.items.flatMap((i: { adjustments: { source: string; reason: string; amountFen: number }[] }) => i.adjustments)).toEqual([
      expect.objectContaining({ source: 'campaign', reason: '午间八折', amountFen: 800 }),
    ]);
    const outside = await book(st.c, st.venue.id, day, st.sites[1]!.id, '16:00', '17:00');
    expect(outside.amount).toBe(5_000);
    expect((await campaignOf(st.c, c.id)).usedFen).toBe(800);
    const uses = await usesOf(st.c, c.id);
    expect(uses.data).toEqual([expect.objectContaining({ what: 'discount', state: 'held', orderId: inBand.orderId, orderNo: inBand.orderNo, amountFen: 800 })]);

    await ok(st.c, 'POST', sport(`order/${inBand.orderId}/cancel`), { reason: '顾客取消' });
    expect((await campaignOf(st.c, c.id)).usedFen).toBe(0);
    expect((await usesOf(st.c, c.id)).data[0]!.state).toBe('released');

    const paid = await book(st.c, st.venue.id, day, st.sites[2]!.id, '10:00', '11:00');
    await ok(st.c, 'POST', sport(`order/${paid.orderId}/pay`), { method: 'cash', amountFen: paid.amount });
    expect((await usesOf(st.c, c.id)).data[0]).toMatchObject({ state: 'used', amountFen: 800 });

    const now = await campaignOf(st.c, c.id);
    expect((await ok(st.c, 'PUT', marketingApi(`campaign/${c.id}/status`), { status: 'paused', version: now.version })).state).toBe('paused');
    expect((await book(st.c, st.venue.id, day, st.sites[2]!.id, '11:00', '12:00')).amount).toBe(5_000);
  });

  it("a member's first booking gets the amount off once; the next booking and a walk-in pay in full; a budget that cannot take it gives nothing", async () => {
    const st = await marketingStaff(s, admin, platformId);
    const c = await campaign(st.c, { name: '首单立减15', kind: 'firstBooking', budgetFen: 2_000, offKind: 'amount', offValue: 1_500 });
    const day = tomorrow();
    const m = await member(st.c);
    const first = await book(st.c, st.venue.id, day, st.sites[0]!.id, '08:00', '09:00', m.id);
    expect(first.amount).toBe(3_500);
    const second = await book(st.c, st.venue.id, day, st.sites[0]!.id, '09:00', '10:00', m.id);
    expect(second.amount).toBe(5_000);
    expect((await book(st.c, st.venue.id, day, st.sites[1]!.id, '08:00', '09:00')).amount).toBe(5_000);
    // ¥5 of the budget is left: another member's first booking sells without it.
    const m2 = await member(st.c);
    expect((await book(st.c, st.venue.id, day, st.sites[2]!.id, '08:00', '09:00', m2.id)).amount).toBe(5_000);
    const now = await campaignOf(st.c, c.id);
    expect([now.usedFen, now.state]).toEqual([1_500, 'running']);
    // The budget may not go below what is used.
    const below = await st.c.json('PUT', marketingApi(`campaign/${c.id}`), { body: { budgetFen: 1_000, version: now.version } });
    expect([below.code, below.detail[0].field, below.msg]).toEqual([969600, 'budgetFen', '预算不能低于已使用的 15.00 元']);
  });

  it("a recharge of at least a tier's amount adds the campaign's bonus to the card's own; a cancelled recharge gives the budget back", async () => {
    const st = await marketingStaff(s, admin, platformId, 1);
    const c = await campaign(st.c, {
      name: '充值加赠',
      kind: 'rechargeBonus',
      budgetFen: 50_000,
      tiers: [
        { minFen: 50_000, bonusFen: 8_000 },
        { minFen: 100_000, bonusFen: 20_000 },
      ],
    });
    const type = await makeType(st.c, { kind: 'value', priceFen: 10_000, faceValueFen: 10_000, rechargeBonus: [{ minFen: 50_000, bonusFen: 5_000 }] });
    const m = await member(st.c);
    const sold = await sellPaid(st.c, type.id, m.id);
    const rc = await ok<{ orderId: number; bonusFen: number }>(st.c, 'POST', cardApi(`${sold.cardId}/recharge`), { amountFen: 60_000 });
    expect(rc.bonusFen).toBe(13_000);
    expect((await campaignOf(st.c, c.id)).usedFen).toBe(8_000);
    await ok(st.c, 'POST', sport(`order/${rc.orderId}/pay`), { method: 'cash', amountFen: 60_000 });
    expect((await ok(st.c, 'GET', cardApi(String(sold.cardId)))).balanceFen).toBe(10_000 + 60_000 + 13_000);
    expect((await usesOf(st.c, c.id)).data[0]).toMatchObject({ what: 'bonus', state: 'used', memberId: m.id, amountFen: 8_000 });

    const pending = await ok<{ orderId: number; bonusFen: number }>(st.c, 'POST', cardApi(`${sold.cardId}/recharge`), { amountFen: 100_000 });
    expect(pending.bonusFen).toBe(20_000 + 5_000);
    expect((await campaignOf(st.c, c.id)).usedFen).toBe(28_000);
    await ok(st.c, 'POST', sport(`order/${pending.orderId}/cancel`), { reason: '不充了' });
    expect((await campaignOf(st.c, c.id)).usedFen).toBe(8_000);
  });

  it("a paid registration gives the pack's coupons once; their discounts take the budget, and the one past it is refused with 100409 budget", async () => {
    const st = await marketingStaff(s, admin, platformId, 1);
    const t = await amountTemplate(st.c, { name: '报名礼券', totalLimit: 100, perMemberLimit: 5 });
    const c = await campaign(st.c, { name: '报名送券', kind: 'couponPack', budgetFen: 3_000, trigger: 'registration', templateIds: [t.id] });
    const ev = await makeEvent(st.c, st.venue.id);
    const a = await newMember(st.c);
    const b = await newMember(st.c);
    await enterPaid(st.c, ev.sessions[0]!.id, a.id);
    await enterPaid(st.c, ev.sessions[0]!.id, b.id);
    const couponsOf = async (memberId: number) =>
      (await ok(st.c, 'POST', couponApi('list'), { memberId, templateId: t.id })).data as { id: number; state: string }[];
    const [ca] = await couponsOf(a.id);
    const [cb] = await couponsOf(b.id);
    expect([ca?.state, cb?.state]).toEqual(['issued', 'issued']);
    expect((await usesOf(st.c, c.id)).data.filter((u) => u.what === 'pack')).toHaveLength(2);

    // ¥20 off each: the first takes ¥20 of the ¥30 budget, the second would pass it.
    const first = await sellGeneral(st.c, [{ name: '球拍', unitPriceFen: 15_000 }], { memberId: a.id, couponIds: [ca!.id] });
    expect(first.payableFen).toBe(13_000);
    expect((await campaignOf(st.c, c.id)).usedFen).toBe(2_000);
    const refused = await st.c.json('POST', sport('order'), {
      body: { type: 'general', items: [{ kind: 'general', name: '球拍', unitPriceFen: 15_000 }], memberId: b.id, couponIds: [cb!.id] },
      lang: 'en-US',
    });
    expect([refused.code, refused.detail.reason, refused.msg]).toEqual([
      100409,
      'budget',
      'The budget of the campaign "报名送券" cannot cover this discount; please place the order again',
    ]);
    expect((await couponsOf(b.id))[0]!.state).toBe('issued');
    // The first order cancelled: its coupon's discount goes back to the budget, and the second member's now fits.
    await ok(st.c, 'POST', sport(`order/${first.id}/cancel`), { reason: '不买了' });
    expect((await campaignOf(st.c, c.id)).usedFen).toBe(0);
    const second = await sellGeneral(st.c, [{ name: '球拍', unitPriceFen: 15_000 }], { memberId: b.id, couponIds: [cb!.id] });
    expect(second.payableFen).toBe(13_000);
    expect((await usesOf(st.c, c.id)).data.filter((u) => u.what === 'coupon').map((u) => `${u.state}:${u.amountFen}`)).toEqual(['held:2000', 'released:2000']);
  });

  it('a paid card purchase gives a card-trigger pack; a registration does not', async () => {
    const st = await marketingStaff(s, admin, platformId, 1);
    const t = await amountTemplate(st.c, { name: '办卡礼券', totalLimit: 100, perMemberLimit: 5 });
    const c = await campaign(st.c, { name: '办卡送券', kind: 'couponPack', budgetFen: 10_000, trigger: 'card', templateIds: [t.id] });
    const type = await makeType(st.c, { kind: 'value', priceFen: 10_000, faceValueFen: 10_000 });
    const m = await member(st.c);
    await sellPaid(st.c, type.id, m.id);
    const ev = await makeEvent(st.c, st.venue.id);
    const r = await newMember(st.c);
    await enterPaid(st.c, ev.sessions[0]!.id, r.id);
    const list = await ok(st.c, 'POST', couponApi('list'), { templateId: t.id });
    expect(list.data.map((x: { memberId: number }) => x.memberId)).toEqual([m.id]);
    expect((await usesOf(st.c, c.id)).data).toEqual([expect.objectContaining({ what: 'pack', state: 'used', memberId: m.id, amountFen: 0 })]);
  });

  it('a used-up campaign shows exhausted and is passed over: the next booking sells at full price', async () => {
    // The refusal at the conditional write (100409 budget) needs a campaign emptied between pricing and
    // placing, which only concurrency does: marketing.race.test.ts on PostgreSQL.
    const st = await marketingStaff(s, admin, platformId, 1);
    const c = await campaign(st.c, {
      name: '小预算',
      kind: 'timeBand',
      budgetFen: 1_000,
      offKind: 'amount',
      offValue: 1_000,
      bandStart: '00:00',
      bandEnd: '24:00',
    });
    const day = tomorrow();
    expect((await book(st.c, st.venue.id, day, st.sites[0]!.id, '06:00', '07:00')).amount).toBe(4_000);
    expect((await campaignOf(st.c, c.id)).state).toBe('exhausted');
    const r = await bookRaw(st.c, st.venue.id, day, st.sites[0]!.id, '07:00', '08:00');
    expect([r.code, r.body.amount]).toEqual([0, 5_000]);
  });
});
