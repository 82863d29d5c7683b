import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, orderMoney, pay } from '../commerce/commerce.testkit.ts';
import { addDays } from '../venue/index.ts';
import { booking, today } from '../venue/venue.testkit.ts';
import { goodsApi, goodsStaff, ok, stockedGoods, stockRow } from './goods.testkit.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { TICKET_KEYS, gaSession, ticketApi } from '../ticket/ticket.testkit.ts';
import { Code } from '@venue/contract';

/**
 * Goods sold with a booking (issue 27): the booking's order carries `goods` lines from the venue's
 * warehouse; cancelling the booking refunds the sites by the venue's share and the goods by their
 * own rule (unopened in full, opened not at all), and the unopened units go back on the shelf.
 */
describe.each(databases)('goods sold with a booking or tickets on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  it('a late cancel refunds half the court, the unopened goods in full and nothing for the opened bottle; the unopened units are back on the shelf', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const { venue, sites } = st;
    // Cancelling within 3 days of play gives back half of the court.
    await s.database.query(`update sport_venue set rules = rules || '{"cancelDeadlineMinutes": 4320, "lateCancelRefundPercent": 50}'::jsonb where id = $1`, [
      venue.id,
    ]);
    const water = await stockedGoods(st.c, venue.id, 10, 300, { name: '矿泉水-订场' });
    const tubes = await stockedGoods(st.c, venue.id, 5, 12_800, { name: '羽毛球-订场' });
    const day = addDays(today(venue.timeZone), 1);
    const made = await st.c.json('POST', booking('order'), {
      body: {
        stadiumId: venue.id,
        date: day,
        items: [{ siteId: sites[0]!.id, start: '10:00', end: '11:00' }],
        goods: [
          { goodsId: water.id, quantity: 1 },
          { goodsId: tubes.id, quantity: 1 },
          { goodsId: water.id, quantity: 1 },
        ],
        buyerName: '周先生',
      },
    });
    expect(made.code, made.msg).toBe(0);
    expect(made.body.amount).toBe(5_000 + 2 * 300 + 12_800);
    // Held with the court until paid.
    expect(await stockRow(s, water.id)).toEqual([{ onHand: 10, held: 2 }]);
    expect((await pay(st.c, made.body.orderId, { method: 'cash', amountFen: made.body.amount })).code).toBe(0);
    expect(await stockRow(s, water.id)).toEqual([{ onHand: 8, held: 0 }]);
    // One bottle was drunk on court.
    const [waterLine] = (await ok(st.c, 'POST', goodsApi('sale/list'), { orderId: made.body.orderId, goodsId: water.id })).data;
    await ok(st.c, 'POST', goodsApi(`sale/${waterLine.id}/open`), { quantity: 1 });

    const quote = await ok(st.c, 'POST', booking('cancel/quote'), { orderId: made.body.orderId });
    const byName = Object.fromEntries(quote.lines.map((l: { name: string; refundFen: number }) => [l.name, l.refundFen]));
    expect(byName).toEqual({ [sites[0]!.name]: 2_500, '矿泉水-订场': 300, '羽毛球-订场': 12_800 });
    expect(quote).toMatchObject({ refundFen: 2_500 + 300 + 12_800, feeFen: 2_500 + 300 });

    const done = await ok(st.c, 'POST', booking('cancel'), { orderId: made.body.orderId, reason: '改期' });
    expect(done).toMatchObject({ refundFen: 15_600, feeFen: 2_800 });
    expect((await orderMoney(s, made.body.orderId)).refundedFen).toBe(15_600);
    // The unopened bottle and the tube are back; the opened bottle is gone.
    expect(await stockRow(s, water.id)).toEqual([{ onHand: 9, held: 0 }]);
    expect(await stockRow(s, tubes.id)).toEqual([{ onHand: 5, held: 0 }]);
    const [after] = (await ok(st.c, 'POST', goodsApi('sale/list'), { orderId: made.body.orderId, goodsId: water.id })).data;
    expect(after).toMatchObject({ openedQty: 1, returnedQty: 1 });
  });

  it('too few goods in stock refuse the whole booking: no court is held', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const { venue, sites } = st;
    const racket = await stockedGoods(st.c, venue.id, 1, 89_900, { name: '球拍-订场' });
    const day = addDays(today(venue.timeZone), 1);
    const refused = await st.c.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '10:00', end: '11:00' }], goods: [{ goodsId: racket.id, quantity: 2 }] },
    });
    expect(refused.detail.reason).toBe('stock');
    const again = await st.c.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '10:00', end: '11:00' }] },
    });
    expect(again.code, again.msg).toBe(0);
  });

  it('goods sold with tickets ride on the ticket order; refunding the order gives the unopened goods back by their rule', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const [roleId] = (await s.database.query<{ role_id: string }>('select role_id from sys_user_role where user_id = $1', [st.userId])).map((r) =>
      Number(r.role_id),
    );
    await grantMenus(admin, roleId!, TICKET_KEYS);
    const water = await stockedGoods(st.c, st.venue.id, 6, 500, { name: '矿泉水-随票' });
    const { session, levelId } = await gaSession(st.c, 10, 8_000, { venueId: st.venue.id });
    const made = await st.c.json('POST', ticketApi('order'), {
      body: { sessionId: session.id, levelId, quantity: 2, goods: [{ goodsId: water.id, quantity: 3 }] },
    });
    expect(made.code, made.msg).toBe(0);
    expect(made.body.amount).toBe(2 * 8_000 + 3 * 500);
    expect(await stockRow(s, water.id)).toEqual([{ onHand: 6, held: 3 }]);
    expect((await pay(st.c, made.body.orderId, { method: 'cash', amountFen: made.body.amount })).code).toBe(0);
    expect(await stockRow(s, water.id)).toEqual([{ onHand: 3, held: 0 }]);
    // One bottle opened; the refund of the goods line gives back the other two, and they return to the shelf.
    const [line] = (await ok(st.c, 'POST', goodsApi('sale/list'), { orderId: made.body.orderId })).data;
    await ok(st.c, 'POST', goodsApi(`sale/${line.id}/open`), { quantity: 1 });
    const detail = await ok(st.c, 'GET', `/api/sport/commerce/order/${made.body.orderId}`);
    const goodsItem = detail.items.find((i: { kind: string }) => i.kind === 'goods');
    const refund = await ok(st.c, 'POST', '/api/sport/commerce/refund', {
      orderId: made.body.orderId,
      items: [{ itemId: goodsItem.id, quantity: 3 }],
      to: 'original',
      reason: '不要了',
    });
    expect(refund.amountFen).toBe(1_000);
    await ok(st.reviewer, 'POST', `/api/sport/commerce/refund/${refund.id}/review`, { approve: true, remark: '同意' });
    expect(await stockRow(s, water.id)).toEqual([{ onHand: 5, held: 0 }]);
    // A session at no venue sells no goods with its tickets.
    const away = await gaSession(st.c, 10, 8_000);
    const refused = await st.c.json('POST', ticketApi('order'), {
      body: { sessionId: away.session.id, levelId: away.levelId, quantity: 1, goods: [{ goodsId: water.id, quantity: 1 }] },
    });
    expect(refused.code).toBe(Code.FORM_INVALID);
  });
  it('binoculars rented with tickets: rent and deposit on the ticket order, the rental out once paid and returned at the rent desk', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const [roleId] = (await s.database.query<{ role_id: string }>('select role_id from sys_user_role where user_id = $1', [st.userId])).map((r) =>
      Number(r.role_id),
    );
    await grantMenus(admin, roleId!, TICKET_KEYS);
    const glasses = await stockedGoods(st.c, st.venue.id, 4, 9_900, { name: '望远镜-随票租', rentHourFen: 1_000, depositFen: 10_000, lateFeeHourFen: 500 });
    const { session, levelId } = await gaSession(st.c, 10, 8_000, { venueId: st.venue.id });
    const made = await st.c.json('POST', ticketApi('order'), {
      body: { sessionId: session.id, levelId, quantity: 2, rentals: [{ goodsId: glasses.id, quantity: 2, basis: 'hour', duration: 3 }] },
    });
    expect(made.code, made.msg).toBe(0);
    // 2 tickets + 2 × (3 h × 10.00 + 100.00 deposit).
    expect(made.body.amount).toBe(2 * 8_000 + 2 * (3 * 1_000 + 10_000));
    expect(await stockRow(s, glasses.id)).toEqual([{ onHand: 4, held: 2 }]);
    expect((await pay(st.c, made.body.orderId, { method: 'cash', amountFen: made.body.amount })).code).toBe(0);
    expect(await stockRow(s, glasses.id)).toEqual([{ onHand: 2, held: 0 }]);
    const [rental] = (await ok(st.c, 'POST', goodsApi('rental/list'), { orderId: made.body.orderId })).data;
    expect(rental).toMatchObject({ state: 'out', outQty: 2, goodsId: glasses.id, depositFen: 10_000 });
    // Both back on time: the whole deposit is refunded, and the units are on the shelf again.
    const back = await ok(st.c, 'POST', goodsApi(`rental/${rental.id}/return`), { quantity: 2, version: rental.version });
    expect(back).toMatchObject({ state: 'returned', returnedQty: 2, outQty: 0 });
    expect(back.returns).toEqual([expect.objectContaining({ quantity: 2, chargeFen: 0, refundFen: 20_000 })]);
    expect((await orderMoney(s, made.body.orderId)).refundedFen).toBe(20_000);
    expect(await stockRow(s, glasses.id)).toEqual([{ onHand: 4, held: 0 }]);
    // A session at no venue rents nothing out with its tickets.
    const away = await gaSession(st.c, 10, 8_000);
    const refused = await st.c.json('POST', ticketApi('order'), {
      body: { sessionId: away.session.id, levelId: away.levelId, quantity: 1, rentals: [{ goodsId: glasses.id, quantity: 1, basis: 'hour', duration: 1 }] },
    });
    expect(refused.code).toBe(Code.FORM_INVALID);
  });
});
