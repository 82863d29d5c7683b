import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  deletedAnswer,
  idParams,
  idsParams,
  openApiListQuery,
  openApiRow,
  openApiUpdate,
  openAppCreate,
  openAppGrants,
  openAppListQuery,
  openAppRotate,
  openAppRow,
  openAppUpdate,
  openAppWithSecret,
  openCallLogQuery,
  openCallLogRow,
  page,
} from '@venue/contract';
import { defineRoute, FileResult, routeRegistry, type AppContext } from '../../platform/http.ts';
import { OPEN_PREFIX, openRouteDefs } from './open.gateway.ts';
import { consoleDocument, openDocument } from './open.openapi.ts';
import { syncApis } from './open.repository.ts';
import { createApp, editApi, editApp, getApp, listApis, listApps, listCallLogs, removeApps, rotateSecret, setGrants } from './open.service.ts';
import './open.messages.ts';

const DOC_VERSION = '1.0.0';

/** Third-party applications (ThirdAppInfoManage), interfaces (ThirdApiManager), grants (InterfaceAuthManage), the call log, the OpenAPI documents. */
export function openRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db, keys } = ctx;
  const base = { module: 'openApp' } as const;

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}openApp/list`,
    permission: Perm.openApp.list,
    action: 'list',
    readOnly: true,
    body: openAppListQuery,
    response: page(openAppRow),
    handler: async ({ body, caller }) => listApps(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}openApp/:id`,
    permission: Perm.openApp.list,
    action: 'view',
    params: idParams,
    response: openAppRow,
    handler: async ({ params, caller }) => getApp(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}openApp`,
    permission: Perm.openApp.edit,
    action: 'add',
    body: openAppCreate,
    response: openAppWithSecret,
    handler: async ({ body, caller }) => createApp(db, caller, keys.secretKey, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}openApp/:id`,
    permission: Perm.openApp.edit,
    action: 'edit',
    params: idParams,
    body: openAppUpdate,
    response: openAppRow,
    handler: async ({ params, body, caller }) => editApp(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}openApp/:id/rotate`,
    permission: Perm.openApp.edit,
    action: 'rotate',
    params: idParams,
    body: openAppRotate,
    response: openAppWithSecret,
    handler: async ({ params, body, caller }) => rotateSecret(db, caller, keys.secretKey, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}openApp/:id/grants`,
    permission: Perm.openApp.grant,
    action: 'grant',
    params: idParams,
    body: openAppGrants,
    response: openAppRow,
    handler: async ({ params, body, caller }) => setGrants(db, caller, params.id, body.apiIds),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}openApp/:ids`,
    permission: Perm.openApp.edit,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeApps(db, caller, params.ids),
  });

  // The grants screen (InterfaceAuthManage): the applications with their grants, and every interface to tick.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}openApp/grant/list`,
    permission: Perm.openApp.grant,
    action: 'grantList',
    readOnly: true,
    body: openAppListQuery,
    response: page(openAppRow),
    handler: async ({ body, caller }) => listApps(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}openApp/interfaces`,
    permission: Perm.openApp.grant,
    action: 'interfaces',
    response: z.array(openApiRow),
    handler: async () => (await listApis(db, { pageNum: 1, pageSize: 500 })).data,
  });

  // The interfaces are the platform's own routes: the platform describes them.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}openApi/list`,
    permission: Perm.openApp.api,
    action: 'apiList',
    readOnly: true,
    body: openApiListQuery,
    response: page(openApiRow),
    handler: async ({ body }) => listApis(db, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}openApi/:id`,
    permission: Perm.openApp.api,
    platformOnly: true,
    action: 'apiEdit',
    params: idParams,
    body: openApiUpdate,
    response: openApiRow,
    handler: async ({ params, body }) => editApi(db, params.id, body),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}openCallLog/list`,
    permission: Perm.openApp.log,
    action: 'log',
    readOnly: true,
    body: openCallLogQuery,
    response: page(openCallLogRow),
    handler: async ({ body, caller }) => listCallLogs(db, caller, body),
  });

  // The whole console API, for administrators (a download: the console saves it).
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}openapi.json`,
    permission: Perm.api.list,
    action: 'document',
    response: 'file',
    handler: async () =>
      new FileResult(
        'console-openapi.json',
        'application/json; charset=utf-8',
        Buffer.from(JSON.stringify(consoleDocument(routeRegistry, DOC_VERSION), null, 2)),
      ),
  });

  // The open interfaces' document: public, as third-party developers read it (no envelope).
  app.get(`${OPEN_PREFIX}openapi.json`, { config: { skipSign: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return openDocument(routeRegistry, DOC_VERSION);
  });

  // Every module has declared its open routes by the time the server is ready.
  app.addHook('onReady', async () => {
    await syncApis(db, openRouteDefs);
  });
}
