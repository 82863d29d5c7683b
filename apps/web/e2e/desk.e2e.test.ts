import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { OrderDetail } from '@venue/contract';
import type { Client } from '../../server/test/harness.ts';
import { makeUser, signIn, uniq } from '../../server/src/modules/system/admin.testkit.ts';
import { booking, dayTimeZone, hourAhead, makeVenue, plusHour, today, venueApi } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { addDays } from '../../server/src/modules/sport/venue/index.ts';
import { adminApi, browserAs, makeStaff, screenshot, startE2E, type E2E, type OwnBrowser, type Staff } from './support.ts';

/**
 * The front desk at the console (issue 11): a closure that cancels and refunds what it covers, a
 * fixed booking previewed and created (its orders then paid), a paid booking changed to another
 * site and time (a refund, then a difference to pay), and the workbench's check-in and shift
 * hand-over signed off by someone else. Each test works as the staff of an organisation of its
 * own, whose venue it makes through the API before signing in, so any test runs alone.
 */
const FIXED = '/sport/views/venueFixedManage/index';
const CLOSED = '/sport/views/closedManagement/index';
const WORKBENCH = '/sport/views/workBench/index';
const CHANGE = '/sport/views/venueReserve/adjustment/index';
/** The booking change screen is no menu entry: booking.book (a button of the booking grid) opens it. */
const MENUS = [
  'home',
  'sport.venue.reserve',
  'sport.venue.fixed',
  'sport.venue.closed',
  'sport.venue.workbench',
  'sport.venue.verify',
  'sport.venue.manage',
  'sport.order.main',
];
const commerce = (p: string) => `/api/sport/commerce/${p}`;

/** The visible one of several matches (antd keeps closed dropdowns in the page). */
const visible = (l: Locator) => l.filter({ visible: true });

/** Picks options of an antd select by their text. */
async function pick(page: Page, select: Locator, ...labels: string[]): Promise<void> {
  await select.click();
  for (const label of labels)
    await visible(page.locator('.ant-select-item-option', { hasText: label }))
      .first()
      .click();
  await page.keyboard.press('Escape');
}

/** Picks a time of a long (virtual) list by typing it first. */
async function pickTime(page: Page, select: Locator, time: string): Promise<void> {
  await select.click();
  await select.pressSequentially(time);
  await visible(page.locator('.ant-select-item-option', { hasText: time }))
    .first()
    .click();
}

