import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../server/test/harness.ts';
import { makeUser, signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { approvedCourse, makeClass, makeCoach, makeMember } from '../../server/src/modules/sport/course/course.testkit.ts';
import { makeVenue } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { adminApi, browserAs, makeStaff, screenshot, setTheme, startE2E, uniq, type E2E, type Staff } from './support.ts';

/**
 * Coach settlement at the console (issue 26): a settlement of a coach's October made through the
 * settlement screen, its lines with their formulas on the detail, approved by a second user and paid by
 * transfer there; the rates tab. Photographed in Chinese and light, English and dark.
 */
const LIST = '/sport/views/trainingCourse/coursePaymentSettlem/index';
const MENUS = ['home', 'sport.course.settlement', 'sport.course.management', 'sport.course.classes', 'sport.coach.list', 'sport.venue.list'];

async function ok<T = any>(c: Client, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

describe('coach settlement screens', () => {
  let e: E2E;
  let staff: Staff;
  let approver: Staff;
  const coachName = uniq('李教练').slice(0, 20);
  beforeAll(async () => {
    e = await startE2E();
    staff = await makeStaff(e, MENUS);
    const admin = await adminApi(e);
    const second = await makeUser(admin, staff.orgId, { roleIds: [staff.roleId], password: staff.password, code: uniq('e2e_') });
    approver = { ...staff, code: second.code, name: second.name };
    const c = await signIn(e.server, staff.code, staff.password);
    const reviewer = await signIn(e.server, second.code, staff.password);
    const { venue } = await makeVenue(c, { n: 1 });
    const coachId = await makeCoach(e.server, staff.orgId, coachName);
    const courseId = await approvedCourse(c, reviewer, venue.id, 120_000);
    const classId = await makeClass(c, courseId, coachId, 30);
    const members: number[] = [];
    for (let i = 0; i < 12; i++) members.push(await makeMember(e.server, staff.orgId));
    // Ten done lessons in October: 12 members at the first, 8 at the others.
    for (let i = 0; i < 10; i++) {
      const day = `2026-10-${String(i + 1).padStart(2, '0')}`;
      const [l] = await e.server.database.query<{ id: string }>(
        `insert into sport_course_lesson (org_id, class_id, coach_id, starts_at, ends_at, state) values ($1, $2, $3, $4, $5, 'done') returning id`,
        [staff.orgId, classId, coachId, `${day}T02:00:00Z`, `${day}T03:00:00Z`],
      );
      for (const m of members.slice(0, i === 0 ? 12 : 8))
        await e.server.database.query(
          `insert into sport_course_attendance (org_id, lesson_id, member_id, state, method) values ($1, $2, $3, 'present', 'desk')`,
          [staff.orgId, l!.id, m],
        );
    }
    await ok(c, 'POST', '/api/sport/course/coachRate', {
      coachId,
      scope: 'course',
      mode: 'attendee',
      lessonFen: 8000,
      freeAttendees: 10,
      attendeeFen: 500,
      effectiveFrom: '2026-01-01',
    });
    await ok(c, 'POST', '/api/sport/course/coachRate', {
      coachId,
      scope: 'sparring',
      mode: 'share',
      sharePermille: 400,
      minFen: 10_000,
      effectiveFrom: '2026-01-01',
    });
  }, 180_000);
  afterAll(async () => e?.close());

  it('makes a settlement on the screen, shows its formula; another user approves and pays it there; both languages and themes', async () => {
    const maker = await browserAs(e, staff);
    let detailUrl: string;
    try {
      const { page } = maker;
      await setTheme(page, 'light');
      await page.goto(`${e.baseUrl}${LIST}`);
      // The screen's chunk loads first (slow on a loaded machine).
      await page.getByTestId('coachSettlement-add').waitFor({ timeout: 90_000 });
      await page.getByTestId('coachSettlement-add').click();
      await page.getByRole('dialog').waitFor();
      await page.locator('#coachSettlement-form_coachId').click();
      await page.locator('.ant-select-item-option').filter({ hasText: coachName }).click();
      await page.locator('#coachSettlement-form_remark').fill('十月课酬');
      await page.locator('#coachSettlement-form_fromDay').click();
      await page.locator('#coachSettlement-form_fromDay').fill('2026-10-01');
      await page.keyboard.press('Enter');
      await page.locator('#coachSettlement-form_toDay').click();
      await page.locator('#coachSettlement-form_toDay').fill('2026-10-31');
      await screenshot(page, 'course-settlement-add-zh-CN-light');
      // Enter on the last field submits the complete form.
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      const row = page.getByTestId('coachSettlement-table').locator('tr', { hasText: coachName });
      await row.waitFor();
      // 10 lessons × ¥80 + 2 attendees over 10 × ¥5 = ¥810.
      expect(await row.innerText()).toContain('810');
      await screenshot(page, 'course-settlement-list-zh-CN-light');
      await row.locator('a').first().click();
      await page.getByTestId('coachSettlement-detail').waitFor();
      detailUrl = page.url();
      await page.getByTestId('coachSettlement-lines').getByText('10 节 × ¥80 + 2 名超出 10 人的学员 × ¥5').waitFor();
      expect(await page.getByTestId('coachSettlement-detail-state').innerText()).toBe('草稿');
      await screenshot(page, 'course-settlement-detail-zh-CN-light');
      await page.goto(`${e.baseUrl}${LIST}`);
      await page.getByRole('tab', { name: '课酬标准' }).click();
      await page.getByTestId('coachRate-table').getByText('营收的 40% (保底 ¥100)').waitFor();
      await screenshot(page, 'course-settlement-rates-zh-CN-light');
    } finally {
      await maker.close();
    }

    const other = await browserAs(e, approver);
    try {
      const { page } = other;
      await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
      await setTheme(page, 'dark');
      await page.goto(detailUrl);
      await page.getByTestId('coachSettlement-lines').waitFor({ timeout: 90_000 });
      await page.getByTestId('coachSettlement-lines').getByText('10 lessons × ¥80 + 2 attendees over 10 × ¥5').waitFor();
      await page.getByTestId('coachSettlement-detail-approve').click();
      await page.getByTestId('coachSettlement-approve-ok').click();
      await page.getByTestId('coachSettlement-detail-pay').waitFor();
      expect(await page.getByTestId('coachSettlement-detail-state').innerText()).toBe('Approved');
      // The pointer left where the confirm was can rest on the tab bar and open its menu over the button.
      await page.mouse.move(720, 880);
      await page.getByTestId('coachSettlement-detail-pay').click();
      await page.getByRole('dialog').getByText('Transfer', { exact: true }).waitFor();
      await page.locator('#coachSettlement-pay_payRef').fill('BANK-2026-10');
      await screenshot(page, 'course-settlement-pay-en-US-dark');
      await page.getByTestId('coachSettlement-pay-ok').click();
      await page.getByTestId('coachSettlement-detail-state').getByText('Paid').waitFor();
      expect(await page.getByTestId('coachSettlement-detail-info').innerText()).toContain('BANK-2026-10');
      expect(await page.getByTestId('coachSettlement-detail-approve').count()).toBe(0);
      expect(await page.getByTestId('coachSettlement-detail-pay').count()).toBe(0);
      await screenshot(page, 'course-settlement-detail-en-US-dark');
      await page.goto(`${e.baseUrl}${LIST}`);
      await page.getByTestId('coachSettlement-table').getByText('Paid', { exact: true }).waitFor();
      await screenshot(page, 'course-settlement-list-en-US-dark');
    } finally {
      await other.close();
    }
  }, 420_000);
});
