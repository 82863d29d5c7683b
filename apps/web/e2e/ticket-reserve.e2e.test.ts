import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeUser, signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { TICKET_KEYS, gaSession, gridMap, ok, seatedSession, ticketApi } from '../../server/src/modules/sport/ticket/ticket.testkit.ts';
import { COMMERCE_KEYS } from '../../server/src/modules/sport/commerce/commerce.testkit.ts';
import { adminApi, browserAs, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * The ticketing rules at the console (issue 13): reserved tickets requested with a reason and
 * approved by another user; a real-name sale with its viewers; a ticket refunded by its session's
 * rules. Each test works as the staff of an organisation of its own, with data it makes.
 */
const RESERVE = '/sport/views/ticketManagement/sellTicketYL/book';
const SELL = '/sport/views/ticketManagement/sellTicket/index';
const LIST = '/sport/views/ticketManagement/ticketList/index';
const MENUS = ['home', ...TICKET_KEYS, ...COMMERCE_KEYS, 'sport.ticket.reserve'];

/** A valid 18-digit identity card number (its check character computed). */
function idCard(n: number): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const body = `44052419800101${String(n % 1000).padStart(3, '0')}`;
  const sum = [...body].reduce((acc, ch, i) => acc + Number(ch) * w[i]!, 0);
  return body + '10X98765432'[sum % 11];
}

