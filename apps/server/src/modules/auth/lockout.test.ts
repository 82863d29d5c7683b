import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@venue/contract';
import { ADMIN_PASSWORD, Client, auth, databases, startServer, sys, type CallOptions, type TestServer } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { sha256 } from '../../platform/keys.ts';
import { seedDemo } from '../system/index.ts';
import { failTimes, passwordLogin } from './login.service.ts';

/**
 * Lockout (issue 7, findings 7 and 8). The server trusts one proxy hop (TRUST_PROXY=1), so each
 * client below speaks from its own address, given as the right-most X-Forwarded-For entry.
 */

/** A browser behind the proxy at a given address. */
class ClientAt extends Client {
  constructor(
    server: TestServer,
    readonly ip: string,
  ) {
    super(server);
  }
  override call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: CallOptions = {}) {
    return super.call(method, url, { ...opts, headers: { 'x-forwarded-for': this.ip, ...opts.headers } });
  }
}

async function setStrategy(s: TestServer, patch: Record<string, unknown>) {
  await s.database.db.execute(sql`update sys_config set value = (value::jsonb || ${JSON.stringify(patch)}::jsonb)::text where code = 'password_strategy'`);
}

/** Draws an image code and fixes its answer, as the person reading the picture would know it. */
async function solveCaptcha(s: TestServer, c: Client): Promise<string> {
  const img = await c.call('GET', auth('code.jpg'));
  expect(img.headers['content-type']).toBe('image/jpeg');
  await s.database.db.execute(sql`update sys_captcha set answer_hash = ${sha256('abcd')} where id = ${c.cookies.get('captcha_id')!}`);
  return 'abcd';
}

/** Wrong passwords without an image code until the server asks for one. */
async function failUntilCaptcha(c: Client, name: string): Promise<number> {
  for (let i = 0; ; i++) {
    const res = await c.login(name, `wrong-free-${i}`);
    if (res.code === Code.CAPTCHA_REQUIRED) return i;
    expect(res.code).toBe(Code.BAD_CREDENTIALS);
    expect(i).toBeLessThan(25);
  }
}

/** Wrong passwords, each with a solved image code. */
async function failSolved(s: TestServer, c: Client, name: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await c.login(name, `wrong-solved-${i}`, await solveCaptcha(s, c));
    expect(res.code).toBe(Code.BAD_CREDENTIALS);
  }
}

/** Milliseconds from now to the `detail.until` of a 100423 answer. */
const waitOf = (res: { detail: { until: string } }) => new Date(res.detail.until).getTime() - Date.now();

/** Lets every lock run out, as time passing would. */
const expireLocks = (s: TestServer) =>
  s.database.db.execute(sql`update sys_login_failure set locked_until = now() - interval '1 second' where locked_until is not null`);

