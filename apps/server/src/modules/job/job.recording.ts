import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { sleepOn, type ClockTimer } from '../../platform/clock.ts';
import type { JobAlarm, JobAlarmEvent } from './alarm.ts';
import type { Fire } from './job.claiming.ts';
import type { EngineContext } from './job.engine.ts';
import { writeResults, type ResultWrite } from './job.repository.ts';

/**
 * Recording: what the dispatch records say about the runs of this process. Starts and ends are
 * written behind, batched: one UPDATE for every run that started or ended since the last write
 * (results arriving within FLUSH_DELAY_MS share one statement, at most FLUSH_BATCH rows), guarded
 * by `result = 'normal' and instance_id = me` so a process that lost its lease cannot overwrite
 * what a survivor recorded. A run that ends `fail` or `error` raises the alarm once its result is
 * written; a stream step's end moves its run on.
 */

export type Result = 'success' | 'complete' | 'fail' | 'error' | 'block';

export interface Outcome {
  result: Result;
  detail?: string;
  httpStatus?: number;
  timedOut?: boolean;
}

const DETAIL_MAX = 4000;
/** Results per write. */
const FLUSH_BATCH = 100;
const FLUSH_DELAY_MS = 40;
/** After a failed write, the next try waits this long. */
const RETRY_MS = 200;

const clip = (s: string, n = DETAIL_MAX) => (s.length > n ? s.slice(0, n - 1) + '…' : s);

export class Recorder {
  private pending = new Map<number, ResultWrite>();
  private flushing: Promise<void> | undefined;
  private flushTimer: ClockTimer | undefined;
  private failed = false;
  /** Records ended here whose result is not yet written (for blocking and lease checks). */
  private readonly unwritten = new Set<number>();
  /** Claimed fires by record id (names and alarm setting for the alarm). */
  private readonly fires = new Map<number, Fire>();

  constructor(
    private readonly ctx: EngineContext,
    private readonly alarm: JobAlarm,
    /** Called when a stream step's result is written. */
    private readonly stepEnded: (streamRunId: number) => Promise<void>,
  ) {}

  /** Remembers a claimed fire until its result is written. */
  claimed(fire: Fire): void {
    this.fires.set(fire.recordId, fire);
  }

  /** Forgets a fire given back unstarted. */
  released(recordId: number): void {
    this.fires.delete(recordId);
  }

  started(recordId: number, at: Date): void {
    this.queue({ id: recordId, started_at: at.toISOString() });
  }

  ended(recordId: number, outcome: Outcome, attempt: number, startedAt: Date | undefined, at: Date): void {
    this.unwritten.add(recordId);
    this.queue({
      id: recordId,
      result: outcome.result,
      finished_at: at.toISOString(),
      duration_ms: startedAt ? at.getTime() - startedAt.getTime() : null,
      http_status: outcome.httpStatus ?? null,
      detail: outcome.detail ? clip(outcome.detail) : null,
      timed_out: outcome.timedOut ?? false,
      attempt,
    });
  }

  /** The run ended here and its result is not written yet. */
  isUnwritten(recordId: number): boolean {
    return this.unwritten.has(recordId);
  }

  get hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** The write in progress, if any. */
  get writing(): Promise<void> | undefined {
    return this.flushing;
  }

  private queue(w: Partial<ResultWrite> & { id: number }): void {
    const cur = this.pending.get(w.id);
    const base: ResultWrite = cur ?? {
      id: w.id,
      started_at: null,
      result: null,
      finished_at: null,
      duration_ms: null,
      http_status: null,
      detail: null,
      timed_out: null,
      attempt: null,
    };
    for (const [k, v] of Object.entries(w)) if (v !== undefined) (base as unknown as Record<string, unknown>)[k] = v;
    this.pending.set(w.id, base);
    this.kick();
  }

  /** Writes soon, not at once: results arriving within the delay share one statement. */
  kick(delayMs = FLUSH_DELAY_MS): void {
    if (this.flushing) return; // the write in progress looks again when it ends
    if (!this.flushTimer) {
      this.flushTimer = this.ctx.clock.setTimeout(() => {
        this.flushTimer = undefined;
        this.startFlush();
      }, delayMs);
    }
  }

  private startFlush(): void {
    if (this.flushing) return;
    this.ctx.clock.clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushing = (async () => {
      let ok = true;
      try {
        do {
          ok = await this.flushOnce();
          // A full batch waiting goes at once; a few results wait a moment for company.
        } while (ok && this.pending.size >= FLUSH_BATCH);
      } finally {
        this.flushing = undefined;
        this.failed = !ok;
        if (this.pending.size) this.kick(ok ? FLUSH_DELAY_MS : RETRY_MS + FLUSH_DELAY_MS);
      }
    })();
  }

  /** One write; false when it failed (the writes are kept for the next try). */
  private async flushOnce(): Promise<boolean> {
    if (!this.pending.size) return true;
    const { db, instanceId, stats, log } = this.ctx;
    const all = [...this.pending.values()];
    const batch = all.slice(0, FLUSH_BATCH);
    this.pending = new Map(all.slice(FLUSH_BATCH).map((w) => [w.id, w]));
    const cost = performance.now();
    stats.flushes++;
    stats.flushed += batch.length;
    let rows: Awaited<ReturnType<typeof writeResults>>;
    try {
      rows = await writeResults(db, SYSTEM_SCOPE, instanceId, batch);
    } catch (err) {
      // Keep the writes for the next try (a newer write for the same record wins).
      for (const w of batch) if (!this.pending.has(w.id)) this.pending.set(w.id, w);
      log.error({ err }, 'writing job results failed; will retry');
      return false;
    }
    stats.flushMs += performance.now() - cost;
    const applied = new Set(rows.map((r) => r.id));
    for (const w of batch) {
      if (!w.result) continue;
      this.unwritten.delete(w.id);
      const fire = this.fires.get(w.id);
      this.fires.delete(w.id);
      if (!applied.has(w.id)) {
        log.warn({ recordId: w.id, result: w.result }, 'job result not recorded: the run was taken over after this process lost its lease');
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
          instanceId,
          attempt: w.attempt ?? 0,
        });
      }
    }
    for (const r of rows) if (r.streamRunId !== null && r.result !== 'normal') await this.stepEnded(r.streamRunId);
    return true;
  }

  async raiseAlarm(e: JobAlarmEvent): Promise<void> {
    try {
      await this.alarm.notify(e);
    } catch (err) {
      this.ctx.log.error({ err }, 'job alarm failed');
    }
  }

  /** Waits until every queued result is written (a failed write is tried again after RETRY_MS, up to 100 times). */
  async drain(): Promise<void> {
    for (let i = 0; i < 100 && (this.pending.size || this.flushing); i++) {
      if (!this.flushing) this.startFlush();
      await this.flushing;
      if (this.failed && this.pending.size) await sleepOn(this.ctx.clock, RETRY_MS);
    }
  }
}
