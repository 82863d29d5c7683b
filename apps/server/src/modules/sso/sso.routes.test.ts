import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { Code, DEFAULT_PASSWORD_STRATEGY } from '@venue/contract';
import { Client, auth, databases, startServer, type TestServer } from '../../../test/harness.ts';
import { PORTAL_REDIRECT, startIdp } from '../../../test/oidc-provider.ts';
import { seedDemo } from '../system/index.ts';
import { loadConfig } from '../../config.ts';
import { authorizeUrl, ssoEnabled } from './sso.service.ts';

const REDIRECT = 'http://console.test/ssologin';

type Jar = Map<string, string>;

/** One request of a browser at the provider, keeping its cookies (the provider session) in `jar`. */
async function visit(jar: Jar, url: URL, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
  return res;
}

/** A browser at the provider: follows its redirects with cookies until it lands on the client's redirect URI. */
async function browse(url: string, stopAt: string, jar: Jar = new Map()): Promise<URL> {
  let next = new URL(url);
  for (let i = 0; i < 10; i++) {
    if (next.href.startsWith(stopAt)) return next;
    const res = await visit(jar, next);
    const loc = res.headers.get('location');
    if (!loc) throw new Error(`provider stopped at ${next.href} with ${res.status}: ${(await res.text()).slice(0, 300)}`);
    next = new URL(loc, next);
  }
  throw new Error('too many redirects');
}

/** Follows redirects until a page answers (no redirect): where the browser ends up, and what it shows. */
async function land(url: string, jar: Jar): Promise<{ url: URL; html: string }> {
  let next = new URL(url);
  for (let i = 0; i < 10; i++) {
    const res = await visit(jar, next);
    const loc = res.headers.get('location');
    if (!loc) return { url: next, html: await res.text() };
    next = new URL(loc, next);
  }
  throw new Error('too many redirects');
}

