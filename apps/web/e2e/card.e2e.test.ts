import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Client } from '../../server/test/harness.ts';
import { makeUser, signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { makeVenue } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import {
  adminApi,
  bookForMemberIn,
  browserAs,
  makeStaff,
  screenshot as takeScreenshot,
  startE2E,
  uniq,
  type E2E,
  type OwnBrowser,
  type Staff,
} from './support.ts';

/**
 * Member cards at the console (issue 12): sell a stored-value card and recharge it (cash in the
 * pay component), pay a booking with the card, freeze it and see a payment refused, share it with
 * a second member who pays with it, check in with a times card. Each test works as the staff of an
 * organisation of its own (card, order and booking screens), with card types, members and cards it
 * makes itself through the API, so any test runs alone.
 */
const SELL = '/sport/views/member/memberCard/sellCard';
const LIST = '/sport/views/member/memberCard/index';
const CHECKIN = '/sport/views/memberCheckIn/index';
const TYPES = '/sport/views/member/memberCard/rulesSetting';
const USAGE = '/sport/views/member/memberCard/usageRecord';
const RESERVE = '/sport/views/venueReserve/index';
const detailPath = (id: number) => `/sport/views/member/memberCard/cardDetail/${id}`;
const cardApi = (p: string) => `/api/sport/card/${p}`;
const CARD_KEYS = ['sport.card.list', 'sport.card.sell', 'sport.card.types', 'sport.card.usage', 'sport.member.checkin'];
/** The card screens, the orders (to take payment), booking and the venue screens (to make the venue). */
const MENUS = ['home', ...CARD_KEYS, 'sport.member.list', 'sport.order', 'sport.refund', 'sport.venue.reserve', 'sport.venue.manage', 'sport.venue.list'];

async function ok<T = any>(c: Client, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body, headers: { 'Idempotency-Key': crypto.randomUUID() } });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

/** A card type of the staff's organisation. */
const makeType = (c: Client, v: Record<string, unknown>) => ok<{ id: number }>(c, 'POST', cardApi('type'), { name: uniq('type'), priceFen: 0, ...v });

/** Sells a card of the type to the member and pays it in cash: the card, active. */
async function sellPaid(c: Client, typeId: number, memberId: number) {
  const sold = await ok<{ orderId: number; amountFen: number; cardId: number; cardNo: string }>(c, 'POST', cardApi('sell'), { typeId, memberId });
  if (sold.amountFen > 0) await ok(c, 'POST', `/api/sport/commerce/order/${sold.orderId}/pay`, { method: 'cash', amountFen: sold.amountFen });
  return sold;
}

let phoneSeq = 0;

