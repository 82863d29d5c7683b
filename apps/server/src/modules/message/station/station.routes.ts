import type { FastifyInstance } from 'fastify';
import {
  Perm,
  idParams,
  page,
  stationListQuery,
  stationReadAnswer,
  stationReadBody,
  stationRow,
  stationTypesAnswer,
  stationUnreadAnswer,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { getStation, listStation, listStationTypes, readStation, stationUnread } from './station.service.ts';
import { resolveSession } from '../../auth/index.ts';
import { stationSocketRoutes } from './station.push.ts';

/** Station messages: every signed-in user reads and marks their own (spec 2.4, issue 14). */
export function stationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'station', permission: Perm.authenticated } as const;

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}station/list`,
    action: 'list',
    readOnly: true,
    body: stationListQuery,
    response: page(stationRow),
    handler: async ({ body, caller }) => listStation(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}station/unread`,
    action: 'unread',
    response: stationUnreadAnswer,
    handler: async ({ caller }) => ({ unread: await stationUnread(db, caller) }),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}station/types`,
    action: 'types',
    response: stationTypesAnswer,
    handler: async ({ caller }) => listStationTypes(db, caller),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}station/:id`,
    action: 'view',
    params: idParams,
    response: stationRow,
    handler: async ({ params, caller }) => getStation(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}station/:id/read`,
    action: 'read',
    params: idParams,
    response: stationReadAnswer,
    handler: async ({ params, caller }) => readStation(db, caller, [params.id]),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}station/read`,
    action: 'read',
    body: stationReadBody,
    response: stationReadAnswer,
    handler: async ({ body, caller }) => readStation(db, caller, body.ids),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}station/read-all`,
    action: 'readAll',
    response: stationReadAnswer,
    handler: async ({ caller }) => readStation(db, caller),
  });
  stationSocketRoutes(app, ctx, (token) => resolveSession(ctx.database, ctx.config, token));
}
