import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@venue/contract';
import { Client, auth, databases, startServer, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from '../system/index.ts';

/** Issue 25, spec 7.2 `phone/password`: a password set right after an SMS sign-in, under the password strategy. */

const MANAGER_PHONE = '13800000001';

async function phoneSignIn(s: TestServer, c: Client): Promise<void> {
  // One code a minute per phone: the earlier test's code is out of the way.
  await s.database.db.execute(sql`delete from sys_verification_code`);
  const mark = s.sms.sent.length;
  expect((await c.json('POST', auth('SMScode'), { body: { phoneNumber: MANAGER_PHONE } })).code).toBe(0);
  const text = await vi.waitFor(() => s.sms.sent.slice(mark).find((m) => m.phone === MANAGER_PHONE)?.text ?? Promise.reject(new Error('no SMS yet')));
  const res = await c.call('POST', auth('phone/authcode'), { body: { phoneNumber: MANAGER_PHONE, authCode: text.match(/\d{6}/)![0], others: {} } });
  expect(res.json().code).toBe(0);
  c.token = res.headers.authorization as string;
}

describe.each(databases)('phone/password on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
  });
  afterAll(async () => s?.close());

  it('refuses a password the strategy refuses, in the language of the request, and changes nothing', async () => {
    const c = new Client(s);
    await phoneSignIn(s, c);
    const weak = await c.json('POST', auth('phone/password'), { body: { newPassword: 'abc', confirmPassword: 'abc' } });
    expect(weak.code).toBe(Code.FORM_INVALID);
    expect(weak.detail[0].field).toBe('newPassword');
    expect(weak.msg).toMatch(/密码/);
    const en = await c.json('POST', auth('phone/password'), { body: { newPassword: 'abc', confirmPassword: 'abc' }, lang: 'en-US' });
    expect(en.msg).toMatch(/password/i);
    const mismatch = await c.json('POST', auth('phone/password'), { body: { newPassword: 'Court2031x!', confirmPassword: 'Court2031y!' } });
    expect(mismatch.code).toBe(Code.FORM_INVALID);
    expect(mismatch.detail[0].field).toBe('confirmPassword');
    // The old password still works: nothing changed.
    expect((await new Client(s).login('manager', 'Demo@2020')).code).toBe(0);
  });

  it('sets the password after an SMS sign-in without the old one, ends the other sessions, and the password signs in', async () => {
    const other = new Client(s);
    expect((await other.login('manager', 'Demo@2020')).code).toBe(0);
    const c = new Client(s);
    await phoneSignIn(s, c);
    const set = await c.json('POST', auth('phone/password'), { body: { newPassword: 'Court2031x!', confirmPassword: 'Court2031x!' } });
    expect(set.code).toBe(0);
    expect((await other.json('GET', auth('userInfo/0'))).code).toBe(Code.SESSION_EXPIRED);
    expect((await c.json('GET', auth('userInfo/0'))).code).toBe(0);
    expect((await new Client(s).login('manager', 'Demo@2020')).code).toBe(Code.BAD_CREDENTIALS);
    const again = await new Client(s).login('manager', 'Court2031x!');
    expect(again.code).toBe(0);
    expect(again.body.userName).toBe('王经理');
  });

  it('is refused from a session opened by password (the old password is needed there), and without a session', async () => {
    const c = new Client(s);
    expect((await c.login('manager', 'Court2031x!')).code).toBe(0);
    const refused = await c.json('POST', auth('phone/password'), { body: { newPassword: 'Other2031x!', confirmPassword: 'Other2031x!' } });
    expect(refused.code).toBe(Code.FORBIDDEN);
    expect(refused.msg).toBe('只有刚通过短信验证码登录时才能直接设置密码，请使用"修改密码"');
    const anonymous = await new Client(s).json('POST', auth('phone/password'), { body: { newPassword: 'Other2031x!', confirmPassword: 'Other2031x!' } });
    expect(anonymous.code).toBe(Code.SESSION_EXPIRED);
    expect((await new Client(s).login('manager', 'Court2031x!')).code).toBe(0);
  });
});
