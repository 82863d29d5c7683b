import os from 'node:os';
import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { JobListQuery, JobLogQuery, PageQuery, StreamListQuery, StreamRunListQuery } from '@venue/contract';
import type { Executor, Tx } from '../../platform/db.ts';
import { assertInScope, inScope, inScopeSql, type Scope, type SystemScope } from '../../platform/scope.ts';
import { selectPage } from '../../platform/list.ts';
import {
  jobLogs,
  jobs,
  jobStreamRuns,
  jobStreams,
  type JobLogRow,
  type JobRow,
  type JobStreamRow,
  type JobStreamRunRow,
  type StreamEdge,
  type StreamNode,
} from './job.table.ts';

/**
 * The scheduler engine's SQL (job.engine.ts and its parts). The scheduler works for every
 * organisation at once: each function over jobs, dispatch records and streams takes the
 * platform-wide SystemScope, so a call from anywhere else stands out. Times that decide something — which
 * fires are due, the claim horizon, when a lost run is due again — come in as parameters from the
 * engine's clock. Lease ages are measured on the database clock at both ends (`heartbeat_at =
 * now()`, compared with `now() - lease`): every process writes and reads them, possibly on hosts
 * whose clocks differ, and the database's clock is the one they share. Rows that are only
 * stamped (an instance's start and stop, a reaped run's end) keep `now()`.
 */

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
export const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(v as string));
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const idArray = (ids: number[]) => sql.raw(`array[${ids.map(Number).join(',')}]::bigint[]`);
const parsed = (v: unknown): unknown => (typeof v === 'string' ? safeJson(v) : v);

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

/** Maps a raw sys_job row (snake_case, from SQL) to the Drizzle row shape. */
export function jobFromRaw(r: Record<string, unknown>): JobRow {
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
    executeData: parsed(r.execute_data) ?? null,
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

// ---- instances (leases) ----------------------------------------------------------------

/** Writes the instance's heartbeat: its lease. */
export async function beat(db: Executor, instanceId: string): Promise<void> {
  await db.execute(sql`insert into sys_job_instance (id, host, pid, started_at, heartbeat_at)
    values (${instanceId}, ${os.hostname().slice(0, 200)}, ${process.pid}, now(), now())
    on conflict (id) do update set heartbeat_at = now(), stopped_at = null`);
}

export async function markInstanceStopped(db: Executor, instanceId: string): Promise<void> {
  await db.execute(sql`update sys_job_instance set stopped_at = now() where id = ${instanceId}`);
}

/** Instances gone for a day are forgotten. */
export async function forgetGoneInstances(db: Executor): Promise<void> {
  await db.execute(sql`delete from sys_job_instance where heartbeat_at < now() - interval '1 day'`);
}

/** The job's owner is free for this instance: distributed job, no owner, owned here, or the owner's lease ran out. Needs `oi` joined on the owner. */
function ownerFree(alias: 'j', instanceId: string, leaseMs: number): SQL {
  const j = sql.raw(alias);
  return sql`(${j}.architecture = 'distributed' or ${j}.owner_instance is null or ${j}.owner_instance = ${instanceId}
      or oi.id is null or oi.stopped_at is not null or oi.heartbeat_at < now() - make_interval(secs => ${leaseMs / 1000}))`;
}

// ---- runs in flight ---------------------------------------------------------------------

export interface RunState {
  id: number;
  result: string;
  instanceId: string | null;
  cancelRequested: boolean;
}

/** Result, owner and cancellation flag of the given records. */
export async function runStates(db: Executor, _scope: SystemScope, ids: number[]): Promise<RunState[]> {
  const rows = rowsOf<{ id: number; result: string; instance_id: string | null; cancel_requested: boolean }>(
    await db.execute(sql`select id, result, instance_id, cancel_requested from sys_job_log where id = any(${idArray(ids)})`),
  );
  return rows.map((r) => ({ id: Number(r.id), result: r.result, instanceId: r.instance_id, cancelRequested: Boolean(r.cancel_requested) }));
}

/** Records of the job still in flight in other instances, claimed before `recordId`. */
export async function earlierRemoteRuns(db: Executor, _scope: SystemScope, jobId: number, recordId: number, instanceId: string): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`select id from sys_job_log where job_id = ${jobId} and result = 'normal' and id < ${recordId}
      and instance_id is not null and instance_id <> ${instanceId}`),
  ).map((r) => Number(r.id));
}

/** Asks the instances running these records to cancel them (cover blocking strategy). */
export async function requestCancel(db: Executor, _scope: SystemScope, ids: number[]): Promise<void> {
  await db.execute(sql`update sys_job_log set cancel_requested = true where id = any(${idArray(ids)}) and result = 'normal'`);
}

