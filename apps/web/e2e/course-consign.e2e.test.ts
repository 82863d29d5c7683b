import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoManager, screenshot, setTheme, type E2E, type OwnBrowser } from './support.ts';

/**
 * Consignment courses at the console (issue 26), on the demo centre as its manager sees it: the demo
 * partner Blue Dolphin Swim School's camp with two seats paid this month (¥3,360, of which ¥968 is the
 * partner's: 30% less ¥20 a seat); a partner added on the partners tab and given to a course in course
 * management; the partner's statement. Photographed in Chinese and light, English and dark.
 */
const SCREEN = '/sport/views/trainingCourse/consignmentCourse/index';
const COURSES = '/sport/views/trainingCourse/courseManagement/index';

describe('consignment course screens', () => {
  let e: E2E;
  let b: OwnBrowser;
  beforeAll(async () => {
    ({ e, b } = await demoManager());
  }, 240_000);
  afterAll(async () => {
    await b?.close();
    await e?.close();
  });

  it("shows the demo camp's revenue and the partner's share; adds a partner and consigns a course to it; the statement in English and dark", async () => {
    const { page } = b;
    await setTheme(page, 'light');
    await page.goto(`${e.baseUrl}${SCREEN}`);
    const courses = page.getByTestId('courseConsign-courses');
    const camp = courses.locator('tr', { hasText: '蓝海豚少儿游泳营' });
    await camp.waitFor({ timeout: 90_000 });
    const text = await camp.innerText();
    expect(text).toContain('蓝海豚游泳学校');
    expect(text).toContain('3,360');
    expect(text).toContain('968');
    expect(text).toContain('2,392');
    await screenshot(page, 'course-consign-courses-zh-CN-light');

    // A new partner on the partners tab.
    await page.getByRole('tab', { name: '合作机构' }).click();
    await page.getByTestId('coursePartner-add').click();
    await page.getByRole('dialog').waitFor();
    await page.locator('#coursePartner-form_name').fill('飞鹰网球学院');
    await page.locator('#coursePartner-form_contact').fill('周宁');
    await page.locator('#coursePartner-form_sharePercent').fill('40');
    await page.locator('#coursePartner-form_seatFeeYuan').fill('10');
    await screenshot(page, 'course-consign-partner-add-zh-CN-light');
    await page.getByTestId('coursePartner-form-ok').click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const added = page.getByTestId('coursePartner-table').locator('tr', { hasText: '飞鹰网球学院' });
    await added.waitFor();
    expect(await added.innerText()).toContain('40%');

    // Course management: the badminton course is given to the new partner and shows as consigned.
    await page.goto(`${e.baseUrl}${COURSES}`);
    const row = page.getByTestId('course-table').locator('tr', { hasText: '成人羽毛球提高' });
    await row.waitFor({ timeout: 90_000 });
    await row.getByTestId('course-row-edit').click();
    await page.getByRole('dialog').waitFor();
    await page.locator('#course-form_partnerId').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '飞鹰网球学院' }).click();
    await page.getByTestId('course-form-ok').click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await row.getByText('飞鹰网球学院').waitFor();
    expect(await row.innerText()).toContain('寄售');
    await screenshot(page, 'course-consign-course-zh-CN-light');

    // The demo partner's statement, in English and dark.
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await page.goto(`${e.baseUrl}${SCREEN}`);
    await camp.waitFor({ timeout: 90_000 });
    await camp.getByText('Statement').click();
    const lines = page.getByTestId('courseConsign-lines');
    await lines.waitFor();
    expect(await lines.locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await page.getByTestId('courseConsign-statement-partner-total').innerText()).toContain('968');
    await screenshot(page, 'course-consign-statement-en-US-dark');
  }, 420_000);
});
