import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, DEFAULT_PASSWORD_STRATEGY } from '@venue/contract';
import { Client, auth, databases, startServer, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from '../system/index.ts';
import { mailText, startSmtp } from '../../../test/smtp.ts';

async function waitFor<T>(fn: () => T | undefined, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(databases)('password recovery on %s', (kind) => {
  let s: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    s = await startServer(kind, { MAIL_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Venue <no-reply@venue.test>' });
    await seedDemo(s.database.db, s.config);
    await s.database.db.execute(sql`update sys_user set email = 'wang@venue.test' where code = 'manager'`);
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await s.database.db.execute(sql`delete from sys_recover_throttle`);
    await s.database.db.execute(sql`delete from sys_verification_code`);
  });

  const ask = (c: Client, loginName: string, channel: 'sms' | 'mail', lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
    c.json('POST', auth('recover/code'), { body: { loginName, channel }, lang });

  it('answers the same whether or not the login name exists, and sends the code only to a real account', async () => {
    const c = new Client(s);
    const real = await ask(c, 'manager', 'sms');
    const fake = await ask(c, 'no-such-user', 'sms');
    const noMail = await ask(c, 'frontdesk', 'mail');
    for (const r of [real, fake, noMail]) {
      expect(r).toMatchObject({ code: Code.OK_NOTICE, body: null, msg: real.msg });
    }
    expect(real.msg).toContain('验证码已发送');
    expect(s.sms.sent.filter((m) => m.text.includes('找回密码'))).toHaveLength(1);
    expect(s.sms.lastCode('13800000001')).toMatch(/^\d{6}$/);
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.mails).toHaveLength(0);
  });

  it('resets the password with an SMS code: policy obeyed, sessions ended, lock lifted', async () => {
    const victimSession = new Client(s);
    expect((await victimSession.login('manager', 'Demo@2020')).code).toBe(0);
    await s.database.db.execute(sql`insert into sys_login_failure (key, count, locked_until) values ('acct:manager', 5, now() + interval '10 minutes')`);
    const c = new Client(s);
    await ask(c, 'manager', 'sms');
    const code = s.sms.lastCode('13800000001')!;
    const reset = (body: Record<string, string>) => c.json('POST', auth('recover/reset'), { body: { loginName: 'manager', code, ...body } });
    expect((await reset({ newPassword: 'Fresh@2024', confirmPassword: 'Fresh@2025' })).detail).toEqual([
      { field: 'confirmPassword', message: '两次输入的密码不一致' },
    ]);
    expect((await reset({ newPassword: 'abc', confirmPassword: 'abc' })).detail[0]).toEqual({ field: 'newPassword', message: '密码长度不足' });
    const wrong = await c.json('POST', auth('recover/reset'), {
      body: { loginName: 'manager', code: code === '123456' ? '654321' : '123456', newPassword: 'Fresh@2024', confirmPassword: 'Fresh@2024' },
    });
    expect(wrong.code).toBe(Code.INVALID);
    expect(wrong.msg).toBe('验证码错误或已过期');
    const ok = await reset({ newPassword: 'Fresh@2024', confirmPassword: 'Fresh@2024' });
    expect(ok).toMatchObject({ code: Code.OK_NOTICE, msg: '密码已重置，请使用新密码登录' });
    // Used once only; the old session is gone; the new password signs in despite the earlier lock.
    expect((await reset({ newPassword: 'Other@2024', confirmPassword: 'Other@2024' })).msg).toBe('验证码错误或已过期');
    expect((await victimSession.json('GET', auth('userInfo/0'))).status).toBe(401);
    expect((await new Client(s).login('manager', 'Demo@2020')).code).toBe(Code.BAD_CREDENTIALS);
    await s.database.db.execute(sql`delete from sys_login_failure`);
    expect((await new Client(s).login('manager', 'Fresh@2024')).code).toBe(0);
    const logs = await s.database.query<{ login_way: string; success: boolean }>(
      `select login_way, success from sys_login_log where login_way = 'recover' order by id`,
    );
    expect(logs.map((l) => l.success)).toEqual([false, true, false]);
    // The one-time code never reaches the operation log.
    expect((await s.database.query(`select 1 from sys_oper_log where action = 'recoverReset'`)).length).toBe(0);
  });

  it('sends the code by mail through SMTP and obeys the password history of the policy', async () => {
    await s.database.db.execute(
      sql`update sys_config set value = ${JSON.stringify({ ...DEFAULT_PASSWORD_STRATEGY, historyLimit: 3 })} where code = 'password_strategy'`,
    );
    const c = new Client(s);
    await ask(c, 'MANAGER', 'mail', 'en-US');
    const mail = await waitFor(() => smtp.mails.at(-1));
    expect(mail.to).toEqual(['wang@venue.test']);
    expect(mail.from).toBe('no-reply@venue.test');
    expect(mail.data).toContain('Subject: Password recovery code');
    const code = mailText(mail.data).match(/code is: (\d{6})/)![1]!;
    // The password used a moment ago is refused by the history rule, and the code stays usable.
    const reused = await c.json('POST', auth('recover/reset'), {
      body: { loginName: 'manager', code, newPassword: 'Fresh@2024', confirmPassword: 'Fresh@2024' },
    });
    expect(reused.msg).toBe('不能使用最近 3 次用过的密码');
    const ok = await c.json('POST', auth('recover/reset'), { body: { loginName: 'manager', code, newPassword: 'Demo@2020', confirmPassword: 'Demo@2020' } });
    expect(ok.code).toBe(Code.OK_NOTICE);
    expect((await new Client(s).login('manager', 'Demo@2020')).code).toBe(0);
    await s.database.db.execute(sql`update sys_config set value = ${JSON.stringify(DEFAULT_PASSWORD_STRATEGY)} where code = 'password_strategy'`);
  });

  it('limits codes per login name and per address, the same for names that do not exist', async () => {
    const c = new Client(s);
    expect((await ask(c, 'ghost', 'sms')).code).toBe(Code.OK_NOTICE);
    // A second code within a minute.
    expect((await ask(c, 'ghost', 'sms')).code).toBe(Code.TOO_MANY);
    expect((await ask(c, 'manager', 'sms')).code).toBe(Code.OK_NOTICE);
    expect((await ask(c, 'manager', 'sms')).code).toBe(Code.TOO_MANY);
    // Per address: ten codes an hour whatever the names.
    await s.database.db.execute(sql`delete from sys_recover_throttle`);
    for (let i = 0; i < 10; i++) expect((await ask(c, `name-${i}`, 'sms')).code).toBe(Code.OK_NOTICE);
    const blocked = await ask(c, 'name-10', 'sms', 'en-US');
    expect(blocked.code).toBe(Code.TOO_MANY);
    expect(blocked.msg).toBe('Too many requests, please try again later');
    // Guessing codes: five wrong tries spend the code, then even the right one fails.
    await s.database.db.execute(sql`delete from sys_recover_throttle`);
    await s.database.db.execute(sql`delete from sys_verification_code`);
    await ask(c, 'manager', 'sms');
    const code = s.sms.lastCode('13800000001')!;
    for (let i = 0; i < 5; i++) {
      await c.json('POST', auth('recover/reset'), {
        body: {
          loginName: 'manager',
          code: String((Number(code) + 1 + i) % 1000000).padStart(6, '1'),
          newPassword: 'Fresh@2099',
          confirmPassword: 'Fresh@2099',
        },
      });
    }
    expect(
      (await c.json('POST', auth('recover/reset'), { body: { loginName: 'manager', code, newPassword: 'Fresh@2099', confirmPassword: 'Fresh@2099' } })).code,
    ).toBe(Code.INVALID);
    // Resets per login name are limited too.
    await s.database.db.execute(sql`delete from sys_recover_throttle`);
    for (let i = 0; i < 10; i++)
      await c.json('POST', auth('recover/reset'), { body: { loginName: 'ghost', code: '000000', newPassword: 'Fresh@2099', confirmPassword: 'Fresh@2099' } });
    expect(
      (await c.json('POST', auth('recover/reset'), { body: { loginName: 'ghost', code: '000000', newPassword: 'Fresh@2099', confirmPassword: 'Fresh@2099' } }))
        .code,
    ).toBe(Code.TOO_MANY);
  });
});