/** Which of these records are still in flight. */
export async function stillRunning(db: Executor, _scope: SystemScope, ids: number[]): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(sql`select id from sys_job_log where id = any(${idArray(ids)}) and result = 'normal'`)).map((r) =>
    Number(r.id),
  );
}

// ---- lost runs (reaping) ----------------------------------------------------------------

export interface LostRun {
  id: number;
  orgId: number;
  jobId: number | null;
  jobName: string;
  jobGroup: string;
  attempt: number;
  instanceId: string;
  streamRunId: number | null;
  started: boolean;
  plannedAt: Date;
  /** Null when the job is gone. */
  retryCount: number | null;
  retryDelaySeconds: number;
  alarmOnFailure: boolean;
}

const lostWhere = (instanceId: string, leaseMs: number) => sql`l.result = 'normal' and l.instance_id is not null and l.instance_id <> ${instanceId}
  and not exists (select 1 from sys_job_instance i where i.id = l.instance_id and i.stopped_at is null
                  and i.heartbeat_at >= now() - make_interval(secs => ${leaseMs / 1000}))`;

/** A cheap look: is any run held by an instance whose lease ran out? */
export async function anyLostRun(db: Executor, _scope: SystemScope, instanceId: string, leaseMs: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from sys_job_log l where ${lostWhere(instanceId, leaseMs)} limit 1`)).length > 0;
}

/** Locks up to 500 runs of lost instances (skip locked: another survivor may be reaping). */
export async function lockLostRuns(tx: Tx, _scope: SystemScope, instanceId: string, leaseMs: number): Promise<LostRun[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select l.id, l.org_id, l.job_id, l.job_name, l.job_group, l.attempt, l.instance_id, l.stream_run_id, l.started_at, l.planned_at,
             j.retry_count, j.retry_delay_seconds, j.alarm_on_failure
      from sys_job_log l left join sys_job j on j.id = l.job_id
      where ${lostWhere(instanceId, leaseMs)}
      order by l.id limit 500
      for update of l skip locked`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    orgId: Number(r.org_id),
    jobId: r.job_id === null ? null : Number(r.job_id),
    jobName: r.job_name as string,
    jobGroup: r.job_group as string,
    attempt: Number(r.attempt),
    instanceId: r.instance_id as string,
    streamRunId: r.stream_run_id === null ? null : Number(r.stream_run_id),
    started: r.started_at !== null,
    plannedAt: toDate(r.planned_at)!,
    retryCount: r.retry_count === null ? null : Number(r.retry_count),
    retryDelaySeconds: Number(r.retry_delay_seconds ?? 0),
    alarmOnFailure: r.alarm_on_failure !== false,
  }));
}

/** Records lost runs as failed, with a note each (their end is stamped by the database). */
export async function failLostRuns(tx: Tx, _scope: SystemScope, fail: { id: number; note: string }[]): Promise<void> {
  await tx.execute(sql`update sys_job_log l set result = 'fail', finished_at = now(),
      duration_ms = case when l.started_at is null then null else (extract(epoch from (now() - l.started_at)) * 1000)::int end,
      detail = case when l.detail is null then v.note else l.detail || E'\n' || v.note end
    from jsonb_to_recordset(${JSON.stringify(fail)}::jsonb) as v(id bigint, note text) where l.id = v.id`);
}

/** Puts lost runs back in the waiting queue for their next attempt, due `delay` seconds after `now` (the engine's clock). */
export async function redispatchLostRuns(tx: Tx, _scope: SystemScope, retry: { id: number; delay: number; note: string }[], now: Date): Promise<void> {
  await tx.execute(sql`update sys_job_log l set instance_id = null, attempt = l.attempt + 1, started_at = null,
      due_at = ${now.toISOString()}::timestamptz + make_interval(secs => v.delay),
      detail = case when l.detail is null then v.note else l.detail || E'\n' || v.note end
    from jsonb_to_recordset(${JSON.stringify(retry)}::jsonb) as v(id bigint, delay int, note text) where l.id = v.id`);
}

// ---- claiming due fires -----------------------------------------------------------------

/** A cheap look: is any active job due before the horizon? */
export async function anyJobDue(db: Executor, _scope: SystemScope, horizon: Date): Promise<boolean> {
  return (
    rowsOf(await db.execute(sql`select 1 from sys_job where status = 0 and next_fire_at is not null and next_fire_at <= ${horizon.toISOString()} limit 1`))
      .length > 0
  );
}

export interface DueJob {
  id: number;
  version: number;
  nextFireAt: Date | null;
  prevFireAt: Date | null;
  fireCount: number;
  ownerInstance: string | null;
  /** A run of the job is in flight in another instance. */
  busy: boolean;
}

