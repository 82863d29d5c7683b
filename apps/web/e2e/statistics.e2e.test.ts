import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../server/test/harness.ts';
import { deliverOrderEvents, seedCommerceJobs } from '../../server/src/modules/sport/commerce/commerce.testkit.ts';
import { browserAs, makeStaff, setTheme, settledShot, startE2E, type E2E, type OwnBrowser } from './support.ts';

/**
 * The home dashboard (issue 31): a sale paid through the commerce calls reaches today's revenue
 * card once its event is delivered, without a reload (the screen refreshes by itself), the trend's table view lists
 * it by item kind; the screen in both themes.
 */
const DASHBOARD = '/sport/views/dashboard/index';

describe('statistics dashboard', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];
  beforeAll(async () => {
    e = await startE2E();
    // The queue job that delivers commerce's events (the statistics' source), shipped at a real start.
    await seedCommerceJobs(e.server.database.db);
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  it('shows a payment on today’s revenue card without a reload, the trend as a table, in light and dark', async () => {
    const staff = await makeStaff(e, ['home', 'sport.statistics.dashboard', 'sport.order.main']);
    const b = await browserAs(e, staff, DASHBOARD);
    open.push(b);
    const page = b.page;
    await page.goto(`${e.baseUrl}${DASHBOARD}`);
    const revenue = page.getByTestId('stats-today-revenueFen');
    await expect.poll(() => revenue.innerText()).toContain('¥0.00');

    const api = new Client(e.server);
    expect((await api.login(staff.code, staff.password)).code).toBe(0);
    const order = await api.json('POST', '/api/sport/commerce/order', {
      body: { type: 'general', items: [{ kind: 'general', name: '毛巾', unitPriceFen: 1_250 }] },
    });
    expect(order.code, order.msg).toBe(0);
    expect((await api.json('POST', `/api/sport/commerce/order/${order.body.id}/pay`, { body: { method: 'cash', amountFen: 1_250 } })).code).toBe(0);
    // Delivered as the scheduler's delivery job would (this test server's scheduler started before the job was shipped).
    await deliverOrderEvents(e.server, order.body.id);
    await expect.poll(() => revenue.innerText(), { timeout: 15_000 }).toContain('¥12.50');

    await page.getByTestId('stats-view').getByText('表格').click();
    await expect.poll(() => page.getByTestId('stats-days').innerText()).toContain('商品/服务');
    await settledShot(page, 'dashboard-zh-light');

    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await expect.poll(() => page.getByTestId('stats-today-revenueFen').innerText()).toContain('¥12.50');
    await expect.poll(() => page.getByTestId('stats-kinds').innerText()).toContain('Goods and services');
    await settledShot(page, 'dashboard-en-dark');
  });
});
