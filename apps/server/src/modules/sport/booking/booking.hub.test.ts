import { describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases } from '../../../../test/harness.ts';
import { signIn } from '../../system/admin.testkit.ts';
import { orderMoney, pay } from '../commerce/commerce.testkit.ts';
import { addDays } from '../venue/index.ts';
import { booking, today, venueApi } from '../venue/venue.testkit.ts';
import { bookingSuite } from './booking.testkit.ts';

/**
 * The grid as the desk's hub (issue 25, points 2-4): a member's booking shows the member, a paid
 * line is moved with its price difference quoted first, and one line of two is cancelled with its
 * refund quoted first.
 */
describe.each(databases)('the booking grid as the hub on %s', (kind) => {
  const suite = bookingSuite(kind);
  const { venueOf } = suite;
  type Slot = { siteId: number; start: string; state: string; buyer?: string | null; buyerPhone?: string | null; itemId?: number | null };
  const grid = async (c: Client, stadiumId: number, date: string) => {
    const res = await c.json('POST', booking('grid'), { body: { stadiumId, date, detail: true } });
    expect(res.code, res.msg).toBe(0);
    return res.body.slots as Slot[];
  };
  const cell = (slots: Slot[], siteId: number, start: string) => slots.find((x) => x.siteId === siteId && x.start === start)!;
  const paidBooking = async (c: Client, stadiumId: number, date: string, items: { siteId: number; start: string; end: string }[], extra = {}) => {
    const r = await c.json('POST', booking('order'), { body: { stadiumId, date, items, ...extra } });
    expect(r.code, r.msg).toBe(0);
    const paid = await pay(c, r.body.orderId, { method: 'cash', amountFen: r.body.amount });
    expect(paid.code, paid.msg).toBe(0);
    return r.body as { orderId: number; orderNo: string; amount: number };
  };
  const itemsOf = async (c: Client, orderId: number) =>
    (await c.json('GET', `/api/sport/commerce/order/${orderId}`)).body.items as { id: number; name: string; amountFen: number }[];

  it('a member’s booking shows the member’s name and masked phone on the grid and in the day’s plan, a walk-in’s stays as ordered', async () => {
    const v = await venueOf({ n: 2, priceFen: 5000 });
    const phone = `138${String(v.orgId).padStart(4, '0').slice(-4)}1234`;
    const [m] = await suite.s.database.query<{ id: string }>(
      `insert into sport_member (org_id, member_no, name, phone, kind, level) values ($1, $2, '林会员', $3, 'individual', 'normal') returning id`,
      [v.orgId, `M${v.orgId}`, phone],
    );
    const day = addDays(today(v.venue.timeZone), 1);
    const member = await v.c.json('POST', booking('order'), {
      body: { stadiumId: v.venue.id, date: day, memberId: Number(m!.id), items: [{ siteId: v.sites[0]!.id, start: '10:00', end: '11:00' }] },
    });
    expect(member.code, member.msg).toBe(0);
    await v.c.json('POST', booking('order'), {
      body: { stadiumId: v.venue.id, date: day, buyerName: '王先生', items: [{ siteId: v.sites[1]!.id, start: '10:00', end: '11:00' }] },
    });
    const slots = await grid(v.c, v.venue.id, day);
    expect(cell(slots, v.sites[0]!.id, '10:00')).toMatchObject({
      buyer: '林会员',
      buyerPhone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      memberId: Number(m!.id),
    });
    expect(cell(slots, v.sites[1]!.id, '10:00')).toMatchObject({ buyer: '王先生', buyerPhone: null, memberId: null });
    const plan = await v.c.json('POST', booking('plan'), { body: { stadiumId: v.venue.id, date: day } });
    const row = (plan.body.bookings as { orderId: number; buyer: string; buyerPhone: string }[]).find((b) => b.orderId === member.body.orderId)!;
    expect(row).toMatchObject({ buyer: '林会员', buyerPhone: '138****1234' });
  });

  it('one court of a two-court booking is cancelled alone: the quote shows amount, fee, refund and method first and changes nothing; the other court stays booked and paid', async () => {
    const v = await venueOf({ n: 2, priceFen: 6000, rules: { cancelDeadlineMinutes: 60 * 24 * 3, lateCancelRefundPercent: 50 } });
    const day = addDays(today(v.venue.timeZone), 1);
    const b = await paidBooking(v.c, v.venue.id, day, [
      { siteId: v.sites[0]!.id, start: '10:00', end: '11:00' },
      { siteId: v.sites[1]!.id, start: '10:00', end: '12:00' },
    ]);
    const [first, second] = await itemsOf(v.c, b.orderId);
    const quote = await v.c.json('POST', booking('cancel/quote'), { body: { orderId: b.orderId, itemId: first!.id } });
    expect(quote.code, quote.msg).toBe(0);
    // Inside the 3-day deadline: half of the line's ¥60 comes back, to the cash it was paid with.
    expect(quote.body).toMatchObject({ amountFen: 6000, refundFen: 3000, feeFen: 3000, percent: 50, methods: ['cash'] });
    expect(quote.body.lines).toEqual([{ itemId: first!.id, name: v.sites[0]!.name, spec: `${day} 10:00-11:00`, amountFen: 6000, refundFen: 3000 }]);
    // The quote changed nothing.
    expect(cell(await grid(v.c, v.venue.id, day), v.sites[0]!.id, '10:00').state).toBe('booked');
    expect(await orderMoney(suite.s, b.orderId)).toMatchObject({ state: 'paid', refundedFen: 0 });

    const done = await v.c.json('POST', booking('cancel'), { body: { orderId: b.orderId, itemId: first!.id, reason: '少来一人' } });
    expect(done.code, done.msg).toBe(0);
    expect(done.body).toMatchObject({ refundFen: 3000, feeFen: 3000, state: 'part_refunded' });
    const slots = await grid(v.c, v.venue.id, day);
    expect([cell(slots, v.sites[0]!.id, '10:00').state, cell(slots, v.sites[1]!.id, '10:00').state, cell(slots, v.sites[1]!.id, '11:00').state]).toEqual([
      'free',
      'booked',
      'booked',
    ]);
    expect(await orderMoney(suite.s, b.orderId)).toMatchObject({ paidFen: 18000, refundedFen: 3000 });
    // The same line again: nothing of it is booked any more.
    const again = await v.c.json('POST', booking('cancel'), { body: { orderId: b.orderId, itemId: first!.id } });
    expect(again.code).toBe(Code.CONFLICT);
    expect(again.detail.reason).toBe('state');
    // The other court is still cancellable, by its own quote.
    const rest = await v.c.json('POST', booking('cancel/quote'), { body: { orderId: b.orderId, itemId: second!.id } });
    expect(rest.body).toMatchObject({ amountFen: 12000, refundFen: 6000, feeFen: 6000 });
  });

  it('an unpaid booking is cancelled whole: one line of it is refused with a reason', async () => {
    const v = await venueOf({ n: 2 });
    const day = addDays(today(v.venue.timeZone), 1);
    const r = await v.c.json('POST', booking('order'), {
      body: { stadiumId: v.venue.id, date: day, items: [{ siteId: v.sites[0]!.id, start: '10:00', end: '11:00' }] },
    });
    const [item] = await itemsOf(v.c, r.body.orderId);
    const one = await v.c.json('POST', booking('cancel'), { body: { orderId: r.body.orderId, itemId: item!.id }, lang: 'en-US' });
    expect(one.code).toBe(Code.CONFLICT);
    expect(one.msg).toBe('An unpaid booking is cancelled as a whole');
    expect(cell(await grid(v.c, v.venue.id, day), v.sites[0]!.id, '10:00').state).toBe('held');
  });

  it('a paid line moved to another court: the quote shows the difference first and changes nothing; the move frees the old cell and books the new one; a taken cell is refused', async () => {
    const v = await venueOf({ n: 2, priceFen: 6000 });
    // Afternoons cost more on the second court.
    const rule = await v.c.json('POST', venueApi('price'), {
      body: { venueId: v.venue.id, siteId: v.sites[1]!.id, name: '下午场', sport: 'badminton', start: '14:00', end: '18:00', priceFen: 9000 },
    });
    expect(rule.code, rule.msg).toBe(0);
    const day = addDays(today(v.venue.timeZone), 2);
    const b = await paidBooking(v.c, v.venue.id, day, [{ siteId: v.sites[0]!.id, start: '10:00', end: '11:00' }], { buyerName: '王先生' });
    const other = await paidBooking(v.c, v.venue.id, day, [{ siteId: v.sites[1]!.id, start: '16:00', end: '17:00' }]);
    const [item] = await itemsOf(v.c, b.orderId);
    const move = { orderId: b.orderId, itemId: item!.id, siteId: v.sites[1]!.id, date: day, start: '14:00', end: '15:00' };
    const quote = await v.c.json('POST', booking('change/quote'), { body: move });
    expect(quote.code, quote.msg).toBe(0);
    expect(quote.body).toEqual({ worthFen: 6000, priceFen: 9000, differenceFen: 3000 });
    expect(cell(await grid(v.c, v.venue.id, day), v.sites[1]!.id, '14:00').state).toBe('free');
    // A cell another booking holds: refused before and at the move.
    const taken = { ...move, start: '16:00', end: '17:00' };
    const q2 = await v.c.json('POST', booking('change/quote'), { body: taken });
    expect(q2.code).toBe(Code.CONFLICT);
    expect(q2.detail.reason).toBe('taken');
    const c2 = await v.c.json('POST', booking('change'), { body: taken });
    expect(c2.code).toBe(Code.CONFLICT);
    expect(c2.detail.reason).toBe('taken');
    expect(cell(await grid(v.c, v.venue.id, day), v.sites[0]!.id, '10:00').state).toBe('booked');
    // The move itself: the difference becomes an order to pay; the old cell is free, the new one booked.
    const moved = await v.c.json('POST', booking('change'), { body: move });
    expect(moved.code, moved.msg).toBe(0);
    expect(moved.body).toMatchObject({ differenceFen: 3000, refundFen: 0 });
    const slots = await grid(v.c, v.venue.id, day);
    expect(cell(slots, v.sites[0]!.id, '10:00').state).toBe('free');
    expect(cell(slots, v.sites[1]!.id, '14:00')).toMatchObject({ state: 'booked', buyer: '王先生', itemId: item!.id });
    expect(other.orderId).toBeGreaterThan(0);
  });

  it.runIf(kind === 'postgres')('two bookings moved to the same free cell at once: one moves, the other answers 100409 taken and keeps its cell', async () => {
    const v = await venueOf({ n: 3, priceFen: 5000 });
    const other = await signIn(suite.s, v.code, 'Pass1234');
    const day = addDays(today(v.venue.timeZone), 2);
    for (let round = 0; round < 5; round++) {
      const start = `${String(8 + round * 2).padStart(2, '0')}:00`;
      const end = `${String(9 + round * 2).padStart(2, '0')}:00`;
      const a = await paidBooking(v.c, v.venue.id, day, [{ siteId: v.sites[0]!.id, start, end }]);
      const b = await paidBooking(v.c, v.venue.id, day, [{ siteId: v.sites[1]!.id, start, end }]);
      const [ia] = await itemsOf(v.c, a.orderId);
      const [ib] = await itemsOf(v.c, b.orderId);
      const target = { siteId: v.sites[2]!.id, date: day, start, end };
      const [ra, rb] = await Promise.all([
        v.c.json('POST', booking('change'), { body: { orderId: a.orderId, itemId: ia!.id, ...target } }),
        other.json('POST', booking('change'), { body: { orderId: b.orderId, itemId: ib!.id, ...target } }),
      ]);
      const codes = [ra.code, rb.code].sort();
      expect(codes, `${ra.msg} / ${rb.msg}`).toEqual([0, Code.CONFLICT]);
      const loser = ra.code === 0 ? rb : ra;
      expect(loser.detail.reason).toBe('taken');
      const slots = await grid(v.c, v.venue.id, day);
      expect(cell(slots, v.sites[2]!.id, start).state).toBe('booked');
      // The loser's booking stays where it was.
      const loserSite = ra.code === 0 ? v.sites[1]! : v.sites[0]!;
      expect(cell(slots, loserSite.id, start).state).toBe('booked');
    }
  });
});
