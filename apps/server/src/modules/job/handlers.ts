import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { sleepOn, systemClock, type Clock } from '../../platform/clock.ts';
import { purgeExpiredSessions } from '../auth/index.ts';
import { purgeLogs } from '../log/index.ts';
import { getConfigNumber, registerConfigValidator } from '../system/index.ts';
import { AppError } from '../../platform/errors.ts';
import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { purgeOldRows } from './job.repository.ts';

/**
 * Bean handlers: the allow-list of code a bean job may run, by name. A job names a handler;
 * it can never name a class, a module path or a script. Business modules register their own
 * handlers at start-up with `registerJobHandler` (expire unpaid orders, release seat holds...).
 */
export interface JobRunContext {
  db: Db;
  config: Config;
  /** The scheduler's clock: wait on it (`abortableSleep(ms, signal, clock)`), so tests can move time instead of waiting. */
  clock: Clock;
  /** The job's executeData (or a manual run's override). */
  params: unknown;
  /** Aborted on time-out, on cancellation by a newer run, and when the server stops. Honour it. */
  signal: AbortSignal;
  orgId: number;
  jobId: number | null;
  recordId: number;
  /** 0 for the first attempt, then 1, 2... for retries. */
  attempt: number;
}

/** What a handler may answer: nothing (success), a detail text, or a result with a detail. */
export type JobOutcome = void | string | { result?: 'success' | 'complete'; detail?: string };

export interface JobHandler {
  name: string;
  /** Message key of the description shown in the job form. */
  descriptionKey: string;
  /** Handlers that act on every organisation's data may only be used by platform jobs. */
  platformOnly?: boolean;
  /** A sample of executeData, shown in the form. */
  paramsExample?: unknown;
  run(ctx: JobRunContext): Promise<JobOutcome>;
}

const registry = new Map<string, JobHandler>();

export function registerJobHandler(handler: JobHandler): void {
  if (!/^[A-Za-z][\w.-]{0,63}$/.test(handler.name)) throw new Error(`bad job handler name: ${handler.name}`);
  const known = registry.get(handler.name);
  // The same handler again is the same app built twice (tests); another one under a taken name is a mistake.
  if (known && known !== handler) throw new Error(`job handler ${handler.name} is registered twice`);
  registry.set(handler.name, handler);
}

export function getJobHandler(name: string | null | undefined): JobHandler | undefined {
  return name ? registry.get(name) : undefined;
}

export function listJobHandlers(): JobHandler[] {
  return [...registry.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Waits `ms` on the clock (default: the wall clock), rejecting with the signal's reason when it is aborted. */
export function abortableSleep(ms: number, signal?: AbortSignal, clock: Clock = systemClock): Promise<void> {
  return sleepOn(clock, ms, signal);
}

function obj(params: unknown): Record<string, unknown> {
  return params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
}

/** Deletes in chunks so a large purge neither holds long locks nor ignores a time-out. */
export const JOB_LOG_RETENTION_KEY = 'job.logRetentionDays';
registerConfigValidator(JOB_LOG_RETENTION_KEY, (value) => {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || n > 3650)
    throw new AppError('FORM_INVALID', 'config.retentionDays', undefined, [{ field: 'value', message: 'config.retentionDays' }]);
  return String(n);
});

registerJobHandler({
  name: 'noop',
  descriptionKey: 'job.handler.noop',
  async run() {
    return 'ok';
  },
});

registerJobHandler({
  name: 'sleep',
  descriptionKey: 'job.handler.sleep',
  paramsExample: { ms: 1000 },
  async run({ params, signal, attempt, clock }) {
    const p = obj(params);
    const ms = Math.max(0, Math.min(Number(p.ms ?? 1000) || 0, 24 * 3600_000));
    await abortableSleep(ms, signal, clock);
    const failAttempts = p.failAttempts === undefined ? undefined : Number(p.failAttempts);
    if (p.fail || (failAttempts !== undefined && attempt < failAttempts))
      throw new Error(typeof p.fail === 'string' ? p.fail : `failed on purpose (attempt ${attempt})`);
    return `slept ${ms} ms`;
  },
});

registerJobHandler({
  name: 'purgeExpiredSessions',
  descriptionKey: 'job.handler.purgeExpiredSessions',
  platformOnly: true,
  async run({ db, config }) {
    const n = await purgeExpiredSessions(db, config);
    return `purged ${n} session(s)`;
  },
});

registerJobHandler({
  name: 'purgeLogs',
  descriptionKey: 'job.handler.purgeLogs',
  platformOnly: true,
  async run({ db }) {
    // The log module owns the retention rule (log.retentionDays; 0 keeps the logs for ever).
    const r = await purgeLogs(db);
    if (!r.retentionDays) return 'log.retentionDays is 0: logs are kept for ever';
    return `kept ${r.retentionDays} day(s): purged ${r.loginLog} login log row(s) and ${r.operLog} operation log row(s)`;
  },
});

registerJobHandler({
  name: 'tidyDatabase',
  descriptionKey: 'job.handler.tidyDatabase',
  platformOnly: true,
  async run({ db, config }) {
    if (config.databaseUrl) return 'PostgreSQL: its autovacuum vacuums and analyses the tables; nothing to do';
    // PGlite runs no autovacuum: without this, deleted and updated rows' space is never reused and
    // the planner never learns the tables' sizes (its estimates stay defaults as the data grows).
    const t0 = Date.now();
    await db.execute(sql`vacuum (analyze)`);
    return `vacuumed and analysed the embedded database in ${Date.now() - t0} ms`;
  },
});

registerJobHandler({
  name: 'purgeDispatchRecords',
  descriptionKey: 'job.handler.purgeDispatchRecords',
  platformOnly: true,
  async run({ db, signal, params }) {
    const days = Number(obj(params).days) > 0 ? Math.floor(Number(obj(params).days)) : Math.floor(await getConfigNumber(db, JOB_LOG_RETENTION_KEY, 30));
    if (!(days > 0)) return `${JOB_LOG_RETENTION_KEY} is 0: dispatch records are kept for ever`;
    // A platform maintenance job: every organisation's records.
    const records = await purgeOldRows(db, SYSTEM_SCOPE, 'records', days, signal);
    const runs = await purgeOldRows(db, SYSTEM_SCOPE, 'runs', days, signal);
    return `kept ${days} day(s): purged ${records} dispatch record(s) and ${runs} stream run(s)`;
  },
});

export type { Config };
