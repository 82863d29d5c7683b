import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The job scheduler as a cluster: two real server processes (`main.ts`) on one fresh
 * PostgreSQL database. 50 HTTP jobs fire every second for 30 seconds against a counting
 * server here: every planned fire must reach it exactly once, with no gap. Then one process
 * is killed with SIGKILL in the middle of a run: the other records that run as failed and
 * keeps firing.
 */
const BASE = process.env.TEST_DATABASE_URL;
/** The server itself when TEST_DATABASE_URL is a PgBouncer in transaction mode (creating databases, the test's own reads; the processes' LISTEN and migrations). */
const DIRECT = process.env.TEST_DATABASE_LISTEN_URL ?? BASE;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const JOBS = 50;
const FIRES = 30;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

interface Proc {
  child: ChildProcess;
  port: number;
  log: string[];
}

async function startProcess(databaseUrl: string, listenUrl?: string): Promise<Proc> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-cluster-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      ...(listenUrl ? { DATABASE_LISTEN_URL: listenUrl } : {}),
      DATABASE_POOL_SIZE: '5',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Admin@12345',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      JOB_TICK_MS: '100',
      JOB_LEASE_MS: '3000',
      // The counting executor listens on loopback: listed by address (HTTP jobs are off by default).
      JOB_HTTP_ALLOW: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (b: Buffer) => {
    log.push(b.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${log.join('').slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${log.join('').slice(-2000)}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (r.ok) return { child, port, log };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!BASE) {
  describe('job scheduler cluster', () => {
    it.skip('needs PostgreSQL: set TEST_DATABASE_URL to run two server processes on one database', () => undefined);
  });
} else {
  describe('job scheduler cluster: two processes on one PostgreSQL', () => {
    let pg: typeof import('pg').default;
    let db: import('pg').Client;
    let dbName = '';
    let url = '';
    let listenUrl: string | undefined;
    const procs: Proc[] = [];
    let counter: http.Server;
    let counterPort = 0;
    const hits = new Map<string, number>();

    beforeAll(async () => {
      pg = (await import('pg')).default;
      dbName = `t_cluster_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: DIRECT });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const named = (base: string) => {
        const u = new URL(base);
        u.pathname = `/${dbName}`;
        return u.toString();
      };
      url = named(BASE);
      listenUrl = process.env.TEST_DATABASE_LISTEN_URL && named(process.env.TEST_DATABASE_LISTEN_URL);
      counter = http.createServer((req, res) => {
        const key = `${req.headers['x-job-id']}@${req.headers['x-job-planned-at']}`;
        hits.set(key, (hits.get(key) ?? 0) + 1);
        req.resume();
        res.end('ok');
      });
      await new Promise<void>((r) => counter.listen(0, '127.0.0.1', r));
      counterPort = (counter.address() as net.AddressInfo).port;
      // One after the other: the second waits on the first's migration and seed.
      procs.push(await startProcess(url, listenUrl));
      procs.push(await startProcess(url, listenUrl));
      db = new pg.Client({ connectionString: listenUrl ?? url });
      await db.connect();
    });

    afterAll(async () => {
      for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
      await Promise.all(procs.map((p) => (p.child.exitCode !== null || p.child.signalCode !== null ? undefined : new Promise((r) => p.child.once('exit', r)))));
      await db?.end();
      counter?.close();
      if (dbName) {
        const admin = new pg.Client({ connectionString: DIRECT });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    });

    it(`runs every fire of ${JOBS} jobs x ${FIRES} s exactly once, shared by both processes`, async () => {
      const t0 = Math.ceil((Date.now() + 3000) / 1000) * 1000;
      const start = new Date(t0).toISOString();
      const end = new Date(t0 + (FIRES - 1) * 1000).toISOString();
      const values = Array.from(
        { length: JOBS },
        (_, i) =>
          `(1, 'cluster-${i}', 'cluster', 'http', '${i % 2 ? 'monolithic' : 'distributed'}', 'interval', 1, -1, '${start}', '${end}', 'Asia/Shanghai', '/hit', '127.0.0.1', ${counterPort}, '${start}')`,
      );
      const ids = (
        await db.query(`insert into sys_job (org_id, job_name, job_group, job_type, architecture, trigger_type, interval_seconds, repeat_count, start_time, end_time, time_zone, executor_path, executor_ip, executor_host, next_fire_at)
          values ${values.join(',')} returning id`)
      ).rows.map((r) => Number(r.id));
      await sleep(t0 + FIRES * 1000 + 2500 - Date.now());
      const recs = (
        await db.query(
          `select job_id, planned_at, result, instance_id, extract(epoch from started_at - planned_at) * 1000 as delay from sys_job_log where job_id = any($1::bigint[])`,
          [ids],
        )
      ).rows as { job_id: string; planned_at: Date; result: string; instance_id: string; delay: number }[];
      // One record per planned fire, and nothing else.
      expect(recs.length).toBe(JOBS * FIRES);
      const expected = new Set<string>();
      for (const id of ids) for (let k = 0; k < FIRES; k++) expected.add(`${id}@${new Date(t0 + k * 1000).toISOString()}`);
      expect(new Set(recs.map((r) => `${r.job_id}@${new Date(r.planned_at).toISOString()}`))).toEqual(expected);
      expect(recs.filter((r) => r.result !== 'success')).toEqual([]);
      // The executor saw every planned fire exactly once: no duplicate, no gap.
      const seen = [...hits.entries()].filter(([k]) => expected.has(k));
      expect(seen.length).toBe(JOBS * FIRES);
      expect(seen.filter(([, n]) => n !== 1)).toEqual([]);
      // Both processes took part; monolithic jobs stayed on one process each.
      expect(new Set(recs.map((r) => r.instance_id)).size).toBe(2);
      const byJob = new Map<string, Set<string>>();
      // job_id as text: pg's bigint parser is process-wide, and a server built earlier in this process may have set it to numbers.
      for (const r of recs) (byJob.get(String(r.job_id)) ?? byJob.set(String(r.job_id), new Set()).get(String(r.job_id))!).add(r.instance_id);
      for (const [i, id] of ids.entries()) if (i % 2) expect(byJob.get(String(id))!.size).toBe(1);
      const delays = recs.map((r) => Number(r.delay)).sort((a, b) => a - b);
      console.log(
        `cluster: ${recs.length} fires, delay p50 ${delays[Math.floor(delays.length / 2)]!.toFixed(1)} ms, p99 ${delays[Math.floor(delays.length * 0.99)]!.toFixed(1)} ms`,
      );
    });

    it('a process killed with SIGKILL mid-run: the other records the run as failed and carries on', async () => {
      const [job] = (
        await db.query(`insert into sys_job (org_id, job_name, job_group, job_type, bean_name, trigger_type, interval_seconds, repeat_count, start_time, time_zone, status, alarm_on_failure)
          values (1, 'long-sleep', 'cluster', 'bean', 'sleep', 'interval', 0, 0, now(), 'Asia/Shanghai', 1, false) returning id`)
      ).rows;
      const [ticker] = (
        await db.query(`insert into sys_job (org_id, job_name, job_group, job_type, bean_name, trigger_type, interval_seconds, repeat_count, start_time, time_zone, next_fire_at)
          values (1, 'ticker', 'cluster', 'bean', 'noop', 'interval', 1, -1, date_trunc('second', now()) + interval '1 second', 'Asia/Shanghai', date_trunc('second', now()) + interval '1 second') returning id`)
      ).rows;
      const [rec] = (
        await db.query(
          `insert into sys_job_log (org_id, job_id, job_name, job_group, trigger, manual, planned_at, due_at, params)
          values (1, $1, 'long-sleep', 'cluster', 'manual', true, now(), now(), '{"ms": 60000}') returning id`,
          [job.id],
        )
      ).rows;
      // Wait until a process has started the run.
      let owner = '';
      for (let i = 0; i < 100 && !owner; i++) {
        await sleep(100);
        const r = (await db.query(`select instance_id, started_at from sys_job_log where id = $1`, [rec.id])).rows[0];
        if (r.instance_id && r.started_at) owner = r.instance_id;
      }
      expect(owner).not.toBe('');
      const pid = Number(owner.split(':').at(-2));
      const victim = procs.find((p) => p.child.pid === pid)!;
      expect(victim).toBeTruthy();
      const survivor = procs.find((p) => p !== victim)!;
      const killedAt = Date.now();
      victim.child.kill('SIGKILL');
      await new Promise((r) => victim.child.once('exit', r));
      // The survivor notices within the lease (3 s) plus a heartbeat, and records the run as failed.
      let row: { result: string; detail: string; finished_at: Date } | undefined;
      for (let i = 0; i < 150; i++) {
        row = (await db.query(`select result, detail, finished_at from sys_job_log where id = $1`, [rec.id])).rows[0];
        if (row!.result !== 'normal') break;
        await sleep(100);
      }
      expect(row!.result).toBe('fail');
      expect(row!.detail).toMatch(/stopped responding .* during attempt 1; recorded as failed/);
      expect(new Date(row!.finished_at).getTime() - killedAt).toBeLessThan(8000);
      // And the survivor keeps every job firing: each fire after the takeover ran once, on the survivor.
      let after: { planned_at: Date; result: string; instance_id: string }[] = [];
      for (let i = 0; i < 100 && after.filter((r) => r.result === 'success').length < 3; i++) {
        await sleep(100);
        after = (
          await db.query(`select planned_at, result, instance_id from sys_job_log where job_id = $1 and planned_at > $2 order by planned_at`, [
            ticker.id,
            new Date(killedAt + 4500),
          ])
        ).rows;
      }
      expect(after.filter((r) => r.result === 'success').length).toBeGreaterThanOrEqual(3);
      expect(after.every((r) => r.instance_id !== owner)).toBe(true);
      expect(after.filter((r) => r.result === 'normal' || r.result === 'success').length).toBe(after.length);
      const gaps = after.slice(1).map((r, i) => new Date(r.planned_at).getTime() - new Date(after[i]!.planned_at).getTime());
      expect(gaps.every((g) => g === 1000)).toBe(true);
      expect(survivor.child.exitCode).toBeNull();
    });
  });
}
