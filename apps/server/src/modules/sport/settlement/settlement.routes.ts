import type { FastifyInstance } from 'fastify';
import { Perm, closeAnswer, closeDetail, closeListQuery, closeRequest, closeRow, closeSign, idParams, page } from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { closeDay, getClose, listCloses, signClose } from './settlement.service.ts';

/** The console's calls (signed, with a session and a permission), under `{sport}settlement`. */
export function settlementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const close = { module: 'settlementClose' };
  const c = `${sport}settlement/close`;

  defineRoute(app, {
    ...close,
    method: 'POST',
    url: c,
    permission: Perm.close.close,
    action: 'close',
    body: closeRequest,
    response: closeAnswer,
    handler: async ({ body, caller }) => closeDay(db, caller!, body),
  });
  defineRoute(app, {
    ...close,
    method: 'POST',
    url: `${c}/list`,
    permission: Perm.close.list,
    action: 'list',
    readOnly: true,
    body: closeListQuery,
    response: page(closeRow),
    handler: async ({ body, caller }) => listCloses(db, caller!, body),
  });
  defineRoute(app, {
    ...close,
    method: 'GET',
    url: `${c}/:id`,
    permission: Perm.close.list,
    action: 'detail',
    params: idParams,
    response: closeDetail,
    handler: async ({ params, caller }) => getClose(db, caller!, params.id),
  });
  defineRoute(app, {
    ...close,
    method: 'POST',
    url: `${c}/:id/sign`,
    permission: Perm.close.sign,
    action: 'sign',
    params: idParams,
    body: closeSign,
    response: closeDetail,
    handler: async ({ params, body, caller }) => signClose(db, caller!, params.id, body),
  });
}
