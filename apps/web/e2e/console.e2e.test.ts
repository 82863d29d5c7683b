import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { bumpConfigEpoch } from '../../server/src/modules/system/index.ts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { Code } from '@venue/contract';
import { Client } from '../../server/test/harness.ts';
import { ADMIN_PASSWORD, axeViolations, loginThroughForm, openBrowser, screenshot, startE2E, type E2E, type OwnBrowser } from './support.ts';

/**
 * The console as operators expect it (issue 9), in Chromium at 1440×900: no serious or critical
 * accessibility violation (axe-core, WCAG 2 A and AA) on the login, user, role, job and holiday
 * screens; lists whose columns are not cut, in both languages; column settings remembered; form
 * dialogs that ask before discarding changes and take the user to the first error; Search that
 * always queries. Screenshots of the user list, the user dialog and the operation log are kept in
 * test-results/ in both themes.
 */

const visible = (l: Locator) => l.filter({ visible: true });

async function setPrefs(page: Page, prefs: { lang?: string; theme?: string }): Promise<void> {
  await page.evaluate((p) => {
    if (p.lang) localStorage.setItem('lang', p.lang);
    if (p.theme) localStorage.setItem('theme', p.theme);
  }, prefs);
}

/** Opens a screen by its address and waits for its list's rows. */
async function openList(page: Page, base: string, path: string, key: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.getByTestId(`${key}-table`).locator('tbody tr.ant-table-row').first().waitFor();
  // Widths follow the container once it is measured.
  await page.waitForTimeout(300);
}

/**
 * What a user would see cut in a list: a header title or a cell of fixed content (dates, times,
 * numbers, tags) wider than its cell, or a table wider than its box (a horizontal scroll bar).
 * Free text may end with an ellipsis: it shows the rest in a tooltip.
 */
async function cutColumns(page: Page, key: string): Promise<string[]> {
  return page.getByTestId(`${key}-table`).evaluate((table: HTMLElement) => {
    const out: string[] = [];
    const content = table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (content && content.scrollWidth > content.clientWidth + 1) out.push(`horizontal scroll: ${content.scrollWidth} > ${content.clientWidth}`);
    for (const th of Array.from(table.querySelectorAll<HTMLElement>('thead th'))) {
      const title = th.querySelector<HTMLElement>('.ant-table-column-title') ?? th;
      if (title.scrollWidth > title.clientWidth + 1) out.push(`header "${th.textContent}" cut`);
    }
    for (const td of Array.from(table.querySelectorAll<HTMLElement>('tbody td.kit-cell-nowrap'))) {
      if (td.scrollWidth > td.clientWidth + 1) out.push(`cell "${td.textContent}" cut (${td.scrollWidth} > ${td.clientWidth})`);
    }
    return out;
  });
}

