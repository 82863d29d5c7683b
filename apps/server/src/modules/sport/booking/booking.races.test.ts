import { describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases } from '../../../../test/harness.ts';
import { signIn } from '../../system/admin.testkit.ts';
import { orderMoney, pay } from '../commerce/commerce.testkit.ts';
import { addDays } from '../venue/index.ts';
import { booking, dayTimeZone, hourAhead, plusHour, today, venueApi } from '../venue/venue.testkit.ts';
import { book, bookingSuite, paidSeries } from './booking.testkit.ts';

/**
 * Booking operations that move money or slots, raced (PostgreSQL) and checked one by one: each
 * reads the state it acts on after locking its order, and each release must touch exactly what it
 * read (issue 23, High 1), and a fixed series' occurrence pays the late-cancel fee (Low 13).
 */
describe.each(databases)('booking changes, cancels and check-ins under races on %s', (kind) => {
  const suite = bookingSuite(kind);
  const { venueOf } = suite;
  const itemOf = async (c: Client, orderId: number) => (await c.json('GET', `/api/sport/commerce/order/${orderId}`)).body.items[0].id as number;
  /** The order's claims that still hold a slot (held, booked, used or no-show), as "day start-end". */
  const liveClaims = async (orderId: number) =>
    (
      await suite.s.database.query<{ day: string; start_min: number; state: string }>(
        `select day::text as day, start_min, state from sport_slot_claim where order_id = $1 and state <> 'released' order by day, start_min`,
        [orderId],
      )
    ).map((r) => `${r.day} ${r.start_min / 60}:00 ${r.state}`);

  /**
   * Runs `calls` while a separate connection holds the order's row lock, releasing it once every
   * call waits on it (or after 5 s): each call has read what it reads before its transaction, so
   * they meet at the lock as they would under a real rush, every round.
   */
  async function atTheLock<T>(orderId: number, calls: (() => Promise<T>)[], waiters = calls.length): Promise<T[]> {
    const { default: pg } = await import('pg');
    const holder = new pg.Client({ connectionString: suite.s.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from sport_order where id = $1 for update', [orderId]);
      const running: Promise<T>[] = [];
      for (const call of calls) {
        running.push(call());
        // One at a time into the queue, so the lock goes to them in the order given.
        const n = running.length;
        for (let i = 0; i < 100 && (await blockedOn(holder)) < Math.min(n, waiters); i++) await new Promise((r) => setTimeout(r, 50));
      }
      await holder.query('commit');
      return await Promise.all(running);
    } finally {
      await holder.end();
    }
  }
  const blockedOn = async (holder: { query: (q: string) => Promise<{ rows: { n: string }[] }> }) =>
    Number((await holder.query(`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0]!.n);

  it.runIf(kind === 'postgres')(
    'five changes of one paid hour to five cheaper hours at once: one moves it, the others answer 100409; one refund of the difference',
    async () => {
      const { c, venue, sites, code } = await venueOf({ n: 1, priceFen: 30000 });
      expect(
        (
          await c.json('POST', venueApi('price'), {
            body: { venueId: venue.id, name: '早场', sport: 'badminton', start: '08:00', end: '13:00', priceFen: 10000 },
          })
        ).code,
      ).toBe(0);
      const day = addDays(today(venue.timeZone), 2);
      for (const round of [1, 2]) {
        const b = await book(c, venue.id, day, sites[0]!.id, `${13 + round * 2}:00`, `${14 + round * 2}:00`);
        expect((await pay(c, b.orderId, { method: 'cash', amountFen: 30000 })).code).toBe(0);
        const itemId = await itemOf(c, b.orderId);
        const operators = await Promise.all(Array.from({ length: 5 }, () => signIn(suite.s, code, 'Pass1234')));
        const change = (i: number) => () =>
          operators[i]!.json('POST', booking('change'), {
            body: {
              orderId: b.orderId,
              itemId,
              siteId: sites[0]!.id,
              date: day,
              start: `${String(8 + i).padStart(2, '0')}:00`,
              end: `${String(9 + i).padStart(2, '0')}:00`,
            },
          });
        // Round 1 meets at the order's lock every time; round 2 is a plain rush.
        const calls = [0, 1, 2, 3, 4].map(change);
        const results = round === 1 ? await atTheLock(b.orderId, calls) : await Promise.all(calls.map((f) => f()));
        const ok = results.filter((r) => r.code === 0);
        for (const r of results.filter((x) => x.code !== 0)) expect([r.code, r.detail.reason], r.msg).toEqual([Code.CONFLICT, 'state']);
        if (round === 1) {
          // All five read the line before any moved it: one moves it, the others find it moved.
          expect(ok, JSON.stringify(results.map((r) => [r.code, r.msg]))).toHaveLength(1);
          expect(ok[0]!.body).toMatchObject({ refundFen: 20000, differenceFen: 0 });
        } else expect(ok.length).toBeGreaterThanOrEqual(1); // a change that read the line after another moved it moves it again, at no cost
        expect(ok.reduce((n, r) => n + r.body.refundFen, 0)).toBe(20000);
        // One set of booked claims, at an hour a successful change chose; one difference refunded.
        const chosen = results.flatMap((r, i) => (r.code === 0 ? [`${day} ${8 + i}:00 booked`] : []));
        const live = await liveClaims(b.orderId);
        expect(live).toHaveLength(1);
        expect(chosen).toContain(live[0]);
        expect(await orderMoney(suite.s, b.orderId)).toMatchObject({ state: 'part_refunded', paidFen: 30000, refundedFen: 20000 });
        // Cancelled later (before the deadline), the line gives back what it is still worth.
        const cancelled = await c.json('POST', booking('cancel'), { body: { orderId: b.orderId } });
        expect(cancelled.body).toMatchObject({ refundFen: 10000, feeFen: 0, state: 'refunded' });
        expect(await liveClaims(b.orderId)).toEqual([]);
      }
    },
  );

  it.runIf(kind === 'postgres')(
    'a change and a late cancel of one paid booking at once: whichever goes first, nothing stays booked and the refund is what the rules give',
    async () => {
      // Cancelling is late (half back) from 3 days before; changing is allowed up to 2 hours before.
      const { c, venue, sites } = await venueOf({ n: 1, priceFen: 30000, rules: { cancelDeadlineMinutes: 60 * 24 * 3 } });
      expect(
        (
          await c.json('POST', venueApi('price'), {
            body: { venueId: venue.id, name: '早场', sport: 'badminton', start: '08:00', end: '13:00', priceFen: 10000 },
          })
        ).code,
      ).toBe(0);
      const day = addDays(today(venue.timeZone), 2);
      for (const changeFirst of [true, false]) {
        const b = await book(c, venue.id, day, sites[0]!.id, changeFirst ? '15:00' : '17:00', changeFirst ? '16:00' : '18:00');
        await pay(c, b.orderId, { method: 'cash', amountFen: 30000 });
        const itemId = await itemOf(c, b.orderId);
        const change = () =>
          c.json('POST', booking('change'), {
            body: { orderId: b.orderId, itemId, siteId: sites[0]!.id, date: day, start: changeFirst ? '09:00' : '10:00', end: changeFirst ? '10:00' : '11:00' },
          });
        const cancel = () => c.json('POST', booking('cancel'), { body: { orderId: b.orderId } });
        const [first, second] = await atTheLock(b.orderId, changeFirst ? [change, cancel] : [cancel, change]);
        expect(first!.code, first!.msg).toBe(0);
        if (changeFirst) {
          // Moved to a 10,000 fen hour (20,000 back), then cancelled late: half of the 10,000 left.
          expect(second!.body).toMatchObject({ refundFen: 5000, feeFen: 5000 });
          expect(await orderMoney(suite.s, b.orderId)).toMatchObject({ state: 'part_refunded', refundedFen: 25000 });
        } else {
          // Cancelled late (15,000 back): the change finds nothing booked to move.
          expect(first!.body).toMatchObject({ refundFen: 15000, feeFen: 15000 });
          expect([second!.code, second!.detail.reason]).toEqual([Code.CONFLICT, 'state']);
          expect(await orderMoney(suite.s, b.orderId)).toMatchObject({ state: 'part_refunded', refundedFen: 15000 });
        }
        expect(await liveClaims(b.orderId)).toEqual([]);
      }
    },
  );

  it.runIf(kind === 'postgres')(
    'four check-ins of one fixed booking at once: one checks today in, the others are told it is already checked in; tomorrow stays booked',
    async () => {
      const tz = dayTimeZone();
      const { c, venue, sites, code } = await venueOf({ n: 1, timeZone: tz, open: '00:00', close: '24:00' });
      const start = hourAhead(tz);
      const { order } = await paidSeries(c, venue.id, sites[0]!.id, {
        from: today(tz),
        to: addDays(today(tz), 1),
        start,
        end: plusHour(start),
        name: '两日队',
      });
      const desks = await Promise.all(Array.from({ length: 4 }, () => signIn(suite.s, code, 'Pass1234')));
      const results = await atTheLock(
        order.orderId,
        desks.map((d) => () => d.json('POST', booking('checkin'), { body: { code: order.orderNo } })),
      );
      expect(
        results.filter((r) => r.code === 0),
        JSON.stringify(results.map((r) => [r.code, r.msg])),
      ).toHaveLength(1);
      for (const r of results.filter((x) => x.code !== 0)) {
        expect([r.code, r.detail.reason]).toEqual([Code.CONFLICT, 'state']);
        expect(r.msg).toContain('已核销');
      }
      expect(await liveClaims(order.orderId)).toEqual([
        `${today(tz)} ${Number(start.slice(0, 2))}:00 used`,
        `${addDays(today(tz), 1)} ${Number(start.slice(0, 2))}:00 booked`,
      ]);
      expect((await orderMoney(suite.s, order.orderId)).state).toBe('paid');
    },
  );

  it.runIf(kind === 'postgres')('a check-in waiting while a late cancel goes through is refused; the cancelled slot is not used', async () => {
    const tz = dayTimeZone();
    const { c, venue, sites } = await venueOf({ n: 1, timeZone: tz, open: '00:00', close: '24:00', priceFen: 5000 });
    const start = hourAhead(tz);
    const b = await book(c, venue.id, today(tz), sites[0]!.id, start, plusHour(start));
    await pay(c, b.orderId, { method: 'cash', amountFen: 5000 });
    const [cancelled, checked] = await atTheLock(b.orderId, [
      () => c.json('POST', booking('cancel'), { body: { orderId: b.orderId } }),
      () => c.json('POST', booking('checkin'), { body: { code: b.orderNo } }),
    ]);
    // Inside the 2-hour deadline: half back, half kept; the order is part refunded and holds no slot.
    expect(cancelled!.body).toMatchObject({ refundFen: 2500, feeFen: 2500 });
    expect([checked!.code, checked!.detail.reason]).toEqual([Code.CONFLICT, 'state']);
    expect(await liveClaims(b.orderId)).toEqual([]);
    expect((await orderMoney(suite.s, b.orderId)).state).toBe('part_refunded');
  });

  it.runIf(kind === 'postgres')(
    'a fixed occurrence changed and cancelled at once: the cancel finds the moved slot, frees it and refunds the rest',
    async () => {
      const { c, venue, sites } = await venueOf({ n: 1, priceFen: 30000 });
      expect(
        (
          await c.json('POST', venueApi('price'), {
            body: { venueId: venue.id, name: '早场', sport: 'badminton', start: '08:00', end: '13:00', priceFen: 10000 },
          })
        ).code,
      ).toBe(0);
      const day = addDays(today(venue.timeZone), 2);
      const made = await paidSeries(c, venue.id, sites[0]!.id, { from: day, to: day, start: '19:00', end: '20:00', name: '周末队' });
      const { order } = made;
      const itemId = await itemOf(c, order.orderId);
      const change = () =>
        c.json('POST', booking('change'), { body: { orderId: order.orderId, itemId, siteId: sites[0]!.id, date: day, start: '09:00', end: '10:00' } });
      const cancel = () => c.json('POST', booking(`fixed/${made.id}/cancel`), { body: { from: day } });
      const [changed, cancelled] = await atTheLock(order.orderId, [change, cancel]);
      expect(changed!.body).toMatchObject({ refundFen: 20000 });
      expect(cancelled!.body).toEqual({ cancelled: 1, refundFen: 10000 });
      expect(await liveClaims(order.orderId)).toEqual([]);
      expect(await orderMoney(suite.s, order.orderId)).toMatchObject({ state: 'refunded', refundedFen: 30000 });
    },
  );

  it('a released lock is not unlocked twice', async () => {
    const { c, venue, sites } = await venueOf({ n: 1 });
    const locked = await c.json('POST', booking('lock'), {
      body: { stadiumId: venue.id, date: addDays(today(venue.timeZone), 1), items: [{ siteId: sites[0]!.id, start: '10:00', end: '11:00' }], reason: '维护' },
    });
    expect(locked.code, locked.msg).toBe(0);
    expect((await c.json('POST', booking('unlock'), { body: { claimIds: locked.body.claimIds } })).body.claimIds).toEqual(locked.body.claimIds);
    const again = await c.json('POST', booking('unlock'), { body: { claimIds: locked.body.claimIds }, lang: 'en-US' });
    expect([again.code, again.detail.reason]).toEqual([Code.CONFLICT, 'state']);
    expect(again.msg).toContain('already');
    expect((await c.json('POST', booking('unlock'), { body: { claimIds: locked.body.claimIds } })).msg).toContain('已解锁');
  });

  it('a one-day fixed booking cancelled inside the late-cancel window refunds the rule’s share, as a plain booking does', async () => {
    const tz = dayTimeZone();
    // The demo rule: full refund up to 2 hours before, half after.
    const { c, venue, sites } = await venueOf({ n: 2, timeZone: tz, open: '00:00', close: '24:00', priceFen: 6000 });
    const start = hourAhead(tz);
    const day = today(tz);
    const made = await paidSeries(c, venue.id, sites[0]!.id, { from: day, to: day, start, end: plusHour(start), name: '临时队' });
    const { order } = made;
    const plain = await book(c, venue.id, day, sites[1]!.id, start, plusHour(start));
    await pay(c, plain.orderId, { method: 'cash', amountFen: plain.amount });
    const cancelledPlain = await c.json('POST', booking('cancel'), { body: { orderId: plain.orderId } });
    expect(cancelledPlain.body).toMatchObject({ refundFen: 3000, feeFen: 3000 });
    const cancelledFixed = await c.json('POST', booking(`fixed/${made.id}/cancel`), { body: { from: day } });
    expect(cancelledFixed.code, cancelledFixed.msg).toBe(0);
    expect(cancelledFixed.body).toEqual({ cancelled: 1, refundFen: 3000 });
    expect(await orderMoney(suite.s, order.orderId)).toMatchObject({ state: 'part_refunded', paidFen: 6000, refundedFen: 3000 });
    expect(await liveClaims(order.orderId)).toEqual([]);
  });

  it('a fixed series cancelled from a day: occurrences inside the late-cancel window pay the fee, those beyond it come back in full', async () => {
    const tz = dayTimeZone();
    const { c, venue, sites } = await venueOf({ n: 1, timeZone: tz, open: '00:00', close: '24:00', priceFen: 4000 });
    const start = hourAhead(tz);
    const day = today(tz);
    const made = await paidSeries(c, venue.id, sites[0]!.id, { from: day, to: addDays(day, 2), start, end: plusHour(start), name: '晨练队' });
    const { order } = made;
    const cancelled = await c.json('POST', booking(`fixed/${made.id}/cancel`), { body: { from: day } });
    expect(cancelled.body).toEqual({ cancelled: 3, refundFen: 2000 + 4000 + 4000 });
    expect(await orderMoney(suite.s, order.orderId)).toMatchObject({ state: 'part_refunded', refundedFen: 10000 });
  });
});
