import os from 'node:os';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../platform/db.ts';
import type { JobRow } from './job.table.ts';
import { nextFireTime, type TriggerSpec } from './cron.ts';
import { workDayChecker } from './workday.ts';
import { abortableSleep, getJobHandler } from './handlers.ts';
import { HttpAllowList, HttpDisabledError, NotAllowedError, callHttp } from './http.executor.ts';
import { LogJobAlarm, currentJobAlarm, type JobAlarm } from './alarm.ts';
import { advanceStreamRun, serviceNameOf, startStreamRun } from './stream.flow.ts';

/**
 * The scheduler engine: one per server process, all of them on one database.
 *
 * Every tick it (1) claims due fires: `select ... for update skip locked` on due job rows,
 * one dispatch record per fire (unique per job and planned time) and the job's next fire
 * time, all in one transaction, so a fire is claimed by exactly one process; (2) claims due
 * stream fires the same way; (3) claims waiting records (manual runs, stream steps, retries of
 * lost runs) with `skip locked`. Fires are claimed a little ahead (the look-ahead) and started
 * by a timer at their planned time, so the delay does not depend on the tick.
 *
 * A claimed record carries the instance id; the instance's heartbeat in sys_job_instance is its
 * lease. When a heartbeat is older than the lease, any survivor records that instance's
 * in-flight runs as failed (or dispatches them again when the job has retries left).
 *
 * Results are written behind, batched: one UPDATE for every run that started or finished since
 * the last write, guarded by `result = 'normal' and instance_id = me`.
 */

export interface SchedulerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SchedulerOptions {
  db: Db;
  config: Config;
  log?: SchedulerLogger;
  alarm?: JobAlarm;
  /** Overrides config.jobs (tests). */
  tickMs?: number;
  leaseMs?: number;
  misfireMs?: number;
  shutdownGraceMs?: number;
  instanceId?: string;
  /** How often due fires are claimed (default: every tick). */
  claimEveryMs?: number;
}

type Result = 'success' | 'complete' | 'fail' | 'error' | 'block';

interface Outcome {
  result: Result;
  detail?: string;
  httpStatus?: number;
  timedOut?: boolean;
}

class TimeoutAbort extends Error {
  constructor(readonly seconds: number) {
    super(`timed out after ${seconds} s; the run was stopped`);
  }
}
class CancelAbort extends Error {
  constructor(readonly byRecord: number | null) {
    super(byRecord ? `cancelled: replaced by a newer run (#${byRecord}) under the cover blocking strategy` : 'cancelled');
  }
}
class StopAbort extends Error {
  constructor() {
    super('the server process stopped while the job was running');
  }
}
class LostAbort extends Error {
  constructor() {
    super('this process lost its lease on the run');
  }
}

interface Fire {
  recordId: number;
  job: JobRow | null;
  jobId: number | null;
  orgId: number;
  jobName: string;
  jobGroup: string;
  plannedAt: Date;
  dueAt: Date;
  trigger: string;
  attempt: number;
  params: unknown;
  streamRunId: number | null;
  /** Another run of the job was in flight in the database when this fire was claimed. */
  flagged: boolean;
}

interface Run {
  fire: Fire;
  state: 'scheduled' | 'waiting' | 'running' | 'done';
  timer?: NodeJS.Timeout;
  controller: AbortController;
  startedAt?: Date;
  promise?: Promise<void>;
  /** Resolves when the run is done (for serial waiters). */
  done: Promise<void>;
  resolveDone: () => void;
}

interface Finish {
  id: number;
  started_at: string | null;
  result: Result | null;
  finished_at: string | null;
  duration_ms: number | null;
  http_status: number | null;
  detail: string | null;
  timed_out: boolean | null;
  attempt: number | null;
}

const DETAIL_MAX = 4000;
/** Jobs per claim transaction: small, so no single statement holds the (PGlite) event loop for long. */
const CLAIM_BATCH = 100;
const CLAIM_ROUNDS = 20;
/** Results per write. */
const FLUSH_BATCH = 100;
const FLUSH_DELAY_MS = 40;
const yieldLoop = () => new Promise<void>((r) => setImmediate(r));
const PER_JOB_MAX = 50;

const schedulers = new WeakMap<Db, JobScheduler>();

/** The scheduler running in this process on this database, if any. */
export function schedulerFor(db: Db): JobScheduler | undefined {
  return schedulers.get(db);
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(v as string));

export function specOf(job: Pick<JobRow, 'triggerType' | 'cronExpr' | 'intervalSeconds' | 'startTime' | 'endTime' | 'timeZone' | 'skipNonWorkDays'>): TriggerSpec {
  return {
    triggerType: job.triggerType,
    cronExpr: job.cronExpr,
    intervalSeconds: Number(job.intervalSeconds),
    startTime: job.startTime,
    endTime: job.endTime,
    timeZone: job.timeZone,
    skipNonWorkDays: job.skipNonWorkDays,
  };
}

/** The job's next fire strictly after `after` (null when it has none left). */
export async function nextFireOf(db: Executor, job: JobRow, after: Date): Promise<Date | null> {
  return nextFireTime(specOf(job), after, job.skipNonWorkDays ? workDayChecker(db, job.orgId) : undefined);
}

