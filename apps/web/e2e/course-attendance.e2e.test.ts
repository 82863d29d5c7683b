import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../server/test/harness.ts';
import { makeUser, signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { approvedCourse, makeClass, makeCoach, makeMember } from '../../server/src/modules/sport/course/course.testkit.ts';
import { makeVenue } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { adminApi, browserAs, makeStaff, screenshot, setTheme, startE2E, uniq, type E2E, type Staff } from './support.ts';

/**
 * Attendance at the console (issue 26): the desk checks an enrolled member into today's lesson by member
 * number from the attendance screen; the list shows the check-in. The coach's phone page lists the
 * roster, the class packages screen a package in use with its detail. Chinese and light, English and dark.
 */
const LIST = '/sport/views/trainingCourse/attendanceRecord/index';
const COACH = '/sport/views/trainingCourse/attendanceRecord/coach';
const PACKAGES = '/sport/views/trainingCourse/memberClassPackage/index';
const MENUS = [
  'home',
  'sport.course.attendance',
  'sport.course.coachCheckIn',
  'sport.course.memberPackages',
  'sport.course.management',
  'sport.course.classes',
  'sport.course.sales',
  'sport.order.main',
  'sport.coach.list',
  'sport.venue.list',
];

async function ok<T = any>(c: Client, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

describe('attendance screens', () => {
  let e: E2E;
  let staff: Staff;
  const names = [uniq('张同学').slice(0, 16), uniq('Li Student').slice(0, 16)];
  const memberNos: string[] = [];
  let packageId: number;
  beforeAll(async () => {
    e = await startE2E();
    staff = await makeStaff(e, MENUS);
    const admin = await adminApi(e);
    const second = await makeUser(admin, staff.orgId, { roleIds: [staff.roleId], password: staff.password, code: uniq('e2e_') });
    const c = await signIn(e.server, staff.code, staff.password);
    const reviewer = await signIn(e.server, second.code, staff.password);
    const { venue } = await makeVenue(c, { n: 1 });
    const coachId = await makeCoach(e.server, staff.orgId, uniq('周教练').slice(0, 20));
    const courseId = await approvedCourse(c, reviewer, venue.id, 120_000);
    // Today's lesson began a minute ago (the desk's dialog lists the day's lessons).
    const classId = await makeClass(c, courseId, coachId, 10, { firstStart: new Date(Date.now() - 60_000), count: 1 });
    for (const name of names) {
      const m = await makeMember(e.server, staff.orgId, { name });
      const [row] = await e.server.database.query<{ member_no: string }>(`select member_no from sport_member where id = $1`, [m]);
      memberNos.push(row!.member_no);
      const seat = await ok(c, 'POST', '/api/sport/course/class/enrol', { classId, memberId: m });
      // A seat checks in once its order is paid.
      await ok(c, 'POST', `/api/sport/commerce/order/${seat.orderId}/pay`, { method: 'cash', amountFen: 120_000 });
    }
    const type = await ok(c, 'POST', '/api/sport/course/package/type', { courseId, name: '十次课包', lessons: 10, priceFen: 150_000, validityDays: 180 });
    const holder = await makeMember(e.server, staff.orgId, { name: uniq('王课包').slice(0, 16) });
    const sold = await ok(c, 'POST', '/api/sport/course/package/sell', { typeId: type.id, memberId: holder });
    await ok(c, 'POST', `/api/sport/commerce/order/${sold.orderId}/pay`, { method: 'cash', amountFen: sold.amountFen });
    packageId = sold.packageId;
  }, 180_000);
  afterAll(async () => e?.close());

  // Skipped: the check-in call succeeds from the dialog, but the dialog's success path (clear the field,
  // reload the list) has not been seen to run yet; the list then never shows the member. To fix, then unskip.
  it('checks a member in by member number from the attendance screen; the coach page, packages and a package detail; both languages and themes', async () => {
    // The browser's clock is in Los Angeles: the desk's "today" is still the venue's (Beijing) day.
    const b = await browserAs(e, staff, LIST, { timezoneId: 'America/Los_Angeles' });
    const { page } = b;
    // Signed in (the form's answer) before anything reloads the page.
    await page.getByTestId('courseAttendance-page').waitFor();
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
        await page.getByTestId('courseAttendance-table').waitFor();
        await page.getByTestId('courseAttendance-checkIn').click();
        await page.getByRole('dialog').waitFor();
        await page.getByTestId('courseAttendance-checkIn-lesson').click();
        await page.locator('.ant-select-item-option').first().click();
        await page.getByTestId('courseAttendance-checkIn-value').fill(memberNos[i]!);
        await screenshot(page, `course-attendance-checkin-${lang}-${theme}`);
        await page.getByTestId('courseAttendance-checkIn-ok').click();
        await page.getByTestId('courseAttendance-table').getByText(names[i]!).waitFor();
        // The same member again: refused, the list still has them once.
        await page.getByTestId('courseAttendance-checkIn-value').fill(memberNos[i]!);
        await page.getByTestId('courseAttendance-checkIn-ok').click();
        await page
          .getByText(lang === 'zh-CN' ? '该会员本节课已签到' : 'The member has checked into this lesson already')
          .first()
          .waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        expect(await page.getByTestId('courseAttendance-table').getByText(names[i]!).count()).toBe(1);
        await screenshot(page, `course-attendance-list-${lang}-${theme}`);

        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`${e.baseUrl}${COACH}`);
        await page.getByTestId('courseAttendance-coach-roster').getByText(names[0]!).waitFor();
        await screenshot(page, `course-attendance-coach-${lang}-${theme}`);
        await page.setViewportSize({ width: 1440, height: 900 });

        await page.goto(`${e.baseUrl}${PACKAGES}`);
        await page.getByTestId('memberClassPackage-table').getByText('十次课包').waitFor();
        await screenshot(page, `course-attendance-packages-${lang}-${theme}`);
        await page.goto(`${e.baseUrl}/sport/views/trainingCourse/memberClassPackage/detail/${packageId}`);
        await page.getByTestId('memberClassPackage-left').getByText('10 / 10').waitFor();
        await screenshot(page, `course-attendance-package-${lang}-${theme}`);
      }
    } catch (err) {
      await screenshot(page, 'course-attendance-failed');
      throw err;
    } finally {
      await b.close();
    }
  }, 240_000);
});
