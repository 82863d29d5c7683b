import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, dayTimeZone, hourAhead, makeVenue, plusHour, today } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { addDays } from '../../server/src/modules/sport/venue/index.ts';
import { BOOKING_GRID, bookForMemberIn, cellState, gridTomorrow, setTheme, settledShot, startE2E, venueDesk, type E2E, type OwnBrowser } from './support.ts';

/**
 * Venue booking at the console (issue 11): the booking grid (select cells, book for a walk-in,
 * pay cash; the cells then show booked) and check-in by order number. Each test works as the
 * staff of an organisation of its own, whose venue and sites it makes through the API before
 * signing in (the console loads the current venue at sign-in), so any test runs alone.
 */
const VERIFY = '/sport/views/venueManageVerify/index';
const commerce = (p: string) => `/api/sport/commerce/${p}`;
/** The booking screens, the venue screens (to make the venue) and the orders (to take payment). */
const MENUS = ['home', 'sport.venue.reserve', 'sport.venue.verify', 'sport.venue.manage', 'sport.venue.list', 'sport.order'];

describe('venue booking console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  /** Front-desk staff of a new organisation whose venue has `n` sites; signed in at the console after the venue exists. */
  const desk = (venueOpts: Parameters<typeof makeVenue>[1] = {}) => venueDesk(e, open, MENUS, venueOpts);

  it('books two cells for a walk-in and takes cash: the cells then show booked', async () => {
    const { page, venue, sites } = await desk({ n: 4, priceFen: 6000 });
    const [a, b] = sites;
    // Tomorrow, so every slot from 08:00 is still ahead.
    const tomorrow = addDays(today(venue.timeZone), 1);
    await gridTomorrow(e, page, a!.id, tomorrow);
    await expect.poll(() => cellState(page, a!.id, '10:00')).toBe('free');

    // Two cells by click; the panel lists them with their total.
    await page.getByTestId(`cell-${a!.id}-10:00`).click();
    await page.getByTestId(`cell-${a!.id}-11:00`).click();
    await expect.poll(() => page.getByTestId(`cell-${a!.id}-11:00`).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByTestId('booking-total').getAttribute('data-fen')).toBe('12000');

    // The keyboard: the focus cell follows the last click (site a, 11:00); a third cell is
    // selected with Space and unselected again.
    const grid = page.getByTestId('booking-grid');
    await grid.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => grid.getAttribute('aria-activedescendant')).toMatch(new RegExp(`-${b!.id}-12-00$`));
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('booking-total').getAttribute('data-fen')).toBe('18000');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('booking-total').getAttribute('data-fen')).toBe('12000');
    await settledShot(page, 'booking-grid-selected-light');
    await page.getByTestId(`cell-${a!.id}-10:00`).hover();
    await expect.poll(() => page.getByTestId('cell-tooltip').textContent()).toContain('全天');

    // Enter opens the booking dialog: one line for the two consecutive hours.
    await page.mouse.move(5, 890);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('booking-form-items').textContent()).toContain('10:00–12:00');
    await expect.poll(() => page.getByTestId('booking-form-total').getAttribute('data-fen')).toBe('12000');
    await page.locator('#booking-form_buyerName').fill('王五');
    await page.locator('#booking-form_buyerPhone').fill('13900001111');
    await settledShot(page, 'booking-form-light');
    await page.getByTestId('booking-form-ok').click();

    // The pay component takes cash.
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('12000');
    await page.getByTestId('pay-method-cash').click();
    await page.locator('#pay-form_received').fill('150');
    await expect.poll(() => page.getByTestId('pay-change').getAttribute('data-fen')).toBe('3000');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });

    await expect.poll(() => cellState(page, a!.id, '10:00')).toBe('booked');
    await expect.poll(() => cellState(page, a!.id, '11:00')).toBe('booked');
    expect(await page.getByTestId(`cell-${a!.id}-10:00`).textContent()).toContain('王五');
    await expect.poll(() => page.getByTestId('booking-total').getAttribute('data-fen')).toBe('0');
    await settledShot(page, 'booking-grid-booked-light');

    // A booked cell's popover: the order and its actions.
    await page.getByTestId(`cell-${a!.id}-10:00`).click();
    await expect.poll(() => page.getByTestId('cell-popover').textContent()).toContain('王五');
    await page.getByTestId('cell-cancel').waitFor();
    await page.keyboard.press('Escape');

    // A lock with a reason, then unlocked from the cell's popover.
    await page.getByTestId(`cell-${b!.id}-16:00`).click();
    await page.getByTestId('booking-lock').click();
    await page.locator('#lock-form_reason').fill('地板维修');
    await page.getByTestId('lock-form-ok').click();
    await expect.poll(() => cellState(page, b!.id, '16:00')).toBe('locked');
    expect(await page.getByTestId(`cell-${b!.id}-16:00`).textContent()).toContain('地板维修');
    await page.getByTestId(`cell-${b!.id}-16:00`).click();
    await page.getByTestId('cell-unlock').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => cellState(page, b!.id, '16:00')).toBe('free');

    await setTheme(page, 'dark');
    await expect.poll(() => cellState(page, a!.id, '10:00')).not.toBeNull();
    await page.getByTestId('booking-next').click();
    await expect.poll(() => cellState(page, a!.id, '10:00')).toBe('booked');
    await page.getByTestId(`cell-${b!.id}-14:00`).click();
    await expect.poll(() => page.getByTestId('booking-total').getAttribute('data-fen')).toBe('6000');
    await settledShot(page, 'booking-grid-booked-dark');
    await page.getByTestId('booking-view-week').click();
    await expect.poll(() => page.getByTestId(`cell-${a!.id}-${tomorrow}-10:00`).getAttribute('data-state')).toBe('booked');
    await settledShot(page, 'booking-grid-week-dark');
    await setTheme(page, 'light');
  });

  it('refuses a cell another operator took meanwhile, shows it taken; the booking detail cancels that booking (English)', async () => {
    const { page, api, venue, sites } = await desk({ n: 2, priceFen: 5000 });
    const [a] = sites;
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    const tomorrow = addDays(today(venue.timeZone), 1);
    await gridTomorrow(e, page, a!.id, tomorrow);
    await expect.poll(() => cellState(page, a!.id, '10:00')).toBe('free');
    await page.getByTestId(`cell-${a!.id}-09:00`).click();
    await page.getByTestId(`cell-${a!.id}-10:00`).click();
    await page.getByTestId('booking-book').click();
    await expect.poll(() => page.getByTestId('booking-form-items').textContent()).toContain('09:00–11:00');

    // Meanwhile another operator books 10:00.
    const other = await api.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: tomorrow, items: [{ siteId: a!.id, start: '10:00', end: '11:00' }], buyerName: 'Other desk' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(other.code, other.msg).toBe(0);
    await page.getByTestId('booking-form-ok').click();
    await page
      .locator('.ant-message-notice')
      .filter({ hasText: /taken|booked/i })
      .waitFor();
    await expect.poll(() => cellState(page, a!.id, '10:00')).toBe('held');
    // The dialog now offers what is left.
    await expect.poll(() => page.getByTestId('booking-form-total').getAttribute('data-fen')).toBe('5000');
    await settledShot(page, 'booking-taken-en');
    await page.getByTestId('booking-form-cancel').click();

    // The taken cell's popover leads to the other booking's detail, where it is cancelled.
    await page.getByTestId(`cell-${a!.id}-10:00`).click();
    await expect.poll(() => page.getByTestId('cell-popover').textContent()).toContain('Other desk');
    await page.getByTestId('cell-detail').click();
    await page.waitForURL(new RegExp(`/sport/views/venueReserve/orderDetails/${other.body.orderId}`));
    await expect.poll(() => page.getByTestId('booking-detail').getAttribute('data-order-no')).toBe(other.body.orderNo);
    await expect.poll(() => page.getByTestId('booking-detail-slots').textContent()).toContain('10:00–11:00');
    await expect.poll(() => page.getByTestId('booking-detail-state').getAttribute('data-value')).toBe('pending');
    await settledShot(page, 'booking-detail-en');
    await page.getByTestId('booking-detail-cancel').click();
    // The quote comes first, in the one dialog: nothing paid, nothing to refund.
    await expect.poll(() => page.getByTestId('booking-cancel-refund').getAttribute('data-fen')).toBe('0');
    await page.getByTestId('booking-cancel-form-ok').click();
    await expect.poll(() => page.getByTestId('booking-detail-state').getAttribute('data-value')).toBe('cancelled');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  });

  it('checks a paid booking of today in by its order number', async () => {
    const tz = dayTimeZone();
    const { page, api, venue, sites } = await desk({ timeZone: tz, n: 2, open: '00:00', close: '24:00' });
    const start = hourAhead(tz, 60);
    const made = await api.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: today(tz), items: [{ siteId: sites[0]!.id, start, end: plusHour(start) }], buyerName: '赵六' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(made.code, made.msg).toBe(0);
    const paid = await api.json('POST', commerce(`order/${made.body.orderId}/pay`), {
      body: { method: 'cash', amountFen: made.body.amount },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(paid.code, paid.msg).toBe(0);

    await page.goto(`${e.baseUrl}${VERIFY}`);
    const row = page.locator(`[data-testid="verify-plan"] tr[data-row-key="${made.body.orderId}"]`);
    await expect.poll(() => row.textContent()).toContain(made.body.orderNo);
    await expect.poll(() => row.getByTestId('verify-arrival').getAttribute('data-value')).toBe('waiting');

    await page.getByTestId('verify-code').fill(made.body.orderNo);
    await page.getByTestId('verify-submit').click();
    await expect.poll(() => page.getByTestId('verify-result').getAttribute('data-order-no')).toBe(made.body.orderNo);
    expect(await page.getByTestId('verify-result').textContent()).toContain(sites[0]!.name);
    await expect.poll(() => row.getByTestId('verify-arrival').getAttribute('data-value')).toBe('arrived');
    await expect.poll(() => page.getByTestId('verify-code').inputValue()).toBe('');
    await settledShot(page, 'booking-verify-light');

    // Again: the server says it is already checked in, and nothing changes.
    await page.getByTestId('verify-code').fill(made.body.orderNo);
    await page.getByTestId('verify-code').press('Enter');
    await page.locator('.ant-message-notice').filter({ hasText: '该预订已核销' }).waitFor();
    await setTheme(page, 'dark');
    await expect.poll(() => row.textContent()).toContain(made.body.orderNo);
    await settledShot(page, 'booking-verify-dark');
    await setTheme(page, 'light');
  });
  it('books for a member found by phone: the member price, the order names the member, the grid shows it booked once paid', async () => {
    const { page, api, venue, sites } = await desk({ n: 2, priceFen: 6000 });
    expect(
      (
        await api.json('POST', '/api/sport/venue/price', {
          body: { venueId: venue.id, name: '金卡', sport: 'badminton', level: 'gold', start: '08:00', end: '22:00', priceFen: 5000 },
        })
      ).code,
    ).toBe(0);
    const member = await api.json('POST', '/api/sport/member', { body: { name: '钱七', phone: '13812345678', level: 'gold' } });
    expect(member.code, member.msg).toBe(0);
    const day = addDays(today(venue.timeZone), 1);
    await page.goto(`${e.baseUrl}${BOOKING_GRID}`);
    await page.getByTestId('booking-next').click();
    await expect.poll(() => cellState(page, sites[1]!.id, '15:00')).toBe('free');
    await page.getByTestId(`cell-${sites[1]!.id}-15:00`).click();
    await page.getByTestId('booking-book').click();
    await bookForMemberIn(page, '1381234', '钱七');
    // The member's price shows once the member is picked (issue 25, point 2).
    await expect.poll(() => page.getByTestId('booking-member-total').getAttribute('data-fen')).toBe('5000');
    await page.getByTestId('booking-form-ok').click();
    await page.getByTestId('pay-dialog').waitFor();
    await page.getByTestId('pay-method-cash').click();
    await page.locator('#pay-form_received').fill('50');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await expect.poll(() => cellState(page, sites[1]!.id, '15:00')).toBe('booked');
    // The grid names the member with the masked phone, not 散客.
    await expect.poll(() => page.getByTestId(`cell-${sites[1]!.id}-15:00`).textContent()).toContain('钱七');
    expect(await page.getByTestId(`cell-${sites[1]!.id}-15:00`).textContent()).toContain('138****5678');
    const plan = await api.json('POST', booking('plan'), { body: { stadiumId: venue.id, date: day } });
    expect(plan.body.bookings.map((b: { memberId: number | null; orderState: string }) => [b.memberId, b.orderState])).toEqual([[member.body.id, 'paid']]);
    const order = await api.json('GET', commerce(`order/${plan.body.bookings[0].orderId}`));
    expect(order.body).toMatchObject({ buyerKind: 'member', memberId: member.body.id, paidFen: 5000 });
  });
});
