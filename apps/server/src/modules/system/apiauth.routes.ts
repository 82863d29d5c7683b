import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, apiListQuery, apiRolesBody, apiRow, idParams, page } from '@venue/contract';
import { defineRoute, routeRegistry, type AppContext } from '../../platform/http.ts';
import { listApis, setApiRoles, syncRegistry } from './apiauth.service.ts';

/** Role-to-API authorisation: the registry (written from the route table once the server is ready) and its grants. */
export function apiAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'api' };

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}api/list`,
    permission: Perm.api.list,
    action: 'list',
    response: page(apiRow),
    readOnly: true,
    body: apiListQuery,
    handler: async ({ body, caller }) => listApis(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}api/:id/roles`,
    permission: Perm.api.edit,
    platformOnly: true,
    action: 'grant',
    response: z.null(),
    params: idParams,
    body: apiRolesBody,
    handler: async ({ params, body, caller }) => {
      await setApiRoles(db, caller, params.id, body.roleIds);
      return null;
    },
  });

  // Every module has registered its routes by the time the server is ready.
  app.addHook('onReady', async () => {
    await syncRegistry(db, routeRegistry);
  });
}
