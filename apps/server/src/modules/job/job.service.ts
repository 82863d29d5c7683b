import type { z } from 'zod';
import type { CronPreviewBody, JobListQuery, JobLogQuery, jobInput, jobUpdate } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import type { AppContext, Caller } from '../../platform/http.ts';
import { t, type Lang } from '../../platform/i18n.ts';
import { orderOf, pageOf } from '../../platform/list.ts';
import { expectOneUpdated, scopeOf, type Scope } from '../../platform/scope.ts';
import { orgTimeZone as timeZoneOf } from '../system/index.ts';
import type { JobLogRow, JobRow } from './job.table.ts';
import {
  deleteJobRows,
  findJob,
  findJobsByIds,
  findRecord,
  insertJob,
  insertManualRecord,
  jobDefaultOrder,
  jobSorts,
  pageJobs,
  pageRecords,
  recordDefaultOrder,
  recordSorts,
  setJobStatusRow,
  streamUsingJob,
  updateJobRow,
} from './job.repository.ts';
import { CronError, QuartzCron, checkTimeZone, localDateTime, previewFireTimes, utcOffsetText, type TriggerSpec } from './cron.ts';
import { getJobHandler, listJobHandlers } from './handlers.ts';
import { HttpAllowList, HttpDisabledError, NotAllowedError, checkExecutor } from './http.executor.ts';
import { nextFireOf, schedulerFor } from './job.engine.ts';
import { workDayChecker } from './workday.ts';
import { serviceNameOf } from './stream.flow.ts';
import './job.messages.ts';

/** A field error: 100400 whose message is the field's message, with the field in `detail`. */
export function fieldError(field: string, key: string, params?: Record<string, unknown>): AppError {
  return new AppError('INVALID', key, params, [{ field, message: key, params }]);
}

export function cronFieldError(field: string, e: unknown): AppError {
  if (e instanceof CronError) return fieldError(field, e.key, e.params);
  throw e;
}

/** Instants from the API: ISO 8601 (with offset), epoch milliseconds, or `YYYY-MM-DD HH:mm[:ss]` read in the job's time zone. */
export function parseInstant(value: unknown, timeZone: string): Date | null | 'invalid' {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : 'invalid';
  if (typeof value !== 'string') return 'invalid';
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = local;
    const guess = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
    if (Number.isNaN(guess)) return 'invalid';
    const t1 = guess - offsetOf(guess, timeZone);
    return new Date(guess - offsetOf(t1, timeZone));
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 'invalid' : new Date(ms);
}

function offsetOf(ms: number, timeZone: string): number {
  const local = localDateTime(new Date(ms), timeZone);
  const [d, tm] = local.split(' ') as [string, string];
  const [y, mo, da] = d.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = tm.split(':').map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, da, h, mi, s) - Math.floor(ms / 1000) * 1000;
}

/**
 * A job as the routes hand it over: the output of the contract's `jobInput` (defaults filled in).
 * The contract's `JobInput` type is the console's side of it (`z.input`, before the defaults).
 */
export type JobBody = z.output<typeof jobInput>;

/** The job as the API answers it (spec section 3 names). */
export function jobView(j: JobRow) {
  return {
    id: j.id,
    orgId: j.orgId,
    jobName: j.jobName,
    jobGroup: j.jobGroup,
    jobType: j.jobType,
    beanName: j.beanName,
    architecture: j.architecture,
    triggerType: j.triggerType,
    cronExpr: j.cronExpr,
    intervalInSeconds: Number(j.intervalSeconds),
    repeatCount: j.repeatCount,
    startTime: j.startTime,
    endTime: j.endTime,
    timeZone: j.timeZone,
    skipNonWorkDays: j.skipNonWorkDays,
    executorPath: j.executorPath,
    executorIp: j.executorIp,
    executorHost: j.executorHost,
    httpMethod: j.httpMethod,
    executeData: j.executeData,
    recordAnswer: j.recordAnswer,
    description: j.description,
    status: j.status,
    misfirePolicy: j.misfirePolicy,
    blockingStrategy: j.blockingStrategy,
    timeoutSeconds: j.timeoutSeconds,
    retryCount: j.retryCount,
    retryDelaySeconds: j.retryDelaySeconds,
    alarmOnFailure: j.alarmOnFailure,
    prevFireTime: j.prevFireAt,
    nextFireTime: j.nextFireAt,
    fireCount: Number(j.fireCount),
    creator: j.creatorName,
    createdBy: j.createdBy,
    createTime: j.createdAt,
    updateTime: j.updatedAt,
    version: j.version,
  };
}
export type JobView = ReturnType<typeof jobView>;