describe.each(databases)('single sign-on (OpenID Connect) on %s', (kind) => {
  let s: TestServer;
  let idp: Awaited<ReturnType<typeof startIdp>>;
  beforeAll(async () => {
    idp = await startIdp(REDIRECT, {
      alice: { preferred_username: 'manager' },
      bob: { email: 'Front.Desk@example.com', email_verified: true },
      carol: { email: 'front.desk@example.com', email_verified: false },
      dave: { preferred_username: 'no-such-user' },
    });
    s = await startServer(kind, {
      SSO_ISSUER: idp.issuer,
      SSO_CLIENT_ID: 'venue-console',
      SSO_CLIENT_SECRET: 'console-secret',
      SSO_REDIRECT_URI: REDIRECT,
      SSO_ALLOW_HTTP: '1',
    });
    await seedDemo(s.database.db, s.config);
    await s.database.db.execute(sql`update sys_user set email = 'front.desk@example.com' where code = 'frontdesk'`);
    await s.database.db.execute(
      sql`update sys_config set value = ${JSON.stringify({ ...DEFAULT_PASSWORD_STRATEGY, loginRoutes: ['password', 'sms', 'sso'] })} where code = 'password_strategy'`,
    );
  });
  afterAll(async () => {
    await s?.close();
    await idp?.close();
  });

  /** The console's /ssologin: ask for the authorization URL, sign in at the provider, post back code and state. */
  async function ssoLogin(c: Client, account: string, redirect = '/home', jar: Jar = new Map()) {
    idp.state.next = account;
    const start = await c.json('GET', auth('sso/authorize'), { query: { redirect } });
    expect(start.code).toBe(0);
    const back = await browse(start.body.url, REDIRECT, jar);
    const params = Object.fromEntries(back.searchParams);
    const res = await c.call('POST', auth('sso/callback'), { body: params });
    const token = res.headers.authorization as string | undefined;
    if (token) c.token = token;
    return { ...res.json(), token, params, authorizeUrl: new URL(start.body.url) };
  }

  it('says whether single sign-on is on', async () => {
    expect((await new Client(s).json('GET', auth('sso/config'))).body).toEqual({ enabled: true, loginWay: 'sso' });
  });

  it('signs in through the authorization-code flow with PKCE and opens a session marked sso', async () => {
    const c = new Client(s);
    const out = await ssoLogin(c, 'alice', '/system/user?tab=1');
    expect(out.authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(out.authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(out.authorizeUrl.searchParams.get('nonce')).toBeTruthy();
    expect(out.params.iss).toBe(idp.issuer);
    expect(out.code).toBe(0);
    expect(out.body).toEqual({ userName: '王经理', userId: expect.any(Number), loginWay: 'sso', redirect: '/system/user?tab=1' });
    expect(out.token).toMatch(/^[\w-]{40,}$/);
    const info = await c.json('GET', auth('userInfo/0'));
    expect(info.body.code).toBe('manager');
    const [session] = await s.database.query<{ login_way: string }>(`select login_way from sys_session order by id desc limit 1`);
    expect(session!.login_way).toBe('sso');
    const [log] = await s.database.query<{ login_name: string; login_way: string; success: boolean }>(
      `select login_name, login_way, success from sys_login_log order by id desc limit 1`,
    );
    expect(log).toEqual({ login_name: 'manager', login_way: 'sso', success: true });
    // The state is single use: replaying the callback is refused.
    const replay = await new Client(s).json('POST', auth('sso/callback'), { body: out.params });
    expect(replay.code).toBe(Code.INVALID);
    expect(replay.msg).toBe('单点登录请求已失效，请重新登录');
  });

  it('matches by verified email when there is no login name, and refuses unknown or unverified accounts', async () => {
    const bob = await ssoLogin(new Client(s), 'bob');
    expect(bob.code).toBe(0);
    expect(bob.body.userName).toBe('李前台');
    const carol = await ssoLogin(new Client(s), 'carol');
    expect(carol.code).toBe(Code.BAD_CREDENTIALS);
    const dave = await ssoLogin(new Client(s), 'dave');
    expect(dave.code).toBe(Code.BAD_CREDENTIALS);
    expect(dave.msg).toBe('统一身份认证账号在本系统中不存在，请联系管理员');
    expect(dave.token).toBeUndefined();
    await s.database.db.execute(sql`update sys_user set status = 1 where code = 'manager'`);
    expect((await ssoLogin(new Client(s), 'alice')).msg).toBe('账号已冻结或注销，请联系管理员');
    await s.database.db.execute(sql`update sys_user set status = 0 where code = 'manager'`);
  });

  it('refuses a forged state, a wrong code and an expired state', async () => {
    const c = new Client(s);
    expect((await c.json('POST', auth('sso/callback'), { body: { code: 'x', state: 'forged' } })).code).toBe(Code.INVALID);
    idp.state.next = 'alice';
    const start = await c.json('GET', auth('sso/authorize'));
    const back = await browse(start.body.url, REDIRECT);
    const wrongCode = await c.json('POST', auth('sso/callback'), { body: { ...Object.fromEntries(back.searchParams), code: 'not-the-code' } });
    expect(wrongCode.code).toBe(Code.BAD_CREDENTIALS);
    expect(wrongCode.msg).toBe('统一身份认证失败，请重新登录');
    const again = await c.json('GET', auth('sso/authorize'));
    await s.database.db.execute(sql`update sys_sso_state set expires_at = now() - interval '1 second'`);
    const back2 = await browse(again.body.url, REDIRECT);
    expect((await c.json('POST', auth('sso/callback'), { body: Object.fromEntries(back2.searchParams) })).code).toBe(Code.INVALID);
    // Only paths of the console are kept as the place to go next.
    idp.state.next = 'alice';
    const evil = await ssoLogin(new Client(s), 'alice', '//evil.example/x');
    expect(evil.body.redirect).toBe('/');
  });

  it('signs in with a portal token (an access token of the same provider) and refuses others', async () => {
    // The portal is another client of the provider; it signs the user in and hands its access token over.
    const portal = await oidc.discovery(new URL(idp.issuer), 'portal', 'portal-secret', oidc.ClientSecretBasic('portal-secret'), {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    idp.state.next = 'alice';
    const url = oidc.buildAuthorizationUrl(portal, {
      redirect_uri: PORTAL_REDIRECT,
      scope: 'openid profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'st',
    });
    const back = await browse(url.href, PORTAL_REDIRECT);
    const tokens = await oidc.authorizationCodeGrant(portal, back, { pkceCodeVerifier: verifier, expectedState: 'st' });

    const c = new Client(s);
    const res = await c.call('POST', auth('sso/token'), { body: { token: tokens.access_token } });
    expect(res.json()).toMatchObject({ code: 0, body: { userName: '王经理', loginWay: 'sso' } });
    c.token = res.headers.authorization as string;
    expect((await c.json('GET', auth('userInfo/0'))).body.code).toBe('manager');
    const bad = await new Client(s).json('POST', auth('sso/token'), { body: { token: 'not-a-token' }, lang: 'en-US' });
    expect(bad.code).toBe(Code.BAD_CREDENTIALS);
    expect(bad.msg).toBe('The sign-in token is invalid or has expired');
    // An ID token is not a bearer credential.
    expect((await new Client(s).json('POST', auth('sso/token'), { body: { token: tokens.id_token } })).code).toBe(Code.BAD_CREDENTIALS);
    // The token never lands in the operation log.
    const rows = await s.database.query<{ params: unknown }>(`select params from sys_oper_log where module = 'sso' and action = 'token'`);
    expect(JSON.stringify(rows)).not.toContain(tokens.access_token);
  });

  it('sign-out of a single sign-on session ends the provider session too (RP-initiated logout)', async () => {
    // One browser: its cookies at the provider are the provider session.
    const jar: Jar = new Map();
    const logins = idp.state.logins;
    const c = new Client(s);
    expect((await ssoLogin(c, 'alice', '/home', jar)).code).toBe(0);
    expect(idp.state.logins).toBe(logins + 1);
    // While the provider session lives, signing on again needs no sign-in at the provider.
    expect((await ssoLogin(new Client(s), 'alice', '/home', jar)).code).toBe(0);
    expect(idp.state.logins).toBe(logins + 1);

    const res = await c.call('POST', auth('logout'));
    expect(res.json().code).toBe(0);
    const logoutUrl = new URL(res.json().body.logoutUrl);
    const discovery = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as { end_session_endpoint: string };
    expect(`${logoutUrl.origin}${logoutUrl.pathname}`).toBe(discovery.end_session_endpoint);
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe('http://console.test/signedOut');
    expect(logoutUrl.searchParams.get('client_id')).toBe('venue-console');
    // The hint is the ID token the provider issued to the console for this user.
    const hint = logoutUrl.searchParams.get('id_token_hint')!;
    expect(JSON.parse(Buffer.from(hint.split('.')[1]!, 'base64url').toString())).toMatchObject({ iss: idp.issuer, aud: 'venue-console', sub: 'alice' });
    // The console session is over and its cookie cleared.
    expect((await c.json('GET', auth('userInfo/0'))).status).toBe(401);
    expect(c.cookies.get('token')).toBe('');

    // The browser goes to the provider, confirms, and comes back to the console's signed-out page.
    const ask = await land(logoutUrl.href, jar);
    const action = /<form[^>]*action="([^"]+)"/.exec(ask.html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(ask.html)![1]!;
    const confirm = await visit(jar, new URL(action, ask.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(new URL(confirm.headers.get('location')!, ask.url).href).toMatch(/^http:\/\/console\.test\/signedOut/);

    // Signing on again now stops at the provider's sign-in page: nobody is signed back in.
    idp.state.next = null;
    const again = await new Client(s).json('GET', auth('sso/authorize'));
    const page = await land(again.body.url, jar);
    expect(page.url.pathname).toMatch(/^\/interaction\//);
    expect(page.html).toContain('idp-login');
    expect(idp.state.logins).toBe(logins + 1);
  });

  it('sign-out of a portal-token session sends the browser to the provider without a hint; password sessions stay here', async () => {
    const token = await (async () => {
      const portal = await oidc.discovery(new URL(idp.issuer), 'portal', 'portal-secret', oidc.ClientSecretBasic('portal-secret'), {
        execute: [oidc.allowInsecureRequests],
      });
      const verifier = oidc.randomPKCECodeVerifier();
      idp.state.next = 'alice';
      const url = oidc.buildAuthorizationUrl(portal, {
        redirect_uri: PORTAL_REDIRECT,
        scope: 'openid profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: 'st',
      });
      const back = await browse(url.href, PORTAL_REDIRECT);
      return (await oidc.authorizationCodeGrant(portal, back, { pkceCodeVerifier: verifier, expectedState: 'st' })).access_token;
    })();
    const c = new Client(s);
    const res = await c.call('POST', auth('sso/token'), { body: { token } });
    c.token = res.headers.authorization as string;
    const out = new URL((await c.json('POST', auth('logout'))).body.logoutUrl);
    expect(out.searchParams.get('id_token_hint')).toBeNull();
    expect(out.searchParams.get('client_id')).toBe('venue-console');
    expect(out.searchParams.get('post_logout_redirect_uri')).toBe('http://console.test/signedOut');

    const p = new Client(s);
    await p.login();
    expect((await p.json('POST', auth('logout'))).body).toBeNull();
  });

  it('obeys the login routes of the policy and answers when not configured', async () => {
    await s.database.db.execute(sql`update sys_config set value = ${JSON.stringify(DEFAULT_PASSWORD_STRATEGY)} where code = 'password_strategy'`);
    const c = new Client(s);
    expect((await c.json('GET', auth('sso/config'))).body.enabled).toBe(false);
    expect((await c.json('GET', auth('sso/authorize'))).msg).toBe('该登录方式未启用');
    expect((await c.json('POST', auth('sso/token'), { body: { token: 'x' } })).msg).toBe('该登录方式未启用');
    const plain = loadConfig({ DATA_DIR: s.dataDir });
    expect(await ssoEnabled(s.database.db, plain)).toBe(false);
    await expect(authorizeUrl(s.database.db, plain, '/')).rejects.toMatchObject({ msgKey: 'sso.disabled' });
  });
});
