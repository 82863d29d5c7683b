import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@venue/contract';
import { Client, auth, databases, startServer, type TestServer } from '../../../test/harness.ts';
import { startWechatLoginSimulator, type WechatLoginSim } from './wechat.sim.ts';

/** Issue 25, spec 7.2 `randomCode`, `wechat/app`, `wechat/login`: WeChat QR sign-in against the local simulator of the Open Platform. */

/** The QR trip of one browser: a state from randomCode, the QR page, the user's confirm, the code and state WeChat sends back. */
async function scan(c: Client, sim: WechatLoginSim, purpose: 'login' | 'bind', user: string): Promise<{ code: string; state: string }> {
  const rc = await c.json('POST', auth('randomCode'), { body: { purpose: `wechat-${purpose}` } });
  expect(rc.code).toBe(0);
  expect(rc.body.expiresIn).toBe(300);
  const app = await c.json('GET', auth('wechat/app'));
  const qr = new URL(purpose === 'login' ? app.body.loginUrl : app.body.bindUrl);
  qr.searchParams.set('state', rc.body.randomCode);
  const back = new URL(sim.confirm(qr.toString(), user));
  expect(back.pathname).toBe(purpose === 'login' ? '/login' : '/user/info');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function signInByWechat(c: Client, sim: WechatLoginSim, user: string, lang: 'zh-CN' | 'en-US' = 'zh-CN') {
  const res = await c.call('POST', auth('wechat/login'), { body: await scan(c, sim, 'login', user), lang });
  if (res.headers.authorization) c.token = res.headers.authorization as string;
  return res.json();
}

describe.each(databases)('WeChat QR sign-in on %s', (kind) => {
  let s: TestServer;
  let sim: WechatLoginSim;
  beforeAll(async () => {
    sim = await startWechatLoginSimulator();
    s = await startServer(kind, {
      WECHAT_LOGIN_APPID: sim.appId,
      WECHAT_LOGIN_SECRET: sim.secret,
      WECHAT_LOGIN_OPEN_URL: sim.url,
      WECHAT_LOGIN_API_URL: sim.url,
    });
  });
  afterAll(async () => {
    await s?.close();
    await sim?.close();
  });

  it('answers the app settings the console needs, without the secret', async () => {
    const app = await new Client(s).json('GET', auth('wechat/app'));
    expect(app.body).toMatchObject({ enabled: true, appId: sim.appId });
    const qr = new URL(app.body.loginUrl);
    expect(`${qr.origin}${qr.pathname}`).toBe(`${sim.url}/connect/qrconnect`);
    expect(Object.fromEntries(qr.searchParams)).toMatchObject({ appid: sim.appId, response_type: 'code', scope: 'snsapi_login' });
    expect(qr.searchParams.get('redirect_uri')).toMatch(/\/login\?wechat=login$/);
    expect(JSON.stringify(app.body)).not.toContain(sim.secret);
  });

  it('refuses an openid nobody bound, in both languages', async () => {
    const zh = await signInByWechat(new Client(s), sim, 'stranger');
    expect(zh.code).toBe(Code.BAD_CREDENTIALS);
    expect(zh.msg).toContain('该微信尚未绑定账号');
    const en = await signInByWechat(new Client(s), sim, 'stranger', 'en-US');
    expect(en.msg).toContain('This WeChat account is not bound to a user');
  });

  it('binds WeChat for a signed-in user, then the full code exchange signs that user in', async () => {
    const admin = new Client(s);
    expect((await admin.login()).code).toBe(0);
    expect((await admin.json('GET', auth('wechat/bind'))).body).toMatchObject({ enabled: true, bound: false });
    const bound = await admin.json('POST', auth('wechat/bind'), { body: await scan(admin, sim, 'bind', 'alice') });
    expect(bound.code).toBe(0);
    expect(bound.body).toMatchObject({ bound: true, nickname: 'alice' });

    const browser = new Client(s);
    const signedIn = await signInByWechat(browser, sim, 'alice');
    expect(signedIn.code).toBe(0);
    expect(signedIn.body.userName).toBe('系统管理员');
    const me = await browser.json('GET', auth('userInfo/0'));
    expect(me.code).toBe(0);
  });

  it('takes a state back once, from the browser it was given to, before it expires', async () => {
    // Used twice: the second time is refused.
    const c = new Client(s);
    const trip = await scan(c, sim, 'login', 'alice');
    expect((await c.json('POST', auth('wechat/login'), { body: trip })).code).toBe(0);
    const again = await scan(c, sim, 'login', 'alice');
    const replay = await c.json('POST', auth('wechat/login'), { body: { code: again.code, state: trip.state } });
    expect(replay.code).toBe(Code.BAD_CREDENTIALS);
    expect(replay.msg).toBe('微信登录已失效或不是在本浏览器发起的，请重新扫码');

    // Given to another browser (a forged sign-in link): refused.
    const victim = new Client(s);
    const attacker = new Client(s);
    const forged = await scan(attacker, sim, 'login', 'alice');
    const wrongBrowser = await victim.json('POST', auth('wechat/login'), { body: forged, lang: 'en-US' });
    expect(wrongBrowser.code).toBe(Code.BAD_CREDENTIALS);
    expect(wrongBrowser.msg).toBe('This WeChat sign-in has expired or was not started in this browser: scan again');

    // A state that does not exist: refused.
    const made = await scan(c, sim, 'login', 'alice');
    expect((await c.json('POST', auth('wechat/login'), { body: { code: made.code, state: 'made-up' } })).code).toBe(Code.BAD_CREDENTIALS);

    // Expired: refused, though unused and from the right browser.
    const late = await scan(c, sim, 'login', 'alice');
    await s.database.db.execute(
      sql`update sys_verification_code set expires_at = now() - interval '1 second' where purpose = 'rc:wechat-login' and used_at is null`,
    );
    const expired = await c.json('POST', auth('wechat/login'), { body: late });
    expect(expired.code).toBe(Code.BAD_CREDENTIALS);
    expect(expired.msg).toBe('微信登录已失效或不是在本浏览器发起的，请重新扫码');

    // A state for binding does not sign in.
    const bindState = await c.json('POST', auth('randomCode'), { body: { purpose: 'wechat-bind' } });
    const cross = await scan(c, sim, 'login', 'alice');
    expect((await c.json('POST', auth('wechat/login'), { body: { code: cross.code, state: bindState.body.randomCode } })).code).toBe(Code.BAD_CREDENTIALS);
  });

  it("maps the provider's errcode to a localised refusal naming it", async () => {
    sim.failNextExchange(40125, 'invalid appsecret');
    const c = new Client(s);
    const refused = await c.json('POST', auth('wechat/login'), { body: await scan(c, sim, 'login', 'alice') });
    expect(refused.code).toBe(Code.BAD_CREDENTIALS);
    expect(refused.msg).toBe('微信拒绝了登录请求（错误码 40125），请联系管理员检查微信开放平台配置');
    expect(refused.detail).toMatchObject({ errcode: 40125, errmsg: 'invalid appsecret' });
    expect(c.token).toBeUndefined();

    // A code used once already: WeChat's 40163.
    const trip = await scan(c, sim, 'login', 'alice');
    expect((await c.json('POST', auth('wechat/login'), { body: trip })).code).toBe(0);
    const reuse = await scan(c, sim, 'login', 'alice');
    const used = await c.json('POST', auth('wechat/login'), { body: { code: trip.code, state: reuse.state }, lang: 'en-US' });
    expect(used.code).toBe(Code.BAD_CREDENTIALS);
    expect(used.detail.errcode).toBe(40163);
    expect(used.msg).toBe('The WeChat authorisation code is invalid or used (errcode 40163): scan again');
  });

  it('unbinds: the WeChat account no longer signs in', async () => {
    const admin = new Client(s);
    expect((await admin.login()).code).toBe(0);
    expect((await admin.json('DELETE', auth('wechat/bind'))).code).toBe(0);
    expect((await admin.json('GET', auth('wechat/bind'))).body.bound).toBe(false);
    expect((await signInByWechat(new Client(s), sim, 'alice')).code).toBe(Code.BAD_CREDENTIALS);
  });
});

describe('WeChat sign-in without an app configured', () => {
  it('says it is off, and wechat/login refuses', async () => {
    const s = await startServer('pglite');
    try {
      const c = new Client(s);
      expect((await c.json('GET', auth('wechat/app'))).body).toEqual({ enabled: false, appId: null, loginUrl: null, bindUrl: null });
      const off = await c.json('POST', auth('wechat/login'), { body: { code: 'x', state: 'y' } });
      expect(off.code).toBe(Code.INVALID);
      expect(off.msg).toBe('未启用微信扫码登录');
    } finally {
      await s.close();
    }
  });
});
