import type { FastifyInstance } from 'fastify';
import {
  Perm,
  deletedAnswer,
  distOrder,
  distSaleRow,
  distSalesQuery,
  distributorCreate,
  distributorListQuery,
  distributorRow,
  distributorUpdate,
  externalItemRow,
  externalListQuery,
  externalRefresh,
  externalRefreshAnswer,
  feedPreview,
  feedPull,
  feedPullAnswer,
  idParams,
  idsParams,
  packageCreate,
  packageListQuery,
  packageOrder,
  packageRow,
  packageUpdate,
  page,
  quotaGive,
  quotaListQuery,
  quotaReturn,
  quotaRow,
  salesQuery,
  salesRow,
  settlementAnswer,
  settlementQuery,
  statsAnswer,
  statsQuery,
  ticketOrderAnswer,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../../platform/http.ts';
import { idemKey } from '../../commerce/index.ts';
import {
  addDistributor,
  addPackage,
  editDistributor,
  editPackage,
  getDistributor,
  getPackage,
  giveQuota,
  listDistributors,
  listDistSales,
  listExternalItems,
  listPackages,
  listQuotas,
  listSales,
  previewFeed,
  pullFeed,
  refreshExternal,
  removeDistributors,
  removePackages,
  returnQuota,
  salesStatistics,
  sellFromQuota,
  sellPackage,
  settlement,
} from './distribution.service.ts';

/** Ticket distribution, packages and statistics: every call under `{sport}ticket/`. */
export function distributionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db, config } = ctx;
  const feed = { allow: config.jobs.httpAllow };
  const base = { module: 'ticketDist' };
  const t = `${sport}ticket/`;
  // Distributors, their sales and settlement.
  const D = Perm.ticket.distributor;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}distributor/list`,
    permission: D,
    action: 'distributorList',
    readOnly: true,
    body: distributorListQuery,
    response: page(distributorRow),
    handler: async ({ body, caller }) => listDistributors(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}distributor/sales`,
    permission: D,
    action: 'distributorSales',
    readOnly: true,
    body: distSalesQuery,
    response: page(distSaleRow),
    handler: async ({ body, caller }) => listDistSales(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}distributor/settlement`,
    permission: D,
    action: 'distributorSettlement',
    readOnly: true,
    body: settlementQuery,
    response: settlementAnswer,
    handler: async ({ body, caller }) => settlement(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}distributor/:id`,
    permission: D,
    action: 'distributorDetail',
    params: idParams,
    response: distributorRow,
    handler: async ({ params, caller }) => getDistributor(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}distributor`,
    permission: D,
    action: 'distributorAdd',
    body: distributorCreate,
    response: distributorRow,
    handler: async ({ body, caller }) => addDistributor(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}distributor/:id`,
    permission: D,
    action: 'distributorEdit',
    params: idParams,
    body: distributorUpdate,
    response: distributorRow,
    handler: async ({ params, body, caller }) => editDistributor(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}distributor/:ids`,
    permission: D,
    action: 'distributorRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeDistributors(db, caller, params.ids),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}distributor/:id/order`,
    permission: D,
    action: 'distributorOrder',
    params: idParams,
    body: distOrder,
    response: ticketOrderAnswer,
    handler: async ({ params, body, caller, req }) => sellFromQuota(db, caller, params.id, body, idemKey(req)),
  });
  // Quotas given to distributors.
  const Q = Perm.ticket.quota;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}dist-quota/list`,
    permission: Q,
    action: 'quotaList',
    readOnly: true,
    body: quotaListQuery,
    response: page(quotaRow),
    handler: async ({ body, caller }) => listQuotas(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}dist-quota`,
    permission: Q,
    action: 'quotaGive',
    body: quotaGive,
    response: quotaRow,
    handler: async ({ body, caller }) => giveQuota(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}dist-quota/:id/return`,
    permission: Q,
    action: 'quotaReturn',
    params: idParams,
    body: quotaReturn,
    response: quotaRow,
    handler: async ({ params, body, caller }) => returnQuota(db, caller, params.id, body),
  });
  // Feeds and external items.
  const E = Perm.ticket.external;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}distributor/:id/feed`,
    permission: E,
    action: 'feedPreview',
    readOnly: true,
    params: idParams,
    response: feedPreview,
    handler: async ({ params, caller }) => previewFeed(db, caller, params.id, feed),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}distributor/:id/pull`,
    permission: E,
    action: 'feedPull',
    params: idParams,
    body: feedPull,
    response: feedPullAnswer,
    handler: async ({ params, body, caller }) => pullFeed(db, caller, params.id, body.externalIds, feed),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}external-item/list`,
    permission: E,
    action: 'externalList',
    readOnly: true,
    body: externalListQuery,
    response: page(externalItemRow),
    handler: async ({ body, caller }) => listExternalItems(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}external-item/refresh`,
    permission: E,
    action: 'externalRefresh',
    body: externalRefresh,
    response: externalRefreshAnswer,
    handler: async ({ body, caller }) => refreshExternal(db, caller, body, feed),
  });
  // Package tickets.
  const K = Perm.ticket.package;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}package/list`,
    permission: K,
    action: 'packageList',
    readOnly: true,
    body: packageListQuery,
    response: page(packageRow),
    handler: async ({ body, caller }) => listPackages(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}package/:id`,
    permission: K,
    action: 'packageDetail',
    params: idParams,
    response: packageRow,
    handler: async ({ params, caller }) => getPackage(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}package`,
    permission: K,
    action: 'packageAdd',
    body: packageCreate,
    response: packageRow,
    handler: async ({ body, caller }) => addPackage(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}package/:id`,
    permission: K,
    action: 'packageEdit',
    params: idParams,
    body: packageUpdate,
    response: packageRow,
    handler: async ({ params, body, caller }) => editPackage(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${t}package/:ids`,
    permission: K,
    action: 'packageRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removePackages(db, caller, params.ids),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}package/:id/order`,
    permission: K,
    action: 'packageOrder',
    params: idParams,
    body: packageOrder,
    response: ticketOrderAnswer,
    handler: async ({ params, body, caller, req }) => sellPackage(db, caller, params.id, body, idemKey(req)),
  });
  // Statistics (read-only).
  const S = Perm.ticket.stats;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}stats`,
    permission: S,
    action: 'stats',
    readOnly: true,
    body: statsQuery,
    response: statsAnswer,
    handler: async ({ body, caller }) => salesStatistics(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}sales`,
    permission: S,
    action: 'sales',
    readOnly: true,
    body: salesQuery,
    response: page(salesRow),
    handler: async ({ body, caller }) => listSales(db, caller, body),
  });
}
