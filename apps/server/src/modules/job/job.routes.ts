import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  cronPreview,
  cronPreviewBody,
  deletedAnswer,
  dispatchRecord,
  idParams,
  idsParams,
  jobHandlerInfo,
  jobInput,
  jobListQuery,
  jobLogQuery,
  jobRunBody,
  jobStream,
  jobUpdate,
  jobView as jobAnswer,
  page,
  streamInput,
  streamListQuery,
  streamRun,
  streamRunDetail,
  streamRunListQuery,
  streamUpdate,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import {
  createJob,
  deleteJobs,
  getRecord,
  handlersFor,
  jobView,
  listJobs,
  listRecords,
  loadJob,
  previewCron,
  runJobNow,
  setJobStatus,
  updateJob,
} from './job.service.ts';
import { createStream, deleteStreams, getStream, getStreamRun, listStreamRuns, listStreams, runStreamNow, updateStream } from './stream.service.ts';

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
    response: page(jobAnswer),
    body: jobListQuery,
    handler: async ({ body, caller }) => listJobs(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}job/handlers`,
    permission: Perm.job.list,
    action: 'handlers',
    response: z.array(jobHandlerInfo),
    handler: async ({ caller, req }) => handlersFor(caller, req.lang),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}job/cron/preview`,
    readOnly: true,
    permission: Perm.job.list,
    action: 'cronPreview',
    response: cronPreview,
    body: cronPreviewBody,
    handler: async ({ body, caller }) => previewCron(ctx, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}job/log/list`,
    readOnly: true,
    permission: Perm.job.log,
    action: 'logList',
    response: page(dispatchRecord),
    body: jobLogQuery,
    handler: async ({ body, caller }) => listRecords(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}job/log/:id`,
    permission: Perm.job.log,
    action: 'logView',
    response: dispatchRecord,
    params: idParams,
    handler: async ({ params, caller }) => getRecord(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}job/:id`,
    permission: Perm.job.list,
    action: 'view',
    response: jobAnswer,
    params: idParams,
    handler: async ({ params, caller }) => jobView(await loadJob(db, caller, params.id)),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}job`,
    permission: Perm.job.add,
    action: 'add',
    response: jobAnswer,
    body: jobInput,
    handler: async ({ body, caller }) => createJob(ctx, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}job/:id`,
    permission: Perm.job.edit,
    action: 'edit',
    response: jobAnswer,
    params: idParams,
    body: jobUpdate,
    handler: async ({ params, body, caller }) => updateJob(ctx, caller, params.id, body),
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}job/:ids`,
    permission: Perm.job.remove,
    action: 'remove',
    response: deletedAnswer,
    params: idsParams,
    handler: async ({ params, caller }) => deleteJobs(ctx, caller, params.ids),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}job/:id/pause`,
    permission: Perm.job.edit,
    action: 'pause',
    response: jobAnswer,
    params: idParams,
    handler: async ({ params, caller }) => setJobStatus(ctx, caller, params.id, 1),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}job/:id/resume`,
    permission: Perm.job.edit,
    action: 'resume',
    response: jobAnswer,
    params: idParams,
    handler: async ({ params, caller }) => setJobStatus(ctx, caller, params.id, 0),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}job/:id/run`,
    permission: Perm.job.run,
    action: 'run',
    response: dispatchRecord,
    params: idParams,
    body: jobRunBody,
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
    response: page(jobStream),
    body: streamListQuery,
    handler: async ({ body, caller }) => listStreams(db, caller, body),
  });

  defineRoute(app, {
    ...sbase,
    method: 'POST',
    url: `${system}jobStream/run/list`,
    readOnly: true,
    permission: Perm.jobStream.list,
    action: 'runList',
    response: page(streamRun),
    body: streamRunListQuery,
    handler: async ({ body, caller }) => listStreamRuns(db, caller, body),
  });

  defineRoute(app, {
    ...sbase,
    method: 'GET',
    url: `${system}jobStream/run/:id`,
    permission: Perm.jobStream.list,
    action: 'runView',
    response: streamRunDetail,
    params: idParams,
    handler: async ({ params, caller }) => getStreamRun(ctx, caller, params.id),
  });

  defineRoute(app, {
    ...sbase,
    method: 'GET',
    url: `${system}jobStream/:id`,
    permission: Perm.jobStream.list,
    action: 'view',
    response: jobStream,
    params: idParams,
    handler: async ({ params, caller }) => getStream(ctx, caller, params.id),
  });

  defineRoute(app, {
    ...sbase,
    method: 'POST',
    url: `${system}jobStream`,
    permission: Perm.jobStream.add,
    action: 'add',
    response: jobStream,
    body: streamInput,
    handler: async ({ body, caller }) => createStream(ctx, caller, body),
  });

  defineRoute(app, {
    ...sbase,
    method: 'PUT',
    url: `${system}jobStream/:id`,
    permission: Perm.jobStream.edit,
    action: 'edit',
    response: jobStream,
    params: idParams,
    body: streamUpdate,
    handler: async ({ params, body, caller }) => updateStream(ctx, caller, params.id, body),
  });

  defineRoute(app, {
    ...sbase,
    method: 'DELETE',
    url: `${system}jobStream/:ids`,
    permission: Perm.jobStream.remove,
    action: 'remove',
    response: deletedAnswer,
    params: idsParams,
    handler: async ({ params, caller }) => deleteStreams(ctx, caller, params.ids),
  });

  defineRoute(app, {
    ...sbase,
    method: 'POST',
    url: `${system}jobStream/:id/run`,
    permission: Perm.jobStream.run,
    action: 'run',
    response: streamRunDetail,
    params: idParams,
    handler: async ({ params, caller }) => runStreamNow(ctx, caller, params.id),
  });
}
