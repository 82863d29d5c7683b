// Job scheduler figures (issue 4): fire delay with 1,000 active jobs in one process, the fire
// rate, and with PostgreSQL the same load shared by two server processes (delay, duplicates).
// On PostgreSQL when one answers (BENCH_DATABASE_URL / TEST_DATABASE_URL / local), else PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchPostgresUrl, percentile, scratchDatabase, startServerProcess, stop } from './_support.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, type Database } from '../../apps/server/src/platform/db.ts';
import { seedPlatform } from '../../apps/server/src/modules/system/index.ts';
import { JobScheduler } from '../../apps/server/src/modules/job/index.ts';

const JOBS = 1000;
const WARMUP_MS = 3000;
const WINDOW_MS = 12_000;
const out: Record<string, number | null> = {};
const pgBase = await benchPostgresUrl();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 1,000 jobs firing every second, their start times spread over the second (as real jobs are). */
async function insertJobs(query: Database['query'], t0: number): Promise<void> {
  const rows: string[] = [];
  for (let i = 0; i < JOBS; i++) {
    const start = new Date(t0 + i).toISOString();
    rows.push(
      `(1, 'bench-${i}', 'bench', 'bean', 'noop', '${i % 2 ? 'monolithic' : 'distributed'}', 'interval', 1, -1, '${start}', 'Asia/Shanghai', '${start}')`,
    );
  }
  await query(
    `insert into sys_job (org_id, job_name, job_group, job_type, bean_name, architecture, trigger_type, interval_seconds, repeat_count, start_time, time_zone, next_fire_at) values ${rows.join(',')}`,
  );
}

interface Window {
  delays: number[];
  fires: number;
  duplicates: number;
  missed: number;
  instances: number;
}

/** Reads the dispatch records planned inside [from, to). */
async function measure(query: Database['query'], from: number, to: number): Promise<Window> {
  const rows = await query<{ delay: number | null; result: string; instance_id: string | null }>(
    `select extract(epoch from started_at - planned_at) * 1000 as delay, result, instance_id from sys_job_log
     where trigger = 'schedule' and job_id is not null and planned_at >= $1 and planned_at < $2`,
    [new Date(from).toISOString(), new Date(to).toISOString()],
  );
  const [dup] = await query<{ n: number }>(
    `select count(*)::int as n from (select job_id, planned_at from sys_job_log where trigger = 'schedule' and planned_at >= $1 and planned_at < $2
     group by job_id, planned_at having count(*) > 1) d`,
    [new Date(from).toISOString(), new Date(to).toISOString()],
  );
  const expected = (JOBS * (to - from)) / 1000;
  const done = rows.filter((r) => r.result === 'success');
  return {
    delays: done.map((r) => Number(r.delay)),
    fires: done.length,
    duplicates: Number(dup?.n ?? 0),
    missed: Math.max(0, Math.round(expected - rows.length)),
    instances: new Set(rows.map((r) => r.instance_id)).size,
  };
}

function report(prefix: string, w: Window): void {
  const p50 = percentile(w.delays, 50);
  const p99 = percentile(w.delays, 99);
  console.log(
    `${prefix}: ${w.fires} fires in ${WINDOW_MS / 1000} s (${(w.fires / (WINDOW_MS / 1000)).toFixed(0)}/s), delay p50 ${p50?.toFixed(1)} ms, p99 ${p99?.toFixed(1)} ms, max ${Math.max(...w.delays).toFixed(1)} ms, duplicates ${w.duplicates}, missed ${w.missed}, instances ${w.instances}`,
  );
}

async function oneProcess(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-jobs-'));
  const pgdb = pgBase ? await scratchDatabase(pgBase, 'bench_jobs') : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'Admin@12345',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 10 });
  try {
    await seedPlatform(database.db, config, () => undefined);
    const t0 = Math.ceil((Date.now() + 1500) / 1000) * 1000;
    await insertJobs(database.query, t0);
    const scheduler = new JobScheduler({
      db: database.db,
      config,
      claimEveryMs: process.env.BENCH_CLAIM_EVERY ? Number(process.env.BENCH_CLAIM_EVERY) : undefined,
    });
    await scheduler.start();
    const cpu0 = process.cpuUsage();
    const wall0 = Date.now();
    const from = t0 + WARMUP_MS;
    const to = from + WINDOW_MS;
    await sleep(to + 1500 - Date.now());
    const cpu = process.cpuUsage(cpu0);
    const cpuShare = (cpu.user + cpu.system) / 1000 / (Date.now() - wall0);
    await scheduler.stop();
    console.log(`one process: the bench process used ${(cpuShare * 100).toFixed(0)}% of a core while scheduling`);
    if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(scheduler.stats));
    const w = await measure(database.query, from, to);
    report(`one process (${database.kind})`, w);
    out['jobs.delayP50Ms'] = round(percentile(w.delays, 50));
    out['jobs.delayP99Ms'] = round(percentile(w.delays, 99));
    out['jobs.firesPerSec'] = Math.round(w.fires / (WINDOW_MS / 1000));
    out['jobs.missedFires'] = w.missed;
  } finally {
    await database.close();
    await pgdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function twoProcesses(): Promise<void> {
  if (!pgBase) {
    console.log('two processes: skipped (needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    out['jobs.twoProcess.delayP99Ms'] = null;
    out['jobs.twoProcess.duplicateFires'] = null;
    return;
  }
  const pgdb = await scratchDatabase(pgBase!, 'bench_jobs');
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'bench-jobs-p-')));
  const env = (i: number) => ({ DATABASE_URL: pgdb.url, DATA_DIR: dirs[i]!, ADMIN_PASSWORD: 'Admin@12345', SEED_DEMO: '0', DATABASE_POOL_SIZE: '10' });
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: pgdb.url, max: 2 });
  pool.on('error', () => undefined); // the database is dropped with force at the end
  const query: Database['query'] = async (text, params) => (await pool.query(text, params)).rows;
  const procs = [];
  try {
    procs.push(await startServerProcess(env(0)));
    procs.push(await startServerProcess(env(1)));
    const t0 = Math.ceil((Date.now() + 1500) / 1000) * 1000;
    await insertJobs(query, t0);
    const from = t0 + WARMUP_MS;
    const to = from + WINDOW_MS;
    await sleep(to + 1500 - Date.now());
    const w = await measure(query, from, to);
    report('two processes (postgres)', w);
    out['jobs.twoProcess.delayP99Ms'] = round(percentile(w.delays, 99));
    out['jobs.twoProcess.duplicateFires'] = w.duplicates;
    out['jobs.twoProcess.missedFires'] = w.missed;
  } finally {
    for (const p of procs) await stop(p.child);
    await pool.end();
    await pgdb.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

const round = (n: number | undefined) => (n === undefined ? null : Math.round(n * 10) / 10);

const began = Date.now();
await oneProcess();
await twoProcesses();
console.log(`jobs bench took ${((Date.now() - began) / 1000).toFixed(0)} s; budget: delay p99 < 200 ms, duplicates 0`);
console.log(JSON.stringify(out));
process.exit(0);
