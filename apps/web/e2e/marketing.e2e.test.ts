import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAs, makeStaff, setTheme, settledShot, startE2E, type E2E, type OwnBrowser } from './support.ts';

/**
 * Marketing campaigns (issue 28): a first-booking campaign added in the campaign screen's drawer is
 * listed with its state and its budget (¥0.00 used of ¥500.00); its detail page shows the budget;
 * the screens in English and the dark theme.
 */
const CAMPAIGNS = '/sport/views/operatManagement/marketingManagement/index';

describe('campaign console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  it('adds a first-booking campaign in the drawer and sees it listed, running, with its budget; the detail shows it', async () => {
    const staff = await makeStaff(e, ['home', 'sport.marketing.management']);
    const b = await browserAs(e, staff, CAMPAIGNS);
    open.push(b);
    const page = b.page;
    await page.goto(`${e.baseUrl}${CAMPAIGNS}`);
    const name = `首单立减${Date.now().toString(36).slice(-4)}`;
    await page.getByTestId('campaign-add').click();
    await page.getByTestId('campaign-kind-firstBooking').click();
    await page.locator('#campaign-form_name').fill(name);
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await page.locator('#campaign-form_validFrom').fill(from);
    await page.locator('#campaign-form_validFrom').press('Enter');
    await page.locator('#campaign-form_validTo').fill(to);
    await page.locator('#campaign-form_validTo').press('Enter');
    await page.locator('#campaign-form_budgetFen').fill('500');
    await page.locator('#campaign-form_offValue').fill('15');
    await settledShot(page, 'campaign-drawer-zh-light');
    await page.getByTestId('campaign-form-ok').click();
    const row = page.locator('[data-testid=campaign-table] tbody tr').filter({ hasText: name });
    await row.first().waitFor();
    const text = await row.first().innerText();
    expect(text).toContain('首单优惠');
    expect(text).toContain('进行中');
    expect(text).toContain('¥0.00 / ¥500.00');
    expect(text).toContain('− ¥15.00');
    await settledShot(page, 'campaign-list-zh-light');

    await row.first().getByTestId('campaign-row-detail').click();
    await page.getByTestId('campaign-detail').waitFor();
    await expect.poll(() => page.getByTestId('campaign-detail-used').innerText()).toContain('¥0.00 / ¥500.00');
    await settledShot(page, 'campaign-detail-zh-light');

    // English, dark: the same list in the other language and theme.
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await page.goto(`${e.baseUrl}${CAMPAIGNS}`);
    const en = page.locator('[data-testid=campaign-table] tbody tr').filter({ hasText: name });
    await en.first().waitFor();
    expect(await en.first().innerText()).toContain('Running');
    await page.getByTestId('campaign-add').click();
    await page.getByTestId('campaign-kind-rechargeBonus').click();
    await settledShot(page, 'campaign-drawer-en-dark');
  });
});