/** Locks the moving parts of active jobs due before the horizon whose owner is free for this instance (skip locked). */
export async function lockDueJobs(tx: Tx, _scope: SystemScope, instanceId: string, leaseMs: number, horizon: Date, limit: number): Promise<DueJob[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select j.id, j.version, j.next_fire_at, j.prev_fire_at, j.fire_count, j.owner_instance,
        exists (select 1 from sys_job_log l where l.job_id = j.id and l.result = 'normal'
                and l.instance_id is not null and l.instance_id <> ${instanceId}) as busy
      from sys_job j left join sys_job_instance oi on oi.id = j.owner_instance
      where j.status = 0 and j.next_fire_at is not null and j.next_fire_at <= ${horizon.toISOString()}
        and ${ownerFree('j', instanceId, leaseMs)}
      order by j.next_fire_at limit ${limit}
      for update of j skip locked`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    version: Number(r.version),
    nextFireAt: toDate(r.next_fire_at),
    prevFireAt: toDate(r.prev_fire_at),
    fireCount: Number(r.fire_count),
    ownerInstance: (r.owner_instance as string) ?? null,
    busy: r.busy === true || r.busy === 't',
  }));
}

/** Job definitions by id. */
export async function loadJobs(db: Executor, _scope: SystemScope, ids: number[]): Promise<JobRow[]> {
  if (!ids.length) return [];
  return rowsOf<Record<string, unknown>>(await db.execute(sql`select * from sys_job where id = any(${idArray(ids)})`)).map(jobFromRaw);
}

export interface FireInsert {
  org_id: number;
  job_id: number;
  job_name: string;
  job_group: string;
  service_name: string;
  call_mode: string;
  planned_at: string;
  due_at: string;
  detail: string | null;
}

export interface JobAdvance {
  id: number;
  next: string | null;
  prev: string | null;
  fire_count: number;
  owner: string | null;
}

/**
 * One statement: the fires' dispatch records (claimed by this instance; one per job and planned
 * time, whatever the number of processes) and the jobs' next fire times. Answers the records made.
 */
export async function insertFires(
  tx: Tx,
  _scope: SystemScope,
  instanceId: string,
  inserts: FireInsert[],
  updates: JobAdvance[],
): Promise<{ id: number; jobId: number; plannedAt: Date; dueAt: Date }[]> {
  const rows = rowsOf<{ id: number; job_id: number; planned_at: Date | string; due_at: Date | string }>(
    await tx.execute(sql`
      with ins as (
        insert into sys_job_log (org_id, job_id, job_name, job_group, trigger, manual, service_name, call_mode, planned_at, due_at, instance_id, detail)
        select v.org_id, v.job_id, v.job_name, v.job_group, 'schedule', false, v.service_name, v.call_mode, v.planned_at, v.due_at, ${instanceId}, v.detail
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
  return rows.map((r) => ({ id: Number(r.id), jobId: Number(r.job_id), plannedAt: toDate(r.planned_at)!, dueAt: toDate(r.due_at)! }));
}

export interface WaitingRecord {
  id: number;
  orgId: number;
  jobId: number | null;
  jobName: string;
  jobGroup: string;
  trigger: string;
  plannedAt: Date;
  dueAt: Date;
  attempt: number;
  params: unknown;
  streamRunId: number | null;
}

/** Claims up to `limit` waiting records (manual runs, stream steps, lost runs again) due before the horizon (skip locked). */
export async function claimWaitingRecords(
  db: Executor,
  _scope: SystemScope,
  instanceId: string,
  leaseMs: number,
  horizon: Date,
  limit: number,
): Promise<WaitingRecord[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      update sys_job_log l set instance_id = ${instanceId}
      where l.id in (
        select p.id from sys_job_log p
          left join sys_job j on j.id = p.job_id
          left join sys_job_instance oi on oi.id = j.owner_instance
        where p.result = 'normal' and p.instance_id is null and p.due_at <= ${horizon.toISOString()}
          and (j.id is null or ${ownerFree('j', instanceId, leaseMs)})
        order by p.due_at limit ${limit}
        for update of p skip locked)
        and l.result = 'normal' and l.instance_id is null
      returning l.id, l.org_id, l.job_id, l.job_name, l.job_group, l.trigger, l.planned_at, l.due_at, l.attempt, l.params, l.stream_run_id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    orgId: Number(r.org_id),
    jobId: r.job_id === null ? null : Number(r.job_id),
    jobName: r.job_name as string,
    jobGroup: r.job_group as string,
    trigger: r.trigger as string,
    plannedAt: toDate(r.planned_at)!,
    dueAt: toDate(r.due_at)!,
    attempt: Number(r.attempt),
    params: parsed(r.params),
    streamRunId: r.stream_run_id === null ? null : Number(r.stream_run_id),
  }));
}

/**
 * Gives back fires this instance claimed and did not start (on stop). Scheduled fires are
 * un-claimed as if never claimed: the job's next fire goes back to them, so after a restart the
 * misfire policy decides about them. Others (manual runs, stream steps, retries) go back to the
 * waiting queue for any scheduler.
 */
