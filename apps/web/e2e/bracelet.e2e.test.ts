import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addMember, newPhone } from '../../server/src/modules/sport/member/member.testkit.ts';
import { setTheme, settledShot, startE2E, uniq, venueDesk, type E2E, type OwnBrowser, type VenueDesk } from './support.ts';

/**
 * The bracelet log (issue 27, equipmentManage/braceletLog): a bracelet is issued to a member in the
 * issue drawer, its deposit paid in cash in the pay dialog; the log shows it issued and out; the
 * return dialog keeps a damage charge and refunds the rest, which the log then shows.
 */
const BRACELETS = '/sport/views/equipmentManage/braceletLog/index';
const MENUS = ['home', 'sport.bracelet.log', 'sport.member.list', 'sport.order.main', 'sport.venue.manage', 'sport.venue.list'];

describe('bracelet log console', () => {
  let e: E2E;
  let d: VenueDesk;
  let page: Page;
  const open: OwnBrowser[] = [];
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const memberName = uniq('手环会员').slice(0, 20);

  beforeAll(async () => {
    e = await startE2E();
    d = await venueDesk(e, open, MENUS);
    page = d.page;
    await addMember(d.api, { name: memberName, phone: newPhone() });
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const rows = () => page.locator('[data-testid=braceletLog-table] tbody tr').filter({ hasText: code });
  const toast = (text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

  it('issues a bracelet to a member with a deposit paid in cash; the log shows it issued and out', async () => {
    await page.goto(`${e.baseUrl}${BRACELETS}`);
    await page.getByTestId('braceletLog-issue').click();
    await page.getByTestId('bracelet-issue').waitFor();
    await page.locator('#bracelet-issue_code').fill(code.toLowerCase());
    await page.locator('#bracelet-issue_memberId').fill(memberName.slice(0, 6));
    await page.locator('.ant-select-item-option').filter({ hasText: memberName }).click();
    await page.locator('#bracelet-issue_depositYuan').fill('80');
    await settledShot(page, 'bracelet-issue-light');
    await page.getByTestId('bracelet-issue-ok').click();

    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('8000');
    await page.getByTestId('pay-method-cash').click();
    await page.locator('#pay-form_received').fill('80');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-done').waitFor();
    await page.getByTestId('pay-finish').click();
    await page.getByTestId('pay-dialog').waitFor({ state: 'detached' });

    // One row: issued, to the member, ¥80.00, the bracelet out (the code as the reader gives it, in capitals).
    await rows().first().waitFor();
    await expect.poll(() => rows().count()).toBe(1);
    const text = await rows().first().innerText();
    expect(text).toContain('发放');
    expect(text).toContain(memberName);
    expect(text).toContain('¥80.00');
    expect(text).toContain('使用中');
    await settledShot(page, 'bracelet-log-light');
  });

  it('returns the bracelet with a damage charge: the rest is refunded and the log shows the return and the charge', async () => {
    await rows().first().getByTestId('braceletLog-row-return').click();
    await page.getByTestId('bracelet-return').waitFor();
    await page.locator('#bracelet-return_damageYuan').fill('10');
    await expect.poll(() => page.getByTestId('bracelet-refund').getAttribute('data-refund')).toBe('7000');
    await page.getByTestId('bracelet-return-ok').click();
    await toast('退回押金 ¥70.00').waitFor();
    await expect.poll(() => rows().count()).toBe(3);
    const all = await rows().allInnerTexts();
    expect(all.find((r) => r.includes('归还'))).toContain('¥70.00');
    expect(all.find((r) => r.includes('损坏扣款'))).toContain('¥10.00');
    // Returned: no row offers a return or a loss any more.
    expect(all.every((r) => r.includes('已归还'))).toBe(true);
    expect(await rows().getByTestId('braceletLog-row-return').count()).toBe(0);

    // The same screen in English and in the dark theme.
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await rows().first().waitFor();
    expect(await rows().allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Damage charge')]));
    await settledShot(page, 'bracelet-log-dark-en');
  });
});
