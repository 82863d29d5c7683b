import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, DEFAULT_PASSWORD_STRATEGY } from '@venue/contract';
import { Client, auth, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { sha256 } from '../../platform/keys.ts';
import { AppError } from '../../platform/errors.ts';
import { setPassword } from './password.service.ts';
import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { seedDemo } from './demo.seed.ts';

/** Asks for an image code and fixes its answer, as a person reading the picture would know it. */
async function solveCaptcha(s: TestServer, c: Client, answer = 'abcd') {
  await c.call('GET', auth('code.jpg'));
  await s.database.db.execute(sql`update sys_captcha set answer_hash = ${sha256(answer)} where id = ${c.cookies.get('captcha_id')!}`);
  return answer;
}

const passwordPart = (over: Record<string, unknown> = {}) => ({
  minLength: 6,
  maxLength: 20,
  defaultPassword: 'Venue@2020',
  complexity: ['lower', 'digit'],
  historyLimit: 0,
  expireDays: 0,
  forceChangeOnFirstLogin: false,
  ...over,
});
const loginPart = (over: Record<string, unknown> = {}) => ({
  loginRoutes: ['password', 'sms'],
  maxFailedLogins: 0,
  captchaAfterFailures: 3,
  lockMinutes: 20,
  ...over,
});

describe.each(databases)('login and password strategy on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  const version = async () => (await admin.json('GET', sys('strategy/passwordStrategy'))).body.version as number;
  const reset = async () => {
    await s.database.db.execute(sql`update sys_config set value = ${JSON.stringify(DEFAULT_PASSWORD_STRATEGY)} where code = 'password_strategy'`);
    await s.database.db.execute(sql`delete from sys_login_failure`);
  };

  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    admin = new Client(s);
    await admin.login();
  });
  afterAll(async () => s?.close());
  beforeEach(reset);

  it('answers both parts publicly; no answer ever carries the default password', async () => {
    const anon = new Client(s);
    const pub = await anon.json('GET', sys('strategy/passwordStrategy'));
    expect(pub.code).toBe(0);
    expect(pub.body).toMatchObject({ minLength: 6, maxLength: 20, loginRoutes: ['password', 'sms'], version: 1, sealed: true });
    expect(pub.body.defaultPassword).toBeUndefined();
    // Not to the administrator either, through any call that reads the policy.
    const answers = [
      await admin.json('GET', sys('strategy/passwordStrategy')),
      await admin.json('GET', sys('config/configKey/password_strategy')),
      await admin.json('POST', sys('config/listForConsole'), { body: { code: 'password_strategy' } }),
      await admin.json('GET', auth('userInfo/0')),
    ];
    const row = answers[2]!.body.data[0];
    answers.push(await admin.json('GET', sys(`config/${row.id}`)));
    for (const a of answers) {
      expect(a.code).toBe(0);
      expect(JSON.stringify(a.body)).not.toContain('Venue@2020');
      expect(JSON.stringify(a.body)).not.toContain('defaultPassword');
    }
    const login = await anon.json('GET', sys('strategy/loginStrategy'));
    expect(login.body).toEqual({ loginRoutes: ['password', 'sms'], maxFailedLogins: 0, captchaAfterFailures: 3, lockMinutes: 20, version: 1, sealed: true });
  });

  it('enforces every password-policy rule with localised field messages', async () => {
    const v = await version();
    const put = (body: Record<string, unknown>, lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
      admin.json('PUT', sys('strategy/passwordStrategy'), { body: { ...body, version: v }, lang });
    const field = (r: { detail: { field: string; message: string }[] }, f: string) => r.detail?.find((d) => d.field === f)?.message;

    expect(field(await put(passwordPart({ minLength: 3 })), 'minLength')).toBe('不能小于 4');
    expect(field(await put(passwordPart({ maxLength: 21 }), 'en-US'), 'maxLength')).toBe('must not be greater than 20');
    const minMax = await put(passwordPart({ minLength: 12, maxLength: 8 }));
    expect(minMax.code).toBe(Code.INVALID);
    expect(field(minMax, 'minLength')).toBe('最短长度不能大于最长长度');
    // Write-only: empty keeps the stored default password (nothing else changed, nothing saved).
    expect((await put(passwordPart({ defaultPassword: '' }))).code).toBe(Code.OK_NOTICE);
    expect(field(await put(passwordPart({ defaultPassword: 'x'.repeat(21) })), 'defaultPassword')).toBe('长度不能超过 20');
    expect(field(await put(passwordPart({ complexity: [] })), 'complexity')).toBe('至少选择一条密码复杂度规则');
    expect(field(await put(passwordPart({ complexity: ['nope'] })), 'complexity.0')).toBe('格式不正确');
    expect(field(await put(passwordPart({ historyLimit: -1 })), 'historyLimit')).toBe('不能小于 0');
    const { minLength: _m, ...noMin } = passwordPart();
    expect(field(await put(noMin), 'minLength')).toBe('不能为空');
    expect((await admin.json('GET', sys('strategy/passwordStrategy'))).body.version).toBe(v);
  });

  it('enforces every login-policy rule', async () => {
    const v = await version();
    const put = (body: Record<string, unknown>) => admin.json('PUT', sys('strategy/loginStrategy'), { body: { ...body, version: v } });
    const field = (r: { detail: { field: string; message: string }[] }, f: string) => r.detail?.find((d) => d.field === f)?.message;
    expect(field(await put(loginPart({ maxFailedLogins: 21 })), 'maxFailedLogins')).toBe('不能大于 20');
    expect(field(await put(loginPart({ maxFailedLogins: 2, captchaAfterFailures: 3 })), 'maxFailedLogins')).toBe('登录失败次数不能小于启用验证码的次数');
    expect(field(await put(loginPart({ lockMinutes: 61 })), 'lockMinutes')).toBe('不能大于 60');
    expect(field(await put(loginPart({ loginRoutes: [] })), 'loginRoutes')).toBe('至少选择一种登录方式');
    const { maxFailedLogins: _f, ...noCount } = loginPart();
    expect(field(await put(noCount), 'maxFailedLogins')).toBe('不能为空');
    // 0 = unlimited failures, whatever the captcha count; no lock time = no automatic unlock.
    const { lockMinutes: _l, ...noLock } = loginPart({ maxFailedLogins: 0, captchaAfterFailures: 5 });
    const ok = await put(noLock);
    expect(ok.code).toBe(0);
    expect(ok.body).toMatchObject({ maxFailedLogins: 0, captchaAfterFailures: 5, lockMinutes: null, version: v + 1, sealed: false });
    const full = (await admin.json('GET', sys('strategy/passwordStrategy'))).body;
    expect(full.minLength).toBe(6);
  });

  it('refuses a stale version, says when nothing changed, warns about a weak default password', async () => {
    const v = await version();
    const same = await admin.json('PUT', sys('strategy/passwordStrategy'), { body: { ...passwordPart(), version: v } });
    expect(same.code).toBe(Code.OK_NOTICE);
    expect(same.msg).toBe('没有变化，无需保存');
    const saved = await admin.json('PUT', sys('strategy/passwordStrategy'), { body: { ...passwordPart({ minLength: 8 }), version: v } });
    expect(saved.code).toBe(0);
    expect(saved.body).toMatchObject({ minLength: 8, version: v + 1 });
    const stale = await admin.json('PUT', sys('strategy/passwordStrategy'), { body: { ...passwordPart({ minLength: 9 }), version: v } });
    expect(stale.code).toBe(Code.CONFLICT);
    const weak = await admin.json('PUT', sys('strategy/passwordStrategy'), {
      body: { ...passwordPart({ defaultPassword: 'abc' }), version: v + 1 },
      lang: 'en-US',
    });
    expect(weak.code).toBe(Code.OK_NOTICE);
    expect(weak.msg).toContain('default password does not meet');
    // The parameter screen shows it desealed; recover puts the shipped policy back.
    const row = (await admin.json('POST', sys('config/listForConsole'), { body: { code: 'password_strategy' } })).body.data[0];
    expect(row.sealed).toBe(false);
    await admin.json('PUT', sys(`config/recover/${row.id}`));
    expect((await admin.json('GET', sys('strategy/passwordStrategy'))).body).toMatchObject({ minLength: 6, sealed: true });
  });

  it('checks the permission and keeps the policy to the platform organisation', async () => {
    const anon = new Client(s);
    expect((await anon.json('PUT', sys('strategy/loginStrategy'), { body: { ...loginPart(), version: 1 } })).status).toBe(401);
    const mgr = new Client(s);
    await mgr.login('manager', 'Demo@2020');
    expect((await mgr.json('PUT', sys('strategy/loginStrategy'), { body: { ...loginPart(), version: 1 } })).code).toBe(Code.FORBIDDEN);
    expect((await mgr.json('GET', sys('strategy/passwordStrategy'))).body.defaultPassword).toBeUndefined();
  });

  it('login obeys the saved policy: routes, captcha count, lockout count and lock time', async () => {
    const v = await version();
    const saved = await admin.json('PUT', sys('strategy/loginStrategy'), {
      body: { ...loginPart({ loginRoutes: ['password'], maxFailedLogins: 2, captchaAfterFailures: 1, lockMinutes: 5 }), version: v },
    });
    expect(saved.code).toBe(0);
    const c = new Client(s);
    // SMS sign-in is no longer a route.
    expect((await c.json('POST', auth('phone/authcode'), { body: { phoneNumber: '13800000001', authCode: '123456' } })).msg).toBe('该登录方式未启用');
    expect((await c.login('manager', 'wrong-1')).code).toBe(Code.BAD_CREDENTIALS);
    // One failure brings the image code.
    expect((await c.login('manager', 'wrong-2')).code).toBe(Code.CAPTCHA_REQUIRED);
    expect((await c.login('manager', 'wrong-2', await solveCaptcha(s, c))).code).toBe(Code.BAD_CREDENTIALS);
    expect((await c.login('manager', 'wrong-3', await solveCaptcha(s, c))).code).toBe(Code.BAD_CREDENTIALS);
    // Two failures with a solved image code lock the account for the configured five minutes.
    const locked = await c.login('manager', 'Demo@2020', await solveCaptcha(s, c));
    expect(locked.code).toBe(Code.LOCKED);
    const until = new Date(locked.detail.until).getTime();
    expect(until).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(until).toBeLessThan(Date.now() + 6 * 60_000);
  });

  it('password changes (own, and the setPassword that admin reset uses) obey the saved policy', async () => {
    const v = await version();
    const saved = await admin.json('PUT', sys('strategy/passwordStrategy'), {
      body: {
        ...passwordPart({ minLength: 10, complexity: ['upper', 'lower', 'digit', 'special', 'noLoginName'], historyLimit: 2, defaultPassword: 'Venue@2020x' }),
        version: v,
      },
    });
    expect(saved.code).toBe(0);
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const change = (oldPassword: string, newPassword: string) =>
      mgr.json('PUT', sys('user/password'), { body: { oldPassword, newPassword, confirmPassword: newPassword } });
    const short = await change('Demo@2020', 'Ab1@xyz');
    expect(short.code).toBe(Code.FORM_INVALID);
    expect(short.detail.map((d: { message: string }) => d.message)).toContain('密码长度不足');
    const noSpecial = await change('Demo@2020', 'Abcdefgh1234');
    expect(noSpecial.detail.map((d: { message: string }) => d.message)).toContain('密码必须包含特殊字符');
    const withName = await change('Demo@2020', 'Manager@12345');
    expect(withName.detail.map((d: { message: string }) => d.message)).toContain('密码不能包含登录名');
    expect((await change('Demo@2020', 'Strong@Pass1')).code).toBe(0);
    expect((await change('Strong@Pass1', 'Strong@Pass2')).code).toBe(0);
    const reuse = await change('Strong@Pass2', 'Strong@Pass1');
    expect(reuse.msg).toBe('不能使用最近 2 次用过的密码');

    // The administrator's reset (user/resetPwd) goes through the same policy.
    const [user] = await s.database.query<{ id: number }>(`select id from sys_user where code = 'manager'`);
    const weakReset = await admin.json('PUT', sys('user/resetPwd'), { body: { userId: Number(user!.id), password: 'Short@1', confirmPassword: 'Short@1' } });
    expect(weakReset.code).toBe(Code.FORM_INVALID);
    expect(weakReset.detail.map((d: { message: string }) => d.message)).toContain('密码长度不足');
    const strongReset = await admin.json('PUT', sys('user/resetPwd'), {
      body: { userId: Number(user!.id), password: 'Reset@Pass9', confirmPassword: 'Reset@Pass9' },
    });
    expect(strongReset.code).toBe(0);
    expect(
      (await admin.json('PUT', sys('user/resetPwd'), { body: { userId: Number(user!.id), password: 'Strong@Pass2', confirmPassword: 'Strong@Pass2' } })).msg,
    ).toBe('不能使用最近 2 次用过的密码');
    await expect(setPassword(s.database.db, SYSTEM_SCOPE, Number(user!.id), 'manager', 'weak')).rejects.toBeInstanceOf(AppError);
    await expect(setPassword(s.database.db, SYSTEM_SCOPE, Number(user!.id), 'manager', 'Reset@Pass9')).rejects.toMatchObject({ msgKey: 'password.history' });
    await setPassword(s.database.db, SYSTEM_SCOPE, Number(user!.id), 'manager', 'Demo@2020', { mustChange: false }).catch(() => undefined);
    // Back to the shipped policy: the old password is acceptable again.
    await reset();
    await setPassword(s.database.db, SYSTEM_SCOPE, Number(user!.id), 'manager', 'Demo@2020');
    expect((await new Client(s).login('manager', 'Demo@2020')).code).toBe(0);
  });
});