export async function unclaimRecords(db: Executor, _scope: SystemScope, instanceId: string, ids: number[]): Promise<void> {
  const arr = idArray(ids);
  await db.execute(sql`
    with gone as (
      delete from sys_job_log where id = any(${arr}) and result = 'normal' and instance_id = ${instanceId}
        and trigger = 'schedule' and attempt = 0 and started_at is null
      returning job_id, planned_at)
    update sys_job j set
      next_fire_at = case when j.status <> 0 then null when j.next_fire_at is null or g.first < j.next_fire_at then g.first else j.next_fire_at end,
      fire_count = greatest(0, j.fire_count - g.n)
    from (select job_id, min(planned_at) as first, count(*)::int as n from gone group by job_id) g
    where j.id = g.job_id`);
  await db.execute(sql`update sys_job_log set instance_id = null, detail = coalesce(detail || E'\n', '') || ${`released by stopping instance ${instanceId}`}
    where id = any(${arr}) and result = 'normal' and instance_id = ${instanceId}`);
}

// ---- results ----------------------------------------------------------------------------

/** A start or an end of a run, written behind (null: unchanged). */
export interface ResultWrite {
  id: number;
  started_at: string | null;
  result: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  http_status: number | null;
  detail: string | null;
  timed_out: boolean | null;
  attempt: number | null;
}

/**
 * Writes starts and ends in one statement, guarded by `result = 'normal' and instance_id = me`
 * (a process that lost its lease cannot overwrite what a survivor recorded). Detail lines are
 * appended. Answers the records written.
 */
export async function writeResults(
  db: Executor,
  _scope: SystemScope,
  instanceId: string,
  batch: ResultWrite[],
): Promise<{ id: number; result: string; streamRunId: number | null }[]> {
  const rows = rowsOf<{ id: number; result: string; stream_run_id: number | null }>(
    await db.execute(sql`
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
      where l.id = v.id and l.result = 'normal' and l.instance_id = ${instanceId}
      returning l.id, l.result, l.stream_run_id`),
  );
  return rows.map((r) => ({ id: Number(r.id), result: r.result, streamRunId: r.stream_run_id === null ? null : Number(r.stream_run_id) }));
}

// ---- streams ----------------------------------------------------------------------------

export interface DueStream {
  id: number;
  orgId: number;
  name: string;
  cronExpr: string;
  timeZone: string;
  nextFireAt: Date;
  nodes: StreamNode[];
  edges: StreamEdge[];
}

/** A cheap look: is any active stream due at `now` (the engine's clock)? */
export async function anyStreamDue(db: Executor, _scope: SystemScope, now: Date): Promise<boolean> {
  return (
    rowsOf(await db.execute(sql`select 1 from sys_job_stream where status = 0 and next_fire_at is not null and next_fire_at <= ${now.toISOString()} limit 1`))
      .length > 0
  );
}

/** Locks up to 50 active streams due at `now` (skip locked). */
export async function lockDueStreams(tx: Tx, _scope: SystemScope, now: Date): Promise<DueStream[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`select * from sys_job_stream where status = 0 and next_fire_at is not null and next_fire_at <= ${now.toISOString()}
      order by next_fire_at limit 50 for update skip locked`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    orgId: Number(r.org_id),
    name: r.name as string,
    cronExpr: r.cron_expr as string,
    timeZone: r.time_zone as string,
    nextFireAt: toDate(r.next_fire_at)!,
    nodes: (typeof r.nodes === 'string' ? JSON.parse(r.nodes) : r.nodes) as StreamNode[],
    edges: (typeof r.edges === 'string' ? JSON.parse(r.edges) : r.edges) as StreamEdge[],
  }));
}

export async function setStreamFires(tx: Tx, _scope: SystemScope, streamId: number, next: Date | null, prev: Date): Promise<void> {
  await tx.execute(sql`update sys_job_stream set next_fire_at = ${iso(next)}, prev_fire_at = ${prev.toISOString()} where id = ${streamId}`);
}

// ---- jobs, records, streams and runs on behalf of a caller ------------------------------------
// Every function below filters each read and write on the scope (a caller's reach, or
// SYSTEM_SCOPE for the scheduler and the shipped maintenance jobs).

const like = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export async function findJob(db: Executor, scope: Scope, id: number): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), inScope(scope, jobs.orgId)));
  return row;
}

/** Id and name of the jobs among `ids` in the scope. */
export async function findJobsByIds(db: Executor, scope: Scope, ids: number[]): Promise<{ id: number; jobName: string }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: jobs.id, jobName: jobs.jobName })
    .from(jobs)
    .where(and(inArray(jobs.id, ids), inScope(scope, jobs.orgId)));
}

