import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { TICKET_KEYS, gridMap, ok, seatedSession, ticketApi } from '../../server/src/modules/sport/ticket/ticket.testkit.ts';
import { browserAs, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * Ticket sales at the console (issue 13): a seller chooses two seats of a seated session on the
 * map, holds them and pays cash; a second operator (another browser) sees them sold on the map.
 * The test works as the staff of an organisation of its own, with the seat map, project, session
 * and levels it makes through the API.
 */
const SELL = '/sport/views/ticketManagement/sellTicket/index';
const LIST = '/sport/views/ticketManagement/ticketList/index';
/** The ticketing screens (the projects screen lets the test set up its own map, project and session) and the orders. */
const MENUS = ['home', ...TICKET_KEYS, 'sport.order'];

interface Seat {
  id: number;
  seatKey: string;
  state: string;
  price: number;
}

describe('ticket sales console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  /** Picks the session on the sale screen by its project's (unique) name and waits for its map. */
  const pickSession = async (page: Page, projectName: string) => {
    await page.goto(`${e.baseUrl}${SELL}`);
    await page.getByTestId('ticket-sell-session').click();
    await page.locator('.ant-select-item-option').filter({ hasText: projectName }).click();
    await page.getByTestId('seatmap-canvas').waitFor();
    await expect.poll(() => page.getByTestId('ticket-sell-map').getAttribute('data-view')).toBeTruthy();
  };

  /** Clicks the seat drawn at map point (x, y): the box's view (scale, x, y) maps it to the page. */
  const clickSeat = async (page: Page, x: number, y: number) => {
    const [scale, vx, vy] = (await page.getByTestId('ticket-sell-map').getAttribute('data-view'))!.split(',').map(Number) as [number, number, number];
    const box = (await page.getByTestId('seatmap-canvas').boundingBox())!;
    await page.mouse.click(box.x + vx + x * scale, box.y + vy + y * scale);
  };

  it('sells two seats and pays cash; a second browser shows them sold on the map', async () => {
    const staff = await makeStaff(e, MENUS);
    const api = await signIn(e.server, staff.code, staff.password);
    // Two zones of 3 rows of 6 seats: zone 1 is level A (380 yuan), zone 2 level B (180 yuan).
    const doc = gridMap(2, 3, 6);
    const { project, session } = await seatedSession(api, doc);
    const seats = (await ok<{ seats: Seat[] }>(api, 'POST', ticketApi(`session/${session.id}/seats`), { detail: true })).seats;
    const want = ['1-2-3', '1-2-4'].map((k) => seats.find((s) => s.seatKey === k)!);
    const at = (key: string) => doc.seats.find((s) => s.key === key)!;

    const a = await browserAs(e, staff);
    open.push(a);
    a.page.setDefaultTimeout(15_000);
    await a.page.waitForURL(/\/home/);
    await pickSession(a.page, project.name);
    await expect.poll(() => a.page.getByTestId('ticket-sell-map').getAttribute('data-free')).toBe(String(seats.length));

    for (const s of want) await clickSeat(a.page, at(s.seatKey).x, at(s.seatKey).y);
    await expect.poll(() => a.page.getByTestId('ticket-sell-total').getAttribute('data-fen')).toBe('76000');
    await expect.poll(() => a.page.getByTestId('ticket-sell-chosen').textContent()).toContain('1区 2-3');
    const buyer = uniq('张观众');
    await a.page.locator('#ticket-sell-buyer_name').fill(buyer);
    await a.page.waitForTimeout(400);
    await screenshot(a.page, 'ticket-sell-light');

    await a.page.getByTestId('ticket-sell-submit').click();
    await a.page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => a.page.getByTestId('pay-due').getAttribute('data-fen')).toBe('76000');
    await a.page.getByTestId('pay-method-cash').click();
    await a.page.getByTestId('pay-submit').click();
    await a.page.getByTestId('pay-done').waitFor();
    await a.page.getByTestId('pay-finish').click();
    await a.page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => a.page.getByTestId('ticket-sell-hold').getAttribute('data-state')).toBe('paid');
    const soldIds = want
      .map((s) => s.id)
      .sort((x, y) => x - y)
      .join(',');
    await expect.poll(() => a.page.getByTestId('ticket-sell-map').getAttribute('data-sold')).toBe(soldIds);
    await screenshot(a.page, 'ticket-sold-light');

    // Another operator, in a browser of their own: the map shows the two seats sold.
    const b = await browserAs(e, staff);
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    await pickSession(b.page, project.name);
    await expect.poll(() => b.page.getByTestId('ticket-sell-map').getAttribute('data-sold')).toBe(soldIds);
    await expect.poll(() => b.page.getByTestId('ticket-sell-map').getAttribute('data-free')).toBe(String(seats.length - 2));
    await screenshot(b.page, 'ticket-sell-second-light');

    // The tickets: two, sold, to the buyer, in the ticket list with their code's QR code.
    const tickets = await ok<{ data: { code: string; state: string; buyerName: string | null; seatLabel: string | null }[] }>(api, 'POST', ticketApi('list'), {
      sessionId: session.id,
    });
    expect(tickets.data.map((t) => t.state)).toEqual(['sold', 'sold']);
    expect(tickets.data.every((t) => t.buyerName === buyer)).toBe(true);
    await b.page.goto(`${e.baseUrl}${LIST}`);
    const table = b.page.getByTestId('ticket-table');
    await expect.poll(() => table.textContent()).toContain(tickets.data[0]!.code);
    await expect.poll(() => table.textContent()).toContain(project.name);
    // A ticket's detail shows its code as a QR code.
    await b.page.getByTestId('ticket-row-view').first().click();
    await b.page.getByTestId('ticket-detail').waitFor();
    const qr = b.page.getByTestId('ticket-qr');
    expect(tickets.data.map((t) => t.code)).toContain(await qr.getAttribute('data-code'));
    expect(await b.page.getByTestId('ticket-qr-code').locator('svg').count()).toBe(1);
    await b.page.waitForTimeout(400);
    await screenshot(b.page, 'ticket-list-detail-light');
  });

  it('a seat another operator holds meanwhile answers taken: the seat is named and the map shows it held', async () => {
    const staff = await makeStaff(e, MENUS);
    const api = await signIn(e.server, staff.code, staff.password);
    const doc = gridMap(1, 2, 4);
    const { project, session } = await seatedSession(api, doc);
    const seats = (await ok<{ seats: Seat[] }>(api, 'POST', ticketApi(`session/${session.id}/seats`), { detail: true })).seats;
    const seat = seats.find((s) => s.seatKey === '1-1-2')!;
    const pos = doc.seats.find((s) => s.key === '1-1-2')!;

    const a = await browserAs(e, staff);
    open.push(a);
    a.page.setDefaultTimeout(15_000);
    await a.page.waitForURL(/\/home/);
    await pickSession(a.page, project.name);
    await expect.poll(() => a.page.getByTestId('ticket-sell-map').getAttribute('data-free')).toBe(String(seats.length));
    await clickSeat(a.page, pos.x, pos.y);
    await expect.poll(() => a.page.getByTestId('ticket-sell-total').getAttribute('data-fen')).toBe('38000');

    // The map's refresh is held back while another operator takes the seat, so the sale meets it.
    let stall = true;
    const waiting: (() => Promise<void>)[] = [];
    await a.page.route('**/seats', (route) => (stall ? void waiting.push(() => route.continue().catch(() => undefined)) : route.continue()));
    await ok(api, 'POST', ticketApi('order'), { sessionId: session.id, seatIds: [seat.id] });
    await a.page.getByTestId('ticket-sell-submit').click();
    await expect.poll(() => a.page.getByTestId('ticket-sell-taken').textContent()).toContain('1区 1-2');
    stall = false;
    for (const go of waiting.splice(0)) await go();
    await expect.poll(() => a.page.getByTestId('ticket-sell-map').getAttribute('data-held')).toBe(String(seat.id));
    await expect.poll(() => a.page.getByTestId('ticket-sell-total').getAttribute('data-fen')).toBe('0');
    await screenshot(a.page, 'ticket-sell-taken-light');
  });
});
