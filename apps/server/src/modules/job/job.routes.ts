import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, fields, idList, isInstant, pageQuery } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { createJob, deleteJobs, getRecord, handlersFor, jobView, listJobs, listRecords, loadJob, previewCron, runJobNow, setJobStatus, updateJob } from './job.service.ts';
import { createStream, deleteStreams, getStream, getStreamRun, listStreamRuns, listStreams, runStreamNow, updateStream } from './stream.service.ts';

const idParam = z.object({ id: fields.id });
/** ISO 8601 or epoch ms, kept as sent: the service reads local times in the job's time zone. */
const instant = fields.instantInput.nullish();
const text = (max: number) => z.string().trim().max(max);

/** The job form (spec section 5): names follow spec section 3. */
const jobInput = z.object({
  jobName: text(64).min(1),
  jobGroup: text(64).min(1),
  jobType: z.enum(['bean', 'http']),
  beanName: z.string().max(64).nullish(),
  architecture: z.enum(['monolithic', 'distributed']).default('distributed'),
  triggerType: z.enum(['cron', 'interval']),
  cronExpr: z.string().max(200).nullish(),
  intervalInSeconds: z.coerce.number().int().min(0).max(9999999999).default(0),
  repeatCount: z.coerce.number().int().min(-1).max(9999999).default(-1),
  startTime: instant,
  endTime: instant,
  timeZone: z.string().max(64).nullish(),
  skipNonWorkDays: z.boolean().default(false),
  executorPath: z.string().max(300).nullish(),
  executorIp: z.string().max(255).nullish(),
  executorHost: z.coerce.number().int().min(1).max(65535).nullish(),
  httpMethod: z.enum(['GET', 'POST']).default('POST'),
  executeData: z.unknown().optional(),
  recordAnswer: z.boolean().default(false),
  description: z.string().max(500).nullish(),
  status: z.union([z.literal(0), z.literal(1)]).default(0),
  misfirePolicy: z.enum(['fireOnce', 'skip']).default('fireOnce'),
  blockingStrategy: z.enum(['serial', 'discard', 'cover']).default('serial'),
  timeoutSeconds: z.coerce.number().int().min(0).max(86400).default(0),
  retryCount: z.coerce.number().int().min(0).max(10).default(0),
  retryDelaySeconds: z.coerce.number().int().min(0).max(3600).default(0),
  alarmOnFailure: z.boolean().default(true),
});

const streamInput = z.object({
  name: text(64).min(1),
  description: z.string().max(500).nullish(),
  status: z.union([z.literal(0), z.literal(1)]).default(0),
  cronExpr: z.string().max(200).nullish(),
  timeZone: z.string().max(64).nullish(),
  nodes: z
    .array(
      z.object({
        key: z.string().regex(/^[\w.-]{1,64}$/),
        jobId: fields.id,
        x: z.number().optional(),
        y: z.number().optional(),
      }),
    )
    .max(200),
  edges: z.array(z.object({ from: z.string().max(64), to: z.string().max(64), on: z.enum(['success', 'complete']).default('success') })).max(1000).default([]),
});

const optionalStatus = fields.int2.optional();
const optionalId = fields.id.optional();