describe.each(databases)('lockout with the default policy on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { TRUST_PROXY: '1' });
    await seedDemo(s.database.db, s.config);
  });
  afterAll(async () => s?.close());
  beforeEach(async () => {
    await s.database.db.execute(sql`delete from sys_login_failure`);
  });

  it('locks the (name, address) pair after failures with solved image codes, longer each time; other addresses still sign in', async () => {
    const attacker = new ClientAt(s, '203.0.113.7');
    expect(await failUntilCaptcha(attacker, 'manager')).toBe(3);
    await failSolved(s, attacker, 'manager', 5);

    // Locked: even the right password is not tried, and a wrong one learns nothing more.
    const first = await attacker.login('manager', 'Demo@2020');
    expect(first.code).toBe(Code.LOCKED);
    expect(first.status).toBe(200);
    expect(waitOf(first)).toBeGreaterThan(0);
    expect(waitOf(first)).toBeLessThanOrEqual(60_000);
    expect(first.msg).toBe('登录失败次数过多，请 1 分钟后再试，或使用短信验证码登录、找回密码');
    expect((await attacker.login('manager', 'still-wrong', await solveCaptcha(s, attacker))).code).toBe(Code.LOCKED);
    const en = await attacker.json('POST', auth('login'), { body: { loginName: 'manager', password: 'x', others: {} }, lang: 'en-US' });
    expect(en.msg).toBe('Too many failed sign-ins: try again in 1 min, or sign in with an SMS code, or recover your password');

    // The same five failures after the lock ran out lock the pair twice as long.
    await expireLocks(s);
    await failSolved(s, attacker, 'manager', 5);
    const second = await attacker.login('manager', 'Demo@2020');
    expect(second.code).toBe(Code.LOCKED);
    expect(waitOf(second)).toBeGreaterThan(60_000);
    expect(waitOf(second)).toBeLessThanOrEqual(120_000);
    await expireLocks(s);
    await failSolved(s, attacker, 'manager', 5);
    expect(waitOf(await attacker.login('manager', 'x'))).toBeGreaterThan(120_000);

    // The owner, from their own address, signs in (the account has seen failures: image code).
    const owner = new ClientAt(s, '198.51.100.20');
    expect((await owner.login('manager', 'Demo@2020')).code).toBe(Code.CAPTCHA_REQUIRED);
    expect((await owner.login('manager', 'Demo@2020', await solveCaptcha(s, owner))).code).toBe(0);
    // Their success does not free the attacker's address.
    expect((await attacker.login('manager', 'Demo@2020')).code).toBe(Code.LOCKED);
  });

  it('locks a name everywhere only after many more such failures from several addresses; SMS sign-in and recovery still work', async () => {
    const addresses = ['192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14'];
    const first = new ClientAt(s, addresses[0]!);
    await failUntilCaptcha(first, 'frontdesk');
    // 15 failures from three addresses: each address is locked, the name is not.
    for (const ip of addresses.slice(0, 3)) await failSolved(s, new ClientAt(s, ip), 'frontdesk', 5);
    expect((await first.login('frontdesk', 'Demo@2020', await solveCaptcha(s, first))).code).toBe(Code.LOCKED);
    const bystander = new ClientAt(s, '192.0.2.99');
    expect((await bystander.json('POST', sys('user/login/getFailTimes/'), { body: { loginName: 'frontdesk' } })).body).toEqual({
      failTimes: 18,
      captchaRequired: true,
    });
    // Five more from a fourth address make 20: now the name is locked from everywhere.
    await failSolved(s, new ClientAt(s, addresses[3]!), 'frontdesk', 5);
    const locked = await bystander.login('frontdesk', 'Demo@2020', await solveCaptcha(s, bystander));
    expect(locked.code).toBe(Code.LOCKED);
    expect(waitOf(locked)).toBeGreaterThan(0);

    // The owner's phone still signs in.
    const phone = new ClientAt(s, '192.0.2.99');
    expect((await phone.json('POST', auth('SMScode'), { body: { phoneNumber: '13800000002' } })).code).toBe(0);
    const code = await vi.waitFor(() => s.sms.lastCode('13800000002') ?? Promise.reject(new Error('no SMS yet')));
    const bySms = await phone.call('POST', auth('phone/authcode'), { body: { phoneNumber: '13800000002', authCode: code, others: {} } });
    expect(bySms.json().code).toBe(0);
    expect(bySms.headers.authorization).toBeTruthy();

    // Recovery lifts every lock of the name, those of each address included.
    await phone.json('POST', auth('recover/code'), { body: { loginName: 'frontdesk', channel: 'sms' } });
    const recoveryCode = await vi.waitFor(() => {
      const m = [...s.sms.sent].reverse().find((x) => x.phone === '13800000002' && x.text.includes('找回密码'));
      return m?.text.match(/\d{6}/)?.[0] ?? Promise.reject(new Error('no recovery SMS yet'));
    });
    const reset = await phone.json('POST', auth('recover/reset'), {
      body: { loginName: 'frontdesk', code: recoveryCode, newPassword: 'Fresh@2031', confirmPassword: 'Fresh@2031' },
    });
    expect(reset.code).toBe(Code.OK_NOTICE);
    expect((await first.login('frontdesk', 'Fresh@2031')).code).toBe(0);
  });

  it('never counts a failure without a solved image code toward a lock', async () => {
    // Twenty failures with the image code not yet asked for: four times the pair's step, no lock.
    await setStrategy(s, { captchaAfterFailures: 20 });
    try {
      const c = new ClientAt(s, '203.0.113.40');
      expect(await failUntilCaptcha(c, 'manager')).toBe(20);
      // Asked for the image code: refused without counting, however often.
      for (let i = 0; i < 6; i++) expect((await c.login('manager', 'wrong')).code).toBe(Code.CAPTCHA_REQUIRED);
      expect((await c.login('manager', 'Demo@2020', await solveCaptcha(s, c))).code).toBe(0);
    } finally {
      await setStrategy(s, { captchaAfterFailures: 3 });
    }
  });

  it('locks by the policy count of failures with solved image codes, for its lock time or until unlocked', async () => {
    await setStrategy(s, { maxFailedLogins: 3, captchaAfterFailures: 3, lockMinutes: 20 });
    try {
      // Three failures without an image code: before, these alone locked the account.
      const c = new ClientAt(s, '203.0.113.50');
      expect(await failUntilCaptcha(c, 'manager')).toBe(3);
      expect((await c.login('manager', 'Demo@2020', await solveCaptcha(s, c))).code).toBe(0);

      await failUntilCaptcha(c, 'manager');
      await failSolved(s, c, 'manager', 3);
      const elsewhere = new ClientAt(s, '198.51.100.30');
      const locked = await elsewhere.login('manager', 'Demo@2020');
      expect(locked.code).toBe(Code.LOCKED);
      expect(waitOf(locked)).toBeGreaterThan(19 * 60_000);
      expect(waitOf(locked)).toBeLessThanOrEqual(20 * 60_000);
      const rows = await s.database.query<{ code: number }>(`select code from sys_login_log where login_name = 'manager' order by id desc limit 1`);
      expect(rows[0]!.code).toBe(Code.LOCKED);

      // No lock time: the lock stays until an administrator (or recovery) lifts it.
      await s.database.db.execute(sql`delete from sys_login_failure`);
      await setStrategy(s, { maxFailedLogins: 1, captchaAfterFailures: 1, lockMinutes: null });
      await failUntilCaptcha(c, 'manager');
      await failSolved(s, c, 'manager', 1);
      const forever = await elsewhere.login('manager', 'Demo@2020');
      expect(forever.code).toBe(Code.LOCKED);
      expect(forever.detail.until).toBeNull();
      expect(forever.msg).toBe('账号已锁定，请联系管理员解锁，或使用短信验证码登录、找回密码');
      // A name that does not exist locks just the same: the lock tells nothing about which names exist.
      await failUntilCaptcha(c, 'nobody-at-all');
      await failSolved(s, c, 'nobody-at-all', 1);
      const ghost = await elsewhere.login('nobody-at-all', 'whatever1');
      expect({ code: ghost.code, msg: ghost.msg, detail: ghost.detail }).toEqual({ code: forever.code, msg: forever.msg, detail: forever.detail });

      const admin = new ClientAt(s, '198.51.100.1');
      expect((await admin.login('admin', ADMIN_PASSWORD)).code).toBe(0);
      const [mgr] = await s.database.query<{ id: number }>(`select id from sys_user where code = 'manager'`);
      const reset = await admin.json('PUT', sys('user/resetPwd'), { body: { userId: mgr!.id, password: 'Reset@2031', confirmPassword: 'Reset@2031' } });
      expect([0, Code.OK_NOTICE]).toContain(reset.code);
      expect((await c.login('manager', 'Reset@2031')).code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    } finally {
      await setStrategy(s, { maxFailedLogins: 0, captchaAfterFailures: 3, lockMinutes: 20 });
    }
  });

  it('says how many attempts are left under a failure limit, the same for names that do not exist', async () => {
    await setStrategy(s, { maxFailedLogins: 3, captchaAfterFailures: 1, lockMinutes: 20 });
    try {
      const answers = async (name: string, ip: string) => {
        const c = new ClientAt(s, ip);
        const out: { code: number; msg: string; detail: unknown }[] = [];
        // Before the image code is asked for, failures do not count: all three attempts are left.
        const free = await c.login(name, 'wrong-free');
        out.push({ code: free.code, msg: free.msg, detail: free.detail });
        for (let i = 0; i < 3; i++) {
          const res = await c.login(name, `wrong-solved-${i}`, await solveCaptcha(s, c));
          out.push({ code: res.code, msg: res.msg, detail: res.detail });
        }
        return out;
      };
      const real = await answers('manager', '203.0.113.60');
      expect(real.map((a) => a.detail)).toEqual([{ attemptsLeft: 3 }, { attemptsLeft: 2 }, { attemptsLeft: 1 }, { attemptsLeft: 0 }]);
      expect(real[1]!.msg).toBe('登录名或密码错误，再失败 2 次账号将被锁定');
      expect(real[3]!.msg).toBe('登录名或密码错误，失败次数已达上限，账号已被锁定');
      expect(real.every((a) => a.code === Code.BAD_CREDENTIALS)).toBe(true);
      // An unknown name gets exactly the same answers.
      expect(await answers('nobody-counted', '203.0.113.61')).toEqual(real);
      // Without a failure limit, the plain answer.
      await setStrategy(s, { maxFailedLogins: 0 });
      const plain = await new ClientAt(s, '203.0.113.62').login('someone-else', 'wrong');
      expect({ msg: plain.msg, detail: plain.detail }).toEqual({ msg: '登录名或密码错误', detail: null });
    } finally {
      await setStrategy(s, { maxFailedLogins: 0, captchaAfterFailures: 3, lockMinutes: 20 });
    }
  });

  it('takes the client address from the proxy hop, so a rotating left-most X-Forwarded-For does not reset the count', async () => {
    // Credential stuffing from one address that makes up a new left-most entry every time.
    for (let i = 0; i < 20; i++) {
      expect((await new ClientAt(s, `10.66.${i}.${i + 1}, 192.0.2.50`).login(`stuffed-${i}`, 'bad')).code).toBe(Code.BAD_CREDENTIALS);
    }
    const [row] = await s.database.query<{ ip: string }>(`select ip from sys_login_log where login_name = 'stuffed-7'`);
    expect(row!.ip).toBe('192.0.2.50');
    // The address has failed twenty times: every name needs the image code from it.
    expect((await new ClientAt(s, '10.77.0.1, 192.0.2.50').login('admin', ADMIN_PASSWORD)).code).toBe(Code.CAPTCHA_REQUIRED);
    expect((await new ClientAt(s, '10.66.0.1, 192.0.2.51').login('admin', ADMIN_PASSWORD)).code).toBe(0);
  });
});