/** Types a date (and time) into an antd picker and confirms it. */
async function typeDate(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

describe('front desk console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  interface Desk {
    staff: Staff;
    api: Client;
    venue: Awaited<ReturnType<typeof makeVenue>>['venue'];
    sites: { id: number; name: string }[];
    page: Page;
    /** The venue's tomorrow (every slot of it is ahead). */
    tomorrow: string;
  }

  /** Front-desk staff of a new organisation whose venue has `n` sites (08:00–22:00, ¥50 an hour); signed in after the venue exists. */
  const desk = async (n = 3, venueOpts: Parameters<typeof makeVenue>[1] = {}): Promise<Desk> => {
    const staff = await makeStaff(e, MENUS);
    const api = await signIn(e.server, staff.code, staff.password);
    const { venue, sites } = await makeVenue(api, { n, priceFen: 5000, ...venueOpts });
    const b = await browserAs(e, staff);
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    return { staff, api, venue, sites, page: b.page, tomorrow: addDays(today(venue.timeZone), 1) };
  };

  /** A booking made through the API, paid in cash unless told. */
  const book = async (d: Desk, siteId: number, date: string, start: string, end: string, buyerName: string, pay = true) => {
    const made = await d.api.json('POST', booking('order'), {
      body: { stadiumId: d.venue.id, date, items: [{ siteId, start, end }], buyerName, buyerPhone: '13900001111' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(made.code, made.msg).toBe(0);
    if (pay) {
      const paid = await d.api.json('POST', commerce(`order/${made.body.orderId}/pay`), {
        body: { method: 'cash', amountFen: made.body.amount },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      expect(paid.code, paid.msg).toBe(0);
    }
    return made.body as { orderId: number; orderNo: string; amount: number };
  };
  const orderOf = async (d: Desk, id: number) => {
    const r = await d.api.json<OrderDetail>('GET', commerce(`order/${id}`));
    expect(r.code, r.msg).toBe(0);
    return r.body;
  };

  /** A screenshot once transitions have settled. */
  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(500);
    await screenshot(page, name);
  };
  const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

  /** Pays the open pay dialog in cash, exactly. */
  const payCash = async (page: Page, fen: number) => {
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe(String(fen));
    await page.getByTestId('pay-method-cash').click();
    await page.locator('#pay-form_received').fill(String(fen / 100));
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
  };

  it('a closure that cancels and refunds: the impact lists the booking and its refund; confirmed, the booking is refunded', async () => {
    const d = await desk(3);
    const { page, sites, tomorrow } = d;
    const [a, b] = sites;
    const paid = await book(d, a!.id, tomorrow, '10:00', '11:00', '王五');
    // A booking on another site, outside what is closed, stays.
    const other = await book(d, b!.id, tomorrow, '10:00', '11:00', '赵六');

    await page.goto(`${e.baseUrl}${CLOSED}`);
    await page.getByTestId('closure-add').click();
    await page.locator('#closure-form_siteIds').waitFor();
    await pick(page, page.locator('#closure-form_siteIds'), a!.name);
    await typeDate(page.locator('#closure-form_from'), `${tomorrow} 09:00`);
    await typeDate(page.locator('#closure-form_to'), `${tomorrow} 12:00`);
    await page.locator('#closure-form_reason').fill('地板翻新');
    // Confirming needs the impact first.
    expect(await page.getByTestId('closure-confirm').isDisabled()).toBe(true);
    await page.getByTestId('closure-impact').click();

    const result = page.getByTestId('closure-impact-result');
    await expect.poll(() => result.getAttribute('data-count')).toBe('1');
    expect(await result.getAttribute('data-fen')).toBe('5000');
    const row = page.getByTestId('closure-impact-table').locator(`tr[data-row-key="${paid.orderId}"]`);
    expect(await row.textContent()).toContain(paid.orderNo);
    expect(await row.textContent()).toContain('王五');
    expect(await row.getByTestId('closure-impact-refund').textContent()).toBe('¥50.00');
    expect(await page.getByTestId('closure-impact-table').textContent()).not.toContain(other.orderNo);
    expect(await page.getByTestId('closure-impact-total').textContent()).toBe('¥50.00');
    await shot(page, 'desk-closure-impact');

    // A changed range needs the impact again.
    await typeDate(page.locator('#closure-form_to'), `${tomorrow} 13:00`);
    await expect.poll(() => page.getByTestId('closure-confirm').isDisabled()).toBe(true);
    await page.getByTestId('closure-impact').click();
    await expect.poll(() => page.getByTestId('closure-confirm').isDisabled()).toBe(false);
    await page.getByTestId('closure-confirm').click();
    await toast(page, '已关场').waitFor();
    await page.getByTestId('closure-form').waitFor({ state: 'detached' });

    // The booking is refunded, the other one untouched; the slots are closed.
    await expect.poll(async () => (await orderOf(d, paid.orderId)).state).toBe('refunded');
    expect((await orderOf(d, paid.orderId)).refundedFen).toBe(5000);
    expect((await orderOf(d, other.orderId)).state).toBe('paid');
    const grid = await d.api.json('POST', booking('grid'), { body: { stadiumId: d.venue.id, date: tomorrow } });
    expect(grid.body.slots.find((s: { siteId: number; start: string }) => s.siteId === a!.id && s.start === '12:00').state).toBe('closed');

    // The list shows it with its notice; the detail lists the buyer notified.
    const listRow = page.getByTestId('closure-table').locator('tr', { hasText: '地板翻新' });
    await expect.poll(() => listRow.textContent()).toContain(`${tomorrow} 13:00`);
    expect(await listRow.getByTestId('closure-phase').getAttribute('data-value')).toBe('upcoming');
    await shot(page, 'desk-closure-list');
    await listRow.getByTestId('closure-row-view').click();
    const notices = page.getByTestId('closure-notices');
    await expect.poll(() => notices.textContent()).toContain(paid.orderNo);
    expect(await notices.textContent()).toContain('¥50.00');
    await shot(page, 'desk-closure-detail');
    await page.keyboard.press('Escape');

    // Moved forward to 15:00: the extension covers no booking; the list shows the new end.
    await listRow.getByTestId('closure-row-edit').click();
    await typeDate(page.locator('#closure-edit_to'), `${tomorrow} 15:00`);
    await expect.poll(() => page.getByTestId('closure-edit-impact').getAttribute('data-count')).toBe('0');
    await shot(page, 'desk-closure-edit');
    await page.getByTestId('closure-edit-ok').click();
    await toast(page, '关场已修改').waitFor();
    await expect.poll(() => listRow.textContent()).toContain(`${tomorrow} 15:00`);
    const grid2 = await d.api.json('POST', booking('grid'), { body: { stadiumId: d.venue.id, date: tomorrow } });
    expect(grid2.body.slots.find((s: { siteId: number; start: string }) => s.siteId === a!.id && s.start === '14:00').state).toBe('closed');
  });

  it('a fixed series: the preview shows every occurrence and its conflict; created, its order appears and is paid', async () => {
    const d = await desk(2);
    const { page, sites, tomorrow } = d;
    const [a, b] = sites;
    const until = addDays(tomorrow, 6);
    // Someone already has site a at 19:00 on the third day: that occurrence is in conflict.
    const taken = await book(d, a!.id, addDays(tomorrow, 2), '19:00', '20:00', '李雷');
    const name = `周末羽毛球队${Math.random().toString(36).slice(2, 6)}`;

    await page.goto(`${e.baseUrl}${FIXED}`);
    await page.getByTestId('fixed-add').click();
    await page.locator('#fixed-form_siteIds').waitFor();
    await pick(page, page.locator('#fixed-form_siteIds'), a!.name, b!.name);
    const range = page.locator('#fixed-form_dates');
    await range.click();
    await range.fill(tomorrow);
    await range.press('Enter');
    const rangeEnd = page.locator('.ant-picker-range input').nth(1);
    await rangeEnd.fill(until);
    await rangeEnd.press('Enter');
    for (const day of ['周一', '周二', '周三', '周四', '周五', '周六', '周日']) await page.getByTestId('fixed-form').getByText(day, { exact: true }).click();
    await pickTime(page, page.locator('#fixed-form_start'), '19:00');
    await pickTime(page, page.locator('#fixed-form_end'), '20:00');
    expect(await page.getByTestId('fixed-create').isDisabled()).toBe(true);
    await page.getByTestId('fixed-preview').click();

    // 7 days × 2 sites; one taken.
    const preview = page.getByTestId('fixed-preview-result');
    await expect.poll(() => preview.getAttribute('data-total')).toBe('14');
    expect(await preview.getAttribute('data-conflicts')).toBe('1');
    expect(await preview.getAttribute('data-fen')).toBe(String(13 * 5000));
    const conflictRow = page.getByTestId('fixed-occurrences').locator(`tr[data-row-key="${addDays(tomorrow, 2)}-${a!.id}"]`);
    await expect.poll(() => conflictRow.getByTestId('fixed-occurrence-state').getAttribute('data-value')).toBe('conflict');
    expect(await conflictRow.textContent()).toContain(`已被预订：${taken.orderNo} 李雷`);
    await shot(page, 'desk-fixed-preview');

    await page.locator('#fixed-form_name').fill(name);
    await page.locator('#fixed-form_buyerName').fill('韩梅梅');
    await page.locator('#fixed-form_buyerPhone').fill('13900002222');
    await page.getByTestId('fixed-create').click();
    await toast(page, name).waitFor();
    await page.getByTestId('fixed-form').waitFor({ state: 'detached' });

    // The list: 13 live occurrences, one order for the series, unpaid; paid from the row.
    const row = page.getByTestId('fixed-table').locator('tr', { hasText: name });
    await expect.poll(() => row.textContent()).toContain('韩梅梅');
    const order = row.getByTestId('fixed-order');
    await expect.poll(() => order.getAttribute('data-value')).toBe('pending');
    expect(await row.textContent()).toContain('13');
    await shot(page, 'desk-fixed-list');
    await row.getByTestId('fixed-pay').click();
    await payCash(page, 13 * 5000);
    await expect.poll(() => order.getAttribute('data-value')).toBe('paid');

    // The orders are there: the series' one, with its 13 lines.
    const list = await d.api.json('POST', booking('fixed/list'), { body: { stadiumId: d.venue.id } });
    const series = list.body.data.find((s: { name: string }) => s.name === name);
    expect(series.live).toBe(13);
    expect(series.skipped).toHaveLength(1);
    const detail = await orderOf(d, series.orders[0].orderId);
    expect(detail.state).toBe('paid');
    expect(detail.items).toHaveLength(13);

    // One occurrence cancelled (the last day's on site b): refunded in full.
    await row.getByTestId('fixed-row-cancelOne').click();
    await typeDate(page.locator('#fixed-cancel-form_date'), until);
    const claims = page.getByTestId('fixed-cancel-occurrences');
    await expect.poll(() => claims.textContent()).toContain(b!.name);
    await claims.locator('label', { hasText: b!.name }).click();
    await shot(page, 'desk-fixed-cancel-one');
    await page.getByTestId('fixed-cancel-ok').click();
    await toast(page, '已取消 1 个场次').waitFor();
    await expect.poll(async () => (await orderOf(d, series.orders[0].orderId)).refundedFen).toBe(5000);
    await expect.poll(() => row.textContent()).toContain('12');

    // In English: the list and the detail with its orders and the skipped occurrence.
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await page.reload();
    const enRow = page.getByTestId('fixed-table').locator('tr', { hasText: name });
    await expect.poll(() => enRow.textContent()).toContain('Every day 19:00–20:00');
    expect(await enRow.textContent()).toContain('One order for the series');
    await enRow.getByTestId('fixed-row-view').click();
    await expect.poll(() => page.getByTestId('fixed-skipped').textContent()).toContain(`Booked: ${taken.orderNo} 李雷`);
    await shot(page, 'desk-fixed-detail-en');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  });

  it('change a booking: a paid booking moved to a cheaper site is refunded the difference; moved to a longer time, the difference is paid', async () => {
    const d = await desk(2);
    const { page, sites, tomorrow, venue } = d;
    const [a, b] = sites;
    // Site b costs ¥30 an hour.
    const rule = await d.api.json('POST', venueApi('price'), {
      body: { venueId: venue.id, name: '2号场优惠', siteId: b!.id, start: '08:00', end: '22:00', priceFen: 3000 },
    });
    expect(rule.code, rule.msg).toBe(0);
    const paid = await book(d, a!.id, tomorrow, '10:00', '11:00', '张伟');

    // Found by its order number.
    await page.goto(`${e.baseUrl}${CHANGE}`);
    await page.getByTestId('change-code').fill(paid.orderNo);
    await page.getByTestId('change-find').click();
    await expect.poll(() => page.getByTestId('change-order').getAttribute('data-order-no')).toBe(paid.orderNo);
    expect(await page.getByTestId('change-line-spec').textContent()).toBe(`${tomorrow} 10:00-11:00`);

    // To site b at 14:00: ¥20 back.
    await pick(page, page.locator('#change-form_site'), b!.name);
    await page.getByTestId('change-slot-14:00').click();
    await expect.poll(() => page.getByTestId('change-estimate').getAttribute('data-fen')).toBe('-2000');
    await shot(page, 'desk-change-pick');
    await page.getByTestId('change-submit').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('change-result').getAttribute('data-refund')).toBe('2000');
    await expect.poll(() => page.getByTestId('change-line-spec').textContent()).toBe(`${tomorrow} 14:00-15:00`);
    const after = await orderOf(d, paid.orderId);
    expect(after.items[0]!.name).toBe(b!.name);
    expect(after.refundedFen).toBe(2000);
    await shot(page, 'desk-change-refunded');

    // Then to site a, 16:00–18:00 (two hours, ¥100): a difference to pay, paid in the pay dialog.
    await pick(page, page.locator('#change-form_site'), a!.name);
    await page.getByTestId('change-slot-16:00').click();
    await page.getByTestId('change-slot-17:00').click();
    await expect.poll(() => page.locator('#change-form_end').locator('..').textContent()).toContain('18:00');
    await page.getByTestId('change-submit').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('pay-dialog').waitFor();
    const difference = Number(await page.getByTestId('change-result').getAttribute('data-difference'));
    expect(difference).toBeGreaterThan(0);
    await payCash(page, difference);
    await expect.poll(() => page.getByTestId('change-line-spec').textContent()).toBe(`${tomorrow} 16:00-18:00`);
    const grid = await d.api.json('POST', booking('grid'), { body: { stadiumId: venue.id, date: tomorrow } });
    const state = (siteId: number, start: string) =>
      grid.body.slots.find((s: { siteId: number; start: string }) => s.siteId === siteId && s.start === start).state;
    expect(state(a!.id, '16:00')).toBe('booked');
    expect(state(a!.id, '17:00')).toBe('booked');
    expect(state(b!.id, '14:00')).toBe('free');
    expect(state(a!.id, '10:00')).toBe('free');
    await shot(page, 'desk-change-paid');
    // Arriving with ?orderId= (dark theme): the order and its line, its own slots open to move within.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${e.baseUrl}${CHANGE}?orderId=${paid.orderId}`);
    await expect.poll(() => page.getByTestId('change-order').getAttribute('data-order-no')).toBe(paid.orderNo);
    await expect.poll(() => page.getByTestId('change-slot-16:00').getAttribute('data-state')).toBe('open');
    await shot(page, 'desk-change-dark');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  });

  it("the workbench: today's session checked in, the shift counted blind, handed over with a note for the difference and signed off by a colleague", async () => {
    // A venue open around the clock where it is day now, so a slot later today exists.
    const tz = dayTimeZone();
    const d = await desk(2, { timeZone: tz, open: '00:00', close: '24:00' });
    const { page, sites, venue } = d;
    const date = today(tz);
    const start = hourAhead(tz, 60);

    // Cash taken (as at the grid) before the workbench is first shown: the shift opened with it.
    const paid = await book(d, sites[0]!.id, date, start, plusHour(start), '刘洋');
    await page.goto(`${e.baseUrl}${WORKBENCH}`);
    await expect.poll(() => page.getByTestId('shift-current').getAttribute('data-shift-id')).not.toBeNull();
    // The cash is not shown while the shift is open (the count is blind).
    await page.getByTestId('shift-cash-blind').waitFor();
    expect(await page.getByTestId('shift-cash').count()).toBe(0);

    // Today's sessions: expected, then checked in from its row.
    const row = page.getByTestId('workbench-sessions').locator(`tr[data-row-key="${paid.orderId}"]`);
    await expect.poll(() => row.getByTestId('workbench-arrival').getAttribute('data-value')).toBe('waiting');
    expect(await row.textContent()).toContain(`${start}–${plusHour(start)}`);
    expect(await page.getByTestId('workbench-grid').isVisible()).toBe(true);
    await shot(page, 'desk-workbench');
    await row.getByTestId('workbench-checkin').click();
    await toast(page, paid.orderNo).waitFor();
    await expect.poll(() => row.getByTestId('workbench-arrival').getAttribute('data-value')).toBe('arrived');

    // The count is blind: an empty field and no expected cash until ¥45 is recorded; then ¥50 expected, ¥5 short.
    await page.getByTestId('shift-hand').click();
    const dialog = visible(page.locator('.ant-modal'));
    await page.locator('#shift-hand-form_counted').waitFor();
    expect(await page.locator('#shift-hand-form_counted').inputValue()).toBe('');
    expect(await dialog.getByTestId('shift-hand-expected').count()).toBe(0);
    expect(await dialog.textContent()).not.toContain('50.00');
    await shot(page, 'desk-shift-count');
    await page.locator('#shift-hand-form_counted').fill('45');
    await page.getByTestId('shift-hand-form-ok').click();
    await expect.poll(() => dialog.getByTestId('shift-hand-expected').getAttribute('data-fen')).toBe('5000');
    await expect.poll(() => dialog.getByTestId('shift-difference').getAttribute('data-fen')).toBe('-500');
    // Short: not handed over without a note.
    await page.getByTestId('shift-hand-form-ok').click();
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').textContent()).toContain('备注');
    await page.locator('#shift-hand-form_remark').fill('找零少收 5 元');
    await shot(page, 'desk-shift-hand');
    await page.getByTestId('shift-hand-form-ok').click();
    await toast(page, '已交班').waitFor();
    // One's own shift waits for someone else.
    const mine = page
      .getByTestId('shift-list')
      .locator('tr', { hasText: d.staff.name })
      .filter({ has: page.locator('[data-value="handed"]') });
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.getByTestId('shift-sign').isDisabled()).toBe(true);
    expect(await mine.textContent()).toContain('¥45.00');

    // A colleague of the same venue signs it off.
    const admin = await adminApi(e);
    const colleague = await makeUser(admin, d.staff.orgId, { roleIds: [d.staff.roleId], password: d.staff.password, code: uniq('e2e_') });
    const b = await browserAs(e, { code: colleague.code, password: d.staff.password });
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    await b.page.goto(`${e.baseUrl}${WORKBENCH}`);
    const theirs = b.page
      .getByTestId('shift-list')
      .locator('tr', { hasText: d.staff.name })
      .filter({ has: b.page.locator('[data-value="handed"]') });
    await theirs.getByTestId('shift-sign').click();
    await b.page.getByTestId('confirm-ok').click();
    await expect.poll(() => b.page.getByTestId('shift-list').locator('tr', { hasText: colleague.name }).count()).toBeGreaterThan(0);
    const signed = b.page
      .getByTestId('shift-list')
      .locator('tr', { hasText: d.staff.name })
      .filter({ has: b.page.locator('[data-value="signed"]') });
    await expect.poll(() => signed.count()).toBe(1);
    await shot(b.page, 'desk-shift-signed');
    const list = await d.api.json('POST', '/api/sport/workbench/shift/list', { body: { stadiumId: venue.id, state: 'signed' } });
    expect(list.body.data[0]).toMatchObject({ handedFen: 4500, cashFen: 5000, remark: '找零少收 5 元', signedByName: colleague.name });
  });
});
