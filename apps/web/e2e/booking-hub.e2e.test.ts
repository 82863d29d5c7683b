import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../server/test/harness.ts';
import { booking, makeVenue, today } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { addDays } from '../../server/src/modules/sport/venue/index.ts';
import { BOOKING_GRID, cellState, gridTomorrow, setTheme, settledShot, startE2E, venueDesk, type E2E, type OwnBrowser } from './support.ts';

/**
 * The booking grid as the desk's hub (issue 25, points 2-4, 12 and 14): a member's booking shows
 * the member, a booking is dragged to another cell with its price difference shown first, one court
 * of two is cancelled with its refund shown first, the grid holds at 1280 px, and the focus comes
 * back to the grid after a payment. Each test makes its own organisation, venue and bookings.
 */
const commerce = (p: string) => `/api/sport/commerce/${p}`;
const MENUS = ['home', 'sport.venue.reserve', 'sport.venue.verify', 'sport.venue.manage', 'sport.venue.list', 'sport.order', 'sport.member.list'];

describe('the booking grid as the hub', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const desk = (venueOpts: Parameters<typeof makeVenue>[1] = {}, viewport?: { width: number; height: number }) =>
    venueDesk(e, open, MENUS, venueOpts, viewport);
  /** A paid booking made through the API (as another desk would). */
  const paid = async (api: Client, body: Record<string, unknown>) => {
    const made = await api.json('POST', booking('order'), { body, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(made.code, made.msg).toBe(0);
    const p = await api.json('POST', commerce(`order/${made.body.orderId}/pay`), {
      body: { method: 'cash', amountFen: made.body.amount },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(p.code, p.msg).toBe(0);
    return made.body as { orderId: number; orderNo: string };
  };

  it('a member booking shows the member on the grid, in its popover and on the booking detail', async () => {
    const { page, api, venue, sites } = await desk({ n: 2, priceFen: 6000 });
    const member = await api.json('POST', '/api/sport/member', { body: { name: '孙会员', phone: '13912345678' } });
    expect(member.code, member.msg).toBe(0);
    const day = addDays(today(venue.timeZone), 1);
    const b = await paid(api, { stadiumId: venue.id, date: day, memberId: member.body.id, items: [{ siteId: sites[0]!.id, start: '10:00', end: '11:00' }] });
    await gridTomorrow(e, page, sites[0]!.id, day);
    await expect.poll(() => cellState(page, sites[0]!.id, '10:00')).toBe('booked');
    const cellText = await page.getByTestId(`cell-${sites[0]!.id}-10:00`).textContent();
    expect(cellText).toContain('孙会员');
    expect(cellText).toContain('139****5678');
    expect(cellText).not.toContain('散客');
    await page.getByTestId(`cell-${sites[0]!.id}-10:00`).click();
    await expect.poll(() => page.getByTestId('cell-popover-buyer').textContent()).toBe('孙会员');
    await settledShot(page, 'booking-hub-member-light');
    await page.getByTestId('cell-detail').click();
    await page.waitForURL(new RegExp(`/orderDetails/${b.orderId}`));
    await expect.poll(() => page.getByTestId('booking-detail-buyer').textContent()).toBe('孙会员');
    await expect.poll(() => page.getByTestId('booking-detail-phone').textContent()).toBe('139****5678');
  });

  it('a drag changes a booking: the price difference shows first, then the new cell is booked and the old one free; the focus returns to the grid after paying the difference', async () => {
    const { page, api, venue, sites } = await desk({ n: 3, priceFen: 6000 });
    // The third court costs more in the afternoon.
    const rule = await api.json('POST', '/api/sport/venue/price', {
      body: { venueId: venue.id, siteId: sites[2]!.id, name: '下午场', sport: 'badminton', start: '14:00', end: '18:00', priceFen: 8000 },
    });
    expect(rule.code, rule.msg).toBe(0);
    const day = addDays(today(venue.timeZone), 2);
    await paid(api, { stadiumId: venue.id, date: day, buyerName: '周先生', items: [{ siteId: sites[0]!.id, start: '10:00', end: '11:00' }] });
    await page.goto(`${e.baseUrl}${BOOKING_GRID}`);
    await expect.poll(() => cellState(page, sites[0]!.id, '10:00')).not.toBeNull();
    await page.getByTestId('booking-next').click();
    await page.getByTestId('booking-next').click();
    await expect.poll(() => page.locator('#booking-date').inputValue()).toBe(day);
    await expect.poll(() => cellState(page, sites[0]!.id, '10:00')).toBe('booked');

    await page.getByTestId(`cell-${sites[0]!.id}-10:00`).dragTo(page.getByTestId(`cell-${sites[2]!.id}-15:00`));
    await page.getByTestId('booking-move-form-ok').waitFor();
    await expect.poll(() => page.getByTestId('booking-move-difference').getAttribute('data-fen')).toBe('2000');
    expect(await page.getByTestId('booking-move-to').textContent()).toContain('15:00–16:00');
    // Nothing moved yet.
    expect(await cellState(page, sites[0]!.id, '10:00')).toBe('booked');
    await settledShot(page, 'booking-hub-move-light');
    await page.getByTestId('booking-move-form-ok').click();

    // The difference is taken at once, and the focus comes back to the grid's new cell.
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('2000');
    await page.getByTestId('pay-method-cash').click();
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => cellState(page, sites[2]!.id, '15:00')).toBe('booked');
    await expect.poll(() => cellState(page, sites[0]!.id, '10:00')).toBe('free');
    expect(await page.getByTestId(`cell-${sites[2]!.id}-15:00`).textContent()).toContain('周先生');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('booking-grid');
    await expect.poll(() => page.getByTestId('booking-grid').getAttribute('aria-activedescendant')).toMatch(new RegExp(`-${sites[2]!.id}-15-00$`));

    // The keyboard way: Move from the popover, then the arrows and Space on a free cell.
    await page.getByTestId(`cell-${sites[2]!.id}-15:00`).click();
    await page.getByTestId('cell-move').click();
    await page.getByTestId('booking-moving').waitFor();
    const grid = page.getByTestId('booking-grid');
    await grid.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => grid.getAttribute('aria-activedescendant')).toMatch(new RegExp(`-${sites[1]!.id}-15-00$`));
    await page.keyboard.press('Space');
    // Back to the cheaper court: ¥20 comes back.
    await expect.poll(() => page.getByTestId('booking-move-difference').getAttribute('data-fen')).toBe('-2000');
    await page.getByTestId('booking-move-form-ok').click();
    await expect.poll(() => cellState(page, sites[1]!.id, '15:00')).toBe('booked');
    await expect.poll(() => cellState(page, sites[2]!.id, '15:00')).toBe('free');
  });

  it('a single line of a two-court booking is cancelled with its refund shown first; the other court stays booked', async () => {
    const { page, api, venue, sites } = await desk({ n: 2, priceFen: 5000, rules: { cancelDeadlineMinutes: 60 * 24 * 3, lateCancelRefundPercent: 40 } });
    const day = addDays(today(venue.timeZone), 1);
    const b = await paid(api, {
      stadiumId: venue.id,
      date: day,
      buyerName: '吴女士',
      items: [
        { siteId: sites[0]!.id, start: '10:00', end: '11:00' },
        { siteId: sites[1]!.id, start: '10:00', end: '11:00' },
      ],
    });
    await gridTomorrow(e, page, sites[0]!.id, day);
    await expect.poll(() => cellState(page, sites[1]!.id, '10:00')).toBe('booked');
    await page.getByTestId(`cell-${sites[1]!.id}-10:00`).click();
    await page.getByTestId('cell-cancel').click();
    // The whole booking's quote first: ¥100 paid, 40% back inside the deadline, by cash.
    await expect.poll(() => page.getByTestId('booking-cancel-amount').getAttribute('data-fen')).toBe('10000');
    await expect.poll(() => page.getByTestId('booking-cancel-refund').getAttribute('data-fen')).toBe('4000');
    expect(await page.getByTestId('booking-cancel-method').textContent()).toContain('现金');
    // Only this court: its own quote.
    await page.getByTestId('booking-cancel-line').click();
    await expect.poll(() => page.getByTestId('booking-cancel-amount').getAttribute('data-fen')).toBe('5000');
    await expect.poll(() => page.getByTestId('booking-cancel-refund').getAttribute('data-fen')).toBe('2000');
    await expect.poll(() => page.getByTestId('booking-cancel-fee').getAttribute('data-fen')).toBe('3000');
    await settledShot(page, 'booking-hub-cancel-line-light');
    await page.locator('#booking-cancel-form_reason').fill('少来一人');
    await page.getByTestId('booking-cancel-form-ok').click();
    await page.locator('.ant-message-notice').filter({ hasText: '¥20.00' }).waitFor();
    await expect.poll(() => cellState(page, sites[1]!.id, '10:00')).toBe('free');
    expect(await cellState(page, sites[0]!.id, '10:00')).toBe('booked');
    const order = await api.json('GET', commerce(`order/${b.orderId}`));
    expect(order.body).toMatchObject({ state: 'part_refunded', paidFen: 10000, refundedFen: 2000 });
    // The booking detail cancels the other court by its own row, that court's quote first.
    await page.getByTestId(`cell-${sites[0]!.id}-10:00`).click();
    await page.getByTestId('cell-detail').click();
    await page.waitForURL(new RegExp(`/orderDetails/${b.orderId}`));
    await page.getByTestId(`booking-detail-cancel-${sites[0]!.id}-10:00`).click();
    await expect.poll(() => page.getByTestId('booking-cancel-amount').getAttribute('data-fen')).toBe('5000');
    await expect.poll(() => page.getByTestId('booking-cancel-refund').getAttribute('data-fen')).toBe('2000');
    await page.getByTestId('booking-cancel-form-cancel').click();
  });

  it('at 1280 px the grid shows that it scrolls and the time column stays visible after scrolling right (both themes)', async () => {
    const { page, venue, sites } = await desk({ n: 12, priceFen: 5000 }, { width: 1280, height: 800 });
    const day = addDays(today(venue.timeZone), 1);
    await gridTomorrow(e, page, sites[0]!.id, day);
    await expect.poll(() => cellState(page, sites[0]!.id, '10:00')).toBe('free');
    const wrap = page.getByTestId('booking-grid-wrap');
    const scroller = page.getByTestId('booking-grid-scroller');
    // More courts than fit: the right edge has its shadow, the hint shows.
    await expect.poll(() => scroller.getAttribute('class')).toContain('bk-more-right');
    await page.getByTestId('booking-grid-scroll-hint').waitFor();
    expect(await wrap.evaluate((w) => w.scrollWidth > w.clientWidth)).toBe(true);
    await settledShot(page, 'booking-hub-1280-light');
    const time = page.locator('th.bk-time').first();
    const before = (await time.boundingBox())!;
    await wrap.evaluate((w) => w.scrollBy({ left: 600 }));
    await expect.poll(() => scroller.getAttribute('class')).toContain('bk-more-left');
    const after = (await time.boundingBox())!;
    const box = (await wrap.boundingBox())!;
    // The time column stays where it was, inside the grid's view, while the courts moved.
    expect(Math.abs(after.x - before.x)).toBeLessThan(4); // the border spacing (3 px) is all it gives up
    expect(after.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(await page.getByTestId(`column-${sites[0]!.id}`).evaluate((el) => el.getBoundingClientRect().x)).toBeLessThan(after.x);
    // The last court can be reached.
    await wrap.evaluate((w) => w.scrollBy({ left: 5000 }));
    const last = (await page.getByTestId(`column-${sites[11]!.id}`).boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 1);
    await setTheme(page, 'dark');
    await page.getByTestId('booking-next').click();
    await expect.poll(() => page.locator('#booking-date').inputValue()).toBe(day);
    await expect.poll(() => page.getByTestId('booking-grid-scroller').getAttribute('class')).toContain('bk-more-right');
    await settledShot(page, 'booking-hub-1280-dark');
    await setTheme(page, 'light');
  });
});