/** Of the given jobs, those of one organisation (of the scope): the jobs a stream of that organisation may run. */
export async function jobIdsOfOrg(db: Executor, scope: Scope, orgId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.id, ids), eq(jobs.orgId, orgId), inScope(scope, jobs.orgId)));
  return new Set(rows.map((r) => r.id));
}

/** Inserts a job in an organisation of the scope (100404 otherwise); a duplicate name throws the unique violation. */
export async function insertJob(
  db: Executor,
  scope: Scope,
  values: typeof jobs.$inferInsert,
  opts: { ignoreDuplicate?: boolean } = {},
): Promise<JobRow | undefined> {
  await assertInScope(db, scope, [values.orgId]);
  const q = db.insert(jobs).values(values);
  const [row] = await (opts.ignoreDuplicate ? q.onConflictDoNothing() : q).returning();
  return row;
}

/** Updates a job of the scope at this version (no row when stale or outside). */
export async function updateJobRow(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof jobs.$inferInsert, 'orgId' | 'id'>>,
): Promise<JobRow[]> {
  return db
    .update(jobs)
    .set({ ...values, version: sql`${jobs.version} + 1`, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.version, version), inScope(scope, jobs.orgId)))
    .returning();
}

/** Pauses (1) or resumes (0) a job of the scope that is still in `from` (no row otherwise). */
export async function setJobStatusRow(db: Executor, scope: Scope, id: number, from: number, status: number, nextFireAt: Date | null): Promise<JobRow[]> {
  return db
    .update(jobs)
    .set({ status, nextFireAt, version: sql`${jobs.version} + 1`, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.status, from), inScope(scope, jobs.orgId)))
    .returning();
}

export async function deleteJobRows(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const gone = await db
    .delete(jobs)
    .where(and(inArray(jobs.id, ids), inScope(scope, jobs.orgId)))
    .returning({ id: jobs.id });
  return gone.length;
}

/** The name of a stream of the scope that runs the job, if any. */
export async function streamUsingJob(db: Executor, scope: Scope, jobId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: jobStreams.name })
    .from(jobStreams)
    .where(and(sql`${jobStreams.nodes} @> ${JSON.stringify([{ jobId }])}::jsonb`, inScope(scope, jobStreams.orgId)))
    .limit(1);
  return row?.name;
}

/** The filters of `POST job/list` (its paging and sort are the caller's). */
export type JobFilter = Omit<JobListQuery, keyof PageQuery>;

function jobWhere(scope: Scope, q: JobFilter): SQL | undefined {
  return and(
    inScope(scope, jobs.orgId),
    q.jobName ? ilike(jobs.jobName, like(q.jobName)) : undefined,
    q.jobGroup ? ilike(jobs.jobGroup, like(q.jobGroup)) : undefined,
    q.jobType ? eq(jobs.jobType, q.jobType) : undefined,
    q.triggerType ? eq(jobs.triggerType, q.triggerType) : undefined,
    q.status !== undefined ? eq(jobs.status, q.status) : undefined,
  );
}

export const jobSorts = {
  jobName: jobs.jobName,
  jobGroup: jobs.jobGroup,
  nextFireTime: jobs.nextFireAt,
  prevFireTime: jobs.prevFireAt,
  createTime: jobs.createdAt,
  id: jobs.id,
  status: jobs.status,
};
export const jobDefaultOrder = desc(jobs.id);

export async function pageJobs(
  db: Executor,
  scope: Scope,
  q: JobFilter,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<{ total: number; rows: JobRow[] }> {
  const where = jobWhere(scope, q);
  return selectPage(db, jobs, where, order, { limit, offset });
}

/** A manual run: a waiting dispatch record of a job of the scope. */
export async function insertManualRecord(db: Executor, scope: Scope, values: typeof jobLogs.$inferInsert): Promise<JobLogRow> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(jobLogs).values(values).returning();
  return row!;
}

/** The filters of `POST job/log/list`, but `from` and `to` as instants: the service reads the texts sent. */
export type RecordFilter = Omit<JobLogQuery, keyof PageQuery | 'from' | 'to'> & { from?: Date | null; to?: Date | null };

function recordWhere(scope: Scope, q: RecordFilter): SQL | undefined {
  return and(
    inScope(scope, jobLogs.orgId),
    q.jobId ? eq(jobLogs.jobId, q.jobId) : undefined,
    q.jobName ? ilike(jobLogs.jobName, like(q.jobName)) : undefined,
    q.jobGroup ? ilike(jobLogs.jobGroup, like(q.jobGroup)) : undefined,
    q.result ? eq(jobLogs.result, q.result) : undefined,
    q.manual !== undefined ? eq(jobLogs.manual, q.manual) : undefined,
    q.trigger ? eq(jobLogs.trigger, q.trigger) : undefined,
    q.streamRunId ? eq(jobLogs.streamRunId, q.streamRunId) : undefined,
    q.instanceId ? eq(jobLogs.instanceId, q.instanceId) : undefined,
    q.from ? gte(jobLogs.plannedAt, q.from) : undefined,
    q.to ? lte(jobLogs.plannedAt, q.to) : undefined,
  );
}

