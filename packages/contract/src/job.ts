import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { fields, isInstant, keptWhenOmitted } from './fields.ts';

export * from './job.cron.ts';
/** The grammar's reference cases, walked by the server's and the console's tests alike. */
export { acceptedCron, refusedCron } from './job.cron.cases.ts';

/** Job scheduling (spec sections 3 and 5): jobs, their dispatch records, job streams and their runs. */
const str = fields.str;
const text = (max: number) => str().trim().max(max);
/** ISO 8601 or epoch ms, kept as sent: the server reads local times in the job's time zone. */
const instant = fields.instantInput.nullish();

export const jobTypes = ['bean', 'http'] as const;
export const architectures = ['monolithic', 'distributed'] as const;
export const triggerTypes = ['cron', 'interval'] as const;
export const httpMethods = ['GET', 'POST'] as const;
export const misfirePolicies = ['fireOnce', 'skip'] as const;
export const blockingStrategies = ['serial', 'discard', 'cover'] as const;
/** Results of a dispatch: normal (running), success, complete (finished, answer not judged), fail, error, block (discarded). */
export const jobResults = ['normal', 'success', 'complete', 'fail', 'error', 'block'] as const;
export const dispatchTriggers = ['schedule', 'manual', 'stream'] as const;
export const streamEdgeOn = ['success', 'complete'] as const;
export const streamRunStatuses = ['running', 'success', 'fail'] as const;
export const stepStates = ['waiting', 'running', 'skipped', 'success', 'complete', 'fail', 'error', 'block'] as const;

/**
 * The job form (spec section 5), names after spec section 3. Fields that depend on others (the bean
 * of a bean job, the address of an HTTP job, the expression of a cron job) are checked by the service.
 */
export const jobInput = z.object({
  jobName: text(64).min(1),
  jobGroup: text(64).min(1),
  jobType: z.enum(jobTypes),
  beanName: str().max(64).nullish(),
  architecture: z.enum(architectures).default('distributed'),
  triggerType: z.enum(triggerTypes),
  cronExpr: str().max(200).nullish(),
  /** Spec 9: 0 to 9999999999. */
  intervalInSeconds: fields.intIn(0, 9999999999).default(0),
  /** Spec 9: -1 (for ever) to 9999999. */
  repeatCount: fields.intIn(-1, 9999999).default(-1),
  startTime: instant,
  endTime: instant,
  timeZone: str().max(64).nullish(),
  skipNonWorkDays: z.boolean().default(false),
  executorPath: str().max(300).nullish(),
  executorIp: str().max(255).nullish(),
  executorHost: fields.intIn(1, 65535).nullish(),
  httpMethod: z.enum(httpMethods).default('POST'),
  executeData: z.unknown().optional(),
  recordAnswer: z.boolean().default(false),
  description: str().max(500).nullish(),
  status: z.union([z.literal(0), z.literal(1)]).default(0),
  misfirePolicy: z.enum(misfirePolicies).default('fireOnce'),
  blockingStrategy: z.enum(blockingStrategies).default('serial'),
  timeoutSeconds: fields.intIn(0, 86400).default(0),
  retryCount: fields.intIn(0, 10).default(0),
  retryDelaySeconds: fields.intIn(0, 3600).default(0),
  alarmOnFailure: z.boolean().default(true),
});
export type JobInput = z.input<typeof jobInput>;
/** `PUT job/{id}`: the whole job and its version. */
export const jobUpdate = keptWhenOmitted(jobInput).extend({ version: fields.version });
export type JobUpdate = z.input<typeof jobUpdate>;

const optionalStatus = fields.int2.optional();
const optionalId = fields.id.optional();

