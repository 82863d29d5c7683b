import type { FastifyInstance } from 'fastify';
import { Perm, forceOfflineAnswer, onlineListQuery, onlineSession, page, sessionIdsParams } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { forceOffline, listOnline } from './online.service.ts';

/** Online users: live sessions within the caller's organisations; force offline one or many. */
export function onlineRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db, config } = ctx;

  defineRoute(app, {
    method: 'POST',
    url: `${system}online/list`,
    permission: Perm.online.list,
    module: 'online',
    action: 'list',
    response: page(onlineSession),
    readOnly: true,
    body: onlineListQuery,
    handler: async ({ body, caller }) => listOnline(db, config, caller, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${system}online/:sessionIds`,
    permission: Perm.online.forceLogout,
    module: 'online',
    action: 'forceLogout',
    response: forceOfflineAnswer,
    params: sessionIdsParams,
    handler: async ({ params, caller }) => ({ count: await forceOffline(db, config, caller, params.sessionIds) }),
  });
}
