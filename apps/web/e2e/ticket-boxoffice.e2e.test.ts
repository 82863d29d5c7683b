import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { TICKET_KEYS, gridMap, ok, seatedSession, ticketApi } from '../../server/src/modules/sport/ticket/ticket.testkit.ts';
import { axeViolations, browserAs, makeStaff, screenshot, startE2E, type E2E, type OwnBrowser } from './support.ts';

/**
 * The box office (issue 25, points 6 and 7): seats picked on the map with the keyboard alone (the
 * seat under the arrows announced to screen readers), held and paid; then the tickets just sold are
 * printed (the print view with the tickets, the browser's print dialog) or downloaded as a PDF,
 * recorded once as the first print; after it only a reprint is offered, which asks a reason.
 */
const SELL = '/sport/views/ticketManagement/sellTicket/index';
const MENUS = ['home', ...TICKET_KEYS, 'sport.order'];

interface Seat {
  id: number;
  seatKey: string;
}
interface TicketRow {
  id: number;
  code: string;
  printedAt: string | null;
}

describe('box office: keyboard seats and printing after the sale', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  /** A seller of their own organisation with a seated session on sale (2 zones of 3 rows of 6 seats), in a browser that counts print dialogs. */
  const setUp = async (prefs: Record<string, string> = {}) => {
    const staff = await makeStaff(e, MENUS);
    const api = await signIn(e.server, staff.code, staff.password);
    const doc = gridMap(2, 3, 6);
    const { project, session } = await seatedSession(api, doc);
    const seats = (await ok<{ seats: Seat[] }>(api, 'POST', ticketApi(`session/${session.id}/seats`), { detail: true })).seats;
    const b = await browserAs(e, staff);
    open.push(b);
    const page = b.page;
    page.setDefaultTimeout(20_000);
    await page.waitForURL(/\/home/);
    // The browser's print dialog, counted instead of opened (headless Chromium has none to show).
    await page.addInitScript(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => void (w.printed += 1);
    });
    if (Object.keys(prefs).length) await page.evaluate((p) => Object.entries(p).forEach(([k, v]) => localStorage.setItem(k, v)), prefs);
    await page.goto(`${e.baseUrl}${SELL}`);
    await page.getByTestId('ticket-sell-session').click();
    await page.locator('.ant-select-item-option').filter({ hasText: project.name }).click();
    await page.getByTestId('seatmap-canvas').waitFor();
    await expect.poll(() => page.getByTestId('ticket-sell-map').getAttribute('data-free')).toBe(String(seats.length));
    return { api, page, session, seats };
  };

  /** Tabs from the session picker into the map (keyboard only). */
  const tabIntoMap = async (page: Page) => {
    await page.getByTestId('ticket-sell-session').locator('input').focus();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'ticket-sell-map')) return;
    }
    throw new Error('the map is not reached by Tab');
  };
  const focusOf = (page: Page) => page.getByTestId('ticket-sell-map').getAttribute('data-focus');
  const said = (page: Page) => page.getByTestId('ticket-sell-announce').textContent();

  const payCash = async (page: Page, fen: string) => {
    await page.getByTestId('ticket-sell-submit').click();
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe(fen);
    await page.getByTestId('pay-method-cash').click();
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('ticket-sell-hold').getAttribute('data-state')).toBe('paid');
  };

  it('two seats picked by keyboard only, announced, held and paid; printed after the sale once, then only a reprint with a reason', async () => {
    const { api, page, session, seats } = await setUp();
    await tabIntoMap(page);
    // The keyboard starts at the first row's first seat and the screen reader is told which.
    await expect.poll(() => focusOf(page)).toBe('1-1-1');
    await expect.poll(() => said(page)).toContain('1区 1排 1号');
    expect(await said(page)).toContain('可售');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusOf(page)).toBe('1-2-3');
    await page.keyboard.press('Space');
    await expect.poll(() => said(page)).toContain('已选');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => said(page)).toContain('1区 2排 4号');
    expect(await said(page)).toContain('¥380.00');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('ticket-sell-total').getAttribute('data-fen')).toBe('76000');
    await expect.poll(() => page.getByTestId('ticket-sell-chosen').textContent()).toContain('1区 2-4');
    // Enter again lets it go, and once more takes it back.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('ticket-sell-total').getAttribute('data-fen')).toBe('38000');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('ticket-sell-total').getAttribute('data-fen')).toBe('76000');
    // The map is above the fold at 1440×900 and its seats are not dots at the first zoom.
    const box = (await page.getByTestId('seatmap-canvas').boundingBox())!;
    expect(box.y).toBeLessThan(900 - 200);
    const scale = Number((await page.getByTestId('ticket-sell-map').getAttribute('data-view'))!.split(',')[0]);
    expect(scale * 18).toBeGreaterThanOrEqual(16);
    await page.waitForTimeout(400);
    await screenshot(page, 'ticket-boxoffice-keyboard-light');
    expect(await axeViolations(page)).toEqual([]);

    await payCash(page, '76000');
    const want = ['1-2-3', '1-2-4'].map((k) => seats.find((s) => s.seatKey === k)!.id).sort((x, y) => x - y);
    await expect.poll(() => page.getByTestId('ticket-sell-map').getAttribute('data-sold')).toBe(want.join(','));

    // Printed right after the sale: the print view with both tickets, and the print dialog.
    const tickets = async () => (await ok<{ data: TicketRow[] }>(api, 'POST', ticketApi('list'), { sessionId: session.id })).data;
    expect((await tickets()).map((t) => t.printedAt)).toEqual([null, null]);
    await page.getByTestId('ticket-sell-print').click();
    await page.getByTestId('sold-print').waitFor();
    await expect.poll(() => page.getByTestId('sold-print-ticket').count()).toBe(2);
    const codes = (await tickets()).map((t) => t.code).sort();
    expect((await page.getByTestId('sold-print-ticket').evaluateAll((els) => els.map((el) => el.getAttribute('data-code')))).sort()).toEqual(codes);
    expect(await page.getByTestId('sold-print').textContent()).toContain('1区 2-3');
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.waitForTimeout(300);
    await screenshot(page, 'ticket-boxoffice-printed-light');
    expect(await axeViolations(page)).toEqual([]);
    // Recorded once as the first print, not as a reprint.
    const after = await tickets();
    expect(after.every((t) => t.printedAt !== null)).toBe(true);
    for (const t of after) expect((await ok(api, 'GET', ticketApi(`reprint/list/${t.id}`))).data).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('sold-print').waitFor({ state: 'hidden' });

    // Now only the reprint: no second first print; it asks a reason, then prints, logged per ticket.
    await page.getByTestId('ticket-sell-printed').waitFor();
    expect(await page.getByTestId('ticket-sell-print').count()).toBe(0);
    expect(await page.getByTestId('ticket-sell-pdf').count()).toBe(0);
    await page.getByTestId('ticket-sell-reprint').click();
    await page.getByTestId('ticket-sell-reprint-reason-ok').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').count()).toBeGreaterThan(0);
    await page.locator('textarea').last().fill('打印机卡纸');
    await page.getByTestId('ticket-sell-reprint-reason-ok').click();
    await expect.poll(() => page.getByTestId('sold-print-ticket').count()).toBe(2);
    for (const t of after)
      await expect
        .poll(async () => (await ok(api, 'GET', ticketApi(`reprint/list/${t.id}`))).data.map((r: { reason: string }) => r.reason))
        .toEqual(['打印机卡纸']);
    expect((await tickets()).map((t) => t.printedAt)).toEqual(after.map((t) => t.printedAt));
  });

  it('in English and the dark theme: a seat picked by keyboard, paid, and the tickets downloaded as a PDF (the first print)', async () => {
    const { api, page, session } = await setUp({ lang: 'en-US', theme: 'dark' });
    await tabIntoMap(page);
    await expect.poll(() => said(page)).toContain('row 1 seat 1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect.poll(() => said(page)).toContain('Chosen');
    await expect.poll(() => page.getByTestId('ticket-sell-total').getAttribute('data-fen')).toBe('38000');
    await page.waitForTimeout(400);
    await screenshot(page, 'ticket-boxoffice-keyboard-dark');
    expect(await axeViolations(page)).toEqual([]);
    await payCash(page, '38000');

    const download = page.waitForEvent('download');
    await page.getByTestId('ticket-sell-pdf').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tickets-\d+\.pdf$/);
    const bytes = fs.readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('/STSong-Light');
    expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const list = (await ok<{ data: TicketRow[] }>(api, 'POST', ticketApi('list'), { sessionId: session.id })).data;
    expect(list).toHaveLength(1);
    expect(list[0]!.printedAt).not.toBeNull();
    await page.getByTestId('ticket-sell-reprint').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'ticket-boxoffice-pdf-dark');
  });
});