export const recordSorts = {
  plannedAt: jobLogs.plannedAt,
  startedAt: jobLogs.startedAt,
  durationMs: jobLogs.durationMs,
  jobName: jobLogs.jobName,
  result: jobLogs.result,
  id: jobLogs.id,
};
export const recordDefaultOrder = [desc(jobLogs.plannedAt), desc(jobLogs.id)];

export async function pageRecords(
  db: Executor,
  scope: Scope,
  q: RecordFilter,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<{ total: number; rows: JobLogRow[] }> {
  const where = recordWhere(scope, q);
  return selectPage(db, jobLogs, where, order, { limit, offset });
}

export async function findRecord(db: Executor, scope: Scope, id: number): Promise<JobLogRow | undefined> {
  const [row] = await db
    .select()
    .from(jobLogs)
    .where(and(eq(jobLogs.id, id), inScope(scope, jobLogs.orgId)));
  return row;
}

/** The dispatch records of a stream run of the scope, in order. */
export async function recordsOfRun(db: Executor, scope: Scope, runId: number): Promise<JobLogRow[]> {
  return db
    .select()
    .from(jobLogs)
    .where(and(eq(jobLogs.streamRunId, runId), inScope(scope, jobLogs.orgId)))
    .orderBy(asc(jobLogs.id));
}

export async function findStream(db: Executor, scope: Scope, id: number): Promise<JobStreamRow | undefined> {
  const [row] = await db
    .select()
    .from(jobStreams)
    .where(and(eq(jobStreams.id, id), inScope(scope, jobStreams.orgId)));
  return row;
}

/** Ids of the streams among `ids` in the scope. */
export async function findStreamIds(db: Executor, scope: Scope, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: jobStreams.id })
    .from(jobStreams)
    .where(and(inArray(jobStreams.id, ids), inScope(scope, jobStreams.orgId)));
  return rows.map((r) => r.id);
}

export async function insertStream(db: Executor, scope: Scope, values: typeof jobStreams.$inferInsert): Promise<JobStreamRow> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(jobStreams).values(values).returning();
  return row!;
}

export async function updateStreamRow(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof jobStreams.$inferInsert, 'orgId' | 'id'>>,
): Promise<JobStreamRow[]> {
  return db
    .update(jobStreams)
    .set({ ...values, version: sql`${jobStreams.version} + 1`, updatedAt: new Date() })
    .where(and(eq(jobStreams.id, id), eq(jobStreams.version, version), inScope(scope, jobStreams.orgId)))
    .returning();
}

export async function deleteStreamRows(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const gone = await db
    .delete(jobStreams)
    .where(and(inArray(jobStreams.id, ids), inScope(scope, jobStreams.orgId)))
    .returning({ id: jobStreams.id });
  return gone.length;
}

export const streamSorts = { name: jobStreams.name, nextFireTime: jobStreams.nextFireAt, createTime: jobStreams.createdAt, id: jobStreams.id };
export const streamDefaultOrder = desc(jobStreams.id);

