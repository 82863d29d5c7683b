import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { PRODUCT_NAME } from '@venue/contract';
import configZh from '../src/features/system/config/messages.zh-CN.ts';
import configEn from '../src/features/system/config/messages.en-US.ts';
import { makeOrg, makeRole } from '../../server/src/modules/system/admin.testkit.ts';
import { ADMIN_PASSWORD, adminApi, browserAs, loginThroughForm, makeStaff, screenshot, startE2E, uniq, type E2E } from './support.ts';

/**
 * The shell and the route guard (issue 9): screens follow the menus (spec 6), menus, tabs and
 * breadcrumbs are links, tabs survive a reload, a language switch reaches every open tab, dark
 * scrollbars, one product name. Every test makes its own user or signs in afresh: none depends
 * on another's data or order.
 */

/** API calls the page makes from now on. */
function callsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) calls.push(u.pathname);
  });
  return calls;
}

describe('console shell: screens follow the menus, links, tabs, language', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => e?.close());

  /** Signs the default page in as admin, on a clean profile. */
  async function adminPage(): Promise<Page> {
    const { page } = e;
    await e.context.clearCookies();
    await page.goto(`${e.baseUrl}/login`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto(`${e.baseUrl}/login`);
    await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/home/);
    return page;
  }

  it('a screen outside the menus, typed as a URL, shows "no access" with a way home and calls nothing', async () => {
    const staff = await makeStaff(e, ['home', 'system.org']);
    const b = await browserAs(e, staff);
    try {
      const { page } = b;
      await page.waitForURL(/\/home/);
      await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('系统管理');
      const calls = callsOf(page);
      await page.goto(`${e.baseUrl}/system/role`);
      await page.getByTestId('no-access').waitFor();
      expect(await page.getByTestId('no-access').textContent()).toContain('无权访问');
      await screenshot(page, 'guard-no-access');
      // The screen was never mounted: none of its calls, none of its table, no tab for it.
      await page.waitForLoadState('networkidle');
      expect(calls.filter((c) => c.includes('/system/role') || c.includes('/system/org/'))).toEqual([]);
      expect(await page.getByTestId('role-table').count()).toBe(0);
      expect(await page.getByTestId('tabs-bar').locator('[data-tab-key="/system/role"]').count()).toBe(0);
      // The way home.
      await page.getByTestId('no-access-home').click();
      await page.waitForURL(/\/home$/);
      // A screen in the menus opens as before.
      await page.goto(`${e.baseUrl}/system/org`);
      await page.getByTestId('org-table').waitFor();
      expect(await page.getByTestId('no-access').count()).toBe(0);
    } finally {
      await b.close();
    }
  });

  it('a sign-in whose redirect is a screen outside the menus lands home instead, calling nothing of that screen', async () => {
    const staff = await makeStaff(e, ['home', 'system.org']);
    const b = await browserAs(e, staff, `/login?redirect=${encodeURIComponent('/system/role?x=1')}`);
    try {
      const { page } = b;
      const calls = callsOf(page);
      await page.waitForURL(/\/home$/);
      await page.getByTestId('home-users').waitFor();
      await page.waitForLoadState('networkidle');
      expect(calls.filter((c) => c.includes('/system/role'))).toEqual([]);
      expect(await page.getByTestId('no-access').count()).toBe(0);
      // The same redirect to a screen of the menus is followed.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
      await page.waitForURL(/\/login/);
      await page.goto(`${e.baseUrl}/login?redirect=${encodeURIComponent('/system/org')}`);
      await loginThroughForm(page, staff.code, staff.password);
      await page.waitForURL(/\/system\/org$/);
      await page.getByTestId('org-table').waitFor();
    } finally {
      await b.close();
    }
  });

  it('menu items, tabs and breadcrumbs are links: a middle-click opens a new browser tab and leaves this one', async () => {
    const page = await adminPage();
    const menuLink = page.getByTestId('side-menu').locator('a[href="/system/user"]');
    if (!(await menuLink.isVisible())) await page.getByTestId('side-menu').getByText('系统管理').click();
    await menuLink.waitFor();
    const fromMenu = e.context.waitForEvent('page');
    await menuLink.click({ button: 'middle' });
    const opened = await fromMenu;
    await opened.waitForURL(/\/system\/user$/);
    await opened.getByTestId('user-table').waitFor();
    expect(page.url()).toMatch(/\/home$/);
    await opened.close();

    // A plain click stays in this browser tab; its tab and breadcrumb are links too.
    await menuLink.click();
    await page.waitForURL(/\/system\/user$/);
    expect(await page.getByTestId('breadcrumb-screen').getAttribute('href')).toBe('/system/user');
    await page.getByTestId('tabs-bar').locator('a[data-tab-key="/home"]').click();
    await page.waitForURL(/\/home$/);
    const userTab = page.getByTestId('tabs-bar').locator('a[data-tab-key="/system/user"]');
    expect(await userTab.getAttribute('href')).toBe('/system/user');
    const fromTab = e.context.waitForEvent('page');
    await userTab.click({ button: 'middle' });
    const second = await fromTab;
    await second.waitForURL(/\/system\/user$/);
    expect(page.url()).toMatch(/\/home$/);
    await second.close();
  });

  it('restores the open tabs after a reload, those the menus hold, up to ten', async () => {
    const page = await adminPage();
    for (const p of ['/system/user', '/system/role', '/monitor/operLog']) {
      await page.goto(`${e.baseUrl}${p}`);
      await page.getByTestId('tabs-bar').locator(`[data-tab-key="${p}"]`).waitFor();
    }
    const keys = () =>
      page
        .getByTestId('tabs-bar')
        .locator('[data-tab-key]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-tab-key')));
    expect(await keys()).toEqual(['/home', '/system/user', '/system/role', '/monitor/operLog']);
    await page.reload();
    await page
      .getByTestId('operLog-table')
      .waitFor()
      .catch(() => undefined);
    await expect.poll(keys).toEqual(['/home', '/system/user', '/system/role', '/monitor/operLog']);
    expect(await page.getByTestId('tabs-bar').locator('a[aria-current="page"]').getAttribute('data-tab-key')).toBe('/monitor/operLog');
    await screenshot(page, 'guard-tabs-restored');
    // A restored tab opens its screen.
    await page.getByTestId('tabs-bar').locator('[data-tab-key="/system/role"]').click();
    await page.getByTestId('role-table').waitFor();
    // Many tabs (here: saved before the reload): the ten latest come back, this screen's among them.
    const many = [
      '/system/org',
      '/system/menu',
      '/system/api',
      '/kems-pmi/views/dict/data',
      '/system/config',
      '/system/region',
      '/system/version',
      '/monitor/online',
      '/monitor/loginLog',
      '/job/manager',
      '/job/stream',
      '/job/log',
    ];
    await page.evaluate((list) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('venue.tabs:'))!;
      sessionStorage.setItem(key, JSON.stringify(list.map((p) => ({ key: p, fullPath: p }))));
    }, many);
    await page.reload();
    await expect.poll(keys).toEqual(['/home', ...many.slice(-8), '/system/role']);
  });

  it('a language switch updates every open tab, kept-alive ones included', async () => {
    const page = await adminPage();
    await page.goto(`${e.baseUrl}/system/config`);
    await expect.poll(() => page.getByTestId('screen-content').textContent()).toContain(configZh.sealHint);
    // The parameters screen stays open (kept alive) behind another tab while the language changes.
    await page.getByTestId('tabs-bar').locator('[data-tab-key="/home"]').click();
    await page.waitForURL(/\/home$/);
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('System');
    await page.getByTestId('tabs-bar').locator('[data-tab-key="/system/config"]').click();
    await page.waitForURL(/\/system\/config$/);
    await expect.poll(() => page.getByTestId('screen-content').textContent()).toContain(configEn.sealHint);
    expect(await page.getByTestId('screen-content').textContent()).not.toContain(configZh.sealHint);
    expect(await page.getByTestId('tabs-bar').textContent()).toContain('Parameters');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('screen-content').textContent()).toContain(configZh.sealHint);
  });

  it('names the product once, in the language chosen: login page, sidebar, title, About', async () => {
    const page = await adminPage();
    await page.goto(`${e.baseUrl}/about`);
    await expect.poll(() => page.getByTestId('about-product').textContent()).toBe(PRODUCT_NAME['zh-CN']);
    expect(await page.title()).toBe(PRODUCT_NAME['zh-CN']);
    expect(await page.locator('.venue-sider-name').textContent()).toBe(PRODUCT_NAME['zh-CN']);
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('about-product').textContent()).toBe(PRODUCT_NAME['en-US']);
    await expect.poll(() => page.title()).toBe(PRODUCT_NAME['en-US']);
    expect(await page.locator('.venue-sider-name').textContent()).toBe(PRODUCT_NAME['en-US']);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.getByTestId('login-system-name').textContent()).toBe(PRODUCT_NAME['en-US']);
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.reload();
    await expect.poll(() => page.getByTestId('login-system-name').textContent()).toBe(PRODUCT_NAME['zh-CN']);
  });

  it('the dark theme has dark scrollbars too', async () => {
    const page = await adminPage();
    await page.goto(`${e.baseUrl}/system/user`);
    await page.getByTestId('user-table').waitFor();
    const scheme = () =>
      page.evaluate(() => {
        const root = getComputedStyle(document.documentElement);
        const sider = getComputedStyle(document.querySelector('.venue-sider-menu')!);
        return { root: root.colorScheme, rootBar: root.scrollbarColor, sider: sider.colorScheme };
      });
    expect(await scheme()).toMatchObject({ root: 'light', sider: 'dark' });
    await page.getByTestId('theme-switch').click();
    await expect.poll(async () => (await scheme()).root).toBe('dark');
    const dark = await scheme();
    // A light thumb on a dark track: what Chromium draws is given by scrollbar-color.
    const [thumb, track] = dark.rootBar.split(/\s(?=rgb|#)/);
    const lum = (c: string) =>
      (c.match(/\d+(\.\d+)?/g) ?? [])
        .slice(0, 3)
        .map(Number)
        .reduce((a, b) => a + b, 0);
    expect(lum(track!)).toBeLessThan(150);
    expect(lum(thumb!)).toBeGreaterThan(lum(track!));
    await screenshot(page, 'guard-dark-scrollbars');
    await page.getByTestId('theme-switch').click();
  });

  it('a 100409 says what happened and the kit reacts: stale offers a reload in place, duplicate marks its field, state refreshes the row', async () => {
    const page = await adminPage();
    const api = await adminApi(e);
    const info = await api.json('GET', '/api/auth/userInfo/0');
    const org = await makeOrg(api, info.body.currentOrg.orgId, { name: uniq('冲突') });
    const role = await makeRole(api, org.id, { name: uniq('前台'), code: uniq('desk_') });
    const messages = () =>
      page
        .locator('.ant-message')
        .allTextContents()
        .then((t) => t.join(' '));
    const rowOf = (text: string) => page.getByTestId('role-table').locator('tr', { hasText: text }).first();
    await page.goto(`${e.baseUrl}/system/role`);
    await page.locator('#role-search_name').fill(role.name);
    await page.getByTestId('role-search').click();
    await rowOf(role.name).waitFor();

    // stale: someone else saves the role while the dialog is open.
    await rowOf(role.name).getByTestId('role-row-edit').click();
    await page.locator('#role-form_name').fill(`${role.name}甲`);
    await expect.poll(() => page.locator('#role-form_name').inputValue()).toBe(`${role.name}甲`);
    const theirs = `${role.name}乙`;
    expect((await api.json('PUT', `/api/system/role/${role.id}`, { body: { name: theirs, version: role.version } })).code).toBe(0);
    await page.getByTestId('role-form-ok').click();
    await page.getByTestId('role-form-stale').waitFor();
    expect(await messages()).not.toContain('记录已被他人修改');
    await page.getByTestId('role-form-reload').click();
    await expect.poll(() => page.locator('#role-form_name').inputValue()).toBe(theirs);
    await page.getByTestId('role-form-cancel').click();

    // duplicate: the code of another role of the organisation, marked on its field.
    const other = await makeRole(api, org.id, { name: uniq('收银'), code: uniq('cash_') });
    await page.getByTestId('role-add').click();
    await page.locator('#role-form_name').fill(uniq('重复'));
    await page.locator('#role-form_code').fill(other.code);
    await page.locator('#role-form_orgId').click();
    await page.locator('.ant-select-tree-title', { hasText: org.name }).filter({ visible: true }).first().click();
    await page.getByTestId('role-form-ok').click();
    await expect.poll(() => page.locator('#role-form_code_help').textContent()).toContain('已存在');
    await page.getByTestId('role-form-cancel').click();
    await page
      .getByTestId('confirm-ok')
      .click()
      .catch(() => undefined);

    // state: a role granted to a user cannot be deleted; the refusal refreshes the list, which shows
    // the name someone else gave the role meanwhile.
    const holder = await api.json('POST', '/api/system/user', {
      body: { code: uniq('holder_'), name: uniq('持有者'), password: 'Kq7mWz2Lpx', orgId: org.id, roleIds: [role.id] },
    });
    expect(holder.code).toBe(0);
    await page.locator('#role-search_name').fill(role.name);
    await page.getByTestId('role-search').click();
    const row = rowOf(theirs);
    await row.waitFor();
    const renamed = `${role.name}丙`;
    const current = await api.json('GET', `/api/system/role/${role.id}`);
    expect((await api.json('PUT', `/api/system/role/${role.id}`, { body: { name: renamed, version: current.body.version } })).code).toBe(0);
    const inline = row.getByTestId('role-row-delete');
    if (await inline.count()) await inline.click();
    else {
      await row.getByTestId('role-row-more').hover();
      await page.getByTestId('role-row-delete').filter({ visible: true }).first().click();
    }
    await page.getByTestId('confirm-ok').click();
    await expect.poll(messages).toContain('不能删除');
    await expect.poll(() => page.getByTestId('role-table').textContent()).toContain(renamed);
  });
});
