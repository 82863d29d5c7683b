import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Client } from '../../server/test/harness.ts';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { pay } from '../../server/src/modules/sport/commerce/commerce.testkit.ts';
import { gaSession, ok, ticketApi } from '../../server/src/modules/sport/ticket/ticket.testkit.ts';
import { addDistributor, feedDoc, feedServer } from '../../server/src/modules/sport/ticket/distribution/distribution.testkit.ts';
import { browserAs, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * Ticket distribution at the console (issue 13): a distributor added through its screen and given
 * a general-admission quota; a distributor's feed (served by a local HTTP server) previewed and a
 * project pulled, then listed as an external item; the sales statistics with their chart. Each
 * test works as the staff of an organisation of its own.
 */
const DISTRIBUTORS = '/sport/views/ticketManagement/distributor/index';
const EXTERNAL = '/sport/views/ticketManagement/projects/externalItem';
const STATS = '/sport/views/ticketManagement/projectSalesStatistics/index';
const PACKAGES = '/sport/views/ticketManagement/packageTicket/index';
/** The distribution screens, the projects (sessions made through the API) and the sale screen (its session reads feed the quota dialog). */
const MENUS = [
  'home',
  'sport.ticket.project',
  'sport.ticket.sell',
  'sport.ticket.distributor',
  'sport.ticket.externalItem',
  'sport.ticket.projectSalesStatistics',
  'sport.ticket.package',
  'sport.order.main',
];

describe('ticket distribution console', () => {
  let e: E2E;
  let feeds: Awaited<ReturnType<typeof feedServer>>;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    // The feed server listens on 127.0.0.1: the outbound allow list names it.
    e = await startE2E({ JOB_HTTP_ALLOW: '127.0.0.1' });
    feeds = await feedServer({});
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await feeds?.close();
    await e?.close();
  });

  const desk = async (timezoneId?: string): Promise<{ api: Client; page: Page }> => {
    const staff = await makeStaff(e, MENUS);
    const api = await signIn(e.server, staff.code, staff.password);
    const b = await browserAs(e, staff, '/login', { timezoneId });
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    return { api, page: b.page };
  };

  it('adds a distributor through its screen and gives it 40 tickets of a general-admission level', async () => {
    const { api, page } = await desk();
    const ga = await gaSession(api, 100, 6000, { name: uniq('音乐节') });
    const name = uniq('分销商');
    await page.goto(`${e.baseUrl}${DISTRIBUTORS}`);
    await page.getByTestId('distributor-add').click();
    await page.locator('#distributor-form_name').fill(name);
    await page.locator('#distributor-form_phone').fill('13800000009');
    await page.locator('#distributor-form_commissionPct').fill('12.5');
    await page.getByTestId('distributor-form-ok').click();
    const row = page.getByTestId('distributor-table').locator('tr', { hasText: name });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('12.5%');

    await row.getByTestId('distributor-row-quotas').click();
    const drawer = page.getByTestId('distributor-quotas');
    await drawer.waitFor();
    await page.locator('#quota-form_sessionId').click();
    await page.locator('.ant-select-item-option').filter({ hasText: ga.project.name }).click();
    await page.locator('#quota-form_levelId').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '普通票' }).click();
    await page.locator('#quota-form_quantity').fill('40');
    await page.getByTestId('quota-give').click();
    const quotaRow = drawer.getByTestId('quota-table').locator('tr', { hasText: ga.project.name });
    await quotaRow.waitFor();
    await expect.poll(() => quotaRow.locator('td').allTextContents()).toEqual(expect.arrayContaining(['40', '0']));
    await screenshot(page, 'ticket-distribution-quota');
    // The level has 60 left for the box office; the distributor's 40 are its own.
    expect(await ok(api, 'GET', ticketApi(`level/${ga.levelId}`))).toMatchObject({ quota: 60, available: 60 });
    const quotas = await ok(api, 'POST', ticketApi('dist-quota/list'), {});
    expect(quotas.data.map((q: { distributorName: string; quota: number }) => [q.distributorName, q.quota])).toEqual([[name, 40]]);
  });

  it("previews a distributor's feed, pulls a project and lists it as an external item with its source and stock", async () => {
    const { api, page } = await desk();
    const path = `/${uniq('feed')}.json`;
    feeds.routes[path] = feedDoc([
      {
        id: 'MX-1',
        name: '城市马拉松',
        levels: [
          [18000, 120],
          [28000, 30],
        ],
      },
      { id: 'MX-2', name: '草莓音乐节', levels: [[38000, 500]] },
    ]);
    const d = await addDistributor(api, { name: uniq('飞猪'), feedUrl: feeds.url(path) });
    await page.goto(`${e.baseUrl}${DISTRIBUTORS}`);
    const row = page.getByTestId('distributor-table').locator('tr', { hasText: d.name });
    await row.getByTestId('distributor-row-feed').click();
    const feedRow = page.getByTestId('feed-table').locator('tr', { hasText: '城市马拉松' });
    await feedRow.waitFor();
    expect(await feedRow.textContent()).toContain('150');
    await feedRow.locator('input[type="checkbox"]').check();
    await screenshot(page, 'ticket-distribution-feed');
    await page.getByTestId('feed-pull').click();
    await page.getByText('新拉取 1 个').waitFor();

    await page.goto(`${e.baseUrl}${EXTERNAL}`);
    const item = page.getByTestId('externalItem-table').locator('tr', { hasText: '城市马拉松' });
    await item.waitFor();
    expect(await item.textContent()).toContain(feeds.url(path));
    // The distributor sells meanwhile: Refresh takes the new stock.
    feeds.routes[path] = feedDoc([{ id: 'MX-1', name: '城市马拉松', levels: [[18000, 7]] }]);
    await page.getByTestId('externalItem-refresh-stock').click();
    await expect.poll(() => item.locator('td').allTextContents()).toContain('7');
    const items = await ok(api, 'POST', ticketApi('external-item/list'), {});
    expect(items.data.map((i: { externalId: string; stock: number }) => [i.externalId, i.stock])).toEqual([['MX-1', 7]]);
  });

  it('sells two packages of two sessions on the package screen and one on the sale screen, and takes cash: one ticket of each part per package', async () => {
    const { api, page } = await desk();
    const a = await gaSession(api, 30, 6000, { name: uniq('半决赛') });
    const b = await gaSession(api, 30, 4000, { name: uniq('决赛') });
    const name = uniq('联票');
    const pkg = await ok(api, 'POST', ticketApi('package'), { name, priceFen: 8000, stock: 10, parts: [{ levelId: a.levelId }, { levelId: b.levelId }] });
    await page.goto(`${e.baseUrl}${PACKAGES}`);
    const row = page.getByTestId('ticketPackage-table').locator('tr', { hasText: name });
    await row.waitFor();
    await row.getByTestId('ticketPackage-row-sell').click();
    await page.locator('#package-sell_quantity').fill('2');
    await page.getByTestId('package-sell-ok').click();
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('16000');
    await page.getByTestId('pay-method-cash').click();
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await ok(api, 'GET', ticketApi(`package/${pkg.id}`))).sold).toBe(2);
    expect(await ok(api, 'GET', ticketApi(`level/${a.levelId}`))).toMatchObject({ sold: 2 });
    expect(await ok(api, 'GET', ticketApi(`level/${b.levelId}`))).toMatchObject({ sold: 2 });
    await expect.poll(() => row.locator('td').allTextContents()).toContain('8');

    // The sale screen sells a package too (its own order, paid in its own dialog).
    await page.goto(`${e.baseUrl}/sport/views/ticketManagement/sellTicket/index`);
    await page.getByTestId('ticket-sell-package').click();
    await page.getByTestId('ticket-sell-package-pick').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
    await page.getByTestId('ticket-sell-package-ok').click();
    await page.getByTestId('package-sell-ok').click();
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('8000');
    await page.getByTestId('pay-method-cash').click();
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await expect.poll(async () => (await ok(api, 'GET', ticketApi(`package/${pkg.id}`))).sold).toBe(3);
    expect(await ok(api, 'GET', ticketApi(`level/${b.levelId}`))).toMatchObject({ sold: 3 });
  });

  it("shows the sales statistics with a chart: figures of the console and the distributor sales made; the distributor's sales list its paid order and its settlement of the venue's month", async () => {
    // A browser in Los Angeles: the settlement's month is Beijing's, whatever the laptop's clock says.
    const { api, page } = await desk('America/Los_Angeles');
    const ga = await gaSession(api, 50, 5000, { name: uniq('篮球赛') });
    const d = await addDistributor(api, { name: uniq('携程') });
    const q = await ok(api, 'POST', ticketApi('dist-quota'), { distributorId: d.id, levelId: ga.levelId, quantity: 10 });
    const console1 = await ok(api, 'POST', ticketApi('order'), { sessionId: ga.session.id, levelId: ga.levelId, quantity: 2 });
    expect((await pay(api, console1.orderId, { method: 'cash', amountFen: console1.amount })).code).toBe(0);
    const viaDist = await ok(api, 'POST', ticketApi(`distributor/${d.id}/order`), { quotaId: q.id, quantity: 3 });
    expect((await pay(api, viaDist.orderId, { method: 'cash', amountFen: viaDist.amount })).code).toBe(0);

    await page.goto(`${e.baseUrl}${STATS}`);
    await page.getByTestId('stats-chart').locator('canvas').first().waitFor();
    await expect.poll(() => page.getByTestId('stats-count').textContent()).toContain('5');
    expect(await page.getByTestId('stats-amount').textContent()).toContain('250.00');
    await page.getByRole('tab', { name: '按分销商' }).click();
    const distRow = page.getByTestId('stats-table').locator('tr', { hasText: d.name });
    await distRow.waitFor();
    expect(await distRow.locator('td').allTextContents()).toEqual([d.name, '3', '¥150.00']);
    await page.getByRole('tab', { name: '按渠道' }).click();
    await page.getByTestId('stats-table').locator('tr', { hasText: '分销' }).waitFor();
    const sessionRow = page.getByTestId('stats-sessions').locator('tr', { hasText: ga.project.name });
    // 50: 2 sold at the box office and 3 by the distributor, 7 of the distributor's unsold, 38 free.
    expect((await sessionRow.locator('td').allTextContents()).slice(3)).toEqual(['5', '0', '7', '38']);
    await screenshot(page, 'ticket-distribution-stats');
    // The distributor's own sales: the paid order with its commission rate.
    await page.goto(`${e.baseUrl}${DISTRIBUTORS}`);
    await page.getByTestId('distributor-table').locator('tr', { hasText: d.name }).getByTestId('distributor-row-more').click();
    await page.getByTestId('distributor-row-sales').click();
    const sale = page.getByTestId('distributor-sales').locator('tr', { hasText: viaDist.orderNo });
    await sale.waitFor();
    expect(await sale.textContent()).toContain('已支付');
    expect(await sale.textContent()).toContain('10%');
    await page.keyboard.press('Escape');

    // Settlement: this month at the venue, from its first midnight in Beijing.
    const asked = page.waitForRequest((r) => r.url().endsWith('/distributor/settlement'));
    await page.getByTestId('distributor-settlement').click();
    const period = (await asked).postDataJSON() as { from: string; to: string };
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date());
    expect(period.from).toBe(new Date(`${month}-01T00:00:00+08:00`).toISOString());
    const settled = page.getByTestId('settlement-table').locator('tr', { hasText: d.name });
    await settled.waitFor();
    // 3 tickets at ¥50 through the distributor, 10% of it its commission: ¥135 due.
    expect(await settled.locator('td').allTextContents()).toEqual([d.name, '10%', '1', '3', '¥150.00', '¥0.00', '¥15.00', '¥135.00']);
  });
});
