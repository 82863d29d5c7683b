import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../test/harness.ts';
import { grantMenus } from '../../../test/grants.ts';
import { mailText, startSmtp } from '../../../test/smtp.ts';
import { adminClient, makeOrg, makeRole, makeUser, signIn, uniq } from '../system/admin.testkit.ts';
import { publish } from './message.queue.ts';
import { seedMessageDefaults } from './message.seed.ts';
import { jobAlarm } from '../job/index.ts';

const sys = (p: string) => `/api/system/${p}`;

/** One local HTTP server playing the SMS gateway, WeChat's API, and the DingTalk and WeCom robots; it keeps what each received. */
async function startGateways(dingSecret: string) {
  const got = {
    sms: [] as { phone: string; text: string; auth?: string }[],
    wechat: [] as Record<string, unknown>[],
    ding: [] as { text: string; signOk: boolean }[],
    wecom: [] as { key: string; text: string }[],
    tokens: 0,
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const body = raw ? (JSON.parse(raw) as Record<string, any>) : {};
      const answer = (o: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(o));
      if (url.pathname === '/sms') {
        got.sms.push({ phone: body.phone, text: body.text, auth: req.headers.authorization });
        return answer({ ok: true });
      }
      if (url.pathname === '/wx/cgi-bin/token') {
        got.tokens++;
        return answer(
          url.searchParams.get('secret') === 'wx-secret' ? { access_token: 'TOKEN1', expires_in: 7200 } : { errcode: 40125, errmsg: 'invalid appsecret' },
        );
      }
      if (url.pathname === '/wx/cgi-bin/message/template/send') {
        if (url.searchParams.get('access_token') !== 'TOKEN1') return answer({ errcode: 40001, errmsg: 'invalid credential' });
        got.wechat.push(body);
        return answer({ errcode: 0, errmsg: 'ok' });
      }
      if (url.pathname === '/ding') {
        const ts = url.searchParams.get('timestamp') ?? '';
        const expected = crypto.createHmac('sha256', dingSecret).update(`${ts}\n${dingSecret}`).digest('base64');
        got.ding.push({ text: body.text?.content, signOk: url.searchParams.get('sign') === expected && url.searchParams.get('access_token') === 'ding-token' });
        return answer({ errcode: 0, errmsg: 'ok' });
      }
      if (url.pathname === '/wecom') {
        got.wecom.push({ key: url.searchParams.get('key') ?? '', text: body.text?.content });
        return answer({ errcode: 0, errmsg: 'ok' });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function until<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(databases)('messaging on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let gw: Awaited<ReturnType<typeof startGateways>>;
  let mgr: Client;
  let orgId: number;
  let mgrUser: { id: number; code: string; name: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    gw = await startGateways('ding-sign-secret');
    // The local gateways are listed for the outbound client (port 1: a listed address where nothing listens).
    s = await startServer(kind, { OUTBOUND_ALLOW: `*,${new URL(gw.base).host},127.0.0.1:${smtp.port},127.0.0.1:1` });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    const org = await makeOrg(admin, platformId);
    orgId = org.id;
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, ['message.business', 'message.channel', 'message.template', 'message.log', 'message.test']);
    mgrUser = await makeUser(admin, org.id, { roleIds: [role.id], email: 'mgr@venue.test', mobile: `139${String(Date.now()).slice(-8)}` });
    mgr = await signIn(s, mgrUser.code, 'Pass1234');
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
    await gw?.close();
  });

  async function setUpChannels() {
    const put = async (channel: string, body: Record<string, unknown>) => {
      const res = await mgr.json('PUT', sys(`message/channel/${channel}`), { body: { enabled: true, ratePerMinute: 600, version: 0, ...body } });
      expect(res.code, `${channel}: ${res.msg}`).toBe(0);
      return res;
    };
    await put('email', { settings: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'Venue <notice@venue.test>' }, secrets: {} });
    await put('sms', { settings: { url: `${gw.base}/sms` }, secrets: { token: 'sms-token' } });
    await put('wechat', { settings: { apiBase: `${gw.base}/wx`, appId: 'wx123', templateId: 'TPL-1' }, secrets: { appSecret: 'wx-secret' } });
    await put('dingtalk', { settings: { url: `${gw.base}/ding` }, secrets: { accessToken: 'ding-token', signSecret: 'ding-sign-secret' } });
    return put('wecom', { settings: { url: `${gw.base}/wecom` }, secrets: { key: 'wecom-key' } });
  }

  it('a business event fans out to every configured channel, once each, with its rendered text; secrets never come back', async () => {
    const wecom = await setUpChannels();
    // Secrets answer only as set or not set.
    expect(wecom.body.secretsSet).toEqual({ key: true });
    const channels = await mgr.json('GET', sys('message/channel'));
    expect(JSON.stringify(channels.body)).not.toMatch(/wx-secret|ding-token|ding-sign-secret|wecom-key|sms-token/);
    expect(channels.body.find((c: { channel: string }) => c.channel === 'dingtalk').secretsSet).toEqual({ accessToken: true, signSecret: true });
    // Keeping a secret: an edit without it leaves it set.
    const ding = channels.body.find((c: { channel: string }) => c.channel === 'dingtalk');
    const kept = await mgr.json('PUT', sys('message/channel/dingtalk'), {
      body: { enabled: true, ratePerMinute: 600, settings: ding.settings, version: ding.version },
    });
    expect(kept.body.secretsSet).toEqual({ accessToken: true, signSecret: true });
    // Sealed at rest: the stored column does not hold the secret in clear.
    const [stored] = await s.database.query<{ secrets_sealed: string }>(`select secrets_sealed from msg_channel where org_id = $1 and channel = 'wecom'`, [
      orgId,
    ]);
    expect(stored!.secrets_sealed).toMatch(/^v1\./);
    expect(stored!.secrets_sealed).not.toContain('wecom-key');

    const code = `fan.out${uniq('x')}`.replace(/[^a-zA-Z.]/g, 'x');
    const biz = await mgr.json('POST', sys('message/business'), {
      body: {
        code,
        name: 'Closure',
        variables: [
          { name: 'member', sample: 'Li' },
          { name: 'site', sample: 'Court 3' },
        ],
        channels: ['station', 'email', 'sms', 'wechat', 'dingtalk', 'wecom'],
        recipients: { member: true, operator: true },
      },
    });
    expect(biz.code, biz.msg).toBe(0);
    for (const channel of ['station', 'email', 'sms', 'wechat', 'dingtalk', 'wecom']) {
      const tpl = await mgr.json('POST', sys('message/template'), {
        body: { businessId: biz.body.id, channel, lang: 'en-US', title: `Closed ${channel}`, content: `Dear {member}, {site} is closed (${channel}).` },
      });
      expect(tpl.code, tpl.msg).toBe(0);
    }
    const { queued } = await s.app.ctx.db.transaction((tx) =>
      publish(tx, {
        orgId,
        type: code,
        lang: 'en-US',
        operatorId: mgrUser.id,
        data: { member: 'Wang', site: 'Court 7' },
        member: { name: 'Wang', phone: '13800000077', email: 'wang@member.test', openid: 'o-wang' },
      }),
    );
    // station (operator), email (operator, member), sms (operator, member), wechat (member), dingtalk, wecom.
    expect(queued).toBe(8);
    const log = await until(async () => {
      const res = await mgr.json('POST', sys('message/log/list'), { body: { businessCode: code, pageSize: 50 } });
      return res.body.data.every((r: { status: string }) => r.status === 'sent') && res.body.total === 8 ? res.body.data : undefined;
    });
    expect(log.map((r: { content: string }) => r.content)).toContain('Dear Wang, Court 7 is closed (email).');
    expect(log.every((r: { attempts: number }) => r.attempts === 1)).toBe(true);

    const mails = smtp.mails.filter((m) => mailText(m.data).includes('Court 7'));
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['mgr@venue.test', 'wang@member.test']);
    expect(gw.got.sms.filter((m) => m.text.includes('Court 7')).map((m) => m.phone)).toContain('13800000077');
    expect(gw.got.sms.every((m) => m.auth === 'Bearer sms-token')).toBe(true);
    expect(gw.got.wechat.filter((m) => m.touser === 'o-wang' && m.template_id === 'TPL-1')).toHaveLength(1);
    expect(gw.got.ding.filter((d) => d.text.includes('Court 7'))).toEqual([
      { text: 'Closed dingtalk\nDear Wang, Court 7 is closed (dingtalk).', signOk: true },
    ]);
    expect(gw.got.wecom.filter((d) => d.text.includes('Court 7'))).toEqual([{ key: 'wecom-key', text: 'Closed wecom\nDear Wang, Court 7 is closed (wecom).' }]);
    const [station] = await s.database.query<{ n: string }>(`select count(*) as n from sys_station_message where user_id = $1 and content like '%Court 7%'`, [
      mgrUser.id,
    ]);
    expect(Number(station!.n)).toBe(1);
  });

  it("a template using a variable its business type does not declare is refused at save time, in the caller's language", async () => {
    const biz = await mgr.json('POST', sys('message/business'), {
      body: {
        code: `card.expiring${uniq('x').replace(/[^a-zA-Z]/g, 'x')}`,
        name: 'Card',
        variables: [{ name: 'cardNo', sample: 'C1' }],
        channels: ['sms'],
        recipients: { member: true },
      },
    });
    expect(biz.code, biz.msg).toBe(0);
    const bad = await mgr.json('POST', sys('message/template'), {
      body: { businessId: biz.body.id, channel: 'sms', lang: 'zh-CN', content: '卡 {cardNo} 将于 {expireDate} 到期' },
      lang: 'en-US',
    });
    expect(bad.code).toBe(Code.FORM_INVALID);
    expect(bad.detail[0]).toEqual({ field: 'content', message: 'The variable expireDate is not declared by the business type "Card"' });
    const listed = await mgr.json('POST', sys('message/template/list'), { body: { businessId: biz.body.id } });
    expect(listed.body.total).toBe(0);
    // Declared, it saves; the declaration can then not be dropped while the template uses it.
    const good = await mgr.json('POST', sys('message/template'), {
      body: { businessId: biz.body.id, channel: 'sms', lang: 'zh-CN', content: '卡 {cardNo} 即将到期' },
    });
    expect(good.code, good.msg).toBe(0);
    const drop = await mgr.json('PUT', sys(`message/business/${biz.body.id}`), { body: { variables: [], version: biz.body.version } });
    expect(drop.code).toBe(Code.FORM_INVALID);
    expect(drop.msg).toContain('cardNo');
  });

  it('the test screen sends a template to the operator now and shows the rendered text; an unreachable channel retries with back-off', async () => {
    const biz = await mgr.json('POST', sys('message/business'), {
      body: {
        code: `job.failed${uniq('x').replace(/[^a-zA-Z]/g, 'x')}`,
        name: 'Job',
        variables: [{ name: 'jobName', sample: 'Nightly' }],
        channels: ['station', 'email'],
        recipients: { orgUsers: true },
      },
    });
    const tpl = await mgr.json('POST', sys('message/template'), {
      body: { businessId: biz.body.id, channel: 'station', lang: 'en-US', title: 'Failed: {jobName}', content: '{jobName} failed' },
    });
    const sent = await mgr.json('POST', sys('message/test'), { body: { templateId: tpl.body.id, userId: mgrUser.id, values: { jobName: 'Backup' } } });
    expect(sent.code, sent.msg).toBe(0);
    expect(sent.body).toMatchObject({ status: 'sent', title: 'Failed: Backup', content: 'Backup failed', attempts: 1, channel: 'station' });

    // An SMTP server that is not there: a definite failure, queued again later (not lost, not unknown).
    const email = (await mgr.json('GET', sys('message/channel'))).body.find((c: { channel: string }) => c.channel === 'email');
    await mgr.json('PUT', sys('message/channel/email'), {
      body: { enabled: true, ratePerMinute: 600, settings: { ...email.settings, port: 1 }, version: email.version },
    });
    const mailTpl = await mgr.json('POST', sys('message/template'), {
      body: { businessId: biz.body.id, channel: 'email', lang: 'en-US', title: 'Failed: {jobName}', content: '{jobName} failed' },
    });
    const failed = await mgr.json('POST', sys('message/test'), { body: { templateId: mailTpl.body.id, address: 'ops@venue.test' } });
    expect(failed.body).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.body.lastError).toBe('connection failed');
    expect(new Date(failed.body.nextAt).getTime()).toBeGreaterThan(Date.now());
    // Only failed or unknown rows may be sent again.
    const retry = await mgr.json('POST', sys(`message/log/${failed.body.id}/retry`));
    expect(retry.code).toBe(Code.CONFLICT);
  });

  it('a failed job run is announced through the job.failed business type (the platform default, inherited by the organisation)', async () => {
    await seedMessageDefaults(s.app.ctx.db);
    const jobName = uniq('nightly-backup');
    await jobAlarm
      .get()(s.app.ctx.db, s.app.log)
      .notify({
        orgId,
        jobId: null,
        jobName,
        jobGroup: 'ops',
        recordId: 42,
        result: 'fail',
        detail: 'exit code 3',
        plannedAt: new Date('2026-12-01T02:00:00Z'),
        instanceId: null,
        attempt: 2,
      });
    const row = await until(async () => {
      const res = await mgr.json('POST', sys('message/log/list'), { body: { businessCode: 'job.failed', channel: 'station', pageSize: 50 } });
      return res.body.data.find((r: { content: string; status: string }) => r.content.includes(jobName) && r.status === 'sent');
    });
    expect(row).toMatchObject({ userId: mgrUser.id, title: `任务执行失败：${jobName}` });
    expect(row.content).toContain('exit code 3');
    const [station] = await s.database.query<{ n: string }>(`select count(*) as n from sys_station_message where user_id = $1 and title like $2`, [
      mgrUser.id,
      `%${jobName}%`,
    ]);
    expect(Number(station!.n)).toBe(1);
  });

  it('a channel sends at most its rate per minute; the rest wait their turn, none lost', async () => {
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, ['message.business', 'message.channel', 'message.template', 'message.log']);
    const u = await makeUser(admin, org.id, { roleIds: [role.id] });
    const c = await signIn(s, u.code, 'Pass1234');
    const put = await c.json('PUT', sys('message/channel/wecom'), {
      body: { enabled: true, ratePerMinute: 2, settings: { url: `${gw.base}/wecom` }, secrets: { key: 'rate-key' }, version: 0 },
    });
    expect(put.code, put.msg).toBe(0);
    const biz = await c.json('POST', sys('message/business'), {
      body: { code: 'rate.limited', name: 'Rate', variables: [{ name: 'n', sample: '1' }], channels: ['wecom'], recipients: {} },
    });
    await c.json('POST', sys('message/template'), { body: { businessId: biz.body.id, channel: 'wecom', lang: 'zh-CN', content: 'rate {n}' } });
    await s.app.ctx.db.transaction(async (tx) => {
      for (let n = 1; n <= 5; n++) await publish(tx, { orgId: org.id, type: 'rate.limited', data: { n } });
    });
    const rows = await until(async () => {
      const res = await c.json('POST', sys('message/log/list'), { body: { businessCode: 'rate.limited' } });
      const sent = res.body.data.filter((r: { status: string }) => r.status === 'sent');
      return sent.length === 2 ? res.body.data : undefined;
    });
    // Two went out; the other three are still queued for later, not failed.
    await new Promise((r) => setTimeout(r, 1500));
    const again = await c.json('POST', sys('message/log/list'), { body: { businessCode: 'rate.limited' } });
    expect(again.body.data.filter((r: { status: string }) => r.status === 'sent')).toHaveLength(2);
    expect(again.body.data.filter((r: { status: string; attempts: number }) => r.status === 'pending' && r.attempts === 0)).toHaveLength(3);
    expect(rows).toHaveLength(5);
    expect(gw.got.wecom.filter((w) => w.key === 'rate-key')).toHaveLength(2);
  });
});
