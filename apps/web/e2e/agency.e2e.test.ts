import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoManager, setTheme, settledShot, type E2E, type OwnBrowser } from './support.ts';

/**
 * Tripartite agency (issue 29, clearingSettlement) as the demo manager sees it: the demo contract
 * and a new one whose shares start from the venue's service contract; the liquidation report's
 * statements (paid, approved, draft), last week's marked paid in the drawer; the settlement
 * report's parties; then the screens in English and dark.
 */
const CONTRACTS = '/sport/views/clearingSettlement/tripartiteAgency/index';
const LIQUIDATION = '/sport/views/clearingSettlement/liquidationReport/index';
const SETTLEMENT = '/sport/views/clearingSettlement/settlementReport/index';

describe('tripartite agency console', () => {
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

  const rows = (key: string) => page.locator(`[data-testid=${key}-table] tbody tr.ant-table-row`);
  const drawer = () => page.getByTestId('agency-statement-detail');

  it('lists the demo contract and adds one, its shares filled in for the venue', async () => {
    await page.goto(`${e.baseUrl}${CONTRACTS}`);
    await rows('agencyContract').first().waitFor();
    expect(await rows('agencyContract').first().innerText()).toContain('动力体育运营有限公司');
    await page.getByTestId('agencyContract-add').click();
    await page.locator('#agencyContract-form_stadiumId').click();
    await page.locator('.ant-select-item-option').first().click();
    // The venue's defaults land in the shares (the venue takes what the platform does not).
    await expect.poll(() => page.locator('#agencyContract-form_venueBp').inputValue()).not.toBe('');
    await page.locator('#agencyContract-form_name').fill('夜场三方协议');
    await page.locator('#agencyContract-form_partnerName').fill('星光体育');
    await page.locator('#agencyContract-form_venueBp').fill('80');
    await page.locator('#agencyContract-form_platformBp').fill('5');
    await page.locator('#agencyContract-form_partnerBp').fill('15');
    await page.locator('#agencyContract-form_validFrom').click();
    await page.locator('.ant-picker-dropdown .ant-picker-today-btn, .ant-picker-dropdown .ant-picker-now-btn').first().click();
    await settledShot(page, 'agency-contract-form-light');
    await page.getByTestId('agencyContract-form-ok').click();
    await expect.poll(() => page.locator('[data-testid=agencyContract-table]').innerText()).toContain('夜场三方协议');
    expect(await page.locator('[data-testid=agencyContract-table]').innerText()).toContain('平台 5% · 场馆 80% · 合作方 15%');
    await settledShot(page, 'agency-contracts-light');
  });

  it('the liquidation report lists paid, approved and draft periods; last week is marked paid in the drawer', async () => {
    await page.goto(`${e.baseUrl}${LIQUIDATION}`);
    await rows('agencyStatement').first().waitFor();
    const text = await page.locator('[data-testid=agencyStatement-table]').innerText();
    for (const state of ['草稿', '已审核', '已付']) expect(text).toContain(state);
    const approved = rows('agencyStatement').filter({ hasText: '已审核' }).first();
    await approved.getByTestId('agencyStatement-row-detail').click();
    await drawer().waitFor();
    await page.getByTestId('agency-by-kind').waitFor();
    await settledShot(page, 'agency-statement-light');
    await page.getByTestId('agency-pay').click();
    await page.locator('#agency-pay_paymentRef').fill('TRF-E2E-0001');
    await page.getByTestId('agency-pay-ok').click();
    await page.locator('.ant-message-notice').filter({ hasText: '已标记为已付' }).first().waitFor();
    await expect.poll(() => page.getByTestId('agency-statement-state').innerText()).toBe('已付');
    await page.getByTestId('agency-pay').waitFor({ state: 'detached' });
    await page.locator('.ant-drawer-close').click();
    await expect.poll(() => page.locator('[data-testid=agencyStatement-table]').innerText()).toContain('TRF-E2E-0001');
  });

  it('the settlement report shows each party of each period; the same screens in English and dark', async () => {
    await page.goto(`${e.baseUrl}${SETTLEMENT}`);
    await rows('agencyParty').first().waitFor();
    const text = await page.locator('[data-testid=agencyParty-table]').innerText();
    for (const party of ['平台', '场馆', '合作方', '动力体育运营有限公司']) expect(text).toContain(party);
    await settledShot(page, 'agency-settlement-light');

    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await rows('agencyParty').first().waitFor();
    expect(await page.locator('[data-testid=agencyParty-table]').innerText()).toContain('Partner');
    await settledShot(page, 'agency-settlement-dark-en');
    await page.goto(`${e.baseUrl}${LIQUIDATION}`);
    await rows('agencyStatement').first().waitFor();
    await rows('agencyStatement').filter({ hasText: 'Draft' }).first().getByTestId('agencyStatement-row-detail').click();
    await drawer().waitFor();
    expect(await drawer().innerText()).toContain('Liquidation by item kind');
    await settledShot(page, 'agency-statement-dark-en');
    await page.locator('.ant-drawer-close').click();
    await page.goto(`${e.baseUrl}${CONTRACTS}`);
    await rows('agencyContract').first().waitFor();
    await settledShot(page, 'agency-contracts-dark-en');
  });

  it('the invoice screen sets its invoicing platform in a drawer; the secret is never shown, left empty it is kept', async () => {
    await page.goto(`${e.baseUrl}/sport/views/invoiceManagement/index`);
    await page.getByTestId('invoice-platform').click();
    await page.getByTestId('invoice-platform-form').waitFor();
    await expect.poll(() => page.locator('#invoice-platform_gateway').inputValue()).toContain('http://127.0.0.1');
    expect(await page.locator('#invoice-platform_appSecret').inputValue()).toBe('');
    expect(await page.getByTestId('invoice-platform-form').innerText()).toContain('Set (leave empty to keep it)');
    await page.locator('#invoice-platform_sellerName').fill('示范体育中心（开票）');
    await settledShot(page, 'invoice-platform-dark-en');
    await page.getByTestId('invoice-platform-save').click();
    await page.locator('.ant-message-notice').filter({ hasText: 'Invoicing platform settings saved' }).first().waitFor();
  });
});