describe('ticketing rules console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const browser = async (who: { code: string; password: string }) => {
    const b = await browserAs(e, who);
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    return b.page;
  };

  /** Picks an option of an antd select (opened by clicking it) by its text. */
  const choose = async (page: Page, testId: string, text: string) => {
    await page.getByTestId(testId).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
  };

  it("issues reserved tickets: requested with a reason (held at once), the requester cannot approve, another user approves and the tickets are sold on the reserved channel; a real-name project's request names its viewers", async () => {
    const staff = await makeStaff(e, MENUS);
    const api = await signIn(e.server, staff.code, staff.password);
    const other = await makeUser(await adminApi(e), staff.orgId, { roleIds: [staff.roleId], password: staff.password, code: uniq('e2e_ok_') });
    const { project, session, levelId } = await gaSession(api, 20, 12000);
    const named = await gaSession(api, 10, 5000, { realName: 'per_id' });
    await ok(api, 'POST', ticketApi('order'), {
      sessionId: named.session.id,
      levelId: named.levelId,
      quantity: 1,
      viewers: [{ name: '已购票', idNo: idCard(7) }],
    });

    const a = await browser(staff);
    await a.goto(`${e.baseUrl}${RESERVE}`);
    await a.getByTestId('reserve-add').click();
    await a.getByTestId('reserve-form-ok').waitFor();
    await choose(a, 'reserve-form-session', project.name);
    await choose(a, 'reserve-form-level', '普通票');
    await a.getByTestId('reserve-form-quantity').fill('2');
    // The reason is required: without it nothing is sent.
    await a.getByTestId('reserve-form-ok').click();
    await expect.poll(() => a.locator('#reserve-form_reason_help').textContent()).toBeTruthy();
    await a.locator('#reserve-form_reason').fill('赞助商嘉宾招待');
    await a.locator('#reserve-form_recipientName').fill('赞助商');
    await choose(a, 'reserve-form-approver', other.name);
    await a.waitForTimeout(300);
    await screenshot(a, 'ticket-reserve-form-light');
    await a.getByTestId('reserve-form-ok').click();
    await a.getByTestId('reserve-form-ok').waitFor({ state: 'detached' });

    const [req] = (await ok<{ data: { id: number; state: string; orderId: number }[] }>(api, 'POST', ticketApi('reserve/list'), { sessionId: session.id }))
      .data;
    expect(req!.state).toBe('pending');
    expect((await ok(api, 'GET', ticketApi(`level/${levelId}`))).held).toBe(2);
    const rowA = a.getByTestId(`reserve-row-${req!.id}`);
    await expect.poll(() => rowA.getAttribute('data-state')).toBe('pending');
    expect(await a.getByTestId(`reserve-approve-${req!.id}`).isDisabled()).toBe(true);

    // Another user, in a browser of their own, approves it with a remark.
    const b = await browser({ code: other.code, password: staff.password });
    await b.goto(`${e.baseUrl}${RESERVE}`);
    await b.getByTestId(`reserve-approve-${req!.id}`).click();
    await b.getByTestId('reserve-review-ok').waitFor();
    await b.locator('#reserve-review_reason').fill('同意');
    await b.getByTestId('reserve-review-ok').click();
    const rowB = b.getByTestId(`reserve-row-${req!.id}`);
    await expect.poll(() => rowB.getAttribute('data-state')).toBe('approved');
    await expect.poll(() => rowB.textContent()).toContain(other.name);
    await b.waitForTimeout(300);
    await screenshot(b, 'ticket-reserve-approved-light');
    // The same list in the dark theme.
    await b.evaluate(() => localStorage.setItem('theme', 'dark'));
    await b.reload();
    await expect.poll(() => b.getByTestId(`reserve-row-${req!.id}`).getAttribute('data-state')).toBe('approved');
    await b.waitForTimeout(300);
    await screenshot(b, 'ticket-reserve-approved-dark');

    const tickets = (await ok<{ data: { state: string; channel: string }[] }>(api, 'POST', ticketApi('list'), { orderId: req!.orderId })).data;
    expect(tickets.map((t) => [t.state, t.channel])).toEqual([
      ['sold', 'reserved'],
      ['sold', 'reserved'],
    ]);
    await b.goto(`${e.baseUrl}${LIST}`);
    await expect.poll(() => b.getByTestId('ticket-table').textContent()).toContain('预留');

    // A real-name project: a viewer per ticket; the same id twice is refused at its field, so is an id with a ticket of the session already.
    await a.getByTestId('reserve-add').click();
    await a.getByTestId('reserve-form-ok').waitFor();
    await choose(a, 'reserve-form-session', named.project.name);
    await choose(a, 'reserve-form-level', '普通票');
    await a.getByTestId('reserve-form-quantity').fill('2');
    await expect.poll(() => a.getByTestId('reserve-form-viewers').getAttribute('data-count')).toBe('2');
    await a.locator('#reserve-form_reason').fill('实名嘉宾');
    await a.getByTestId('reserve-form-viewer-name-0').fill('嘉宾甲');
    await a.getByTestId('reserve-form-viewer-idNo-0').fill(idCard(5));
    await a.getByTestId('reserve-form-viewer-name-1').fill('Guest B');
    await a.getByTestId('reserve-form-viewer-idNo-1').fill(idCard(5).toLowerCase());
    await a.getByTestId('reserve-form-ok').click();
    await expect.poll(() => a.locator('#reserve-form_viewers_1_idNo_help').textContent()).toContain(idCard(5));
    await a.getByTestId('reserve-form-viewer-idNo-1').fill(idCard(7));
    await a.getByTestId('reserve-form-ok').click();
    await expect.poll(() => a.locator('#reserve-form_viewers_1_idNo_help').textContent()).toContain(idCard(7));
    expect((await ok(api, 'POST', ticketApi('reserve/list'), { sessionId: named.session.id })).total).toBe(0);
    await screenshot(a, 'ticket-reserve-viewers-refused-light');
    // A passport is taken as typed.
    await choose(a, 'reserve-form-viewer-idType-1', '护照');
    await a.getByTestId('reserve-form-viewer-idNo-1').fill('E12345678');
    await a.getByTestId('reserve-form-ok').click();
    await a.getByTestId('reserve-form-ok').waitFor({ state: 'detached' });
    const [reqN] = (await ok<{ data: { state: string; orderId: number }[] }>(api, 'POST', ticketApi('reserve/list'), { sessionId: named.session.id })).data;
    expect(reqN!.state).toBe('pending');
    const viewers = (await ok<{ data: { viewerName: string; state: string }[] }>(api, 'POST', ticketApi('list'), { orderId: reqN!.orderId })).data;
    expect(viewers.map((t) => [t.viewerName, t.state]).sort()).toEqual([
      ['Guest B', 'held'],
      ['嘉宾甲', 'held'],
    ]);
  });

  it('sells real-name tickets: a viewer per ticket (the buyer, one typed, one from the member records), the same id twice is refused at its field, then held and paid', async () => {
    const staff = await makeStaff(e, [...MENUS, 'sport.member.list']);
    const api = await signIn(e.server, staff.code, staff.password);
    const { project, session } = await gaSession(api, 50, 5000, { realName: 'per_id' });
    const phone = `139${String(Date.now()).slice(-8)}`;
    await ok(api, 'POST', '/api/sport/member/add', { name: '会员丙', phone, idType: '1', idNo: idCard(3) });
    const page = await browser(staff);
    await page.goto(`${e.baseUrl}${SELL}`);
    await choose(page, 'ticket-sell-session', project.name);
    await choose(page, 'ticket-sell-ga-level', '普通票');
    await page.getByTestId('ticket-sell-ga-quantity').fill('3');
    await expect.poll(() => page.getByTestId('ticket-sell-viewers').getAttribute('data-count')).toBe('3');
    await page.locator('#ticket-sell-buyer_name').fill('陈购票');
    await page.locator('#ticket-sell-buyer_idNo').fill(idCard(1));
    await page.getByTestId('ticket-sell-viewer-from-buyer').click();
    await expect.poll(() => page.getByTestId('ticket-sell-viewer-idNo-0').inputValue()).toBe(idCard(1));
    await page.getByTestId('ticket-sell-viewer-name-1').fill('陈观众');
    await page.getByTestId('ticket-sell-viewer-idNo-1').fill(idCard(1));
    // The third viewer from the member records: the name comes, the id number stays on the server.
    await page.getByTestId('ticket-sell-viewer-member').click();
    await page.keyboard.type(phone);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '会员丙' }).click();
    await expect.poll(() => page.getByTestId('ticket-sell-viewer-name-2').inputValue()).toBe('会员丙');
    expect(await page.getByTestId('ticket-sell-viewer-idNo-2').isDisabled()).toBe(true);
    await page.getByTestId('ticket-sell-submit').click();
    await expect.poll(() => page.locator('#ticket-sell-buyer_viewers_1_idNo_help').textContent()).toContain(idCard(1));
    expect((await ok(api, 'POST', ticketApi('list'), { sessionId: session.id })).total).toBe(0);
    await page.waitForTimeout(300);
    await screenshot(page, 'ticket-sell-viewers-refused-light');

    await page.getByTestId('ticket-sell-viewer-idNo-1').fill(idCard(2));
    await page.getByTestId('ticket-sell-submit').click();
    await page.getByTestId('pay-dialog').waitFor();
    await page.getByTestId('pay-method-cash').click();
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await expect.poll(() => page.getByTestId('ticket-sell-hold').getAttribute('data-state')).toBe('paid');
    const sold = (await ok<{ data: { state: string; viewerName: string }[] }>(api, 'POST', ticketApi('list'), { sessionId: session.id })).data;
    expect(sold.map((t) => t.viewerName).sort()).toEqual(['会员丙', '陈观众', '陈购票'].sort());
    expect(sold.every((t) => t.state === 'sold')).toBe(true);
  });

  it('refunds a ticket by its session rules: the amount is shown before confirming, and once the refund review approves it the seat is free again', async () => {
    const staff = await makeStaff(e, [...MENUS, 'sport.ticket.competitionOrder']);
    const api = await signIn(e.server, staff.code, staff.password);
    const { session } = await seatedSession(api, gridMap(1, 1, 3), { startAt: new Date(Date.now() + 30 * 3600_000).toISOString() });
    const rules = await ok(api, 'GET', ticketApi(`session/${session.id}/refund-rules`));
    await ok(api, 'PUT', ticketApi(`session/${session.id}/refund-rules`), {
      refundRules: {
        refundable: true,
        tiers: [
          { hoursBefore: 72, percent: 100 },
          { hoursBefore: 24, percent: 80 },
        ],
      },
      version: rules.version,
    });
    const seats = (await ok<{ seats: { id: number }[] }>(api, 'POST', ticketApi(`session/${session.id}/seats`), {})).seats;
    const order = await ok(api, 'POST', ticketApi('order'), { sessionId: session.id, seatIds: [seats[0]!.id] });
    await ok(api, 'POST', `/api/sport/commerce/order/${order.orderId}/pay`, { method: 'cash', amountFen: order.amount });
    const [ticket] = (await ok<{ data: { id: number; code: string }[] }>(api, 'POST', ticketApi('list'), { orderId: order.orderId })).data;

    const page = await browser(staff);
    await page.goto(`${e.baseUrl}${LIST}`);
    await page.locator('#ticket-search_code').fill(ticket!.code);
    await page.locator('#ticket-search_code').press('Enter');
    const action = page.locator(`[data-testid="ticket-row-refund"][data-row-key="${ticket!.id}"]`);
    await page.locator(`[data-row-key="${ticket!.id}"]`).first().waitFor();
    if (!(await action.isVisible())) await page.locator(`[data-testid="ticket-row-more"][data-row-key="${ticket!.id}"]`).hover();
    await action.click();
    await page.getByTestId('ticket-refund-ok').waitFor();
    await expect.poll(() => page.getByTestId('ticket-refund-quote').getAttribute('data-amount')).toBe(String(Math.round(38000 * 0.8)));
    await expect.poll(() => page.getByTestId('ticket-refund-amount').textContent()).toContain('304');
    await page.locator('#ticket-refund_reason').fill('观众行程变更');
    await page.waitForTimeout(300);
    await screenshot(page, 'ticket-refund-quote-light');
    await page.getByTestId('ticket-refund-ok').click();
    await page.getByTestId('ticket-refund-ok').waitFor({ state: 'detached' });

    const refunds = await ok<{ data: { id: number; amountFen: number; state: string }[] }>(api, 'POST', '/api/sport/commerce/refund/list', {
      orderNo: order.orderNo,
    });
    expect(refunds.data.map((r) => [r.amountFen, r.state])).toEqual([[30400, 'applied']]);
    expect((await ok<{ seats: { state: string }[] }>(api, 'POST', ticketApi(`session/${session.id}/seats`), {})).seats[0]!.state).toBe('sold');
    // Approved by someone other than the applicant (issue 23): here the platform administrator.
    await ok(await adminApi(e), 'POST', `/api/sport/commerce/refund/${refunds.data[0]!.id}/review`, { approve: true, remark: '同意' });
    expect((await ok<{ seats: { state: string }[] }>(api, 'POST', ticketApi(`session/${session.id}/seats`), {})).seats[0]!.state).toBe('free');
    await page.locator('#ticket-search_code').press('Enter');
    await expect.poll(() => page.getByTestId('ticket-table').textContent()).toContain('已退');

    // The competition order's detail lists the refund with its state in words.
    await page.goto(`${e.baseUrl}/sport/views/ticketManagement/competitionTicketingOrder/detail/${order.orderId}`);
    const refundRows = page.getByTestId('competitionOrder-refunds');
    await expect.poll(() => refundRows.textContent()).toContain('已退款');
    expect(await refundRows.textContent()).not.toContain('succeeded');
  });
});
