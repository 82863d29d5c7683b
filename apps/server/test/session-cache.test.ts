import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { buildApp } from '../src/app.ts';
import { seedDemo } from '../src/modules/system/index.ts';
import { ADMIN_PASSWORD, Client, auth, databases, startServer, sys, type TestServer } from './harness.ts';

/**
 * Issue 8, point 7: each process remembers resolved sessions (caller and permissions) for at most
 * SESSION_CACHE_MS. What a process changes through its API shows on its own next call; what another
 * process (or anything behind the server's back) changes shows within the cache's lifetime.
 * These suites run with the longest lifetime allowed, so an immediate answer cannot come from expiry.
 */
const CACHE = { SESSION_CACHE_MS: '900' };

/** Calls `probe` until `done` holds or `limitMs` passes (a generous bound, never a timing assertion); answers the last result. */
async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, limitMs = 15_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const v = await probe();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const userInfo = (c: Client) => c.json('GET', auth('userInfo/0'));
const configList = (c: Client) => c.json('POST', sys('config/listForConsole'), { body: {} });

async function sessionIdOf(admin: Client, userCode: string): Promise<number> {
  const rows = (await admin.json('POST', sys('online/list'), { body: { pageSize: 100 } })).body.data as { sessionId: number; userCode: string }[];
  return rows
    .filter((r) => r.userCode === userCode)
    .map((r) => r.sessionId)
    .sort((a, b) => b - a)[0]!;
}

/** The venue manager's role with or without the parameter screen (and its buttons), through the role API. */
async function grantConfig(s: TestServer, admin: Client, on: boolean): Promise<void> {
  const [role] = await s.database.query<{ id: number }>(`select id from sys_role where code = 'venue_manager'`);
  const config = (await s.database.query<{ id: number }>(`select id from sys_menu where key = 'system.config' or key like 'system.config.%'`)).map((r) =>
    Number(r.id),
  );
  const current = (await admin.json('GET', sys(`role/${role!.id}/menus`))).body.menuIds as number[];
  const menuIds = on ? [...new Set([...current, ...config])] : current.filter((id) => !config.includes(id));
  const res = await admin.json('PUT', sys(`role/${role!.id}/menus`), { body: { menuIds } });
  expect(res.code, res.msg).toBe(0);
}

async function signIn(s: TestServer, code: string, password = 'Demo@2020'): Promise<Client> {
  const c = new Client(s);
  expect((await c.login(code, password)).code).toBe(0);
  return c;
}

