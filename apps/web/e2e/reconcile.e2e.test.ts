import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoManager, settledShot, setTheme, type E2E, type OwnBrowser } from './support.ts';

/**
 * Reconciliation and third-party clearing (issue 29) as the demo manager sees them: yesterday's
 * WeChat Pay run with its two mismatches, the open one resolved with a note in Chinese and the light
 * theme; then, in English and the dark theme, money received recorded for the provider's day and the
 * difference shown.
 */
const RECONCILE = '/sport/views/clearingSettlement/reconciliation/index';
const CLEARING = '/sport/views/clearingSettlement/thirdPartyClearing/index';

describe('reconciliation and clearing console', () => {
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

  it('shows the run and its mismatches by class; the open one is resolved with a note', async () => {
    await page.goto(`${e.baseUrl}${RECONCILE}`);
    const rows = page.locator('[data-testid=settlementReconcile-table] tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.first().innerText()).toContain('微信支付');
    await page.getByTestId('settlementReconcile-row-detail').first().click();
    const table = page.getByTestId('reconcile-mismatches');
    await table.waitFor();
    await expect.poll(() => table.innerText()).toContain('渠道有、我方无');
    await settledShot(page, 'settlement-reconcile-light-zh');
    await page.locator('[data-testid^=reconcile-resolve-]').first().click();
    await page.locator('#settlement-resolve_note').fill('渠道活动期间费率调整，已确认');
    await settledShot(page, 'settlement-reconcile-resolve-light-zh');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-message-notice').filter({ hasText: '差异已处理' }).first().waitFor();
    await expect.poll(() => page.locator('[data-testid^=reconcile-resolve-]').count()).toBe(0);
    await expect.poll(() => table.innerText()).toContain('渠道活动期间费率调整');
  });

  it('records money received for the provider day, in English and the dark theme', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await page.goto(`${e.baseUrl}${CLEARING}`);
    const rows = page.locator('[data-testid=settlementClearing-table] tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.first().innerText()).toContain('WeChat Pay');
    await page.getByTestId('settlementClearing-row-receiveRow').first().click();
    await page.locator('#settlement-receipt_amountYuan').fill('12.34');
    await page.locator('#settlement-receipt_reference').fill('E2E-BANK-1');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-message-notice').filter({ hasText: 'Recorded' }).first().waitFor();
    await expect.poll(() => rows.first().innerText()).toContain('12.34');
    await settledShot(page, 'settlement-clearing-dark-en');
    await page.goto(`${e.baseUrl}${RECONCILE}`);
    await page.locator('[data-testid=settlementReconcile-table] tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('settlementReconcile-row-detail').first().click();
    await page.getByTestId('reconcile-mismatches').waitFor();
    await settledShot(page, 'settlement-reconcile-dark-en');
  });
});
