import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STATISTICS_SCREENS } from '@venue/contract';
import { axeViolations, demoManager, pickSeatedSession, type E2E, type OwnBrowser } from './support.ts';

/**
 * Accessibility of the business screens (issue 25): with the demo venue's data, as its manager,
 * axe-core finds no serious or critical violation of WCAG 2 A and AA on the screens the front desk
 * and the office use all day, in the light and the dark theme. One file per theme
 * (a11y.e2e.test.ts, a11y-dark.e2e.test.ts): the browser suite runs two files at once, and the
 * longest file bounds its time.
 */
const SALE = '/sport/views/ticketManagement/sellTicket/index';
const SCREENS = [
  ['booking grid', '/sport/views/venueReserve/index'],
  ['workbench', '/sport/views/workBench/index'],
  ['ticket sale', SALE],
  ['member list', '/sport/views/member/memberList/index'],
  ['order list', '/sport/views/orderManagement/mainOrder'],
  ['card list', '/sport/views/member/memberCard/index'],
  ['venue list', '/sport/views/venueManagementList/index'],
  ['capital flow', '/sport/views/financeCapitalFlow'],
  ['refund review', '/sport/views/refundList/refundReview'],
  ['goods list', '/sport/views/goodsMangement/goodsList/index'],
  ['goods categories', '/sport/views/goodsMangement/classify/index'],
  ['stock flow', '/sport/views/goodsMangement/stockFlow/index'],
  ['rent and sale', '/sport/views/goodsMangement/rentAndSale/index'],
  ['equipment list', '/sport/views/equipmentManage/equipmentList/index'],
  ['gate access personnel', '/sport/views/equipmentManage/gateAccessPersonnel/index'],
  ['gate access log', '/sport/views/equipmentManage/gateAccessLog/index'],
  ['golf bays', '/sport/views/equipmentManage/golfPositionView/index'],
  ['bracelet log', '/sport/views/equipmentManage/braceletLog/index'],
  ['sports registration', '/sport/views/orderManagement/sportsRegistration/entry/index'],
  ['pickup records', '/sport/views/operatManagement/pickupRecords/index'],
  ['invoices', '/sport/views/invoiceManagement/index'],
  ['daily close', '/sport/views/clearingSettlement/closIngMangement/index'],
  ['reconciliation', '/sport/views/clearingSettlement/reconciliation/index'],
  ['third-party clearing', '/sport/views/clearingSettlement/thirdPartyClearing/index'],
  ['coupons', '/sport/views/operatManagement/couponManagement/index'],
  ['returned coupons', '/sport/views/refundList/returnBillAndCoupon'],
  ['tripartite agency', '/sport/views/clearingSettlement/tripartiteAgency/index'],
  ['liquidation report', '/sport/views/clearingSettlement/liquidationReport/index'],
  ['settlement report', '/sport/views/clearingSettlement/settlementReport/index'],
  ['campaigns', '/sport/views/operatManagement/marketingManagement/index'],
  ['sports news', '/sport/views/content/sportsNews/index'],
  ['comments', '/sport/views/content/comments/index'],
  ['advertising', '/sport/views/content/advertising/index'],
  ['banners', '/sport/views/content/banner/index'],
  ['platform agreement', '/sport/views/platformAgreement/index'],
  ['system rule', '/sport/views/systemRule/index'],
  ['news', '/sport/views/notification/news/index'],
  ['add a notice', '/sport/views/notification/notices/add'],
  ['dashboard', '/sport/views/dashboard/index'],
  ...Object.keys(STATISTICS_SCREENS).map((name) => [`statistics ${name}`, `/sport/views/statistics/${name}/index`] as const),
  ['feedback', '/sport/views/content/feedback/index'],
  ['work orders', '/sport/views/content/workOrder/index'],
  ['event reporting', '/sport/views/eventReporting/index'],
  ['queued number', '/sport/views/queuedNumber/index'],
  ['page settings', '/sport/views/pageSettings/index'],
  ['display links', '/sport/views/largeScreen/links'],
  ['weekly operations reports', '/sport/views/operatManagement/weeklyOperationsReport/index'],
  ['final reports', '/sport/views/operatManagement/finalReport/index'],
  // The demo's first report: last week's weekly report (sport/ops-report's demo seeds it first).
  ['weekly report detail', '/sport/views/operatManagement/weeklyOperationsReport/detail/1'],
] as const;

/** Opens a screen in a theme and waits until its data is in and its transitions are over. */
export async function openIn(page: Page, url: string, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((th) => localStorage.setItem('theme', th), theme);
  await page.goto(url);
  await page.getByTestId('screen-content').waitFor();
  await page.waitForLoadState('networkidle');
  // Nothing loading: a button or table spinning is a state in passing, not the screen.
  await page.waitForFunction(() => !document.querySelector('.ant-btn-loading, .ant-spin-spinning'));
  await page.waitForTimeout(800);
}

/** Every screen of SCREENS in `theme`, checked by axe as the demo manager; `extra` adds tests on the same server. */
export function screensIn(theme: 'light' | 'dark', extra?: (ctx: () => { e: E2E; b: OwnBrowser }) => void): void {
  describe(`business screens have no serious or critical accessibility violation (${theme} theme)`, () => {
    let e: E2E;
    let b: OwnBrowser;
    beforeAll(async () => {
      ({ e, b } = await demoManager());
    }, 180_000);
    afterAll(async () => {
      await b?.close();
      await e?.close();
    });
    extra?.(() => ({ e, b }));
    it.each(SCREENS)('%s', async (_name, path) => {
      await openIn(b.page, `${e.baseUrl}${path}`, theme);
      if (path === SALE) await pickSeatedSession(b.page);
      expect(await axeViolations(b.page)).toEqual([]);
    });
  });
}
