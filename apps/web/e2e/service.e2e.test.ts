import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { makeOrg, makeUser, signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { booking, makeVenue, stadium, today } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { addDays } from '../../server/src/modules/sport/venue/index.ts';
import { adminApi, browserAs, makeStaff, screenshot, signedIn, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * Service management (spec 2.5 serviceManagement) and share order (venueReserve "share order
 * list"). The platform administrator edits a venue's service contract and sees it in the table,
 * with the venue's operators, shop and page, rules, cooperative toggle and (empty) API access; a
 * booking of three cells is paid in cash by three payers, one share each, until the order is
 * paid. Each test makes its own organisation and venue, so any test runs alone.
 */
const SERVICE = '/sport/views/serviceManagement/index';
const detailPath = (orderId: number) => `/sport/views/venueReserve/orderDetails/${orderId}`;
/** The booking screens (a booking's detail, taking payment) and my venue. */
const MENUS = ['home', 'sport.venue.reserve', 'sport.venue.manage', 'sport.order'];

const visible = (l: Locator) => l.filter({ visible: true });

/** Types a date into an antd picker and leaves it (Enter would also submit the dialog's form). */
async function typeDate(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.fill(text);
  await input.press('Tab');
}

describe('service management and share order', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  /** A screenshot once dialogs have finished opening or closing. */
  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(500);
    await screenshot(page, name);
  };
  const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const row = (page: Page, action: string, id: number) => page.locator(`[data-testid="venueService-row-${action}"][data-row-key="${id}"]`);
  /** A row action that sits under the row's "More" menu. */
  const more = async (page: Page, action: string, id: number) => {
    await page.locator(`[data-testid="venueService-row-more"][data-row-key="${id}"]`).hover();
    await visible(row(page, action, id)).click();
  };

  it("the platform administrator edits a venue's contract and sees it in the table", async () => {
    const admin = await adminApi(e);
    const platformId = (await admin.json('GET', '/api/auth/userInfo/0')).body.currentOrg.orgId as number;
    const org = await makeOrg(admin, platformId);
    const operator = await makeUser(admin, org.id, { code: uniq('op_'), name: uniq('前台'), mobile: '13900002222' });
    const name = uniq('云栖体育中心');
    const made = await admin.json('POST', stadium('insert'), {
      body: { orgId: org.id, stadiumName: name, address: '云栖路 1 号', longitude: 120.1, latitude: 30.2, phone: '0571-8888888', sportcatItems: ['tennis'] },
    });
    expect(made.code, made.msg).toBe(0);
    const id = made.body.id as number;
    // An open-API application of the venue's organisation, for the "api" dialog (before the browser signs the administrator in again).
    const appName = uniq('票务对接');
    const madeApp = await admin.json<{ appKey: string }>('POST', '/api/system/openApp', { body: { orgId: org.id, name: appName } });
    expect(madeApp.code, madeApp.msg).toBe(0);

    await signedIn(e);
    const { page } = e;
    page.setDefaultTimeout(15_000);
    await page.goto(`${e.baseUrl}${SERVICE}`);
    await page.locator('#venueService-search_stadiumName').fill(name);
    await page.getByTestId('venueService-search').click();
    await expect.poll(() => row(page, 'contract', id).count()).toBe(1);
    const tableRow = page.locator(`[data-testid="venueService-table"] tr[data-row-key="${id}"]`);
    await expect.poll(() => tableRow.textContent()).toContain('未签约');

    // The contract: an end before the start is refused in place; then saved.
    // The console counts days from the venue's day (its time zone, Asia/Shanghai by default), not the browser's.
    const localDay = today(made.body.timeZone ?? 'Asia/Shanghai');
    const start = addDays(localDay, -10);
    const end = addDays(localDay, 20);
    await row(page, 'contract', id).click();
    await page.locator('#venueContract-form_contractNo').fill('FW-2026-0099');
    await typeDate(page.locator('#venueContract-form_contractFrom'), start);
    await typeDate(page.locator('#venueContract-form_contractTo'), addDays(start, -1));
    await page.locator('#venueContract-form_commissionPercent').fill('5');
    await page.getByTestId('venueContract-form-ok').click();
    await visible(page.locator('.ant-form-item-explain-error', { hasText: '开始日' }))
      .first()
      .waitFor();
    await typeDate(page.locator('#venueContract-form_contractTo'), end);
    await shot(page, 'service-contract-form');
    await page.getByTestId('venueContract-form-ok').click();
    await toast(page, '保存成功').waitFor();
    await expect.poll(() => tableRow.textContent()).toContain('FW-2026-0099');
    await expect.poll(() => tableRow.textContent()).toContain('5%');
    const termCell = page.locator(`[data-testid="venueService-term"][data-row-key="${id}"]`);
    await expect.poll(() => termCell.getAttribute('data-state')).toBe('running');
    expect(await termCell.getAttribute('data-days')).toBe('20');
    expect(await termCell.textContent()).toContain('20 天后到期');
    await shot(page, 'service-list');

    // The venue's operators: the users of its organisation.
    await more(page, 'operators', id);
    await expect.poll(() => page.getByTestId('venueService-operators-table').textContent()).toContain(operator.code);
    expect(await page.getByTestId('venueService-operators-table').textContent()).toContain('13900002222');
    await shot(page, 'service-operators');
    await page.getByTestId('venueService-operators-close').click();

    // Shop and page: the shop switch, the address and the map link.
    await more(page, 'shop', id);
    await expect.poll(() => page.getByTestId('venueService-map').getAttribute('href')).toContain('mlat=30.2&mlon=120.1');
    expect(await page.getByTestId('venueService-page').textContent()).toContain('云栖路 1 号');
    await shot(page, 'service-shop');
    await page.getByTestId('venueService-shop-close').click();

    // Third-party access: the open-API applications of the venue's organisation (issue 25, point 9).
    await more(page, 'api', id);
    await expect.poll(() => page.getByTestId('venueService-api-table').textContent()).toContain('AppKey');
    const apps = page.getByTestId('venueService-api-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => apps.count()).toBe(1);
    expect(await apps.first().textContent()).toContain(appName);
    expect(await apps.first().textContent()).toContain(madeApp.body.appKey);
    await shot(page, 'service-api');
    await page.getByTestId('venueService-api-close').click();

    // The booking rules, saved (the dialog closes); the venue becomes cooperative.
    await row(page, 'rules', id).click();
    await page.locator('#venue-rules_advanceDays').fill('14');
    await shot(page, 'service-rules');
    await page.getByTestId('venue-rules-save').click();
    await page.getByTestId('venueService-rules').waitFor({ state: 'detached' });
    await more(page, 'cooperative', id);
    await page.getByTestId('confirm-ok').click();
    await toast(page, '已设为合作场馆').waitFor();
    // Signing in through the form ended every earlier session: the API signs in again.
    const saved = await (await adminApi(e)).json('GET', stadium(`list/${id}`));
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.body.rules.advanceDays).toBe(14);
    expect(saved.body.cooperative).toBe(true);
    // The contract, rules and cooperative saves sent only what they change: the phone is kept.
    expect(saved.body).toMatchObject({ contractNo: 'FW-2026-0099', contractFrom: start, contractTo: end, commissionPercent: 5, phone: '0571-8888888' });

    // The info drawer shows the venue read-only.
    await row(page, 'info', id).click();
    await expect.poll(() => page.getByTestId('venueService-info-detail').textContent()).toContain(name);
    expect(await page.getByTestId('venueService-info-detail').textContent()).toContain('FW-2026-0099');
    await shot(page, 'service-info');

    // In English and the dark theme.
    await page.evaluate(() => {
      localStorage.setItem('lang', 'en-US');
      localStorage.setItem('theme', 'dark');
    });
    await page.reload();
    await page.locator('#venueService-search_stadiumName').fill(name);
    await page.getByTestId('venueService-search').click();
    await expect.poll(() => tableRow.textContent()).toContain('Expires in 20 days');
    await shot(page, 'service-list-en-dark');
    await page.evaluate(() => {
      localStorage.setItem('lang', 'zh-CN');
      localStorage.setItem('theme', 'light');
    });
  });

  it('a booking of three cells is paid in cash by three payers: the order ends paid', async () => {
    const staff = await makeStaff(e, MENUS);
    const api = await signIn(e.server, staff.code, staff.password);
    const { venue, sites } = await makeVenue(api, { n: 3, priceFen: 3400 });
    const tomorrow = addDays(today(venue.timeZone), 1);
    const made = await api.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: tomorrow, items: sites.map((s) => ({ siteId: s.id, start: '10:00', end: '11:00' })), buyerName: '球队' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(made.code, made.msg).toBe(0);
    expect(made.body.amount).toBe(10200);

    const b = await browserAs(e, staff);
    open.push(b);
    const { page } = b;
    page.setDefaultTimeout(15_000);
    await page.waitForURL(/\/home/);
    await page.goto(`${e.baseUrl}${detailPath(made.body.orderId)}`);
    await page.getByTestId('booking-detail-share').click();
    await page.getByTestId('share-dialog').waitFor();
    const share = (i: number) => page.getByTestId(`share-row-${i}`);

    // Two payers by default; seven leave an odd fen, which the first share takes.
    await expect.poll(() => share(0).getAttribute('data-fen')).toBe('5100');
    await page.locator('#share-count').fill('7');
    await expect.poll(() => share(6).getAttribute('data-fen')).toBe('1457');
    expect(await share(0).getAttribute('data-fen')).toBe('1458');
    expect(await share(1).getAttribute('data-fen')).toBe('1457');
    await page.locator('#share-count').fill('3');
    await expect.poll(() => page.getByTestId('share-list').locator('tbody tr.ant-table-row').count()).toBe(3);
    for (const i of [0, 1, 2]) expect(await share(i).getAttribute('data-fen')).toBe('3400');
    const payers = ['张三', '李四', '王五'];
    for (const [i, who] of payers.entries()) await page.getByTestId(`share-name-${i}`).fill(who);
    await shot(page, 'share-order-split');

    // Each share in cash, through the pay dialog preset to it; the second payer hands over 50.
    for (const i of [0, 1, 2]) {
      await page.getByTestId(`share-pay-${i}`).click();
      await page.getByTestId('pay-dialog').waitFor();
      await expect.poll(() => page.locator('#pay-form_amount').inputValue()).toBe('34');
      await page.getByTestId('pay-method-cash').click();
      if (i === 1) {
        await page.locator('#pay-form_received').fill('50');
        await expect.poll(() => page.getByTestId('pay-change').getAttribute('data-fen')).toBe('1600');
        await shot(page, 'share-order-pay');
      }
      await page.getByTestId('pay-submit').click();
      await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId(`share-state-${i}`).getAttribute('data-value')).toBe('paid');
      if (i === 0) {
        // Once a share is paid the split is fixed.
        expect(await page.locator('#share-count').isDisabled()).toBe(true);
        await expect.poll(() => page.getByTestId('share-due').getAttribute('data-fen')).toBe('6800');
        await shot(page, 'share-order-one-paid');
      }
    }

    await page.getByTestId('share-done').waitFor();
    await expect.poll(() => page.getByTestId('share-dialog').getAttribute('data-state')).toBe('paid');
    const list = await page.getByTestId('share-payments').textContent();
    for (const who of payers) expect(list).toContain(who);
    expect(await page.getByTestId('share-payments').locator('tbody tr.ant-table-row').count()).toBe(3);
    await shot(page, 'share-order-paid');
    await page.getByTestId('share-close').click();
    await expect.poll(() => page.getByTestId('booking-detail-state').getAttribute('data-value')).toBe('paid');
    expect(await page.getByTestId('booking-detail-share').count()).toBe(0);

    const order = await api.json('GET', `/api/sport/commerce/order/${made.body.orderId}`);
    expect(order.body.state).toBe('paid');
    expect(order.body.payments.map((p: { amountFen: number; method: string; state: string }) => [p.amountFen, p.method, p.state])).toEqual([
      [3400, 'cash', 'succeeded'],
      [3400, 'cash', 'succeeded'],
      [3400, 'cash', 'succeeded'],
    ]);
  });
});