describe('member cards console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    // A value card's balance always equals the sum of its ledger entries, and is never negative.
    if (e) {
      const wrong = await e.server.database.query(
        `select c.card_no from sport_member_card c join sport_balance_account a on a.id = c.account_id
          where a.balance_fen < 0 or a.balance_fen <> coalesce((select sum(case when l.side = 'credit' then l.amount_fen else -l.amount_fen end) from sport_ledger_entry l where l.account_id = a.id and l.account = 'balance'), 0)`,
      );
      expect(wrong).toEqual([]);
    }
    for (const b of open) await b.close();
    await e?.close();
  });

  interface Desk {
    staff: Staff;
    api: Client;
    page: Page;
    venue?: Awaited<ReturnType<typeof makeVenue>>['venue'];
    sites: { id: number; name: string }[];
  }

  /** Staff of a new organisation (with a venue when asked, made before signing in: the console loads it at sign-in), signed in at the console. */
  const desk = async (withVenue = false, menus: string[] = []): Promise<Desk> => {
    const staff = await makeStaff(e, [...MENUS, ...menus]);
    const api = await signIn(e.server, staff.code, staff.password);
    const made = withVenue ? await makeVenue(api, { n: 2, priceFen: 6000 }) : null;
    const b = await browserAs(e, staff);
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    return { staff, api, page: b.page, venue: made?.venue, sites: made?.sites ?? [] };
  };

  /** A member of the staff's organisation (through the API, as the front desk registers one). */
  const member = async (d: Desk, name: string): Promise<number> => {
    const phone = `139${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneSeq++ % 1000).padStart(3, '0')}`;
    return (await ok<{ id: number }>(d.api, 'POST', '/api/sport/member', { name, phone })).id;
  };
  const card = async (c: Client, id: number) => {
    const r = await c.json('GET', cardApi(String(id)));
    expect(r.code, r.msg).toBe(0);
    return r.body as {
      status: string;
      balanceFen: number | null;
      timesLeft: number | null;
      accountId: number | null;
      shares: { memberId: number; usedFen: number }[];
    };
  };
  /** A screenshot once transitions (colours, dialogs) have settled. */
  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(400);
    await takeScreenshot(page, name);
  };
  const setTheme = async (page: Page, theme: 'light' | 'dark') => {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
  };
  /** Picks a member in a member select by typing their (unique) name. */
  const pickMember = async (page: Page, inputSelector: string, name: string) => {
    await page.locator(inputSelector).fill(name);
    await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
  };
  /** Cash for what is due, then Finish. */
  const payCash = async (page: Page, dueFen: number) => {
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe(String(dueFen));
    await page.getByTestId('pay-method-cash').click();
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });
  };
  /** Books one free cell of tomorrow for a member and opens the pay component on that order. */
  const bookForMember = async (d: Desk, memberName: string, start: string) => {
    const { page, sites } = d;
    await page.goto(`${e.baseUrl}${RESERVE}`);
    await page.getByTestId('booking-next').click();
    const cell = page.getByTestId(`cell-${sites[0]!.id}-${start}`);
    await expect.poll(() => cell.getAttribute('data-state')).toBe('free');
    await cell.click();
    await page.getByTestId('booking-book').click();
    await bookForMemberIn(page, memberName, memberName);
    await page.getByTestId('booking-form-ok').click();
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('6000');
  };
  /** In the pay component: balance, the account found by `keyword` (its holder's name), the whole amount. */
  const payWithBalance = async (page: Page, keyword: string, holder: string) => {
    await page.getByTestId('pay-method-balance').click();
    await page.locator('#pay-form_accountId').fill(keyword);
    await page.locator('.ant-select-item-option').filter({ hasText: holder }).first().click();
    await page.getByTestId('pay-submit').click();
  };

  it('sells a stored-value card and takes cash, then recharges it from its detail', async () => {
    const d = await desk();
    const { page, api } = d;
    const typeName = uniq('储值卡');
    await makeType(api, { kind: 'value', name: typeName, priceFen: 50000, faceValueFen: 50000, rechargeBonus: [{ minFen: 20000, bonusFen: 2000 }] });
    const name = uniq('王会员');
    await member(d, name);

    await page.goto(`${e.baseUrl}${SELL}`);
    await page.getByTestId('card-sell-type-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: typeName }).click();
    await expect.poll(() => page.getByTestId('card-sell-type').textContent()).toContain('¥500.00');
    await pickMember(page, '#card-sell-form_memberId', name);
    await shot(page, 'card-sell-light');
    await page.getByTestId('card-sell-ok').click();
    await payCash(page, 50000);

    // The new card, active once paid, with its face value on it.
    const result = page.getByTestId('card-sell-result');
    await result.waitFor();
    await expect.poll(() => page.getByTestId('card-sell-status').getAttribute('data-value')).toBe('active');
    await expect.poll(() => page.getByTestId('card-sell-left').getAttribute('data-fen')).toBe('50000');
    const cardId = Number(await result.getAttribute('data-card-id'));
    await shot(page, 'card-sold-light');

    // Its detail: recharge 200 yuan (the 20 yuan bonus tier is reached), paid in cash.
    await page.getByTestId('card-sell-detail').click();
    await page.waitForURL(new RegExp(detailPath(cardId)));
    await expect.poll(() => page.getByTestId('card-detail-left').getAttribute('data-fen')).toBe('50000');
    await page.getByTestId('card-detail-recharge').click();
    await page.locator('#card-recharge-form_amount').fill('200');
    await page.getByTestId('card-recharge-bonus').waitFor();
    await page.getByTestId('card-recharge-form-ok').click();
    await payCash(page, 20000);
    await expect.poll(() => page.getByTestId('card-detail-left').getAttribute('data-fen')).toBe('72000');
    expect((await card(api, cardId)).balanceFen).toBe(72000);
    await expect.poll(() => page.getByTestId('card-detail-usage').textContent()).toContain('充值');
    await shot(page, 'card-detail-light');
  });

  it('pays a booking with the card: balance, the card account; the card is debited', async () => {
    const d = await desk(true);
    const { page, api } = d;
    const typeName = uniq('金卡');
    const type = await makeType(api, { kind: 'value', name: typeName, priceFen: 30000, faceValueFen: 30000 });
    const name = uniq('李会员');
    const memberId = await member(d, name);
    const sold = await sellPaid(api, type.id, memberId);

    await bookForMember(d, name, '10:00');
    // Issue 25, point 13: the booking's member is carried in, their card's account is preselected,
    // told by its card's name, kind, number and balance (not a bare account number).
    await page.getByTestId('pay-method-balance').click();
    const chosen = page.getByTestId('pay-account-chosen');
    await expect.poll(() => chosen.textContent()).toContain(typeName);
    const text = (await chosen.textContent()) ?? '';
    expect(text).toContain('储值卡');
    expect(text).toContain(sold.cardNo);
    expect(text).toContain('¥300.00');
    await page.locator('#pay-form_accountId').click();
    await page
      .locator('.ant-select-item-option')
      .getByTestId(`account-option-${(await card(api, sold.cardId)).accountId}`)
      .waitFor();
    await shot(page, 'pay-account-preselected-light');
    await page.keyboard.press('Escape');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await expect.poll(() => page.getByTestId(`cell-${d.sites[0]!.id}-10:00`).getAttribute('data-state')).toBe('booked');
    expect((await card(api, sold.cardId)).balanceFen).toBe(24000);

    // The card's usage record shows the payment with its order.
    await page.goto(`${e.baseUrl}${detailPath(sold.cardId)}`);
    await expect.poll(() => page.getByTestId('card-detail-left').getAttribute('data-fen')).toBe('24000');
    await expect.poll(() => page.getByTestId('card-detail-usage').textContent()).toContain('消费');

    // The expense calendar shows the day's spending; the usage record lists the payment with its order (dark).
    await setTheme(page, 'dark');
    await page.getByTestId('card-tab-calendar').click();
    await expect.poll(() => page.getByTestId('card-calendar').textContent()).toContain('¥60.00');
    await shot(page, 'card-calendar-dark');
    await page.goto(`${e.baseUrl}${USAGE}`);
    await page.locator('#cardUsage-search_cardNo').fill(sold.cardNo);
    await page.getByTestId('cardUsage-search').click();
    await expect.poll(() => page.getByTestId('cardUsage-table').textContent()).toContain('消费');
    expect(await page.getByTestId('cardUsage-table').textContent()).toContain('-¥60.00');
    await shot(page, 'card-usage-dark');
    await setTheme(page, 'light');
  });

  it('freezes a card from the list with a reason: a payment with it is refused with the reason why', async () => {
    const d = await desk(true);
    const { page, api } = d;
    const type = await makeType(api, { kind: 'value', priceFen: 30000, faceValueFen: 30000 });
    const name = uniq('赵会员');
    const memberId = await member(d, name);
    const sold = await sellPaid(api, type.id, memberId);

    await page.goto(`${e.baseUrl}${LIST}`);
    await page.locator('#card-search_cardNo').fill(sold.cardNo);
    await page.getByTestId('card-search').click();
    const row = page.locator(`[data-testid="card-table"] tr[data-row-key="${sold.cardId}"]`);
    await expect.poll(() => row.textContent()).toContain(name);
    await page.locator(`[data-testid="card-row-freeze"][data-row-key="${sold.cardId}"]`).click();
    await page.locator('#card-freeze-form_reason').fill('会员出差');
    await page.getByTestId('card-freeze-form-ok').click();
    await expect.poll(() => row.textContent()).toContain('已冻结');
    expect((await card(api, sold.cardId)).status).toBe('frozen');
    await shot(page, 'card-list-frozen-light');

    // Spec 2.2 rule 8: to the card's detail and back; the list kept its filter and knows where the user came from.
    await row.getByTestId('card-no').click();
    await page.waitForURL(new RegExp(detailPath(sold.cardId)));
    await expect.poll(() => page.getByTestId('card-detail-status').getAttribute('data-value')).toBe('frozen');
    await page.getByTestId('card-detail-back').click();
    await page.waitForURL(new RegExp(LIST));
    await expect.poll(() => page.getByTestId('card-page').getAttribute('data-came-back')).toBe('true');
    expect(await page.locator('#card-search_cardNo').inputValue()).toBe(sold.cardNo);
    await expect.poll(() => page.locator('[data-testid="card-table"] tr[data-row-key]').count()).toBe(1);

    // Issue 25, point 13: the frozen card's account is not preselected; it is listed disabled with
    // its reason before any confirm (the server refuses it too: pay-member.test.ts).
    await bookForMember(d, name, '11:00');
    await page.getByTestId('pay-method-balance').click();
    const { accountId } = await card(api, sold.cardId);
    await page.locator('#pay-form_accountId').click();
    const option = page.getByTestId(`account-option-${accountId}`);
    await option.waitFor();
    expect(await option.getAttribute('data-refusal')).toBe('refusal.frozen');
    expect(await option.textContent()).toContain('卡已冻结');
    expect(await page.locator('.ant-select-item-option-disabled').filter({ has: option }).count()).toBe(1);
    await shot(page, 'pay-account-frozen-light');
    await option.click({ force: true });
    expect(await page.getByTestId('pay-account-chosen').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('pay-submit').click();
    await expect.poll(() => page.locator('#pay-form_accountId_help').textContent()).toContain('不能为空');
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('6000');
    expect((await card(api, sold.cardId)).balanceFen).toBe(30000);
  });

  it('shares a card with a second member, who then pays a booking with it (English)', async () => {
    const d = await desk(true);
    const { page, api } = d;
    const type = await makeType(api, { kind: 'value', priceFen: 30000, faceValueFen: 30000, maxSharers: 2 });
    const owner = uniq('Owner');
    const sharer = uniq('Sharer');
    const ownerId = await member(d, owner);
    const sharerId = await member(d, sharer);
    const sold = await sellPaid(api, type.id, ownerId);

    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await page.goto(`${e.baseUrl}${detailPath(sold.cardId)}`);
    await page.getByTestId('card-tab-shares').click();
    await page.getByTestId('card-share-add').click();
    await pickMember(page, '#card-share-form_memberId', sharer);
    await page.locator('#card-share-form_limit').fill('100');
    await page.getByTestId('card-share-form-ok').click();
    const shares = page.getByTestId('card-share-table');
    await expect.poll(() => shares.textContent()).toContain(sharer);
    expect(await shares.textContent()).toContain('¥100.00');
    await shot(page, 'card-shares-en');

    // The sharer's booking, paid from the owner's card (found by the owner's name).
    await bookForMember(d, sharer, '15:00');
    await payWithBalance(page, owner, owner);
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    const after = await card(api, sold.cardId);
    expect(after.balanceFen).toBe(24000);
    expect(after.shares.find((s) => s.memberId === sharerId)?.usedFen).toBe(6000);
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  });

  it('checks a member in with a times card found by its number: the uses left drop by one', async () => {
    const d = await desk();
    const { page, api } = d;
    const type = await makeType(api, { kind: 'times', priceFen: 20000, times: 10, validDays: 90 });
    const name = uniq('钱会员');
    const memberId = await member(d, name);
    const sold = await sellPaid(api, type.id, memberId);

    await page.goto(`${e.baseUrl}${CHECKIN}`);
    await page.getByTestId('checkin-code').fill(sold.cardNo);
    await page.getByTestId('checkin-code').press('Enter');
    await expect.poll(() => page.getByTestId('checkin-member').textContent()).toContain(name);
    const left = page.getByTestId(`checkin-left-${sold.cardId}`);
    await expect.poll(() => left.getAttribute('data-times')).toBe('10');
    await page.getByTestId(`checkin-go-${sold.cardId}`).click();
    await expect.poll(() => left.getAttribute('data-times')).toBe('9');
    expect((await card(api, sold.cardId)).timesLeft).toBe(9);
    await expect.poll(() => page.getByTestId('checkin-visits').textContent()).toContain(sold.cardNo);
    await shot(page, 'card-checkin-light');

    // The card's QR text, as a scanner types it, finds the same member.
    await page.getByTestId('checkin-code').fill(`VC:${sold.cardNo}`);
    await page.getByTestId('checkin-code').press('Enter');
    await expect.poll(() => page.getByTestId('checkin-method').getAttribute('data-value')).toBe('qr');
    await expect.poll(() => left.getAttribute('data-times')).toBe('9');

    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await page.getByTestId('checkin-code').fill(sold.cardNo);
    await page.getByTestId('checkin-code').press('Enter');
    await expect.poll(() => left.getAttribute('data-times')).toBe('9');
    await shot(page, 'card-checkin-dark-en');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await setTheme(page, 'light');
  });

  it('sets up a times card type in the rules setting and shows which venue price rules its level gets', async () => {
    const d = await desk(true);
    const { page, api } = d;
    const level = uniq('gold');
    expect(
      (
        await api.json('POST', '/api/sport/venue/price', {
          body: { venueId: d.venue!.id, name: '金卡价', sport: 'badminton', level, start: '08:00', end: '22:00', priceFen: 4800 },
        })
      ).code,
    ).toBe(0);
    const name = uniq('次卡');
    await page.goto(`${e.baseUrl}${TYPES}`);
    await page.getByTestId('cardType-add').click();
    await page.locator('#cardType-form_name').fill(name);
    await page.locator('#cardType-form_kind').getByText('次卡').click();
    await page.locator('#cardType-form_priceFen').fill('300');
    await page.locator('#cardType-form_times').fill('20');
    await page.locator('#cardType-form_validDays').fill('180');
    await page.locator('#cardType-form_perDay').fill('1');
    await page.locator('#cardType-form_level').fill(level);
    // A stored-value type's fields are not asked for a times card.
    expect(await page.locator('#cardType-form_faceValueFen').count()).toBe(0);
    await shot(page, 'card-type-form-light');
    await page.getByTestId('cardType-form-ok').click();
    const row = page.getByTestId('cardType-table').locator('tr', { hasText: name });
    await expect.poll(() => row.textContent()).toContain('20 次');
    expect(await row.textContent()).toContain('¥300.00');

    await row.getByTestId('cardType-row-rules').click();
    const rules = page.getByTestId('card-type-rules');
    await expect.poll(() => rules.textContent()).toContain('金卡价');
    expect(await rules.textContent()).toContain('¥48.00');
    await shot(page, 'card-type-rules-light');
    await page.keyboard.press('Escape');

    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await expect.poll(() => row.textContent()).toContain('20 uses');
    await shot(page, 'card-types-dark-en');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await setTheme(page, 'light');
  });
  it("edits a card's end date, changes its manager and applies for its refund from its detail: each change is in its logs", async () => {
    // With the user list, the manager is found by name (the kit's user picker).
    const d = await desk(false, ['system.user']);
    const { page, api } = d;
    const seller = await makeUser(await adminApi(e), d.staff.orgId, { name: uniq('钱销售') });
    const type = await makeType(api, { kind: 'value', priceFen: 20000, faceValueFen: 20000 });
    const name = uniq('孙会员');
    const sold = await sellPaid(api, type.id, await member(d, name));

    await page.goto(`${e.baseUrl}${detailPath(sold.cardId)}`);
    await page.getByTestId('card-detail-date').click();
    await page.locator('#card-date-form_validTo').fill('2030-06-30');
    await page.locator('#card-date-form_validTo').press('Enter');
    await page.locator('#card-date-form_reason').fill('活动延期');
    await page.getByTestId('card-date-form-ok').click();
    await page
      .getByTestId('card-date-form')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await expect.poll(async () => (await api.json('GET', cardApi(String(sold.cardId)))).body.validTo).toBe('2030-06-30');

    await page.getByTestId('card-detail-manager').click();
    await page.locator('#card-manager-form_managerId').click();
    await page.locator('#card-manager-form_managerId').pressSequentially(seller.name.slice(0, 5));
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: `${seller.name} · ${seller.code}` })
      .click();
    await page.getByTestId('card-manager-form-ok').click();
    await expect.poll(async () => (await api.json('GET', cardApi(String(sold.cardId)))).body.managerId).toBe(seller.id);
    await expect.poll(() => page.locator('.ant-descriptions').first().innerText()).toContain(seller.name);

    await page.getByTestId('card-detail-refund').click();
    await expect.poll(() => page.locator('#card-refund-form_amount').inputValue()).toBe('200');
    await page.locator('#card-refund-form_reason').fill('会员搬家');
    await shot(page, 'card-refund-light');
    await page.getByTestId('card-refund-form-ok').click();
    await expect.poll(() => page.getByTestId('card-detail-status').getAttribute('data-value')).toBe('frozen');
    const refunds = await api.json('POST', '/api/sport/commerce/refund/list', { body: { pageNum: 1, pageSize: 10 } });
    expect(refunds.body.data.map((r: { amountFen: number; state: string }) => [r.amountFen, r.state])).toContainEqual([20000, 'applied']);

    await page.getByTestId('card-tab-logs').click();
    const logs = page.getByTestId('card-detail-logs');
    await expect.poll(() => logs.textContent()).toContain('活动延期');
    const text = (await logs.textContent()) ?? '';
    for (const action of ['修改日期', '更换负责人', '退卡']) expect(text).toContain(action);
    expect(text).toContain('2030年06月30日');
    await shot(page, 'card-logs-light');
  });
  it("pays a booking with a times card: the pay component picks the member's card and one use is taken", async () => {
    const d = await desk(true);
    const { page, api } = d;
    const type = await makeType(api, { kind: 'times', priceFen: 20000, times: 5 });
    const name = uniq('周会员');
    const sold = await sellPaid(api, type.id, await member(d, name));

    await bookForMember(d, name, '16:00');
    await page.getByTestId('pay-method-card').click();
    await page.locator('#pay-form_cardId').click();
    await page.locator('.ant-select-item-option').filter({ hasText: sold.cardNo }).click();
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await expect.poll(() => page.getByTestId(`cell-${d.sites[0]!.id}-16:00`).getAttribute('data-state')).toBe('booked');
    expect((await card(api, sold.cardId)).timesLeft).toBe(4);
  });
  it('registers a new member inline at the card sale, sells them the card, and the order list shows their name and masked phone (issue 25, points 5 and 2)', async () => {
    const d = await desk();
    const { page, api } = d;
    const typeName = uniq('新人卡');
    await makeType(api, { kind: 'value', name: typeName, priceFen: 10000, faceValueFen: 10000 });
    const name = uniq('新会员');
    const phone = `137${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneSeq++ % 1000).padStart(3, '0')}`;
    const taken = `139${String(Date.now() % 1e5).padStart(5, '0')}${String(phoneSeq++ % 1000).padStart(3, '0')}`;
    await ok(api, 'POST', '/api/sport/member', { name: uniq('老会员'), phone: taken });

    await page.goto(`${e.baseUrl}${SELL}`);
    await page.getByTestId('card-sell-type-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: typeName }).click();
    // Nobody found by that phone: "New member" opens the short form with the phone typed.
    await page.locator('#card-sell-form_memberId').fill(phone);
    await page.getByText('没有找到会员').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('card-sell-member-new').click();
    await expect.poll(() => page.getByTestId('member-new-phone').inputValue()).toBe(phone);
    // A phone another member has is refused at its field by the server; nothing is saved.
    await page.getByTestId('member-new-name').fill(name);
    await page.getByTestId('member-new-phone').fill(taken);
    await page.getByTestId('member-new-ok').click();
    await expect.poll(() => page.locator('#member-new-form_phone_help').textContent()).toContain('已存在');
    await shot(page, 'member-new-duplicate-light');
    await page.getByTestId('member-new-phone').fill(phone);
    await page.getByTestId('member-new-ok').click();
    await page.getByTestId('member-new-ok').waitFor({ state: 'detached' });
    // The new member is the sale's member.
    await expect
      .poll(() =>
        page
          .locator('.ant-form-item')
          .filter({ has: page.locator('#card-sell-form_memberId') })
          .textContent(),
      )
      .toContain(name);
    await page.getByTestId('card-sell-ok').click();
    await payCash(page, 10000);
    await page.getByTestId('card-sell-result').waitFor();
    const cardId = Number(await page.getByTestId('card-sell-result').getAttribute('data-card-id'));
    const sold = await ok<{ memberName: string; memberId: number }>(api, 'GET', cardApi(String(cardId)));
    expect(sold.memberName).toBe(name);

    // The order list names the member with a masked phone, not "会员 #id".
    await page.goto(`${e.baseUrl}/sport/views/orderManagement/mainOrder`);
    const cell = page.getByTestId('order-table').locator('tbody [data-testid="order-member"]').filter({ hasText: name });
    await expect.poll(() => cell.count()).toBe(1);
    expect(await cell.textContent()).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    await shot(page, 'order-list-member-light');
    await setTheme(page, 'dark');
    await expect.poll(() => cell.count()).toBe(1);
    await shot(page, 'order-list-member-dark');
    await setTheme(page, 'light');
  });
});
