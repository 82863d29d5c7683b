import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../test/harness.ts';
import { grantMenus } from '../../../test/grants.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { adminClient, makeOrg, makeRole, makeUser, signIn, uniq } from '../system/admin.testkit.ts';
import { publish } from './message.queue.ts';

/**
 * Issue 23: recipients of another organisation (High 3), requests into the server's own network
 * through the channels (High 4), and one organisation's hanging endpoint stalling everyone's
 * messages (Medium 8).
 */

const sys = (p: string) => `/api/system/${p}`;
const MENUS = ['message.business', 'message.channel', 'message.template', 'message.log', 'message.test'];

/** A local HTTP server that keeps what it receives and answers with `reply` (or never, when `hang`). */
async function startTarget(
  reply: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_q, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0,"ok":true}'),
) {
  const hits: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push(`${req.method} ${req.url}`);
      reply(req, res);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hits,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function until<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function staffOf(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, MENUS);
  const user = await makeUser(admin, org.id, { roleIds: [role.id], email: `${uniq('m')}@venue.test`, mobile: `139${String(Date.now()).slice(-8)}` });
  return { org, role, user, c: await signIn(s, user.code, 'Pass1234') };
}

const code = (prefix: string) => `${prefix}.${uniq('x').replace(/[^a-zA-Z]/g, 'x')}`;

