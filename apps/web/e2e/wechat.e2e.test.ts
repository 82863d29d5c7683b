import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechatLoginSimulator, type WechatLoginSim } from '../../server/src/modules/auth/auth.testkit.ts';
import { loginThroughForm, screenshot, signedIn, signedOut, startE2E, type E2E } from './support.ts';

/** Issue 25, spec 7.2 wechat/app and wechat/login: bind WeChat in My profile, then sign in by the WeChat QR (the local simulator). */
describe('WeChat QR sign-in', () => {
  let e: E2E;
  let sim: WechatLoginSim;
  beforeAll(async () => {
    sim = await startWechatLoginSimulator();
    e = await startE2E({ WECHAT_LOGIN_APPID: sim.appId, WECHAT_LOGIN_SECRET: sim.secret, WECHAT_LOGIN_OPEN_URL: sim.url, WECHAT_LOGIN_API_URL: sim.url });
  });
  afterAll(async () => {
    await e?.close();
    await sim?.close();
  });

  /** On the simulator's QR page: the phone's scan and confirm, as the named WeChat user. */
  const scanAndConfirm = async (user: string) => {
    const { page } = e;
    await page.waitForURL((u) => u.toString().startsWith(`${sim.url}/connect/qrconnect`));
    await page.getByLabel('模拟的微信用户 · Simulated WeChat user').fill(user);
    await page.getByRole('button', { name: '扫码并确认 · Scan and confirm' }).click();
  };

  it('a user binds WeChat in My profile, signs out, signs in by the WeChat QR and lands home', async () => {
    const { page } = e;
    await signedIn(e);
    await page.goto(`${e.baseUrl}/user/info`);
    await page.getByTestId('profile-tab-security').click();
    await expect.poll(() => page.getByTestId('profile-wechat-state').textContent()).toBe('未绑定');
    await page.getByTestId('profile-wechat-bind').click();
    await scanAndConfirm('e2e-admin');
    await page.waitForURL((u) => u.pathname === '/user/info');
    await expect.poll(() => page.getByTestId('profile-wechat-state').textContent(), { timeout: 15_000 }).toBe('已绑定');
    expect(page.url()).not.toContain('code=');
    await screenshot(page, 'wechat-bound');

    await signedOut(e);
    await page.getByTestId('login-wechat').click();
    await scanAndConfirm('e2e-admin');
    await page.waitForURL(/\/home/, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('系统管理');
    expect(page.url()).not.toContain('state=');
  });

  it('a WeChat account nobody bound is refused on the login screen with a message saying how to bind', async () => {
    const { page } = e;
    await signedOut(e);
    await page.getByTestId('login-wechat').click();
    await scanAndConfirm('someone-else');
    await page.waitForURL((u) => u.pathname === '/login');
    await expect.poll(() => page.getByTestId('login-wechat-error').textContent(), { timeout: 15_000 }).toContain('该微信尚未绑定账号');
    await screenshot(page, 'wechat-unbound-refused');
  });

  it('phone/password: an SMS sign-in that must change its password sets one without the old password, and the password then signs in', async () => {
    const { page, server } = e;
    await server.database.query("update sys_user set must_change_password = true where code = 'manager'");
    await server.database.query('delete from sys_verification_code');
    await signedOut(e);
    await page.getByTestId('login-tab-phone').click();
    await page.getByTestId('login-phone').fill('13800000001');
    const before = server.sms.sent.length;
    await page.getByTestId('login-send-code').click();
    await expect.poll(() => server.sms.sent.slice(before).find((m) => m.phone === '13800000001')?.text ?? '').toMatch(/\d{6}/);
    const code = server.sms.sent
      .slice(before)
      .find((m) => m.phone === '13800000001')!
      .text.match(/\d{6}/)![0];
    await page.getByTestId('login-sms-code').fill(code);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('phone-password-new').fill('abc');
    await page.getByTestId('phone-password-confirm').fill('abc');
    await page.getByRole('button', { name: '设置密码' }).click();
    // The strategy refuses it, with its own words on the field; nothing changes.
    await expect.poll(() => page.locator('.ant-modal .ant-form-item-explain-error').first().textContent()).toMatch(/^密码/);
    await screenshot(page, 'phone-password-refused');
    await page.getByTestId('phone-password-new').fill('Court2031x!');
    await page.getByTestId('phone-password-confirm').fill('Court2031x!');
    await page.getByRole('button', { name: '设置密码' }).click();
    await page.waitForURL(/\/home/, { timeout: 20_000 });

    await signedOut(e);
    await loginThroughForm(page, 'manager', 'Court2031x!');
    await page.waitForURL(/\/home/, { timeout: 20_000 });
  });
});
