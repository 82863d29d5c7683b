import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { DEFAULT_PASSWORD_STRATEGY } from '@venue/contract';
import { sha256 } from '../../server/src/platform/keys.ts';
import { bumpConfigEpoch } from '../../server/src/modules/system/index.ts';
import { startIdp } from '../../server/test/oidc-provider.ts';
import { ADMIN_PASSWORD, loginThroughForm, screenshot, signedIn, signedOut, startE2E, type E2E } from './support.ts';

const webDist: Record<string, string> = process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {};

/** The bearer tokens the page sends to the API, as seen on the wire. */
function bearerTokens(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const auth = r.headers()['authorization'];
    if (r.url().includes('/api/') && auth) seen.push(auth.replace(/^Bearer\s+/, ''));
  });
  return seen;
}

describe('session token: an HttpOnly cookie, a token in memory, tabs that follow each other', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E(webDist);
  });
  afterAll(async () => e?.close());

  const tokenCookie = async () => (await e.context.cookies(e.baseUrl)).find((c) => c.name === 'token');
  it('after sign-in the token cookie is HttpOnly and SameSite=Strict, and scripts of the page cannot read it', async () => {
    const { page } = e;
    await signedIn(e);
    const cookie = await tokenCookie();
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[\w-]{40,}$/);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Strict');
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain(cookie!.value);
    expect(visible).not.toMatch(/(^|;\s*)token=/);
    // Nor does the token wait in the page's storage.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(cookie!.value);
  });

  it('a reload keeps the user signed in: the token comes back from the server and is sent as the bearer', async () => {
    const { page } = e;
    await signedIn(e);
    const sent = bearerTokens(page);
    await page.reload();
    await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('系统管理');
    expect(page.url()).toContain('/home');
    const cookie = await tokenCookie();
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent)).toEqual(new Set([cookie!.value]));
    expect(await page.evaluate(() => document.cookie)).not.toContain(cookie!.value);
  });

  it('sign-out in one tab signs out the other on its next call', async () => {
    const { page } = e;
    await signedIn(e);
    const other = await e.context.newPage();
    try {
      await other.goto(`${e.baseUrl}/about`);
      await expect.poll(() => other.getByText('2.0.0').count()).toBeGreaterThan(0);
      const token = (await tokenCookie())!.value;

      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
      await page.waitForURL(/\/login/);
      expect(await tokenCookie()).toBeUndefined();

      // The other tab's next step: it is at the login route, and its old token is no good.
      await other.getByTestId('login-name').waitFor();
      expect(other.url()).toContain('/login');
      const live = await e.server.database.query<{ n: number }>(`select count(*)::int as n from sys_session where token_hash = '${sha256(token)}'`);
      expect(live[0]!.n).toBe(0);
      // Its next call carries no token: nothing to restore from the cleared cookie either.
      const sent = bearerTokens(other);
      await other.goto(`${e.baseUrl}/about`);
      await other.waitForURL(/\/login\?redirect=%2Fabout/);
      expect(sent).not.toContain(token);
    } finally {
      await other.close();
    }
  });

  it('a sign-in in one tab is picked up by another tab without a reload', async () => {
    const { page } = e;
    await signedOut(e);
    const other = await e.context.newPage();
    try {
      await other.goto(`${e.baseUrl}/login`);
      await other.getByTestId('login-name').waitFor();
      // The other tab hears of the sign-in and asks the server for the session: wait for that answer,
      // or the step below may race it and meet the guard while the tab is still signed out.
      const restored = other.waitForResponse(
        async (r) => r.url().endsWith('/session') && r.request().method() === 'POST' && Boolean((await r.json().catch(() => null))?.body?.token),
      );
      await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL(/\/home/);
      const token = (await tokenCookie())!.value;
      await restored;
      // The other tab, still on its login screen, now holds the new session: a screen opens without signing in.
      const sent = bearerTokens(other);
      await other.evaluate(() => {
        history.pushState(null, '', '/about');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect.poll(() => other.getByText('2.0.0').count()).toBeGreaterThan(0);
      expect(other.url()).toMatch(/\/about$/);
      expect(sent).toContain(token);
    } finally {
      await other.close();
    }
  });
});

