import { sql } from 'drizzle-orm';
import { Client, startServer, sys, type TestServer } from '../../../test/harness.ts';
import { ManualClock, turns } from '../../platform/clock.testkit.ts';
import { JobScheduler } from './job.engine.ts';
import type { JobAlarm, JobAlarmEvent } from './alarm.ts';

/** Test support for the job suites (not a test file itself). */
export const FAST = { JOB_TICK_MS: '50', JOB_LEASE_MS: '3000', JOB_MISFIRE_MS: '1000', JOB_SHUTDOWN_GRACE_MS: '2000' };

export class CapturingAlarm implements JobAlarm {
  events: JobAlarmEvent[] = [];
  notify(e: JobAlarmEvent) {
    this.events.push(e);
  }
}

export async function startJobServer(kind: 'pglite' | 'postgres', env: Record<string, string> = {}) {
  const s = await startServer(kind, { ...FAST, ...env });
  const admin = new Client(s);
  const login = await admin.login();
  if (login.code !== 0) throw new Error(`admin login failed: ${login.msg}`);
  return { s, admin };
}

export function newScheduler(s: TestServer, alarm?: JobAlarm, over: Partial<ConstructorParameters<typeof JobScheduler>[0]> = {}) {
  return new JobScheduler({ db: s.database.db, config: s.config, alarm, ...over });
}

/**
 * A scheduler on a manual clock. The clock starts on a whole minute an hour ahead of the wall
 * clock, so jobs created for it (with a start time from `at`) never look late to the API, which
 * goes by the wall clock, and manual runs (queued at the wall clock's now) are due at once.
 */
export class FakeTime {
  readonly clock = new ManualClock(Math.ceil(Date.now() / 60_000) * 60_000 + 3_600_000);
  scheduler!: JobScheduler;

  constructor(
    private readonly s: TestServer,
    private readonly alarm?: JobAlarm,
  ) {}

  /** Starts a scheduler on this clock (again after stop()). */
  async start(): Promise<JobScheduler> {
    this.scheduler = newScheduler(this.s, this.alarm, { clock: this.clock });
    await this.scheduler.start();
    await this.scheduler.idle();
    return this.scheduler;
  }

  /** An instant `ms` from the clock's now. */
  at(ms = 0): Date {
    return new Date(this.clock.now() + ms);
  }

  private readonly settle = () => (this.scheduler ? this.scheduler.idle() : turns());

  /**
   * Moves time by `ms`: every tick, fire, time-out and retry delay falling due on the way runs at
   * its own instant, with the database work it starts finished before time moves on; then every
   * result is written. Handlers that wait on real I/O (HTTP) are not waited for.
   */
  async advance(ms: number): Promise<void> {
    await this.clock.advance(ms, this.settle);
    await this.scheduler?.drain();
  }

  /** Stops the scheduler, moving time through the shutdown grace only while runs are still going. */
  async stop(): Promise<void> {
    if (!this.scheduler?.isRunning) return;
    let done = false;
    const stopping = this.scheduler.stop().finally(() => (done = true));
    await this.scheduler.idle(); // stop() first waits for the tick in progress
    while (!done && this.scheduler.inFlight > 0) await this.clock.advance(20);
    await stopping;
  }
}

export async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000, stepMs = 50): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T = await fn();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`timed out waiting; last value: ${JSON.stringify(last)?.slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, stepMs));
    last = await fn();
  }
  return last;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let seq = 0;
/** A bean job body with sensible defaults for tests. */
export function beanJob(over: Record<string, unknown> = {}) {
  seq++;
  return {
    jobName: `job-${Date.now().toString(36)}-${seq}`,
    jobGroup: 'test',
    jobType: 'bean',
    beanName: 'noop',
    triggerType: 'interval',
    intervalInSeconds: 1,
    repeatCount: -1,
    ...over,
  };
}

export async function createJob(c: Client, body: Record<string, unknown>) {
  const r = await c.json('POST', sys('job'), { body });
  if (r.code !== 0) throw new Error(`create job failed: ${r.code} ${r.msg} ${JSON.stringify(r.detail)}`);
  return r.body as { id: number; version: number; nextFireTime: string | null; [k: string]: unknown };
}

export interface Rec {
  id: number;
  job_id: number;
  result: string;
  trigger: string;
  manual: boolean;
  planned_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  duration_ms: number | null;
  detail: string | null;
  attempt: number;
  timed_out: boolean;
  http_status: number | null;
  instance_id: string | null;
}

/** Dispatch records of a job, straight from the database, oldest first. */
export async function records(s: TestServer, jobId: number): Promise<Rec[]> {
  const res = (await s.database.db.execute(sql`select * from sys_job_log where job_id = ${jobId} order by planned_at, id`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return res.rows.map((r) => ({
    ...(r as unknown as Rec),
    id: Number(r.id),
    job_id: Number(r.job_id),
    attempt: Number(r.attempt),
    planned_at: new Date(r.planned_at as string),
    started_at: r.started_at ? new Date(r.started_at as string) : null,
    finished_at: r.finished_at ? new Date(r.finished_at as string) : null,
    duration_ms: r.duration_ms === null ? null : Number(r.duration_ms),
    http_status: r.http_status === null ? null : Number(r.http_status),
  }));
}

export const finished = (rs: Rec[]) => rs.filter((r) => r.result !== 'normal');
