import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { seedMessageDefaults } from '../../message/index.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { imbalances, orderMoney, sport } from '../commerce/commerce.testkit.ts';
import { MEMBER_KEYS, addMember, newPhone } from '../member/member.testkit.ts';
import { goodsApi, goodsStaff, ok, stockedGoods, stockRow } from './goods.testkit.ts';
import { remindOverdueRentals } from './rental.service.ts';

const RENT = { rentHourFen: 1_000, rentDayFen: 5_000, depositFen: 20_000, lateFeeHourFen: 500 };

/**
 * Rentals (issue 27): the deposit is taken with the rent and held as a liability; a return takes
 * late fees and damage from it and refunds the rest to the original payment; partial returns of a
 * multi-unit rental; overdue rentals listed and reminded once a day through messaging. Every
 * figure is checked against the stock ledger and the capital flow.
 */
describe.each(databases)('renting goods on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  const texts: { phone: string; text: string }[] = [];
  let gateway: http.Server;
  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        texts.push(JSON.parse(raw) as { phone: string; text: string });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    s = await startServer(kind, { OUTBOUND_ALLOW: `*,${new URL(gatewayUrl).host}` });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    await seedMessageDefaults(s.app.ctx.db);
    const put = await admin.json('PUT', '/api/system/message/channel/sms', {
      body: { enabled: true, ratePerMinute: 600, settings: { url: gatewayUrl }, version: 0 },
    });
    expect(put.code, put.msg).toBe(0);
  });
  afterAll(async () => {
    await s?.close();
    await new Promise<void>((r) => gateway?.close(() => r()));
  });
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  /** The net balance of a ledger account of an organisation (credits less debits: what a liability or revenue holds). */
  const credited = async (orgId: number, account: string) => {
    const [r] = await s.database.query<{ n: string | null }>(
      `select sum(case when side = 'credit' then amount_fen else -amount_fen end) as n from sport_ledger_entry where org_id = $1 and account = $2`,
      [orgId, account],
    );
    return Number(r?.n ?? 0);
  };
  const movements = (goodsId: number) =>
    s.database.query<{ kind: string; quantity: number; balance_after: number }>(
      'select kind, quantity, balance_after from sport_goods_movement where goods_id = $1 order by id',
      [goodsId],
    );
  const rentAt = (c: Client, stadiumId: number, body: Record<string, unknown>) => c.json('POST', goodsApi('counter/order'), { body: { stadiumId, ...body } });
  const rentalOf = async (c: Client, orderId: number) => (await ok(c, 'POST', goodsApi('rental/list'), { orderId })).data[0];
  /** Moves a rental's due time into the past, as if it had been rented that long ago. */
  const dueAgo = (rentalId: number, minutes: number) =>
    s.database.query(`update sport_goods_rental set due_at = now() - make_interval(mins => $2::int) where id = $1`, [rentalId, minutes]);

  async function staffWithMembers() {
    const st = await goodsStaff(s, admin, platformId);
    // The staff's role also holds the member screens (a rental for a member).
    const [roleId] = (await s.database.query<{ role_id: string }>('select role_id from sys_user_role where user_id = $1', [st.userId])).map((r) =>
      Number(r.role_id),
    );
    await grantMenus(admin, roleId!, MEMBER_KEYS);
    return st;
  }

  it('rent and deposit are paid together; the deposit is a liability; the units leave the shelf and are due at the end of the term', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const racket = await stockedGoods(st.c, st.venue.id, 5, 30_000, { name: '租赁球拍-押金', ...RENT });
    const water = await stockedGoods(st.c, st.venue.id, 10, 300, { name: '矿泉水-租售' });
    const made = await rentAt(st.c, st.venue.id, {
      sales: [{ goodsId: water.id, quantity: 2 }],
      rentals: [{ goodsId: racket.id, quantity: 2, basis: 'hour', duration: 3 }],
    });
    expect(made.code, made.msg).toBe(0);
    // 2 × (3 h × 10.00 + 200.00 deposit) + 2 × 3.00 water.
    expect(made.body.amount).toBe(2 * (3 * 1_000 + 20_000) + 600);
    expect(await stockRow(s, racket.id)).toEqual([{ onHand: 5, held: 2 }]);
    const pending = await rentalOf(st.c, made.body.orderId);
    expect(pending).toMatchObject({ state: 'held', quantity: 2, rentFen: 3_000, depositFen: 20_000, lateFeeHourFen: 500, dueAt: null });

    await ok(st.c, 'POST', sport(`order/${made.body.orderId}/pay`), { method: 'cash', amountFen: made.body.amount });
    const out = await rentalOf(st.c, made.body.orderId);
    expect(out).toMatchObject({ state: 'out', outQty: 2, overdue: false });
    expect(new Date(out.dueAt).getTime() - new Date(out.startAt).getTime()).toBe(3 * 3_600_000);
    expect(await stockRow(s, racket.id)).toEqual([{ onHand: 3, held: 0 }]);
    expect((await movements(racket.id)).map((m) => [m.kind, m.quantity, m.balance_after])).toEqual([
      ['purchase_in', 5, 5],
      ['rent_out', -2, 3],
    ]);
    expect(await credited(st.orgId, 'goodsDeposit')).toBe(40_000);
    expect(await credited(st.orgId, 'sales')).toBe(6_000 + 600);

    // A rental is refunded only by its return: an ordinary refund of the line is refused with the reason.
    const refund = await st.c.json('POST', sport('refund'), {
      body: { orderId: made.body.orderId, items: [{ itemId: out.itemId, quantity: 1 }], to: 'original', reason: '顾客不租了' },
    });
    expect(refund.code).toBe(Code.FORM_INVALID);
    expect(JSON.stringify(refund.detail)).toContain('租售');
  });

  it('a partial return on time refunds its deposit at once; a late, damaged and lost return takes fees from the deposit and refunds the rest', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const racket = await stockedGoods(st.c, st.venue.id, 6, 30_000, { name: '租赁球拍-归还', ...RENT });
    const made = await rentAt(st.c, st.venue.id, { rentals: [{ goodsId: racket.id, quantity: 4, basis: 'day', duration: 1 }] });
    await ok(st.c, 'POST', sport(`order/${made.body.orderId}/pay`), { method: 'cash', amountFen: made.body.amount });
    let r = await rentalOf(st.c, made.body.orderId);

    // One back on time: its whole deposit comes back to the cash it was paid with.
    const back1 = await ok(st.c, 'POST', goodsApi(`rental/${r.id}/return`), { quantity: 1, version: r.version });
    expect(back1).toMatchObject({ state: 'out', returnedQty: 1, outQty: 3 });
    expect(back1.returns).toEqual([
      expect.objectContaining({ quantity: 1, lateHours: 0, chargeFen: 0, refundFen: 20_000, refundNo: expect.stringMatching(/^R/) }),
    ]);
    expect(await credited(st.orgId, 'goodsDeposit')).toBe(60_000);
    expect((await orderMoney(s, made.body.orderId)).refundedFen).toBe(20_000);

    // The old version is refused: another operator's return was first.
    const stale = await st.c.json('POST', goodsApi(`rental/${r.id}/return`), { body: { quantity: 1, version: r.version } });
    expect(stale.detail.reason).toBe('stale');
    r = back1;
    // More than are out, and a damage charge with nothing damaged, are refused and change nothing.
    const tooMany = await st.c.json('POST', goodsApi(`rental/${r.id}/return`), { body: { quantity: 3, lostQty: 1, version: r.version } });
    expect(tooMany.code).toBe(Code.FORM_INVALID);
    expect(tooMany.msg).toContain('3');
    const noDamage = await st.c.json('POST', goodsApi(`rental/${r.id}/return`), { body: { quantity: 1, damageFen: 5_000, version: r.version } });
    expect(noDamage.code).toBe(Code.FORM_INVALID);

    // Two hours and a bit late: 3 whole hours × 5.00 × 3 units; one broken (80.00), one lost (200.00).
    await dueAgo(r.id, 2 * 60 + 20);
    const quote = await ok(st.c, 'POST', goodsApi(`rental/${r.id}/quote`), { quantity: 2, damagedQty: 1, lostQty: 1, damageFen: 28_000, version: r.version });
    expect(quote).toEqual({ lateHours: 3, lateFeeFen: 4_500, damageFen: 28_000, depositFen: 60_000, chargeFen: 32_500, refundFen: 27_500 });
    const overdue = await ok(st.c, 'POST', goodsApi('rental/list'), { overdue: true, stadiumId: st.venue.id });
    expect(overdue.data.map((x: { id: number }) => x.id)).toEqual([r.id]);

    const done = await ok(st.c, 'POST', goodsApi(`rental/${r.id}/return`), {
      quantity: 2,
      damagedQty: 1,
      lostQty: 1,
      damageFen: 28_000,
      remark: '拍线断了一支',
      version: r.version,
    });
    expect(done).toMatchObject({ state: 'returned', returnedQty: 3, damagedQty: 1, lostQty: 1, outQty: 0, overdue: false });
    expect(done.returns[1]).toMatchObject({ lateHours: 3, chargeFen: 32_500, refundFen: 27_500, remark: '拍线断了一支' });
    // The shelf: 2 back, the broken one written off at once; the lost one never came back.
    expect((await movements(racket.id)).map((m) => [m.kind, m.quantity, m.balance_after])).toEqual([
      ['purchase_in', 6, 6],
      ['rent_out', -4, 2],
      ['return_in', 1, 3],
      ['return_in', 2, 5],
      ['damage', -1, 4],
    ]);
    // No deposit is held any more; the business earned the rent and the fees; the cash paid back is the rest.
    expect(await credited(st.orgId, 'goodsDeposit')).toBe(0);
    expect(await credited(st.orgId, 'sales')).toBe(4 * 5_000 + 32_500);
    expect((await orderMoney(s, made.body.orderId)).refundedFen).toBe(20_000 + 27_500);
    const settledAgain = await st.c.json('POST', goodsApi(`rental/${r.id}/return`), { body: { quantity: 1, version: done.version } });
    expect(settledAgain.detail.reason).toBe('state');
  });

  it('fees above the deposit take the whole deposit and never more; a cancelled pending rental frees its units', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const board = await stockedGoods(st.c, st.venue.id, 2, 50_000, { name: '桨板-超额', ...RENT, depositFen: 1_000 });
    const made = await rentAt(st.c, st.venue.id, { rentals: [{ goodsId: board.id, quantity: 1, basis: 'hour', duration: 1 }] });
    await ok(st.c, 'POST', sport(`order/${made.body.orderId}/pay`), { method: 'cash', amountFen: made.body.amount });
    const r = await rentalOf(st.c, made.body.orderId);
    await dueAgo(r.id, 9 * 60 + 50);
    const done = await ok(st.c, 'POST', goodsApi(`rental/${r.id}/return`), { quantity: 1, version: r.version });
    expect(done.returns[0]).toMatchObject({ lateHours: 10, lateFeeFen: 5_000, depositFen: 1_000, chargeFen: 1_000, refundFen: 0, refundNo: null });
    expect(await credited(st.orgId, 'goodsDeposit')).toBe(0);

    const pending = await rentAt(st.c, st.venue.id, { rentals: [{ goodsId: board.id, quantity: 2, basis: 'hour', duration: 2 }] });
    expect(await stockRow(s, board.id)).toEqual([{ onHand: 2, held: 2 }]);
    // Nothing left to rent or sell while it is held.
    expect((await rentAt(st.c, st.venue.id, { sales: [{ goodsId: board.id, quantity: 1 }] })).detail.reason).toBe('stock');
    await ok(st.c, 'POST', sport(`order/${pending.body.orderId}/cancel`), { reason: '顾客不租了' });
    expect(await stockRow(s, board.id)).toEqual([{ onHand: 2, held: 0 }]);
    expect((await rentalOf(st.c, pending.body.orderId)).state).toBe('released');
    // A good without a day price is not rented by the day; a term past the longest is refused.
    const water = await stockedGoods(st.c, st.venue.id, 1, 300);
    expect((await rentAt(st.c, st.venue.id, { rentals: [{ goodsId: water.id, quantity: 1, basis: 'day', duration: 1 }] })).code).toBe(Code.FORM_INVALID);
    const long = await rentAt(st.c, st.venue.id, { rentals: [{ goodsId: board.id, quantity: 1, basis: 'day', duration: 31 }] });
    expect(long.code).toBe(Code.FORM_INVALID);
  });

  it('five operators returning the same units at once: one return settles them, the others are refused; stock and deposit move once', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const racket = await stockedGoods(st.c, st.venue.id, 3, 30_000, { name: '租赁球拍-并发', ...RENT });
    const made = await rentAt(st.c, st.venue.id, { rentals: [{ goodsId: racket.id, quantity: 3, basis: 'hour', duration: 2 }] });
    await ok(st.c, 'POST', sport(`order/${made.body.orderId}/pay`), { method: 'cash', amountFen: made.body.amount });
    const r = await rentalOf(st.c, made.body.orderId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => st.c.json('POST', goodsApi(`rental/${r.id}/return`), { body: { quantity: 2, version: r.version } })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).map((a) => a.detail.reason)).toEqual(['stale', 'stale', 'stale', 'stale']);
    expect(await stockRow(s, racket.id)).toEqual([{ onHand: 2, held: 0 }]);
    expect((await rentalOf(st.c, made.body.orderId)).outQty).toBe(1);
    expect(await credited(st.orgId, 'goodsDeposit')).toBe(20_000);
    expect((await orderMoney(s, made.body.orderId)).refundedFen).toBe(40_000);
  });

  it('an overdue rental of a member is reminded by text once a day, not twice', async () => {
    const st = await staffWithMembers();
    const phone = newPhone();
    const member = await addMember(st.c, { name: '租拍会员', phone });
    const racket = await stockedGoods(st.c, st.venue.id, 2, 30_000, { name: '租赁球拍-提醒', ...RENT });
    const made = await rentAt(st.c, st.venue.id, { memberId: member.id, rentals: [{ goodsId: racket.id, quantity: 1, basis: 'hour', duration: 1 }] });
    expect(made.code, made.msg).toBe(0);
    await ok(st.c, 'POST', sport(`order/${made.body.orderId}/pay`), { method: 'cash', amountFen: made.body.amount });
    const r = await rentalOf(st.c, made.body.orderId);
    expect(r).toMatchObject({ memberId: member.id, memberName: '租拍会员', memberPhone: phone });
    // Due, but within the grace: not reminded yet.
    await dueAgo(r.id, 5);
    await remindOverdueRentals(s.app.ctx.db);
    expect((await rentalOf(st.c, made.body.orderId)).remindedAt).toBeNull();
    await dueAgo(r.id, 90);
    await remindOverdueRentals(s.app.ctx.db);
    await remindOverdueRentals(s.app.ctx.db);
    const deadline = Date.now() + 15_000;
    while (!texts.some((x) => x.phone === phone) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
    const sent = texts.filter((x) => x.phone === phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('租拍会员您好');
    expect(sent[0]!.text).toContain(made.body.orderNo);
    expect(sent[0]!.text).toContain('已逾期 2 小时');
    expect((await rentalOf(st.c, made.body.orderId)).remindedAt).not.toBeNull();
  });
});
