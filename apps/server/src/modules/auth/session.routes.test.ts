import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@venue/contract';
import { Client, auth, databases, startServer, type TestServer } from '../../../test/harness.ts';
import { sha256 } from '../../platform/keys.ts';
import { seedDemo } from '../system/index.ts';

/** The Set-Cookie header of the `token` cookie in an answer, as the browser receives it. */
function tokenCookie(headers: Record<string, unknown>): string | undefined {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw.map(String) : raw === undefined ? [] : [String(raw)];
  return list.find((c) => c.startsWith('token='));
}

/** Attributes of a Set-Cookie line, lower-cased names: {httponly: true, samesite: 'Strict', ...}. */
function attributes(setCookie: string): Record<string, string | true> {
  const [, ...parts] = setCookie.split(';').map((p) => p.trim());
  return Object.fromEntries(
    parts.map((p) => (p.includes('=') ? [p.slice(0, p.indexOf('=')).toLowerCase(), p.slice(p.indexOf('=') + 1)] : [p.toLowerCase(), true])),
  );
}

const liveSessions = async (s: TestServer, token: string) =>
  (await s.database.query<{ n: number }>(`select count(*)::int as n from sys_session where token_hash = '${sha256(token)}'`))[0]!.n;

describe.each(databases)('session cookie (token mode) on %s', (kind) => {
  let s: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    proxied = await startServer(kind, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await s?.close();
    await proxied?.close();
  });

  it('sign-in sets the token cookie HttpOnly and SameSite=Strict, not Secure over plain http', async () => {
    const c = new Client(s);
    const res = await c.call('POST', auth('login'), { body: { loginName: 'admin', password: 'Admin@12345', others: {} } });
    expect(res.json().code).toBe(0);
    const token = res.headers.authorization as string;
    const cookie = tokenCookie(res.headers);
    expect(cookie).toBeDefined();
    expect(cookie!.split(';')[0]).toBe(`token=${token}`);
    const a = attributes(cookie!);
    expect(a.httponly).toBe(true);
    expect(a.samesite).toBe('Strict');
    expect(a.path).toBe('/');
    expect(a.secure).toBeUndefined();
    // A session cookie: it ends with the browser.
    expect(a['max-age']).toBeUndefined();
    expect(a.expires).toBeUndefined();
  });

  it('marks the cookie Secure when a trusted proxy says the browser came over https, and only then', async () => {
    const c = new Client(proxied);
    const body = { loginName: 'admin', password: 'Admin@12345', others: {} };
    const https = await c.call('POST', auth('login'), { body, headers: { 'x-forwarded-proto': 'https' } });
    expect(https.json().code).toBe(0);
    expect(attributes(tokenCookie(https.headers)!).secure).toBe(true);
    // Without a trusted proxy the header is the client's word, and the connection is plain http.
    const direct = await new Client(s).call('POST', auth('login'), { body, headers: { 'x-forwarded-proto': 'https' } });
    expect(attributes(tokenCookie(direct.headers)!).secure).toBeUndefined();
  });

  it('phone sign-in sets the cookie too', async () => {
    await s.database.db.execute(
      sql`update sys_config set value = (value::jsonb || '{"loginRoutes":["password","sms"]}'::jsonb)::text where code = 'password_strategy'`,
    );
    const c = new Client(s);
    expect((await c.json('POST', auth('SMScode'), { body: { phoneNumber: '13800000001' } })).code).toBe(0);
    await expect.poll(() => s.sms.lastCode('13800000001')).toMatch(/^\d{6}$/);
    const res = await c.call('POST', auth('phone/authcode'), {
      body: { phoneNumber: '13800000001', authCode: s.sms.lastCode('13800000001')!, others: { appSign: 'venue-console' } },
    });
    expect(res.json().code).toBe(0);
    const cookie = tokenCookie(res.headers)!;
    expect(cookie.split(';')[0]).toBe(`token=${res.headers.authorization as string}`);
    expect(attributes(cookie).httponly).toBe(true);
  });

  it('restores the token from the cookie alone (a reload), and only for the same site with XSRF and Sign', async () => {
    const c = new Client(s);
    const login = await c.login();
    // The console's memory is gone after a reload: no bearer, only the browser's cookie.
    c.token = undefined;
    expect(c.cookies.get('token')).toBe(login.token);
    const restored = await c.json('POST', auth('session'));
    expect(restored.code).toBe(0);
    expect(restored.body).toEqual({ token: login.token, userId: expect.any(Number), userName: expect.any(String) });
    // A page of another site cannot echo the XSRF cookie (and its browser would not send a SameSite=Strict cookie).
    const forged = await c.json('POST', auth('session'), { xsrf: false });
    expect(forged.code).toBe(Code.FORBIDDEN);
    expect(forged.body).toBeNull();
    expect((await c.json('POST', auth('session'), { sign: 'none' })).body).toBeNull();
    const res = await c.call('POST', auth('session'), { headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // No cookie: nothing to restore.
    expect((await new Client(s).json('POST', auth('session'))).body).toBeNull();
  });

  it('forgets a cookie whose session has ended', async () => {
    const c = new Client(s);
    const login = await c.login();
    c.token = undefined;
    await s.database.db.execute(sql`delete from sys_session where token_hash = ${sha256(login.token!)}`);
    const res = await c.call('POST', auth('session'));
    expect(res.json().body).toBeNull();
    const cleared = tokenCookie(res.headers);
    expect(cleared).toBeDefined();
    expect(cleared!.split(';')[0]).toBe('token=');
  });

  it('sign-out ends the session and clears the cookie', async () => {
    const c = new Client(s);
    const login = await c.login();
    const res = await c.call('POST', auth('logout'));
    expect(res.json()).toMatchObject({ code: 0, body: null });
    const cleared = tokenCookie(res.headers)!;
    expect(cleared.split(';')[0]).toBe('token=');
    const a = attributes(cleared);
    expect(new Date(String(a.expires)).getTime()).toBeLessThan(Date.now());
    expect(a.httponly).toBe(true);
    expect(await liveSessions(s, login.token!)).toBe(0);
    expect((await c.json('POST', auth('session'))).body).toBeNull();
    expect((await c.json('GET', auth('userInfo/0'))).status).toBe(401);
  });

  it('sign-out with only the cookie, or after the session went idle, still ends it', async () => {
    const c = new Client(s);
    const login = await c.login();
    c.token = undefined;
    expect((await c.json('POST', auth('logout'))).code).toBe(0);
    expect(await liveSessions(s, login.token!)).toBe(0);

    const idle = new Client(s);
    const second = await idle.login();
    await s.database.db.execute(sql`update sys_session set last_seen_at = now() - interval '31 minutes' where token_hash = ${sha256(second.token!)}`);
    const res = await idle.call('POST', auth('logout'));
    expect(res.json().code).toBe(0);
    expect(tokenCookie(res.headers)!.split(';')[0]).toBe('token=');
    expect(await liveSessions(s, second.token!)).toBe(0);
  });
});

describe('session cookie with token mode off (localStorage)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite', { TOKEN_MODE: '0' });
  });
  afterAll(async () => s?.close());

  it('sets no cookie and restores nothing from one', async () => {
    const c = new Client(s);
    const res = await c.call('POST', auth('login'), { body: { loginName: 'admin', password: 'Admin@12345', others: {} } });
    expect(res.json().code).toBe(0);
    expect(res.headers.authorization).toBeTruthy();
    expect(tokenCookie(res.headers)).toBeUndefined();
    c.cookies.set('token', res.headers.authorization as string);
    c.token = undefined;
    expect((await c.json('POST', auth('session'))).body).toBeNull();
  });
});