describe('an address no proxy should pass on', () => {
  it('still counts the failure and logs the attempt, cut to fit', async () => {
    const s = await startServer('pglite');
    try {
      const odd = 'f'.repeat(300);
      await expect(passwordLogin(s.database.db, s.config, { loginName: 'odd-address', password: 'bad' }, { ip: odd, userAgent: 'test' })).rejects.toMatchObject(
        { code: Code.BAD_CREDENTIALS },
      );
      const [row] = await s.database.query<{ ip: string }>(`select ip from sys_login_log where login_name = 'odd-address'`);
      expect(row!.ip).toBe(odd.slice(0, 64));
      expect((await failTimes(s.database.db, 'odd-address', odd)).failTimes).toBe(1);
    } finally {
      await s.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, and refuses to trust everyone', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
  });

  const ipSeen = async (s: TestServer, forwardedFor: string, name: string) => {
    await new ClientAt(s, forwardedFor).login(name, 'bad');
    const [row] = await s.database.query<{ ip: string }>(`select ip from sys_login_log where login_name = '${name}'`);
    return row!.ip;
  };

  it('believes X-Forwarded-For only from the listed proxies', async () => {
    // The test client connects from 127.0.0.1.
    const listed = await startServer('pglite', { TRUST_PROXY: '127.0.0.1,192.0.2.77' });
    try {
      expect(await ipSeen(listed, '10.1.1.1, 198.51.100.5', 'p1')).toBe('198.51.100.5');
      expect(await ipSeen(listed, '10.1.1.1, 198.51.100.5, 192.0.2.77', 'p2')).toBe('198.51.100.5');
    } finally {
      await listed.close();
    }
    const other = await startServer('pglite', { TRUST_PROXY: '10.0.0.1' });
    try {
      expect(await ipSeen(other, '198.51.100.5', 'p3')).toBe('127.0.0.1');
    } finally {
      await other.close();
    }
  });
});
