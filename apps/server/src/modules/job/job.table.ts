import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgs } from '../system/index.ts';
import { id } from '../../platform/columns.ts';

const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Scheduled jobs (spec section 3). `nextFireAt` is the next planned fire; the scheduler of
 * any server process claims due rows with `for update skip locked` and moves it on in the
 * same transaction that writes the fire's dispatch record.
 */
export const jobs = pgTable(
  'sys_job',
  {
    id: id(),
    orgId: ref('org_id')
      .notNull()
      .references(() => orgs.id),
    jobName: varchar('job_name', { length: 64 }).notNull(),
    jobGroup: varchar('job_group', { length: 64 }).notNull(),
    /** bean | http */
    jobType: varchar('job_type', { length: 8 }).notNull(),
    /** Registered handler name of a bean job. */
    beanName: varchar('bean_name', { length: 64 }),
    /** monolithic (sticks to one server process) | distributed (any process, per fire) */
    architecture: varchar('architecture', { length: 16 }).notNull().default('distributed'),
    /** cron | interval */
    triggerType: varchar('trigger_type', { length: 8 }).notNull(),
    cronExpr: varchar('cron_expr', { length: 200 }),
    intervalSeconds: bigint('interval_seconds', { mode: 'number' }).notNull().default(0),
    repeatCount: integer('repeat_count').notNull().default(-1),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time'),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    skipNonWorkDays: boolean('skip_non_work_days').notNull().default(false),
    executorPath: varchar('executor_path', { length: 300 }),
    executorIp: varchar('executor_ip', { length: 255 }),
    executorHost: integer('executor_host'),
    httpMethod: varchar('http_method', { length: 8 }).notNull().default('POST'),
    executeData: jsonb('execute_data'),
    /** HTTP jobs: keep the start of the executor's answer in the dispatch record (off: status and duration only). */
    recordAnswer: boolean('record_answer').notNull().default(false),
    description: varchar('description', { length: 500 }),
    /** 0 normal, 1 paused */
    status: smallint('status').notNull().default(0),
    /** fireOnce | skip */
    misfirePolicy: varchar('misfire_policy', { length: 16 }).notNull().default('fireOnce'),
    /** serial | discard | cover */
    blockingStrategy: varchar('blocking_strategy', { length: 16 }).notNull().default('serial'),
    timeoutSeconds: integer('timeout_seconds').notNull().default(0),
    retryCount: smallint('retry_count').notNull().default(0),
    retryDelaySeconds: integer('retry_delay_seconds').notNull().default(0),
    alarmOnFailure: boolean('alarm_on_failure').notNull().default(true),
    prevFireAt: ts('prev_fire_at'),
    nextFireAt: ts('next_fire_at'),
    /** Scheduled fires so far (repeatCount + 1 is the limit). Manual runs do not count. */
    fireCount: bigint('fire_count', { mode: 'number' }).notNull().default(0),
    /** Instance that runs a monolithic job while its heartbeat is fresh. */
    ownerInstance: varchar('owner_instance', { length: 100 }),
    createdBy: ref('created_by'),
    creatorName: varchar('creator_name', { length: 64 }),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_job_org_group_name_uq').on(t.orgId, t.jobGroup, t.jobName),
    index('sys_job_due_idx')
      .on(t.nextFireAt)
      .where(sql`${t.status} = 0 and ${t.nextFireAt} is not null`),
    index('sys_job_org_idx').on(t.orgId, t.id),
    check('sys_job_type_ck', sql`${t.jobType} in ('bean', 'http')`),
    check('sys_job_arch_ck', sql`${t.architecture} in ('monolithic', 'distributed')`),
    check('sys_job_trigger_ck', sql`${t.triggerType} in ('cron', 'interval')`),
    check('sys_job_interval_ck', sql`${t.intervalSeconds} between 0 and 9999999999`),
    check('sys_job_repeat_ck', sql`${t.repeatCount} between -1 and 9999999`),
    check('sys_job_window_ck', sql`${t.endTime} is null or ${t.endTime} >= ${t.startTime}`),
    check('sys_job_status_ck', sql`${t.status} in (0, 1)`),
    check('sys_job_misfire_ck', sql`${t.misfirePolicy} in ('fireOnce', 'skip')`),
    check('sys_job_blocking_ck', sql`${t.blockingStrategy} in ('serial', 'discard', 'cover')`),
    check('sys_job_retry_ck', sql`${t.retryCount} between 0 and 10 and ${t.retryDelaySeconds} >= 0 and ${t.timeoutSeconds} >= 0`),
  ],
);

/**
 * Dispatch records: one row per fire (scheduled, manual or a stream step). A row with result
 * `normal` is in flight: `instanceId` null means waiting for any scheduler to claim it, else
 * the process running it (its lease is that instance's heartbeat). The partial unique index
 * makes a planned fire of a job exist at most once, whatever the number of processes.
 */
