import type { FastifyInstance } from 'fastify';
import {
  Perm,
  consignPay,
  consignStatement,
  consignStatementQuery,
  consignSummary,
  consignSummaryQuery,
  coursePartnerCreate,
  coursePartnerExportQuery,
  coursePartnerListQuery,
  coursePartnerRow,
  coursePartnerUpdate,
  idParams,
  page,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { reportingDb } from '../../../platform/reporting.ts';
import {
  addPartner,
  consignStatement as statementOf,
  consignSummary as summaryOf,
  editPartner,
  exportPartners,
  exportStatement,
  listPartners,
  payConsign,
} from './consign.service.ts';

/** The routes of consignment courses (`course/consign/...`) and their partners (`course/partner/...`), issue 26. */
export function consignRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const P = Perm.courseConsign;
  const p = (path: string) => `${sport}course/partner${path ? `/${path}` : ''}`;
  const c = (path: string) => `${sport}course/consign/${path}`;

  // ---------------------------------------------------------------- partners
  const partner = { module: 'coursePartner' };
  defineRoute(app, {
    ...partner,
    method: 'POST',
    url: p('list'),
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: coursePartnerListQuery,
    response: page(coursePartnerRow),
    handler: async ({ body, caller }) => listPartners(db, caller, body),
  });
  defineRoute(app, {
    ...partner,
    method: 'POST',
    url: p('export'),
    permission: P.list,
    action: 'export',
    body: coursePartnerExportQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportPartners(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...partner,
    method: 'POST',
    url: p(''),
    permission: P.add,
    action: 'add',
    body: coursePartnerCreate,
    response: coursePartnerRow,
    handler: async ({ body, caller }) => addPartner(db, caller, body),
  });
  defineRoute(app, {
    ...partner,
    method: 'PUT',
    url: p(':id'),
    permission: P.edit,
    action: 'edit',
    params: idParams,
    body: coursePartnerUpdate,
    response: coursePartnerRow,
    handler: async ({ params, body, caller }) => editPartner(db, caller, params.id, body),
  });

  // ---------------------------------------------------------------- consigned courses, statements, payouts
  const consign = { module: 'courseConsign' };
  defineRoute(app, {
    ...consign,
    method: 'POST',
    url: c('summary'),
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: consignSummaryQuery,
    response: consignSummary,
    handler: async ({ body, caller }) => summaryOf(db, caller, body),
  });
  defineRoute(app, {
    ...consign,
    method: 'POST',
    url: c('statement'),
    permission: P.list,
    action: 'detail',
    readOnly: true,
    body: consignStatementQuery,
    response: consignStatement,
    handler: async ({ body, caller }) => statementOf(db, caller, body),
  });
  defineRoute(app, {
    ...consign,
    method: 'POST',
    url: c('statement/export'),
    permission: P.list,
    action: 'export',
    body: consignStatementQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportStatement(await reportingDb(ctx.database.reporting, reply), caller, body, req.lang),
  });
  defineRoute(app, {
    ...consign,
    method: 'POST',
    url: c('pay'),
    permission: P.pay,
    action: 'payConsign',
    body: consignPay,
    response: consignStatement,
    handler: async ({ body, caller }) => payConsign(db, caller, body),
  });
}
