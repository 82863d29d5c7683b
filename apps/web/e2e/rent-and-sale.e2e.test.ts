import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Client } from '../../server/test/harness.ts';
import { addDays } from '../../server/src/modules/sport/venue/index.ts';
import { today } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { TICKET_KEYS, gaSession } from '../../server/src/modules/sport/ticket/ticket.testkit.ts';
import {
  scanBarcode,
  cellState,
  gridTomorrow,
  setTheme,
  settledShot,
  startE2E,
  uniq,
  venueDesk,
  type E2E,
  type OwnBrowser,
  type VenueDesk,
} from './support.ts';

/**
 * The rent and sale screen (issue 27, goodsMangement/rentAndSale): at the counter a racket is
 * scanned, rented for two hours and a bottle of water sold with it, paid in cash in the pay dialog
 * (rent, price and deposit together); the rental is listed as out; a return of one racket on time
 * shows the server's quote (the whole deposit back) and refunds it; a second, overdue and damaged,
 * keeps the late fee and the damage from the deposit, as the ledger says.
 */
const RENT = '/sport/views/goodsMangement/rentAndSale/index';
const MENUS = [
  'home',
  'sport.goods.list',
  'sport.goods.stockFlow',
  'sport.goods.rentAndSale',
  'sport.order.main',
  'sport.order.rentAndSell',
  'sport.member.list',
  'sport.venue.manage',
  'sport.venue.list',
  'sport.venue.reserve',
  ...TICKET_KEYS,
];

async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

