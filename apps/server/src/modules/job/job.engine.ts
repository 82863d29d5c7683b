import os from 'node:os';
import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { systemClock, type Clock, type ClockTimer } from '../../platform/clock.ts';
import { HttpAllowList } from './http.executor.ts';
import { LogJobAlarm, jobAlarm, type JobAlarm } from './alarm.ts';
import { Claimer } from './job.claiming.ts';
import { Runner } from './job.running.ts';
import { Recorder } from './job.recording.ts';
import { StreamAdvancer } from './stream.advancing.ts';

export { nextFireOf } from './job.claiming.ts';

/**
 * The scheduler engine: one per server process, all of them on one database. This file holds
 * the loop; the work is done by four parts, each with one job, and their SQL is in
 * job.repository.ts:
 *
 * - **claiming** (job.claiming.ts): every tick, due fires are claimed with `select ... for update
 *   skip locked` on due job rows, one dispatch record per fire (unique per job and planned time)
 *   and the job's next fire time in one transaction, so a fire is claimed by exactly one process;
 *   waiting records (manual runs, stream steps, retries of lost runs) are claimed the same way.
 *   Fires are claimed a little ahead (the look-ahead) and started by a timer at their planned
 *   time, so the delay does not depend on the tick. A claimed record carries the instance id; the
 *   instance's heartbeat in sys_job_instance is its lease, and when a heartbeat is older than the
 *   lease any survivor records that instance's in-flight runs as failed (or dispatches them again
 *   when the job has retries left).
 * - **running** (job.running.ts): a claimed fire starts at its time, checks the blocking strategy,
 *   calls the bean handler or the HTTP executor under its time-out, retries, and stops within the
 *   shutdown grace.
 * - **recording** (job.recording.ts): results are written behind, batched, guarded by
 *   `result = 'normal' and instance_id = me`; a final failure raises the alarm.
 * - **stream advancing** (stream.advancing.ts): due stream fires start runs, and a finished step
 *   moves its run on.
 *
 * Every decision about time reads the engine's `Clock` (the wall clock unless one is passed), so
 * tests move time instead of sleeping.
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
  /** The time the engine goes by (default: the wall clock; tests pass a ManualClock). */
  clock?: Clock;
  /** Overrides config.jobs (tests). */
  tickMs?: number;
  leaseMs?: number;
  misfireMs?: number;
  shutdownGraceMs?: number;
  instanceId?: string;
  /** How often due fires are claimed (default: every tick). */
  claimEveryMs?: number;
}

/** Counters for benches and diagnostics (costs in real milliseconds). */
export interface EngineStats {
  ticks: number;
  tickMs: number;
  claims: number;
  claimMs: number;
  claimed: number;
  flushes: number;
  flushMs: number;
  flushed: number;
  flagged: number;
  remoteChecks: number;
}

/** What the parts share: settings, the clock, and a few calls back into the loop. */
export interface EngineContext {
  readonly db: Db;
  readonly config: Config;
  readonly log: SchedulerLogger;
  readonly clock: Clock;
  readonly instanceId: string;
  readonly tickMs: number;
  readonly leaseMs: number;
  readonly misfireMs: number;
  readonly lookaheadMs: number;
  readonly stats: EngineStats;
  /** True from the moment stop() begins. */
  readonly stopping: boolean;
  /** Counts `p` as the engine's own database work until it settles (see JobScheduler.idle). */
  track<T>(p: Promise<T>): Promise<T>;
  /** Asks for a tick now (a manual run or a stream step was queued). */
  wake(): void;
  /** Asks for the next tick right after the current one. */
  tickAgain(): void;
}

const schedulers = new WeakMap<Db, JobScheduler>();

/** The scheduler running in this process on this database, if any. */
export function schedulerFor(db: Db): JobScheduler | undefined {
  return schedulers.get(db);
}

export class JobScheduler {
  readonly instanceId: string;
  readonly tickMs: number;
  readonly leaseMs: number;
  readonly misfireMs: number;
  readonly lookaheadMs: number;
  readonly heartbeatMs: number;
  readonly claimEveryMs: number;
  readonly clock: Clock;
  readonly stats: EngineStats = { ticks: 0, tickMs: 0, claims: 0, claimMs: 0, claimed: 0, flushes: 0, flushMs: 0, flushed: 0, flagged: 0, remoteChecks: 0 };
  private readonly db: Db;
  private readonly log: SchedulerLogger;
  private readonly graceMs: number;
  private readonly claimer: Claimer;
  private readonly runner: Runner;
  private readonly recorder: Recorder;
  private readonly streams: StreamAdvancer;
  private readonly work = new Set<Promise<unknown>>();
  private lastClaim = 0;
  private claimAsked = false;
  private lastBeat = 0;
  private timer: ClockTimer | undefined;
  private ticking: Promise<void> | undefined;
  private running = false;
  private stopping = false;
  private wakeAsked = false;

