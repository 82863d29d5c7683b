import type { FastifyInstance } from 'fastify';
import { Perm, backlogListQuery, backlogRow, backlogStatusAnswer, backlogStatusBody, page } from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { listBacklog, updateBacklogStatus } from './backlog.service.ts';

/**
 * To-do messages under the framework's own names (spec 7.2: `api/backlog-list`,
 * `api/update-backlog-status`), below the url `/config.json` publishes as `backlogUrl`.
 */
export function backlogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const url = backlogUrl(ctx);
  const { db } = ctx;
  const base = { module: 'backlog', permission: Perm.authenticated } as const;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${url}api/backlog-list`,
    action: 'list',
    readOnly: true,
    body: backlogListQuery,
    response: page(backlogRow),
    handler: async ({ body, caller }) => listBacklog(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${url}api/update-backlog-status`,
    action: 'status',
    body: backlogStatusBody,
    response: backlogStatusAnswer,
    handler: async ({ body, caller }) => updateBacklogStatus(db, caller, body),
  });
}

/** The base the framework's to-do calls hang below (`backlogUrl` of /config.json). */
export function backlogUrl(ctx: Pick<AppContext, 'config'>): string {
  return ctx.config.prefixes.system;
}
