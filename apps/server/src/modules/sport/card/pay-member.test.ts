import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, sellGeneral, sport } from '../commerce/commerce.testkit.ts';
import { cardApi, cardImbalances, cardStaff, makeMember, makeType, ok, sellPaid } from './card.testkit.ts';

/**
 * Issue 25, points 2 and 13: an order names its member (name and masked phone) in the order list
 * and detail, and so does a refund of it in the refund lists; the account list a payment picks from tells each account's card, and why it cannot
 * pay; the server refuses what the console shows refused.
 */
describe.each(databases)('the member carried through payment on %s', (kind) => {
  let s: TestServer;
  let staff: Awaited<ReturnType<typeof cardStaff>>;
  let c: Client;

  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    const { c: admin, platformOrgId } = await adminClient(s);
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

  const memberOf = async (id: number) =>
    (await s.database.query<{ name: string; phone: string }>(`select name, phone from sport_member where id = $1`, [id]))[0]!;

  it("order list and detail answer the member's name and masked phone; a walk-in's are null", async () => {
    const memberId = await makeMember(s, staff.orgId, { name: '王小明' });
    const other = await makeMember(s, staff.orgId, { name: '李四' });
    const { phone } = await memberOf(memberId);
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const mine = await sellGeneral(c, [{ name: '水', unitPriceFen: 300 }], { memberId });
    // The new order's own answer names the member too.
    expect(mine).toMatchObject({ memberId, memberName: '王小明', memberPhoneMasked: masked });
    await sellGeneral(c, [{ name: '毛巾', unitPriceFen: 500 }], { memberId: other });
    const walkin = await sellGeneral(c, [{ name: '水', unitPriceFen: 300 }], { buyerName: '路人' });

    const page = await ok<{ data: { id: number; memberId: number | null; memberName: string | null; memberPhoneMasked: string | null }[] }>(
      c,
      'POST',
      sport('order/list'),
      { pageNum: 1, pageSize: 20 },
    );
    const row = page.data.find((r) => r.id === mine.id)!;
    expect(row).toMatchObject({ memberName: '王小明', memberPhoneMasked: masked });
    expect(row.memberPhoneMasked).not.toContain(phone.slice(3, 7));
    expect(page.data.find((r) => r.memberId === other)).toMatchObject({ memberName: '李四' });
    expect(page.data.find((r) => r.id === walkin.id)).toMatchObject({ memberName: null, memberPhoneMasked: null });

    const detail = await ok(c, 'GET', sport(`order/${mine.id}`));
    expect(detail).toMatchObject({ memberName: '王小明', memberPhoneMasked: masked });
    // A member renamed: the order shows them as they are now.
    await s.database.query(`update sport_member set name = '王大明' where id = $1`, [memberId]);
    expect(await ok(c, 'GET', sport(`order/${mine.id}`))).toMatchObject({ memberName: '王大明' });
  });

  it("a refund of a member's order names the member (name and masked phone) in the refund list, its detail and the order's refunds; a walk-in's refund none", async () => {
    const memberId = await makeMember(s, staff.orgId, { name: '赵退款' });
    const { phone } = await memberOf(memberId);
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const refundOf = async (extra: Record<string, unknown>) => {
      const order = await sellGeneral(c, [{ name: '毛巾', unitPriceFen: 1000 }], extra);
      expect((await c.json('POST', sport(`order/${order.id}/pay`), { body: { method: 'cash', amountFen: 1000 } })).code).toBe(0);
      return ok<{ id: number; orderId: number; memberName: string | null }>(c, 'POST', sport('refund'), {
        orderId: order.id,
        amountFen: 300,
        reason: '质量问题',
      });
    };
    const mine = await refundOf({ memberId });
    expect(mine).toMatchObject({ memberId, memberName: '赵退款', memberPhoneMasked: masked });
    const walkin = await refundOf({ buyerName: '路人' });

    type Row = { id: number; memberId: number | null; memberName: string | null; memberPhoneMasked: string | null };
    const page = await ok<{ data: Row[] }>(c, 'POST', sport('refund/list'), { kind: 'order', pageNum: 1, pageSize: 20 });
    const row = page.data.find((r) => r.id === mine.id)!;
    expect(row).toMatchObject({ memberId, memberName: '赵退款', memberPhoneMasked: masked });
    expect(row.memberPhoneMasked).not.toContain(phone.slice(3, 7));
    expect(page.data.find((r) => r.id === walkin.id)).toMatchObject({ memberId: null, memberName: null, memberPhoneMasked: null });
    expect(await ok(c, 'GET', sport(`refund/${mine.id}`))).toMatchObject({ memberName: '赵退款', memberPhoneMasked: masked });
    const detail = await ok<{ refunds: Row[] }>(c, 'GET', sport(`order/${mine.orderId}`));
    expect(detail.refunds.find((r) => r.id === mine.id)).toMatchObject({ memberName: '赵退款', memberPhoneMasked: masked });
  });

  it('the account list tells each account by its card (type, kind, number) and says a frozen card cannot pay; the server refuses it in both languages', async () => {
    const type = await makeType(c, { name: '金卡储值', kind: 'value', priceFen: 10_000, faceValueFen: 12_000, validDays: 30 });
    const memberId = await makeMember(s, staff.orgId);
    const good = await sellPaid(c, type.id, memberId);
    const frozen = await sellPaid(c, type.id, memberId);
    await ok(c, 'POST', cardApi(`${frozen.cardId}/freeze`), { reason: 'lost' });
    const goodCard = await ok<{ accountId: number }>(c, 'GET', cardApi(String(good.cardId)));
    const frozenCard = await ok<{ accountId: number }>(c, 'GET', cardApi(String(frozen.cardId)));

    type Row = { id: number; balanceFen: number; card: { cardNo: string; typeName: string; kind: string; status: string; refusal: string | null } | null };
    const list = await ok<{ data: Row[] }>(c, 'POST', sport('account/list'), { memberId, pageNum: 1, pageSize: 20 });
    expect(list.data.find((a) => a.id === goodCard.accountId)).toMatchObject({
      balanceFen: 12_000,
      card: { cardNo: good.cardNo, typeName: '金卡储值', kind: 'value', status: 'active', refusal: null },
    });
    expect(list.data.find((a) => a.id === frozenCard.accountId)).toMatchObject({ card: { cardNo: frozen.cardNo, status: 'frozen', refusal: 'frozen' } });

    // Expired yesterday: said as expired.
    await s.database.query(`update sport_member_card set valid_to = (current_date - 2) where id = $1`, [good.cardId]);
    const again = await ok<{ data: Row[] }>(c, 'POST', sport('account/list'), { memberId, pageNum: 1, pageSize: 20 });
    expect(again.data.find((a) => a.id === goodCard.accountId)?.card?.refusal).toBe('expired');

    // What the list says cannot pay, the server refuses, changing nothing.
    const order = await sellGeneral(c, [{ name: '水', unitPriceFen: 300 }], { memberId });
    const zh = await c.json('POST', sport(`order/${order.id}/pay`), { body: { method: 'balance', amountFen: 300, accountId: frozenCard.accountId } });
    expect(zh.code).toBe(969600);
    expect(zh.msg).toContain('该会员卡已冻结，不能支付');
    const en = await c.json('POST', sport(`order/${order.id}/pay`), {
      body: { method: 'balance', amountFen: 300, accountId: frozenCard.accountId },
      lang: 'en-US',
    });
    expect(en.msg).toContain('This card is frozen and cannot pay');
    expect((await ok(c, 'GET', sport(`order/${order.id}`))).paidFen).toBe(0);
    expect((await ok<{ balanceFen: number }>(c, 'GET', cardApi(String(frozen.cardId)))).balanceFen).toBe(12_000);
  });
});
