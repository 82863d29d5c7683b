import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Client } from '../../server/test/harness.ts';
import { grantMenus } from '../../server/test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn, uniq } from '../../server/src/modules/system/admin.testkit.ts';
import { COMMERCE_KEYS, pay, sellGeneral } from '../../server/src/modules/sport/commerce/commerce.testkit.ts';
import { VENUE_KEYS, booking, dayTimeZone, hourAhead, makeVenue, plusHour, today } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { adminApi, axeViolations, browserAs, startE2E, type E2E, type OwnBrowser } from './support.ts';

/**
 * The operator home (issue 25, point 11): a venue manager's cards with the day's bookings and
 * takings by method, a layout of their own (hide, reload, reset), favourite screens in the top bar,
 * and the capital flow's takings view (point 8). Each test works in an organisation of its own.
 */
const SHOTS = path.resolve(import.meta.dirname, 'screenshots');
const MANAGER_MENUS = ['home', ...VENUE_KEYS, ...COMMERCE_KEYS];

async function keep(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const value = (page: Page, testId: string) => page.getByTestId(testId).first().getAttribute('data-value');

describe('operator home', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  /** A venue manager of a new organisation in a time zone where it is day now; the API signed in as them. */
  const manager = async () => {
    const admin = await adminApi(e);
    const info = await admin.json('GET', '/api/auth/userInfo/0');
    const tz = dayTimeZone();
    const org = await makeOrg(admin, info.body.currentOrg.orgId, { timeZone: tz });
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, MANAGER_MENUS);
    const password = 'Kq7mWz2Lpx';
    const user = await makeUser(admin, org.id, { roleIds: [role.id], password, code: uniq('e2e_') });
    const api = await signIn(e.server, user.code, password);
    return { tz, api, who: { code: user.code, password } };
  };
  const browser = async (who: { code: string; password: string }) => {
    const b = await browserAs(e, who);
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    return b.page;
  };
  const cashSale = async (api: Client, name: string, fen: number) => {
    const order = await sellGeneral(api, [{ name, unitPriceFen: fen }]);
    expect((await pay(api, order.id, { method: 'cash', amountFen: fen })).code).toBe(0);
  };

  it("the manager's home shows today's bookings with arrivals and the takings by method; a card opens its screen", async () => {
    const m = await manager();
    const { venue, sites } = await makeVenue(m.api, { timeZone: m.tz, priceFen: 6000 });
    const start = hourAhead(m.tz);
    const orders: { orderNo: string }[] = [];
    for (const site of sites.slice(0, 2)) {
      const r = await m.api.json('POST', booking('order'), {
        body: { stadiumId: venue.id, date: today(m.tz), items: [{ siteId: site.id, start, end: plusHour(start) }], buyerName: '韩梅梅' },
      });
      expect(r.code, r.msg).toBe(0);
      expect((await pay(m.api, r.body.orderId, { method: 'cash', amountFen: r.body.amount })).code).toBe(0);
      orders.push(r.body);
    }
    expect((await m.api.json('POST', booking('checkin'), { body: { code: orders[0]!.orderNo } })).code).toBe(0);
    await cashSale(m.api, '矿泉水', 300);
    const page = await browser(m.who);

    await page.getByTestId('home-card-booking.today').waitFor();
    await expect.poll(() => value(page, 'home-figure-booking.today-booked')).toBe('2');
    expect(await value(page, 'home-figure-booking.today-arrived')).toBe('1');
    expect(await value(page, 'home-figure-booking.today-expected')).toBe('1');
    expect(await value(page, 'home-figure-commerce.takings-method.cash')).toBe(String(2 * 6000 + 300));
    expect(await page.getByTestId('home-card-commerce.takings').textContent()).toContain('现金');
    expect(await page.getByTestId('home-figure-commerce.takings-net').textContent()).toContain('123.00');
    await keep(page, 'home-operator-zh-light');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('theme-switch').click();
    await expect.poll(() => page.evaluate(() => document.querySelector('[data-theme]')?.getAttribute('data-theme'))).toBe('dark');
    await keep(page, 'home-operator-zh-dark');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('theme-switch').click();

    await page.getByTestId('home-open-booking.today').click();
    await page.waitForURL(/\/sport\/views\/venueReserve/);
    expect(new URL(page.url()).searchParams.get('day')).toBe(today(m.tz));
  });

  it('a hidden card stays hidden after a reload; reset brings it back', async () => {
    const m = await manager();
    const page = await browser(m.who);
    await page.getByTestId('home-card-commerce.refunds').waitFor();
    await page.getByTestId('home-arrange').click();
    await page.getByTestId('home-arrange-toggle-commerce.refunds').click();
    await page.getByTestId('home-arrange-up-commerce.takings').click();
    await page.getByTestId('home-arrange-save').click();
    await page.getByTestId('home-arranger').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('home-card-commerce.refunds').count()).toBe(0);

    await page.reload();
    await page.getByTestId('home-card-commerce.takings').waitFor();
    expect(await page.getByTestId('home-card-commerce.refunds').count()).toBe(0);
    // The order saved: takings before bookings.
    const codes = await page.locator('[data-testid^="home-card-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(codes.indexOf('home-card-commerce.takings')).toBeLessThan(codes.indexOf('home-card-booking.today'));

    await page.getByTestId('home-arrange').click();
    expect(await page.getByTestId('home-arrange-commerce.refunds').getAttribute('data-hidden')).toBe('true');
    await page.getByTestId('home-arrange-reset').click();
    await page.getByTestId('home-card-commerce.refunds').waitFor();
    await page.reload();
    await page.getByTestId('home-card-commerce.refunds').waitFor();
  });

  it('a favourite screen added from the top bar is listed there and opens its screen', async () => {
    const m = await manager();
    const page = await browser(m.who);
    await page.goto(`${e.baseUrl}/sport/views/financeCapitalFlow`);
    await page.getByTestId('capital-tabs').waitFor();
    await page.getByTestId('favorites').click();
    await page.getByTestId('favorite-toggle').click();
    await page.locator('.ant-message-notice').filter({ hasText: '已收藏' }).first().waitFor();

    await page.goto(`${e.baseUrl}/home`);
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('favorites').click();
    const item = page.getByTestId('favorite-item').filter({ visible: true });
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain('资金流水');
    await item.click();
    await page.waitForURL(/\/sport\/views\/financeCapitalFlow/);
    await page.getByTestId('capital-tabs').waitFor();
  });

  it("the capital flow opens on the takings view: a cash sale is under cash, in the day's row and the totals; the ledger is the detail tab", async () => {
    const m = await manager();
    await cashSale(m.api, '羽毛球', 4500);
    const page = await browser(m.who);
    await page.goto(`${e.baseUrl}/sport/views/financeCapitalFlow`);
    const methods = page.getByTestId('takings-methods');
    await methods.waitFor();
    const cash = methods.locator('tr[data-row-key="cash"]');
    await expect.poll(() => cash.textContent()).toContain('现金');
    expect(await cash.textContent()).toContain('45.00');
    expect(await page.getByTestId('takings-total-taken').getAttribute('data-value')).toBe('4500');
    expect(await page.getByTestId('takings-days').locator('tr.ant-table-row').count()).toBe(1);
    await keep(page, 'capital-takings-zh-light');

    await page.getByTestId('capital-tab-ledger').click();
    await page.getByTestId('ledger-table').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('ledger');
  });
});
