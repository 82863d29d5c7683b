import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addMember, newPhone } from '../../server/src/modules/sport/member/member.testkit.ts';
import { settledShot, startE2E, uniq, venueDesk, type E2E, type OwnBrowser, type VenueDesk } from './support.ts';

/**
 * Sports registration (issue 28, orderManagement/sportsRegistration) through the console: a member
 * entered in the enter dialog and paid in cash; admitted at the door by member number once (a
 * second verification says already admitted); the kit picked up with its bib; another entry moved
 * to another session and cancelled; the year limit set; the golf sheet and the order details shown.
 */
const SCREEN = '/sport/views/orderManagement/sportsRegistration/entry/index';
const MENUS = ['home', 'sport.registration.entry', 'sport.member.list', 'sport.order.main', 'sport.venue.manage', 'sport.venue.list'];
const HOUR = 3_600_000;

describe('sports registration console', () => {
  let e: E2E;
  let d: VenueDesk;
  let page: Page;
  const open: OwnBrowser[] = [];
  const eventName = uniq('羽毛球赛').slice(0, 30);
  const memberName = uniq('报名会员').slice(0, 20);
  let member: { id: number; memberNo: string };
  let other: { id: number; name: string };
  let sessions: { id: number }[];

  beforeAll(async () => {
    e = await startE2E();
    d = await venueDesk(e, open, MENUS);
    page = d.page;
    member = await addMember(d.api, { name: memberName, phone: newPhone() });
    other = await addMember(d.api, { name: uniq('改场会员').slice(0, 20), phone: newPhone() });
    const base = Date.now() + 7 * 24 * HOUR;
    const session = (i: number, place: string) => ({
      startTime: new Date(base + i * 3 * HOUR).toISOString(),
      endTime: new Date(base + (i * 3 + 2) * HOUR).toISOString(),
      place,
      capacity: 5,
    });
    const ev = await d.api.json<{ sessions: { id: number }[] }>('POST', '/api/sport/registration/event', {
      body: { stadiumId: d.venue.id, name: eventName, eventType: 'tournament', priceFen: 3_000, sessions: [session(0, '一号场'), session(1, '二号场')] },
    });
    sessions = ev.body.sessions;
    // The second member's entry, paid, to be moved and cancelled.
    const made = await d.api.json<{ orderId: number; amount: number }>('POST', '/api/sport/registration/entry', {
      body: { sessionId: sessions[0]!.id, memberId: other.id },
    });
    await d.api.json('POST', `/api/sport/commerce/order/${made.body.orderId}/pay`, { body: { method: 'cash', amountFen: made.body.amount } });
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const rowOf = (name: string) => page.locator('[data-testid=registrationEntries-table] tbody tr').filter({ hasText: name }).first();
  const toast = (text: string | RegExp) => page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: text }).first();
  const pickSession = async (input: string, place: string) => {
    await page.locator(input).click();
    await page.locator('.ant-select-item-option').filter({ hasText: place }).first().click();
  };

  it('enters a member and takes the fee in cash; verifies admission by member number once; picks up the kit with its bib', async () => {
    await page.goto(`${e.baseUrl}${SCREEN}`);
    await page.getByTestId('registrationEntries-enter').click();
    await pickSession('#reg-enter_sessionId', '一号场');
    await page.locator('#reg-enter_memberId').fill(memberName.slice(0, 6));
    await page.locator('.ant-select-item-option').filter({ hasText: memberName }).click();
    await page.getByTestId('reg-enter-ok').click();
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('3000');
    await page.getByTestId('pay-method-cash').click();
    await page.locator('#pay-form_received').fill('30');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await expect
      .poll(async () =>
        (
          await rowOf(memberName)
            .innerText()
            .catch(() => '')
        ).includes('已报名'),
      )
      .toBe(true);

    await page.getByTestId('registrationEntries-verify').click();
    await pickSession('#reg-verify_sessionId', '一号场');
    await page.getByTestId('reg-verify-code').fill(member.memberNo);
    await page.getByTestId('reg-verify-ok').click();
    await toast('核验通过').waitFor();
    // The same code again: already admitted.
    await page.getByTestId('reg-verify-ok').click();
    await toast('已入场').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await rowOf(memberName).innerText()).includes('未领取')).toBe(true);

    await rowOf(memberName).getByTestId('registrationEntries-row-kit').click();
    await page.getByTestId('reg-kit-bib').fill('B007');
    await page.getByTestId('reg-kit-ok').click();
    await expect.poll(async () => (await rowOf(memberName).innerText()).includes('B007')).toBe(true);
    expect(await rowOf(memberName).innerText()).toContain('已领取');
  });

  it('moves an entry to another session and cancels it; sets the year limit; shows the golf sheet and the order details', async () => {
    const row = rowOf(other.name);
    await row.getByTestId('registrationEntries-row-more').hover();
    await page.locator('.ant-dropdown:visible [data-testid=registrationEntries-row-move]').click();
    await pickSession('#reg-move_sessionId', '二号场');
    await page.getByTestId('reg-move-ok').click();
    await expect.poll(async () => (await rowOf(other.name).innerText()).includes('二号场')).toBe(true);
    await rowOf(other.name).getByTestId('registrationEntries-row-more').hover();
    await page.locator('.ant-dropdown:visible [data-testid=registrationEntries-row-cancel]').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(async () => (await rowOf(other.name).innerText()).includes('已取消')).toBe(true);

    await page.getByTestId('registrationEntries-yearLimit').click();
    await page.getByTestId('reg-limit-tournament').fill('3');
    await page.getByTestId('reg-limit-save-tournament').click();
    await toast('已保存').waitFor();
    await page.keyboard.press('Escape');

    await page.getByTestId('registrationEntries-golf').click();
    await page.getByTestId('reg-golf').waitFor();
    await page.keyboard.press('Escape');

    await rowOf(memberName).getByTestId('registrationEntries-row-detail').click();
    const detail = page.getByTestId('reg-detail');
    await expect.poll(async () => (await detail.innerText()).includes('B007')).toBe(true);
    expect(await detail.innerText()).toContain(eventName);
    await settledShot(page, 'registration-detail-light');
  });
});
