import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoManager, settledShot, type E2E, type OwnBrowser } from './support.ts';

/**
 * The daily close (issue 29, clearingSettlement/closIngMangement) as the demo manager sees it: a
 * month of the demo venue's closes up to today, the newest three open; yesterday's detail (totals by
 * method and by kind) signed off in the drawer; yesterday closed again from the toolbar answers its close.
 */
const CLOSES = '/sport/views/clearingSettlement/closIngMangement/index';

describe('daily close console', () => {
  let e: E2E;
  let b: OwnBrowser;
  let page: Page;
  beforeAll(async () => {
    ({ e, b } = await demoManager());
    page = b.page;
    page.setDefaultTimeout(15_000);
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await e?.close();
  });

  const rows = () => page.locator('[data-testid=settlementClose-table] tbody tr.ant-table-row');
  const drawer = () => page.getByTestId('close-detail');

  it('lists a month of closes, the newest open; yesterday’s is signed off in the drawer and stays signed', async () => {
    await page.goto(`${e.baseUrl}${CLOSES}`);
    await rows().first().waitFor();
    expect(await rows().count()).toBeGreaterThanOrEqual(10);
    expect(await rows().nth(1).innerText()).toContain('未签核');
    await page.getByTestId('settlementClose-row-detail').nth(1).click();
    await drawer().waitFor();
    await page.getByTestId('close-by-method').waitFor();
    await page.getByTestId('close-by-kind').waitFor();
    await settledShot(page, 'settlement-close-detail-light');
    await page.getByTestId('close-sign').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.locator('.ant-message-notice').filter({ hasText: '已签核' }).first().waitFor();
    await expect.poll(() => drawer().innerText()).toContain('已签核');
    await page.getByTestId('close-sign').waitFor({ state: 'detached' });
    await page.locator('.ant-drawer-close').click();
    await expect.poll(() => rows().nth(1).innerText()).toContain('已签核');
  });

  it('closes a day from the toolbar: the same close opens, signed', async () => {
    await page.getByTestId('settlementClose-close').click();
    await page.locator('#settlement-close_date').waitFor();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-message-notice').filter({ hasText: '已日结' }).first().waitFor();
    await drawer().waitFor();
    await expect.poll(() => drawer().innerText()).toContain('已签核');
  });
});
