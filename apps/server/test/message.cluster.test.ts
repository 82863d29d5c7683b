import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db.ts';
import { MessageWorker, publish, messageWorkers } from '../src/modules/message/index.ts';
import { HttpAllowList } from '../src/platform/outbound.ts';
import { startServer, type Client, type TestServer } from './harness.ts';
import { adminClient } from '../src/modules/system/admin.testkit.ts';

/**
 * The send queue as a cluster, on PostgreSQL: several workers on their own connections drain
 * 1,000 messages and each reaches the (local) robot exactly once; a sending process killed with
 * SIGKILL while its sends are in flight loses none and sends none twice (what it may have sent is
 * marked unknown, the rest is sent by the others).
 */
const BASE = process.env.TEST_DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

/** A WeCom robot that counts each message by its number; `delayMs` holds every answer that long. */
async function startRobot() {
  const hits = new Map<string, number>();
  let delayMs = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const seq = /#(\d+)#/.exec(raw)?.[1] ?? '?';
      hits.set(seq, (hits.get(seq) ?? 0) + 1);
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0}'), delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/wecom`,
    hits,
    setDelay: (ms: number) => (delayMs = ms),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function until(fn: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

if (!BASE) {
  describe('message queue cluster', () => {
    it.skip('needs PostgreSQL: set TEST_DATABASE_URL to run several workers on one database', () => undefined);
  });
} else {
  describe('message queue cluster: workers on separate connections of one PostgreSQL', () => {
    let s: TestServer;
    let admin: Client;
    let platformId: number;
    let robot: Awaited<ReturnType<typeof startRobot>>;
    const others: Database[] = [];

    beforeAll(async () => {
      robot = await startRobot();
      s = await startServer('postgres', { OUTBOUND_ALLOW: new URL(robot.url).host });
      ({ c: admin, platformOrgId: platformId } = await adminClient(s));
      // The server's own worker stays out: the test's workers are the processes.
      await messageWorkers.get(s.app)!.stop();
      const put = await admin.json('PUT', '/api/system/message/channel/wecom', {
        body: { enabled: true, ratePerMinute: 100_000, settings: { url: robot.url }, secrets: { key: 'k' }, version: 0 },
      });
      expect(put.code, put.msg).toBe(0);
    });
    afterAll(async () => {
      for (const d of others) await d.close();
      await s?.close();
      await robot?.close();
    });

    async function queue(code: string, n: number, from: number): Promise<void> {
      const biz = await admin.json('POST', '/api/system/message/business', {
        body: { code, name: code, variables: [{ name: 'seq', sample: '1' }], channels: ['wecom', 'station'], recipients: { operator: true } },
      });
      expect(biz.code, biz.msg).toBe(0);
      for (const channel of ['wecom', 'station'])
        await admin.json('POST', '/api/system/message/template', { body: { businessId: biz.body.id, channel, lang: 'zh-CN', content: 'message #{seq}#' } });
      const [me] = await s.database.query<{ id: number }>(`select id from sys_user where code = 'admin'`);
      await s.app.ctx.db.transaction(async (tx) => {
        for (let i = from; i < from + n; i++) await publish(tx, { orgId: platformId, type: code, operatorId: Number(me!.id), data: { seq: i } });
      });
    }
    const counts = async (code: string) =>
      Object.fromEntries(
        (
          await s.database.query<{ channel: string; status: string; n: string }>(
            `select channel, status, count(*) as n from msg_send where business_code = $1 group by 1, 2`,
            [code],
          )
        ).map((r) => [`${r.channel}:${r.status}`, Number(r.n)]),
      );

    it('1,000 messages on each of two channels, three workers: each delivered exactly once', async () => {
      const q0 = Date.now();
      await queue('cluster.once', 1000, 0);
      console.info(`1,000 events published in ${Date.now() - q0} ms`);
      const t0 = Date.now();
      const workers = [];
      for (let i = 0; i < 3; i++) {
        const d = await openDatabase({ databaseUrl: s.config.databaseUrl!, listenUrl: s.config.databaseListenUrl, dataDir: s.dataDir, poolSize: 4 });
        others.push(d);
        workers.push(new MessageWorker(d.db, s.app.ctx.keys.secretKey, { batch: 50, idleMs: 20, allow: new HttpAllowList([new URL(robot.url).host]) }));
      }
      workers.forEach((w) => w.start());
      await until(async () => {
        const c = await counts('cluster.once');
        return c['wecom:sent'] === 1000 && c['station:sent'] === 1000;
      }, 120_000);
      await Promise.all(workers.map((w) => w.stop()));
      console.info(`2,000 messages delivered by three workers in ${Date.now() - t0} ms`);
      for (let i = 0; i < 1000; i++) expect(robot.hits.get(String(i)), `message ${i}`).toBe(1);
      const [station] = await s.database.query<{ n: string; keys: string }>(
        `select count(*) as n, count(distinct source_key) as keys from sys_station_message where source_key in (select 'msg:' || id from msg_send where business_code = 'cluster.once' and channel = 'station')`,
      );
      expect(Number(station!.n)).toBe(1000);
      expect(Number(station!.keys)).toBe(1000);
    }, 240_000);

    it('a sending process killed mid-send loses none and sends none twice', async () => {
      await queue('cluster.kill', 200, 10_000);
      robot.setDelay(1500);
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'message.worker.child.ts')], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: s.config.databaseUrl!,
          // Behind PgBouncer (TEST_DATABASE_LISTEN_URL) the worker migrates and listens on the direct connection, as a server does.
          ...(s.config.databaseListenUrl ? { DATABASE_LISTEN_URL: s.config.databaseListenUrl } : {}),
          MSG_SECRET_KEY: s.app.ctx.keys.secretKey.toString('hex'),
          MSG_LEASE_MS: '2000',
          MSG_OUTBOUND_ALLOW: new URL(robot.url).host,
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
      // Killed while its first sends hang at the robot (claimed, not yet answered).
      await until(async () => {
        if (child.exitCode !== null) throw new Error(`the sending process exited (${child.exitCode}) before it sent: ${output}`);
        return [...robot.hits.keys()].some((k) => Number(k) >= 10_000);
      }, 120_000).catch((e: Error) => {
        throw new Error(`${e.message}; the sending process printed: ${output || 'nothing'}; queue: ${JSON.stringify(robot.hits.size)} hits`);
      });
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const mid = await counts('cluster.kill');
      expect(mid['wecom:sending']).toBeGreaterThan(0);
      robot.setDelay(0);
      const d = await openDatabase({ databaseUrl: s.config.databaseUrl!, listenUrl: s.config.databaseListenUrl, dataDir: s.dataDir, poolSize: 4 });
      others.push(d);
      const survivor = new MessageWorker(d.db, s.app.ctx.keys.secretKey, { batch: 50, idleMs: 20, allow: new HttpAllowList([new URL(robot.url).host]) });
      survivor.start();
      await until(async () => {
        const c = await counts('cluster.kill');
        return !c['wecom:pending'] && !c['wecom:sending'] && !c['station:pending'];
      }, 60_000);
      await survivor.stop();
      const end = await counts('cluster.kill');
      // None lost: every message is sent, or unknown (its sender died after claiming it).
      expect((end['wecom:sent'] ?? 0) + (end['wecom:unknown'] ?? 0)).toBe(200);
      expect(end['wecom:unknown']).toBeGreaterThan(0);
      expect(end['station:sent']).toBe(200);
      // None twice: no message reached the robot more than once, and every one marked sent did.
      const seqs = Array.from({ length: 200 }, (_, i) => String(10_000 + i));
      expect(seqs.filter((q) => (robot.hits.get(q) ?? 0) > 1)).toEqual([]);
      expect(seqs.filter((q) => robot.hits.get(q) === 1).length).toBeGreaterThanOrEqual(end['wecom:sent']!);
      const unknown = await s.database.query<{ last_error: string }>(
        `select last_error from msg_send where business_code = 'cluster.kill' and status = 'unknown'`,
      );
      expect(unknown.every((u) => /stopped before it knew/.test(u.last_error))).toBe(true);
    }, 180_000);
  });
}