/** `POST job/list`. */
export const jobListQuery = pageQuery.extend({
  jobName: str().max(64).optional(),
  jobGroup: str().max(64).optional(),
  jobType: z.enum(jobTypes).optional(),
  triggerType: z.enum(triggerTypes).optional(),
  status: optionalStatus,
});
export type JobListQuery = z.output<typeof jobListQuery>;
/** `POST job/cron/preview`: the next fire times of an expression. */
export const cronPreviewBody = z.object({
  cronExpr: str().max(200),
  timeZone: str().max(64).nullish(),
  startTime: instant,
  endTime: instant,
  skipNonWorkDays: z.boolean().optional(),
  count: fields.intIn(1, 50).default(10),
});
export type CronPreviewBody = z.output<typeof cronPreviewBody>;
/** `POST job/log/list`: dispatch records. */
export const jobLogQuery = pageQuery.extend({
  jobId: optionalId,
  jobName: str().max(64).optional(),
  jobGroup: str().max(64).optional(),
  result: z.enum(jobResults).optional(),
  manual: z.boolean().optional(),
  trigger: z.enum(dispatchTriggers).optional(),
  streamRunId: optionalId,
  instanceId: str().max(100).optional(),
  from: z.string().max(40).refine(isInstant, 'error.field.invalid').optional(),
  to: z.string().max(40).refine(isInstant, 'error.field.invalid').optional(),
});
export type JobLogQuery = z.output<typeof jobLogQuery>;
/** `POST job/{id}/run`: run once now, optionally with other parameters. */
export const jobRunBody = z.object({ executeData: z.unknown().optional() });

/** A job stream: a DAG of jobs; a job's success (or completion) starts the next ones. */
export const streamInput = z.object({
  name: text(64).min(1),
  description: str().max(500).nullish(),
  status: z.union([z.literal(0), z.literal(1)]).default(0),
  cronExpr: str().max(200).nullish(),
  timeZone: str().max(64).nullish(),
  nodes: z
    .array(
      z.object({
        key: str().regex(/^[\w.-]{1,64}$/),
        jobId: fields.id,
        x: z.number().optional(),
        y: z.number().optional(),
      }),
    )
    .max(200),
  edges: z
    .array(z.object({ from: str().max(64), to: str().max(64), on: z.enum(streamEdgeOn).default('success') }))
    .max(1000)
    .default([]),
});
export type StreamInput = z.input<typeof streamInput>;
/** `PUT jobStream/{id}`. */
export const streamUpdate = keptWhenOmitted(streamInput).extend({ version: fields.version });
/** `POST jobStream/list`. */
export const streamListQuery = pageQuery.extend({ name: str().max(64).optional(), status: optionalStatus });
export type StreamListQuery = z.output<typeof streamListQuery>;
/** `POST jobStream/run/list`. */
export const streamRunListQuery = pageQuery.extend({ streamId: optionalId, status: z.enum(streamRunStatuses).optional() });
export type StreamRunListQuery = z.output<typeof streamRunListQuery>;

// ---------------------------------------------------------------- answers

const n = z.number();
const nn = z.number().nullable();
const s = z.string();
const ns = z.string().nullable();
const at = fields.instantOut;
const atOrNull = fields.instantOut.nullable();
const { textOf, numberOf } = fields;

/** A job (rows of the list, get, add, edit, pause, resume). */
export const jobView = z.object({
  id: n,
  orgId: n,
  jobName: s,
  jobGroup: s,
  jobType: textOf(jobTypes),
  beanName: ns,
  architecture: textOf(architectures),
  triggerType: textOf(triggerTypes),
  cronExpr: ns,
  intervalInSeconds: n,
  repeatCount: n,
  startTime: at,
  endTime: atOrNull,
  timeZone: s,
  skipNonWorkDays: z.boolean(),
  executorPath: ns,
  executorIp: ns,
  executorHost: nn,
  httpMethod: textOf(httpMethods),
  executeData: z.unknown(),
  /** HTTP jobs: the dispatch record keeps the start of the answer (off: status and duration only). */
  recordAnswer: z.boolean(),
  description: ns,
  status: numberOf([0, 1]),
  misfirePolicy: textOf(misfirePolicies),
  blockingStrategy: textOf(blockingStrategies),
  timeoutSeconds: n,
  retryCount: n,
  retryDelaySeconds: n,
  alarmOnFailure: z.boolean(),
  prevFireTime: atOrNull,
  nextFireTime: atOrNull,
  fireCount: n,
  creator: ns,
  createdBy: nn,
  createTime: at,
  updateTime: at,
  version: n,
});
export type Job = z.output<typeof jobView>;

