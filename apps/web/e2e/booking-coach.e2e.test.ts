import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../server/test/harness.ts';
import { makeUser, signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { approvedCourse, makeClass } from '../../server/src/modules/sport/course/course.testkit.ts';
import { allDay, approvedGroup, makeCoach } from '../../server/src/modules/sport/sparring/sparring.testkit.ts';
import { addDays, instantOf } from '../../server/src/modules/sport/venue/index.ts';
import { booking, today } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { adminApi, bookForMemberIn, cellState, gridTomorrow, setTheme, settledShot, startE2E, uniq, venueDesk, type E2E, type OwnBrowser } from './support.ts';

/**
 * The booking screen's coach step and "view course" dialog (issue 26): a site booked for a member
 * with a coach free at that time, in one order (the site line and the coach's hours, paid once);
 * a cell a course lesson holds shows purple and opens the lesson's course, class, coach and seats.
 * Photographed in the light and the dark theme.
 */
const MENUS = [
  'home',
  'sport.venue.reserve',
  'sport.venue.manage',
  'sport.venue.list',
  'sport.order',
  'sport.sparring.list',
  'sport.sparring.prices',
  'sport.sparring.audit',
  'sport.course.management',
  'sport.course.classes',
  'sport.course.lessons',
];
const commerce = (p: string) => `/api/sport/commerce/${p}`;

async function ok<T = any>(c: Client, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

describe('booking with a coach, and the view-course dialog', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];
  beforeAll(async () => {
    e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  it('books a site with a free coach for a member: one order of both lines; a lesson cell opens its course', async () => {
    const { page, api, venue, sites, staff } = await venueDesk(e, open, MENUS, { n: 2, priceFen: 6000 });
    const admin = await adminApi(e);
    const second = await makeUser(admin, staff.orgId, { roleIds: [staff.roleId], password: staff.password, code: uniq('e2e_') });
    const reviewer = await signIn(e.server, second.code, staff.password);
    await approvedGroup(api, reviewer, allDay(20_000));
    const atVenue = async (name: string) => {
      const id = await makeCoach(e.server, staff.orgId, 'senior', name);
      await e.server.database.query(`update sport_coach set venue_ids = $1::jsonb where id = $2`, [JSON.stringify([venue.id]), id]);
      return id;
    };
    const coachId = await atVenue('王教练');
    const lessonCoach = await atVenue('李教练');
    const member = await ok<{ id: number }>(api, 'POST', '/api/sport/member', { name: '钱七', phone: '13812345678' });
    const day = addDays(today(venue.timeZone), 1);
    // A lesson of a course on site 2 at 18:00 tomorrow (its site claimed for the lesson).
    const courseId = await approvedCourse(api, reviewer, venue.id, 30_000);
    const courseName = (await ok<{ name: string }>(api, 'GET', `/api/sport/course/${courseId}`)).name;
    const classId = await makeClass(api, courseId, lessonCoach, 12);
    const startsAt = instantOf(day, 18 * 60, venue.timeZone)!;
    await ok(api, 'POST', '/api/sport/course/lesson', {
      classId,
      siteId: sites[1]!.id,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    });

    await setTheme(page, 'light');
    await gridTomorrow(e, page, sites[0]!.id, day);
    await page.getByTestId(`cell-${sites[0]!.id}-10:00`).click();
    await page.getByTestId(`cell-${sites[0]!.id}-11:00`).click();
    await page.getByTestId('booking-book').click();
    await bookForMemberIn(page, '1381234', '钱七');
    // The coach step: the free coaches of the venue for 10:00–12:00 with their price (the lesson's coach too: the lesson is at 18:00).
    await page.getByTestId(`booking-coach-${coachId}`).waitFor();
    await expect.poll(() => page.getByTestId('booking-coach-step').textContent()).toContain('400.00');
    await page.getByTestId(`booking-coach-${coachId}`).click();
    await expect.poll(() => page.getByTestId('booking-coach-total').getAttribute('data-fen')).toBe(String(12_000 + 40_000));
    await settledShot(page, 'booking-coach-step-light');
    await page.getByTestId('booking-form-ok').click();
    // One order: paid once for the site and the coach.
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('52000');
    await page.getByTestId('pay-method-cash').click();
    await page.locator('#pay-form_received').fill('520');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => cellState(page, sites[0]!.id, '10:00')).toBe('booked');

    const plan = await ok<{ bookings: { orderId: number; memberId: number }[] }>(api, 'POST', booking('plan'), { stadiumId: venue.id, date: day });
    const orderId = plan.bookings.find((b) => b.memberId === member.id)!.orderId;
    const order = await ok<{ items: { kind: string; refId: number; amountFen: number }[]; paidFen: number }>(api, 'GET', commerce(`order/${orderId}`));
    expect(order.items.map((i) => i.kind).sort()).toEqual(['sparring', 'venue']);
    expect(order.items.find((i) => i.kind === 'sparring')).toMatchObject({ refId: coachId, amountFen: 40_000 });
    expect(order.paidFen).toBe(52_000);
    // The booking's detail lists the order's lines, the coach among them.
    await page.getByTestId(`cell-${sites[0]!.id}-10:00`).click();
    await page.getByTestId('cell-detail').click();
    await expect.poll(() => page.locator('body').textContent(), { timeout: 15_000 }).toContain('王教练');
    await settledShot(page, 'booking-coach-order-light');

    // The lesson's cell: purple, and a click opens the view-course dialog.
    await gridTomorrow(e, page, sites[0]!.id, day);
    const cell = page.getByTestId(`cell-${sites[1]!.id}-18:00`);
    await expect.poll(() => cell.getAttribute('data-course')).not.toBeNull();
    expect(await cell.textContent()).toContain(courseName);
    await cell.click();
    await page.getByTestId('view-course').waitFor();
    expect(await page.getByTestId('view-course-name').textContent()).toBe(courseName);
    expect(await page.getByTestId('view-course-coach').textContent()).toBe('李教练');
    expect(await page.getByTestId('view-course-time').textContent()).toContain(`${day} 18:00–19:00`);
    expect(await page.getByTestId('view-course-seats').getAttribute('data-capacity')).toBe('12');
    await settledShot(page, 'booking-view-course-light');
    await page.getByTestId('view-course-close').click();

    // Dark theme, English: the same cell and dialog read.
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await gridTomorrow(e, page, sites[0]!.id, day);
    await expect.poll(() => page.getByTestId(`cell-${sites[1]!.id}-18:00`).getAttribute('data-course')).not.toBeNull();
    await settledShot(page, 'booking-grid-course-dark');
    await page.getByTestId(`cell-${sites[1]!.id}-18:00`).click();
    await page.getByTestId('view-course').waitFor();
    await settledShot(page, 'booking-view-course-dark');
    // The way to the lesson in all lessons.
    await page.getByTestId('view-course-open').click();
    await page.waitForURL(/totalSchedulingAttempts/);
    // All lessons opens on that day with the lesson's drawer.
    await page.getByTestId('lesson-drawer').getByText(courseName).first().waitFor();
    await setTheme(page, 'light');
  });
});
