import { errorMessage } from '../../platform/db.ts';
import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { sleepOn, type ClockTimer } from '../../platform/clock.ts';
import type { JobRow } from './job.table.ts';
import { getJobHandler } from './handlers.ts';
import { HttpDisabledError, NotAllowedError, callHttp, type HttpAllowList } from './http.executor.ts';
import type { Fire } from './job.claiming.ts';
import type { EngineContext } from './job.engine.ts';
import type { Outcome, Recorder } from './job.recording.ts';
import { earlierRemoteRuns, requestCancel, runStates, stillRunning } from './job.repository.ts';

/**
 * Running: a claimed fire starts at its due time (a timer on the engine's clock), applies its
 * job's blocking strategy against earlier runs here and in other processes, calls the bean
 * handler or the HTTP executor under the job's time-out, retries after the retry delay, and hands
 * each start and end to the recorder. Cancellation requests from other processes and runs this
 * process no longer owns abort the run's signal; on stop, running runs get the shutdown grace.
 */

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

interface Run {
  fire: Fire;
  state: 'scheduled' | 'waiting' | 'running' | 'done';
  timer?: ClockTimer;
  controller: AbortController;
  startedAt?: Date;
  promise?: Promise<void>;
  /** Resolves when the run is done (for serial waiters). */
  done: Promise<void>;
  resolveDone: () => void;
}

export class Runner {
  private readonly runs = new Map<number, Run>();
  /** Claimed fires given back unstarted (on stop), to be un-claimed in the database. */
  readonly released: number[] = [];

  constructor(
    private readonly ctx: EngineContext,
    private readonly recorder: Recorder,
    private readonly allow: HttpAllowList,
  ) {}

  /** Runs in flight here (claimed and not finished). */
  get inFlight(): number {
    return this.runs.size;
  }

  clearReleased(): void {
    this.released.length = 0;
  }

  /** Starts the fire at its due time. */
  schedule(fire: Fire): void {
    const { clock, log } = this.ctx;
    let resolveDone!: () => void;
    const done = new Promise<void>((r) => (resolveDone = r));
    const run: Run = { fire, state: 'scheduled', controller: new AbortController(), done, resolveDone };
    this.runs.set(fire.recordId, run);
    this.recorder.claimed(fire);
    const delay = fire.dueAt.getTime() - clock.now();
    const go = () => {
      run.timer = undefined;
      run.promise = this.execute(run).catch((err) => log.error({ err, recordId: fire.recordId }, 'job run crashed'));
    };
    if (delay > 0) run.timer = clock.setTimeout(go, delay);
    else go();
  }

  /** Cancellation requests from other processes, and runs this process no longer owns. */
  async watch(): Promise<void> {
    const ids = [...this.runs.keys()].filter((id) => this.runs.get(id)!.state !== 'done');
    if (!ids.length) return;
    for (const r of await runStates(this.ctx.db, SYSTEM_SCOPE, ids)) {
      const run = this.runs.get(r.id);
      if (!run || run.state === 'done') continue;
      if (r.result !== 'normal' || r.instanceId !== this.ctx.instanceId) {
        if (!this.recorder.isUnwritten(run.fire.recordId)) run.controller.abort(new LostAbort());
      } else if (r.cancelRequested) run.controller.abort(new CancelAbort(null));
    }
  }

  /**
   * Gives back scheduled fires, stops runs still waiting for an earlier one, lets running ones
   * finish within the grace period and stops the rest (recorded as failed: the server stopped).
   */
  async stop(graceMs: number): Promise<void> {
    const { clock } = this.ctx;
    for (const run of [...this.runs.values()]) {
      if (run.state === 'scheduled') {
        clock.clearTimeout(run.timer);
        this.release(run);
      } else if (run.state === 'waiting') run.controller.abort(new StopAbort());
    }
    const busy = () => [...this.runs.values()].filter((r) => r.state !== 'done');
    if (busy().length) {
      const deadline = clock.now() + graceMs;
      while (busy().length && clock.now() < deadline) await sleepOn(clock, 20);
      for (const run of busy()) run.controller.abort(new StopAbort());
      await Promise.all(busy().map((r) => r.promise));
    }
  }

  /** Other runs of the same job that are still in flight and came before this one. */
  private async earlierRuns(run: Run): Promise<{ local: Run[]; remote: number[] }> {
    const jobId = run.fire.jobId;
    if (jobId === null) return { local: [], remote: [] };
    // Only runs claimed before this one count (record ids grow in claim order), so two runs never wait for each other.
    const local = [...this.runs.values()].filter(
      (r) => r.fire.recordId < run.fire.recordId && r.fire.jobId === jobId && (r.state === 'running' || r.state === 'waiting'),
    );
    let remote: number[] = [];
    if (run.fire.flagged) {
      this.ctx.stats.remoteChecks++;
      remote = await this.ctx.track(earlierRemoteRuns(this.ctx.db, SYSTEM_SCOPE, jobId, run.fire.recordId, this.ctx.instanceId));
    }
    return { local, remote };
  }

