import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  deletedAnswer,
  idParams,
  idsParams,
  orgIdParams,
  priceRuleCreate,
  priceRuleListQuery,
  priceRulePage,
  priceRuleRow,
  priceRuleUpdate,
  siteCreate,
  siteListQuery,
  siteMerge,
  sitePage,
  siteRow,
  siteSplit,
  siteUpdate,
  templateApply,
  templateCreate,
  templateListQuery,
  templatePage,
  templateRow,
  templateUpdate,
  venueCreate,
  venueListQuery,
  venueLock,
  venueOfOrg,
  venuePage,
  venueReview,
  venueRow,
  venueShopStatus,
  venueUpdate,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { scopeOf } from '../../../platform/scope.ts';
import {
  addPriceRule,
  addSite,
  addTemplate,
  addVenue,
  applyTemplate,
  editPriceRule,
  editSite,
  editTemplate,
  editVenue,
  getVenue,
  listPriceRules,
  listSites,
  listTemplates,
  listVenues,
  lockVenue,
  mergeSites,
  removePriceRules,
  removeSites,
  removeTemplates,
  removeVenue,
  reviewVenue,
  setShopStatus,
  splitSite,
  venueOfOrg as findVenueOfOrg,
} from './venue.service.ts';

/** Venues under the stadium prefix (spec 7.5, exactly), and their sites, prices and templates under `{sport}`; booking is `booking/booking.routes.ts`. */
export function venueRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { stadium, sport } = ctx.config.prefixes;
  const { db } = ctx;
  const venue = { module: 'venue' };
  const s = `${stadium}stadiumInfo/`;
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${s}pagelist`,
    permission: Perm.venue.list,
    action: 'list',
    readOnly: true,
    body: venueListQuery,
    response: venuePage,
    handler: async ({ body, caller }) => listVenues(db, caller, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'GET',
    url: `${s}list/:id`,
    permission: Perm.venue.list,
    action: 'detail',
    params: idParams,
    response: venueRow,
    handler: async ({ params, caller }) => getVenue(db, scopeOf(caller), params.id),
  });
  // Every signed-in user reads their organisation's venue (spec 4: the console keeps it as the current venue).
  defineRoute(app, {
    ...venue,
    method: 'GET',
    url: `${s}list/orgId/:orgId`,
    permission: Perm.authenticated,
    action: 'ofOrg',
    params: orgIdParams,
    response: venueOfOrg,
    handler: async ({ params, caller }) => findVenueOfOrg(db, caller, params.orgId),
  });
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${s}insert`,
    permission: Perm.venue.add,
    action: 'add',
    body: venueCreate,
    response: venueRow,
    handler: async ({ body, caller }) => addVenue(db, caller, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'DELETE',
    url: `${s}delete/:id`,
    permission: Perm.venue.remove,
    action: 'remove',
    params: idParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeVenue(db, caller, params.id),
  });
  defineRoute(app, {
    ...venue,
    method: 'PUT',
    url: `${s}update`,
    permission: Perm.venue.edit,
    action: 'edit',
    body: venueUpdate,
    response: venueRow,
    handler: async ({ body, caller }) => editVenue(db, caller, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${s}updateShopStatus`,
    permission: Perm.venue.shop,
    action: 'shopStatus',
    body: venueShopStatus,
    response: venueRow,
    handler: async ({ body, caller }) => setShopStatus(db, caller, body.id, body.shopStatus),
  });
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${s}lock`,
    permission: Perm.venue.lock,
    action: 'lock',
    body: venueLock,
    response: venueRow,
    handler: async ({ body, caller }) => lockVenue(db, caller, body.id, body.locked, body.reason ?? null),
  });
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${s}review`,
    permission: Perm.venue.review,
    action: 'review',
    platformOnly: true,
    body: venueReview,
    response: venueRow,
    handler: async ({ body, caller }) => reviewVenue(db, caller, body.id, body.approve, body.remark ?? null),
  });

  const v = `${sport}venue/`;
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${v}site/list`,
    permission: Perm.venue.list,
    action: 'siteList',
    readOnly: true,
    body: siteListQuery,
    response: sitePage,
    handler: async ({ body, caller }) => listSites(db, caller, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${v}site`,
    permission: Perm.venue.edit,
    action: 'siteAdd',
    body: siteCreate,
    response: siteRow,
    handler: async ({ body, caller }) => addSite(db, caller, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${v}site/merge`,
    permission: Perm.venue.edit,
    action: 'siteMerge',
    body: siteMerge,
    response: siteRow,
    handler: async ({ body, caller }) => mergeSites(db, caller, body.siteIds, body.name),
  });
  defineRoute(app, {
    ...venue,
    method: 'PUT',
    url: `${v}site/:id`,
    permission: Perm.venue.edit,
    action: 'siteEdit',
    params: idParams,
    body: siteUpdate,
    response: siteRow,
    handler: async ({ params, body, caller }) => editSite(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'DELETE',
    url: `${v}site/:ids`,
    permission: Perm.venue.edit,
    action: 'siteRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeSites(db, caller, params.ids),
  });
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${v}site/:id/split`,
    permission: Perm.venue.edit,
    action: 'siteSplit',
    params: idParams,
    body: siteSplit,
    response: z.array(siteRow),
    handler: async ({ params, body, caller }) => splitSite(db, caller, params.id, body.names),
  });

  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${v}price/list`,
    permission: Perm.venue.list,
    action: 'priceList',
    readOnly: true,
    body: priceRuleListQuery,
    response: priceRulePage,
    handler: async ({ body, caller }) => listPriceRules(db, caller, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${v}price`,
    permission: Perm.venue.edit,
    action: 'priceAdd',
    body: priceRuleCreate,
    response: priceRuleRow,
    handler: async ({ body, caller }) => addPriceRule(db, caller, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'PUT',
    url: `${v}price/:id`,
    permission: Perm.venue.edit,
    action: 'priceEdit',
    params: idParams,
    body: priceRuleUpdate,
    response: priceRuleRow,
    handler: async ({ params, body, caller }) => editPriceRule(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'DELETE',
    url: `${v}price/:ids`,
    permission: Perm.venue.edit,
    action: 'priceRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removePriceRules(db, caller, params.ids),
  });

  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${v}template/list`,
    permission: Perm.venue.list,
    action: 'templateList',
    readOnly: true,
    body: templateListQuery,
    response: templatePage,
    handler: async ({ body, caller }) => listTemplates(db, caller, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${v}template`,
    permission: Perm.venue.edit,
    action: 'templateAdd',
    body: templateCreate,
    response: templateRow,
    handler: async ({ body, caller }) => addTemplate(db, caller, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'PUT',
    url: `${v}template/:id`,
    permission: Perm.venue.edit,
    action: 'templateEdit',
    params: idParams,
    body: templateUpdate,
    response: templateRow,
    handler: async ({ params, body, caller }) => editTemplate(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...venue,
    method: 'DELETE',
    url: `${v}template/:ids`,
    permission: Perm.venue.edit,
    action: 'templateRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeTemplates(db, caller, params.ids),
  });
  defineRoute(app, {
    ...venue,
    method: 'POST',
    url: `${v}template/:id/apply`,
    permission: Perm.venue.edit,
    action: 'templateApply',
    params: idParams,
    body: templateApply,
    response: z.object({ sites: z.number() }),
    handler: async ({ params, body, caller }) => applyTemplate(db, caller, params.id, body.siteIds),
  });
}