describe('signing out of single sign-on ends the provider session and lands on the signed-out page', () => {
  let e: E2E;
  let idp: Awaited<ReturnType<typeof startIdp>>;
  beforeAll(async () => {
    const sso = {
      SSO_ISSUER: 'http://127.0.0.1:9/',
      SSO_CLIENT_ID: 'venue-console',
      SSO_CLIENT_SECRET: 'console-secret',
      SSO_REDIRECT_URI: 'http://127.0.0.1:9/ssologin',
      SSO_ALLOW_HTTP: '1',
    };
    e = await startE2E({ ...sso, ...webDist });
    idp = await startIdp(`${e.baseUrl}/ssologin`, { alice: { preferred_username: 'manager' } });
    Object.assign(e.server.config.sso, { issuer: idp.issuer, redirectUri: `${e.baseUrl}/ssologin` });
    const db = e.server.database.db;
    await db.execute(
      sql`update sys_config set value = ${JSON.stringify({ ...DEFAULT_PASSWORD_STRATEGY, loginRoutes: ['password', 'sso'] })} where code = 'password_strategy'`,
    );
    await bumpConfigEpoch(db);
  });
  afterAll(async () => {
    await e?.close();
    await idp?.close();
  });

  const ssoSessions = async () => (await e.server.database.query<{ n: number }>("select count(*)::int as n from sys_session where login_way = 'sso'"))[0]!.n;
  // Each test starts from the state it needs, so any of them runs alone: no console session and
  // the provider signing the person in at once, or signed in through the provider.
  const fresh = async () => {
    await e.server.database.query("delete from sys_session where login_way = 'sso'");
    await e.context.clearCookies();
    idp.state.next = 'alice';
  };
  const ssoSignedIn = async () => {
    await fresh();
    await e.page.goto(`${e.baseUrl}/ssologin?redirect=%2Fabout`);
    await e.page.waitForURL(/\/about$/);
  };
  const ssoSignedOut = async () => {
    await ssoSignedIn();
    await e.page.getByTestId('user-menu').click();
    await e.page.getByTestId('logout').click();
    await e.page.locator('#idp-logout-yes').click();
    await e.page.waitForURL(`${e.baseUrl}/signedOut`);
  };

  it('signs in through the provider', async () => {
    const { page } = e;
    await fresh();
    const logins = idp.state.logins;
    await page.goto(`${e.baseUrl}/ssologin?redirect=%2Fabout`);
    await page.waitForURL(/\/about$/);
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('王经理');
    expect(idp.state.logins).toBe(logins + 1);
    expect(await ssoSessions()).toBe(1);
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|;\s*)token=/);
  });

  it('sign-out goes through the provider and lands on the signed-out page, and stays there', async () => {
    const { page } = e;
    await ssoSignedIn();
    const logins = idp.state.logins;
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    // The provider asks to confirm (the console sent the ID token as the hint and its signed-out page to come back to).
    await page.locator('#idp-logout-yes').waitFor();
    const at = new URL(page.url());
    expect(at.origin).toBe(idp.issuer);
    await page.locator('#idp-logout-yes').click();
    await page.waitForURL(`${e.baseUrl}/signedOut`);
    await expect.poll(() => page.getByTestId('signed-out-title').textContent()).toBe('您已退出登录');
    await screenshot(page, 'sso-signed-out');
    await page.waitForLoadState('networkidle');
    // Not sent to /ssologin, not signed back in.
    expect(new URL(page.url()).pathname).toBe('/signedOut');
    expect(await ssoSessions()).toBe(0);
    expect(idp.state.logins).toBe(logins);
    expect((await e.context.cookies(e.baseUrl)).find((c) => c.name === 'token')).toBeUndefined();
  });

  it('signing in again asks the provider for credentials: its session has ended', async () => {
    const { page } = e;
    await ssoSignedOut();
    const logins = idp.state.logins;
    idp.state.next = null;
    await page.getByTestId('sign-in-again').click();
    await page.locator('#idp-login').waitFor();
    expect(new URL(page.url()).origin).toBe(idp.issuer);
    expect(await ssoSessions()).toBe(0);
    // The person signs in at the provider: back in the console.
    idp.state.next = 'alice';
    await page.goto(`${e.baseUrl}/ssologin?redirect=%2Fabout`);
    await page.waitForURL(/\/about$/);
    expect(idp.state.logins).toBe(logins + 1);
  });

  it('a protected screen opened after signing out does not sign the user back in silently', async () => {
    const { page } = e;
    await ssoSignedOut();
    idp.state.next = null;
    await page.goto(`${e.baseUrl}/home`);
    // The guard still sends an SSO user to /ssologin, but the provider wants credentials now.
    await page.locator('#idp-login').waitFor();
    expect(await ssoSessions()).toBe(0);
  });
});
