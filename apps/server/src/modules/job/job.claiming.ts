import type { Executor } from '../../platform/db.ts';
import type { JobRow } from './job.table.ts';
import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { nextFireTime, type TriggerSpec } from './cron.ts';
import { workDayChecker } from './workday.ts';
import type { JobAlarmEvent } from './alarm.ts';
import { serviceNameOf } from './stream.flow.ts';
import type { EngineContext } from './job.engine.ts';
import type { Recorder } from './job.recording.ts';
import type { Runner } from './job.running.ts';
import type { StreamAdvancer } from './stream.advancing.ts';
import {
  anyJobDue,
  anyLostRun,
  beat,
  claimWaitingRecords,
  failLostRuns,
  forgetGoneInstances,
  insertFires,
  iso,
  loadJobs,
  lockDueJobs,
  lockLostRuns,
  markInstanceStopped,
  redispatchLostRuns,
  unclaimRecords,
  type FireInsert,
  type JobAdvance,
} from './job.repository.ts';

/**
 * Claiming: which process runs which fire. Due job rows are locked with `for update skip locked`;
 * each fire's dispatch record (unique per job and planned time) and the job's next fire time are
 * written in the same transaction, so a fire exists once whatever the number of processes. Fires
 * are claimed up to the look-ahead before their time and handed to the runner, which starts them
 * on time. Waiting records (manual runs, stream steps, lost runs dispatched again) are claimed the
 * same way. Misfires are decided here: a fire later than the misfire threshold runs once now
 * (fireOnce) or is skipped.
 *
 * Leases: the instance's heartbeat is its lease on what it claimed and on the monolithic jobs it
 * owns; the runs of an instance whose lease ran out are recorded as failed, or dispatched again
 * when their job has retries left. "Now" for due times and the horizon is the engine's clock,
 * passed to the queries; lease ages are the database's (see job.repository.ts).
 */