  private async execute(run: Run): Promise<void> {
    const { clock, db, tickMs, track } = this.ctx;
    const fire = run.fire;
    const job = fire.job;
    if (this.ctx.stopping) return; // released by stop()
    if (!job) return this.finish(run, { result: 'error', detail: 'the job no longer exists' }, fire.attempt);
    run.state = 'waiting';
    try {
      const { local, remote } = await this.earlierRuns(run);
      if (local.length || remote.length) {
        const ids = [...local.map((r) => r.fire.recordId), ...remote];
        if (job.blockingStrategy === 'discard') {
          return this.finish(
            run,
            { result: 'block', detail: `discarded: the previous run (#${ids[0]}) is still running (blocking strategy discard)` },
            fire.attempt,
          );
        }
        if (job.blockingStrategy === 'cover') {
          for (const r of local) r.controller.abort(new CancelAbort(fire.recordId));
          if (remote.length) await track(requestCancel(db, SYSTEM_SCOPE, remote));
        } else {
          // serial: wait for the earlier runs, here or in other processes.
          await Promise.all(local.map((r) => r.done));
          let left = remote;
          while (left.length) {
            await sleepOn(clock, Math.max(50, tickMs), run.controller.signal);
            left = await track(stillRunning(db, SYSTEM_SCOPE, left));
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
    run.startedAt = new Date(clock.now());
    this.recorder.started(fire.recordId, run.startedAt);
    let attempt = fire.attempt;
    const notes: string[] = [];
    let outcome: Outcome;
    for (;;) {
      outcome = await this.attempt(run, job, attempt);
      const reason = run.controller.signal.reason;
      const retryable = outcome.result === 'fail' && !(reason instanceof CancelAbort) && !(reason instanceof StopAbort) && !(reason instanceof LostAbort);
      if (retryable && attempt < job.retryCount && !this.ctx.stopping) {
        notes.push(`attempt ${attempt + 1}: ${outcome.detail ?? outcome.result}`);
        attempt++;
        try {
          await sleepOn(clock, job.retryDelaySeconds * 1000, run.controller.signal);
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
    const { clock } = this.ctx;
    const fire = run.fire;
    // A fresh controller per attempt: the time-out covers one attempt. Cancel/stop/lost abort it too.
    const ac = new AbortController();
    const outer = run.controller.signal;
    const onOuter = () => ac.abort(outer.reason);
    if (outer.aborted) ac.abort(outer.reason);
    else outer.addEventListener('abort', onOuter, { once: true });
    const timer = job.timeoutSeconds > 0 ? clock.setTimeout(() => ac.abort(new TimeoutAbort(job.timeoutSeconds)), job.timeoutSeconds * 1000) : undefined;
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
      clock.clearTimeout(timer);
      outer.removeEventListener('abort', onOuter);
    }
  }

  private async invoke(job: JobRow, fire: Fire, attempt: number, signal: AbortSignal): Promise<Outcome> {
    const { db, config, clock } = this.ctx;
    if (job.jobType === 'bean') {
      const handler = getJobHandler(job.beanName);
      if (!handler) return { result: 'error', detail: `no job handler is registered as ${job.beanName}` };
      const out = await handler.run({ db, config, clock, params: fire.params, signal, orgId: fire.orgId, jobId: fire.jobId, recordId: fire.recordId, attempt });
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
    // A database error's message may carry the statement's parameters: never into the record.
    const text = e?.message ? `${e.code ? e.code + ': ' : ''}${errorMessage(err)}` : String(err);
    return { result: 'fail', detail: job?.jobType === 'http' ? `request failed: ${text}` : `error: ${text}` };
  }

  private finish(run: Run, outcome: Outcome, attempt: number): void {
    if (run.state === 'done') return;
    run.state = 'done';
    this.runs.delete(run.fire.recordId);
    run.resolveDone();
    this.recorder.ended(run.fire.recordId, outcome, attempt, run.startedAt, new Date(this.ctx.clock.now()));
  }

  /** Gives a claimed fire that has not started back to the other schedulers (on stop). */
  private release(run: Run): void {
    if (run.state === 'done') return;
    run.state = 'done';
    this.runs.delete(run.fire.recordId);
    this.recorder.released(run.fire.recordId);
    run.resolveDone();
    this.released.push(run.fire.recordId);
  }
}