describe('the console as operators expect it', () => {
  let e: E2E;
  let page: Page;

  // Signed in once for the whole file: each test opens what it needs, so any of them runs alone.
  beforeAll(async () => {
    e = await startE2E();
    page = e.page;
    await page.goto(`${e.baseUrl}/login`);
    await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/home/);
  });
  afterAll(async () => {
    await e?.close();
  });

  it.each([
    ['/system/user', 'user-table', 'light'],
    ['/system/role', 'role-table', 'light'],
    ['/job/manager', 'job-table', 'light'],
    ['/system/holiday', 'holiday-page', 'light'],
    ['/system/user', 'user-table', 'dark'],
    ['/system/role', 'role-table', 'dark'],
    ['/job/manager', 'job-table', 'dark'],
    ['/system/holiday', 'holiday-page', 'dark'],
  ])('%s has no serious or critical accessibility violation (%s theme)', async (path, testId, theme) => {
    await page.goto(`${e.baseUrl}${path}`);
    await setPrefs(page, { theme });
    onTestFinished(() => setPrefs(page, { theme: 'light' }));
    await page.reload();
    await page.getByTestId(testId).waitFor();
    await page.waitForTimeout(800);
    expect(await axeViolations(page)).toEqual([]);
  });

  it.each(['zh-CN', 'en-US'])('no column is cut at 1440 px on the user, role and log lists (%s)', async (lang) => {
    await setPrefs(page, { lang });
    onTestFinished(() => setPrefs(page, { lang: 'zh-CN' }));
    for (const [path, key] of [
      ['/system/user', 'user'],
      ['/system/role', 'role'],
      ['/monitor/operLog', 'operLog'],
      ['/monitor/loginLog', 'loginLog'],
    ] as const) {
      await openList(page, e.baseUrl, path, key);
      expect({ path, cut: await cutColumns(page, key) }).toEqual({ path, cut: [] });
    }
  });

  it('the operation log names module, action, operator and result in words', async () => {
    // A sign-in refused (no one signed in yet) after the file's own sign-in as admin.
    expect((await new Client(e.server).login('admin', 'not-the-password')).code).toBe(Code.BAD_CREDENTIALS);
    await openList(page, e.baseUrl, '/monitor/operLog', 'operLog');
    const rows = page.getByTestId('operLog-table').locator('tbody tr.ant-table-row');
    const cellsOf = async (row: Locator) => (await row.locator('td').allInnerTexts()).map((c) => c.trim());
    // The refused one: module and action in words, by someone not yet signed in.
    const refused = await cellsOf(rows.first());
    expect(refused).toContain('登录认证');
    expect(refused).toContain('登录');
    expect(refused).toContain('未登录用户');
    expect(refused).not.toContain('auth');
    expect(refused).not.toContain('login');
    expect(await rows.first().getByTestId('operLog-result').innerText()).toMatch(/失败\s*100401/);
    // A sign-in that succeeded names who signed in, with code 0 beside the word.
    const admin = rows.filter({ hasText: '系统管理员' }).filter({ hasText: '登录认证' }).first();
    expect(await cellsOf(admin)).toContain('登录');
    expect(await admin.getByTestId('operLog-result').innerText()).toMatch(/成功\s*0/);
  });

  it('column settings are remembered for the user', async () => {
    await openList(page, e.baseUrl, '/system/user', 'user');
    const header = page.getByTestId('user-table').locator('thead');
    await expect.poll(() => header.innerText()).toContain('手机号');
    await page.getByTestId('user-columns').click();
    await visible(page.getByTestId('user-column-mobile')).click();
    await expect.poll(() => header.innerText()).not.toContain('手机号');
    // Moved first: the login name leads.
    await visible(page.getByTestId('user-column-up-code')).click();
    await expect.poll(async () => (await header.locator('th').allInnerTexts()).filter(Boolean)[0]).toBe('登录名');
    await page.reload();
    await page.getByTestId('user-table').locator('tbody tr.ant-table-row').first().waitFor();
    await expect.poll(() => header.innerText()).not.toContain('手机号');
    expect((await header.locator('th').allInnerTexts()).filter(Boolean)[0]).toBe('登录名');
    await page.getByTestId('user-columns').click();
    await visible(page.getByTestId('user-columns-reset')).click();
    await expect.poll(() => header.innerText()).toContain('手机号');
    await page.keyboard.press('Escape');
  });

  it('Search always queries, even with the same criteria; Reset clears them and queries', async () => {
    await openList(page, e.baseUrl, '/system/user', 'user');
    let lists = 0;
    const count = (r: { url(): string }) => {
      if (r.url().includes('/user/list')) lists++;
    };
    page.on('request', count);
    await page.getByTestId('user-search').click();
    await expect.poll(() => lists).toBe(1);
    await page.getByTestId('user-search').click();
    await expect.poll(() => lists).toBe(2);
    await page.locator('#user-search_name').fill('李');
    await page.getByTestId('user-reset').click();
    await expect.poll(() => lists).toBe(3);
    expect(await page.locator('#user-search_name').inputValue()).toBe('');
    page.off('request', count);
  });

  it('closing a form with unsaved changes asks whether to discard them', async () => {
    await openList(page, e.baseUrl, '/system/user', 'user');
    // Untouched: closes at once.
    await page.getByTestId('user-add').click();
    await page.locator('#user-form_code').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#user-form_code').count()).toBe(0);

    await page.getByTestId('user-add').click();
    await page.locator('#user-form_code').fill('someone');
    // Esc asks; keeping on editing keeps the value.
    await page.keyboard.press('Escape');
    await visible(page.getByTestId('confirm-cancel')).click();
    expect(await page.locator('#user-form_code').inputValue()).toBe('someone');
    // The close button asks too.
    await visible(page.locator('.ant-modal-close')).first().click();
    await visible(page.getByTestId('confirm-cancel')).click();
    // Cancel asks; discarding closes.
    await page.getByTestId('user-form-cancel').click();
    await expect.poll(() => visible(page.getByTestId('confirm-ok')).count()).toBe(1);
    expect(await visible(page.locator('.ant-modal-confirm')).innerText()).toContain('放弃');
    await visible(page.getByTestId('confirm-ok')).click();
    await expect.poll(() => page.locator('#user-form_code').count()).toBe(0);
  });

  it('saving with errors scrolls to the first one and puts the cursor in it', async () => {
    await openList(page, e.baseUrl, '/system/user', 'user');
    await page.getByTestId('user-add').click();
    await page.locator('#user-form_code').fill('scroll_check');
    await page.locator('#user-form_name').fill('滚动检查');
    // A wrong email, further down, in the contact section.
    await page.locator('#user-form_email').fill('not-an-email');
    await page.locator('.ant-modal-body').evaluate((b) => b.scrollTo(0, b.scrollHeight));
    await page.getByTestId('user-form-ok').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('user-form_email');
    const inView = await page.locator('#user-form_email').evaluate((el) => {
      const body = el.closest('.ant-modal-body')!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return r.top >= body.top && r.bottom <= body.bottom;
    });
    expect(inView).toBe(true);
    expect(await page.locator('.ant-form-item-has-error').count()).toBe(1);
    await page.getByTestId('user-form-cancel').click();
    await visible(page.getByTestId('confirm-ok')).click();
  });

  it.each(['light', 'dark'])('keeps screenshots of the user list, the user dialog and the operation log (%s theme)', async (theme) => {
    await setPrefs(page, { theme });
    onTestFinished(() => setPrefs(page, { lang: 'zh-CN', theme: 'light' }));
    await openList(page, e.baseUrl, '/system/user', 'user');
    await screenshot(page, `console-user-list-${theme}`);
    await page.getByTestId('user-add').click();
    await page.locator('#user-form_code').waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, `console-user-dialog-${theme}`);
    await page.keyboard.press('Escape');
    await openList(page, e.baseUrl, '/monitor/operLog', 'operLog');
    await screenshot(page, `console-operation-log-${theme}`);
    await setPrefs(page, { lang: 'en-US' });
    await openList(page, e.baseUrl, '/monitor/operLog', 'operLog');
    await screenshot(page, `console-operation-log-${theme}-en`);
    await openList(page, e.baseUrl, '/system/user', 'user');
    await screenshot(page, `console-user-list-${theme}-en`);
  });

  it('the parameters list shows the password policy entry, which carries no default password', async () => {
    await openList(page, e.baseUrl, '/system/config', 'config');
    await page.locator('#config-search_code').fill('password_strategy');
    await page.getByTestId('config-search').click();
    const row = page.getByTestId('config-table').locator('tbody tr.ant-table-row', { hasText: 'password_strategy' });
    await expect.poll(() => row.count()).toBe(1);
    // A long JSON value: a short preview that opens the whole value in a viewer.
    await row.getByTestId('kit-json-value').click();
    const viewer = visible(page.getByTestId('kit-json-view'));
    await expect.poll(() => viewer.innerText()).toContain('"minLength"');
    expect(await viewer.innerText()).not.toContain('defaultPassword');
    await page.keyboard.press('Escape');
  });

  describe('signed out', () => {
    let browser: OwnBrowser;
    let out: Page;
    beforeAll(async () => {
      browser = await openBrowser();
      out = browser.page;
    });
    afterAll(async () => browser?.close());

    const errorToasts = () => out.locator('.ant-message-error').count();

    it('the login page has no serious or critical accessibility violation', async () => {
      await out.goto(`${e.baseUrl}/login`);
      await out.getByTestId('login-submit').waitFor();
      expect(await axeViolations(out)).toEqual([]);
    });

    it('a wrong recovery code shows at its field, once (no popup)', async () => {
      await out.goto(`${e.baseUrl}/findPassword`);
      await out.getByTestId('find-login-name').fill('frontdesk');
      await out.getByTestId('find-send-code').click();
      await out.getByTestId('find-code').waitFor();
      // Every rule of the policy is listed under the new password.
      const hint = await out
        .locator('.ant-form-item', { has: out.getByTestId('find-new-password') })
        .locator('.ant-form-item-extra')
        .innerText();
      expect(hint).toMatch(/^密码要求：长度 \d+–\d+ 个字符；/);
      expect(hint.split('；').length).toBeGreaterThan(2);
      await out.getByTestId('find-code').fill('000000');
      await out.getByTestId('find-new-password').fill('Kq7mWz2Lpx9A');
      await out.getByTestId('find-confirm-password').fill('Kq7mWz2Lpx9A');
      await out.getByTestId('find-submit').click();
      const fieldError = out.locator('.ant-form-item', { has: out.getByTestId('find-code') }).locator('.ant-form-item-explain-error');
      await expect.poll(() => fieldError.count()).toBeGreaterThan(0);
      await out.waitForTimeout(500);
      expect(await errorToasts()).toBe(0);
    });

    it('a wrong password is cleared, and the message says how many attempts are left under a failure limit', async () => {
      const db = e.server.database.db;
      await db.execute(
        sql`update sys_config set value = (value::jsonb || '{"maxFailedLogins": 5, "captchaAfterFailures": 3}'::jsonb)::text where code = 'password_strategy'`,
      );
      await bumpConfigEpoch(db);
      try {
        await out.goto(`${e.baseUrl}/login`);
        await out.getByTestId('login-name').fill('nobody-at-all');
        await out.getByTestId('login-password').fill('wrong-password-1');
        await out.getByTestId('login-submit').click();
        await expect.poll(() => out.locator('.ant-message').innerText()).toContain('再失败 5 次账号将被锁定');
        expect(await out.getByTestId('login-password').inputValue()).toBe('');
      } finally {
        await db.execute(sql`update sys_config set value = (value::jsonb || '{"maxFailedLogins": 0}'::jsonb)::text where code = 'password_strategy'`);
        await bumpConfigEpoch(db);
      }
    });
  });
});