/** A claimed fire: one dispatch record this process is to run. */
export interface Fire {
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

/** Jobs per claim transaction: small, so no single statement holds the (PGlite) event loop for long. */
const CLAIM_BATCH = 100;
const CLAIM_ROUNDS = 20;
/** Fires of one job per claim. */
const PER_JOB_MAX = 50;
/** Waiting records per claim. */
const WAITING_BATCH = 100;
const yieldLoop = () => new Promise<void>((r) => setImmediate(r));

export function specOf(
  job: Pick<JobRow, 'triggerType' | 'cronExpr' | 'intervalSeconds' | 'startTime' | 'endTime' | 'timeZone' | 'skipNonWorkDays'>,
): TriggerSpec {
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

export class Claimer {
  private beatOk = false;
  /** Claims in a row that found nothing (then a cheap probe comes before the transaction). */
  private idleClaims = 0;
  /** Job definitions by id, refreshed when the row's version changes (operators' edits bump it). */
  private readonly defs = new Map<number, JobRow>();

  constructor(
    private readonly ctx: EngineContext,
    private readonly runner: Runner,
    private readonly recorder: Recorder,
    private readonly streams: StreamAdvancer,
  ) {}

  /** The last heartbeat was written: this instance may claim. */
  get leaseHeld(): boolean {
    return this.beatOk;
  }

  // ---- lease -----------------------------------------------------------------------------

  async heartbeat(): Promise<void> {
    try {
      await beat(this.ctx.db, this.ctx.instanceId);
      this.beatOk = true;
    } catch (err) {
      this.beatOk = false;
      this.ctx.log.error({ err }, 'job scheduler heartbeat failed');
    }
  }

  async markStopped(): Promise<void> {
    await markInstanceStopped(this.ctx.db, this.ctx.instanceId);
  }

  async forgetGoneInstances(): Promise<void> {
    await forgetGoneInstances(this.ctx.db);
  }

  /** Records the in-flight runs of instances whose lease ran out as failed, or dispatches them again. */
  async reap(): Promise<void> {
    const { db, instanceId, leaseMs: lease, clock, log } = this.ctx;
    const after: { streamRunId: number | null; alarm: JobAlarmEvent | null }[] = [];
    if (!(await anyLostRun(db, SYSTEM_SCOPE, instanceId, lease))) return;
    await db.transaction(async (tx) => {
      const rows = await lockLostRuns(tx, SYSTEM_SCOPE, instanceId, lease);
      if (!rows.length) return;
      const retry: { id: number; delay: number; note: string }[] = [];
      const fail: { id: number; note: string }[] = [];
      for (const r of rows) {
        const note = r.started
          ? `instance ${r.instanceId} stopped responding (no heartbeat for ${lease} ms) during attempt ${r.attempt + 1}`
          : `instance ${r.instanceId} stopped responding (no heartbeat for ${lease} ms) before starting the run`;
        if (r.retryCount !== null && r.attempt < r.retryCount) retry.push({ id: r.id, delay: r.retryDelaySeconds, note: `${note}; dispatched again` });
        else {
          fail.push({ id: r.id, note: `${note}; recorded as failed` });
          after.push({
            streamRunId: r.streamRunId,
            alarm: r.alarmOnFailure
              ? {
                  orgId: r.orgId,
                  jobId: r.jobId,
                  jobName: r.jobName,
                  jobGroup: r.jobGroup,
                  recordId: r.id,
                  result: 'fail',
                  detail: note,
                  plannedAt: r.plannedAt,
                  instanceId: r.instanceId,
                  attempt: r.attempt,
                }
              : null,
          });
        }
      }
      if (fail.length) await failLostRuns(tx, SYSTEM_SCOPE, fail);
      if (retry.length) await redispatchLostRuns(tx, SYSTEM_SCOPE, retry, new Date(clock.now()));
      log.warn({ failed: fail.length, redispatched: retry.length }, 'job runs of a lost scheduler instance reaped');
    });
    for (const a of after) {
      if (a.alarm) await this.recorder.raiseAlarm(a.alarm);
      if (a.streamRunId) await this.streams.advance(a.streamRunId);
    }
  }

  // ---- due fires -------------------------------------------------------------------------

  async claimDueJobs(): Promise<void> {
    for (let round = 0; round < CLAIM_ROUNDS && !this.ctx.stopping; round++) {
      const claimed = await this.claimDueJobsOnce();
      if (claimed < CLAIM_BATCH) return;
      await yieldLoop(); // let due timers run between batches
    }
  }

  private async claimDueJobsOnce(): Promise<number> {
    const { db, clock, stats, log, instanceId, leaseMs, lookaheadMs, misfireMs } = this.ctx;
    const now = clock.now();
    const cost = performance.now();
    stats.claims++;
    const horizon = new Date(now + lookaheadMs);
    const created: Fire[] = [];
    let jobCount = 0;
    // A cheap look first: most ticks find nothing due, and need no transaction.
    if (this.idleClaims > 0 && !(await anyJobDue(db, SYSTEM_SCOPE, horizon))) return 0;
    await db.transaction(async (tx) => {
      // Only the moving parts are read under the lock; definitions come from the cache.
      const due = await lockDueJobs(tx, SYSTEM_SCOPE, instanceId, leaseMs, horizon, CLAIM_BATCH);
      jobCount = due.length;
      if (!due.length) return;
      const stale = due.filter((r) => this.defs.get(r.id)?.version !== r.version).map((r) => r.id);
      if (stale.length) {
        const full = await loadJobs(tx, SYSTEM_SCOPE, stale);
        if (this.defs.size > 50_000) this.defs.clear();
        for (const f of full) this.defs.set(f.id, f);
      }
      const jobsById = new Map<number, JobRow>();
      for (const r of due) {
        const def = this.defs.get(r.id);
        if (!def) continue;
        jobsById.set(def.id, { ...def, status: 0, nextFireAt: r.nextFireAt, prevFireAt: r.prevFireAt, fireCount: r.fireCount, ownerInstance: r.ownerInstance });
      }
      // Jobs with a run in flight in another process: the blocking strategy is checked when they start.
      const busy = new Set(due.filter((r) => r.busy).map((r) => r.id));
      const inserts: FireInsert[] = [];
      const updates: JobAdvance[] = [];
      for (const job of jobsById.values()) {
        let planned: Date | null = job.nextFireAt;
        let fireCount = job.fireCount;
        let prev = job.prevFireAt;
        const limit = job.repeatCount < 0 ? Infinity : job.repeatCount + 1;
        let n = 0;
        const service = serviceNameOf({
          job_type: job.jobType,
          bean_name: job.beanName,
          executor_ip: job.executorIp,
          executor_host: job.executorHost,
          executor_path: job.executorPath,
        });
        const push = (p: Date, dueAt: Date, detail: string | null) => {
          inserts.push({
            org_id: job.orgId,
            job_id: job.id,
            job_name: job.jobName,
            job_group: job.jobGroup,
            service_name: service,
            call_mode: job.jobType,
            planned_at: p.toISOString(),
            due_at: dueAt.toISOString(),
            detail,
          });
          fireCount++;
          prev = p;
          n++;
        };
        try {
          while (planned && planned.getTime() <= horizon.getTime() && n < PER_JOB_MAX && fireCount < limit) {
            if (planned.getTime() < now - misfireMs) {
              // Missed fires (the scheduler was down or overloaded): never replay them all.
              const threshold = now - misfireMs;
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
                log.warn({ jobId: job.id, missed: counted, since: planned }, 'job fires missed; skipped to the next fire time (misfire policy skip)');
              }
              planned = p;
              continue;
            }
            push(planned, planned, null);
            planned = fireCount < limit ? await nextFireOf(tx, job, planned) : null;
          }
          if (fireCount >= limit) planned = null;
        } catch (err) {
          log.error({ err, jobId: job.id }, 'cannot compute the next fire time; the job stops firing');
          planned = null;
        }
        updates.push({
          id: job.id,
          next: iso(planned),
          prev: iso(prev),
          fire_count: fireCount,
          owner: job.architecture === 'monolithic' ? instanceId : job.ownerInstance,
        });
      }
      // One statement: the fires' records and the jobs' next fire times.
      for (const r of await insertFires(tx, SYSTEM_SCOPE, instanceId, inserts, updates)) {
        const job = jobsById.get(r.jobId)!;
        created.push({
          recordId: r.id,
          job,
          jobId: job.id,
          orgId: job.orgId,
          jobName: job.jobName,
          jobGroup: job.jobGroup,
          plannedAt: r.plannedAt,
          dueAt: r.dueAt,
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
    stats.claimMs += performance.now() - cost;
    stats.claimed += created.length;
    stats.flagged += created.filter((f) => f.flagged).length;
    for (const f of created) this.runner.schedule(f);
    return jobCount;
  }

  // ---- waiting records ---------------------------------------------------------------------

  async claimWaiting(): Promise<void> {
    const { db, clock, instanceId, leaseMs, lookaheadMs } = this.ctx;
    const horizon = new Date(clock.now() + lookaheadMs);
    const rows = await claimWaitingRecords(db, SYSTEM_SCOPE, instanceId, leaseMs, horizon, WAITING_BATCH);
    if (!rows.length) return;
    const jobIds = [...new Set(rows.map((r) => r.jobId).filter((x): x is number => x !== null))];
    const byId = new Map((await loadJobs(db, SYSTEM_SCOPE, jobIds)).map((j) => [j.id, j]));
    const fires = rows.map((r): Fire => {
      const job = r.jobId === null ? null : (byId.get(r.jobId) ?? null);
      return {
        recordId: r.id,
        job,
        jobId: job?.id ?? null,
        orgId: r.orgId,
        jobName: r.jobName,
        jobGroup: r.jobGroup,
        plannedAt: r.plannedAt,
        dueAt: r.dueAt,
        trigger: r.trigger,
        attempt: r.attempt,
        params: r.params === null || r.params === undefined ? (job?.executeData ?? null) : r.params,
        streamRunId: r.streamRunId,
        flagged: true,
      };
    });
    fires.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.recordId - b.recordId);
    for (const f of fires) this.runner.schedule(f);
  }

  /** Un-claims fires given back unstarted on stop (see unclaimRecords). */
  async giveBack(ids: number[]): Promise<void> {
    await unclaimRecords(this.ctx.db, SYSTEM_SCOPE, this.ctx.instanceId, ids);
  }
}
