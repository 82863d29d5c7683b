import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, sys, type Client, type TestServer } from '../../../../test/harness.ts';

import { oneOrgScope } from '../../../platform/scope.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { claimTimes } from '../commerce/index.ts';

import { booking } from '../venue/venue.testkit.ts';
import { approvedCourse, courseApi, makeClass, makeCoach, ok, courseStaff } from './course.testkit.ts';

/**
 * Scheduling plans (issue 26): the preview across the 2027 Spring Festival (Saturday 6 to Saturday
 * 13 February off, Saturday 20 February a make-up work day) lists the lessons of a workdays plan, the
 * make-up Saturday included, and the festival weekdays skipped as holidays; a coach's hour already
 * taken is named in the preview; `all` saves nothing while a lesson clashes, `skipConflicts` saves the
 * rest; saved lessons then hold the coach against another plan; another organisation's plan is 100404.
 */
const PLAN_KEYS = ['sport.course.plans', 'sport.course.lessons'];
const planApi = (p: string) => courseApi(`plan${p ? `/${p}` : ''}`);
const feb = (days: number[]) => days.map((d) => `2027-02-${String(d).padStart(2, '0')}`);

describe.each(databases)('scheduling plans on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;

  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  /** An organisation with a venue, a coach, an approved course and a class; a user holding the training and plan screens. */
  async function staff() {
    const { orgId, c, reviewer, venue, sites } = await courseStaff(s, admin, platformId, { keys: PLAN_KEYS, venue: { n: 2, open: '06:00', close: '23:00' } });
    const coachId = await makeCoach(s, orgId);
    const courseId = await approvedCourse(c, reviewer, venue.id);
    const classId = await makeClass(c, courseId, coachId, 20);
    const holidays = await admin.json('PUT', sys('holiday/days'), {
      body: { orgId, days: [...feb([6, 7, 8, 9, 10, 11, 12, 13]).map((day) => ({ day, kind: 1 })), { day: '2027-02-20', kind: 0 }] },
    });
    expect(holidays.code, holidays.msg).toBe(0);
    return { orgId, c, venue, sites, coachId, courseId, classId };
  }

  const plan = (st: Awaited<ReturnType<typeof staff>>, patch: Record<string, unknown> = {}) => ({
    classId: st.classId,
    name: '春节班',
    dayRule: 'workdays',
    start: '19:00',
    end: '20:30',
    fromDay: '2027-02-01',
    toDay: '2027-02-28',
    siteIds: [st.sites[0]!.id],
    coachId: st.coachId,
    skipHolidays: true,
    ...patch,
  });

  it('previews a workdays plan across the Spring Festival: the festival weekdays skipped as holidays, a lesson on the make-up Saturday', async () => {
    const st = await staff();
    const p = await ok(st.c, 'POST', planApi('preview'), plan(st));
    expect(p.lessons.map((l: { day: string }) => l.day)).toEqual(feb([1, 2, 3, 4, 5, 15, 16, 17, 18, 19, 20, 22, 23, 24, 25, 26]));
    expect(p.skipped).toEqual(feb([8, 9, 10, 11, 12]).map((day) => ({ day, reason: 'holiday' })));
    const sat = p.lessons.find((l: { day: string }) => l.day === '2027-02-20');
    // 19:00–20:30 in Shanghai.
    expect([sat.startsAt, sat.endsAt]).toEqual(['2027-02-20T11:00:00.000Z', '2027-02-20T12:30:00.000Z']);
    expect(p.conflicts).toBe(0);
    // Fixed weekdays: the make-up Saturday is named as outside the rule; without skipHolidays the festival Monday runs.
    const mon = await ok(st.c, 'POST', planApi('preview'), plan(st, { dayRule: 'weekdays', weekdays: [1], skipHolidays: false }));
    expect(mon.lessons.map((l: { day: string }) => l.day)).toEqual(feb([1, 8, 15, 22]));
    expect(mon.skipped).toEqual([{ day: '2027-02-20', reason: 'outsideRule' }]);
    // Nothing was saved by a preview.
    expect((await ok(st.c, 'POST', courseApi('lesson/list'), { classId: st.classId, pageNum: 1, pageSize: 50 })).total).toBe(0);
  });

  it('`all` saves nothing while a lesson clashes; `skipConflicts` saves the rest; the saved lessons then hold the coach against another plan', async () => {
    const st = await staff();
    const first = await ok(st.c, 'POST', planApi(''), plan(st, { start: '18:00', end: '19:00', name: '初稿' }));
    // An edit changes what it sends and keeps the rest.
    const made = await ok(st.c, 'PUT', planApi(String(first.id)), { name: '春节班', start: '19:00', end: '20:30', version: first.version });
    expect(made).toMatchObject({
      name: '春节班',
      state: 'draft',
      start: '19:00',
      end: '20:30',
      dayRule: 'workdays',
      lessons: 0,
      siteNames: [st.sites[0]!.name],
    });
    expect(made.version).toBe(first.version + 1);
    const stale = await st.c.json('PUT', planApi(String(first.id)), { body: { name: 'x', version: first.version } });
    expect(stale.detail.reason).toBe('stale');
    // The coach's sparring hour on Tuesday 16 February, 19:30–20:30 in Shanghai.
    await s.app.ctx.db.transaction((tx) =>
      claimTimes(tx, oneOrgScope(st.orgId), [
        {
          orgId: st.orgId,
          resourceKind: 'coach',
          resourceId: st.coachId,
          from: new Date('2027-02-16T11:30:00Z'),
          to: new Date('2027-02-16T12:30:00Z'),
          holderKind: 'sparring',
          holderId: 4242,
        },
      ]),
    );
    const p = await ok(st.c, 'POST', planApi(`${made.id}/preview`));
    expect(p.conflicts).toBe(1);
    const bad = p.lessons.filter((l: { ok: boolean }) => !l.ok);
    expect(bad.map((l: { day: string }) => l.day)).toEqual(['2027-02-16']);
    expect(bad[0].clashes).toEqual([expect.objectContaining({ on: 'coach', resourceId: st.coachId, holderKind: 'sparring', holderId: 4242 })]);

    const all = await st.c.json('POST', planApi(`${made.id}/apply`), { body: { mode: 'all', version: made.version } });
    expect(all.code).toBe(Code.CONFLICT);
    expect(all.detail.reason).toBe('taken');
    expect(all.detail.fields).toHaveLength(1);
    expect((await ok(st.c, 'POST', courseApi('lesson/list'), { classId: st.classId, pageNum: 1, pageSize: 50 })).total).toBe(0);
    expect((await ok(st.c, 'GET', planApi(String(made.id)))).state).toBe('draft');

    const some = await ok(st.c, 'POST', planApi(`${made.id}/apply`), { mode: 'skipConflicts', version: made.version });
    expect(some.saved).toBe(15);
    expect(some.skippedLessons).toEqual([{ day: '2027-02-16', startsAt: '2027-02-16T11:00:00.000Z', reason: 'conflict' }]);
    expect(some.plan).toMatchObject({ state: 'applied', lessons: 15 });
    const lessons = await ok(st.c, 'POST', courseApi('lesson/list'), { classId: st.classId, pageNum: 1, pageSize: 50 });
    expect(lessons.total).toBe(15);
    expect(new Set(lessons.data.map((l: { planId: number; siteId: number }) => `${l.planId}/${l.siteId}`))).toEqual(new Set([`${made.id}/${st.sites[0]!.id}`]));
    // Saved once: no second save, no edit, no delete.
    const again = await st.c.json('POST', planApi(`${made.id}/apply`), { body: { mode: 'skipConflicts', version: some.plan.version } });
    expect(again.detail.reason).toBe('state');
    expect((await st.c.json('DELETE', planApi(String(made.id)))).detail.reason).toBe('state');

    // Another class's plan on the same coach and the other site: every saved lesson holds the coach.
    const other = await makeClass(st.c, st.courseId, st.coachId, 10);
    const second = await ok(
      st.c,
      'POST',
      planApi('preview'),
      plan(st, { classId: other, siteIds: [st.sites[1]!.id], fromDay: '2027-02-15', toDay: '2027-02-19' }),
    );
    expect(second.lessons.map((l: { ok: boolean }) => l.ok)).toEqual([false, false, false, false, false]);
    expect(second.lessons[0].clashes).toEqual([expect.objectContaining({ on: 'coach', holderKind: 'lesson' })]);
    // The same site on one day, another coach: the site is held by the saved lesson.
    const coach2 = await makeCoach(s, st.orgId);
    const site = await ok(st.c, 'POST', planApi('preview'), plan(st, { classId: other, coachId: coach2, fromDay: '2027-02-15', toDay: '2027-02-15' }));
    expect(site.lessons[0].clashes).toEqual([expect.objectContaining({ on: 'site', resourceId: st.sites[0]!.id, resourceName: st.sites[0]!.name })]);
    // A plan with nothing saved can go.
    const draft = await ok(st.c, 'POST', planApi(''), plan(st, { classId: other }));
    expect(await ok(st.c, 'DELETE', planApi(String(draft.id)))).toEqual({ deleted: 1 });
  });

  it('a lesson on two sites holds both: a batch move takes both to the new hour, a venue cancel frees both', async () => {
    const st = await staff();
    const [site1, site2] = [st.sites[0]!.id, st.sites[1]!.id];
    // A Monday within the booking window, 19:00–20:30 in Shanghai, on both sites.
    const monday = new Date(Date.now() + 3 * 86_400_000);
    while (monday.getUTCDay() !== 1) monday.setUTCDate(monday.getUTCDate() + 1);
    const day = monday.toISOString().slice(0, 10);
    const made = await ok(st.c, 'POST', planApi(''), plan(st, { fromDay: day, toDay: day, siteIds: [site1, site2], skipHolidays: false }));
    expect((await ok(st.c, 'POST', planApi(`${made.id}/apply`), { mode: 'all', version: made.version })).saved).toBe(1);
    const [lesson] = (await ok(st.c, 'POST', courseApi('lesson/page'), { classId: st.classId, pageNum: 1, pageSize: 5 })).data;
    const bookSite = (siteId: number, start: string, end: string) =>
      st.c.json('POST', booking('order'), { body: { stadiumId: st.venue.id, date: day, items: [{ siteId, start, end }], buyerName: '顾客' } });
    const first = await bookSite(site2, '19:00', '20:00');
    expect(first.detail?.reason, first.msg).toBe('taken');
    // An hour later: 20:00–21:30 on both sites; 19:00–20:00 is free on both.
    const moved = await ok(st.c, 'POST', courseApi('lesson/adjust'), { lessons: [{ id: lesson.id, version: lesson.version }], shiftMinutes: 60 });
    expect(moved.data[0]).toMatchObject({ siteId: site1, startsAt: `${day}T12:00:00.000Z` });
    expect((await bookSite(site2, '21:00', '22:00')).detail?.reason).toBe('taken');
    expect((await bookSite(site1, '21:00', '22:00')).detail?.reason).toBe('taken');
    expect((await bookSite(site2, '19:00', '20:00')).code).toBe(0);
    // Cancelled by the venue: both sites' hour is free again.
    await ok(st.c, 'POST', courseApi(`lesson/${lesson.id}/venueCancel`), { version: moved.data[0].version });
    expect((await bookSite(site1, '20:00', '21:00')).code).toBe(0);
    expect((await bookSite(site2, '21:00', '22:00')).code).toBe(0);
  });

  it.runIf(kind === 'postgres')('two plans of one coach saved at once, and one plan saved twice at once: the coach is never in two lessons', async () => {
    const st = await staff();
    const other = await makeClass(st.c, st.courseId, st.coachId, 10);
    const week = { fromDay: '2027-03-01', toDay: '2027-03-05', skipHolidays: false };
    const a = await ok(st.c, 'POST', planApi(''), plan(st, week));
    const b = await ok(st.c, 'POST', planApi(''), plan(st, { ...week, classId: other, siteIds: [st.sites[1]!.id] }));
    const calls = await Promise.all([
      st.c.json('POST', planApi(`${a.id}/apply`), { body: { mode: 'all', version: a.version } }),
      st.c.json('POST', planApi(`${a.id}/apply`), { body: { mode: 'all', version: a.version } }),
      st.c.json('POST', planApi(`${b.id}/apply`), { body: { mode: 'all', version: b.version } }),
    ]);
    expect(calls.filter((c) => c.code === 0)).toHaveLength(1);
    expect(calls.filter((c) => c.code !== 0).every((c) => c.code === Code.CONFLICT)).toBe(true);
    const [n] = await s.database.query<{ lessons: string; claims: string }>(
      `select (select count(*) from sport_course_lesson where class_id in ($1, $2)) as lessons,
              (select count(*) from sport_resource_claim where resource_kind = 'coach' and resource_id = $3 and released_at is null) as claims`,
      [st.classId, other, st.coachId],
    );
    expect({ lessons: Number(n!.lessons), claims: Number(n!.claims) }).toEqual({ lessons: 5, claims: 5 });
  });

  it('another organisation’s plan answers 100404; malformed input answers 100400 naming the field', async () => {
    const a = await staff();
    const b = await staff();
    const mine = await ok(a.c, 'POST', planApi(''), plan(a));
    for (const [method, url, body] of [
      ['GET', planApi(String(mine.id)), undefined],
      ['POST', planApi(`${mine.id}/preview`), undefined],
      ['PUT', planApi(String(mine.id)), { name: 'x', version: mine.version }],
      ['POST', planApi(`${mine.id}/apply`), { mode: 'all', version: mine.version }],
      ['DELETE', planApi(String(mine.id)), undefined],
    ] as const) {
      const r = await b.c.json(method, url, body === undefined ? {} : { body });
      expect(r.code, `${method} ${url}`).toBe(Code.NOT_FOUND);
    }
    // Another organisation's class, in a preview or a new plan.
    expect((await b.c.json('POST', planApi('preview'), { body: plan(b, { classId: a.classId }) })).code).toBe(Code.NOT_FOUND);
    expect((await b.c.json('POST', planApi(''), { body: plan(b, { classId: a.classId }) })).code).toBe(Code.NOT_FOUND);
    const list = await ok(b.c, 'POST', planApi('list'), { pageNum: 1, pageSize: 50 });
    expect(list.data.map((r: { id: number }) => r.id)).not.toContain(mine.id);

    const field = async (body: unknown, url = planApi('preview')) => {
      const r = await a.c.json('POST', url, { body });
      expect([Code.INVALID, Code.FORM_INVALID], JSON.stringify(r)).toContain(r.code);
      return (r.detail as { field: string }[]).map((d) => d.field);
    };
    expect(await field(plan(a, { start: '25:00' }))).toContain('start');
    expect(await field(plan(a, { dayRule: 'monthly' }))).toContain('dayRule');
    expect(await field(plan(a, { fromDay: '2027-02-30' }))).toContain('fromDay');
    expect(await field(plan(a, { start: '20:00', end: '19:00' }))).toContain('end');
    expect(await field(plan(a, { dayRule: 'weekdays', weekdays: [] }))).toContain('weekdays');
    expect(await field(plan(a, { siteIds: [b.sites[0]!.id] }))).toContain('siteIds');
    expect(await field({ mode: 'everything', version: mine.version }, planApi(`${mine.id}/apply`))).toContain('mode');
    expect((await a.c.json('GET', planApi('abc'))).code).toBe(Code.INVALID);
  });
});
