import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@venue/contract';
import { Client, auth, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from '../system/index.ts';

/** Issue 7, findings 9 (own password change ends the other sessions) and 17 (phone sign-in codes). */

/** The newest text sent to a phone once the background send has happened. */
const nextText = (s: TestServer, phone: string, after: number) =>
  vi.waitFor(() => s.sms.sent.slice(after).find((m) => m.phone === phone)?.text ?? Promise.reject(new Error('no SMS yet')));

const askCode = (c: Client, phoneNumber: string, lang: 'zh-CN' | 'en-US' = 'zh-CN') => c.json('POST', auth('SMScode'), { body: { phoneNumber }, lang });

describe.each(databases)('phone sign-in codes and password changes on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
  });
  afterAll(async () => s?.close());

  it('answers the same for a number nobody has, and texts the code only to a user, in the language of the request', async () => {
    const c = new Client(s);
    const before = s.sms.sent.length;
    const unknown = await askCode(c, '13900000009');
    const known = await askCode(c, '13800000001');
    expect(unknown).toEqual(known);
    expect(known).toMatchObject({ code: 0, body: null });
    const zh = await nextText(s, '13800000001', before);
    expect(zh).toMatch(/^您正在登录，验证码 \d{6}，5 分钟内有效/);
    const code = zh.match(/\d{6}/)![0];
    const ok = await c.call('POST', auth('phone/authcode'), { body: { phoneNumber: '13800000001', authCode: code, others: {} } });
    expect(ok.json().code).toBe(0);

    const mark = s.sms.sent.length;
    expect((await askCode(c, '13800000002', 'en-US')).code).toBe(0);
    expect(await nextText(s, '13800000002', mark)).toMatch(/^Your sign-in code is \d{6}; valid for 5 minutes/);
    // By now the lookup of the unknown number, queued first, is long done: it got nothing.
    expect(s.sms.sent.some((m) => m.phone === '13900000009')).toBe(false);
  });

  it('answers before the SMS gateway has taken the message', async () => {
    await s.database.db.execute(sql`delete from sys_verification_code`);
    const events: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    // A gateway that holds every message until the test lets it go; with a server that waits
    // for the gateway, the fallback lets it go after a while, so the test fails instead of hanging.
    const fallback = setTimeout(() => open(), 3000);
    const capture = s.sms.send.bind(s.sms);
    s.sms.send = async (phone, text) => {
      await gate;
      await capture(phone, text);
      events.push('delivered');
    };
    try {
      const mark = s.sms.sent.length;
      expect((await askCode(new Client(s), '13800000001')).code).toBe(0);
      events.push('answered');
      open();
      await nextText(s, '13800000001', mark);
      expect(events).toEqual(['answered', 'delivered']);
    } finally {
      clearTimeout(fallback);
      s.sms.send = capture;
    }
  });

  it('ends the other sessions of a user who changes their own password, and keeps the current one', async () => {
    const here = new Client(s);
    const there = new Client(s);
    expect((await here.login('frontdesk', 'Demo@2020')).code).toBe(0);
    expect((await there.login('frontdesk', 'Demo@2020')).code).toBe(0);
    const change = await here.json('PUT', sys('user/password'), {
      body: { oldPassword: 'Demo@2020', newPassword: 'Changed2031x', confirmPassword: 'Changed2031x' },
    });
    expect(change.code).toBe(0);
    const gone = await there.json('GET', auth('userInfo/0'));
    expect(gone.status).toBe(401);
    expect(gone.code).toBe(Code.SESSION_EXPIRED);
    expect((await here.json('GET', auth('userInfo/0'))).code).toBe(0);
    expect((await new Client(s).login('frontdesk', 'Changed2031x')).code).toBe(0);
  });
});
