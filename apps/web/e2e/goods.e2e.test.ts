import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Client } from '../../server/test/harness.ts';
import { scanBarcode, setTheme, settledShot, startE2E, uniq, venueDesk, type E2E, type OwnBrowser, type VenueDesk } from './support.ts';

/**
 * The goods screens (issue 27, spec goodsMangement): a category and a goods item made at the
 * console, stocked in, its stock on the list and its movement with the balance on the stock flow;
 * an edit over a stale version shows the stale-edit dialog; a barcode scanner typing anywhere on
 * the list finds the item; a stock count below what pending orders hold is refused with the
 * server's message. The staff of an organisation of its own (with a venue) do it all.
 */
const LIST = '/sport/views/goodsMangement/goodsList/index';
const CLASSIFY = '/sport/views/goodsMangement/classify/index';
const FLOW = '/sport/views/goodsMangement/stockFlow/index';
const MENUS = ['home', 'sport.goods.list', 'sport.goods.classify', 'sport.goods.stockFlow', 'sport.venue.manage', 'sport.venue.list'];

async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body, headers: { 'Idempotency-Key': crypto.randomUUID() } });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

describe('goods console', () => {
  let e: E2E;
  let d: VenueDesk;
  let page: Page;
  const open: OwnBrowser[] = [];
  const category = uniq('球拍').slice(0, 20);
  const name = uniq('羽毛球拍').slice(0, 30);
  const barcode = `69${String(Date.now()).slice(-11)}`;
  let goodsId = 0;

  beforeAll(async () => {
    e = await startE2E();
    d = await venueDesk(e, open, MENUS);
    page = d.page;
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const row = () => page.locator(`[data-testid=goods-table] tbody tr`).filter({ hasText: name });
  const toast = (text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

  it('makes a category in the tree and a goods item in it, with a price and rental terms', async () => {
    await page.goto(`${e.baseUrl}${CLASSIFY}`);
    await page.getByTestId('goodsCategory-add').click();
    await page.locator('#goodsCategory-form_name').fill(category);
    await page.getByTestId('goodsCategory-form-ok').click();
    await page.locator('[data-testid=goodsCategory-table] tbody tr').filter({ hasText: category }).waitFor();

    await page.goto(`${e.baseUrl}${LIST}`);
    await page.getByTestId('goods-add').click();
    await page.locator('#goods-form_name').fill(name);
    await page.locator('#goods-form_categoryId').click();
    await page.locator('.ant-select-tree-title').filter({ hasText: category }).click();
    await page.locator('#goods-form_barcode').fill(barcode);
    await page.locator('#goods-form_unit').fill('支');
    await page.locator('#goods-form_priceFen').fill('899');
    await page.locator('#goods-form_rentHourFen').fill('15');
    await page.locator('#goods-form_depositFen').fill('300');
    await page.getByTestId('goods-form-ok').click();
    await row().waitFor();
    expect(await row().innerText()).toContain('¥899.00');
    expect(await row().innerText()).toContain(category);
    const found = await ok<{ data: { id: number; priceFen: number; rentHourFen: number; depositFen: number }[] }>(d.api, 'POST', '/api/sport/goods/page', {
      keyword: barcode,
    });
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ priceFen: 89_900, rentHourFen: 1_500, depositFen: 30_000 });
    goodsId = found.data[0]!.id;
  });

  it('stocks it in: the list shows the stock, the flow the movement with its balance', async () => {
    await page.goto(`${e.baseUrl}${LIST}`);
    await page.locator(`[data-testid=goods-row-stockIn][data-row-key="${goodsId}"]`).click();
    await page.locator('#goods-stock-in_quantity').fill('10');
    await page.locator('#goods-stock-in_remark').fill('首批到货');
    await page.getByTestId('goods-stock-in-ok').click();
    await toast(/结存 10/).waitFor();
    await expect.poll(() => row().getByTestId('goods-stock').getAttribute('data-available')).toBe('10');
    await settledShot(page, 'goods-list-light');

    await page.goto(`${e.baseUrl}${FLOW}`);
    const movement = page.locator('[data-testid=stockFlow-table] tbody tr').filter({ hasText: name }).first();
    await movement.waitFor();
    expect(await movement.innerText()).toContain('采购入库');
    expect(await movement.getByTestId('flow-qty').getAttribute('data-qty')).toBe('10');
    expect(await movement.getByTestId('flow-balance').getAttribute('data-balance')).toBe('10');
    await settledShot(page, 'goods-stock-flow-light');
    // Stock at a moment: now, the item has the 10 just stocked in.
    await page.getByTestId('stockFlow-stockAt').click();
    await page.getByTestId('goods-stock-at-query').click();
    await expect.poll(() => page.locator(`[data-testid=goods-stock-at-qty][data-goods="${goodsId}"]`).getAttribute('data-qty')).toBe('10');
    await page.keyboard.press('Escape');
    await setTheme(page, 'dark');
    await page.locator('[data-testid=stockFlow-table] tbody tr').filter({ hasText: name }).first().waitFor();
    await settledShot(page, 'goods-stock-flow-dark');
    await page.goto(`${e.baseUrl}${LIST}`);
    await row().waitFor();
    await settledShot(page, 'goods-list-dark');
    await setTheme(page, 'light');
  });

  it("the venue list's goods opens the venue's goods list: its goods with the stock in its warehouses", async () => {
    await page.goto(`${e.baseUrl}/sport/views/venueManagementList/index`);
    const venueRow = page.locator('[data-testid=venue-table] tbody tr').filter({ hasText: d.venue.stadiumName });
    await venueRow.waitFor();
    const inline = venueRow.locator(`button[data-testid=venue-row-goods]`);
    if (await inline.count()) await inline.click();
    else {
      await venueRow.locator('.ant-dropdown-trigger').click();
      await page.locator(`[data-testid=venue-row-goods][data-row-key="${d.venue.id}"]`).click();
    }
    await page.waitForURL(new RegExp(`goodsList/index\\?stadiumId=${d.venue.id}`));
    await expect.poll(() => page.getByTestId('goods-at-venue').innerText()).toContain(d.venue.stadiumName);
    await expect.poll(() => row().getByTestId('goods-stock').getAttribute('data-available')).toBe('10');
    await page.getByTestId('goods-venue-clear').click();
    await expect.poll(() => page.getByTestId('goods-at-venue').count()).toBe(0);
  });

  it('an edit over a version someone else changed shows the stale-edit dialog', async () => {
    await page.goto(`${e.baseUrl}${LIST}`);
    await row().waitFor();
    await page.locator(`[data-testid=goods-row-edit][data-row-key="${goodsId}"]`).click();
    await page.locator('#goods-form_unit').waitFor();
    const fresh = await ok<{ version: number }>(d.api, 'GET', `/api/sport/goods/${goodsId}`);
    await ok(d.api, 'PUT', `/api/sport/goods/${goodsId}`, { remark: '另一位店员改过', version: fresh.version });
    await page.locator('#goods-form_unit').fill('把');
    await page.getByTestId('goods-form-ok').click();
    await page.getByTestId('goods-form-stale').waitFor();
    await page.getByTestId('goods-form-reload').click();
    await expect.poll(() => page.locator('#goods-form_remark').inputValue()).toBe('另一位店员改过');
    await page.getByTestId('goods-form-cancel').click();
  });

  it('a barcode scanner typing anywhere on the list finds the item', async () => {
    await page.goto(`${e.baseUrl}${LIST}`);
    await row().waitFor();
    await page.locator('body').click({ position: { x: 700, y: 860 } });
    await scanBarcode(page, barcode);
    await page.getByTestId('goods-scanned').waitFor();
    await page.getByTestId('goods-detail').filter({ hasText: name }).waitFor();
    expect(await page.getByTestId('goods-detail').innerText()).toContain(barcode);
  });

  it('a stock count below what pending orders hold is refused with the server message', async () => {
    await ok(d.api, 'POST', '/api/sport/goods/order', { stadiumId: d.venue.id, items: [{ goodsId, quantity: 3 }] });
    await page.goto(`${e.baseUrl}${LIST}`);
    await expect.poll(() => row().getByTestId('goods-stock').getAttribute('data-held')).toBe('3');
    await page.locator(`[data-testid=goods-row-count][data-row-key="${goodsId}"]`).click();
    await page.getByTestId('goods-count-current').filter({ hasText: '占用 3' }).waitFor();
    await page.locator('#goods-count_counted').fill('2');
    await page.locator('#goods-count_reason').fill('月末盘点');
    await page.getByTestId('goods-count-ok').click();
    await toast('盘点数不能少于它').waitFor();
    expect(await page.locator('#goods-count_counted').isVisible()).toBe(true);
    const stock = await ok<{ onHand: number; held: number }>(d.api, 'GET', `/api/sport/goods/${goodsId}`);
    expect(stock).toMatchObject({ onHand: 10, held: 3 });
  });

  it('a category that still has goods is not deleted: the server says why', async () => {
    await page.goto(`${e.baseUrl}${CLASSIFY}`);
    const cat = page.locator('[data-testid=goodsCategory-table] tbody tr').filter({ hasText: category });
    await cat.getByTestId('goodsCategory-row-delete').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await toast('该分类下还有 1 个商品，不能删除').waitFor();
    await cat.waitFor();
  });
});
