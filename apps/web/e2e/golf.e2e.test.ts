import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Client } from '../../server/test/harness.ts';
import { GolfSim, wallClock } from '../../server/src/modules/sport/equipment/index.ts';
import { dayTimeZone } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { setTheme, settledShot, startE2E, venueDesk, type E2E, type OwnBrowser, type VenueDesk } from './support.ts';

/**
 * The golf bay view (issue 27, golfPositionView): each bay of the venue free, booked (with its
 * buyer and time), in use or faulty; a controller's fault (through the simulated controller) and a
 * check-in (through the API) show on the open view within 2 s without a reload, pushed over the
 * console's live socket; in Chinese and English, light and dark.
 */
const VIEW = '/sport/views/equipmentManage/golfPositionView/index';
const MENUS = ['home', 'sport.golf.position', 'sport.equipment.list', 'sport.venue.manage', 'sport.venue.reserve', 'sport.venue.verify'];
/** What the issue asks: a change shows within 2 s. */
const WITHIN_MS = 2_000;

async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

describe('golf bay view', () => {
  let e: E2E;
  let d: VenueDesk;
  let page: Page;
  const open: OwnBrowser[] = [];
  const bays: { id: number; name: string }[] = [];
  const sims: GolfSim[] = [];
  const sn = (i: number) => `E2EGOLF${Date.now().toString(36).toUpperCase()}${i}`;

  beforeAll(async () => {
    // The live socket on (as a venue running these views sets it).
    e = await startE2E({ SOCKET: '1' });
    d = await venueDesk(e, open, MENUS, { n: 1, open: '00:00', close: '24:00', timeZone: dayTimeZone() });
    page = d.page;
    for (let i = 1; i <= 3; i++)
      bays.push(await ok(d.api, 'POST', '/api/sport/venue/site', { venueId: d.venue.id, name: `${i}号打位`, sport: 'golf', sort: 10 + i }));
    await ok(d.api, 'POST', '/api/sport/venue/price', { venueId: d.venue.id, name: '打位', sport: 'golf', start: '00:00', end: '24:00', priceFen: 5000 });
    for (const [i, bay] of bays.entries()) {
      const c = await ok<{ sn: string }>(d.api, 'POST', '/api/sport/equipment/device', {
        stadiumId: d.venue.id,
        kind: 'golf_controller',
        sn: sn(i),
        name: `控制器${i + 1}`,
        siteId: bay.id,
      });
      const sim = new GolfSim(e.baseUrl, c.sn);
      expect((await sim.ok()).status).toBe(200);
      sims.push(sim);
    }
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const tile = (i: number) => page.getByTestId(`golf-bay-${bays[i]!.id}`);
  const stateOf = (i: number) => tile(i).getAttribute('data-state');
  /** Waits (at most WITHIN_MS) for a bay's tile to show a state. */
  const shows = (i: number, state: string) => page.waitForSelector(`[data-testid=golf-bay-${bays[i]!.id}][data-state=${state}]`, { timeout: WITHIN_MS });

  /** Opens the view and waits for the live socket's first message (the console is then listening). */
  async function openView() {
    const heard = new Promise<void>((resolve) => {
      page.once('websocket', (ws) => ws.once('framereceived', () => resolve()));
    });
    await page.goto(`${e.baseUrl}${VIEW}`);
    await heard;
    await tile(0).waitFor();
  }

  it('shows the bays free and booked with the buyer and time; a fault from the controller and a check-in show within 2 s without a reload', async () => {
    const local = wallClock(new Date(), d.venue.timeZone);
    const hour = Number(local.slice(11, 13)) + 1;
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const order =
      hour <= 23
        ? await ok<{ orderId: number; orderNo: string; amount: number }>(d.api, 'POST', '/api/sport/booking/order', {
            stadiumId: d.venue.id,
            date: local.slice(0, 10),
            items: [{ siteId: bays[1]!.id, start: hh(hour), end: hour === 23 ? '24:00' : hh(hour + 1) }],
            buyerName: '高球客',
            buyerPhone: '13811112222',
          })
        : undefined;
    if (order) await ok(d.api, 'POST', `/api/sport/commerce/order/${order.orderId}/pay`, { method: 'cash', amountFen: order.amount });

    await openView();
    expect(await stateOf(0)).toBe('free');
    expect(await tile(0).innerText()).toContain('空闲');
    expect(await tile(0).innerText()).toContain('控制器1');
    if (order) {
      expect(await stateOf(1)).toBe('booked');
      const text = await tile(1).innerText();
      expect(text).toContain('已预订');
      expect(text).toContain(`高球客 ${hh(hour)}–${hour === 23 ? '00:00' : hh(hour + 1)}`);
    }
    await settledShot(page, 'golf-bays-light-zh');

    // The controller of bay 1 reports a ball jam: the open view shows it faulty, with the code.
    expect((await sims[0]!.fault('BALL_JAM')).status).toBe(200);
    await shows(0, 'faulty');
    expect(await tile(0).innerText()).toContain('控制器报告故障');
    expect(await tile(0).innerText()).toContain('BALL_JAM');

    // The buyer of bay 2 checks in at the desk: in use.
    if (order) {
      await ok(d.api, 'POST', '/api/sport/booking/checkin', { code: order.orderNo });
      await shows(1, 'inUse');
      expect(await tile(1).innerText()).toContain('使用中');
    }
    // Cleared: free again.
    await sims[0]!.ok();
    await shows(0, 'free');
    expect(await page.getByTestId('golf-count-faulty').innerText()).toContain('0');
  });

  it('reads in English and in the dark theme', async () => {
    await sims[2]!.fault('E42');
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await openView();
    await shows(2, 'faulty');
    expect(await tile(2).innerText()).toContain('Controller reports a fault');
    expect(await tile(2).innerText()).toContain('Fault code: E42');
    expect(await tile(0).innerText()).toContain('Free');
    await settledShot(page, 'golf-bays-dark-en');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await openView();
    await settledShot(page, 'golf-bays-dark-zh');
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'light');
    await openView();
    await settledShot(page, 'golf-bays-light-en');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  });
});