/** Another server on the same PostgreSQL database: its own pool, keys and session cache, as a second process has. */
async function peerOf(a: TestServer): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-peer-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: a.config.databaseUrl,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    LOGIN_RATE_PER_MINUTE: '10000',
    ...CACHE,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 5 });
  const app = await buildApp({ config, database, sms: a.sms });
  await app.ready();
  return {
    app,
    config,
    database,
    sms: a.sms,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The same session, called on another server. */
function sameSessionOn(s: TestServer, c: Client): Client {
  const other = new Client(s);
  other.token = c.token;
  return other;
}

describe.each(databases)('session cache in one process on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  beforeAll(async () => {
    s = await startServer(kind, CACHE);
    await seedDemo(s.database.db, s.config);
    admin = await signIn(s, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => s?.close());

  it('a forced logout made through this process answers 401 on the next call', async () => {
    const m = await signIn(s, 'manager');
    expect((await userInfo(m)).code).toBe(0);
    expect((await admin.json('DELETE', sys(`online/${await sessionIdOf(admin, 'manager')}`))).code).toBe(0);
    const after = await userInfo(m);
    expect(after.status).toBe(401);
    expect(after.code).toBe(Code.SESSION_EXPIRED);
  });

  it('signing out answers 401 on the next call of the same token', async () => {
    const m = await signIn(s, 'manager');
    expect((await userInfo(m)).code).toBe(0);
    expect((await m.json('POST', auth('logout'))).code).toBe(0);
    expect((await userInfo(m)).status).toBe(401);
  });

  it('a frozen user is refused on the next call', async () => {
    const f = await signIn(s, 'frontdesk');
    expect((await userInfo(f)).code).toBe(0);
    const id = (await userInfo(f)).body.userId as number;
    expect((await admin.json('PUT', sys('user/changeStatus'), { body: { userId: id, status: 1 } })).code).toBe(0);
    expect((await userInfo(f)).status).toBe(401);
    expect((await admin.json('PUT', sys('user/changeStatus'), { body: { userId: id, status: 0 } })).code).toBe(0);
  });

  it('a permission given or taken through this process applies on the next call', async () => {
    const m = await signIn(s, 'manager');
    expect((await configList(m)).code).toBe(Code.FORBIDDEN);
    await grantConfig(s, admin, true);
    expect((await configList(m)).code).toBe(0);
    await grantConfig(s, admin, false);
    expect((await configList(m)).code).toBe(Code.FORBIDDEN);
  });

  it('absolute and idle expiry, changed behind the server, end a remembered session within the cache lifetime', async () => {
    for (const change of [`expires_at = now() - interval '1 second'`, `last_seen_at = now() - interval '31 minutes'`]) {
      const m = await signIn(s, 'manager');
      expect((await userInfo(m)).code).toBe(0);
      const [{ id } = { id: 0 }] = await s.database.query<{ id: number }>(
        `select max(id) as id from sys_session where user_id = (select id from sys_user where code = 'manager')`,
      );
      await s.database.query(`update sys_session set ${change} where id = $1`, [id]);
      expect(
        (
          await until(
            () => userInfo(m),
            (r) => r.status === 401,
          )
        ).status,
      ).toBe(401);
    }
  });
});

// PGlite serves one process; two processes share PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('session cache across two processes on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  let admin: Client;
  beforeAll(async () => {
    a = await startServer('postgres', CACHE);
    await seedDemo(a.database.db, a.config);
    b = await peerOf(a);
    admin = await signIn(a, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a forced logout through one process is answered 401 by the other', async () => {
    const m = await signIn(a, 'manager');
    const onB = sameSessionOn(b, m);
    expect((await userInfo(onB)).code).toBe(0);
    expect((await admin.json('DELETE', sys(`online/${await sessionIdOf(admin, 'manager')}`))).code).toBe(0);
    const seen = await until(
      () => userInfo(onB),
      (r) => r.status === 401,
    );
    expect(seen.status).toBe(401);
    expect(seen.code).toBe(Code.SESSION_EXPIRED);
  });

  it('a frozen user is refused by the other process', async () => {
    const f = await signIn(a, 'frontdesk');
    const onB = sameSessionOn(b, f);
    const id = (await userInfo(onB)).body.userId as number;
    expect((await admin.json('PUT', sys('user/changeStatus'), { body: { userId: id, status: 1 } })).code).toBe(0);
    expect(
      (
        await until(
          () => userInfo(onB),
          (r) => r.status === 401,
        )
      ).status,
    ).toBe(401);
    expect((await admin.json('PUT', sys('user/changeStatus'), { body: { userId: id, status: 0 } })).code).toBe(0);
  });

  it('a permission given or taken through one process applies in the other', async () => {
    const m = await signIn(a, 'manager');
    const onB = sameSessionOn(b, m);
    expect((await configList(onB)).code).toBe(Code.FORBIDDEN);
    await grantConfig(a, admin, true);
    expect(
      (
        await until(
          () => configList(onB),
          (r) => r.code === 0,
        )
      ).code,
    ).toBe(0);
    await grantConfig(a, admin, false);
    expect(
      (
        await until(
          () => configList(onB),
          (r) => r.code === Code.FORBIDDEN,
        )
      ).code,
    ).toBe(Code.FORBIDDEN);
  });
});
