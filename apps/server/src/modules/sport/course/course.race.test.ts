import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { approvedCourse, courseStaff, enrol, makeClass, makeCoach, makeMember, ok, rosterOf } from './course.testkit.ts';
import { enrolRace } from './course.race.testkit.ts';

/**
 * The enrolment race (PostgreSQL: real concurrency): a class of 20 seats, 20 taken, then 60 enrolments
 * and 10 cancels of held seats at once. Never more than 20 enrolled; the waitlist numbered 1..n
 * without gaps; the freed seats went to the members who joined the waitlist first.
 */
describe.each(databases)('the enrolment race on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  it.runIf(kind === 'postgres')('60 enrolments and 10 cancels at once: 20 enrolled, the waitlist gap-free, promotion in waitlist order', async () => {
    const st = await courseStaff(s, admin, platformId);
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id, 30_000);
    for (let round = 0; round < 2; round++) {
      const cls = await makeClass(st.c, course, coach, 20);
      const members: number[] = [];
      for (let i = 0; i < 80; i++) members.push(await makeMember(s, st.orgId));
      const r = await enrolRace(s, st.c, cls, members);
      expect(r.overbooked, JSON.stringify(r)).toBe(0);
      expect(r.waitlistOutOfOrder, JSON.stringify(r)).toBe(0);
      expect(r.enrolled).toBe(20);
      // Every waiting answer had a position from 1; the roster's waitlist is 1..n in order.
      const roster = await rosterOf(st.c, cls);
      expect(roster.waitlist.map((w) => w.position)).toEqual(roster.waitlist.map((_, i) => i + 1));
      expect(roster.enrolled).toHaveLength(20);
      // The list call counts the same.
      const list = await ok(st.c, 'POST', '/api/sport/course/class/list', { pageNum: 1, pageSize: 100 });
      expect(list.data.find((x: { id: number }) => x.id === cls)).toMatchObject({ enrolled: 20, waitlisted: roster.waitlist.length });
    }
    // A member in the class (enrolled or waiting) cannot enrol again, even racing themself.
    const cls = await makeClass(st.c, course, coach, 1);
    const m = await makeMember(s, st.orgId);
    const twice = await Promise.all([enrol(st.c, cls, m), enrol(st.c, cls, m), enrol(st.c, cls, m)]);
    expect(twice.filter((x) => x.code === 0)).toHaveLength(1);
  });
});
