import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sha256 } from '../../server/src/platform/keys.ts';
import { ADMIN_PASSWORD, loginThroughForm, screenshot, signedIn, signedOut, startE2E, type E2E } from './support.ts';

describe('console shell: sign-in journey', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => e?.close());

  // Each test starts from the state it needs (signedIn / signedOut), so any of them runs alone.

  it('serves the console for every route and 404 for a missing file', async () => {
    const route = await fetch(`${e.baseUrl}/system/user?x=1`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toContain('text/html');
    expect(await route.text()).toContain('<div id="root">');
    expect((await fetch(`${e.baseUrl}/assets/chunk-from-an-old-build.js`)).status).toBe(404);
    const api = await fetch(`${e.baseUrl}/api/system/nothing`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { code: number }).code).toBe(100404);
  });

  it('shows the wrong-password message and stays on the login screen', async () => {
    const { page } = e;
    await signedOut(e);
    await page.goto(`${e.baseUrl}/home`);
    await page.waitForURL(/\/login\?redirect=%2Fhome/);
    await loginThroughForm(page, 'admin', 'not-the-password');
    await expect.poll(() => page.getByText('登录名或密码错误').count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/login');
    await screenshot(page, 'login-wrong-password');
  });

  it('asks for the image code after repeated failures and accepts it', async () => {
    const { page } = e;
    await signedOut(e);
    // The default strategy asks for the image code after three failures. Each wrong password
    // is answered (and the field cleared) before the next attempt.
    const img = page.getByTestId('login-captcha-img');
    for (const pw of ['wrong-1', 'wrong-2', 'wrong-3']) {
      expect(await img.count()).toBe(0);
      await loginThroughForm(page, 'manager', pw);
      await expect.poll(() => page.getByTestId('login-password').inputValue()).toBe('');
    }
    await img.waitFor({ state: 'visible' });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'login-captcha');
    // The person reads the picture; the test sets the stored answer to what it "reads".
    await e.server.database.db.execute(sql`update sys_captcha set answer_hash = ${sha256('abcd')}`);
    await page.getByTestId('login-captcha').fill('abcd');
    await loginThroughForm(page, 'manager', 'Demo@2020');
    await page.waitForURL(/\/home/);
    await e.server.database.db.execute(sql`delete from sys_login_failure`);
    await e.context.clearCookies();
    await page.evaluate(() => localStorage.clear());
  });

  it('signs in and shows the menu tree the server returned', async () => {
    const { page } = e;
    await signedOut(e);
    await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/home/);
    const menu = page.getByTestId('side-menu');
    await expect.poll(() => menu.textContent()).toContain('系统管理');
    await expect.poll(() => page.getByTestId('home-users').textContent()).toMatch(/\d/);
    await screenshot(page, 'home-zh-light');
  });

  it('switches language: the UI and the Lang header follow', async () => {
    const { page } = e;
    await signedIn(e);
    const langs: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) langs.push(r.headers()['lang'] ?? '');
    });
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('System');
    await page.reload();
    await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('System');
    expect(langs.length).toBeGreaterThan(0);
    expect(langs.at(-1)).toBe('en-US');
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^en/);
  });

  it('switches to the dark theme', async () => {
    const { page } = e;
    await signedIn(e);
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('System');
    await page.getByTestId('theme-switch').click();
    await expect.poll(() => page.evaluate(() => document.querySelector('[data-theme]')?.getAttribute('data-theme'))).toBe('dark');
    const bg = await page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout') ?? document.body).backgroundColor);
    const [r, g, b] = bg.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(200);
    await screenshot(page, 'home-en-dark');
    await page.getByTestId('theme-switch').click();
    await page.getByTestId('lang-switch').click();
  });

  it('keeps the session across a reload', async () => {
    const { page } = e;
    await signedIn(e);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(page.url()).toContain('/home');
    await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('系统管理');
  });

  it('sends a user whose session was deleted to login with a redirect, and back after login', async () => {
    const { page } = e;
    await signedIn(e);
    await page.goto(`${e.baseUrl}/about`);
    await expect.poll(() => page.getByText('2.0.0').count()).toBeGreaterThan(0);
    await e.server.database.db.execute(sql`delete from sys_session`);
    await page.reload();
    await page.waitForURL(/\/login\?redirect=%2Fabout/);
    await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/about$/);
  });

  it('signs out to the login screen', async () => {
    const { page } = e;
    await signedIn(e);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    const live = await e.server.database.query<{ n: number }>(
      "select count(*)::int as n from sys_session s join sys_user u on u.id = s.user_id where u.code = 'admin'",
    );
    expect(live[0]!.n).toBe(0);
    await page.goto(`${e.baseUrl}/home`);
    await page.waitForURL(/\/login\?redirect=%2Fhome/);
  });
});
