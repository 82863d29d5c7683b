import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisplayLinkRow } from '@venue/contract';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { pay, seedCommerceJobs, sellGeneral } from '../../server/src/modules/sport/commerce/commerce.testkit.ts';
import { COMMERCE_KEYS } from '../../server/src/modules/sport/commerce/commerce.testkit.ts';
import { deliver } from '../../server/src/modules/sport/statistics/statistics.testkit.ts';
import { makeVenue } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { browserAs, makeStaff, openBrowser, screenshot, startE2E, type E2E, type Staff } from './support.ts';

/**
 * The large data screen (issue 31, `/largeScreen`): an administrator's display link opens, signed
 * out, on a 1920×1080 display in the dark layout, with the panels and the China map showing the
 * organisation's sale; revoking the link on the links screen stops the display at its next refresh,
 * which says why.
 */
describe('the large data screen', () => {
  let e: E2E;
  let staff: Staff;
  let link: DisplayLinkRow;
  beforeAll(async () => {
    e = await startE2E();
    await seedCommerceJobs(e.server.database.db);
    staff = await makeStaff(e, ['home', 'sport.largeScreen.links', ...COMMERCE_KEYS, 'sport.venue.list']);
    const c = await signIn(e.server, staff.code, staff.password);
    const { venue } = await makeVenue(c, { n: 1 });
    await e.server.database.query('update sport_venue set address = $1 where id = $2', ['浙江省杭州市西湖区文三路 1 号', venue.id]);
    const o = await sellGeneral(c, [{ name: '大屏演示', unitPriceFen: 12_345 }], { venueId: venue.id });
    expect((await pay(c, o.id, { method: 'cash', amountFen: o.payableFen })).code).toBe(0);
    await deliver(e.server, [o.id]);
    const made = await c.json<DisplayLinkRow>('POST', '/api/sport/largescreen/link', { body: { name: '前台大屏', orgId: staff.orgId } });
    expect(made.code, made.msg).toBe(0);
    link = made.body;
  }, 180_000);
  afterAll(async () => e?.close());

  it('opens signed out at 1920×1080 with its panels and map, and stops within one refresh of the link being revoked', async () => {
    const display = await openBrowser({ viewport: { width: 1920, height: 1080 } });
    const admin = await browserAs(e, staff, '/sport/views/largeScreen/links');
    try {
      const { page } = display;
      await page.goto(`${e.baseUrl}${link.url}`);
      await page.getByTestId('ls-title').waitFor({ timeout: 90_000 });
      for (const panel of ['ls-top', 'ls-left', 'ls-kinds', 'ls-map', 'ls-right', 'ls-bottom']) expect(await page.getByTestId(panel).isVisible()).toBe(true);
      expect(await page.getByTestId('ls-today-revenueFen').innerText()).toContain('123.45');
      expect(await page.getByTestId('ls-right').innerText()).toContain('浙江');
      expect(await page.getByTestId('ls-map-note').innerText()).toContain('示意图');
      // The map drew (its canvas), from the replaceable GeoJSON file.
      await page.getByTestId('ls-map').locator('canvas').first().waitFor({ timeout: 60_000 });
      expect(await page.locator('[data-testid=ls-province]').allTextContents()).toEqual([expect.stringContaining('浙江')]);
      // No console layout, dark: the page's background is the dark design's.
      expect(await page.locator('.ant-layout-sider').count()).toBe(0);
      const bg = await page.getByTestId('large-screen').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(bg).toBe('rgb(6, 19, 41)');
      await page.waitForTimeout(1_000);
      await screenshot(page, 'large-screen-zh-CN-dark-1920');

      // The administrator sees the link with its URL and revokes it.
      const desk = admin.page;
      await desk.getByTestId('displayLink-table').waitFor({ timeout: 90_000 });
      expect(await desk.getByTestId('display-link-url').first().innerText()).toContain('/largeScreen?token=');
      await screenshot(desk, 'large-screen-links-zh-CN-light');
      await desk.getByTestId('displayLink-row-revoke').first().click();
      await desk.getByTestId('confirm-ok').click();
      await desk.getByTestId('displayLink-table').getByText('已撤销').waitFor({ timeout: 30_000 });

      // The display's next refresh (every 5 s) is refused: it stops and says why.
      await page.getByTestId('ls-stopped').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('ls-stopped-reason').innerText()).toContain('已被撤销');
      expect(await page.getByTestId('ls-title').count()).toBe(0);
      await screenshot(page, 'large-screen-revoked-zh-CN-dark-1920');
    } finally {
      await display.close();
      await admin.close();
    }
  }, 300_000);
});
