import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpAllowList } from '../../platform/outbound.ts';
import {
  Perm,
  messageBusinessCreate,
  messageBusinessListQuery,
  messageBusinessRow,
  messageBusinessUpdate,
  messageChannelParams,
  messageChannelRow,
  messageChannelSave,
  deletedAnswer,
  idParams,
  idsParams,
  messageTestChoices,
  messageTestSend,
  page,
  sendLogQuery,
  sendLogRow,
  messageTemplateCreate,
  messageTemplateListQuery,
  messageTemplateRow,
  messageTemplateUpdate,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { MessageWorker } from './message.queue.ts';
import {
  createBusiness,
  createTemplate,
  editBusiness,
  editTemplate,
  getBusiness,
  getSend,
  getTemplate,
  listBusinesses,
  listChannels,
  listSends,
  listTemplates,
  removeBusinesses,
  removeTemplates,
  retrySend,
  saveChannel,
  testChannel,
  testChoices,
  testSend,
} from './message.service.ts';

/** Each app's queue worker (tests stop it to run workers of their own). */
export const messageWorkers = new WeakMap<FastifyInstance, MessageWorker>();

/** Messaging (spec 2.4 "Message"): channels, business types, templates, the send log, the test screen; and this process's queue worker. */
export function messageRoutes(app: FastifyInstance, ctx: AppContext): MessageWorker {
  const { system } = ctx.config.prefixes;
  const { db, keys } = ctx;
  // Tenants choose the channels' addresses: every send and save goes by OUTBOUND_ALLOW.
  const allow = new HttpAllowList(ctx.config.outbound.allow, 'OUTBOUND_ALLOW');
  const worker = new MessageWorker(db, keys.secretKey, { log: app.log, allow });
  messageWorkers.set(app, worker);
  const base = { module: 'message' } as const;
  const P = Perm.message;

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}message/channel`,
    permission: P.channel,
    action: 'channelList',
    response: z.array(messageChannelRow),
    handler: async ({ caller }) => listChannels(db, caller, keys.secretKey),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}message/channel/:channel`,
    permission: P.channel,
    action: 'channelEdit',
    params: messageChannelParams,
    body: messageChannelSave,
    response: messageChannelRow,
    handler: async ({ params, body, caller }) => saveChannel(db, caller, keys.secretKey, allow, params.channel, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}message/channel/:channel/test`,
    permission: P.channel,
    action: 'channelTest',
    params: messageChannelParams,
    body: z.object({ address: z.string().trim().max(200).optional() }),
    response: sendLogRow,
    handler: async ({ params, body, caller, req }) => testChannel(db, caller, worker, req.lang, params.channel, body.address || undefined),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}message/business/list`,
    permission: P.business,
    action: 'businessList',
    readOnly: true,
    body: messageBusinessListQuery,
    response: page(messageBusinessRow),
    handler: async ({ body, caller }) => listBusinesses(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}message/business/:id`,
    permission: P.business,
    action: 'businessView',
    params: idParams,
    response: messageBusinessRow,
    handler: async ({ params, caller }) => getBusiness(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}message/business`,
    permission: P.business,
    action: 'businessAdd',
    body: messageBusinessCreate,
    response: messageBusinessRow,
    handler: async ({ body, caller }) => createBusiness(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}message/business/:id`,
    permission: P.business,
    action: 'businessEdit',
    params: idParams,
    body: messageBusinessUpdate,
    response: messageBusinessRow,
    handler: async ({ params, body, caller }) => editBusiness(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}message/business/:ids`,
    permission: P.business,
    action: 'businessRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeBusinesses(db, caller, params.ids),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}message/template/list`,
    permission: P.template,
    action: 'templateList',
    readOnly: true,
    body: messageTemplateListQuery,
    response: page(messageTemplateRow),
    handler: async ({ body, caller }) => listTemplates(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}message/template/:id`,
    permission: P.template,
    action: 'templateView',
    params: idParams,
    response: messageTemplateRow,
    handler: async ({ params, caller }) => getTemplate(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}message/template`,
    permission: P.template,
    action: 'templateAdd',
    body: messageTemplateCreate,
    response: messageTemplateRow,
    handler: async ({ body, caller }) => createTemplate(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}message/template/:id`,
    permission: P.template,
    action: 'templateEdit',
    params: idParams,
    body: messageTemplateUpdate,
    response: messageTemplateRow,
    handler: async ({ params, body, caller }) => editTemplate(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}message/template/:ids`,
    permission: P.template,
    action: 'templateRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeTemplates(db, caller, params.ids),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}message/log/list`,
    permission: P.log,
    action: 'logList',
    readOnly: true,
    body: sendLogQuery,
    response: page(sendLogRow),
    handler: async ({ body, caller }) => listSends(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}message/log/:id`,
    permission: P.log,
    action: 'logView',
    params: idParams,
    response: sendLogRow,
    handler: async ({ params, caller }) => getSend(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}message/log/:id/retry`,
    permission: P.log,
    action: 'logRetry',
    params: idParams,
    response: sendLogRow,
    handler: async ({ params, caller }) => retrySend(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}message/test/choices`,
    permission: P.test,
    action: 'testChoices',
    response: messageTestChoices,
    handler: async ({ caller }) => testChoices(db, caller),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}message/test`,
    permission: P.test,
    action: 'test',
    body: messageTestSend,
    response: sendLogRow,
    handler: async ({ body, caller }) => testSend(db, caller, worker, body),
  });

  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  return worker;
}