export function jobRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'job' } as const;

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}job/list`,
    readOnly: true,
    permission: Perm.job.list,
    action: 'list',
    body: pageQuery.extend({ jobName: z.string().max(64).optional(), jobGroup: z.string().max(64).optional(), jobType: z.enum(['bean', 'http']).optional(), triggerType: z.enum(['cron', 'interval']).optional(), status: optionalStatus }),
    handler: async ({ body, caller }) => listJobs(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}job/handlers`,
    permission: Perm.job.list,
    action: 'handlers',
    handler: async ({ caller, req }) => handlersFor(caller, req.lang),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}job/cron/preview`,
    readOnly: true,
    permission: Perm.job.list,
    action: 'cronPreview',
    body: z.object({
      cronExpr: z.string().max(200),
      timeZone: z.string().max(64).nullish(),
      startTime: instant,
      endTime: instant,
      skipNonWorkDays: z.boolean().optional(),
      count: z.coerce.number().int().min(1).max(50).default(10),
    }),
    handler: async ({ body, caller }) => previewCron(ctx, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}job/log/list`,
    readOnly: true,
    permission: Perm.job.log,
    action: 'logList',
    body: pageQuery.extend({
      jobId: optionalId,
      jobName: z.string().max(64).optional(),
      jobGroup: z.string().max(64).optional(),
      result: z.enum(['normal', 'success', 'complete', 'fail', 'error', 'block']).optional(),
      manual: z.boolean().optional(),
      trigger: z.enum(['schedule', 'manual', 'stream']).optional(),
      streamRunId: optionalId,
      instanceId: z.string().max(100).optional(),
      from: z.string().max(40).refine(isInstant, 'error.field.invalid').optional(),
      to: z.string().max(40).refine(isInstant, 'error.field.invalid').optional(),
    }),
    handler: async ({ body, caller }) => listRecords(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}job/log/:id`,
    permission: Perm.job.log,
    action: 'logView',
    params: idParam,
    handler: async ({ params, caller }) => getRecord(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}job/:id`,
    permission: Perm.job.list,
    action: 'view',
    params: idParam,
    handler: async ({ params, caller }) => jobView(await loadJob(db, caller, params.id)),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}job`,
    permission: Perm.job.add,
    action: 'add',
    body: jobInput,
    handler: async ({ body, caller }) => createJob(ctx, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}job/:id`,
    permission: Perm.job.edit,
    action: 'edit',
    params: idParam,
    body: jobInput.extend({ version: fields.version }),
    handler: async ({ params, body, caller }) => updateJob(ctx, caller, params.id, body),
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}job/:ids`,
    permission: Perm.job.remove,
    action: 'remove',
    params: z.object({ ids: idList }),
    handler: async ({ params, caller }) => deleteJobs(ctx, caller, params.ids),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}job/:id/pause`,
    permission: Perm.job.edit,
    action: 'pause',
    params: idParam,
    handler: async ({ params, caller }) => setJobStatus(ctx, caller, params.id, 1),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}job/:id/resume`,
    permission: Perm.job.edit,
    action: 'resume',
    params: idParam,
    handler: async ({ params, caller }) => setJobStatus(ctx, caller, params.id, 0),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}job/:id/run`,
    permission: Perm.job.run,
    action: 'run',
    params: idParam,
    body: z.object({ executeData: z.unknown().optional() }),
    handler: async ({ params, body, caller }) => runJobNow(ctx, caller, params.id, body.executeData),
  });

  // ---- job streams ----
  const sbase = { module: 'jobStream' } as const;

  defineRoute(app, {
    ...sbase,
    method: 'POST',
    url: `${system}jobStream/list`,
    readOnly: true,
    permission: Perm.jobStream.list,
    action: 'list',
    body: pageQuery.extend({ name: z.string().max(64).optional(), status: optionalStatus }),
    handler: async ({ body, caller }) => listStreams(db, caller, body),
  });

  defineRoute(app, {
    ...sbase,
    method: 'POST',
    url: `${system}jobStream/run/list`,
    readOnly: true,
    permission: Perm.jobStream.list,
    action: 'runList',
    body: pageQuery.extend({ streamId: optionalId, status: z.enum(['running', 'success', 'fail']).optional() }),
    handler: async ({ body, caller }) => listStreamRuns(db, caller, body),
  });

  defineRoute(app, {
    ...sbase,
    method: 'GET',
    url: `${system}jobStream/run/:id`,
    permission: Perm.jobStream.list,
    action: 'runView',
    params: idParam,
    handler: async ({ params, caller }) => getStreamRun(ctx, caller, params.id),
  });

  defineRoute(app, {
    ...sbase,
    method: 'GET',
    url: `${system}jobStream/:id`,
    permission: Perm.jobStream.list,
    action: 'view',
    params: idParam,
    handler: async ({ params, caller }) => getStream(ctx, caller, params.id),
  });

  defineRoute(app, {
    ...sbase,
    method: 'POST',
    url: `${system}jobStream`,
    permission: Perm.jobStream.add,
    action: 'add',
    body: streamInput,
    handler: async ({ body, caller }) => createStream(ctx, caller, body),
  });

  defineRoute(app, {
    ...sbase,
    method: 'PUT',
    url: `${system}jobStream/:id`,
    permission: Perm.jobStream.edit,
    action: 'edit',
    params: idParam,
    body: streamInput.extend({ version: fields.version }),
    handler: async ({ params, body, caller }) => updateStream(ctx, caller, params.id, body),
  });

  defineRoute(app, {
    ...sbase,
    method: 'DELETE',
    url: `${system}jobStream/:ids`,
    permission: Perm.jobStream.remove,
    action: 'remove',
    params: z.object({ ids: idList }),
    handler: async ({ params, caller }) => deleteStreams(ctx, caller, params.ids),
  });

  defineRoute(app, {
    ...sbase,
    method: 'POST',
    url: `${system}jobStream/:id/run`,
    permission: Perm.jobStream.run,
    action: 'run',
    params: idParam,
    handler: async ({ params, caller }) => runStreamNow(ctx, caller, params.id),
  });
}
