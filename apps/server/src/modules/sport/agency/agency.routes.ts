import type { FastifyInstance } from 'fastify';
import {
  Perm,
  agencyContractCreate,
  agencyContractDefaults,
  agencyContractListQuery,
  agencyContractRow,
  agencyContractUpdate,
  agencyPartyListQuery,
  agencyPartyRow,
  agencyStatementApprove,
  agencyStatementCompute,
  agencyStatementDetail,
  agencyStatementListQuery,
  agencyStatementPay,
  agencyStatementRow,
  deletedAnswer,
  idParams,
  idsParams,
  page,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { reportingDb } from '../../../platform/reporting.ts';
import { exportLiquidation, exportSettlement } from './agency.export.ts';
import {
  addContract,
  approveStatement,
  computeStatement,
  contractDefaults,
  editContract,
  getContract,
  getStatement,
  listContracts,
  listParties,
  listStatements,
  payStatement,
  removeContracts,
} from './agency.service.ts';

/** The console's calls (signed, with a session and a permission), under `{sport}agency`. */
export function agencyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const contract = { module: 'agencyContract' };
  const statement = { module: 'agencyStatement' };
  const c = `${sport}agency/contract`;
  const s = `${sport}agency/statement`;
  const P = Perm.agencyContract;
  const S = Perm.agencyStatement;

  // ---------------------------------------------------------------- contracts
  defineRoute(app, {
    ...contract,
    method: 'POST',
    url: `${c}/list`,
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: agencyContractListQuery,
    response: page(agencyContractRow),
    handler: async ({ body, caller }) => listContracts(db, caller!, body),
  });
  defineRoute(app, {
    ...contract,
    method: 'GET',
    url: `${c}/defaults/:id`,
    permission: P.list,
    action: 'detail',
    params: idParams,
    response: agencyContractDefaults,
    handler: async ({ params, caller }) => contractDefaults(db, caller!, params.id),
  });
  defineRoute(app, {
    ...contract,
    method: 'GET',
    url: `${c}/:id`,
    permission: P.list,
    action: 'detail',
    params: idParams,
    response: agencyContractRow,
    handler: async ({ params, caller }) => getContract(db, caller!, params.id),
  });
  defineRoute(app, {
    ...contract,
    method: 'POST',
    url: c,
    permission: P.add,
    action: 'add',
    body: agencyContractCreate,
    response: agencyContractRow,
    handler: async ({ body, caller }) => addContract(db, caller!, body),
  });
  defineRoute(app, {
    ...contract,
    method: 'PUT',
    url: `${c}/:id`,
    permission: P.edit,
    action: 'edit',
    params: idParams,
    body: agencyContractUpdate,
    response: agencyContractRow,
    handler: async ({ params, body, caller }) => editContract(db, caller!, params.id, body),
  });
  defineRoute(app, {
    ...contract,
    method: 'DELETE',
    url: `${c}/:ids`,
    permission: P.remove,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeContracts(db, caller!, params.ids),
  });

  // ---------------------------------------------------------------- statements: the liquidation report
  defineRoute(app, {
    ...statement,
    method: 'POST',
    url: `${s}/list`,
    permission: S.list,
    action: 'list',
    readOnly: true,
    body: agencyStatementListQuery,
    response: page(agencyStatementRow),
    handler: async ({ body, caller }) => listStatements(db, caller!, body),
  });
  defineRoute(app, {
    ...statement,
    method: 'POST',
    url: `${s}/export`,
    permission: S.export,
    action: 'export',
    body: agencyStatementListQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportLiquidation(await reportingDb(ctx.database.reporting, reply), caller!, body, req.lang),
  });
  defineRoute(app, {
    ...statement,
    method: 'POST',
    url: `${s}/compute`,
    permission: S.compute,
    action: 'compute',
    body: agencyStatementCompute,
    response: agencyStatementDetail,
    handler: async ({ body, caller }) => computeStatement(db, caller!, body),
  });
  defineRoute(app, {
    ...statement,
    method: 'GET',
    url: `${s}/:id`,
    permission: S.list,
    action: 'detail',
    params: idParams,
    response: agencyStatementDetail,
    handler: async ({ params, caller }) => getStatement(db, caller!, params.id),
  });
  defineRoute(app, {
    ...statement,
    method: 'POST',
    url: `${s}/:id/approve`,
    permission: S.approve,
    action: 'approve',
    params: idParams,
    body: agencyStatementApprove,
    response: agencyStatementDetail,
    handler: async ({ params, body, caller }) => approveStatement(db, caller!, params.id, body),
  });
  defineRoute(app, {
    ...statement,
    method: 'POST',
    url: `${s}/:id/pay`,
    permission: S.pay,
    action: 'pay',
    params: idParams,
    body: agencyStatementPay,
    response: agencyStatementDetail,
    handler: async ({ params, body, caller }) => payStatement(db, caller!, params.id, body),
  });

  // ---------------------------------------------------------------- the settlement report: per party
  defineRoute(app, {
    ...statement,
    method: 'POST',
    url: `${sport}agency/party/list`,
    permission: S.list,
    action: 'list',
    readOnly: true,
    body: agencyPartyListQuery,
    response: page(agencyPartyRow),
    handler: async ({ body, caller, req }) => listParties(db, caller!, body, req.lang),
  });
  defineRoute(app, {
    ...statement,
    method: 'POST',
    url: `${sport}agency/party/export`,
    permission: S.export,
    action: 'export',
    body: agencyPartyListQuery,
    response: 'file',
    handler: async ({ body, caller, req, reply }) => exportSettlement(await reportingDb(ctx.database.reporting, reply), caller!, body, req.lang),
  });
}
