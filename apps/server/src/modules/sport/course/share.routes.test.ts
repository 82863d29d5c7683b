import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { seedMessageDefaults } from '../../message/index.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { approvedCourse, COURSE_KEYS, courseApi, enrol, makeClass, makeCoach, makeMember, ok, courseStaff } from './course.testkit.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const share = (p: string) => courseApi(`share/${p}`);

/** Replaces the token's payload field `key` with `value`, keeping the old signature. */
function tamper(token: string, key: string, value: unknown): string {
  const [body, sig] = token.split('.');
  const p = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
  p[key] = value;
  return `${Buffer.from(JSON.stringify(p)).toString('base64url')}.${sig}`;
}

describe.each(databases)('share links of training records on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    await seedMessageDefaults(s.app.ctx.db);
  });
  afterAll(async () => s?.close());
  afterEach(async () => {
    vi.restoreAllMocks();
    expect(await imbalances(s)).toEqual([]);
  });

  const staff = () =>
    courseStaff(s, admin, platformId, {
      keys: ['sport.course.lessons', 'sport.course.plans', 'sport.course.settlement'],
      venue: { n: 2, open: '06:00', close: '23:00' },
    });

  /** A lesson that started two hours ago with one enrolled member, and a lesson next week. */
  async function lessons(st: Awaited<ReturnType<typeof staff>>) {
    const coach = await makeCoach(s, st.orgId);
    const course = await approvedCourse(st.c, st.reviewer, st.venue.id);
    const cls = await makeClass(st.c, course, coach, 10);
    const started = new Date(Date.now() - 2 * HOUR);
    const past = await ok(st.c, 'POST', courseApi('lesson'), {
      classId: cls,
      startsAt: started.toISOString(),
      endsAt: new Date(started.getTime() + HOUR).toISOString(),
    });
    const member = await makeMember(s, st.orgId);
    expect((await enrol(st.c, cls, member)).code).toBe(0);
    return { coach, course, cls, past, member };
  }

  /** A visitor: no session, a fresh cookie jar (still signed and XSRF-checked as the console's calls are). */
  const visitor = () => new Client(s);

  it('a lesson link opens without signing in and shows that lesson, not its roster', async () => {
    const st = await staff();
    const { past } = await lessons(st);
    const link = await ok(st.c, 'POST', share('link'), { kind: 'lesson', id: past.id });
    expect(link.url).toBe(`/share/course/lesson?token=${link.token}`);
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY);
    const v = visitor();
    const seen = await v.json('POST', share('view'), { body: { token: link.token } });
    expect(seen.code, seen.msg).toBe(0);
    expect(seen.body.kind).toBe('lesson');
    expect(seen.body.lesson).toMatchObject({ id: past.id, enrolled: 1 });
    expect(seen.body.lesson.members).toBeUndefined();
    expect(seen.body.settlement).toBeNull();
  });

  it("refuses an expired link (100400, in the caller's language) and one whose id was changed (100404)", async () => {
    const st = await staff();
    const { past, cls } = await lessons(st);
    const other = await ok(st.c, 'POST', courseApi('lesson'), {
      classId: cls,
      startsAt: new Date(Date.now() + 3 * DAY).toISOString(),
      endsAt: new Date(Date.now() + 3 * DAY + HOUR).toISOString(),
    });
    const link = await ok(st.c, 'POST', share('link'), { kind: 'lesson', id: past.id, days: 1 });
    const v = visitor();
    const changed = await v.json('POST', share('view'), { body: { token: tamper(link.token, 'id', other.id) } });
    expect(changed.code).toBe(Code.NOT_FOUND);
    expect(changed.body).toBeNull();
    const later = await v.json('POST', share('view'), { body: { token: tamper(link.token, 'exp', Math.floor(Date.now() / 1000) + 99 * 86_400) } });
    expect(later.code).toBe(Code.NOT_FOUND);
    expect((await v.json('POST', share('view'), { body: { token: 'x'.repeat(40) } })).code).toBe(Code.NOT_FOUND);
    // A day and a minute later (the clock moved): refused.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + DAY + 60_000);
    const expired = await v.json('POST', share('view'), { body: { token: link.token }, lang: 'en-US' });
    expect(expired.code).toBe(Code.INVALID);
    expect(expired.msg).toMatch(/expired/);
    const zh = await v.json('POST', share('view'), { body: { token: link.token } });
    expect(zh.msg).toMatch(/过期/);
    vi.restoreAllMocks();
    expect((await v.json('POST', share('view'), { body: { token: link.token } })).code).toBe(0);
  });

  it("another organisation's record cannot be shared (100404), and a link needs the record's permission", async () => {
    const a = await staff();
    const b = await staff();
    const { past } = await lessons(b);
    const refused = await a.c.json('POST', share('link'), { body: { kind: 'lesson', id: past.id } });
    expect(refused.code).toBe(Code.NOT_FOUND);
    for (const k of ['settlement', 'plan', 'rating']) {
      const r = await a.c.json('POST', share('link'), { body: { kind: k, id: past.id, memberId: 1 } });
      expect(r.code, k).toBe(Code.NOT_FOUND);
    }
    // No session: 100405.
    expect((await visitor().json('POST', share('link'), { body: { kind: 'lesson', id: past.id } })).code).toBe(Code.SESSION_EXPIRED);
    // A user holding only the course screens may not share a lesson.
    const role = await makeRole(admin, a.orgId);
    await grantMenus(admin, role.id, COURSE_KEYS);
    const user = await makeUser(admin, a.orgId, { roleIds: [role.id] });
    const narrow = await signIn(s, user.code, 'Pass1234');
    const { past: own } = await lessons(a);
    expect((await narrow.json('POST', share('link'), { body: { kind: 'lesson', id: own.id } })).code).toBe(Code.FORBIDDEN);
  });

  it('a rating link lets the member rate once; the desk sees it in the lesson; a lesson link cannot rate', async () => {
    const st = await staff();
    const { past, member, cls } = await lessons(st);
    const outsider = await makeMember(s, st.orgId);
    const notIn = await st.c.json('POST', share('link'), { body: { kind: 'rating', id: past.id, memberId: outsider } });
    expect(notIn.code).toBe(Code.FORM_INVALID);
    expect((await st.c.json('POST', share('link'), { body: { kind: 'rating', id: past.id } })).code).toBe(Code.FORM_INVALID);
    const link = await ok(st.c, 'POST', share('link'), { kind: 'rating', id: past.id, memberId: member });
    expect(link.url).toMatch(/^\/share\/course\/rate\?token=/);
    const v = visitor();
    const before = await v.json('POST', share('view'), { body: { token: link.token } });
    expect(before.body.member.memberId).toBe(member);
    expect(before.body.myRating).toBeNull();
    const rated = await v.json('POST', share('rate'), { body: { token: link.token, rating: 4, comment: '很好' } });
    expect(rated.code, rated.msg).toBe(0);
    expect(rated.body.myRating).toMatchObject({ rating: 4, comment: '很好' });
    const desk = await ok(st.c, 'GET', courseApi(`lesson/${past.id}`));
    expect(desk.evaluations).toEqual([expect.objectContaining({ memberId: member, rating: 4, comment: '很好' })]);
    const twice = await v.json('POST', share('rate'), { body: { token: link.token, rating: 2 } });
    expect(twice.code).toBe(Code.CONFLICT);
    expect(twice.detail.reason).toBe('duplicate');
    // A lesson link is no rating link; a rating link with another member is refused by its signature.
    const lessonLink = await ok(st.c, 'POST', share('link'), { kind: 'lesson', id: past.id });
    expect((await v.json('POST', share('rate'), { body: { token: lessonLink.token, rating: 5 } })).code).toBe(Code.INVALID);
    expect((await v.json('POST', share('rate'), { body: { token: tamper(link.token, 'm', outsider), rating: 5 } })).code).toBe(Code.NOT_FOUND);
    // Expired: refused.
    const m2 = await makeMember(s, st.orgId);
    expect((await enrol(st.c, cls, m2)).code).toBe(0);
    const link2 = await ok(st.c, 'POST', share('link'), { kind: 'rating', id: past.id, memberId: m2, days: 2 });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 3 * DAY);
    expect((await v.json('POST', share('rate'), { body: { token: link2.token, rating: 5 } })).code).toBe(Code.INVALID);
    vi.restoreAllMocks();
    expect((await ok(st.c, 'GET', courseApi(`lesson/${past.id}`))).evaluations).toHaveLength(1);
  });

  it('settlement and plan links show their record with its lines or lessons', async () => {
    const st = await staff();
    const { coach, cls } = await lessons(st);
    await ok(st.c, 'POST', courseApi('coachRate'), { coachId: coach, scope: 'course', mode: 'lesson', lessonFen: 8000, effectiveFrom: '2020-01-01' });
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const made = await ok(st.c, 'POST', courseApi('settlement'), {
      coachId: coach,
      fromDay: day(new Date(Date.now() - 5 * DAY)),
      toDay: day(new Date(Date.now() - DAY)),
    });
    const sLink = await ok(st.c, 'POST', share('link'), { kind: 'settlement', id: made.id });
    const v = visitor();
    const seenS = await v.json('POST', share('view'), { body: { token: sLink.token } });
    expect(seenS.code, seenS.msg).toBe(0);
    expect(seenS.body.settlement).toMatchObject({ id: made.id, no: made.no, totalFen: made.totalFen });
    expect(seenS.body.settlement.lines).toHaveLength(made.lines.length);

    const start = new Date(Date.now() + 30 * DAY);
    const plan = await ok(st.c, 'POST', courseApi('plan'), {
      classId: cls,
      name: 'share plan',
      dayRule: 'weekdays',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      start: '08:00',
      end: '09:00',
      fromDay: day(start),
      toDay: day(new Date(start.getTime() + 2 * DAY)),
      siteIds: [],
      coachId: coach,
      skipHolidays: false,
    });
    const pLink = await ok(st.c, 'POST', share('link'), { kind: 'plan', id: plan.id });
    const seenP = await v.json('POST', share('view'), { body: { token: pLink.token } });
    expect(seenP.code, seenP.msg).toBe(0);
    expect(seenP.body.plan).toMatchObject({ id: plan.id, name: 'share plan' });
    expect(seenP.body.planLessons).toHaveLength(3);
    expect(seenP.body.planLessons[0].state).toBeNull();
    // Applied: the saved lessons.
    await ok(st.c, 'POST', courseApi(`plan/${plan.id}/apply`), { mode: 'all', version: plan.version });
    const applied = await v.json('POST', share('view'), { body: { token: pLink.token } });
    expect(applied.body.planLessons.map((l: { state: string }) => l.state)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    // Gone: a removed settlement's link answers 100404.
    await ok(st.c, 'DELETE', courseApi(`settlement/${made.id}`));
    expect((await v.json('POST', share('view'), { body: { token: sLink.token } })).code).toBe(Code.NOT_FOUND);
  });
});