export const jobLogs = pgTable(
  'sys_job_log',
  {
    id: id(),
    orgId: ref('org_id').notNull(),
    jobId: ref('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    jobName: varchar('job_name', { length: 64 }).notNull(),
    jobGroup: varchar('job_group', { length: 64 }).notNull(),
    /** schedule | manual | stream */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    manual: boolean('manual').notNull().default(false),
    serviceName: varchar('service_name', { length: 400 }),
    /** bean | http */
    callMode: varchar('call_mode', { length: 16 }),
    plannedAt: ts('planned_at').notNull(),
    /** When it may start (planned time, or later for a re-dispatched retry). */
    dueAt: ts('due_at').notNull(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    durationMs: integer('duration_ms'),
    /** normal (in flight) | success | complete | fail | error | block */
    result: varchar('result', { length: 16 }).notNull().default('normal'),
    httpStatus: smallint('http_status'),
    detail: text('detail'),
    attempt: smallint('attempt').notNull().default(0),
    timedOut: boolean('timed_out').notNull().default(false),
    instanceId: varchar('instance_id', { length: 100 }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    params: jsonb('params'),
    streamRunId: ref('stream_run_id'),
    nodeKey: varchar('node_key', { length: 64 }),
    createdBy: ref('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_job_log_fire_uq')
      .on(t.jobId, t.plannedAt)
      .where(sql`${t.trigger} = 'schedule'`),
    uniqueIndex('sys_job_log_step_uq')
      .on(t.streamRunId, t.nodeKey)
      .where(sql`${t.streamRunId} is not null`),
    index('sys_job_log_org_time_idx').on(t.orgId, t.plannedAt),
    index('sys_job_log_job_idx').on(t.jobId, t.plannedAt),
    index('sys_job_log_time_idx').on(t.plannedAt),
    index('sys_job_log_active_idx')
      .on(t.jobId, t.id)
      .where(sql`${t.result} = 'normal'`),
    index('sys_job_log_instance_idx')
      .on(t.instanceId)
      .where(sql`${t.result} = 'normal'`),
    index('sys_job_log_pending_idx')
      .on(t.dueAt)
      .where(sql`${t.result} = 'normal' and ${t.instanceId} is null`),
    check('sys_job_log_result_ck', sql`${t.result} in ('normal', 'success', 'complete', 'fail', 'error', 'block')`),
    check('sys_job_log_trigger_ck', sql`${t.trigger} in ('schedule', 'manual', 'stream')`),
  ],
);

/** Scheduler processes: the heartbeat is the lease on everything the instance claimed. */
export const jobInstances = pgTable('sys_job_instance', {
  id: varchar('id', { length: 100 }).primaryKey(),
  host: varchar('host', { length: 200 }).notNull(),
  pid: integer('pid').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
  stoppedAt: ts('stopped_at'),
});

export interface StreamNode {
  key: string;
  jobId: number;
  x?: number;
  y?: number;
}
export interface StreamEdge {
  from: string;
  to: string;
  /** success: the child starts when the parent succeeded; complete: when it finished whatever the result. */
  on: 'success' | 'complete';
}

/** Job streams: a DAG of jobs; a job's success (or completion) starts the next ones. */
export const jobStreams = pgTable(
  'sys_job_stream',
  {
    id: id(),
    orgId: ref('org_id')
      .notNull()
      .references(() => orgs.id),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 500 }),
    /** 0 normal, 1 paused (its own schedule only; manual runs always work) */
    status: smallint('status').notNull().default(0),
    cronExpr: varchar('cron_expr', { length: 200 }),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    nodes: jsonb('nodes').$type<StreamNode[]>().notNull(),
    edges: jsonb('edges').$type<StreamEdge[]>().notNull(),
    prevFireAt: ts('prev_fire_at'),
    nextFireAt: ts('next_fire_at'),
    createdBy: ref('created_by'),
    creatorName: varchar('creator_name', { length: 64 }),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_job_stream_org_name_uq').on(t.orgId, t.name),
    index('sys_job_stream_due_idx')
      .on(t.nextFireAt)
      .where(sql`${t.status} = 0 and ${t.nextFireAt} is not null`),
  ],
);

/** One run of a stream; its steps are the dispatch records carrying `streamRunId`. */
export const jobStreamRuns = pgTable(
  'sys_job_stream_run',
  {
    id: id(),
    orgId: ref('org_id').notNull(),
    streamId: ref('stream_id').references(() => jobStreams.id, { onDelete: 'set null' }),
    streamName: varchar('stream_name', { length: 64 }).notNull(),
    /** schedule | manual */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    manual: boolean('manual').notNull().default(false),
    plannedAt: ts('planned_at').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    durationMs: integer('duration_ms'),
    /** running | success | fail */
    status: varchar('status', { length: 16 }).notNull().default('running'),
    graph: jsonb('graph').$type<{ nodes: (StreamNode & { jobName?: string })[]; edges: StreamEdge[] }>().notNull(),
    detail: text('detail'),
    createdBy: ref('created_by'),
  },
  (t) => [
    uniqueIndex('sys_job_stream_run_fire_uq')
      .on(t.streamId, t.plannedAt)
      .where(sql`${t.trigger} = 'schedule'`),
    index('sys_job_stream_run_org_idx').on(t.orgId, t.startedAt),
    index('sys_job_stream_run_stream_idx').on(t.streamId, t.startedAt),
    check('sys_job_stream_run_status_ck', sql`${t.status} in ('running', 'success', 'fail')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type JobLogRow = typeof jobLogs.$inferSelect;
export type JobStreamRow = typeof jobStreams.$inferSelect;
export type JobStreamRunRow = typeof jobStreamRuns.$inferSelect;
