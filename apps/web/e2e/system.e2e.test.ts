import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import * as oidc from 'openid-client';
import { Code } from '@venue/contract';
import { sha256 } from '../../server/src/platform/keys.ts';
import { Client, auth, sys, type TestServer } from '../../server/test/harness.ts';
import { grantMenus } from '../../server/test/grants.ts';
import { makeOrg, makeRole, makeUser } from '../../server/src/modules/system/admin.testkit.ts';
import { ADMIN_PASSWORD, adminApi, browserAs, loginThroughForm, openBrowser, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';
import { PORTAL_REDIRECT, startIdp } from '../../server/test/oidc-provider.ts';

/**
 * System administration: the login and password policy, sign-in lockout, own password change,
 * the login log, password recovery, online users, holidays, branding and single sign-on.
 *
 * Every test sets up what it needs itself, so each runs alone and in any order: the policy it
 * depends on (through the strategy route, put back when it finishes), a user of its own (unique
 * login name and mobile number) for failed sign-ins, locks, sessions and SMS codes, and a browser
 * of its own for anyone other than the administrator signed in in beforeAll.
 */

/** The password of the tests' own users (10 characters, upper and lower case, digits: fits every policy used here). */
const PASSWORD = 'Kq7mWz2Lpx';
/** The own-password-change step's new password. */
const NEW_PASSWORD = 'Venuepass88';

/** The login and password policy fields (the strategy route's answer without version and sealed). */
interface Policy {
  loginRoutes: string[];
  maxFailedLogins: number;
  captchaAfterFailures: number;
  lockMinutes: number | null;
  minLength: number;
  maxLength: number;
  complexity: string[];
  historyLimit: number;
  expireDays: number;
  forceChangeOnFirstLogin: boolean;
}
/** The shipped policy's parts the strategy screen test starts from. */
const DEFAULT_POLICY: Partial<Policy> = { maxFailedLogins: 0, captchaAfterFailures: 3, lockMinutes: 20, minLength: 6, complexity: ['lower', 'digit'] };
/** Image code after 1 failure, lock after 2 counted ones, no automatic unlock (what the strategy screen test sets). */
const LOCK_POLICY: Partial<Policy> = { loginRoutes: ['password', 'sms'], captchaAfterFailures: 1, maxFailedLogins: 2, lockMinutes: null };
/** Passwords of 10 characters at least, with an uppercase letter (what the strategy screen test sets). */
const STRICT_PASSWORDS: Partial<Policy> = { minLength: 10, complexity: ['lower', 'digit', 'upper'] };

// ---------------------------------------------------------------- helpers

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
/** A plain RGB PNG of the given size (for the branding uploads). */
function png(width: number, height: number, rgb: [number, number, number] = [22, 119, 255]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0).map((_, i) => rgb[i % 3]!)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A second, separate browser (its own cookies and storage): another person at another desk. */
function secondBrowser(): Promise<OwnBrowser> {
  return openBrowser({ viewport: { width: 1280, height: 800 } });
}

/** The input behind an antd InputNumber / Input carrying a test id. */
const inputOf = (page: Page, testId: string) => page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

async function fillInput(page: Page, testId: string, value: string): Promise<void> {
  const input = inputOf(page, testId);
  await input.fill(value);
  await input.blur();
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The first Saturday of the year and the Monday, Tuesday, Wednesday after it. */
function weekOf(year: number) {
  const d = new Date(year, 0, 1);
  while (d.getDay() !== 6) d.setDate(d.getDate() + 1);
  const at = (plus: number) => iso(new Date(d.getFullYear(), d.getMonth(), d.getDate() + plus));
  return { saturday: at(0), sunday: at(1), monday: at(2), tuesday: at(3), wednesday: at(4) };
}

/** The portal: another client of the provider signs the user in and gets an access token to hand over. */
async function portalAccessToken(issuer: string): Promise<string> {
  const portal = await oidc.discovery(new URL(issuer), 'portal', 'portal-secret', oidc.ClientSecretBasic('portal-secret'), {
    execute: [oidc.allowInsecureRequests],
  });
  const verifier = oidc.randomPKCECodeVerifier();
  let next = oidc.buildAuthorizationUrl(portal, {
    redirect_uri: PORTAL_REDIRECT,
    scope: 'openid profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'st',
  });
  const jar = new Map<string, string>();
  for (let i = 0; i < 10 && !next.href.startsWith(PORTAL_REDIRECT); i++) {
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      jar.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
    }
    next = new URL(res.headers.get('location')!, next);
  }
  const tokens = await oidc.authorizationCodeGrant(portal, next, { pkceCodeVerifier: verifier, expectedState: 'st' });
  return tokens.access_token;
}

/** Draws an image code for this API client and fixes its answer, as the person reading the picture would know it. */
async function solveCaptcha(s: TestServer, c: Client): Promise<string> {
  await c.call('GET', auth('code.jpg'));
  await s.database.db.execute(sql`update sys_captcha set answer_hash = ${sha256('abcd')} where id = ${c.cookies.get('captcha_id')!}`);
  return 'abcd';
}

let mobileSeq = 0;
/** A mobile number of the test's own (the demo users have 138…). */
const ownMobile = () => `139${String(Date.now() % 1e7).padStart(7, '0')}${mobileSeq++ % 10}`;

// ---------------------------------------------------------------- tests

describe('system administration: policy, branding, holidays, online users, logs, recovery', () => {
  let e: E2E;
  let page: Page;
  let api: Client;
  let platformOrgId: number;
  let idp: Awaited<ReturnType<typeof startIdp>>;

  beforeAll(async () => {
    // The identity provider is known to the server from the start; single sign-on stays off
    // until the login policy allows the route. Issuer and redirect URI are set once both ports are known.
    const sso = {
      SSO_ISSUER: 'http://127.0.0.1:9/',
      SSO_CLIENT_ID: 'venue-console',
      SSO_CLIENT_SECRET: 'console-secret',
      SSO_REDIRECT_URI: 'http://127.0.0.1:9/ssologin',
      SSO_ALLOW_HTTP: '1',
    };
    // E2E_WEB_DIST: a console build of one's own (others may rebuild apps/web/dist meanwhile).
    e = await startE2E({ ...sso, ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}) });
    idp = await startIdp(`${e.baseUrl}/ssologin`, { alice: { preferred_username: 'manager' } });
    Object.assign(e.server.config.sso, { issuer: idp.issuer, redirectUri: `${e.baseUrl}/ssologin` });
    api = await adminApi(e);
    platformOrgId = (await api.json('GET', auth('userInfo/0'))).body.currentOrg.orgId;
    page = e.page;
    await page.goto(`${e.baseUrl}/login`);
    await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/home/);
  });
  afterAll(async () => {
    await e?.close();
    await idp?.close();
  });

  // ------------------------------------------------------------ set-up of a test's own

  async function writePolicy(patch: Partial<Policy>): Promise<void> {
    const { version, sealed: _sealed, ...current } = (await api.json('GET', sys('strategy/passwordStrategy'))).body;
    const res = await api.json('PUT', sys('strategy/passwordStrategy'), { body: { ...current, ...patch, version } });
    expect([Code.OK, Code.OK_NOTICE], res.msg).toContain(res.code);
  }

  /** Sets these policy fields through the strategy route; they are put back when the test finishes. */
  async function usePolicy(patch: Partial<Policy>): Promise<void> {
    const before = (await api.json<Policy>('GET', sys('strategy/passwordStrategy'))).body;
    const keys = Object.keys(patch) as (keyof Policy)[];
    onTestFinished(() => writePolicy(Object.fromEntries(keys.map((k) => [k, before[k]]))));
    await writePolicy(patch);
  }

  /** A user of the test's own: unique login name and mobile, in an organisation and role of its own that see the home page. */
  async function ownUser(): Promise<{ id: number; code: string; name: string; password: string; mobile: string }> {
    const org = await makeOrg(api, platformOrgId);
    const role = await makeRole(api, org.id);
    await grantMenus(api, role.id, ['home']);
    const mobile = ownMobile();
    const user = await makeUser(api, org.id, { roleIds: [role.id], password: PASSWORD, code: uniq('e2e_'), mobile });
    return { id: user.id, code: user.code, name: user.name, password: PASSWORD, mobile };
  }

  /** A browser of the test's own (another person at another desk), closed when the test finishes. */
  async function ownBrowser(): Promise<Awaited<ReturnType<typeof secondBrowser>>> {
    const b = await secondBrowser();
    onTestFinished(() => b.close());
    return b;
  }

  /** A browser of the test's own, signed in as this user on the home page, closed when the test finishes. */
  async function signedIn(who: { code: string; password: string }): Promise<Page> {
    const b = await browserAs(e, who);
    onTestFinished(() => b.close());
    await b.page.waitForURL(/\/home/);
    return b.page;
  }

  /**
   * Locks a user through the API as a guesser would, under LOCK_POLICY: a wrong password, the
   * image code asked for, two wrong passwords with it; the right password then meets the lock.
   */
  async function lockOut(who: { code: string; password: string }): Promise<void> {
    const c = new Client(e.server);
    expect((await c.login(who.code, 'wrong-once')).code).toBe(Code.BAD_CREDENTIALS);
    expect((await c.login(who.code, 'wrong-twice')).code).toBe(Code.CAPTCHA_REQUIRED);
    for (const password of ['wrong-twice', 'wrong-thrice'])
      expect((await c.login(who.code, password, await solveCaptcha(e.server, c))).code).toBe(Code.BAD_CREDENTIALS);
    expect((await c.login(who.code, who.password)).code).toBe(Code.LOCKED);
  }

  const loginLogCount = async (where: string) =>
    (await e.server.database.query<{ n: number }>(`select count(*)::int as n from sys_login_log where ${where}`))[0]!.n;

  // ------------------------------------------------------------ policy and sign-in

  it('changes the policy on the strategy screen, with the spec rules checked before saving', async () => {
    await usePolicy(DEFAULT_POLICY);
    await page.goto(`${e.baseUrl}/system/strategy`);
    await page.getByTestId('strategy-save').waitFor();
    await expect.poll(() => inputOf(page, 'strategy-captcha').inputValue()).toBe('3');

    // Failed-login count below the image-code count is refused on the spot.
    await fillInput(page, 'strategy-captcha', '3');
    await fillInput(page, 'strategy-max-failed', '2');
    await expect.poll(() => page.getByText('登录失败次数不能小于启用验证码的次数').count()).toBeGreaterThan(0);
    // Bounds 4..20 and the lock time cap.
    await fillInput(page, 'strategy-min-length', '3');
    await expect.poll(() => page.getByText('不能小于 4').count()).toBeGreaterThan(0);
    await fillInput(page, 'strategy-lock', '61');
    await expect.poll(() => page.getByText('不能大于 60').count()).toBeGreaterThan(0);

    // Image code after 1 failure, lock after 2, no lock time = no automatic unlock; longer passwords with an uppercase letter.
    await fillInput(page, 'strategy-captcha', '1');
    await fillInput(page, 'strategy-max-failed', '2');
    await fillInput(page, 'strategy-lock', '');
    await expect.poll(() => page.getByTestId('strategy-no-auto-unlock').count()).toBe(1);
    await fillInput(page, 'strategy-min-length', '10');
    await page.getByTestId('strategy-rule-upper').click();
    await screenshot(page, 'system-strategy');
    await page.getByTestId('strategy-save').click();
    await expect.poll(() => page.getByText('保存成功').count()).toBeGreaterThan(0);

    const [row] = await e.server.database.query<{ value: string }>("select value from sys_config where code = 'password_strategy'");
    const saved = JSON.parse(row!.value) as Record<string, unknown>;
    expect(saved).toMatchObject({ captchaAfterFailures: 1, maxFailedLogins: 2, lockMinutes: null, minLength: 10 });
    expect(saved.complexity).toContain('upper');
  });

  it('own password change obeys the new policy', async () => {
    await usePolicy(STRICT_PASSWORDS);
    const user = await ownUser();
    const own = await signedIn(user);
    await own.getByTestId('user-menu').click();
    await own.getByTestId('change-password').click();
    await own.getByTestId('change-password-old').fill(user.password);
    await own.getByTestId('change-password-new').fill('short1A');
    await expect.poll(() => own.getByText('密码长度不足').count()).toBeGreaterThan(0);
    await own.getByTestId('change-password-new').fill('lowercase12');
    await expect.poll(() => own.getByText('密码必须包含大写字母').count()).toBeGreaterThan(0);
    await own.getByTestId('change-password-new').fill(user.password);
    await expect.poll(() => own.getByText('新密码不能与原密码相同').count()).toBeGreaterThan(0);
    await own.getByTestId('change-password-new').fill(NEW_PASSWORD);
    await own.getByTestId('change-password-confirm').fill(`${NEW_PASSWORD}x`);
    await expect.poll(() => own.getByText('两次输入的密码不一致').count()).toBeGreaterThan(0);
    await own.getByTestId('change-password-new').fill(NEW_PASSWORD);
    await own.getByTestId('change-password-confirm').fill(NEW_PASSWORD);
    await own.getByTestId('change-password-submit').click();
    await expect.poll(() => own.getByText('密码修改成功').count()).toBeGreaterThan(0);
  });

  it('sign-in asks for the image code after one failure and locks the account after two more with the image code', async () => {
    await usePolicy(LOCK_POLICY);
    const user = await ownUser();
    const { page: s } = await ownBrowser();
    await s.goto(`${e.baseUrl}/login`);
    await loginThroughForm(s, user.code, 'wrong-once');
    await expect.poll(() => s.getByText('登录名或密码错误').count()).toBeGreaterThan(0);
    const img = s.getByTestId('login-captcha-img');
    await img.waitFor({ state: 'visible' });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth ?? 0)).toBeGreaterThan(0);

    // Two failures with a right image code (the policy counts only those): the account locks,
    // with no automatic unlock.
    for (const [i, password] of ['wrong-twice', 'wrong-thrice'].entries()) {
      await s.waitForLoadState('networkidle');
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth ?? 0)).toBeGreaterThan(0);
      await e.server.database.db.execute(sql`update sys_captcha set answer_hash = ${sha256('abcd')}`);
      await s.getByTestId('login-captcha').fill('abcd');
      await loginThroughForm(s, user.code, password);
      await expect.poll(() => loginLogCount(`login_name = '${user.code}' and code = 100401`)).toBe(i + 2);
    }

    // The right password now meets the lock.
    await s.waitForLoadState('networkidle');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth ?? 0)).toBeGreaterThan(0);
    await e.server.database.db.execute(sql`update sys_captcha set answer_hash = ${sha256('abcd')}`);
    await s.getByTestId('login-captcha').fill('abcd');
    await loginThroughForm(s, user.code, user.password);
    await expect.poll(() => s.getByText('账号已锁定，请联系管理员解锁').count()).toBeGreaterThan(0);
    expect(s.url()).toContain('/login');
    await screenshot(s, 'system-login-locked');
  });

  it('the login log shows failed attempts and a lock, with their detail', async () => {
    await usePolicy(LOCK_POLICY);
    const user = await ownUser();
    await lockOut(user);
    await page.goto(`${e.baseUrl}/monitor/loginLog`);
    await page.locator('#loginLog-search_loginName').fill(user.code);
    await page.getByTestId('loginLog-search').click();
    const table = page.getByTestId('loginLog-table');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBeGreaterThanOrEqual(3);
    expect(await table.textContent()).toContain('失败');
    expect(await table.textContent()).not.toContain('admin');
    await table.locator('tbody tr.ant-table-row').first().getByTestId('loginLog-row-view').click();
    const detail = page.getByTestId('loginLog-detail');
    await expect.poll(() => detail.textContent()).toContain('100423');
    // The drawer has slid in before the picture is taken.
    await page.waitForTimeout(400);
    await screenshot(page, 'system-login-log');
    await page.keyboard.press('Escape');
  });

  it('recovers a password by SMS code; the answer is the same for an unknown login name', async () => {
    await usePolicy({ ...LOCK_POLICY, ...STRICT_PASSWORDS });
    const user = await ownUser();
    await lockOut(user);
    const { page: s } = await ownBrowser();
    await s.goto(`${e.baseUrl}/findPassword`);
    await s.getByTestId('find-login-name').fill(uniq('nobody-'));
    await s.getByTestId('find-send-code').click();
    const sentUnknown = await s.getByTestId('find-sent').textContent();
    expect(sentUnknown).toContain('验证码已发送');

    await s.goto(`${e.baseUrl}/findPassword`);
    await s.getByTestId('find-login-name').fill(user.code);
    await s.getByTestId('find-send-code').click();
    expect(await s.getByTestId('find-sent').textContent()).toBe(sentUnknown);
    await expect.poll(() => s.getByTestId('find-resend').textContent()).toMatch(/\d+ 秒后重新获取/);
    await expect.poll(() => e.server.sms.lastCode(user.mobile)).toMatch(/^\d{6}$/);
    await s.getByTestId('find-code').fill(e.server.sms.lastCode(user.mobile)!);
    // The public policy is checked here as well: 10 characters and an uppercase letter.
    await s.getByTestId('find-new-password').fill('short1A');
    await expect.poll(() => s.getByText('密码长度不足').count()).toBeGreaterThan(0);
    await s.getByTestId('find-new-password').fill('Frontdesk2026');
    await s.getByTestId('find-confirm-password').fill('Frontdesk2026');
    await s.getByTestId('find-submit').click();
    await s.getByTestId('find-done').waitFor();
    await s.getByTestId('find-to-login').click();
    await s.waitForURL(/\/login/);
    // The reset lifted the lock: the new password signs in.
    await loginThroughForm(s, user.code, 'Frontdesk2026');
    await s.waitForURL(/\/home/);
  });

  it('forces a user offline from the online screen; their next action lands on login', async () => {
    const user = await ownUser();
    const own = await signedIn(user);
    await page.goto(`${e.baseUrl}/monitor/online`);
    const table = page.getByTestId('online-table');
    const row = table.locator('tr.ant-table-row', { hasText: user.name });
    await row.first().waitFor();
    await screenshot(page, 'system-online');
    await row.first().getByTestId('online-row-force').click();
    await page.getByTestId('confirm-ok').click();
    // The list refreshes after the forced logout's answer; on a loaded machine that takes more than the poll's default second.
    await expect.poll(() => table.locator('tr.ant-table-row', { hasText: user.name }).count(), { timeout: 10_000 }).toBe(0);

    // The user's next call lands on login: the refresh clicked here, or the home page's own refetch when it comes first.
    const onLogin = () => /\/login/.test(own.url());
    if (!onLogin())
      await own
        .getByTestId('home-refresh')
        .click({ timeout: 5_000 })
        .catch((err: unknown) => {
          if (!onLogin()) throw err;
        });
    await own.waitForURL(/\/login\?redirect=%2Fhome/);
  });

  // ------------------------------------------------------------ holidays and branding

  it('initialises the holiday year with weekends as non-work days, and marks a make-up work day', async () => {
    const year = new Date().getFullYear();
    const w = weekOf(year);
    await page.goto(`${e.baseUrl}/system/holiday`);
    const day = (d: string) => page.locator(`[data-testid="holiday-day"][data-day="${d}"]`);
    await day(w.saturday).waitFor();
    expect(await day(w.saturday).getAttribute('data-kind')).toBe('2');
    await page.getByTestId('holiday-init').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => day(w.saturday).getAttribute('data-kind')).toBe('1');
    expect(await day(w.sunday).getAttribute('data-kind')).toBe('1');
    expect(await day(w.monday).getAttribute('data-kind')).toBe('0');

    // A Saturday made a work day (make-up), a run of three days dragged to non-work.
    await day(w.saturday).click();
    await page.getByTestId('holiday-set-work').click();
    await expect.poll(() => day(w.saturday).getAttribute('data-kind')).toBe('0');
    const a = (await day(w.monday).boundingBox())!;
    const b = (await day(w.wednesday).boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('holiday-selection').textContent()).toContain('已选择 3 天');
    await page.getByTestId('holiday-set-nonwork').click();
    await expect.poll(() => day(w.tuesday).getAttribute('data-kind')).toBe('1');
    expect(await day(w.monday).getAttribute('data-kind')).toBe('1');
    await screenshot(page, 'system-holiday');
  });

  it('branding: enabled settings change the page title at once and the login page', async () => {
    // The branding is put back afterwards, so other tests' pages (and screenshots) show none.
    const putSetting = async (value: Record<string, unknown>) => {
      const { version } = (await api.json('GET', sys('setting'))).body;
      const res = await api.json('PUT', sys('setting'), { body: { ...value, version } });
      expect([Code.OK, Code.OK_NOTICE], res.msg).toContain(res.code);
    };
    const { version: _version, ...before } = (await api.json('GET', sys('setting'))).body;
    onTestFinished(() => putSetting(before));
    // Off to begin with: the screen's switch turns it on.
    if (before.enable) await putSetting({ ...before, enable: false });
    // An administrator's browser of its own: signing out there leaves the shared page signed in.
    const b = await browserAs(e, { code: 'admin', password: ADMIN_PASSWORD }, '/login?redirect=%2Fsystem%2Fsetting');
    onTestFinished(() => b.close());
    const a = b.page;
    await a.waitForURL(/\/system\/setting/);
    await a.getByTestId('setting-save').waitFor();
    await a.getByTestId('setting-enable').click();
    await a.getByTestId('setting-login-name').fill('E2E 体育中心');
    await a.getByTestId('setting-system-name').fill('E2E 系统');
    await a.getByTestId('setting-tabs-name').fill('E2E Tab Title');
    await a.getByTestId('setting-copyright').fill('© 2020 E2E Sports');
    // A logo of 100x100: uploaded, with the recommended-size warning.
    await a
      .getByTestId('setting-logo')
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(100, 100) });
    await expect.poll(() => a.getByTestId('setting-logo-note').textContent()).toContain('160×160');
    await a.getByTestId('setting-logo-img').waitFor();
    // A file of another format is refused before upload.
    await a
      .getByTestId('setting-tab')
      .locator('input[type=file]')
      .setInputFiles({ name: 'icon.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect.poll(() => a.getByTestId('setting-tab-note').textContent()).toContain('jpg、png、bmp、ico');
    await a.getByTestId('setting-save').click();
    await expect.poll(() => a.title()).toBe('E2E Tab Title');
    await screenshot(a, 'system-setting');

    await a.getByTestId('user-menu').click();
    await a.getByTestId('logout').click();
    await a.waitForURL(/\/login/);
    await expect.poll(() => a.getByTestId('login-system-name').textContent()).toBe('E2E 体育中心');
    await expect.poll(() => a.getByText('© 2020 E2E Sports').count()).toBe(1);
    expect(await a.title()).toBe('E2E Tab Title');
    await screenshot(a, 'system-login-branded');
    // Signing back in returns to the settings.
    await loginThroughForm(a, 'admin', ADMIN_PASSWORD);
    await a.waitForURL(/\/system\/setting/);
  });

  // ------------------------------------------------------------ single sign-on

  it('SSO while the login policy does not allow it says so and offers the password sign-in', async () => {
    await usePolicy({ loginRoutes: ['password', 'sms'] });
    const { page: s } = await ownBrowser();
    await s.goto(`${e.baseUrl}/ssologin?redirect=%2Fhome`);
    await expect.poll(() => s.getByTestId('public-notice-text').count()).toBe(1);
    await s.getByTestId('back-to-login').click();
    await s.waitForURL(/\/login\?redirect=%2Fhome/);
  });

  it('SSO, once the policy allows it, signs in at the identity provider and comes back marked sso', async () => {
    // Off to begin with; the administrator turns it on through the strategy screen.
    await usePolicy({ loginRoutes: ['password', 'sms'] });
    await page.goto(`${e.baseUrl}/system/strategy`);
    await page.getByTestId('strategy-save').waitFor();
    await page.getByTestId('strategy-route-sso').click();
    await page.getByTestId('strategy-save').click();
    await expect.poll(() => page.getByText('保存成功').count()).toBeGreaterThan(0);

    const ssoLogins = () => loginLogCount("login_way = 'sso' and login_name = 'manager' and success");
    const before = await ssoLogins();
    const { page: s } = await ownBrowser();
    await s.goto(`${e.baseUrl}/login?redirect=%2Fabout`);
    await s.getByText('统一认证登录').click();
    // /ssologin -> the provider -> back to /ssologin with code and state -> the redirect target.
    await s.waitForURL(/\/about$/);
    expect(await s.evaluate(() => localStorage.getItem('loginWay'))).toBe('sso');
    await expect.poll(() => s.getByTestId('user-menu').textContent()).toContain('王经理');
    expect(await ssoLogins()).toBe(before + 1);
  });

  it('a portal hands over its token: the guard sends it to /ssologin, which signs in and continues', async () => {
    await usePolicy({ loginRoutes: ['password', 'sms', 'sso'] });
    const { page: s } = await ownBrowser();
    const token = await portalAccessToken(idp.issuer);
    await s.goto(`${e.baseUrl}/about?token=${encodeURIComponent(token)}`);
    await s.waitForURL(/\/about$/);
    expect(await s.evaluate(() => localStorage.getItem('loginWay'))).toBe('sso');
    await expect.poll(() => s.getByTestId('user-menu').textContent()).toContain('王经理');
  });
});
