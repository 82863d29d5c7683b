import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn, uniq } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { makeMember } from '../card/card.testkit.ts';
import { makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';

export { makeMember };
// The course demo, for other modules' demo tests (statistics by coach and course).
export { seedCourseDemo } from './course.seed.ts';

/** The training screens (a screen's key grants its buttons too). */
export const COURSE_KEYS = ['sport.course.management', 'sport.course.classes', 'sport.course.sales'];

export const courseApi = (p: string) => (p ? `/api/sport/course/${p}` : '/api/sport/course');

export async function ok<T = any>(
  c: Client,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const r = await c.json<T>(method, url, { ...(body === undefined ? {} : { body }), headers });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

/**
 * A new organisation under `parentId` with its venue (two sites unless `venue` says) and a user who
 * holds the course, venue and commerce screens and the `keys` given; `reviewer`, a second user of
 * the same role (an audit or an approval is another user's).
 */
export async function courseStaff(s: TestServer, admin: Client, parentId: number, opts: { keys?: string[]; venue?: Parameters<typeof makeVenue>[1] } = {}) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...COURSE_KEYS, ...(opts.keys ?? []), ...VENUE_KEYS, ...COMMERCE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const second = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const { venue, sites } = await makeVenue(c, opts.venue ?? { n: 2 });
  return { orgId: org.id, c, userId: user.id, reviewer: await signIn(s, second.code, 'Pass1234'), venue, sites };
}

/** A coach of an organisation (straight into the table: the coach module's screens are not under test here). */
export async function makeCoach(s: TestServer, orgId: number, name = uniq('coach')): Promise<number> {
  const [row] = await s.database.query<{ id: string }>(`insert into sport_coach (org_id, name, phone) values ($1, $2, $3) returning id`, [
    orgId,
    name.slice(0, 64),
    `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  ]);
  return Number(row!.id);
}

/** A course of the venue, submitted and approved (on sale), at `priceFen` per enrolment. */
export async function approvedCourse(c: Client, reviewer: Client, venueId: number, priceFen = 120_000) {
  const made = await ok<{ id: number; version: number }>(c, 'POST', courseApi(''), {
    venueId,
    name: uniq('课程'),
    sport: 'swimming',
    kind: 'group',
    lessonsPerClass: 10,
    minutesPerLesson: 60,
    priceFen,
  });
  const sent = await ok<{ version: number }>(c, 'POST', courseApi(`${made.id}/submit`), { version: made.version });
  await ok(reviewer, 'POST', courseApi(`${made.id}/review`), { approved: true, version: sent.version });
  return made.id;
}

/** A class of the course with the given capacity; `lessons` lessons (weekly, an hour each) from `firstStart`. */
export async function makeClass(
  c: Client,
  courseId: number,
  coachId: number,
  capacity: number,
  lessons: { firstStart: Date; count: number; everyDays?: number } = { firstStart: new Date(Date.now() + 7 * 86_400_000), count: 0 },
) {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const cls = await ok<{ id: number; version: number }>(c, 'POST', courseApi('class'), {
    courseId,
    name: uniq('班'),
    capacity,
    coachId,
    startDay: day(lessons.firstStart),
    endDay: day(new Date(lessons.firstStart.getTime() + 365 * 86_400_000)),
  });
  for (let i = 0; i < lessons.count; i++) {
    const start = new Date(lessons.firstStart.getTime() + i * (lessons.everyDays ?? 7) * 86_400_000);
    await ok(c, 'POST', courseApi('lesson'), { classId: cls.id, startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString() });
  }
  return cls.id;
}

export const enrol = (c: Client, classId: number, memberId: number, headers?: Record<string, string>) =>
  c.json<{ state: 'enrolled' | 'waitlisted'; position: number | null; orderId: number | null }>('POST', courseApi('class/enrol'), {
    body: { classId, memberId },
    headers,
  });

export const rosterOf = (c: Client, classId: number) =>
  ok<{ enrolled: { memberId: number; orderId: number }[]; waitlist: { memberId: number; position: number }[] }>(c, 'POST', courseApi('class/roster'), {
    classId,
  });
