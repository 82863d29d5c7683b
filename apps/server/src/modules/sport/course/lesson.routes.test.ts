import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';

import { adminClient } from '../../system/admin.testkit.ts';
import { seedMessageDefaults } from '../../message/index.ts';
import { imbalances, orderMoney, pay } from '../commerce/commerce.testkit.ts';
import { book } from '../booking/booking.testkit.ts';
import { localOf } from '../venue/index.ts';
import { approvedCourse, courseApi, enrol, makeClass, makeCoach, makeMember, ok, courseStaff } from './course.testkit.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Next week at 10:00 UTC (18:00 in Shanghai), plus `days` days. */
const nextWeek = (days = 0) => {
  const d = new Date(Date.now() + 7 * DAY + days * DAY);
  d.setUTCHours(10, 0, 0, 0);
  return d;
};
const lessonApi = (p: string) => courseApi(`lesson/${p}`);

interface Item {
  id: number;
  classId: number;
  startsAt: string;
  endsAt: string;
  coachId: number;
  siteId: number | null;
  state: string;
  version: number;
  ratingAvg: number | null;
  ratingCount: number;
}

describe.each(databases)('all lessons: batch adjustment, suspend, venue cancel with refunds, evaluation on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    await seedMessageDefaults(s.app.ctx.db);
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  /** An organisation with a venue of two sites and a user holding the training screens, all lessons included. */
  const staff = () => courseStaff(s, admin, platformId, { keys: ['sport.course.lessons'], venue: { n: 2, open: '06:00', close: '23:00' } });

  const lessonsOf = async (c: Client, classId: number) =>
    (await ok<{ total: number; data: Item[] }>(c, 'POST', lessonApi('page'), { classId, pageNum: 1, pageSize: 50 })).data;

  it('moves three lessons by 30 minutes in one call; their old hours are free, a stale version is refused', async () => {
    const st = await staff();
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id);
    const cls = await makeClass(st.c, course, coach, 10, { firstStart: nextWeek(), count: 3 });
    const before = await lessonsOf(st.c, cls);
    expect(before).toHaveLength(3);
    const moved = await ok<{ data: Item[] }>(st.c, 'POST', lessonApi('adjust'), {
      lessons: before.map((l) => ({ id: l.id, version: l.version })),
      shiftMinutes: 30,
    });
    expect(moved.data.map((l) => new Date(l.startsAt).getTime())).toEqual(before.map((l) => new Date(l.startsAt).getTime() + 30 * 60_000));
    expect(moved.data.map((l) => new Date(l.endsAt).getTime() - new Date(l.startsAt).getTime())).toEqual([HOUR, HOUR, HOUR]);
    expect(moved.data.map((l) => l.version)).toEqual(before.map((l) => l.version + 1));
    // The coach's old hour 10:00–10:30 is free now; 10:30–11:30 is the moved lesson's.
    const other = await makeClass(st.c, course, coach, 10);
    const at = new Date(before[0]!.startsAt);
    await ok(st.c, 'POST', courseApi('lesson'), { classId: other, startsAt: at.toISOString(), endsAt: new Date(at.getTime() + 30 * 60_000).toISOString() });
    const clash = await st.c.json('POST', courseApi('lesson'), {
      body: { classId: other, startsAt: new Date(at.getTime() + 30 * 60_000).toISOString(), endsAt: new Date(at.getTime() + HOUR).toISOString() },
    });
    expect(clash.code).toBe(Code.CONFLICT);
    expect(clash.detail.reason).toBe('taken');
    // The version seen before the move is stale now: nothing changes.
    const stale = await st.c.json('POST', lessonApi('adjust'), { body: { lessons: [{ id: before[0]!.id, version: before[0]!.version }], shiftMinutes: 60 } });
    expect(stale.code).toBe(Code.CONFLICT);
    expect(stale.detail.reason).toBe('stale');
    // A new start for one lesson keeps its length; filters by coach and by date find them.
    const newStart = nextWeek(1);
    const one = await ok<{ data: Item[] }>(st.c, 'POST', lessonApi('adjust'), {
      lessons: [{ id: moved.data[1]!.id, version: moved.data[1]!.version }],
      startsAt: newStart.toISOString(),
    });
    expect(one.data[0]).toMatchObject({ startsAt: newStart.toISOString(), endsAt: new Date(newStart.getTime() + HOUR).toISOString() });
    const day = localOf(newStart, 'Asia/Shanghai').day;
    const onDay = await ok(st.c, 'POST', lessonApi('page'), { from: day, to: day, coachId: coach, pageNum: 1, pageSize: 50 });
    expect(onDay.data.map((l: Item) => l.id)).toEqual([moved.data[1]!.id]);
  });

  it('a clash with another lesson or a booking answers 100409 taken naming the lesson, and changes none', async () => {
    const st = await staff();
    const [coachA, coachB] = [await makeCoach(s, st.orgId), await makeCoach(s, st.orgId)];
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id);
    const clsA = await makeClass(st.c, course, coachA, 10, { firstStart: nextWeek(), count: 3 });
    const lessons = await lessonsOf(st.c, clsA);
    // Coach B teaches another class at the hour of A's second lesson.
    const clsB = await makeClass(st.c, course, coachB, 10);
    await ok(st.c, 'POST', courseApi('lesson'), { classId: clsB, startsAt: lessons[1]!.startsAt, endsAt: lessons[1]!.endsAt });
    const refs = lessons.map((l) => ({ id: l.id, version: l.version }));
    const byCoach = await st.c.json('POST', lessonApi('adjust'), { body: { lessons: refs, coachId: coachB } });
    expect(byCoach.code).toBe(Code.CONFLICT);
    expect(byCoach.detail.reason).toBe('taken');
    expect(byCoach.msg).toContain(`#${lessons[1]!.id}`);
    expect(byCoach.detail.fields[0]).toMatchObject({ field: 'lessons.1.id' });
    // Site 1 is booked at the first lesson's hour (18:00–19:00 in Shanghai).
    const first = localOf(new Date(lessons[0]!.startsAt), 'Asia/Shanghai');
    await book(st.c, st.venue.id, first.day, st.sites[0]!.id, '18:00', '19:00');
    const bySite = await st.c.json('POST', lessonApi('adjust'), { body: { lessons: refs, siteId: st.sites[0]!.id } });
    expect(bySite.code).toBe(Code.CONFLICT);
    expect(bySite.detail.reason).toBe('taken');
    expect(bySite.msg).toContain(`#${lessons[0]!.id}`);
    // Nothing moved: same coach, no site, same versions; and site 2 (free) takes all three.
    expect(await lessonsOf(st.c, clsA)).toEqual(lessons);
    const onSite2 = await ok<{ data: Item[] }>(st.c, 'POST', lessonApi('adjust'), { lessons: refs, siteId: st.sites[1]!.id });
    expect(onSite2.data.map((l) => l.siteId)).toEqual([st.sites[1]!.id, st.sites[1]!.id, st.sites[1]!.id]);
    // The lessons hold site 2 now: a booking of its hour is refused.
    const taken = await st.c.json('POST', '/api/sport/booking/order', {
      body: { stadiumId: st.venue.id, date: first.day, items: [{ siteId: st.sites[1]!.id, start: '18:00', end: '19:00' }], buyerName: '顾客' },
    });
    expect(taken.code).toBe(Code.CONFLICT);
  });

  it.runIf(kind === 'postgres')('ten lessons of one coach moved to the same hour by ten calls at once: one moves, nine answer taken', async () => {
    const st = await staff();
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id);
    const cls = await makeClass(st.c, course, coach, 10, { firstStart: nextWeek(), count: 10, everyDays: 1 });
    const lessons = await lessonsOf(st.c, cls);
    const target = nextWeek(20);
    const calls = await Promise.all(
      lessons.map((l) => st.c.json('POST', lessonApi('adjust'), { body: { lessons: [{ id: l.id, version: l.version }], startsAt: target.toISOString() } })),
    );
    expect(calls.filter((c) => c.code === 0)).toHaveLength(1);
    expect(calls.filter((c) => c.code !== 0).map((c) => c.detail?.reason)).toEqual(Array(9).fill('taken'));
    const after = await lessonsOf(st.c, cls);
    expect(after.filter((l) => l.startsAt === target.toISOString())).toHaveLength(1);
    // The losers kept their own hours (and their claims): the coach is held at each of them.
    const [live] = await s.database.query<{ n: string }>(
      `select count(*) as n from sport_resource_claim where resource_kind = 'coach' and resource_id = $1 and released_at is null`,
      [coach],
    );
    expect(Number(live!.n)).toBe(10);
  });

  it('cancelling a lesson refunds each paid seat exactly its share (the last lesson the remainder) and tells every enrolled member', async () => {
    const st = await staff();
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id, 100_000);
    const cls = await makeClass(st.c, course, coach, 10, { firstStart: nextWeek(), count: 3 });
    const [m1, m2] = [await makeMember(s, st.orgId), await makeMember(s, st.orgId)];
    const paid = (await enrol(st.c, cls, m1)).body.orderId!;
    expect((await pay(st.c, paid, { method: 'cash', amountFen: 100_000 })).code).toBe(0);
    const pending = (await enrol(st.c, cls, m2)).body.orderId!;
    const lessons = await lessonsOf(st.c, cls);
    const cancelled = await ok(st.c, 'POST', lessonApi(`${lessons[0]!.id}/venueCancel`), { version: lessons[0]!.version, reason: '泳池检修' });
    expect(cancelled.state).toBe('cancelled');
    // 100000 / 3 lessons = 33333 fen to the paid seat; nothing to the pending one.
    expect(cancelled.refunds).toEqual([expect.objectContaining({ memberId: m1, orderId: paid, amountFen: 33_333 })]);
    expect(await orderMoney(s, paid)).toMatchObject({ state: 'part_refunded', paidFen: 100_000, refundedFen: 33_333 });
    expect((await orderMoney(s, pending)).refundedFen).toBe(0);
    // Both members are told, the paid one with the amount.
    const sent = await s.database.query<{ content: string }>(
      `select content from msg_send where business_code = 'course.lessonCancelled' and content like '%泳池检修%'`,
    );
    expect(sent.some((m) => m.content.includes('333.33'))).toBe(true);
    expect(sent.some((m) => m.content.includes('0.00'))).toBe(true);
    // The seat stays: the member is still enrolled.
    expect((await ok(st.c, 'POST', courseApi('class/roster'), { classId: cls })).enrolled.map((e: { memberId: number }) => e.memberId)).toEqual([m1, m2]);
    // The class's last lesson takes the remainder (the existing class-detail route runs the same rule).
    const last = await ok(st.c, 'POST', courseApi(`lesson/${lessons[2]!.id}/cancel`));
    expect(last.refunds.map((r: { amountFen: number }) => r.amountFen)).toEqual([33_334]);
    expect((await orderMoney(s, paid)).refundedFen).toBe(66_667);
    // Once only; the coach's hour is free again.
    const again = await st.c.json('POST', lessonApi(`${lessons[0]!.id}/venueCancel`), { body: {} });
    expect(again.code).toBe(Code.CONFLICT);
    expect(again.detail.reason).toBe('state');
    await ok(st.c, 'POST', courseApi('lesson'), { classId: cls, startsAt: lessons[0]!.startsAt, endsAt: lessons[0]!.endsAt });
  });

  it('suspends and resumes a lesson by its version', async () => {
    const st = await staff();
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id);
    const cls = await makeClass(st.c, course, coach, 10, { firstStart: nextWeek(), count: 1 });
    const [l] = await lessonsOf(st.c, cls);
    const off = await ok(st.c, 'POST', lessonApi(`${l!.id}/suspend`), { version: l!.version });
    expect(off.state).toBe('suspended');
    expect((await st.c.json('POST', lessonApi(`${l!.id}/suspend`), { body: { version: off.version } })).detail.reason).toBe('state');
    expect((await st.c.json('POST', lessonApi(`${l!.id}/resume`), { body: { version: l!.version } })).detail.reason).toBe('stale');
    expect((await ok(st.c, 'POST', lessonApi(`${l!.id}/resume`), { version: off.version })).state).toBe('scheduled');
  });

  it('evaluations: enrolled members only, once each, after the start; averages of the lesson, course and coach', async () => {
    const st = await staff();
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id);
    const cls = await makeClass(st.c, course, coach, 10);
    const started = new Date(Date.now() - 2 * HOUR);
    const past = await ok(st.c, 'POST', courseApi('lesson'), {
      classId: cls,
      startsAt: started.toISOString(),
      endsAt: new Date(started.getTime() + HOUR).toISOString(),
    });
    const future = await ok(st.c, 'POST', courseApi('lesson'), {
      classId: cls,
      startsAt: nextWeek().toISOString(),
      endsAt: new Date(nextWeek().getTime() + HOUR).toISOString(),
    });
    const [m1, m2, outsider] = [await makeMember(s, st.orgId), await makeMember(s, st.orgId), await makeMember(s, st.orgId)];
    await enrol(st.c, cls, m1);
    await enrol(st.c, cls, m2);
    const rated = await ok(st.c, 'POST', lessonApi(`${past.id}/evaluate`), { memberId: m1, rating: 5, comment: '教练很耐心' });
    expect(rated.evaluations).toEqual([expect.objectContaining({ memberId: m1, rating: 5, comment: '教练很耐心' })]);
    const twice = await st.c.json('POST', lessonApi(`${past.id}/evaluate`), { body: { memberId: m1, rating: 3 } });
    expect(twice.code).toBe(Code.CONFLICT);
    expect(twice.detail.reason).toBe('duplicate');
    const notIn = await st.c.json('POST', lessonApi(`${past.id}/evaluate`), { body: { memberId: outsider, rating: 3 } });
    expect(notIn.code).toBe(Code.FORM_INVALID);
    expect(notIn.detail[0].field).toBe('memberId');
    const early = await st.c.json('POST', lessonApi(`${future.id}/evaluate`), { body: { memberId: m2, rating: 3 } });
    expect(early.code).toBe(Code.CONFLICT);
    expect(early.detail.reason).toBe('state');
    for (const [body, field] of [
      [{ memberId: m2, rating: 6 }, 'rating'],
      [{ memberId: m2, rating: 0 }, 'rating'],
      [{ memberId: m2, rating: 4, comment: 'x'.repeat(501) }, 'comment'],
    ] as const) {
      const bad = await st.c.json('POST', lessonApi(`${past.id}/evaluate`), { body });
      expect(bad.code).toBe(Code.INVALID);
      expect(bad.detail[0].field).toBe(field);
    }
    await ok(st.c, 'POST', lessonApi(`${past.id}/evaluate`), { memberId: m2, rating: 4 });
    const detail = await ok(st.c, 'GET', lessonApi(String(past.id)));
    expect(detail).toMatchObject({ ratingAvg: 4.5, ratingCount: 2, courseRating: { avg: 4.5, count: 2 }, coachRating: { avg: 4.5, count: 2 } });
    const row = (await lessonsOf(st.c, cls)).find((l) => l.id === past.id)!;
    expect(row).toMatchObject({ ratingAvg: 4.5, ratingCount: 2 });
  });

  it("another organisation's lesson answers 100404; malformed input answers 100400 naming the field", async () => {
    const a = await staff();
    const b = await staff();
    const coach = await makeCoach(s, b.orgId);
    const course = await approvedCourse(b.c, b.reviewer, b.venue.id);
    const cls = await makeClass(b.c, course, coach, 10, { firstStart: nextWeek(), count: 1 });
    const [theirs] = await lessonsOf(b.c, cls);
    const ref = { id: theirs!.id, version: theirs!.version };
    expect((await a.c.json('GET', lessonApi(String(theirs!.id)))).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', lessonApi('adjust'), { body: { lessons: [ref], shiftMinutes: 30 } })).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', lessonApi(`${theirs!.id}/suspend`), { body: { version: theirs!.version } })).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', lessonApi(`${theirs!.id}/venueCancel`), { body: {} })).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', lessonApi(`${theirs!.id}/evaluate`), { body: { memberId: 1, rating: 5 } })).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', lessonApi('page'), { body: { classId: cls, pageNum: 1, pageSize: 10 } })).body.total).toBe(0);
    // B's lesson is untouched.
    expect((await lessonsOf(b.c, cls))[0]).toEqual(theirs);
    // Malformed bodies answer 100400; well-formed ones a rule refuses answer the form error, both naming the field.
    for (const [url, body, field, code] of [
      ['adjust', { lessons: [], shiftMinutes: 30 }, 'lessons', Code.INVALID],
      ['adjust', { lessons: [ref], shiftMinutes: 'soon' }, 'shiftMinutes', Code.INVALID],
      ['adjust', { lessons: [{ id: 'x', version: 1 }], shiftMinutes: 30 }, 'lessons.0.id', Code.INVALID],
      ['page', { state: 'bogus', pageNum: 1, pageSize: 10 }, 'state', Code.INVALID],
      ['page', { from: '2026-13-01', pageNum: 1, pageSize: 10 }, 'from', Code.INVALID],
      ['adjust', { lessons: [ref] }, 'lessons', Code.FORM_INVALID],
      ['adjust', { lessons: [ref], shiftMinutes: 30, startsAt: nextWeek().toISOString() }, 'startsAt', Code.FORM_INVALID],
      ['page', { from: '2026-05-02', to: '2026-05-01', pageNum: 1, pageSize: 10 }, 'to', Code.FORM_INVALID],
    ] as const) {
      const r = await b.c.json('POST', lessonApi(url), { body });
      expect(r.code, `${url} ${JSON.stringify(body)}`).toBe(code);
      expect(r.detail[0].field).toBe(field);
    }
  });
});
