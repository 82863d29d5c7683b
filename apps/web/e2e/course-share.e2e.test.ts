import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../server/test/harness.ts';
import { signIn, makeUser } from '../../server/src/modules/system/admin.testkit.ts';
import { approvedCourse, enrol, makeClass, makeCoach, makeMember } from '../../server/src/modules/sport/course/course.testkit.ts';
import { makeVenue } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { COMMERCE_KEYS } from '../../server/src/modules/sport/commerce/commerce.testkit.ts';
import { adminApi, browserAs, makeStaff, openBrowser, screenshot, setTheme, startE2E, uniq, type E2E, type Staff } from './support.ts';

/**
 * Share links of training records (issue 26, spec 2.1): staff make a settlement's link on its detail
 * page; a signed-out browser opens it and sees the lines. A member's rating link lets a signed-out
 * phone rate the lesson 4 stars, which the desk then sees. An altered link shows the refusal page.
 */
const MENUS = [
  'home',
  'sport.course.settlement',
  'sport.course.lessons',
  'sport.course.management',
  'sport.course.classes',
  'sport.course.plans',
  'sport.venue.list',
  ...COMMERCE_KEYS,
];
const PHONE = { width: 390, height: 844 };

async function ok<T = any>(c: Client, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

describe('share links of training records', () => {
  let e: E2E;
  let staff: Staff;
  let c: Client;
  let settlementId: number;
  let lessonId: number;
  let memberId: number;
  let planId: number;
  beforeAll(async () => {
    e = await startE2E();
    staff = await makeStaff(e, MENUS);
    const admin = await adminApi(e);
    const second = await makeUser(admin, staff.orgId, { roleIds: [staff.roleId], password: staff.password, code: uniq('e2e_') });
    c = await signIn(e.server, staff.code, staff.password);
    const reviewer = await signIn(e.server, second.code, staff.password);
    const { venue, sites } = await makeVenue(c, { n: 1 });
    const coachId = await makeCoach(e.server, staff.orgId, uniq('王教练').slice(0, 20));
    const courseId = await approvedCourse(c, reviewer, venue.id, 120_000);
    const classId = await makeClass(c, courseId, coachId, 30);
    // A done lesson in October with three present, at ¥80 a lesson.
    const [l] = await e.server.database.query<{ id: string }>(
      `insert into sport_course_lesson (org_id, class_id, coach_id, starts_at, ends_at, state) values ($1, $2, $3, '2026-10-08T02:00:00Z', '2026-10-08T03:00:00Z', 'done') returning id`,
      [staff.orgId, classId, coachId],
    );
    for (let i = 0; i < 3; i++)
      await e.server.database.query(
        `insert into sport_course_attendance (org_id, lesson_id, member_id, state, method) values ($1, $2, $3, 'present', 'desk')`,
        [staff.orgId, l!.id, await makeMember(e.server, staff.orgId)],
      );
    await ok(c, 'POST', '/api/sport/course/coachRate', { coachId, scope: 'course', mode: 'lesson', lessonFen: 8000, effectiveFrom: '2026-01-01' });
    settlementId = (await ok(c, 'POST', '/api/sport/course/settlement', { coachId, fromDay: '2026-10-01', toDay: '2026-10-31' })).id;
    // A lesson that began an hour ago, with one enrolled member to rate it.
    const started = new Date(Date.now() - 3_600_000);
    lessonId = (
      await ok(c, 'POST', '/api/sport/course/lesson', {
        classId,
        startsAt: started.toISOString(),
        endsAt: new Date(started.getTime() + 3_600_000).toISOString(),
      })
    ).id;
    memberId = await makeMember(e.server, staff.orgId);
    expect((await enrol(c, classId, memberId)).code).toBe(0);
    // A draft plan: Mondays and Wednesdays of two weeks in March 2027, 19:00–20:30.
    planId = (
      await ok(c, 'POST', '/api/sport/course/plan', {
        classId,
        name: '春季周一三班',
        dayRule: 'weekdays',
        weekdays: [1, 3],
        start: '19:00',
        end: '20:30',
        fromDay: '2027-03-01',
        toDay: '2027-03-14',
        siteIds: [sites[0]!.id],
        coachId,
        skipHolidays: false,
      })
    ).id;
  }, 180_000);
  afterAll(async () => e?.close());

  it('staff share a settlement; a signed-out browser sees its lines; an altered link is refused', async () => {
    const desk = await browserAs(e, staff);
    let link: string;
    try {
      const { page } = desk;
      await page.goto(`${e.baseUrl}/sport/views/trainingCourse/coursePaymentSettlem/detail/${settlementId}`);
      await page.getByTestId('share-settlement').waitFor({ timeout: 90_000 });
      await page.getByTestId('share-settlement').click();
      await page.getByTestId('share-make').click();
      await page.getByTestId('share-url').waitFor();
      link = await page.getByTestId('share-url').inputValue();
      expect(link).toContain('/share/course/settlement?token=');
      expect(await page.getByTestId('share-expires').innerText()).toContain('有效期至');
      await screenshot(page, 'course-share-dialog-zh-CN-light');
    } finally {
      await desk.close();
    }

    const visitor = await openBrowser({ viewport: PHONE });
    try {
      const { page } = visitor;
      await page.goto(link);
      await page.getByTestId('share-settlement-lines').waitFor({ timeout: 90_000 });
      expect(await page.getByTestId('share-settlement-line').count()).toBe(1);
      expect(await page.getByTestId('share-settlement-lines').innerText()).toContain('1 节 × ¥80');
      expect(await page.getByTestId('share-settlement-total').innerText()).toContain('80');
      // No console layout: no menu, no tabs.
      expect(await page.locator('.ant-layout-sider').count()).toBe(0);
      await screenshot(page, 'course-share-settlement-zh-CN-light-phone');
      await page.getByTestId('lang-switch').click();
      await page.getByTestId('share-settlement-lines').getByText('1 lesson × ¥80').waitFor();
      await setTheme(page, 'dark');
      await page.getByTestId('share-settlement-lines').getByText('1 lesson × ¥80').waitFor({ timeout: 60_000 });
      await screenshot(page, 'course-share-settlement-en-US-dark-phone');
      // One character of the signature changed: refused.
      const url = new URL(link);
      const token = url.searchParams.get('token')!;
      const altered = token.slice(0, -2) + (token.endsWith('A') ? 'B' : 'A') + token.slice(-1);
      await page.goto(`${url.origin}${url.pathname}?token=${altered}`);
      await page.getByTestId('share-refused').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('share-invalid').count()).toBe(1);
      expect(await page.getByTestId('share-settlement-lines').count()).toBe(0);
      await screenshot(page, 'course-share-refused-en-US-dark-phone');
    } finally {
      await visitor.close();
    }
  }, 300_000);

  it('a member rates the lesson 4 stars through a rating link, signed out on a phone; the desk sees it', async () => {
    const made = await ok<{ url: string }>(c, 'POST', '/api/sport/course/share/link', { kind: 'rating', id: lessonId, memberId, days: 3 });
    const visitor = await openBrowser({ viewport: PHONE });
    try {
      const { page } = visitor;
      await page.goto(`${e.baseUrl}${made.url}`);
      await page.getByTestId('share-rate-form').waitFor({ timeout: 90_000 });
      await page.getByTestId('share-rate-stars').locator('.ant-rate-star').nth(3).click();
      await page.getByTestId('share-rate-comment').fill('教练讲解很清楚');
      await screenshot(page, 'course-share-rate-zh-CN-light-phone');
      await page.getByTestId('share-rate-submit').click();
      await page.getByTestId('share-rate-done').waitFor();
      expect(await page.getByTestId('share-rate-mine').getAttribute('data-value')).toBe('4');
      await screenshot(page, 'course-share-rated-zh-CN-light-phone');
    } finally {
      await visitor.close();
    }
    const lesson = await ok(c, 'GET', `/api/sport/course/lesson/${lessonId}`);
    expect(lesson.evaluations).toEqual([expect.objectContaining({ memberId, rating: 4, comment: '教练讲解很清楚' })]);
  }, 240_000);

  it('a lesson link and a plan link open signed out on a phone: the lesson with its time, the plan with its four lessons', async () => {
    const lessonLink = await ok<{ url: string }>(c, 'POST', '/api/sport/course/share/link', { kind: 'lesson', id: lessonId, days: 1 });
    const planLink = await ok<{ url: string }>(c, 'POST', '/api/sport/course/share/link', { kind: 'plan', id: planId });
    expect([lessonLink.url, planLink.url]).toEqual([
      expect.stringContaining('/share/course/lesson?token='),
      expect.stringContaining('/share/course/plan?token='),
    ]);
    const visitor = await openBrowser({ viewport: PHONE });
    try {
      const { page } = visitor;
      await page.goto(`${e.baseUrl}${planLink.url}`);
      await page.getByTestId('share-plan').waitFor({ timeout: 90_000 });
      expect(await page.getByTestId('share-plan').innerText()).toContain('春季周一三班');
      expect(await page.getByTestId('share-plan').innerText()).toContain('19:00-20:30');
      await expect.poll(() => page.getByTestId('share-plan-lesson').count()).toBe(4);
      // In the venue's time (Beijing), whatever the phone's zone (this browser's is UTC, where 19:00 in Beijing is 11:00).
      expect(await page.getByTestId('share-plan-lessons').innerText()).toContain('2027-03-01 19:00-20:30');
      expect(await page.locator('.ant-layout-sider').count()).toBe(0);
      await screenshot(page, 'course-share-plan-zh-CN-light-phone');

      await page.goto(`${e.baseUrl}${lessonLink.url}`);
      await page.getByTestId('share-lesson').waitFor({ timeout: 90_000 });
      await page.getByTestId('lang-switch').click();
      await setTheme(page, 'dark');
      await page.getByTestId('share-lesson').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('share-lesson-time').innerText()).toMatch(/\d{2}:\d{2}/);
      await screenshot(page, 'course-share-lesson-en-US-dark-phone');
      // The plan's link does not open as a lesson's: each link shows only its own record.
      await page.goto(`${e.baseUrl}${planLink.url.replace('/share/course/plan', '/share/course/lesson')}`);
      await page.getByTestId('share-refused').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('share-lesson').count()).toBe(0);
    } finally {
      await visitor.close();
    }
  }, 240_000);
});