export async function pageStreams(
  db: Executor,
  scope: Scope,
  q: Omit<StreamListQuery, keyof PageQuery>,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<{ total: number; rows: JobStreamRow[] }> {
  const where = and(
    inScope(scope, jobStreams.orgId),
    q.name ? ilike(jobStreams.name, like(q.name)) : undefined,
    q.status !== undefined ? eq(jobStreams.status, q.status) : undefined,
  );
  return selectPage(db, jobStreams, where, order, { limit, offset });
}

export const runSorts = { startedAt: jobStreamRuns.startedAt, durationMs: jobStreamRuns.durationMs, status: jobStreamRuns.status, id: jobStreamRuns.id };
export const runDefaultOrder = desc(jobStreamRuns.id);

export async function pageStreamRuns(
  db: Executor,
  scope: Scope,
  q: Omit<StreamRunListQuery, keyof PageQuery>,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<{ total: number; rows: JobStreamRunRow[] }> {
  const where = and(
    inScope(scope, jobStreamRuns.orgId),
    q.streamId ? eq(jobStreamRuns.streamId, q.streamId) : undefined,
    q.status ? eq(jobStreamRuns.status, q.status) : undefined,
  );
  return selectPage(db, jobStreamRuns, where, order, { limit, offset });
}

export async function findStreamRun(db: Executor, scope: Scope, id: number): Promise<JobStreamRunRow | undefined> {
  const [row] = await db
    .select()
    .from(jobStreamRuns)
    .where(and(eq(jobStreamRuns.id, id), inScope(scope, jobStreamRuns.orgId)));
  return row;
}

// ---- stream runs advancing (API "run now" and the scheduler) ---------------------------------

export interface JobBrief {
  id: number;
  org_id: number;
  job_name: string;
  job_group: string;
  job_type: string;
  bean_name: string | null;
  executor_ip: string | null;
  executor_host: number | null;
  executor_path: string | null;
}

/** What a stream step needs of its jobs (of the scope). */
export async function jobBriefs(db: Executor, scope: Scope, ids: number[]): Promise<JobBrief[]> {
  if (!ids.length) return [];
  return rowsOf<JobBrief>(
    await db.execute(sql`select id, org_id, job_name, job_group, job_type, bean_name, executor_ip, executor_host, executor_path from sys_job
      where id = any(${idArray(ids)}) and ${inScopeSql(scope, sql`org_id`)}`),
  );
}

export interface StepInsert {
  org_id: number;
  job_id: number | null;
  job_name: string;
  job_group: string;
  service_name: string | null;
  call_mode: string | null;
  node_key: string;
  result: string;
  detail: string | null;
}

/** Inserts the waiting dispatch records of a run's steps (at most once per node), in organisations of the scope. Answers how many. */
export async function insertStreamSteps(
  db: Executor,
  scope: Scope,
  runId: number,
  manual: boolean,
  createdBy: number | null,
  rows: StepInsert[],
): Promise<number> {
  if (!rows.length) return 0;
  const ins = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into sys_job_log (org_id, job_id, job_name, job_group, trigger, manual, service_name, call_mode, planned_at, due_at, result, detail, finished_at, stream_run_id, node_key, created_by)
      select v.org_id, v.job_id, v.job_name, v.job_group, 'stream', ${manual}, v.service_name, v.call_mode, now(), now(), v.result, v.detail,
             case when v.result = 'normal' then null else now() end, ${runId}, v.node_key, ${createdBy}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(org_id bigint, job_id bigint, job_name text, job_group text, service_name text, call_mode text, node_key text, result text, detail text)
      where ${inScopeSql(scope, sql`v.org_id`)}
      on conflict (stream_run_id, node_key) where stream_run_id is not null do nothing
      returning id`),
  );
  return ins.length;
}

/** Starts a run of a stream of the scope (a scheduled fire at most once). Answers the run id, or null when the fire already ran. */
export async function insertStreamRun(
  db: Executor,
  scope: Scope,
  run: { orgId: number; streamId: number; streamName: string; trigger: string; plannedAt: Date; graph: unknown; createdBy: number | null },
): Promise<number | null> {
  await assertInScope(db, scope, [run.orgId]);
  const res = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into sys_job_stream_run (org_id, stream_id, stream_name, trigger, manual, planned_at, status, graph, created_by)
      values (${run.orgId}, ${run.streamId}, ${run.streamName}, ${run.trigger}, ${run.trigger === 'manual'}, ${run.plannedAt.toISOString()}, 'running', ${JSON.stringify(run.graph)}::jsonb, ${run.createdBy})
      on conflict (stream_id, planned_at) where trigger = 'schedule' do nothing
      returning id`),
  );
  return res[0] ? Number(res[0].id) : null;
}

export interface RunLock {
  id: number;
  orgId: number;
  manual: boolean;
  status: string;
  graph: unknown;
  createdBy: number | null;
}

/** Locks a stream run of the scope (for update) to move it on. */
export async function lockStreamRun(db: Executor, scope: Scope, runId: number): Promise<RunLock | undefined> {
  const [r] = rowsOf<{ id: number; org_id: number; manual: boolean; status: string; graph: unknown; created_by: number | null }>(
    await db.execute(
      sql`select id, org_id, manual, status, graph, created_by from sys_job_stream_run where id = ${runId} and ${inScopeSql(scope, sql`org_id`)} for update`,
    ),
  );
  if (!r) return undefined;
  const graph = typeof r.graph === 'string' ? JSON.parse(r.graph) : r.graph;
  return {
    id: Number(r.id),
    orgId: Number(r.org_id),
    manual: r.manual,
    status: r.status,
    graph,
    createdBy: r.created_by === null ? null : Number(r.created_by),
  };
}

/** The results of a run's steps so far, by node. */
export async function stepResults(db: Executor, scope: Scope, runId: number): Promise<Map<string, string>> {
  const rows = rowsOf<{ node_key: string; result: string }>(
    await db.execute(sql`select node_key, result from sys_job_log where stream_run_id = ${runId} and ${inScopeSql(scope, sql`org_id`)}`),
  );
  return new Map(rows.map((s) => [s.node_key, s.result]));
}

/** Ends a running stream run of the scope. */
export async function finishStreamRun(db: Executor, scope: Scope, runId: number, status: 'success' | 'fail', summary: string): Promise<void> {
  await db.execute(sql`update sys_job_stream_run set status = ${status}, finished_at = now(),
      duration_ms = (extract(epoch from (now() - started_at)) * 1000)::int, detail = ${summary}
      where id = ${runId} and status = 'running' and ${inScopeSql(scope, sql`org_id`)}`);
}