describe.each(databases)('message recipients, outbound addresses and the shared queue on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let victim: Awaited<ReturnType<typeof startTarget>>;
  let allowed: Awaited<ReturnType<typeof startTarget>>;
  let redirector: Awaited<ReturnType<typeof startTarget>>;
  let talkative: Awaited<ReturnType<typeof startTarget>>;
  let hanging: Awaited<ReturnType<typeof startTarget>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    victim = await startTarget();
    allowed = await startTarget();
    redirector = await startTarget((_q, res) => res.writeHead(302, { location: `http://127.0.0.1:${victim.port}/robot/send` }).end());
    talkative = await startTarget((_q, res) =>
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"errcode":4001,"errmsg":"INTERNAL-SECRET redis 10.0.0.7:6379 password=hunter2"}'),
    );
    hanging = await startTarget(() => undefined);
    smtp = await startSmtp();
    // The configuration lists the test's own endpoints, never the victim's port nor the SMTP server.
    const listed = [allowed, redirector, talkative, hanging].map((t) => `127.0.0.1:${t.port}`);
    s = await startServer(kind, { OUTBOUND_ALLOW: ['*', ...listed].join(',') });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => {
    await s?.close();
    await Promise.all([victim, allowed, redirector, talkative, hanging].map((t) => t?.close()));
    await smtp?.close();
  });

  // ------------------------------------------------------------ High 3: recipients of another organisation

  it("a business type naming a role of another organisation is refused at save, naming the field, in the caller's language", async () => {
    const b = await staffOf(s, admin, platformId);
    const sibling = await staffOf(s, admin, platformId);
    const [platformRole] = await s.database.query<{ id: string }>(`select id from sys_role where org_id = $1 order by id limit 1`, [platformId]);
    for (const foreign of [Number(platformRole!.id), sibling.role.id]) {
      const res = await b.c.json('POST', sys('message/business'), {
        lang: 'en-US',
        body: { code: code('fake.notice'), name: 'Fake', channels: ['station'], recipients: { roleIds: [b.role.id, foreign] } },
      });
      expect(res.code).toBe(Code.FORM_INVALID);
      expect(res.detail).toEqual([{ field: 'recipients.roleIds.1', message: `Role ${foreign} does not exist or is not of your organisation or below` }]);
    }
    const zh = await b.c.json('POST', sys('message/business'), {
      body: { code: code('fake.notice'), name: 'Fake', channels: ['station'], recipients: { roleIds: [Number(platformRole!.id)] } },
    });
    expect(zh.detail[0].message).toBe(`角色 ${platformRole!.id} 不存在，或不属于本机构及下级机构`);
    const listed = await b.c.json('POST', sys('message/business/list'), { body: {} });
    expect(listed.body.total).toBe(0);
    // An edit is checked the same way; a role of the organisation itself or below is fine.
    const child = await makeOrg(admin, b.org.id);
    const childRole = await makeRole(admin, child.id);
    const ok = await b.c.json('POST', sys('message/business'), {
      body: { code: code('own.notice'), name: 'Own', channels: ['station'], recipients: { roleIds: [b.role.id, childRole.id] } },
    });
    expect(ok.code, ok.msg).toBe(0);
    const edit = await b.c.json('PUT', sys(`message/business/${ok.body.id}`), {
      body: { recipients: { roleIds: [sibling.role.id] }, version: ok.body.version },
    });
    expect(edit.code).toBe(Code.FORM_INVALID);
    expect(edit.detail[0].field).toBe('recipients.roleIds.0');
    expect((await b.c.json('GET', sys(`message/business/${ok.body.id}`))).body.recipients.roleIds).toEqual([b.role.id, childRole.id]);
  });

  it('a role of another organisation already saved is skipped at send: its holders get nothing, the send log names none of them', async () => {
    const b = await staffOf(s, admin, platformId);
    const a = await staffOf(s, admin, platformId);
    const type = code('account.security');
    const biz = await b.c.json('POST', sys('message/business'), {
      body: { code: type, name: '账号安全', channels: ['station', 'sms'], recipients: { roleIds: [b.role.id] } },
    });
    for (const channel of ['station', 'sms'])
      await b.c.json('POST', sys('message/template'), {
        body: { businessId: biz.body.id, channel, lang: 'zh-CN', title: '【平台通知】账号安全', content: '请立即重新登录' },
      });
    await b.c.json('PUT', sys('message/channel/sms'), {
      body: { enabled: true, ratePerMinute: 600, settings: { url: `http://127.0.0.1:${allowed.port}/sms` }, secrets: { token: 't' }, version: 0 },
    });
    // As saved before the check existed: A's role and B's own.
    await s.database.query(`update msg_business set recipients = $1 where id = $2`, [
      JSON.stringify({ member: false, operator: false, orgUsers: false, roleIds: [a.role.id, b.role.id] }),
      biz.body.id,
    ]);
    await s.app.ctx.db.transaction((tx) => publish(tx, { orgId: b.org.id, type, data: {} }));
    const log = await until(async () => {
      const res = await b.c.json('POST', sys('message/log/list'), { body: { businessCode: type, pageSize: 50 } });
      return res.body.data.some((r: { status: string }) => r.status === 'pending' || r.status === 'sending') ? undefined : res.body.data;
    });
    const [toA] = await s.database.query<{ n: string }>(`select count(*) as n from sys_station_message where user_id = $1`, [a.user.id]);
    expect(Number(toA!.n)).toBe(0);
    const [toB] = await s.database.query<{ n: string }>(`select count(*) as n from sys_station_message where user_id = $1 and title = '【平台通知】账号安全'`, [
      b.user.id,
    ]);
    expect(Number(toB!.n)).toBe(1);
    const text = JSON.stringify(log);
    expect(text).not.toContain(a.user.name);
    expect(text).not.toContain(a.user.code);
    expect(log.filter((r: { userId: number | null }) => r.userId === a.user.id)).toEqual([]);
    // The skip is logged, once per channel, without naming anyone.
    expect(
      log.filter(
        (r: { status: string; lastError: string | null }) =>
          r.status === 'failed' && r.lastError === `recipients outside the organisation skipped: roles ${a.role.id}`,
      ),
    ).toHaveLength(2);
  });

  // ------------------------------------------------------------ High 4: the server's own network

  const LOOPBACK = (port: number) => [
    `http://127.0.0.1:${port}/robot/send`,
    `http://127.1:${port}/robot/send`,
    `http://0x7f000001:${port}/robot/send`,
    `http://2130706433:${port}/robot/send`,
    `http://0177.0.0.1:${port}/robot/send`,
    `http://[::1]:${port}/robot/send`,
    `http://[::ffff:127.0.0.1]:${port}/robot/send`,
    `http://localhost:${port}/robot/send`,
    `http://localhost.:${port}/robot/send`,
    `http://0.0.0.0:${port}/robot/send`,
  ];
  const URL_CHANNELS = [
    { channel: 'dingtalk', field: 'url', settings: (url: string) => ({ url }), secrets: { accessToken: 'a' } },
    { channel: 'wecom', field: 'url', settings: (url: string) => ({ url }), secrets: { key: 'k' } },
    { channel: 'sms', field: 'url', settings: (url: string) => ({ url }), secrets: { token: 'tenant-chosen-token' } },
    { channel: 'wechat', field: 'apiBase', settings: (apiBase: string) => ({ apiBase, appId: 'wx1', templateId: 'T1' }), secrets: { appSecret: 's' } },
  ] as const;

  it('every channel refuses every spelling of loopback when saved, with the same message', async () => {
    const b = await staffOf(s, admin, platformId);
    for (const ch of URL_CHANNELS) {
      for (const url of LOOPBACK(victim.port)) {
        const res = await b.c.json('PUT', sys(`message/channel/${ch.channel}`), {
          lang: 'en-US',
          body: { enabled: true, ratePerMinute: 60, settings: ch.settings(url), secrets: ch.secrets, version: 0 },
        });
        expect(res.code, `${ch.channel} ${url}`).toBe(Code.FORM_INVALID);
        expect(res.detail, `${ch.channel} ${url}`).toEqual([
          {
            field: `settings.${ch.field}`,
            message:
              'This address may not be called: loopback, private and reserved addresses must be listed by an administrator in the server setting OUTBOUND_ALLOW',
          },
        ]);
      }
    }
    for (const host of ['127.0.0.1', '127.1', '2130706433', '::1', '[::ffff:127.0.0.1]', 'localhost', 'localhost.', '169.254.169.254', '10.0.0.7']) {
      const res = await b.c.json('PUT', sys('message/channel/email'), {
        body: { enabled: true, ratePerMinute: 60, settings: { host, port: smtp.port, from: 'a@venue.test' }, secrets: {}, version: 0 },
      });
      expect(res.code, host).toBe(Code.FORM_INVALID);
      expect(res.detail[0].field, host).toBe('settings.host');
    }
    expect(victim.hits).toEqual([]);
    expect(smtp.mails).toEqual([]);
  });

  it('addresses saved before the check are refused at send with one generic error: nothing reaches loopback, SMTP included', async () => {
    const b = await staffOf(s, admin, platformId);
    for (const ch of URL_CHANNELS) {
      const ok = await b.c.json('PUT', sys(`message/channel/${ch.channel}`), {
        body: { enabled: true, ratePerMinute: 600, settings: ch.settings(`http://127.0.0.1:${allowed.port}/x`), secrets: ch.secrets, version: 0 },
      });
      expect(ok.code, ok.msg).toBe(0);
    }
    const mail = await b.c.json('PUT', sys('message/channel/email'), {
      body: { enabled: true, ratePerMinute: 600, settings: { host: 'smtp.venue.test', port: 25, from: 'a@venue.test' }, secrets: {}, version: 0 },
    });
    expect(mail.code, mail.msg).toBe(0);
    const type = code('probe.loopback');
    const biz = await b.c.json('POST', sys('message/business'), {
      body: { code: type, name: 'Probe', channels: ['dingtalk', 'wecom', 'sms', 'wechat', 'email'], recipients: { member: true } },
    });
    for (const channel of ['dingtalk', 'wecom', 'sms', 'wechat', 'email'])
      await b.c.json('POST', sys('message/template'), { body: { businessId: biz.body.id, channel, lang: 'zh-CN', content: 'probe' } });
    const errors = new Set<string>();
    const spellings = LOOPBACK(victim.port);
    for (const [i, url] of spellings.entries()) {
      // As if saved before the check (or by an older version): straight into the table.
      for (const ch of URL_CHANNELS)
        await s.database.query(`update msg_channel set settings = $1 where org_id = $2 and channel = $3`, [
          JSON.stringify(ch.settings(url)),
          b.org.id,
          ch.channel,
        ]);
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      await s.database.query(`update msg_channel set settings = $1 where org_id = $2 and channel = 'email'`, [
        JSON.stringify({ host, port: smtp.port, secure: false, from: 'a@venue.test' }),
        b.org.id,
      ]);
      await s.app.ctx.db.transaction((tx) =>
        publish(tx, { orgId: b.org.id, type, data: { i }, member: { name: 'M', phone: '13800000000', email: 'm@member.test', openid: 'o-1' } }),
      );
      const rows = await until(async () => {
        const res = await b.c.json('POST', sys('message/log/list'), { body: { businessCode: type, pageSize: 500 } });
        return res.body.data.length === 5 * (i + 1) &&
          res.body.data.every((r: { attempts: number; status: string }) => r.attempts >= 1 && r.status !== 'sending')
          ? res.body.data
          : undefined;
      });
      for (const r of rows) errors.add(`${r.status} ${r.lastError}`);
    }
    expect([...errors]).toEqual(['pending connection failed']);
    expect(victim.hits).toEqual([]);
    expect(smtp.mails).toEqual([]);
  });

  it('a redirect is not followed, and the send log holds no word of what the other side answered', async () => {
    const b = await staffOf(s, admin, platformId);
    await b.c.json('PUT', sys('message/channel/dingtalk'), {
      body: {
        enabled: true,
        ratePerMinute: 600,
        settings: { url: `http://127.0.0.1:${redirector.port}/robot/send` },
        secrets: { accessToken: 'a' },
        version: 0,
      },
    });
    await b.c.json('PUT', sys('message/channel/wecom'), {
      body: { enabled: true, ratePerMinute: 600, settings: { url: `http://127.0.0.1:${talkative.port}/hook` }, secrets: { key: 'k' }, version: 0 },
    });
    await b.c.json('PUT', sys('message/channel/sms'), {
      body: { enabled: true, ratePerMinute: 600, settings: { url: `http://127.0.0.1:${talkative.port}/sms` }, secrets: { token: 't' }, version: 0 },
    });
    const type = code('probe.answers');
    const biz = await b.c.json('POST', sys('message/business'), {
      body: { code: type, name: 'Probe', channels: ['dingtalk', 'wecom', 'sms'], recipients: { member: true } },
    });
    for (const channel of ['dingtalk', 'wecom', 'sms'])
      await b.c.json('POST', sys('message/template'), { body: { businessId: biz.body.id, channel, lang: 'zh-CN', content: 'probe' } });
    await s.app.ctx.db.transaction((tx) => publish(tx, { orgId: b.org.id, type, data: {}, member: { phone: '13800000000' } }));
    const rows = await until(async () => {
      const res = await b.c.json('POST', sys('message/log/list'), { body: { businessCode: type } });
      return res.body.data.length === 3 && res.body.data.every((r: { attempts: number; status: string }) => r.attempts === 1 && r.status !== 'sending')
        ? res.body.data
        : undefined;
    });
    expect(redirector.hits).toHaveLength(1);
    expect(victim.hits).toEqual([]);
    const byChannel = Object.fromEntries(rows.map((r: { channel: string; lastError: string }) => [r.channel, r.lastError]));
    expect(byChannel).toEqual({ dingtalk: 'refused: HTTP 302', wecom: 'refused: HTTP 500', sms: 'refused: HTTP 500' });
    expect(JSON.stringify(rows)).not.toMatch(/INTERNAL-SECRET|hunter2|10\.0\.0\.7|errmsg/);
  });

  // ------------------------------------------------------------ Medium 8: one organisation's hanging endpoint

  it("while organisation B's robot hangs, organisation A's station message and robot message are delivered", async () => {
    const a = await staffOf(s, admin, platformId);
    const b = await staffOf(s, admin, platformId);
    await b.c.json('PUT', sys('message/channel/dingtalk'), {
      body: { enabled: true, ratePerMinute: 600, settings: { url: `http://127.0.0.1:${hanging.port}/robot/send` }, secrets: { accessToken: 'a' }, version: 0 },
    });
    await a.c.json('PUT', sys('message/channel/wecom'), {
      body: { enabled: true, ratePerMinute: 600, settings: { url: `http://127.0.0.1:${allowed.port}/hook-a` }, secrets: { key: 'k' }, version: 0 },
    });
    const bType = code('b.slow');
    const bBiz = await b.c.json('POST', sys('message/business'), { body: { code: bType, name: 'Slow', channels: ['dingtalk'], recipients: {} } });
    await b.c.json('POST', sys('message/template'), { body: { businessId: bBiz.body.id, channel: 'dingtalk', lang: 'zh-CN', content: 'slow' } });
    const aType = code('a.closure');
    const aBiz = await a.c.json('POST', sys('message/business'), {
      body: { code: aType, name: 'Closure', channels: ['station', 'wecom'], recipients: { roleIds: [a.role.id] } },
    });
    for (const channel of ['station', 'wecom'])
      await a.c.json('POST', sys('message/template'), {
        body: { businessId: aBiz.body.id, channel, lang: 'zh-CN', title: '场地关闭', content: '3 号场今晚关闭' },
      });

    // B's messages are taken and hang at B's robot.
    await s.app.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) await publish(tx, { orgId: b.org.id, type: bType, data: {} });
    });
    await until(() => (hanging.hits.length > 0 ? true : undefined));
    await s.app.ctx.db.transaction((tx) => publish(tx, { orgId: a.org.id, type: aType, data: {} }));
    const aRows = await until(async () => {
      const [row] = await s.database.query<{ n: string }>(`select count(*) as n from msg_send where business_code = $1 and status = 'sent'`, [aType]);
      return Number(row!.n) === 2 ? true : undefined;
    });
    expect(aRows).toBe(true);
    // Delivered while B's sends were still waiting on the hanging robot.
    const bStates = await s.database.query<{ status: string }>(`select status from msg_send where business_code = $1`, [bType]);
    expect(bStates.filter((r) => r.status === 'sending').length).toBeGreaterThan(0);
    const [station] = await s.database.query<{ n: string }>(`select count(*) as n from sys_station_message where user_id = $1 and title = '场地关闭'`, [
      a.user.id,
    ]);
    expect(Number(station!.n)).toBe(1);
    expect(allowed.hits.filter((h) => h.includes('hook-a'))).toHaveLength(1);
    // B holds at most its own lanes: the hanging robot saw at most two of B's five at once.
    expect(hanging.hits.length).toBeLessThanOrEqual(2);
  });
});
