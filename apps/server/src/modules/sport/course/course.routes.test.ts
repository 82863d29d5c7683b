import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { seedMessageDefaults } from '../../message/index.ts';
import { imbalances, orderMoney, pay } from '../commerce/commerce.testkit.ts';
import { approvedCourse, courseApi, courseStaff, enrol, makeClass, makeCoach, makeMember, ok, rosterOf } from './course.testkit.ts';

const week = 7 * 86_400_000;
/** Next week at 10:00 UTC, plus `days` days: where the tests' lessons start. */
const nextWeek = (days = 0) => {
  const d = new Date(Date.now() + week + days * 86_400_000);
  d.setUTCHours(10, 0, 0, 0);
  return d;
};

describe.each(databases)('courses, classes, enrolment and waitlist on %s', (kind) => {
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

  it('a course goes draft → submitted → rejected with a reason → edited → approved → off sale, each step in its log', async () => {
    const st = await courseStaff(s, admin, platformId);
    const made = await ok(st.c, 'POST', courseApi(''), {
      venueId: st.venue.id,
      name: '少儿游泳',
      sport: 'swimming',
      kind: 'group',
      intro: '零基础',
      ageMin: 6,
      ageMax: 12,
      lessonsPerClass: 12,
      minutesPerLesson: 60,
      priceFen: 99_900,
      sellingPoints: '小班教学',
    });
    expect(made.state).toBe('draft');
    // Ages the wrong way round: refused on the field.
    const ages = await st.c.json('PUT', courseApi(String(made.id)), { body: { ageMin: 13, version: made.version } });
    expect(ages.code).toBe(Code.FORM_INVALID);
    expect(ages.detail[0].field).toBe('ageMax');
    // A draft cannot be reviewed; a draft class sells nothing.
    const early = await st.reviewer.json('POST', courseApi(`${made.id}/review`), { body: { approved: true, version: made.version } });
    expect(early.detail.reason).toBe('state');
    const sent = await ok(st.c, 'POST', courseApi(`${made.id}/submit`), { version: made.version });
    expect(sent.state).toBe('submitted');
    // Under review: no edit; a rejection needs its reason.
    expect((await st.c.json('PUT', courseApi(String(made.id)), { body: { name: 'x', version: sent.version } })).detail.reason).toBe('state');
    const bare = await st.reviewer.json('POST', courseApi(`${made.id}/review`), { body: { approved: false, version: sent.version } });
    expect(bare.code).toBe(Code.FORM_INVALID);
    expect(bare.detail[0].field).toBe('reason');
    const rejected = await ok(st.reviewer, 'POST', courseApi(`${made.id}/review`), { approved: false, reason: '价格偏高', version: sent.version });
    expect(rejected).toMatchObject({ state: 'rejected', rejectReason: '价格偏高' });
    const edited = await ok(st.c, 'PUT', courseApi(String(made.id)), { priceFen: 88_800, version: rejected.version });
    expect(edited).toMatchObject({ state: 'draft', priceFen: 88_800, rejectReason: null, intro: '零基础' });
    const again = await ok(st.c, 'POST', courseApi(`${made.id}/submit`), { version: edited.version });
    const approved = await ok(st.reviewer, 'POST', courseApi(`${made.id}/review`), { approved: true, version: again.version });
    expect(approved.state).toBe('approved');
    const off = await ok(st.reviewer, 'POST', courseApi(`${made.id}/offSale`), { version: approved.version });
    expect(off.state).toBe('off_sale');
    const detail = await ok(st.c, 'GET', courseApi(String(made.id)));
    expect(detail.logs.map((l: { kind: string; action: string }) => `${l.kind}:${l.action}`).reverse()).toEqual([
      'operate:add',
      'operate:submit',
      'audit:reject',
      'operate:edit',
      'operate:submit',
      'audit:approve',
      'operate:offSale',
    ]);
    expect(detail.logs.find((l: { action: string }) => l.action === 'reject').remark).toBe('价格偏高');
    // Off sale: no enrolment.
    const coach = await makeCoach(s, st.orgId);
    const cls = await makeClass(st.c, made.id, coach, 5);
    const m = await makeMember(s, st.orgId);
    expect((await enrol(st.c, cls, m)).detail.reason).toBe('state');
  });

  it('enrolments fill the class, then join the waitlist; a cancelled seat goes to the first waiting, with a new order and a message', async () => {
    const st = await courseStaff(s, admin, platformId);
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id, 50_000);
    const cls = await makeClass(st.c, course, coach, 2, { firstStart: nextWeek(), count: 2 });
    const [m1, m2, m3, m4] = [await makeMember(s, st.orgId), await makeMember(s, st.orgId), await makeMember(s, st.orgId), await makeMember(s, st.orgId)];
    const e1 = await enrol(st.c, cls, m1!, { 'Idempotency-Key': `e1-${cls}` });
    expect(e1.body).toEqual({ state: 'enrolled', position: null, orderId: expect.any(Number) });
    // The same key again: the same seat and order, no second one.
    const retry = await enrol(st.c, cls, m1!, { 'Idempotency-Key': `e1-${cls}` });
    expect(retry.body).toEqual(e1.body);
    const order1 = await ok(st.c, 'GET', `/api/sport/commerce/order/${e1.body.orderId}`);
    expect(order1).toMatchObject({ state: 'pending', type: 'course', payableFen: 50_000, memberId: m1 });
    const e2 = await enrol(st.c, cls, m2!);
    expect(e2.body.state).toBe('enrolled');
    expect((await enrol(st.c, cls, m2!)).detail.reason).toBe('duplicate');
    expect((await enrol(st.c, cls, m3!)).body).toEqual({ state: 'waitlisted', position: 1, orderId: null });
    expect((await enrol(st.c, cls, m4!)).body).toEqual({ state: 'waitlisted', position: 2, orderId: null });
    const list = await ok(st.c, 'POST', courseApi('class/list'), { pageNum: 1, pageSize: 10 });
    expect(list.data.find((r: { id: number }) => r.id === cls)).toEqual({
      id: cls,
      courseId: course,
      name: expect.any(String),
      capacity: 2,
      enrolled: 2,
      waitlisted: 2,
    });
    expect(await rosterOf(st.c, cls)).toEqual({
      enrolled: [
        { memberId: m1, orderId: e1.body.orderId },
        { memberId: m2, orderId: e2.body.orderId },
      ],
      waitlist: [
        { memberId: m3, position: 1 },
        { memberId: m4, position: 2 },
      ],
    });
    // m2 pays; m1's pending order is cancelled: m3 gets the seat with a new pending order, m4 moves up.
    expect((await pay(st.c, e2.body.orderId!, { method: 'cash', amountFen: 50_000 })).code).toBe(0);
    expect((await orderMoney(s, e2.body.orderId!)).state).toBe('paid');
    await ok(st.c, 'POST', `/api/sport/commerce/order/${e1.body.orderId}/cancel`, { reason: '客户放弃' });
    const after = await rosterOf(st.c, cls);
    expect(after.waitlist).toEqual([{ memberId: m4, position: 1 }]);
    expect(after.enrolled.map((e) => e.memberId)).toEqual([m2, m3]);
    const seat3 = after.enrolled.find((e) => e.memberId === m3)!;
    expect(seat3.orderId).not.toBe(e1.body.orderId);
    const order3 = await ok(st.c, 'GET', `/api/sport/commerce/order/${seat3.orderId}`);
    expect(order3).toMatchObject({ state: 'pending', type: 'course', memberId: m3, payableFen: 50_000 });
    const [sent] = await s.database.query<{ n: string }>(`select count(*) as n from msg_send where business_code = 'course.promoted' and content like $1`, [
      `%${order3.orderNo}%`,
    ]);
    expect(Number(sent!.n)).toBeGreaterThan(0);
    // The order list's course tab lists them.
    const tab = await ok(st.c, 'POST', '/api/sport/commerce/order/list', { type: 'course', pageNum: 1, pageSize: 10 });
    expect(tab.data.map((o: { id: number }) => o.id).sort()).toEqual([e1.body.orderId, e2.body.orderId, seat3.orderId].sort());
    // The promoted member's order times out or is cancelled too: m4 is next.
    await ok(st.c, 'POST', `/api/sport/commerce/order/${seat3.orderId}/cancel`, {});
    const last = await rosterOf(st.c, cls);
    expect(last.enrolled.map((e) => e.memberId)).toEqual([m2, m4]);
    expect(last.waitlist).toEqual([]);
  });

  it('a member promoted into a class leaves the waitlists of classes whose lessons overlap it, and keeps the others', async () => {
    const st = await courseStaff(s, admin, platformId);
    const [coachA, coachB, coachC] = [await makeCoach(s, st.orgId), await makeCoach(s, st.orgId), await makeCoach(s, st.orgId)];
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id, 10_000);
    const a = await makeClass(st.c, course, coachA!, 1, { firstStart: nextWeek(), count: 3 });
    // B's second lesson overlaps A's second (half an hour later); C's lessons are a day after A's.
    const b = await makeClass(st.c, course, coachB!, 1, { firstStart: new Date(nextWeek(7).getTime() + 1_800_000), count: 1 });
    const c = await makeClass(st.c, course, coachC!, 1, { firstStart: nextWeek(1), count: 3 });
    const [filler, fb, fc, x, y] = [
      await makeMember(s, st.orgId),
      await makeMember(s, st.orgId),
      await makeMember(s, st.orgId),
      await makeMember(s, st.orgId),
      await makeMember(s, st.orgId),
    ];
    const seatA = (await enrol(st.c, a, filler!)).body.orderId!;
    await enrol(st.c, b, fb!);
    await enrol(st.c, c, fc!);
    for (const cls of [b, a, c]) expect((await enrol(st.c, cls, x!)).body).toMatchObject({ state: 'waitlisted', position: 1 });
    expect((await enrol(st.c, b, y!)).body).toMatchObject({ state: 'waitlisted', position: 2 });
    await ok(st.c, 'POST', `/api/sport/commerce/order/${seatA}/cancel`, {});
    expect((await rosterOf(st.c, a)).enrolled.map((e) => e.memberId)).toEqual([x]);
    // Out of B's waitlist (y is first now, gap-free); still waiting for C.
    expect((await rosterOf(st.c, b)).waitlist).toEqual([{ memberId: y, position: 1 }]);
    expect((await rosterOf(st.c, c)).waitlist).toEqual([{ memberId: x, position: 1 }]);
  });

  it('a coach is never in two lessons at once: the second answers 100409 taken; a cancelled lesson frees the hour', async () => {
    const st = await courseStaff(s, admin, platformId);
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id);
    const one = await makeClass(st.c, course, coach, 10, { firstStart: nextWeek(2), count: 1 });
    const two = await makeClass(st.c, course, coach, 10);
    const start = new Date(nextWeek(2).getTime() + 1_800_000);
    const body = { classId: two, startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString() };
    const clash = await st.c.json('POST', courseApi('lesson'), { body });
    expect(clash.code).toBe(Code.CONFLICT);
    expect(clash.detail.reason).toBe('taken');
    const lessons = await ok(st.c, 'POST', courseApi('lesson/list'), { classId: one, pageNum: 1, pageSize: 10 });
    expect(lessons.data).toEqual([expect.objectContaining({ coachId: coach, state: 'scheduled', planId: null })]);
    await ok(st.c, 'POST', courseApi(`lesson/${lessons.data[0].id}/cancel`));
    const moved = await ok(st.c, 'POST', courseApi('lesson'), body);
    expect(moved).toMatchObject({ classId: two, coachId: coach, state: 'scheduled' });
    // A lesson with a site claims it too: the same hour of that site is taken for a booking.
    const withSite = await ok(st.c, 'POST', courseApi('lesson'), { ...body, classId: one, siteId: st.sites[0]!.id, coachId: await makeCoach(s, st.orgId) });
    expect(withSite.siteId).toBe(st.sites[0]!.id);
    const sameSite = await st.c.json('POST', courseApi('lesson'), {
      body: { ...body, classId: one, siteId: st.sites[0]!.id, coachId: await makeCoach(s, st.orgId) },
    });
    expect(sameSite.detail.reason).toBe('taken');
  });

  it("another organisation's class, course, lesson or member answers 100404; malformed input answers 100400 naming the field", async () => {
    const a = await courseStaff(s, admin, platformId);
    const b = await courseStaff(s, admin, platformId);
    const courseB = await approvedCourse(b.c, b.reviewer, b.venue.id);
    const clsB = await makeClass(b.c, courseB, await makeCoach(s, b.orgId), 5, { firstStart: nextWeek(3), count: 1 });
    const courseA = await approvedCourse(a.c, a.reviewer, a.venue.id);
    const clsA = await makeClass(a.c, courseA, await makeCoach(s, a.orgId), 5);
    const memberA = await makeMember(s, a.orgId);
    const memberB = await makeMember(s, b.orgId);
    expect((await enrol(a.c, clsB, memberA)).code).toBe(Code.NOT_FOUND);
    expect((await enrol(a.c, clsA, memberB)).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', courseApi('class/roster'), { body: { classId: clsB } })).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('GET', courseApi(String(courseB)))).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('GET', courseApi(`class/${clsB}`))).code).toBe(Code.NOT_FOUND);
    expect(
      (
        await a.c.json('POST', courseApi('class'), {
          body: { courseId: courseB, name: 'x', capacity: 1, coachId: 1, startDay: '2030-01-01', endDay: '2030-02-01' },
        })
      ).code,
    ).toBe(Code.NOT_FOUND);
    // A's class with B's coach: refused on the field.
    const coachB = await makeCoach(s, b.orgId);
    const foreignCoach = await a.c.json('POST', courseApi('class'), {
      body: { courseId: courseA, name: 'x', capacity: 1, coachId: coachB, startDay: '2030-01-01', endDay: '2030-02-01' },
    });
    expect(foreignCoach.detail[0].field).toBe('coachId');
    const listA = await ok(a.c, 'POST', courseApi('class/list'), { pageNum: 1, pageSize: 100 });
    expect(listA.data.map((r: { id: number }) => r.id)).toEqual([clsA]);
    // Malformed.
    const bad = await a.c.json('POST', courseApi('class/enrol'), { body: { classId: 'x', memberId: memberA } });
    expect(bad.code).toBe(Code.INVALID);
    expect(bad.detail.map((d: { field: string }) => d.field)).toContain('classId');
    const extra = await a.c.json('POST', courseApi('class/list'), { body: { pageNum: 0, pageSize: 10 } });
    expect(extra.code).toBe(Code.INVALID);
    expect(extra.detail[0].field).toBe('pageNum');
    const noClass = await a.c.json('POST', courseApi('class/roster'), { body: {} });
    expect(noClass.detail[0].field).toBe('classId');
    const badKey = await enrol(a.c, clsA, memberA, { 'Idempotency-Key': 'bad key!' });
    expect(badKey.code).toBe(Code.INVALID);
  });
});