export function recordView(r: JobLogRow) {
  return {
    id: r.id,
    orgId: r.orgId,
    jobId: r.jobId,
    jobName: r.jobName,
    jobGroup: r.jobGroup,
    trigger: r.trigger,
    manual: r.manual,
    serviceName: r.serviceName,
    callMode: r.callMode,
    plannedAt: r.plannedAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    durationMs: r.durationMs,
    delayMs: r.startedAt ? r.startedAt.getTime() - r.dueAt.getTime() : null,
    result: r.result,
    httpStatus: r.httpStatus,
    detail: r.detail,
    attempt: r.attempt,
    timedOut: r.timedOut,
    instanceId: r.instanceId,
    params: r.params,
    streamRunId: r.streamRunId,
    nodeKey: r.nodeKey,
    createdBy: r.createdBy,
  };
}

async function orgTimeZone(db: Db, scope: Scope, orgId: number): Promise<string> {
  return (await timeZoneOf(db, scope, orgId)) ?? 'Asia/Shanghai';
}

export async function loadJob(db: Db, caller: Caller, id: number): Promise<JobRow> {
  const row = await findJob(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return row;
}

/** Checks a job's settings and answers the column values (everything but identity and audit). */
async function normalise(ctx: AppContext, caller: Caller, orgId: number, input: JobBody) {
  const { db, config } = ctx;
  const timeZone = input.timeZone?.trim() || (await orgTimeZone(db, scopeOf(caller), orgId));
  try {
    checkTimeZone(timeZone);
  } catch (e) {
    throw cronFieldError('timeZone', e);
  }
  const start = parseInstant(input.startTime, timeZone);
  if (start === 'invalid') throw fieldError('startTime', 'error.field.invalid');
  const end = parseInstant(input.endTime, timeZone);
  if (end === 'invalid') throw fieldError('endTime', 'error.field.invalid');
  // Without a start time the job starts at the next whole second.
  const startTime = start ?? new Date(Math.ceil(Date.now() / 1000) * 1000);
  if (end && end.getTime() < startTime.getTime()) throw fieldError('endTime', 'job.window');

  let cronExpr: string | null = null;
  if (input.triggerType === 'cron') {
    if (!input.cronExpr?.trim()) throw fieldError('cronExpr', 'job.cron.empty');
    cronExpr = input.cronExpr.trim().replace(/\s+/g, ' ');
    try {
      QuartzCron.of(cronExpr, timeZone);
    } catch (e) {
      throw cronFieldError('cronExpr', e);
    }
  } else if (input.intervalInSeconds === 0 && input.repeatCount !== 0) {
    throw fieldError('repeatCount', 'job.interval.zeroRepeat');
  }

  let beanName: string | null = null;
  let executorPath: string | null = null;
  let executorIp: string | null = null;
  let executorHost: number | null = null;
  if (input.jobType === 'bean') {
    if (!input.beanName) throw fieldError('beanName', 'job.bean.required');
    const handler = getJobHandler(input.beanName);
    if (!handler || (handler.platformOnly && !caller.platform)) throw fieldError('beanName', 'job.bean.unknown', { name: input.beanName });
    beanName = handler.name;
  } else {
    // HTTP jobs call into the network the server sits in: only the platform defines them, and only
    // towards what JOB_HTTP_ALLOW lists (empty: HTTP jobs are off).
    if (!caller.platform) throw new AppError('FORBIDDEN', 'job.http.platformOnly');
    const allow = new HttpAllowList(config.jobs.httpAllow);
    if (!allow.enabled) throw fieldError('jobType', 'job.http.disabled');
    if (!input.executorPath?.trim()) throw fieldError('executorPath', 'job.http.required');
    if (!input.executorIp?.trim()) throw fieldError('executorIp', 'job.http.required');
    if (!input.executorHost) throw fieldError('executorHost', 'job.http.required');
    executorPath = input.executorPath.trim();
    if (!executorPath.startsWith('/')) throw fieldError('executorPath', 'job.http.path');
    executorHost = input.executorHost;
    try {
      // Saved in its normal form: `127.1` and `2130706433` are saved (and shown) as 127.0.0.1.
      executorIp = await checkExecutor(allow, input.executorIp, executorHost);
    } catch (e) {
      if (e instanceof HttpDisabledError) throw fieldError('jobType', 'job.http.disabled');
      if (e instanceof NotAllowedError) throw fieldError('executorIp', 'job.http.notAllowed', { host: input.executorIp.trim() });
      throw e;
    }
  }
  const executeData = input.executeData === undefined || input.executeData === '' ? null : input.executeData;
  if (executeData !== null && JSON.stringify(executeData).length > 8000) throw fieldError('executeData', 'error.field.tooLong', { max: 8000 });

  return {
    jobName: input.jobName,
    jobGroup: input.jobGroup,
    jobType: input.jobType,
    beanName,
    architecture: input.architecture,
    triggerType: input.triggerType,
    cronExpr,
    intervalSeconds: input.triggerType === 'interval' ? input.intervalInSeconds : 0,
    repeatCount: input.repeatCount,
    startTime,
    endTime: end,
    timeZone,
    skipNonWorkDays: input.skipNonWorkDays,
    executorPath,
    executorIp,
    executorHost,
    httpMethod: input.httpMethod,
    executeData,
    recordAnswer: input.jobType === 'http' && input.recordAnswer === true,
    description: input.description ?? null,
    misfirePolicy: input.misfirePolicy,
    blockingStrategy: input.blockingStrategy,
    timeoutSeconds: input.timeoutSeconds,
    retryCount: input.retryCount,
    retryDelaySeconds: input.retryDelaySeconds,
    alarmOnFailure: input.alarmOnFailure,
  };
}

/** The first fire from now; 100400 when a normal job would never fire. */
async function firstFire(db: Db, values: Awaited<ReturnType<typeof normalise>> & { orgId: number }, fireCount = 0): Promise<Date | null> {
  const probe = { ...values, id: 0, fireCount } as unknown as JobRow;
  if (values.repeatCount >= 0 && fireCount >= values.repeatCount + 1) return null;
  const next = await nextFireOf(db, probe, new Date(Date.now()));
  if (!next) throw fieldError(values.triggerType === 'cron' ? 'cronExpr' : 'endTime', values.triggerType === 'cron' ? 'job.cron.never' : 'job.never');
  return next;
}

function duplicate(e: unknown, input: { jobName: string; jobGroup: string }): never {
  if (isUniqueViolation(e)) {
    const params = { name: input.jobName, group: input.jobGroup };
    throw conflict('duplicate', 'job.duplicate', params, [{ field: 'jobName', message: 'job.duplicate', params }]);
  }
  throw e;
}

export async function createJob(ctx: AppContext, caller: Caller, input: JobBody): Promise<JobView> {
  const orgId = caller.orgId;
  const values = await normalise(ctx, caller, orgId, input);
  const nextFireAt = input.status === 0 ? await firstFire(ctx.db, { ...values, orgId }) : null;
  try {
    const row = await insertJob(ctx.db, scopeOf(caller), {
      ...values,
      orgId,
      status: input.status,
      nextFireAt,
      createdBy: caller.userId,
      creatorName: caller.userName,
    });
    schedulerFor(ctx.db)?.wake();
    return jobView(row!);
  } catch (e) {
    duplicate(e, input);
  }
}

const SCHEDULE_FIELDS = ['triggerType', 'cronExpr', 'intervalSeconds', 'repeatCount', 'startTime', 'endTime', 'timeZone', 'skipNonWorkDays'] as const;

/** Fields of the job form with a create default: left out of an edit, they keep the job's value (issue 23, point 10). */
const KEPT_WHEN_OMITTED = [
  'architecture',
  'intervalInSeconds',
  'repeatCount',
  'skipNonWorkDays',
  'httpMethod',
  'recordAnswer',
  'status',
  'misfirePolicy',
  'blockingStrategy',
  'timeoutSeconds',
  'retryCount',
  'retryDelaySeconds',
  'alarmOnFailure',
] as const;

export async function updateJob(ctx: AppContext, caller: Caller, id: number, edit: z.output<typeof jobUpdate>): Promise<JobView> {
  const current = await loadJob(ctx.db, caller, id);
  const stored = jobView(current);
  const kept = Object.fromEntries(KEPT_WHEN_OMITTED.filter((k) => edit[k] === undefined).map((k) => [k, stored[k]]));
  const input = { ...edit, ...kept } as JobBody & { version: number };
  if (current.jobType === 'http' && !caller.platform) throw new AppError('FORBIDDEN', 'job.http.platformOnly');
  const values = await normalise(ctx, caller, current.orgId, input);
  const scheduleChanged = SCHEDULE_FIELDS.some((f) => {
    const a = (current as Record<string, unknown>)[f];
    const b = (values as Record<string, unknown>)[f];
    return (a instanceof Date ? a.getTime() : (a ?? null)) !== (b instanceof Date ? b.getTime() : (b ?? null));
  });
  // A new schedule starts counting its repeats again.
  const fireCount = scheduleChanged ? 0 : Number(current.fireCount);
  const nextFireAt = input.status === 0 ? await firstFire(ctx.db, { ...values, orgId: current.orgId }, fireCount) : null;
  try {
    const rows = await updateJobRow(ctx.db, scopeOf(caller), id, input.version, { ...values, status: input.status, nextFireAt, fireCount });
    expectOneUpdated(rows);
    schedulerFor(ctx.db)?.wake();
    return jobView(rows[0]!);
  } catch (e) {
    duplicate(e, input);
  }
}

export async function deleteJobs(ctx: AppContext, caller: Caller, ids: number[]): Promise<{ deleted: number }> {
  const scope = scopeOf(caller);
  return ctx.db.transaction(async (tx) => {
    const found = await findJobsByIds(tx, scope, ids);
    if (found.length !== new Set(ids).size) throw notFound();
    for (const j of found) {
      // Streams run only jobs of their own organisation, so a stream that uses the job lies in the scope too.
      const stream = await streamUsingJob(tx, scope, j.id);
      if (stream) throw conflict('state', 'job.inUse', { name: j.jobName, stream });
    }
    return { deleted: await deleteJobRows(tx, scope, ids) };
  });
}

export async function setJobStatus(ctx: AppContext, caller: Caller, id: number, status: 0 | 1): Promise<JobView> {
  const job = await loadJob(ctx.db, caller, id);
  if (job.status === status) return jobView(job);
  let nextFireAt: Date | null = null;
  if (status === 0) {
    // Resuming never replays the fires of the paused time: the schedule goes on from now.
    const limit = job.repeatCount < 0 ? Infinity : job.repeatCount + 1;
    nextFireAt = Number(job.fireCount) >= limit ? null : await nextFireOf(ctx.db, job, new Date());
  }
  const rows = await setJobStatusRow(ctx.db, scopeOf(caller), id, job.status, status, nextFireAt);
  expectOneUpdated(rows);
  if (status === 0) schedulerFor(ctx.db)?.wake();
  return jobView(rows[0]!);
}

/** Execute now: a waiting dispatch record (manual flag) that the next scheduler tick claims. */
export async function runJobNow(ctx: AppContext, caller: Caller, id: number, params: unknown): Promise<ReturnType<typeof recordView>> {
  const job = await loadJob(ctx.db, caller, id);
  if (job.jobType === 'http' && !new HttpAllowList(ctx.config.jobs.httpAllow).enabled) throw new AppError('INVALID', 'job.http.disabled');
  if (params !== undefined && JSON.stringify(params).length > 8000) throw fieldError('executeData', 'error.field.tooLong', { max: 8000 });
  const now = new Date();
  const row = await insertManualRecord(ctx.db, scopeOf(caller), {
    orgId: job.orgId,
    jobId: job.id,
    jobName: job.jobName,
    jobGroup: job.jobGroup,
    trigger: 'manual',
    manual: true,
    serviceName: serviceNameOf({
      job_type: job.jobType,
      bean_name: job.beanName,
      executor_ip: job.executorIp,
      executor_host: job.executorHost,
      executor_path: job.executorPath,
    }),
    callMode: job.jobType,
    plannedAt: now,
    dueAt: now,
    // The record keeps what the run is given: the parameters sent, else the job's own.
    params: params === undefined ? (job.executeData ?? null) : params,
    createdBy: caller.userId,
  });
  schedulerFor(ctx.db)?.wake();
  return recordView(row);
}

export async function listJobs(db: Db, caller: Caller, q: JobListQuery) {
  const { limit, offset } = pageOf(q);
  const { total, rows } = await pageJobs(db, scopeOf(caller), q, orderOf(q, jobSorts, jobDefaultOrder), limit, offset);
  return { total, data: rows.map(jobView) };
}

export async function listRecords(db: Db, caller: Caller, q: JobLogQuery) {
  const from = q.from ? parseInstant(q.from, 'UTC') : null;
  const to = q.to ? parseInstant(q.to, 'UTC') : null;
  if (from === 'invalid') throw fieldError('from', 'error.field.invalid');
  if (to === 'invalid') throw fieldError('to', 'error.field.invalid');
  const { limit, offset } = pageOf(q);
  const { total, rows } = await pageRecords(db, scopeOf(caller), { ...q, from, to }, orderOf(q, recordSorts, recordDefaultOrder), limit, offset);
  return { total, data: rows.map(recordView) };
}

export async function getRecord(db: Db, caller: Caller, id: number) {
  const row = await findRecord(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return recordView(row);
}

/** The cron editor: checks the expression and answers its next fire times (instant and local). */
export async function previewCron(ctx: AppContext, caller: Caller, input: CronPreviewBody) {
  const timeZone = input.timeZone?.trim() || (await orgTimeZone(ctx.db, scopeOf(caller), caller.orgId));
  try {
    checkTimeZone(timeZone);
    QuartzCron.of(input.cronExpr.trim().replace(/\s+/g, ' '), timeZone);
  } catch (e) {
    throw cronFieldError(e instanceof CronError && e.key === 'job.timeZone.invalid' ? 'timeZone' : 'cronExpr', e);
  }
  const start = parseInstant(input.startTime, timeZone);
  const end = parseInstant(input.endTime, timeZone);
  if (start === 'invalid') throw fieldError('startTime', 'error.field.invalid');
  if (end === 'invalid') throw fieldError('endTime', 'error.field.invalid');
  if (start && end && end < start) throw fieldError('endTime', 'job.window');
  const spec: TriggerSpec = {
    triggerType: 'cron',
    cronExpr: input.cronExpr.trim().replace(/\s+/g, ' '),
    intervalSeconds: 0,
    startTime: start ?? new Date(0),
    endTime: end,
    timeZone,
    skipNonWorkDays: input.skipNonWorkDays,
  };
  const from = new Date(Math.max(Date.now(), start?.getTime() ?? 0));
  const times = await previewFireTimes(spec, from, input.count, input.skipNonWorkDays ? workDayChecker(ctx.db, caller.orgId) : undefined);
  if (!times.length) throw fieldError('cronExpr', 'job.cron.never');
  // Each time with the zone's UTC offset and how daylight saving touched it (the rule of decisions, "Job scheduling").
  const cron = QuartzCron.of(spec.cronExpr!, timeZone);
  return {
    timeZone,
    times: times.map((d) => ({ time: d.toISOString(), local: localDateTime(d, timeZone), offset: utcOffsetText(d, timeZone), dst: cron.dstNote(d) })),
  };
}

export function handlersFor(caller: Caller, lang: Lang) {
  return listJobHandlers()
    .filter((h) => !h.platformOnly || caller.platform)
    .map((h) => ({ name: h.name, description: t(lang, h.descriptionKey), platformOnly: Boolean(h.platformOnly), paramsExample: h.paramsExample ?? null }));
}