  constructor(opts: SchedulerOptions) {
    this.db = opts.db;
    this.log = opts.log ?? { info: () => undefined, warn: () => undefined, error: () => undefined };
    this.clock = opts.clock ?? systemClock;
    const c = opts.config.jobs;
    this.tickMs = opts.tickMs ?? c.tickMs;
    this.leaseMs = opts.leaseMs ?? c.leaseMs;
    this.misfireMs = opts.misfireMs ?? c.misfireMs;
    this.graceMs = opts.shutdownGraceMs ?? c.shutdownGraceMs;
    this.lookaheadMs = Math.min(1000, Math.max(3 * this.tickMs + 100, 500));
    this.heartbeatMs = Math.max(100, Math.min(2000, Math.floor(this.leaseMs / 4)));
    this.claimEveryMs = opts.claimEveryMs ?? this.tickMs;
    this.instanceId = opts.instanceId ?? `${os.hostname().slice(0, 60)}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the context's callbacks need the engine, and their own `this` is not it
    const self = this;
    const ctx: EngineContext = {
      db: this.db,
      config: opts.config,
      log: this.log,
      clock: this.clock,
      instanceId: this.instanceId,
      tickMs: this.tickMs,
      leaseMs: this.leaseMs,
      misfireMs: this.misfireMs,
      lookaheadMs: this.lookaheadMs,
      stats: this.stats,
      get stopping() {
        return self.stopping;
      },
      track: (p) => this.track(p),
      wake: () => this.wake(),
      tickAgain: () => {
        this.wakeAsked = true;
      },
    };
    this.streams = new StreamAdvancer(ctx);
    this.recorder = new Recorder(ctx, opts.alarm ?? (jobAlarm.plugged ? jobAlarm.get()(opts.db, this.log) : new LogJobAlarm(this.log)), (runId) =>
      this.streams.advance(runId),
    );
    this.runner = new Runner(ctx, this.recorder, new HttpAllowList(c.httpAllow));
    this.claimer = new Claimer(ctx, this.runner, this.recorder, this.streams);
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Runs in flight here (claimed and not finished). */
  get inFlight(): number {
    return this.runner.inFlight;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    schedulers.set(this.db, this);
    await this.claimer.heartbeat();
    this.lastBeat = this.clock.now();
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
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.loop();
  }

  private loop(): void {
    if (!this.running || this.stopping) return;
    const began = this.clock.now();
    this.ticking = this.tick()
      .catch((err) => this.log.error({ err }, 'job scheduler tick failed'))
      .finally(() => {
        this.ticking = undefined;
        if (!this.running || this.stopping) return;
        const wait = this.wakeAsked ? 0 : Math.max(0, this.tickMs - (this.clock.now() - began));
        this.wakeAsked = false;
        this.timer = this.clock.setTimeout(() => this.loop(), wait);
      });
  }

  private async tick(): Promise<void> {
    const cost = performance.now();
    this.stats.ticks++;
    try {
      await this.tickBody(this.clock.now());
    } finally {
      this.stats.tickMs += performance.now() - cost;
    }
  }

  private async tickBody(now: number): Promise<void> {
    if (now - this.lastBeat >= this.heartbeatMs) {
      this.lastBeat = now;
      await this.claimer.heartbeat();
      await this.claimer.reap();
      await this.runner.watch();
      // Instances gone for a day are forgotten.
      if (Math.random() < 0.01) await this.claimer.forgetGoneInstances();
    }
    if (!this.claimer.leaseHeld) return;
    // Due fires are claimed ahead; claimEveryMs may space the claims out (fewer, larger ones).
    if (this.claimAsked || now - this.lastClaim >= this.claimEveryMs) {
      this.claimAsked = false;
      this.lastClaim = now;
      await this.claimer.claimDueJobs();
      await this.streams.claimDue();
    }
    await this.claimer.claimWaiting();
    if (this.recorder.hasPending) this.recorder.kick();
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.work.add(p);
    const forget = () => this.work.delete(p);
    p.then(forget, forget);
    return p;
  }

  /**
   * Resolves once the engine's own database work — a tick, a result write, a run's start checks —
   * is over and nothing new began for a few turns of the event loop. Runs waiting on the clock,
   * on each other or inside a handler do not count. Tests on a ManualClock pass this as the
   * clock's `settle`, so what a timer starts is done before time moves on.
   */
  async idle(): Promise<void> {
    for (let calm = 0; calm < 3;) {
      const busy: Promise<unknown>[] = [...this.work];
      if (this.ticking) busy.push(this.ticking);
      const writing = this.recorder.writing;
      if (writing) busy.push(writing);
      if (busy.length) {
        calm = 0;
        await Promise.allSettled(busy);
        continue;
      }
      calm++;
      await new Promise<void>((r) => setImmediate(r));
    }
  }

  /** Waits until every queued result is written. */
  async drain(): Promise<void> {
    await this.recorder.drain();
  }

  /**
   * Stops claiming, gives not-yet-started fires back, lets running ones finish within the
   * grace period, stops the rest (recorded as failed: the server stopped), writes every result
   * and marks the instance stopped so others take over its monolithic jobs at once.
   */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.stopping = true;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    await this.ticking;
    await this.runner.stop(this.graceMs);
    try {
      await this.recorder.drain();
      const released = this.runner.released;
      if (released.length) {
        await this.claimer.giveBack(released);
        this.runner.clearReleased();
      }
      await this.claimer.markStopped();
    } catch (err) {
      this.log.error({ err }, 'job scheduler could not record its stop');
    }
    this.running = false;
    if (schedulers.get(this.db) === this) schedulers.delete(this.db);
    this.log.info({ instance: this.instanceId }, 'job scheduler stopped');
  }
}
