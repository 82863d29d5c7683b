import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@venue/contract';
import { Client, auth, databases, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { grantMenus } from '../../../test/grants.ts';
import { seedDemo } from './demo.seed.ts';

describe.each(databases)('online users on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    admin = new Client(s);
    await admin.login();
  });
  afterAll(async () => s?.close());

  it('lists live sessions with user, organisation, address, agent and times, scoped to the organisation', async () => {
    const m1 = new Client(s);
    await m1.login('manager', 'Demo@2020');
    const f1 = new Client(s);
    await f1.login('frontdesk', 'Demo@2020');
    const all = await admin.json('POST', sys('online/list'), { body: {} });
    expect(all.code).toBe(0);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    const mine = all.body.data.find((r: { current: boolean }) => r.current);
    expect(mine).toMatchObject({ userCode: 'admin', orgName: '平台运营中心', loginWay: 'password', ip: '127.0.0.1' });
    expect(mine.loginAt).toBeTruthy();
    expect(mine.lastSeenAt).toBeTruthy();
    const filtered = await admin.json('POST', sys('online/list'), { body: { userName: '经理' } });
    expect(filtered.body.data.map((r: { userCode: string }) => r.userCode)).toEqual(['manager']);
    // An idle session is no longer online.
    await s.database.db.execute(
      sql`update sys_session set last_seen_at = now() - interval '31 minutes' where user_id = (select id from sys_user where code = 'frontdesk')`,
    );
    const after = await admin.json('POST', sys('online/list'), { body: {} });
    expect(after.body.data.some((r: { userCode: string }) => r.userCode === 'frontdesk')).toBe(false);

    await grantMenus(s, 'venue_manager', ['monitor.online']);
    const scoped = await m1.json('POST', sys('online/list'), { body: {} });
    expect(scoped.body.data.map((r: { userCode: string }) => r.userCode)).toEqual(['manager']);
    const adminSession = mine.sessionId;
    expect((await m1.json('DELETE', sys(`online/${adminSession}`))).code).toBe(Code.NOT_FOUND);
    expect((await admin.json('POST', auth('logout'))).code).toBe(0);
    await admin.login();
  });

  it('forces one or many sessions offline; their next call answers 401', async () => {
    const a = new Client(s);
    await a.login('manager', 'Demo@2020');
    const b = new Client(s);
    await b.login('manager', 'Demo@2020');
    const c = new Client(s);
    await c.login('frontdesk', 'Demo@2020');
    const rows = (await admin.json('POST', sys('online/list'), { body: { pageSize: 100 } })).body.data as {
      sessionId: number;
      userCode: string;
      current: boolean;
    }[];
    const others = rows.filter((r) => !r.current && r.userCode !== 'admin').map((r) => r.sessionId);
    expect(others.length).toBeGreaterThanOrEqual(3);
    const self = rows.find((r) => r.current)!.sessionId;
    expect((await admin.json('DELETE', sys(`online/${self}`))).msg).toBe('不能强制自己当前的会话下线，请使用退出登录');
    expect((await admin.json('DELETE', sys(`online/${others[0]},999999`))).code).toBe(Code.NOT_FOUND);
    expect((await a.json('GET', auth('userInfo/0'))).code).toBe(0);
    const forced = await admin.json('DELETE', sys(`online/${others.join(',')}`));
    expect(forced.body).toEqual({ count: others.length });
    for (const x of [a, b, c]) {
      const r = await x.json('GET', auth('userInfo/0'));
      expect(r.status).toBe(401);
      expect(r.code).toBe(Code.SESSION_EXPIRED);
    }
    expect((await admin.json('GET', auth('userInfo/0'))).code).toBe(0);
    const log = await s.database.query<{ action: string; code: number }>(`select action, code from sys_oper_log where module = 'online' order by id`);
    expect(log.map((l) => l.action)).toContain('forceLogout');
  });
});
