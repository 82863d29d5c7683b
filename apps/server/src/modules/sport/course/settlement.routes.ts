import type { FastifyInstance } from 'fastify';
import {
  Perm,
  coachRateCreate,
  coachRateListQuery,
  coachRateRow,
  coachRateUpdate,
  deletedAnswer,
  idParams,
  idsParams,
  page,
  coachSettlementCreate,
  coachSettlementDetail,
  coachSettlementExportQuery,
  coachSettlementListQuery,
  coachSettlementPay,
  coachSettlementRow,
  coachSettlementVersion,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { reportingDb } from '../../../platform/reporting.ts';
import {
  addRate,
  addSettlement,
  approveSettlement,
  deleteRates,
  deleteSettlements,
  editRate,
  exportSettlements,
  getSettlement,
  listRates,
  listSettlements,
  paySettlement,
  recomputeSettlement,
} from './settlement.service.ts';

/** The routes of coach settlements (`course/settlement/...`) and coach rates (`course/coachRate/...`), issue 26. */
export function settlementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const P = Perm.coachSettlement;
  const s = (path: string) => `${sport}course/settlement${path ? `/${path}` : ''}`;
  const r = (path: string) => `${sport}course/coachRate${path ? `/${path}` : ''}`;

  // ---------------------------------------------------------------- rates
  const rate = { module: 'coachRate' };
  defineRoute(app, {
    ...rate,
    method: 'POST',
    url: r('list'),
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: coachRateListQuery,
    response: page(coachRateRow),
    handler: async ({ body, caller, req }) => listRates(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...rate,
    method: 'POST',
    url: r(''),
    permission: P.rate,
    action: 'add',
    body: coachRateCreate,
    response: coachRateRow,
    handler: async ({ body, caller, req }) => addRate(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...rate,
    method: 'PUT',
    url: r(':id'),
    permission: P.rate,
    action: 'edit',
    params: idParams,
    body: coachRateUpdate,
    response: coachRateRow,
    handler: async ({ params, body, caller, req }) => editRate(db, caller, params.id, body, req.lang),
  });
  defineRoute(app, {
    ...rate,
    method: 'DELETE',
    url: r(':ids'),
    permission: P.rate,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => deleteRates(db, caller, params.ids),
  });

  // ---------------------------------------------------------------- settlements
  const st = { module: 'coachSettlement' };
  defineRoute(app, {
    ...st,
    method: 'POST',
    url: s('list'),
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: coachSettlementListQuery,
    response: page(coachSettlementRow),
    handler: async ({ body, caller }) => listSettlements(db, caller, body),
  });
  defineRoute(app, {
    ...st,
    method: 'POST',
    url: s('export'),
    permission: P.list,
    action: 'export',
    body: coachSettlementExportQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportSettlements(await reportingDb(ctx.database.reporting, reply), caller, body, req.lang),
  });
  defineRoute(app, {
    ...st,
    method: 'GET',
    url: s(':id'),
    permission: P.list,
    action: 'detail',
    params: idParams,
    response: coachSettlementDetail,
    handler: async ({ params, caller, req }) => getSettlement(db, caller, params.id, req.lang),
  });
  defineRoute(app, {
    ...st,
    method: 'POST',
    url: s(''),
    permission: P.add,
    action: 'add',
    body: coachSettlementCreate,
    response: coachSettlementDetail,
    handler: async ({ body, caller, req }) => addSettlement(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...st,
    method: 'POST',
    url: s(':id/recompute'),
    permission: P.add,
    action: 'edit',
    params: idParams,
    body: coachSettlementVersion,
    response: coachSettlementDetail,
    handler: async ({ params, body, caller, req }) => recomputeSettlement(db, caller, params.id, body.version, req.lang),
  });
  defineRoute(app, {
    ...st,
    method: 'POST',
    url: s(':id/approve'),
    permission: P.approve,
    action: 'approveSettlement',
    params: idParams,
    body: coachSettlementVersion,
    response: coachSettlementDetail,
    handler: async ({ params, body, caller, req }) => approveSettlement(db, caller, params.id, body.version, req.lang),
  });
  defineRoute(app, {
    ...st,
    method: 'POST',
    url: s(':id/pay'),
    permission: P.pay,
    action: 'paySettlement',
    params: idParams,
    body: coachSettlementPay,
    response: coachSettlementDetail,
    handler: async ({ params, body, caller, req }) => paySettlement(db, caller, params.id, body, req.lang),
  });
  defineRoute(app, {
    ...st,
    method: 'DELETE',
    url: s(':ids'),
    permission: P.add,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => deleteSettlements(db, caller, params.ids),
  });
}
