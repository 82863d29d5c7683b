import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS, imbalances, orderMoney, pay, sport } from '../commerce/commerce.testkit.ts';
import { COURSE_KEYS, approvedCourse, makeClass } from '../course/course.testkit.ts';
import { SPARRING_KEYS, allDay, approvedGroup, makeCoach, ok, sparringApi } from '../sparring/sparring.testkit.ts';
import { addDays, instantOf } from '../venue/index.ts';
import { VENUE_KEYS, booking, makeVenue, today } from '../venue/venue.testkit.ts';

/**
 * The booking dialog's coach step (issue 26): a coach free for the booked time is added to the
 * booking, and the one order holds the sites and the coach's hours (both claims in one
 * transaction); a coach taken meanwhile refuses the whole booking; cancelling frees both. And the
 * grid's "view course" cells: a lesson's site claim carries the lesson's course, class and seats.
 */
describe.each(databases)('booking with a coach on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const TZ = 'Asia/Shanghai';
  const d = () => addDays(today(TZ), 2);

  /** An organisation with a venue of two sites, a coach working there at 200 yuan an hour, and a user who may book and approve. */
  async function world() {
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, [...SPARRING_KEYS, ...COURSE_KEYS, ...VENUE_KEYS, ...COMMERCE_KEYS]);
    const u1 = await makeUser(admin, org.id, { roleIds: [role.id] });
    const u2 = await makeUser(admin, org.id, { roleIds: [role.id] });
    const c = await signIn(s, u1.code, 'Pass1234');
    const reviewer = await signIn(s, u2.code, 'Pass1234');
    const { venue, sites } = await makeVenue(c, { n: 2, timeZone: TZ });
    await approvedGroup(c, reviewer, allDay(20_000));
    const coachAt = async () => {
      const id = await makeCoach(s, org.id);
      await s.database.query(`update sport_coach set venue_ids = $1::jsonb where id = $2`, [JSON.stringify([venue.id]), id]);
      return id;
    };
    return { orgId: org.id, c, reviewer, venue, sites, coachAt };
  }
  const liveCoachClaims = async (coachId: number) =>
    Number(
      (
        await s.database.query<{ n: string }>(
          `select count(*) as n from sport_resource_claim where resource_kind = 'coach' and resource_id = $1 and released_at is null`,
          [coachId],
        )
      )[0]!.n,
    );
  const cell = (grid: { slots: { siteId: number; start: string; state: string; lesson?: unknown }[] }, siteId: number, start: string) =>
    grid.slots.find((x) => x.siteId === siteId && x.start === start)!;

  it('a free coach joins the booking: one order with the site and the coach hour; cancelling frees both and refunds both', async () => {
    const w = await world();
    const coachId = await w.coachAt();
    const busy = await w.coachAt();
    const elsewhere = await makeCoach(s, w.orgId); // not of this venue
    // The other coach is booked at 10:30: not offered for 10:00–12:00.
    expect((await w.c.json('POST', sparringApi('order'), { body: { coachId: busy, date: d(), start: '10:30', end: '11:30', buyerName: '散客' } })).code).toBe(
      0,
    );
    const free = await ok(w.c, 'POST', sparringApi('freeCoaches'), { venueId: w.venue.id, date: d(), start: '10:00', end: '12:00' });
    expect(free.map((x: { id: number }) => x.id)).toEqual([coachId]);
    expect(free[0]).toMatchObject({ id: coachId, amount: 40_000 });
    expect(free.some((x: { id: number }) => x.id === elsewhere)).toBe(false);
    // Nor may the booking name them: a coach of the organisation who does not work at this venue is refused, nothing held.
    const refused = await w.c.json('POST', booking('order'), {
      body: { stadiumId: w.venue.id, date: d(), items: [{ siteId: w.sites[1]!.id, start: '10:00', end: '11:00' }], coachId: elsewhere, buyerName: '顾客' },
    });
    expect([refused.code, refused.detail.map((x: { field: string }) => x.field)]).toEqual([Code.FORM_INVALID, ['items.1.refId']]);
    expect(await liveCoachClaims(elsewhere)).toBe(0);
    expect(cell(await ok(w.c, 'POST', booking('grid'), { stadiumId: w.venue.id, date: d() }), w.sites[1]!.id, '10:00').state).toBe('free');

    const made = await ok(w.c, 'POST', booking('order'), {
      stadiumId: w.venue.id,
      date: d(),
      items: [
        { siteId: w.sites[0]!.id, start: '10:00', end: '11:00' },
        { siteId: w.sites[0]!.id, start: '11:00', end: '12:00' },
      ],
      coachId,
      buyerName: '顾客',
    });
    // One order: two site lines and the coach's two hours, paid once.
    expect(made.amount).toBe(5000 * 2 + 40_000);
    const order = await ok(w.c, 'GET', sport(`order/${made.orderId}`));
    expect(order.items.map((i: { kind: string }) => i.kind).sort()).toEqual(['sparring', 'venue', 'venue']);
    expect(order.items.find((i: { kind: string }) => i.kind === 'sparring')).toMatchObject({ refId: coachId, amountFen: 40_000 });
    expect(await liveCoachClaims(coachId)).toBe(1);
    expect(cell(await ok(w.c, 'POST', booking('grid'), { stadiumId: w.venue.id, date: d() }), w.sites[0]!.id, '10:00').state).toBe('held');
    // The coach is no longer offered for any overlapping time.
    expect(await ok(w.c, 'POST', sparringApi('freeCoaches'), { venueId: w.venue.id, date: d(), start: '11:00', end: '12:00' })).toEqual([]);
    // Paid at once, then cancelled before the deadline: everything comes back, the site and the coach are free.
    expect((await pay(w.c, made.orderId, { method: 'cash', amountFen: made.amount })).code).toBe(0);
    const cancelled = await ok(w.c, 'POST', booking('cancel'), { orderId: made.orderId, reason: '改期' });
    expect(cancelled).toMatchObject({ refundFen: 50_000, feeFen: 0 });
    expect(await orderMoney(s, made.orderId)).toMatchObject({ paidFen: 50_000, refundedFen: 50_000 });
    expect(await liveCoachClaims(coachId)).toBe(0);
    expect(cell(await ok(w.c, 'POST', booking('grid'), { stadiumId: w.venue.id, date: d() }), w.sites[0]!.id, '10:00').state).toBe('free');
    expect(
      (await ok(w.c, 'POST', sparringApi('freeCoaches'), { venueId: w.venue.id, date: d(), start: '10:00', end: '12:00' })).map((x: { id: number }) => x.id),
    ).toEqual([coachId]);
  });

  it("a paid booking with a coach moves to another site at the same time, not to another time (the coach's hours would stay behind)", async () => {
    const w = await world();
    const coachId = await w.coachAt();
    const made = await ok(w.c, 'POST', booking('order'), {
      stadiumId: w.venue.id,
      date: d(),
      items: [{ siteId: w.sites[0]!.id, start: '16:00', end: '17:00' }],
      coachId,
      buyerName: '顾客',
    });
    expect((await pay(w.c, made.orderId, { method: 'cash', amountFen: made.amount })).code).toBe(0);
    const order = await ok(w.c, 'GET', sport(`order/${made.orderId}`));
    const line = order.items.find((i: { kind: string }) => i.kind === 'venue');
    const move = { orderId: made.orderId, itemId: line.id, siteId: w.sites[0]!.id, date: d(), start: '18:00', end: '19:00' };
    for (const path of ['change/quote', 'change']) {
      const later = await w.c.json('POST', booking(path), { body: move });
      expect([later.code, later.detail?.reason, later.msg]).toEqual([Code.CONFLICT, 'state', expect.stringContaining('教练')]);
    }
    expect(cell(await ok(w.c, 'POST', booking('grid'), { stadiumId: w.venue.id, date: d() }), w.sites[0]!.id, '16:00').state).toBe('booked');
    // Same time, the other site: moved; the coach keeps the hour.
    await ok(w.c, 'POST', booking('change'), { ...move, siteId: w.sites[1]!.id, start: '16:00', end: '17:00' });
    const grid = await ok(w.c, 'POST', booking('grid'), { stadiumId: w.venue.id, date: d() });
    expect([cell(grid, w.sites[0]!.id, '16:00').state, cell(grid, w.sites[1]!.id, '16:00').state]).toEqual(['free', 'booked']);
    expect(await liveCoachClaims(coachId)).toBe(1);
  });

  it('a coach taken meanwhile refuses the whole booking (100409 taken) and holds nothing; an unpaid booking cancelled frees the coach', async () => {
    const w = await world();
    const coachId = await w.coachAt();
    const first = await ok(w.c, 'POST', booking('order'), {
      stadiumId: w.venue.id,
      date: d(),
      items: [{ siteId: w.sites[0]!.id, start: '14:00', end: '15:00' }],
      coachId,
      buyerName: '甲',
    });
    const second = await w.c.json('POST', booking('order'), {
      body: { stadiumId: w.venue.id, date: d(), items: [{ siteId: w.sites[1]!.id, start: '14:00', end: '15:00' }], coachId, buyerName: '乙' },
    });
    expect([second.code, second.detail.reason]).toEqual([Code.CONFLICT, 'taken']);
    expect(second.msg).toContain('14:00');
    // The second site is not held by the refused booking.
    expect(cell(await ok(w.c, 'POST', booking('grid'), { stadiumId: w.venue.id, date: d() }), w.sites[1]!.id, '14:00').state).toBe('free');
    expect(await liveCoachClaims(coachId)).toBe(1);
    // In English too.
    const en = await w.c.json('POST', booking('order'), {
      body: { stadiumId: w.venue.id, date: d(), items: [{ siteId: w.sites[1]!.id, start: '14:00', end: '15:00' }], coachId, buyerName: '乙' },
      lang: 'en-US',
    });
    expect(en.msg).toMatch(/already booked/);
    // The first booking cancelled unpaid: the coach is free and the second booking goes through.
    expect((await ok(w.c, 'POST', booking('cancel'), { orderId: first.orderId })).state).toBe('cancelled');
    expect(await liveCoachClaims(coachId)).toBe(0);
    const again = await ok(w.c, 'POST', booking('order'), {
      stadiumId: w.venue.id,
      date: d(),
      items: [{ siteId: w.sites[1]!.id, start: '14:00', end: '15:00' }],
      coachId,
      buyerName: '乙',
    });
    expect(again.amount).toBe(5000 + 20_000);
    // A booking without a coach answers as before (no coach line).
    const plain = await ok(w.c, 'POST', booking('order'), {
      stadiumId: w.venue.id,
      date: d(),
      items: [{ siteId: w.sites[0]!.id, start: '16:00', end: '17:00' }],
      buyerName: '丙',
    });
    expect(Object.keys(plain).sort()).toEqual(['amount', 'expiresAt', 'orderId', 'orderNo', 'state']);
    expect((await ok(w.c, 'GET', sport(`order/${plain.orderId}`))).items.map((i: { kind: string }) => i.kind)).toEqual(['venue']);
  });

  it("another organisation's coach or venue answers 100404; a lesson's cell carries its course for the view-course dialog", async () => {
    const a = await world();
    const b = await world();
    const coachB = await b.coachAt();
    const r = await a.c.json('POST', booking('order'), {
      body: { stadiumId: a.venue.id, date: d(), items: [{ siteId: a.sites[0]!.id, start: '10:00', end: '11:00' }], coachId: coachB, buyerName: '甲' },
    });
    expect(r.code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', sparringApi('freeCoaches'), { body: { venueId: b.venue.id, date: d(), start: '10:00', end: '11:00' } })).code).toBe(
      Code.NOT_FOUND,
    );

    // A lesson on site 1 at 18:00: its cell is booked and describes the lesson.
    const coachId = await a.coachAt();
    const courseId = await approvedCourse(a.c, a.reviewer, a.venue.id, 30_000);
    const classId = await makeClass(a.c, courseId, coachId, 12);
    const startsAt = instantOf(d(), 18 * 60, TZ)!;
    await ok(a.c, 'POST', '/api/sport/course/lesson', {
      classId,
      siteId: a.sites[0]!.id,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    });
    const grid = await ok(a.c, 'POST', booking('grid'), { stadiumId: a.venue.id, date: d(), detail: true });
    const held = cell(grid, a.sites[0]!.id, '18:00');
    expect(held.state).toBe('booked');
    expect(held.lesson).toMatchObject({ courseId, classId, date: d(), start: '18:00', end: '19:00', enrolled: 0, capacity: 12, lessonId: expect.any(Number) });
    expect(cell(grid, a.sites[1]!.id, '18:00').lesson).toBeUndefined();
    // The coach of the lesson is not offered at that time.
    expect(
      (await ok(a.c, 'POST', sparringApi('freeCoaches'), { venueId: a.venue.id, date: d(), start: '18:00', end: '19:00' })).some(
        (x: { id: number }) => x.id === coachId,
      ),
    ).toBe(false);
    // Without `detail` (the fixed call's shape) no lesson is added.
    expect(cell(await ok(a.c, 'POST', booking('grid'), { stadiumId: a.venue.id, date: d() }), a.sites[0]!.id, '18:00').lesson).toBeUndefined();
  });
});
