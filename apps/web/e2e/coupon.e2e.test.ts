import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { today } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { addDays } from '../../server/src/modules/sport/venue/index.ts';
import { cellState, gridTomorrow, setTheme, settledShot, startE2E, venueDesk, type E2E, type OwnBrowser, type VenueDesk } from './support.ts';

/**
 * Coupons (issue 28): a template with a shared code made in the coupon management screen; the
 * booking dialog's coupon dialog takes the code and the pay dialog asks for the amount after the
 * discount; the template's detail counts the coupon held, then used once paid.
 */
const COUPONS = '/sport/views/operatManagement/couponManagement/index';
const MENUS = ['home', 'sport.coupon.management', 'sport.venue.reserve', 'sport.venue.manage', 'sport.venue.list', 'sport.order.main'];

describe('coupon console', () => {
  let e: E2E;
  let d: VenueDesk;
  let page: Page;
  const open: OwnBrowser[] = [];
  const code = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 16);
  const name = `满百减二十${code.slice(-4)}`;

  beforeAll(async () => {
    e = await startE2E();
    d = await venueDesk(e, open, MENUS, { n: 2, priceFen: 6000 });
    page = d.page;
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const row = () => page.locator('[data-testid=couponTemplate-table] tbody tr').filter({ hasText: name });

  it('adds a template with a shared code in the coupon management screen', async () => {
    await page.goto(`${e.baseUrl}${COUPONS}`);
    await page.getByTestId('couponTemplate-add').click();
    await page.locator('#couponTemplate-form_name').fill(name);
    await page.locator('#couponTemplate-form_code').fill(code.toLowerCase());
    await page.locator('#couponTemplate-form_valueFen').fill('20');
    await page.locator('#couponTemplate-form_thresholdFen').fill('100');
    await page.locator('#couponTemplate-form_totalLimit').fill('10');
    await page.locator('#couponTemplate-form_validDays').fill('30');
    await settledShot(page, 'coupon-template-form-light');
    await page.getByTestId('couponTemplate-form-ok').click();
    await row().first().waitFor();
    const text = await row().first().innerText();
    expect(text).toContain(code);
    expect(text).toContain('0 / 10');
  });

  it('books two hours with the code in the booking dialog’s coupon dialog: the pay dialog asks ¥100; the detail counts it held, then used', async () => {
    const [a] = d.sites;
    const tomorrow = addDays(today(d.venue.timeZone), 1);
    await gridTomorrow(e, page, a!.id, tomorrow);
    await expect.poll(() => cellState(page, a!.id, '10:00')).toBe('free');
    await page.getByTestId(`cell-${a!.id}-10:00`).click();
    await page.getByTestId(`cell-${a!.id}-11:00`).click();
    await page.getByTestId('booking-book').click();
    await page.locator('#booking-form_buyerName').fill('用券顾客');
    await page.getByTestId('booking-coupon-open').click();
    await page.getByTestId('booking-coupon-code').fill(code.toLowerCase());
    await settledShot(page, 'coupon-dialog-light');
    await page.getByTestId('booking-coupon-ok').click();
    await expect.poll(() => page.getByTestId('booking-coupon-picked').textContent()).toContain(code);
    await page.getByTestId('booking-form-ok').click();

    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('10000');
    // Held while it waits for payment (the detail in a second tab of the same console).
    const detail = await page.context().newPage();
    await detail.goto(`${e.baseUrl}${COUPONS}`);
    await detail.locator('[data-testid=couponTemplate-table] tbody tr').filter({ hasText: name }).getByTestId('couponTemplate-row-detail').click();
    await expect.poll(() => detail.getByTestId('coupon-stat-held').getAttribute('data-value')).toBe('1');

    await page.getByTestId('pay-method-cash').click();
    await page.locator('#pay-form_received').fill('100');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await expect.poll(() => cellState(page, a!.id, '10:00')).toBe('booked');

    await detail.reload();
    await expect.poll(() => detail.getByTestId('coupon-stat-used').getAttribute('data-value')).toBe('1');
    await expect.poll(() => detail.getByTestId('coupon-stat-held').getAttribute('data-value')).toBe('0');
    await settledShot(detail, 'coupon-detail-light');
    await detail.close();
  });

  it('shows the screen in the dark theme and in English', async () => {
    await setTheme(page, 'dark');
    await page.goto(`${e.baseUrl}${COUPONS}`);
    await row().first().waitFor();
    await settledShot(page, 'coupon-management-dark');
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await page.reload();
    await page.getByTestId('coupon-tab-coupons').waitFor();
    expect(await page.getByTestId('coupon-tab-templates').textContent()).toBe('Templates');
    await setTheme(page, 'light');
  });
});