// ---- maintenance ------------------------------------------------------------------------

/**
 * Deletes finished dispatch records (`records`: by planned time) or stream runs (`runs`: by start)
 * of the scope older than `days`, 5000 rows at a time. Answers how many.
 */
export async function purgeOldRows(db: Executor, scope: Scope, what: 'records' | 'runs', days: number, signal: AbortSignal): Promise<number> {
  const table = what === 'records' ? sql.raw('sys_job_log') : sql.raw('sys_job_stream_run');
  const old =
    what === 'records'
      ? sql`planned_at < now() - make_interval(days => ${days}) and result <> 'normal'`
      : sql`started_at < now() - make_interval(days => ${days}) and status <> 'running'`;
  let total = 0;
  for (;;) {
    signal.throwIfAborted();
    const res = rowsOf<{ n: number }>(
      await db.execute(sql`
        with gone as (
          delete from ${table} where id in (select id from ${table} where ${old} and ${inScopeSql(scope, sql`org_id`)} limit 5000)
          returning 1)
        select count(*)::int as n from gone`),
    );
    const n = Number(res[0]?.n ?? 0);
    total += n;
    if (n < 5000) return total;
  }
}

// ---------------------------------------------------------------- record queues (a module's work run by the scheduler)

/**
 * Writes waiting dispatch records of the (first) job whose bean is `beanName`, due now, one per
 * params object, in the caller's transaction: they exist only if it commits. None when the job is
 * gone (an operator deleted it). The scheduler claims and runs them with the job's retries.
 */
export async function enqueueRuns(tx: Tx, _scope: SystemScope, beanName: string, params: readonly unknown[]): Promise<void> {
  if (!params.length) return;
  await tx.execute(sql`
    insert into sys_job_log (org_id, job_id, job_name, job_group, trigger, manual, service_name, call_mode, planned_at, due_at, params)
    select j.org_id, j.id, j.job_name, j.job_group, 'manual', false, j.bean_name, 'bean', now(), now(), d.value
    from (select id, org_id, job_name, job_group, bean_name from sys_job where bean_name = ${beanName} order by id limit 1) j
      cross join jsonb_array_elements(${JSON.stringify(params)}::jsonb) d`);
}

/** Marks a dispatch record's work done, once: false when it was marked already (a second delivery). */
export async function markRecordHandled(tx: Tx, _scope: SystemScope, recordId: number): Promise<boolean> {
  const claimed = await tx.execute(sql`
    update sys_job_log set params = params || '{"handled": true}'::jsonb
    where id = ${recordId} and not coalesce((params ->> 'handled')::boolean, false)
    returning id`);
  return (claimed as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * The params of a queue job's dispatch records not yet handled, as a subquery of one column
 * `params`: what a subscriber that recomputes its own work leaves to the deliveries still to come.
 */
export function unhandledRecordParams(_scope: SystemScope, beanName: string): SQL {
  return sql`select l.params from sys_job_log l join sys_job j on j.id = l.job_id
    where j.bean_name = ${beanName} and not coalesce((l.params ->> 'handled')::boolean, false)`;
}

/** Forgets that a queue job was shipped when it has been deleted, so it is shipped again. */
export async function forgetDeletedShipment(db: Executor, _scope: SystemScope, seededKey: string, beanName: string): Promise<void> {
  await db.execute(sql`delete from sys_meta where key = ${seededKey} and not exists (select 1 from sys_job where bean_name = ${beanName})`);
}

/**
 * A queue job runs by its records only (paused), one after another (serial: the only blocking
 * strategy that drops nothing), with its retries. Set once, while no operator has edited it.
 */
export async function setQueueJobSettings(db: Executor, _scope: SystemScope, beanName: string, retryCount: number, retryDelaySeconds: number): Promise<void> {
  await db.execute(sql`update sys_job set status = 1, next_fire_at = null, blocking_strategy = 'serial', retry_count = ${retryCount}, retry_delay_seconds = ${retryDelaySeconds}
    where bean_name = ${beanName} and creator_name = 'system' and version = 1 and status = 0 and blocking_strategy = 'discard'`);
}

/** How late the most overdue enabled job is, in seconds, across every organisation (`/metrics`). */
export async function jobLagSeconds(db: Executor, _scope: SystemScope): Promise<number> {
  const [r] = await db
    .select({ lag: sql<number>`coalesce(extract(epoch from max(now() - ${jobs.nextFireAt})), 0)::float8` })
    .from(jobs)
    .where(and(eq(jobs.status, 0), sql`${jobs.nextFireAt} < now()`));
  return Number(r?.lag ?? 0);
}
