import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../server/test/harness.ts';
import { makeUser, signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { approvedCourse, makeClass, makeCoach } from '../../server/src/modules/sport/course/course.testkit.ts';
import { makeVenue } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { adminApi, browserAs, makeStaff, screenshot, setTheme, startE2E, uniq, type E2E, type Staff } from './support.ts';

/**
 * All lessons at the console (issue 26): the list of the staff's own class, two lessons selected and
 * shifted by 30 minutes through the batch adjustment, one cancelled by the venue, the day view and the
 * lesson drawer, photographed in both languages and both themes.
 */
const LESSONS = '/sport/views/trainingCourse/totalSchedulingAttempts/index';
const MENUS = ['home', 'sport.course.management', 'sport.course.classes', 'sport.course.lessons', 'sport.venue.list', 'sport.venue.manage', 'sport.coach.list'];

interface Lesson {
  id: number;
  startsAt: string;
  state: string;
  version: number;
}

describe('all lessons screen', () => {
  let e: E2E;
  let staff: Staff;
  let c: Client;
  let classId: number;
  let day: string;
  const lessons = async () =>
    (await c.json<{ data: Lesson[] }>('POST', '/api/sport/course/lesson/page', { body: { classId, pageNum: 1, pageSize: 50 } })).body.data;
  beforeAll(async () => {
    e = await startE2E();
    staff = await makeStaff(e, MENUS);
    const admin = await adminApi(e);
    const second = await makeUser(admin, staff.orgId, { roleIds: [staff.roleId], password: staff.password, code: uniq('e2e_') });
    c = await signIn(e.server, staff.code, staff.password);
    const reviewer = await signIn(e.server, second.code, staff.password);
    const { venue } = await makeVenue(c, { n: 1 });
    const coach = await makeCoach(e.server, staff.orgId, '李教练');
    const course = await approvedCourse(c, reviewer, venue.id);
    const first = new Date(Date.now() + 7 * 86_400_000);
    first.setUTCHours(2, 0, 0, 0);
    day = first.toISOString().slice(0, 10);
    classId = await makeClass(c, course, coach, 12, { firstStart: first, count: 3, everyDays: 1 });
  }, 180_000);
  afterAll(async () => e?.close());

  it('lists the lessons, shifts two by 30 minutes, cancels one; the day view and the drawer in both languages and themes', async () => {
    const before = await lessons();
    expect(before).toHaveLength(3);
    const b = await browserAs(e, staff, LESSONS);
    const { page } = b;
    const table = page.getByTestId('courseLesson-table');
    const row = (id: number) => table.locator(`tr[data-row-key="${id}"]`);
    try {
      await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
      await setTheme(page, 'light');
      await page.goto(`${e.baseUrl}${LESSONS}`);
      await row(before[2]!.id).waitFor();
      await screenshot(page, 'course-lesson-list-zh-CN-light');
      // Two lessons selected, shifted by 30 minutes (the dialog's default).
      await row(before[0]!.id).locator('.ant-checkbox-input').check();
      await row(before[1]!.id).locator('.ant-checkbox-input').check();
      await page.getByTestId('courseLesson-adjust').click();
      await page.locator('#lesson-adjust-ok').waitFor();
      await screenshot(page, 'course-lesson-adjust-zh-CN-light');
      await page.locator('#lesson-adjust-ok').click();
      await expect
        .poll(async () => (await lessons()).map((l) => new Date(l.startsAt).getTime() - new Date(before.find((x) => x.id === l.id)!.startsAt).getTime()))
        .toEqual([30 * 60_000, 30 * 60_000, 0]);
      // The third cancelled by the venue, with a reason.
      await row(before[2]!.id).locator('.ant-checkbox-input').check();
      await page.getByTestId('courseLesson-cancel').click();
      await page.locator('#lesson-cancel_reason').fill('泳池检修');
      await page.getByTestId('lesson-cancel-ok').click();
      await page.getByTestId('confirm-ok').click();
      await expect.poll(async () => (await lessons()).map((l) => l.state)).toEqual(['scheduled', 'scheduled', 'cancelled']);
      await row(before[2]!.id).getByText('已取消').waitFor();
      for (const [lang, theme] of [
        ['zh-CN', 'light'],
        ['en-US', 'dark'],
      ] as const) {
        await page.evaluate((l) => localStorage.setItem('lang', l), lang);
        await setTheme(page, theme);
        await page.goto(`${e.baseUrl}${LESSONS}`);
        await row(before[0]!.id).waitFor();
        await screenshot(page, `course-lesson-list-${lang}-${theme}`);
        await page.getByTestId(`courseLesson-row-detail`).first().click();
        await page.getByTestId('lesson-drawer').getByText('李教练').first().waitFor();
        await screenshot(page, `course-lesson-drawer-${lang}-${theme}`);
        await page.keyboard.press('Escape');
        await page
          .getByTestId('lesson-view')
          .getByText(lang === 'zh-CN' ? '日视图' : 'Day')
          .click();
        const picker = page.getByTestId('lesson-day').locator('.ant-picker input');
        await picker.click();
        await picker.fill(day);
        await picker.press('Enter');
        await picker.press('Escape');
        await page.getByTestId(`lesson-block-${before[0]!.id}`).waitFor();
        await screenshot(page, `course-lesson-day-${lang}-${theme}`);
      }
    } finally {
      await b.close();
    }
  }, 240_000);
});
