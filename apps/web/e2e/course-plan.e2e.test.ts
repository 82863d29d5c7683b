import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../server/test/harness.ts';
import { makeUser, signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { oneOrgScope } from '../../server/src/platform/scope.ts';
import { claimTimes } from '../../server/src/modules/sport/commerce/index.ts';
import { approvedCourse, makeClass, makeCoach } from '../../server/src/modules/sport/course/course.testkit.ts';
import { makeVenue } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { adminApi, browserAs, makeStaff, screenshot, setTheme, startE2E, uniq, type E2E, type Staff } from './support.ts';

/**
 * Scheduling plans at the console (issue 26): a workdays plan of the staff's class across the 2027
 * Spring Festival, previewed on its screen (the festival weekdays listed as skipped holidays, the
 * make-up Saturday as a lesson, the lesson whose coach is taken in red, naming the sparring hour),
 * then saved without the conflict; photographed in both languages and both themes.
 */
const LIST = '/sport/views/trainingCourse/courseSchedulingPlan/index';
const PERIODS = '/sport/views/trainingCourse/classPeriod/index';
const detailPath = (id: number | 'new') => `/sport/views/trainingCourse/courseSchedulingPlan/detail/${id}`;
const MENUS = [
  'home',
  'sport.course.management',
  'sport.course.classes',
  'sport.course.plans',
  'sport.course.classPeriods',
  'sport.venue.list',
  'sport.coach.list',
];

async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

describe('scheduling plan screens', () => {
  let e: E2E;
  let staff: Staff;
  let c: Client;
  let classId: number;
  const plans: number[] = [];
  let siteId: number;
  let coachId: number;
  beforeAll(async () => {
    e = await startE2E();
    staff = await makeStaff(e, MENUS);
    const admin = await adminApi(e);
    const second = await makeUser(admin, staff.orgId, { roleIds: [staff.roleId], password: staff.password, code: uniq('e2e_') });
    c = await signIn(e.server, staff.code, staff.password);
    const reviewer = await signIn(e.server, second.code, staff.password);
    const { venue, sites } = await makeVenue(c, { n: 1, open: '06:00', close: '23:00' });
    siteId = sites[0]!.id;
    coachId = await makeCoach(e.server, staff.orgId, '周教练');
    const course = await approvedCourse(c, reviewer, venue.id);
    classId = await makeClass(c, course, coachId, 20);
    const days = [6, 7, 8, 9, 10, 11, 12, 13].map((d) => ({ day: `2027-02-${String(d).padStart(2, '0')}`, kind: 1 }));
    const cal = await admin.json('PUT', '/api/system/holiday/days', { body: { orgId: staff.orgId, days: [...days, { day: '2027-02-20', kind: 0 }] } });
    expect(cal.code, cal.msg).toBe(0);
    // The coach's sparring hour on Tuesday 16 February 2027, 19:30–20:30 in Shanghai.
    await e.server.app.ctx.db.transaction((tx) =>
      claimTimes(tx, oneOrgScope(staff.orgId), [
        {
          orgId: staff.orgId,
          resourceKind: 'coach',
          resourceId: coachId,
          from: new Date('2027-02-16T11:30:00Z'),
          to: new Date('2027-02-16T12:30:00Z'),
          holderKind: 'sparring',
          holderId: 1,
        },
      ]),
    );
    for (const name of ['春节工作日班', 'Spring Festival workdays'])
      plans.push(
        (
          await ok(c, 'POST', '/api/sport/course/plan', {
            classId,
            name,
            dayRule: 'workdays',
            start: '19:00',
            end: '20:30',
            fromDay: '2027-02-01',
            toDay: '2027-02-28',
            siteIds: [siteId],
            coachId,
            skipHolidays: true,
          })
        ).id,
      );
  }, 180_000);
  afterAll(async () => e?.close());

  it('previews a plan (skipped holidays, the make-up Saturday, the conflict in red) and saves it without the conflict, in both languages and themes', async () => {
    const b = await browserAs(e, staff, LIST);
    const { page } = b;
    try {
      for (const [i, [lang, theme]] of (
        [
          ['zh-CN', 'light'],
          ['en-US', 'dark'],
        ] as const
      ).entries()) {
        await page.evaluate((l) => localStorage.setItem('lang', l), lang);
        await setTheme(page, theme);
        await page.goto(`${e.baseUrl}${LIST}`);
        await page
          .getByTestId('coursePlan-table')
          .getByText(i === 0 ? '春节工作日班' : 'Spring Festival workdays')
          .waitFor();
        await screenshot(page, `course-plan-list-${lang}-${theme}`);

        await page.goto(`${e.baseUrl}${detailPath(plans[i]!)}`);
        await page.getByTestId('plan-detail').waitFor();
        await page.locator('#plan-preview').click();
        await page.getByTestId('plan-summary').waitFor();
        // The first plan clashes once with the sparring hour; the second (moved to the morning) not at all.
        expect(await page.getByTestId('plan-summary').textContent()).toMatch(i === 0 ? /16\D+1/ : /16\D+0/);
        // The festival weekdays skipped as holidays; the make-up Saturday is a lesson.
        const skipped = page.getByTestId('plan-skipped');
        for (const d of ['08', '09', '10', '11', '12']) await skipped.getByText(`2027-02-${d}`).waitFor();
        expect(await skipped.getByText(lang === 'zh-CN' ? '节假日' : 'Public holiday').count()).toBe(5);
        const lessons = page.getByTestId('plan-lessons');
        await lessons.getByText('2027-02-20').waitFor();
        // The conflicting lesson, in red, names the coach and the sparring hour.
        const bad = lessons.locator('tr[data-conflict="true"]');
        expect(await bad.count()).toBe(i === 0 ? 1 : 0);
        await screenshot(page, `course-plan-preview-${lang}-${theme}`);
        if (i === 0) {
          expect(await bad.textContent()).toContain('2027-02-16');
          expect(await bad.textContent()).toContain('周教练');
          await bad.scrollIntoViewIfNeeded();
          await screenshot(page, `course-plan-conflict-${lang}-${theme}`);
        }
        await page.locator('#plan-save-free').click();
        await page.getByText(lang === 'zh-CN' ? '该计划的课节已生成' : 'The plan’s lessons are saved', { exact: false }).waitFor();
        await screenshot(page, `course-plan-saved-${lang}-${theme}`);
        expect((await ok(c, 'GET', `/api/sport/course/plan/${plans[i]}`)).lessons).toBe(i === 0 ? 15 : 16);
        // The second plan has the same class and coach: its lessons clash with the first's.
        if (i === 0) {
          const second = await ok(c, 'POST', `/api/sport/course/plan/${plans[1]}/preview`);
          expect(second.conflicts).toBe(16);
          await ok(c, 'PUT', `/api/sport/course/plan/${plans[1]}`, { start: '07:00', end: '08:30', version: 1 });
        }
        await page.goto(`${e.baseUrl}${PERIODS}`);
        await page.getByTestId('coursePeriod-table').getByText('19:00').first().waitFor();
        await screenshot(page, `course-plan-periods-${lang}-${theme}`);
        await page.goto(`${e.baseUrl}${detailPath('new')}`);
        await page.getByTestId('plan-detail').waitFor();
        await screenshot(page, `course-plan-new-${lang}-${theme}`);
      }
    } finally {
      await b.close();
    }
  }, 300_000);
});
