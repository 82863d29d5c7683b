import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@venue/contract';
import { ADMIN_PASSWORD, Client, adapter, auth, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { setUserRoles } from '../../../test/grants.ts';
import { sha256, encryptPayload, computeSign } from '../../platform/keys.ts';
import { seedDemo } from '../system/index.ts';

async function setStrategy(s: TestServer, patch: Record<string, unknown>) {
  await s.database.db.execute(sql`update sys_config set value = (value::jsonb || ${JSON.stringify(patch)}::jsonb)::text where code = 'password_strategy'`);
}

/** Asks for an image code and fixes its answer, as a person reading the picture would know it. */
async function solveCaptcha(s: TestServer, c: Client, answer = 'abcd') {
  const img = await c.call('GET', auth('code.jpg'));
  expect(img.statusCode).toBe(200);
  expect(img.headers['content-type']).toBe('image/jpeg');
  expect(img.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  await s.database.db.execute(sql`update sys_captcha set answer_hash = ${sha256(answer)} where id = ${c.cookies.get('captcha_id')!}`);
  return answer;
}

describe.each(databases)('sign-in and session on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
  });
  afterAll(async () => s?.close());

  it('answers health, readiness and the runtime config without a sign', async () => {
    expect((await s.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await s.app.inject({ url: '/readyz' })).json().status).toBe('ready');
    const cfg = await s.app.inject({ url: '/config.json' });
    expect(cfg.json()).toMatchObject({
      authPrefix: '/api/auth/',
      systemPrefix: '/api/system/',
      adapterPrefix: '/api/adapter/',
      loginPath: 'login',
      timeout: 5000,
      socket: false,
      encrypt: false,
    });
    expect(cfg.cookies.find((k: { name: string }) => k.name === 'XSRF-TOKEN')).toBeTruthy();
    expect((await s.app.inject({ url: '/config.xml' })).body).toContain('<server host="*"');
  });

  it('refuses a missing, bad or stale sign with a clear message', async () => {
    const c = new Client(s);
    const missing = await c.json('GET', sys('strategy/passwordStrategy'), { sign: 'none' });
    expect(missing.code).toBe(Code.INVALID);
    expect(missing.msg).toBe('请求签名缺失');
    const bad = await c.json('GET', sys('strategy/passwordStrategy'), { sign: 'bad', lang: 'en-US' });
    expect(bad.msg).toBe('The request signature is invalid');
    const stale = await c.json('GET', sys('strategy/passwordStrategy'), { sign: 'stale' });
    expect(stale.msg).toContain('时间戳');
    expect((await c.json('GET', sys('strategy/passwordStrategy'))).code).toBe(0);
  });

  it('signs GET over the path with its query string', async () => {
    const c = new Client(s);
    const ts = String(Math.floor(Date.now() / 1000));
    const url = '/api/system/strategy/passwordStrategy?x=1';
    const res = await s.app.inject({ url, headers: { timestamp: ts, sign: computeSign(s.app.ctx.keys.signKey, ts, 'GET', url, '') } });
    expect(res.json().code).toBe(0);
    const wrong = await s.app.inject({
      url,
      headers: { timestamp: ts, sign: computeSign(s.app.ctx.keys.signKey, ts, 'GET', '/api/system/strategy/passwordStrategy', '') },
    });
    expect(wrong.json().code).toBe(Code.INVALID);
    void c;
  });

  it('requires the XSRF double submit on state-changing calls', async () => {
    const c = new Client(s);
    const res = await c.json('POST', auth('login'), { body: { loginName: 'admin', password: ADMIN_PASSWORD }, xsrf: false });
    expect(res.code).toBe(Code.FORBIDDEN);
    expect(res.msg).toContain('跨站');
  });

  it('answers an unknown API path with 100404 and never a stack trace', async () => {
    const c = new Client(s);
    const res = await c.call('POST', '/api/system/no/such/thing', { body: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: Code.NOT_FOUND, head: { level: 'error' }, body: null });
    const broken = await c.call('POST', auth('login'), { raw: '{"loginName": ' });
    expect(broken.json().code).toBe(Code.INVALID);
    expect(broken.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('rejects markup in input with HTTP 403', async () => {
    const c = new Client(s);
    const res = await c.call('POST', sys('user/login/getFailTimes/'), { body: { loginName: '<script>alert(1)</script>' }, lang: 'en-US' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Please enter valid characters');
  });

  it('refuses a body over the size limit', async () => {
    const c = new Client(s);
    const res = await c.call('POST', auth('login'), { raw: JSON.stringify({ loginName: 'x', password: 'y'.repeat(2 * 1024 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(Code.INVALID);
  });

  it('gives the same answer for an unknown name and a wrong password, in both languages', async () => {
    const c = new Client(s);
    const unknown = await c.login('nobody-here', 'whatever1');
    const wrong = await c.login('manager', 'wrong-password1');
    expect(unknown.code).toBe(Code.BAD_CREDENTIALS);
    expect(wrong.code).toBe(Code.BAD_CREDENTIALS);
    expect(unknown.msg).toBe(wrong.msg);
    expect(unknown.msg).toBe('登录名或密码错误');
    const en = await c.json('POST', auth('login'), { body: { loginName: 'nobody2', password: 'x' }, lang: 'en-US' });
    expect(en.msg).toBe('Login name or password is wrong');
    expect(unknown.token).toBeUndefined();
  });

  it('signs in with a trimmed login name, returns the token header and the user info', async () => {
    const c = new Client(s);
    const res = await c.login('  admin ', ADMIN_PASSWORD);
    expect(res.code).toBe(0);
    expect(res.body).toMatchObject({ userName: '系统管理员' });
    expect(res.token).toMatch(/^[\w-]{40,}$/);
    const info = await c.json('GET', auth('userInfo/0'));
    expect(info.code).toBe(0);
    expect(info.body.roles).toEqual(['ROLE_ADMIN']);
    expect(info.body.currentOrg).toMatchObject({ orgName: '平台运营中心', enterpriseType: 1 });
    expect(info.body.defaultOrgId).toBe(info.body.currentOrg.orgId);
    expect(info.body.permissions).toContain('home:view');
    expect(info.body.passwordStrategy.minLength).toBe(6);
  });

  it('gives ROLE_DEFAULT and no permissions to a user without roles', async () => {
    await setUserRoles(s, 'frontdesk', []);
    const c = new Client(s);
    expect((await c.login('frontdesk', 'Demo@2020')).code).toBe(0);
    const info = await c.json('GET', auth('userInfo/0'));
    expect(info.body.roles).toEqual(['ROLE_DEFAULT']);
    expect(info.body.permissions).toEqual([]);
    const menus = await c.json('POST', adapter('menu-exec/query'), { body: { appSign: 'venue-console', orgId: info.body.currentOrg.orgId } });
    expect(menus.body).toEqual([]);
  });

  it('returns the menu tree of the user and organisation', async () => {
    const admin = new Client(s);
    await admin.login();
    const info = await admin.json('GET', auth('userInfo/0'));
    const all = await admin.json('POST', adapter('menu-exec/query'), { body: { appSign: 'venue-console', orgId: info.body.currentOrg.orgId } });
    expect(all.body).toHaveLength(1);
    const top = all.body[0].children.map((m: { url: string | null; name: string }) => m.url ?? m.name);
    expect(top).toContain('/home');
    const manager = new Client(s);
    await manager.login('manager', 'Demo@2020');
    const mInfo = await manager.json('GET', auth('userInfo/0'));
    expect(mInfo.body.currentOrg.orgName).toBe('示范体育中心');
    const mine = await manager.json('POST', adapter('menu-exec/query'), { body: { appSign: 'venue-console', orgId: mInfo.body.currentOrg.orgId } });
    const flat = JSON.stringify(mine.body);
    expect(flat).toContain('/home');
    expect(flat).toContain('/about');
    const other = await manager.json('POST', adapter('menu-exec/query'), { body: { orgId: info.body.currentOrg.orgId } });
    expect(other.code).toBe(Code.FORBIDDEN);
  });

  it('answers the dictionary, the password strategy and public settings', async () => {
    const c = new Client(s);
    expect((await c.json('GET', sys('strategy/passwordStrategy'))).body.loginRoutes).toContain('password');
    const settings = await c.json('GET', sys('config/configKey/system_settings'));
    expect(JSON.parse(settings.body).enable).toBe(false);
    expect((await c.json('GET', sys('config/configKey/password_strategy'))).status).toBe(401);
    expect((await c.json('POST', adapter('dict/item/query'), { body: {} })).status).toBe(401);
    await c.login();
    const dict = await c.json('POST', adapter('dict/item/query'), { body: { codes: ['sys_user_status'] } });
    expect(dict.body.sys_user_status.map((i: { value: string }) => i.value)).toEqual(['0', '1', '2']);
  });

  it('shows the captcha after repeated failures and accepts the right code', async () => {
    const c = new Client(s);
    for (let i = 0; i < 3; i++) expect((await c.login('captcha-user', 'bad')).code).toBe(Code.BAD_CREDENTIALS);
    expect((await c.json('POST', sys('user/login/getFailTimes/'), { body: { loginName: 'captcha-user' } })).body).toEqual({
      failTimes: 3,
      captchaRequired: true,
    });
    const need = await c.login('captcha-user', 'bad');
    expect(need.code).toBe(Code.CAPTCHA_REQUIRED);
    await solveCaptcha(s, c);
    const wrongCode = await c.login('captcha-user', 'bad', 'zzzz');
    expect(wrongCode.code).toBe(Code.CAPTCHA_REQUIRED);
    expect(wrongCode.msg).toContain('验证码');
    // Another account from the same address is not bothered by these few failures.
    expect((await c.login()).code).toBe(0);
    const answer = await solveCaptcha(s, c);
    const ok = await c.login('captcha-user', 'bad', ` ${answer.toUpperCase()} `);
    expect(ok.code).toBe(Code.BAD_CREDENTIALS);
    await s.database.db.execute(sql`update sys_user set code = 'captcha-user' where code = 'frontdesk'`);
    const answer2 = await solveCaptcha(s, c);
    expect((await c.login('captcha-user', 'Demo@2020', ` ${answer2.toUpperCase()} `)).code).toBe(0);
    await s.database.db.execute(sql`update sys_user set code = 'frontdesk' where code = 'captcha-user'`);

    await s.database.db.execute(sql`delete from sys_login_failure`);
    for (let i = 0; i < 20; i++) await c.login(`stuffed-${i}`, 'bad');
    expect((await c.login('admin', ADMIN_PASSWORD)).code).toBe(Code.CAPTCHA_REQUIRED);
    await s.database.db.execute(sql`delete from sys_login_failure`);
  });

  it('draws an image code bound to a login name (by-name variant)', async () => {
    await setStrategy(s, { captchaAfterFailures: 1 });
    const c = new Client(s);
    expect((await c.login('admin', 'wrong')).code).toBe(Code.BAD_CREDENTIALS);
    expect((await c.login('manager', 'wrong')).code).toBe(Code.BAD_CREDENTIALS);
    const img = await c.call('POST', sys('user/auth/code.jpg/name'), { body: { loginName: 'admin' } });
    expect(img.headers['content-type']).toBe('image/jpeg');
    await s.database.db.execute(sql`update sys_captcha set answer_hash = ${sha256('wxyz')} where id = ${c.cookies.get('captcha_id')!}`);
    // The code drawn for admin does not open another account.
    expect((await c.login('manager', 'Demo@2020', 'wxyz')).code).toBe(Code.CAPTCHA_REQUIRED);
    await c.call('POST', sys('user/auth/code.jpg/name'), { body: { loginName: 'admin' } });
    await s.database.db.execute(sql`update sys_captcha set answer_hash = ${sha256('wxyz')} where id = ${c.cookies.get('captcha_id')!}`);
    expect((await c.login('admin', ADMIN_PASSWORD, 'wxyz')).code).toBe(0);
    await setStrategy(s, { captchaAfterFailures: 3 });
    await s.database.db.execute(sql`delete from sys_login_failure`);
  });

  it('ends a session on logout, on deletion and after idle or absolute expiry', async () => {
    const c = new Client(s);
    await c.login();
    expect((await c.json('GET', auth('userInfo/0'))).code).toBe(0);
    expect((await c.json('POST', auth('logout'))).code).toBe(0);
    const after = await c.json('GET', auth('userInfo/0'));
    expect(after.status).toBe(401);
    expect(after.code).toBe(Code.SESSION_EXPIRED);

    await c.login();
    await s.database.db.execute(sql`delete from sys_session where token_hash = ${sha256(c.token!)}`);
    expect((await c.json('GET', auth('userInfo/0'))).status).toBe(401);

    await c.login();
    await s.database.db.execute(sql`update sys_session set last_seen_at = now() - interval '31 minutes' where token_hash = ${sha256(c.token!)}`);
    expect((await c.json('GET', auth('userInfo/0'))).status).toBe(401);

    await c.login();
    await s.database.db.execute(sql`update sys_session set expires_at = now() - interval '1 second' where token_hash = ${sha256(c.token!)}`);
    expect((await c.json('GET', auth('userInfo/0'))).status).toBe(401);
  });

  it('writes a login-log row for every attempt and an operation-log row for state changes', async () => {
    const before = await s.database.query<{ n: number }>('select count(*)::int as n from sys_login_log');
    const c = new Client(s);
    await c.login('admin', 'wrong');
    await c.login();
    const after = await s.database.query<{ n: number }>('select count(*)::int as n from sys_login_log');
    expect(after[0]!.n - before[0]!.n).toBe(2);
    await c.json('POST', auth('logout'));
    const ops = await s.database.query<{ module: string; action: string; params: Record<string, unknown> | null }>(
      `select module, action, params from sys_oper_log order by id desc limit 5`,
    );
    expect(ops.map((o) => o.action)).toContain('logout');
    const loginOp = ops.find((o) => o.action === 'login');
    expect(loginOp?.params?.password).toBe('******');
  });

  it('signs in by phone with a code that only the SMS provider sees', async () => {
    const c = new Client(s);
    const sent = await c.json('POST', auth('SMScode'), { body: { phoneNumber: '13800000001' } });
    expect(sent.code).toBe(0);
    expect(JSON.stringify(sent)).not.toMatch(/\d{6}/);
    // The message leaves in the background, after the answer.
    const code = await vi.waitFor(() => s.sms.lastCode('13800000001') ?? Promise.reject(new Error('no SMS yet')));
    expect(code).toMatch(/^\d{6}$/);
    expect((await c.json('POST', auth('SMScode'), { body: { phoneNumber: '13800000001' } })).code).toBe(Code.TOO_MANY);
    const unknown = await c.json('POST', auth('SMScode'), { body: { phoneNumber: '13900000009' } });
    expect(unknown.code).toBe(0);
    expect(s.sms.lastCode('13900000009')).toBeUndefined();
    const wrong = await c.call('POST', auth('phone/authcode'), {
      body: { phoneNumber: '13800000001', authCode: '000000', others: { appSign: 'venue-console' } },
    });
    expect(wrong.json().code).toBe(Code.BAD_CREDENTIALS);
    const ok = await c.call('POST', auth('phone/authcode'), { body: { phoneNumber: '13800000001', authCode: code, others: { appSign: 'venue-console' } } });
    expect(ok.json().code).toBe(0);
    expect(ok.headers.authorization).toBeTruthy();
    const reuse = await c.call('POST', auth('phone/authcode'), { body: { phoneNumber: '13800000001', authCode: code, others: {} } });
    expect(reuse.json().code).toBe(Code.BAD_CREDENTIALS);
  });

  it('asks for a new password with 200003 and enforces the change rules', async () => {
    await s.database.db.execute(sql`update sys_user set must_change_password = true where code = 'manager'`);
    const c = new Client(s);
    const res = await c.login('manager', 'Demo@2020');
    expect(res.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    expect(res.token).toBeTruthy();
    expect((await c.json('GET', sys('home/summary'))).code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    const mismatch = await c.json('PUT', sys('user/password'), {
      body: { oldPassword: 'Demo@2020', newPassword: 'Newpass123', confirmPassword: 'Newpass124' },
    });
    expect(mismatch.code).toBe(Code.FORM_INVALID);
    expect(mismatch.detail[0]).toMatchObject({ field: 'confirmPassword', message: '两次输入的密码不一致' });
    const same = await c.json('PUT', sys('user/password'), { body: { oldPassword: 'Demo@2020', newPassword: 'Demo@2020', confirmPassword: 'Demo@2020' } });
    expect(same.detail[0].message).toBe('新密码不能与旧密码相同');
    const weak = await c.json('PUT', sys('user/password'), {
      body: { oldPassword: 'Demo@2020', newPassword: 'ABCDEFGH', confirmPassword: 'ABCDEFGH' },
      lang: 'en-US',
    });
    expect(weak.detail.map((d: { message: string }) => d.message)).toContain('The password must contain a lowercase letter');
    const ok = await c.json('PUT', sys('user/password'), { body: { oldPassword: 'Demo@2020', newPassword: 'Venue2026x', confirmPassword: 'Venue2026x' } });
    expect(ok.code).toBe(0);
    expect((await c.json('GET', sys('home/summary'))).code).toBe(0);
    const again = new Client(s);
    expect((await again.login('manager', 'Venue2026x')).code).toBe(0);
  });

  it('shows what the platform knows on the home summary', async () => {
    const c = new Client(s);
    await c.login();
    const sum = await c.json('GET', sys('home/summary'));
    expect(sum.msg).toBe('操作成功');
    expect(sum.body.users).toBeGreaterThanOrEqual(3);
    expect(sum.body.orgs).toBeGreaterThanOrEqual(4);
    expect(sum.body.sessions).toBeGreaterThanOrEqual(1);
  });
});

describe('login rate limit', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite', { LOGIN_RATE_PER_MINUTE: '3' });
  });
  afterAll(async () => s?.close());

  it('answers 100429 past the per-minute limit of an address', async () => {
    const c = new Client(s);
    for (let i = 0; i < 3; i++) expect((await c.login('admin', 'wrong')).code).toBe(Code.BAD_CREDENTIALS);
    const limited = await c.login('admin', ADMIN_PASSWORD);
    expect(limited.code).toBe(Code.TOO_MANY);
    expect(limited.status).toBe(429);
  });
});

describe('encrypted bodies', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite', { ENCRYPT: '1' });
  });
  afterAll(async () => s?.close());

  it('accepts an RSA-OAEP-256 + AES-256-GCM payload and refuses a plain body', async () => {
    const c = new Client(s);
    const plain = await c.login();
    expect(plain.code).toBe(Code.INVALID);
    const cfg = (await s.app.inject({ url: '/config.json' })).json();
    expect(cfg.encrypt).toBe(true);
    const payload = encryptPayload(cfg.publicKey, JSON.stringify({ loginName: 'admin', password: ADMIN_PASSWORD, others: {} }));
    const res = await c.call('POST', auth('login'), { body: { payload } });
    expect(res.json().code).toBe(0);
    expect(res.headers.authorization).toBeTruthy();
  });

  it('keeps its key pair in the data dir across restarts', async () => {
    const first = (await s.app.inject({ url: '/config.json' })).json().publicKey;
    const { loadKeys } = await import('../../platform/keys.ts');
    expect(loadKeys(s.dataDir).publicKeyPem).toBe(first);
  });
});