describe('rent and sale console', () => {
  let e: E2E;
  let d: VenueDesk;
  let page: Page;
  const open: OwnBrowser[] = [];
  const racketName = uniq('租赁球拍').slice(0, 30);
  const waterName = uniq('矿泉水').slice(0, 30);
  const barcode = `68${String(Date.now()).slice(-11)}`;
  const waterBarcode = `69${String(Date.now()).slice(-11)}`;
  let racketId = 0;
  let waterId = 0;

  beforeAll(async () => {
    e = await startE2E();
    d = await venueDesk(e, open, MENUS);
    page = d.page;
    const racket = await ok<{ id: number }>(d.api, 'POST', '/api/sport/goods', {
      name: racketName,
      barcode,
      unit: '支',
      priceFen: 89_900,
      rentHourFen: 1_500,
      depositFen: 30_000,
      lateFeeHourFen: 1_000,
    });
    const water = await ok<{ id: number }>(d.api, 'POST', '/api/sport/goods', { name: waterName, barcode: waterBarcode, unit: '瓶', priceFen: 300 });
    racketId = racket.id;
    waterId = water.id;
    await ok(d.api, 'POST', '/api/sport/goods/stock/in', { goodsId: racketId, stadiumId: d.venue.id, quantity: 4, remark: '租赁用拍' });
    await ok(d.api, 'POST', '/api/sport/goods/stock/in', { goodsId: waterId, stadiumId: d.venue.id, quantity: 24, remark: '进货' });
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const rentalRow = () => page.locator('[data-testid=goodsRental-table] tbody tr').filter({ hasText: racketName });
  const toast = (text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

  it('rents two rackets for two hours and sells a bottle of water at the counter, paid in cash with the deposit', async () => {
    await page.goto(`${e.baseUrl}${RENT}`);
    await page.getByTestId('goodsRental-counter').click();
    await page.getByTestId('counter').waitFor();
    // The racket by the scanner, typed as a keyboard-wedge scanner types.
    await page.locator('.ant-drawer-body').click({ position: { x: 20, y: 400 } });
    await scanBarcode(page, barcode);
    const racketLine = page.locator('[data-testid=counter] tbody tr').filter({ hasText: racketName });
    await racketLine.waitFor();
    await racketLine.getByText('租借').click();
    await racketLine.getByRole('spinbutton', { name: '租期' }).fill('2');
    await racketLine.getByRole('spinbutton', { name: '数量' }).fill('2');
    // The water by its name.
    await page.locator('#counter-goods').fill(waterName.slice(0, 8));
    await page.locator('.ant-select-item-option').filter({ hasText: waterName }).click();
    await page.locator('[data-testid=counter] tbody tr').filter({ hasText: waterName }).waitFor();
    // 2 × 2 h × 15.00 rent, 2 × 300.00 deposit, 3.00 water.
    await expect.poll(() => page.getByTestId('counter-sums').innerText()).toContain('¥600.00');
    expect(await page.getByTestId('counter-sums').innerText()).toContain('¥60.00');
    await settledShot(page, 'rent-counter-light');
    await page.getByTestId('counter-submit').click();

    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe(String(6_000 + 60_000 + 300));
    await page.getByTestId('pay-method-cash').click();
    await page.locator('#pay-form_received').fill('700');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });

    await rentalRow().waitFor();
    await expect.poll(() => rentalRow().getByTestId('rental-out').getAttribute('data-out')).toBe('2');
    expect(await rentalRow().innerText()).toContain('租出中');
    const stock = await ok<{ onHand: number }>(d.api, 'GET', `/api/sport/goods/${racketId}`);
    expect(stock.onHand).toBe(2);
    await settledShot(page, 'rent-list-light');
  });

  it('returns one racket on time, from the rent and sale tab of the order list: the quote gives the whole deposit back and the refund is made', async () => {
    await page.goto(`${e.baseUrl}/sport/views/orderManagement/rentAndSell`);
    const order = page.locator('[data-testid=order-rentAndSell-table] tbody tr').filter({ hasText: racketName }).first();
    await order.getByTestId('order-rentAndSell-row-rentalReturn').click();
    await page.waitForURL(/rentAndSale\/index\?orderNo=/);
    await rentalRow().getByTestId('goodsRental-row-return').click();
    await page.getByTestId('rental-return').waitFor();
    await page.locator('#rental-return_quantity').fill('1');
    await expect.poll(() => page.getByTestId('rental-quote').getAttribute('data-refund')).toBe('30000');
    expect(await page.getByTestId('rental-quote').getAttribute('data-charge')).toBe('0');
    await page.getByTestId('rental-return-ok').click();
    await toast('退回押金 ¥300.00').waitFor();
    await expect.poll(() => rentalRow().getByTestId('rental-out').getAttribute('data-out')).toBe('1');
  });

  it('returns the other racket late and damaged: the late fee and the damage are kept from its deposit', async () => {
    const [r] = (await ok<{ data: { id: number; orderId: number }[] }>(d.api, 'POST', '/api/sport/goods/rental/list', { keyword: racketName })).data;
    // Due three hours ago (as if rented five hours ago), via the database the test server owns.
    await e.server.database.query(`update sport_goods_rental set due_at = now() - interval '2 hours 30 minutes' where id = $1`, [r!.id]);
    await page.goto(`${e.baseUrl}${RENT}`);
    await expect.poll(() => rentalRow().getByTestId('rental-due').getAttribute('data-overdue')).toBe('1');
    await setTheme(page, 'dark');
    await settledShot(page, 'rent-list-dark');
    await rentalRow().getByTestId('goodsRental-row-return').click();
    await page.getByTestId('rental-return').waitFor();
    await page.locator('#rental-return_damagedQty').fill('1');
    await page.locator('#rental-return_damageYuan').fill('50');
    // 3 hours begun × 10.00 + 50.00 damage kept; 300.00 − 80.00 back.
    await expect.poll(() => page.getByTestId('rental-quote').getAttribute('data-charge')).toBe('8000');
    expect(await page.getByTestId('rental-quote').getAttribute('data-refund')).toBe('22000');
    await settledShot(page, 'rent-return-dark');
    await page.getByTestId('rental-return-ok').click();
    await toast('退回押金 ¥220.00').waitFor();
    await setTheme(page, 'light');
    await expect.poll(() => rentalRow().innerText()).toContain('已归还');
    const ledger = await e.server.database.query<{ n: string }>(
      `select sum(case when side = 'credit' then amount_fen else -amount_fen end) as n from sport_ledger_entry where order_id = $1 and account = 'goodsDeposit'`,
      [r!.orderId],
    );
    expect(Number(ledger[0]!.n)).toBe(0);
  });

  it('sells two scanned bottles of water with a booking at the grid: one order, paid once, the water leaves the shelf', async () => {
    const site = d.sites[0]!;
    const before = (await ok<{ onHand: number }>(d.api, 'GET', `/api/sport/goods/${waterId}`)).onHand;
    const tomorrow = addDays(today(d.venue.timeZone), 1);
    await gridTomorrow(e, page, site.id, tomorrow);
    await expect.poll(() => cellState(page, site.id, '10:00')).toBe('free');
    await page.getByTestId(`cell-${site.id}-10:00`).click();
    await page.getByTestId('booking-grid').focus();
    await page.mouse.move(5, 890);
    await page.keyboard.press('Enter');
    await page.getByTestId('booking-goods').waitFor();
    // Two bottles scanned in the booking dialog: one line of two.
    await scanBarcode(page, waterBarcode);
    await expect.poll(() => page.getByRole('spinbutton', { name: `${waterName} 的数量` }).inputValue()).toBe('1');
    await scanBarcode(page, waterBarcode);
    await expect.poll(() => page.getByRole('spinbutton', { name: `${waterName} 的数量` }).inputValue()).toBe('2');
    await expect.poll(() => page.getByTestId('booking-goods-total').getAttribute('data-fen')).toBe('600');
    await settledShot(page, 'booking-goods-light');
    await page.getByTestId('booking-form-ok').click();
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe(String(5_000 + 600));
    await page.getByTestId('pay-method-cash').click();
    await page.locator('#pay-form_received').fill('56');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await expect.poll(() => cellState(page, site.id, '10:00')).toBe('booked');
    const water = await ok<{ onHand: number }>(d.api, 'GET', `/api/sport/goods/${waterId}`);
    expect(water.onHand).toBe(before - 2);
  });

  it('sells scanned water and rents a racket with two tickets at the ticket sale screen: one order, the water and the rental on it', async () => {
    const before = (await ok<{ onHand: number }>(d.api, 'GET', `/api/sport/goods/${waterId}`)).onHand;
    const ga = await gaSession(d.api, 50, 8_000, { name: uniq('音乐会'), venueId: d.venue.id });
    await page.goto(`${e.baseUrl}/sport/views/ticketManagement/sellTicket/index`);
    await page.getByTestId('ticket-sell-session').click();
    await page.locator('.ant-select-item-option').filter({ hasText: ga.project.name }).click();
    await page.getByTestId('ticket-sell-ga-level').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '普通票' }).click();
    await page.getByTestId('ticket-sell-ga-quantity').fill('2');
    // The water scanned at the sale screen.
    await scanBarcode(page, waterBarcode);
    await expect.poll(() => page.getByTestId('ticket-sell-goods-total').getAttribute('data-fen')).toBe('300');
    // A racket for the evening: two hours of rent and its deposit, on the same order.
    await page.locator('#ticket-sell-rent-pick').fill(racketName.slice(0, 8));
    await page.locator('.ant-select-item-option').filter({ hasText: racketName }).click();
    await page.getByRole('spinbutton', { name: `${racketName} 的租用时长` }).fill('2');
    const rentFen = 2 * 1_500 + 30_000;
    await expect.poll(() => page.getByTestId('ticket-sell-rent-total').getAttribute('data-fen')).toBe(String(rentFen));
    await settledShot(page, 'ticket-sell-rent-light');
    await page.getByTestId('ticket-sell-submit').click();
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe(String(2 * 8_000 + 300 + rentFen));
    await page.getByTestId('pay-method-cash').click();
    await page.locator('#pay-form_received').fill(String((2 * 8_000 + 300 + rentFen) / 100));
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    const water = await ok<{ onHand: number }>(d.api, 'GET', `/api/sport/goods/${waterId}`);
    expect(water.onHand).toBe(before - 1);
    // The racket is out on the tickets' order, to be returned at the rent and sale desk.
    const rentals = await ok<{ data: { goodsId: number; state: string; duration: number; basis: string }[] }>(d.api, 'POST', '/api/sport/goods/rental/list', {
      state: 'out',
    });
    expect(rentals.data.filter((r) => r.goodsId === racketId)).toEqual([expect.objectContaining({ state: 'out', basis: 'hour', duration: 2 })]);
  });
});
