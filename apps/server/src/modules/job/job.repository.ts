import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db.ts';
import type { JobRow, StreamEdge, StreamNode } from './job.table.ts';

/**
 * The scheduler engine's SQL (job.engine.ts and its parts). Times that decide something — which
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
export async function runStates(db: Executor, ids: number[]): Promise<RunState[]> {
  const rows = rowsOf<{ id: number; result: string; instance_id: string | null; cancel_requested: boolean }>(
    await db.execute(sql`select id, result, instance_id, cancel_requested from sys_job_log where id = any(${idArray(ids)})`),
  );
  return rows.map((r) => ({ id: Number(r.id), result: r.result, instanceId: r.instance_id, cancelRequested: Boolean(r.cancel_requested) }));
}

/** Records of the job still in flight in other instances, claimed before `recordId`. */
export async function earlierRemoteRuns(db: Executor, jobId: number, recordId: number, instanceId: string): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`select id from sys_job_log where job_id = ${jobId} and result = 'normal' and id < ${recordId}
      and instance_id is not null and instance_id <> ${instanceId}`),
  ).map((r) => Number(r.id));
}

/** Asks the instances running these records to cancel them (cover blocking strategy). */
export async function requestCancel(db: Executor, ids: number[]): Promise<void> {
  await db.execute(sql`update sys_job_log set cancel_requested = true where id = any(${idArray(ids)}) and result = 'normal'`);
}

/** Which of these records are still in flight. */
export async function stillRunning(db: Executor, ids: number[]): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(sql`select id from sys_job_log where id = any(${idArray(ids)}) and result = 'normal'`)).map((r) => Number(r.id));
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
export async function anyLostRun(db: Executor, instanceId: string, leaseMs: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from sys_job_log l where ${lostWhere(instanceId, leaseMs)} limit 1`)).length > 0;
}

/** Locks up to 500 runs of lost instances (skip locked: another survivor may be reaping). */
export async function lockLostRuns(tx: Tx, instanceId: string, leaseMs: number): Promise<LostRun[]> {
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
export async function failLostRuns(tx: Tx, fail: { id: number; note: string }[]): Promise<void> {
  await tx.execute(sql`update sys_job_log l set result = 'fail', finished_at = now(),
      duration_ms = case when l.started_at is null then null else (extract(epoch from (now() - l.started_at)) * 1000)::int end,
      detail = case when l.detail is null then v.note else l.detail || E'\n' || v.note end
    from jsonb_to_recordset(${JSON.stringify(fail)}::jsonb) as v(id bigint, note text) where l.id = v.id`);
}

/** Puts lost runs back in the waiting queue for their next attempt, due `delay` seconds after `now` (the engine's clock). */
export async function redispatchLostRuns(tx: Tx, retry: { id: number; delay: number; note: string }[], now: Date): Promise<void> {
  await tx.execute(sql`update sys_job_log l set instance_id = null, attempt = l.attempt + 1, started_at = null,
      due_at = ${now.toISOString()}::timestamptz + make_interval(secs => v.delay),
      detail = case when l.detail is null then v.note else l.detail || E'\n' || v.note end
    from jsonb_to_recordset(${JSON.stringify(retry)}::jsonb) as v(id bigint, delay int, note text) where l.id = v.id`);
}

// ---- claiming due fires -----------------------------------------------------------------

/** A cheap look: is any active job due before the horizon? */
export async function anyJobDue(db: Executor, horizon: Date): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from sys_job where status = 0 and next_fire_at is not null and next_fire_at <= ${horizon.toISOString()} limit 1`)).length > 0;
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
export async function lockDueJobs(tx: Tx, instanceId: string, leaseMs: number, horizon: Date, limit: number): Promise<DueJob[]> {
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
export async function loadJobs(db: Executor, ids: number[]): Promise<JobRow[]> {
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
export async function insertFires(tx: Tx, instanceId: string, inserts: FireInsert[], updates: JobAdvance[]): Promise<{ id: number; jobId: number; plannedAt: Date; dueAt: Date }[]> {
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
export async function claimWaitingRecords(db: Executor, instanceId: string, leaseMs: number, horizon: Date, limit: number): Promise<WaitingRecord[]> {
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
export async function unclaimRecords(db: Executor, instanceId: string, ids: number[]): Promise<void> {
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
export async function writeResults(db: Executor, instanceId: string, batch: ResultWrite[]): Promise<{ id: number; result: string; streamRunId: number | null }[]> {
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
export async function anyStreamDue(db: Executor, now: Date): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from sys_job_stream where status = 0 and next_fire_at is not null and next_fire_at <= ${now.toISOString()} limit 1`)).length > 0;
}

/** Locks up to 50 active streams due at `now` (skip locked). */
export async function lockDueStreams(tx: Tx, now: Date): Promise<DueStream[]> {
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

export async function setStreamFires(tx: Tx, streamId: number, next: Date | null, prev: Date): Promise<void> {
  await tx.execute(sql`update sys_job_stream set next_fire_at = ${iso(next)}, prev_fire_at = ${prev.toISOString()} where id = ${streamId}`);
}