/** Maps a raw sys_job row (snake_case, from SQL) to the Drizzle row shape. */
function jobFromRaw(r: Record<string, unknown>): JobRow {
  return {
    id: Number(r.id),
    orgId: Number(r.org_id),
    jobName: r.job_name as string,
    jobGroup: r.job_group as string,
    jobType: r.job_type as string,
    beanName: (r.bean_name as string) ?? null,
    architecture: r.architecture as string,
    triggerType: r.trigger_type as string,
    cronExpr: (r.cron_expr as string) ?? null,
    intervalSeconds: Number(r.interval_seconds),
    repeatCount: Number(r.repeat_count),
    startTime: toDate(r.start_time)!,
    endTime: toDate(r.end_time),
    timeZone: r.time_zone as string,
    skipNonWorkDays: Boolean(r.skip_non_work_days),
    executorPath: (r.executor_path as string) ?? null,
    executorIp: (r.executor_ip as string) ?? null,
    executorHost: r.executor_host === null || r.executor_host === undefined ? null : Number(r.executor_host),
    httpMethod: r.http_method as string,
    executeData: (typeof r.execute_data === 'string' ? safeJson(r.execute_data) : r.execute_data) ?? null,
    recordAnswer: Boolean(r.record_answer),
    description: (r.description as string) ?? null,
    status: Number(r.status),
    misfirePolicy: r.misfire_policy as string,
    blockingStrategy: r.blocking_strategy as string,
    timeoutSeconds: Number(r.timeout_seconds),
    retryCount: Number(r.retry_count),
    retryDelaySeconds: Number(r.retry_delay_seconds),
    alarmOnFailure: Boolean(r.alarm_on_failure),
    prevFireAt: toDate(r.prev_fire_at),
    nextFireAt: toDate(r.next_fire_at),
    fireCount: Number(r.fire_count),
    ownerInstance: (r.owner_instance as string) ?? null,
    createdBy: r.created_by === null || r.created_by === undefined ? null : Number(r.created_by),
    creatorName: (r.creator_name as string) ?? null,
    version: Number(r.version),
    createdAt: toDate(r.created_at)!,
    updatedAt: toDate(r.updated_at)!,
  };
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

const clip = (s: string, n = DETAIL_MAX) => (s.length > n ? s.slice(0, n - 1) + '…' : s);

export class JobScheduler {
  readonly instanceId: string;
  readonly tickMs: number;
  readonly leaseMs: number;
  readonly misfireMs: number;
  readonly lookaheadMs: number;
  readonly heartbeatMs: number;
  readonly claimEveryMs: number;
  private lastClaim = 0;
  private claimAsked = false;
  private readonly db: Db;
  private readonly config: Config;
  private readonly log: SchedulerLogger;
  private readonly alarm: JobAlarm;
  private readonly allow: HttpAllowList;
  private readonly graceMs: number;
  private readonly runs = new Map<number, Run>();
  private readonly fires = new Map<number, Fire>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private running = false;
  private stopping = false;
  private wakeAsked = false;
  private lastBeat = 0;
  private beatOk = false;
  // Write-behind of starts and finishes.
  private pending = new Map<number, Finish>();
  private flushing: Promise<void> | undefined;
  /** Records finished here whose result is not yet written (for blocking checks). */
  private readonly unflushed = new Set<number>();
  /** Counters for benches and diagnostics. */
  readonly stats = { ticks: 0, tickMs: 0, claims: 0, claimMs: 0, claimed: 0, flushes: 0, flushMs: 0, flushed: 0, flagged: 0, remoteChecks: 0 };

  constructor(opts: SchedulerOptions) {
    this.db = opts.db;
    this.config = opts.config;
    this.log = opts.log ?? { info: () => undefined, warn: () => undefined, error: () => undefined };
    this.alarm = opts.alarm ?? currentJobAlarm() ?? new LogJobAlarm(this.log);
    const c = opts.config.jobs;
    this.tickMs = opts.tickMs ?? c.tickMs;
    this.leaseMs = opts.leaseMs ?? c.leaseMs;
    this.misfireMs = opts.misfireMs ?? c.misfireMs;
    this.graceMs = opts.shutdownGraceMs ?? c.shutdownGraceMs;
    this.lookaheadMs = Math.min(1000, Math.max(3 * this.tickMs + 100, 500));
    this.heartbeatMs = Math.max(100, Math.min(2000, Math.floor(this.leaseMs / 4)));
    this.claimEveryMs = opts.claimEveryMs ?? this.tickMs;
    this.allow = new HttpAllowList(c.httpAllow);
    this.instanceId = opts.instanceId ?? `${os.hostname().slice(0, 60)}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Runs in flight here (claimed and not finished). */
  get inFlight(): number {
    return this.runs.size;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    schedulers.set(this.db, this);
    await this.heartbeat();
    this.lastBeat = Date.now();
    this.log.info({ instance: this.instanceId, tickMs: this.tickMs, leaseMs: this.leaseMs }, 'job scheduler started');
    this.loop();
  }

  /** Asks for a tick now (after a manual run or a stream step was queued). */
  wake(): void {
    if (!this.running || this.stopping) return;
    this.claimAsked = true;
    if (this.ticking) {
      this.wakeAsked = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.loop();
  }

  private loop(): void {
    if (!this.running || this.stopping) return;
    const began = Date.now();
    this.ticking = this.tick()
      .catch((err) => this.log.error({ err }, 'job scheduler tick failed'))
      .finally(() => {
        this.ticking = undefined;
        if (!this.running || this.stopping) return;
        const wait = this.wakeAsked ? 0 : Math.max(0, this.tickMs - (Date.now() - began));
        this.wakeAsked = false;
        this.timer = setTimeout(() => this.loop(), wait);
      });
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    this.stats.ticks++;
    try {
      await this.tickBody(now);
    } finally {
      this.stats.tickMs += Date.now() - now;
    }
  }

  private async tickBody(now: number): Promise<void> {
    if (now - this.lastBeat >= this.heartbeatMs) {
      this.lastBeat = now;
      await this.heartbeat();
      await this.reap();
      await this.watchRuns();
      // Instances gone for a day are forgotten.
      if (Math.random() < 0.01) await this.db.execute(sql`delete from sys_job_instance where heartbeat_at < now() - interval '1 day'`);
    }
    if (!this.beatOk) return;
    // Due fires are claimed ahead; claimEveryMs may space the claims out (fewer, larger ones).
    if (this.claimAsked || now - this.lastClaim >= this.claimEveryMs) {
      this.claimAsked = false;
      this.lastClaim = now;
      await this.claimDueJobs();
      await this.claimDueStreams();
    }
    await this.claimWaiting();
    if (this.pending.size) this.kickFlush();
  }

  // ---- lease ---------------------------------------------------------------------------

  private async heartbeat(): Promise<void> {
    try {
      await this.db.execute(sql`insert into sys_job_instance (id, host, pid, started_at, heartbeat_at)
        values (${this.instanceId}, ${os.hostname().slice(0, 200)}, ${process.pid}, now(), now())
        on conflict (id) do update set heartbeat_at = now(), stopped_at = null`);
      this.beatOk = true;
    } catch (err) {
      this.beatOk = false;
      this.log.error({ err }, 'job scheduler heartbeat failed');
    }
  }

  /** Cancellation requests from other processes, and runs this process no longer owns. */
  private async watchRuns(): Promise<void> {
    const ids = [...this.runs.keys()].filter((id) => this.runs.get(id)!.state !== 'done');
    if (!ids.length) return;
    const rows = rowsOf<{ id: number; result: string; instance_id: string | null; cancel_requested: boolean }>(
      await this.db.execute(sql`select id, result, instance_id, cancel_requested from sys_job_log where id = any(${sql.raw(`array[${ids.join(',')}]::bigint[]`)})`),
    );
    for (const r of rows) {
      const run = this.runs.get(Number(r.id));
      if (!run || run.state === 'done') continue;
      if (r.result !== 'normal' || r.instance_id !== this.instanceId) {
        if (!this.unflushed.has(run.fire.recordId)) run.controller.abort(new LostAbort());
      } else if (r.cancel_requested) run.controller.abort(new CancelAbort(null));
    }
  }

  /** Records the in-flight runs of instances whose lease ran out as failed, or dispatches them again. */
  private async reap(): Promise<void> {
    const lease = this.leaseMs;
    const after: { id: number; streamRunId: number | null; alarm: Parameters<JobAlarm['notify']>[0] | null }[] = [];
    const lost = rowsOf(
      await this.db.execute(sql`select 1 from sys_job_log l where l.result = 'normal' and l.instance_id is not null and l.instance_id <> ${this.instanceId}
        and not exists (select 1 from sys_job_instance i where i.id = l.instance_id and i.stopped_at is null
                        and i.heartbeat_at >= now() - make_interval(secs => ${lease / 1000})) limit 1`),
    );
    if (!lost.length) return;
    await this.db.transaction(async (tx) => {
      const rows = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          select l.id, l.org_id, l.job_id, l.job_name, l.job_group, l.attempt, l.instance_id, l.stream_run_id, l.started_at, l.planned_at,
                 j.retry_count, j.retry_delay_seconds, j.alarm_on_failure
          from sys_job_log l left join sys_job j on j.id = l.job_id
          where l.result = 'normal' and l.instance_id is not null and l.instance_id <> ${this.instanceId}
            and not exists (select 1 from sys_job_instance i where i.id = l.instance_id and i.stopped_at is null
                            and i.heartbeat_at >= now() - make_interval(secs => ${lease / 1000}))
          order by l.id limit 500
          for update of l skip locked`),
      );
      if (!rows.length) return;
      const retry: { id: number; delay: number; note: string }[] = [];
      const fail: { id: number; note: string }[] = [];
      for (const r of rows) {
        const attempt = Number(r.attempt);
        const started = r.started_at !== null;
        const note = started
          ? `instance ${r.instance_id} stopped responding (no heartbeat for ${lease} ms) during attempt ${attempt + 1}`
          : `instance ${r.instance_id} stopped responding (no heartbeat for ${lease} ms) before starting the run`;
        if (r.retry_count !== null && attempt < Number(r.retry_count)) retry.push({ id: Number(r.id), delay: Number(r.retry_delay_seconds ?? 0), note: `${note}; dispatched again` });
        else {
          fail.push({ id: Number(r.id), note: `${note}; recorded as failed` });
          after.push({
            id: Number(r.id),
            streamRunId: r.stream_run_id === null ? null : Number(r.stream_run_id),
            alarm:
              r.alarm_on_failure === false
                ? null
                : {
                    orgId: Number(r.org_id),
                    jobId: r.job_id === null ? null : Number(r.job_id),
                    jobName: r.job_name as string,
                    jobGroup: r.job_group as string,
                    recordId: Number(r.id),
                    result: 'fail',
                    detail: note,
                    plannedAt: toDate(r.planned_at)!,
                    instanceId: r.instance_id as string,
                    attempt,
                  },
          });
        }
      }
      if (fail.length) {
        await tx.execute(sql`update sys_job_log l set result = 'fail', finished_at = now(),
            duration_ms = case when l.started_at is null then null else (extract(epoch from (now() - l.started_at)) * 1000)::int end,
            detail = case when l.detail is null then v.note else l.detail || E'\n' || v.note end
          from jsonb_to_recordset(${JSON.stringify(fail)}::jsonb) as v(id bigint, note text) where l.id = v.id`);
      }
      if (retry.length) {
        await tx.execute(sql`update sys_job_log l set instance_id = null, attempt = l.attempt + 1, started_at = null,
            due_at = now() + make_interval(secs => v.delay),
            detail = case when l.detail is null then v.note else l.detail || E'\n' || v.note end
          from jsonb_to_recordset(${JSON.stringify(retry)}::jsonb) as v(id bigint, delay int, note text) where l.id = v.id`);
      }
      this.log.warn({ failed: fail.length, redispatched: retry.length }, 'job runs of a lost scheduler instance reaped');
    });
    for (const a of after) {
      if (a.alarm) await this.raiseAlarm(a.alarm);
      if (a.streamRunId) await this.advance(a.streamRunId);
    }
  }

  // ---- claiming ------------------------------------------------------------------------

  private ownerFree(alias: string): ReturnType<typeof sql> {
    const lease = this.leaseMs / 1000;
    return sql.raw(`(${alias}.architecture = 'distributed' or ${alias}.owner_instance is null or ${alias}.owner_instance = '${this.instanceId.replace(/'/g, "''")}'
      or oi.id is null or oi.stopped_at is not null or oi.heartbeat_at < now() - make_interval(secs => ${lease}))`);
  }

  private async claimDueJobs(): Promise<void> {
    for (let round = 0; round < CLAIM_ROUNDS && !this.stopping; round++) {
      const claimed = await this.claimDueJobsOnce();
      if (claimed < CLAIM_BATCH) return;
      await yieldLoop(); // let due timers run between batches
    }
  }

  /** Claims in a row that found nothing (then a cheap probe comes before the transaction). */
  private idleClaims = 0;
  /** Job definitions by id, refreshed when the row's version changes (operators' edits bump it). */
  private readonly defs = new Map<number, JobRow>();

  private async claimDueJobsOnce(): Promise<number> {
    const now = Date.now();
    this.stats.claims++;
    const horizon = new Date(now + this.lookaheadMs);
    const created: Fire[] = [];
    let jobCount = 0;
    // A cheap look first: most ticks find nothing due, and need no transaction.
    if (this.idleClaims > 0) {
      const due = rowsOf(await this.db.execute(sql`select 1 from sys_job where status = 0 and next_fire_at is not null and next_fire_at <= ${horizon.toISOString()} limit 1`));
      if (!due.length) return 0;
    }
    await this.db.transaction(async (tx) => {
      // Only the moving parts are read under the lock; definitions come from the cache.
      const raw = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          select j.id, j.version, j.next_fire_at, j.prev_fire_at, j.fire_count, j.owner_instance,
            exists (select 1 from sys_job_log l where l.job_id = j.id and l.result = 'normal'
                    and l.instance_id is not null and l.instance_id <> ${this.instanceId}) as busy
          from sys_job j left join sys_job_instance oi on oi.id = j.owner_instance
          where j.status = 0 and j.next_fire_at is not null and j.next_fire_at <= ${horizon.toISOString()}
            and ${this.ownerFree('j')}
          order by j.next_fire_at limit ${CLAIM_BATCH}
          for update of j skip locked`),
      );
      jobCount = raw.length;
      if (!raw.length) return;
      const stale = raw.filter((r) => this.defs.get(Number(r.id))?.version !== Number(r.version)).map((r) => Number(r.id));
      if (stale.length) {
        const full = rowsOf<Record<string, unknown>>(await tx.execute(sql`select * from sys_job where id = any(${sql.raw(`array[${stale.join(',')}]::bigint[]`)})`));
        if (this.defs.size > 50_000) this.defs.clear();
        for (const f of full) this.defs.set(Number(f.id), jobFromRaw(f));
      }
      const jobsById = new Map<number, JobRow>();
      for (const r of raw) {
        const def = this.defs.get(Number(r.id));
        if (!def) continue;
        jobsById.set(def.id, { ...def, status: 0, nextFireAt: toDate(r.next_fire_at), prevFireAt: toDate(r.prev_fire_at), fireCount: Number(r.fire_count), ownerInstance: (r.owner_instance as string) ?? null });
      }
      // Jobs with a run in flight in another process: the blocking strategy is checked when they start.
      const busy = new Set(raw.filter((r) => r.busy === true || r.busy === 't').map((r) => Number(r.id)));
      const inserts: Record<string, unknown>[] = [];
      const updates: Record<string, unknown>[] = [];
      for (const job of jobsById.values()) {
        let planned: Date | null = job.nextFireAt;
        let fireCount = job.fireCount;
        let prev = job.prevFireAt;
        const limit = job.repeatCount < 0 ? Infinity : job.repeatCount + 1;
        let n = 0;
        const service = serviceNameOf({ job_type: job.jobType, bean_name: job.beanName, executor_ip: job.executorIp, executor_host: job.executorHost, executor_path: job.executorPath });
        const push = (p: Date, due: Date, detail: string | null) => {
          inserts.push({ org_id: job.orgId, job_id: job.id, job_name: job.jobName, job_group: job.jobGroup, service_name: service, call_mode: job.jobType, planned_at: p.toISOString(), due_at: due.toISOString(), detail });
          fireCount++;
          prev = p;
          n++;
        };
        try {
          while (planned && planned.getTime() <= horizon.getTime() && n < PER_JOB_MAX && fireCount < limit) {
            if (planned.getTime() < now - this.misfireMs) {
              // Missed fires (the scheduler was down or overloaded): never replay them all.
              const threshold = now - this.misfireMs;
              let missed = 0;
              let last = planned;
              let p: Date | null = planned;
              while (p && p.getTime() < threshold && missed < 10_000) {
                missed++;
                last = p;
                p = await nextFireOf(tx, job, p);
              }
              let counted = String(missed);
              if (p && p.getTime() < threshold) {
                // Too many to count one by one: jump to the first fire after the threshold.
                counted = `more than ${missed}`;
                p = await nextFireOf(tx, job, new Date(threshold));
              }
              if (job.misfirePolicy === 'fireOnce') {
                push(last, new Date(now), `misfire: ${counted} fire(s) missed since ${planned.toISOString()}; fired once now (misfire policy fireOnce)`);
              } else {
                this.log.warn({ jobId: job.id, missed: counted, since: planned }, 'job fires missed; skipped to the next fire time (misfire policy skip)');
              }
              planned = p;
              continue;
            }
            push(planned, planned, null);
            planned = fireCount < limit ? await nextFireOf(tx, job, planned) : null;
          }
          if (fireCount >= limit) planned = null;
        } catch (err) {
          this.log.error({ err, jobId: job.id }, 'cannot compute the next fire time; the job stops firing');
          planned = null;
        }
        updates.push({ id: job.id, next: iso(planned), prev: iso(prev), fire_count: fireCount, owner: job.architecture === 'monolithic' ? this.instanceId : job.ownerInstance });
      }
      // One statement: the fires' records and the jobs' next fire times.
      const inserted = rowsOf<{ id: number; job_id: number; planned_at: Date | string; due_at: Date | string }>(
        await tx.execute(sql`
          with ins as (
            insert into sys_job_log (org_id, job_id, job_name, job_group, trigger, manual, service_name, call_mode, planned_at, due_at, instance_id, detail)
            select v.org_id, v.job_id, v.job_name, v.job_group, 'schedule', false, v.service_name, v.call_mode, v.planned_at, v.due_at, ${this.instanceId}, v.detail
            from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
              as v(org_id bigint, job_id bigint, job_name text, job_group text, service_name text, call_mode text, planned_at timestamptz, due_at timestamptz, detail text)
            on conflict (job_id, planned_at) where trigger = 'schedule' do nothing
            returning id, job_id, planned_at, due_at),
          upd as (
            update sys_job j set next_fire_at = v.next, prev_fire_at = v.prev, fire_count = v.fire_count, owner_instance = v.owner
            from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id bigint, next timestamptz, prev timestamptz, fire_count bigint, owner text)
            where j.id = v.id
            returning 1)
          select * from ins`),
      );
      for (const r of inserted) {
        const job = jobsById.get(Number(r.job_id))!;
        created.push({
          recordId: Number(r.id),
          job,
          jobId: job.id,
          orgId: job.orgId,
          jobName: job.jobName,
          jobGroup: job.jobGroup,
          plannedAt: toDate(r.planned_at)!,
          dueAt: toDate(r.due_at)!,
          trigger: 'schedule',
          attempt: 0,
          params: job.executeData,
          streamRunId: null,
          flagged: busy.has(job.id),
        });
      }
    });
    created.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.recordId - b.recordId);
    this.idleClaims = jobCount ? 0 : this.idleClaims + 1;
    this.stats.claimMs += Date.now() - now;
    this.stats.claimed += created.length;
    this.stats.flagged += created.filter((f) => f.flagged).length;
    for (const f of created) this.schedule(f);
    return jobCount;
  }

  private async claimDueStreams(): Promise<void> {
    const now = Date.now();
    let started = 0;
    const due = rowsOf(await this.db.execute(sql`select 1 from sys_job_stream where status = 0 and next_fire_at is not null and next_fire_at <= ${new Date(now).toISOString()} limit 1`));
    if (!due.length) return;
    await this.db.transaction(async (tx) => {
      const rows = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`select * from sys_job_stream where status = 0 and next_fire_at is not null and next_fire_at <= ${new Date(now).toISOString()}
          order by next_fire_at limit 50 for update skip locked`),
      );
      for (const r of rows) {
        const planned = toDate(r.next_fire_at)!;
        const tz = r.time_zone as string;
        const spec: TriggerSpec = { triggerType: 'cron', cronExpr: r.cron_expr as string, intervalSeconds: 0, startTime: new Date(0), timeZone: tz };
        let next: Date | null = null;
        try {
          next = await nextFireTime(spec, new Date(Math.max(now, planned.getTime())));
        } catch (err) {
          this.log.error({ err, streamId: r.id }, 'cannot compute the next stream fire');
        }
        const stream = {
          id: Number(r.id),
          orgId: Number(r.org_id),
          name: r.name as string,
          nodes: (typeof r.nodes === 'string' ? JSON.parse(r.nodes) : r.nodes) as never,
          edges: (typeof r.edges === 'string' ? JSON.parse(r.edges) : r.edges) as never,
        };
        // A stream fire missed by more than the misfire threshold runs once, now.
        const runId = await startStreamRun(tx, stream, { trigger: 'schedule', plannedAt: planned, createdBy: null });
        if (runId) started++;
        await tx.execute(sql`update sys_job_stream set next_fire_at = ${iso(next)}, prev_fire_at = ${planned.toISOString()} where id = ${stream.id}`);
      }
    });
    if (started) this.wakeAsked = true;
  }

  private async claimWaiting(): Promise<void> {
    const horizon = new Date(Date.now() + this.lookaheadMs);
    const rows = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`
        update sys_job_log l set instance_id = ${this.instanceId}
        where l.id in (
          select p.id from sys_job_log p
            left join sys_job j on j.id = p.job_id
            left join sys_job_instance oi on oi.id = j.owner_instance
          where p.result = 'normal' and p.instance_id is null and p.due_at <= ${horizon.toISOString()}
            and (j.id is null or ${this.ownerFree('j')})
          order by p.due_at limit 100
          for update of p skip locked)
          and l.result = 'normal' and l.instance_id is null
        returning l.id, l.org_id, l.job_id, l.job_name, l.job_group, l.trigger, l.planned_at, l.due_at, l.attempt, l.params, l.stream_run_id`),
    );
    if (!rows.length) return;
    const jobIds = [...new Set(rows.map((r) => r.job_id).filter((x) => x !== null).map(Number))];
    const jobs = jobIds.length
      ? rowsOf<Record<string, unknown>>(await this.db.execute(sql`select * from sys_job where id = any(${sql.raw(`array[${jobIds.join(',')}]::bigint[]`)})`)).map(jobFromRaw)
      : [];
    const byId = new Map(jobs.map((j) => [j.id, j]));
    const fires = rows.map((r): Fire => {
      const job = r.job_id === null ? null : (byId.get(Number(r.job_id)) ?? null);
      const params = typeof r.params === 'string' ? safeJson(r.params) : r.params;
      return {
        recordId: Number(r.id),
        job,
        jobId: job?.id ?? null,
        orgId: Number(r.org_id),
        jobName: r.job_name as string,
        jobGroup: r.job_group as string,
        plannedAt: toDate(r.planned_at)!,
        dueAt: toDate(r.due_at)!,
        trigger: r.trigger as string,
        attempt: Number(r.attempt),
        params: params === null || params === undefined ? (job?.executeData ?? null) : params,
        streamRunId: r.stream_run_id === null ? null : Number(r.stream_run_id),
        flagged: true,
      };
    });
    fires.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.recordId - b.recordId);
    for (const f of fires) this.schedule(f);
  }

  // ---- running -------------------------------------------------------------------------

  private schedule(fire: Fire): void {
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const run: Run = { fire, state: 'scheduled', controller: new AbortController(), done, resolveDone };
    this.runs.set(fire.recordId, run);
    this.fires.set(fire.recordId, fire);
    const delay = fire.dueAt.getTime() - Date.now();
    const go = () => {
      run.timer = undefined;
      run.promise = this.execute(run).catch((err) => this.log.error({ err, recordId: fire.recordId }, 'job run crashed'));
    };
    if (delay > 0) run.timer = setTimeout(go, delay);
    else go();
  }

  /** Other runs of the same job that are still in flight and came before this one. */
  private async earlierRuns(run: Run): Promise<{ local: Run[]; remote: number[] }> {
    const jobId = run.fire.jobId;
    if (jobId === null) return { local: [], remote: [] };
    // Only runs claimed before this one count (record ids grow in claim order), so two runs never wait for each other.
    const local = [...this.runs.values()].filter((r) => r.fire.recordId < run.fire.recordId && r.fire.jobId === jobId && (r.state === 'running' || r.state === 'waiting'));
    let remote: number[] = [];
    if (run.fire.flagged) {
      this.stats.remoteChecks++;
      remote = rowsOf<{ id: number }>(
        await this.db.execute(sql`select id from sys_job_log where job_id = ${jobId} and result = 'normal' and id < ${run.fire.recordId}
          and instance_id is not null and instance_id <> ${this.instanceId}`),
      ).map((r) => Number(r.id));
    }
    return { local, remote };
  }

  private async execute(run: Run): Promise<void> {
    const fire = run.fire;
    const job = fire.job;
    if (this.stopping) return; // released by stop()
    if (!job) return this.finish(run, { result: 'error', detail: 'the job no longer exists' }, fire.attempt);
    run.state = 'waiting';
    try {
      const { local, remote } = await this.earlierRuns(run);
      if (local.length || remote.length) {
        const ids = [...local.map((r) => r.fire.recordId), ...remote];
        if (job.blockingStrategy === 'discard') {
          return this.finish(run, { result: 'block', detail: `discarded: the previous run (#${ids[0]}) is still running (blocking strategy discard)` }, fire.attempt);
        }
        if (job.blockingStrategy === 'cover') {
          for (const r of local) r.controller.abort(new CancelAbort(fire.recordId));
          if (remote.length) await this.db.execute(sql`update sys_job_log set cancel_requested = true where id = any(${sql.raw(`array[${remote.join(',')}]::bigint[]`)}) and result = 'normal'`);
        } else {
          // serial: wait for the earlier runs, here or in other processes.
          await Promise.all(local.map((r) => r.done));
          let left = remote;
          while (left.length) {
            await abortableSleep(Math.max(50, this.tickMs), run.controller.signal);
            left = rowsOf<{ id: number }>(
              await this.db.execute(sql`select id from sys_job_log where id = any(${sql.raw(`array[${left.join(',')}]::bigint[]`)}) and result = 'normal'`),
            ).map((r) => Number(r.id));
          }
        }
      }
    } catch (err) {
      if (err instanceof StopAbort) return this.release(run);
      return this.finish(run, this.classify(err, job), fire.attempt);
    }
    if (run.controller.signal.aborted) {
      const reason = run.controller.signal.reason;
      if (reason instanceof StopAbort) return this.release(run);
      return this.finish(run, this.classify(reason, job), fire.attempt);
    }
    run.state = 'running';
    run.startedAt = new Date();
    this.queueWrite({ id: fire.recordId, started_at: run.startedAt.toISOString() });
    let attempt = fire.attempt;
    const notes: string[] = [];
    let outcome: Outcome;
    for (;;) {
      outcome = await this.attempt(run, job, attempt);
      const retryable = outcome.result === 'fail' && !(run.controller.signal.reason instanceof CancelAbort) && !(run.controller.signal.reason instanceof StopAbort) && !(run.controller.signal.reason instanceof LostAbort);
      if (retryable && attempt < job.retryCount && !this.stopping) {
        notes.push(`attempt ${attempt + 1}: ${outcome.detail ?? outcome.result}`);
        attempt++;
        try {
          await abortableSleep(job.retryDelaySeconds * 1000, run.controller.signal);
        } catch (err) {
          outcome = this.classify(err, job);
          break;
        }
        continue;
      }
      break;
    }
    if (notes.length) outcome.detail = [...notes, `attempt ${attempt + 1}: ${outcome.detail ?? outcome.result}`].join('\n');
    this.finish(run, outcome, attempt);
  }

  private async attempt(run: Run, job: JobRow, attempt: number): Promise<Outcome> {
    const fire = run.fire;
    // A fresh controller per attempt: the time-out covers one attempt. Cancel/stop/lost abort it too.
    const ac = new AbortController();
    const outer = run.controller.signal;
    const onOuter = () => ac.abort(outer.reason);
    if (outer.aborted) ac.abort(outer.reason);
    else outer.addEventListener('abort', onOuter, { once: true });
    const timer = job.timeoutSeconds > 0 ? setTimeout(() => ac.abort(new TimeoutAbort(job.timeoutSeconds)), job.timeoutSeconds * 1000) : undefined;
    const aborted = new Promise<never>((_, reject) => {
      if (ac.signal.aborted) reject(ac.signal.reason);
      ac.signal.addEventListener('abort', () => reject(ac.signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    try {
      return await Promise.race([this.invoke(job, fire, attempt, ac.signal), aborted]);
    } catch (err) {
      return this.classify(err, job);
    } finally {
      if (timer) clearTimeout(timer);
      outer.removeEventListener('abort', onOuter);
    }
  }

  private async invoke(job: JobRow, fire: Fire, attempt: number, signal: AbortSignal): Promise<Outcome> {
    if (job.jobType === 'bean') {
      const handler = getJobHandler(job.beanName);
      if (!handler) return { result: 'error', detail: `no job handler is registered as ${job.beanName}` };
      const out = await handler.run({ db: this.db, config: this.config, params: fire.params, signal, orgId: fire.orgId, jobId: fire.jobId, recordId: fire.recordId, attempt });
      if (typeof out === 'string') return { result: 'success', detail: out };
      return { result: out?.result ?? 'success', detail: out?.detail };
    }
    // The allow-list is checked again here, on the addresses actually connected to.
    const ans = await callHttp(this.allow, {
      host: job.executorIp ?? '',
      port: job.executorHost ?? 80,
      path: job.executorPath ?? '/',
      method: job.httpMethod === 'GET' ? 'GET' : 'POST',
      data: fire.params,
      signal,
      keepAnswer: job.recordAnswer,
      headers: {
        'x-job-id': String(job.id),
        'x-job-record-id': String(fire.recordId),
        'x-job-planned-at': fire.plannedAt.toISOString(),
        'x-job-attempt': String(attempt),
        'x-job-trigger': fire.trigger,
      },
    });
    const text = `HTTP ${ans.status}${ans.bodyStart ? `: ${ans.bodyStart.slice(0, 1000)}` : ''}`;
    if (ans.status === 202) return { result: 'complete', httpStatus: ans.status, detail: text };
    if (ans.status >= 200 && ans.status < 300) return { result: 'success', httpStatus: ans.status, detail: text };
    return { result: 'fail', httpStatus: ans.status, detail: text };
  }

  private classify(err: unknown, job: JobRow | null): Outcome {
    if (err instanceof TimeoutAbort) return { result: 'fail', timedOut: true, detail: err.message };
    if (err instanceof CancelAbort) return { result: 'block', detail: err.message };
    if (err instanceof StopAbort || err instanceof LostAbort) return { result: 'fail', detail: err.message };
    if (err instanceof HttpDisabledError) return { result: 'error', detail: err.message };
    if (err instanceof NotAllowedError) return { result: 'error', detail: `executor address ${err.host} is not allowed by JOB_HTTP_ALLOW` };
    const e = err as { name?: string; message?: string; code?: string };
    const text = e?.message ? `${e.code ? e.code + ': ' : ''}${e.message}` : String(err);
    return { result: 'fail', detail: job?.jobType === 'http' ? `request failed: ${text}` : `error: ${text}` };
  }

  private finish(run: Run, outcome: Outcome, attempt: number): void {
    if (run.state === 'done') return;
    run.state = 'done';
    const fire = run.fire;
    this.runs.delete(fire.recordId);
    run.resolveDone();
    const finishedAt = new Date();
    this.unflushed.add(fire.recordId);
    this.queueWrite({
      id: fire.recordId,
      result: outcome.result,
      finished_at: finishedAt.toISOString(),
      duration_ms: run.startedAt ? finishedAt.getTime() - run.startedAt.getTime() : null,
      http_status: outcome.httpStatus ?? null,
      detail: outcome.detail ? clip(outcome.detail) : null,
      timed_out: outcome.timedOut ?? false,
      attempt,
    });
  }

  /** Gives a claimed fire that has not started back to the other schedulers (on stop). */
  private release(run: Run): void {
    if (run.state === 'done') return;
    run.state = 'done';
    this.runs.delete(run.fire.recordId);
    this.fires.delete(run.fire.recordId);
    run.resolveDone();
    this.releaseIds.push(run.fire.recordId);
  }
  private releaseIds: number[] = [];

  // ---- write-behind --------------------------------------------------------------------

  private queueWrite(w: Partial<Finish> & { id: number }): void {
    const cur = this.pending.get(w.id);
    const base: Finish = cur ?? { id: w.id, started_at: null, result: null, finished_at: null, duration_ms: null, http_status: null, detail: null, timed_out: null, attempt: null };
    for (const [k, v] of Object.entries(w)) if (v !== undefined) (base as unknown as Record<string, unknown>)[k] = v;
    this.pending.set(w.id, base);
    this.kickFlush();
  }

  /** Writes soon, not at once: results arriving within FLUSH_DELAY_MS share one statement. */
  private kickFlush(): void {
    if (this.flushing) return; // the write in progress looks again when it ends
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = undefined;
        this.startFlush();
      }, FLUSH_DELAY_MS);
    }
  }
  private flushTimer: NodeJS.Timeout | undefined;

  private startFlush(): void {
    if (this.flushing) return;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushing = (async () => {
      try {
        do {
          await this.flushOnce();
          // A full batch waiting goes at once; a few results wait a moment for company.
        } while (this.pending.size >= FLUSH_BATCH);
      } finally {
        this.flushing = undefined;
        if (this.pending.size) this.kickFlush();
      }
    })();
  }

  private async flushOnce(): Promise<void> {
    if (!this.pending.size) return;
    const all = [...this.pending.values()];
    const batch = all.slice(0, FLUSH_BATCH);
    this.pending = new Map(all.slice(FLUSH_BATCH).map((w) => [w.id, w]));
    const began = Date.now();
    this.stats.flushes++;
    this.stats.flushed += batch.length;
    let rows: { id: number; result: string; stream_run_id: number | null }[];
    try {
      rows = rowsOf(
        await this.db.execute(sql`
          update sys_job_log l set
            started_at = coalesce(v.started_at, l.started_at),
            result = coalesce(v.result, l.result),
            finished_at = coalesce(v.finished_at, l.finished_at),
            duration_ms = coalesce(v.duration_ms, l.duration_ms),
            http_status = coalesce(v.http_status, l.http_status),
            detail = case when v.detail is null then l.detail when l.detail is null then v.detail else l.detail || E'\n' || v.detail end,
            timed_out = coalesce(v.timed_out, l.timed_out),
            attempt = coalesce(v.attempt, l.attempt)
          from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
            as v(id bigint, started_at timestamptz, result text, finished_at timestamptz, duration_ms int, http_status int, detail text, timed_out boolean, attempt int)
          where l.id = v.id and l.result = 'normal' and l.instance_id = ${this.instanceId}
          returning l.id, l.result, l.stream_run_id`),
      );
    } catch (err) {
      // Keep the writes for the next try (a newer write for the same record wins).
      for (const w of batch) if (!this.pending.has(w.id)) this.pending.set(w.id, w);
      this.log.error({ err }, 'writing job results failed; will retry');
      await new Promise((r) => setTimeout(r, 200));
      return;
    }
    this.stats.flushMs += Date.now() - began;
    const applied = new Set(rows.map((r) => Number(r.id)));
    for (const w of batch) {
      if (!w.result) continue;
      this.unflushed.delete(w.id);
      const fire = this.fires.get(w.id);
      this.fires.delete(w.id);
      if (!applied.has(w.id)) {
        this.log.warn({ recordId: w.id, result: w.result }, 'job result not recorded: the run was taken over after this process lost its lease');
        continue;
      }
      if (fire && (w.result === 'fail' || w.result === 'error') && (fire.job?.alarmOnFailure ?? true)) {
        await this.raiseAlarm({
          orgId: fire.orgId,
          jobId: fire.jobId,
          jobName: fire.jobName,
          jobGroup: fire.jobGroup,
          recordId: w.id,
          result: w.result,
          detail: w.detail,
          plannedAt: fire.plannedAt,
          instanceId: this.instanceId,
          attempt: w.attempt ?? 0,
        });
      }
    }
    for (const r of rows) if (r.stream_run_id !== null && r.result !== 'normal') await this.advance(Number(r.stream_run_id));
  }

  private async raiseAlarm(e: Parameters<JobAlarm['notify']>[0]): Promise<void> {
    try {
      await this.alarm.notify(e);
    } catch (err) {
      this.log.error({ err }, 'job alarm failed');
    }
  }

  private async advance(runId: number): Promise<void> {
    try {
      const n = await advanceStreamRun(this.db, runId);
      if (n) this.wake();
    } catch (err) {
      this.log.error({ err, runId }, 'advancing a job stream run failed');
    }
  }

  /** Waits until every queued result is written. */
  async drain(): Promise<void> {
    for (let i = 0; i < 100 && (this.pending.size || this.flushing); i++) {
      if (!this.flushing) this.startFlush();
      await this.flushing;
    }
  }

  /**
   * Stops claiming, gives not-yet-started fires back, lets running ones finish within the
   * grace period, stops the rest (recorded as failed: the server stopped), writes every result
   * and marks the instance stopped so others take over its monolithic jobs at once.
   */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.ticking;
    for (const run of [...this.runs.values()]) {
      if (run.state === 'scheduled') {
        if (run.timer) clearTimeout(run.timer);
        this.release(run);
      } else if (run.state === 'waiting') run.controller.abort(new StopAbort());
    }
    const busy = () => [...this.runs.values()].filter((r) => r.state !== 'done');
    if (busy().length) {
      const deadline = Date.now() + this.graceMs;
      while (busy().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const run of busy()) run.controller.abort(new StopAbort());
      await Promise.all(busy().map((r) => r.promise));
    }
    try {
      await this.drain();
      if (this.releaseIds.length) {
        const ids = sql.raw(`array[${this.releaseIds.join(',')}]::bigint[]`);
        // Scheduled fires claimed ahead and not started are un-claimed, as if never claimed: the job's
        // next fire goes back to them, so after a restart the misfire policy decides about them.
        await this.db.execute(sql`
          with gone as (
            delete from sys_job_log where id = any(${ids}) and result = 'normal' and instance_id = ${this.instanceId}
              and trigger = 'schedule' and attempt = 0 and started_at is null
            returning job_id, planned_at)
          update sys_job j set
            next_fire_at = case when j.status <> 0 then null when j.next_fire_at is null or g.first < j.next_fire_at then g.first else j.next_fire_at end,
            fire_count = greatest(0, j.fire_count - g.n)
          from (select job_id, min(planned_at) as first, count(*)::int as n from gone group by job_id) g
          where j.id = g.job_id`);
        // Others (manual runs, stream steps, retries) go back to the waiting queue for any scheduler.
        await this.db.execute(sql`update sys_job_log set instance_id = null, detail = coalesce(detail || E'\n', '') || ${`released by stopping instance ${this.instanceId}`}
          where id = any(${ids}) and result = 'normal' and instance_id = ${this.instanceId}`);
        this.releaseIds = [];
      }
      await this.db.execute(sql`update sys_job_instance set stopped_at = now() where id = ${this.instanceId}`);
    } catch (err) {
      this.log.error({ err }, 'job scheduler could not record its stop');
    }
    this.running = false;
    if (schedulers.get(this.db) === this) schedulers.delete(this.db);
    this.log.info({ instance: this.instanceId }, 'job scheduler stopped');
  }
}