/** A dispatch record: one firing of a job (rows of `POST job/log/list`, `GET job/log/{id}`, `POST job/{id}/run`). */
export const dispatchRecord = z.object({
  id: n,
  orgId: n,
  jobId: nn,
  jobName: s,
  jobGroup: s,
  trigger: textOf(dispatchTriggers),
  manual: z.boolean(),
  serviceName: ns,
  callMode: textOf(jobTypes).nullable(),
  plannedAt: at,
  startedAt: atOrNull,
  finishedAt: atOrNull,
  durationMs: nn,
  delayMs: nn,
  result: textOf(jobResults),
  httpStatus: nn,
  detail: ns,
  attempt: n,
  timedOut: z.boolean(),
  instanceId: ns,
  params: z.unknown(),
  streamRunId: nn,
  nodeKey: ns,
  createdBy: nn,
});
export type DispatchRecord = z.output<typeof dispatchRecord>;
export type JobResult = (typeof jobResults)[number];

/** A bean handler the caller may use (`GET job/handlers`). */
export const jobHandlerInfo = z.object({ name: s, description: s, platformOnly: z.boolean(), paramsExample: z.unknown() });
export type JobHandlerInfo = z.output<typeof jobHandlerInfo>;

/**
 * How daylight saving touched a fire (decisions, "Job scheduling"): `moved`, a fixed time that does
 * not exist that day ran at the first instant after the gap; `once`, a fixed time that occurs twice
 * runs only on this first pass; `first` / `second`, a job of every hour runs on both passes.
 */
export const dstNotes = ['moved', 'once', 'first', 'second'] as const;
export type DstNote = (typeof dstNotes)[number];

/** `POST job/cron/preview`: the next fire times, as instants and as local times of the zone (with its UTC offset, and a DST note). */
export const cronPreview = z.object({
  timeZone: s,
  times: z.array(z.object({ time: s, local: s, offset: s.optional(), dst: z.enum(dstNotes).optional() })),
});
export type CronPreview = z.output<typeof cronPreview>;

export const streamNode = z.object({ key: s, jobId: n, x: n.optional(), y: n.optional() });
export type StreamNode = z.output<typeof streamNode>;
export const streamEdge = z.object({ from: s, to: s, on: z.enum(streamEdgeOn) });
export type StreamEdge = z.output<typeof streamEdge>;

/** A job stream (rows of the list, get, add, edit). */
export const jobStream = z.object({
  id: n,
  orgId: n,
  name: s,
  description: ns,
  status: numberOf([0, 1]),
  cronExpr: ns,
  timeZone: s,
  nodes: z.array(streamNode),
  edges: z.array(streamEdge),
  prevFireTime: atOrNull,
  nextFireTime: atOrNull,
  creator: ns,
  createdBy: nn,
  createTime: at,
  updateTime: at,
  version: n,
});
export type JobStream = z.output<typeof jobStream>;

/** A run of a stream (rows of `POST jobStream/run/list`). */
export const streamRun = z.object({
  id: n,
  orgId: n,
  streamId: nn,
  streamName: s,
  trigger: textOf(['schedule', 'manual']),
  manual: z.boolean(),
  plannedAt: at,
  startedAt: at,
  finishedAt: atOrNull,
  durationMs: nn,
  status: textOf(streamRunStatuses),
  detail: ns,
});
export type StreamRun = z.output<typeof streamRun>;
export type StepState = (typeof stepStates)[number];

/** `GET jobStream/run/{id}`, `POST jobStream/{id}/run`: the run with the state of each step. */
export const streamRunDetail = streamRun.extend({
  edges: z.array(streamEdge),
  steps: z.array(
    z.object({
      nodeKey: s,
      jobId: n,
      jobName: ns,
      state: z.enum(stepStates),
      parents: z.array(z.object({ from: s, on: z.enum(streamEdgeOn) })),
      record: dispatchRecord.nullable(),
    }),
  ),
});
export type StreamRunDetail = z.output<typeof streamRunDetail>;
