import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  bookingChange,
  bookingChangeAnswer,
  closureCreate,
  closureImpact as closureImpactAnswer,
  closureListQuery,
  closurePage,
  closureRange,
  closureRow,
  closureUpdate,
  seriesCancel,
  seriesCancelAnswer,
  seriesCreate,
  seriesListQuery,
  seriesPage,
  seriesPattern,
  seriesPreview,
  seriesRow,
  shiftCount,
  shiftCurrentQuery,
  shiftHand,
  shiftListQuery,
  shiftPage,
  shiftRow,
  bookingCancel,
  bookingCancelAnswer,
  bookingCheckin,
  bookingLock,
  bookingOrder,
  bookingOrderAnswer,
  bookingPlan,
  bookingPlanQuery,
  bookingRow,
  bookingUnlock,
  deletedAnswer,
  gridAnswer,
  gridQuery,
  idParams,
  idsParams,
  lockAnswer,
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
import { afterCommit } from '../commerce/payment.service.ts';
import { idemKey, payDeps } from '../commerce/commerce.routes.ts';
import { bookingGrid, bookingPlan as planOf, bookSlots, cancelBooking, changeBooking, checkIn, lockSlots, unlockSlots } from './booking.service.ts';
import { cancelSeries, createSeries, listSeries, previewSeries } from './series.service.ts';
import { closureImpact, createClosure, editClosure, listClosures } from './closure.service.ts';
import { countShift, currentShift, handShift, listShifts, signShift } from './shift.service.ts';
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
import './venue.jobs.ts';

/** Venues under the stadium prefix (spec 7.5, exactly), sites, prices and templates, and booking under `{sport}`. */
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

  // Booking. `grid` and `order` are fixed calls (checks outside the code call them).
  const booking = { module: 'booking' };
  const b = `${sport}booking/`;
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}grid`,
    permission: Perm.booking.view,
    action: 'grid',
    readOnly: true,
    body: gridQuery,
    response: gridAnswer,
    handler: async ({ body, caller }) => bookingGrid(db, caller, body),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}order`,
    permission: Perm.booking.book,
    action: 'order',
    body: bookingOrder,
    response: bookingOrderAnswer,
    handler: async ({ body, caller, req }) => bookSlots(db, caller, body, idemKey(req)),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}lock`,
    permission: Perm.booking.lock,
    action: 'lock',
    body: bookingLock,
    response: lockAnswer,
    handler: async ({ body, caller }) => lockSlots(db, caller, body),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}unlock`,
    permission: Perm.booking.lock,
    action: 'unlock',
    body: bookingUnlock,
    response: lockAnswer,
    handler: async ({ body, caller }) => unlockSlots(db, caller, body.claimIds),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}cancel`,
    permission: Perm.booking.cancel,
    action: 'cancel',
    body: bookingCancel,
    response: bookingCancelAnswer,
    handler: async ({ body, caller, req }) => cancelBooking(db, caller, body.orderId, body.reason ?? null, afterCommit(payDeps(ctx, req))),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}checkin`,
    permission: Perm.booking.checkin,
    action: 'checkin',
    body: bookingCheckin,
    response: bookingRow,
    handler: async ({ body, caller }) => checkIn(db, caller, body.code),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}plan`,
    permission: Perm.booking.view,
    action: 'plan',
    readOnly: true,
    body: bookingPlanQuery,
    response: bookingPlan,
    handler: async ({ body, caller }) => planOf(db, caller, body.stadiumId, body.date),
  });

  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}change`,
    permission: Perm.booking.book,
    action: 'change',
    body: bookingChange,
    response: bookingChangeAnswer,
    handler: async ({ body, caller, req }) => changeBooking(db, caller, body, afterCommit(payDeps(ctx, req))),
  });

  // Fixed bookings.
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}fixed/preview`,
    permission: Perm.booking.book,
    action: 'fixedPreview',
    readOnly: true,
    body: seriesPattern,
    response: seriesPreview,
    handler: async ({ body, caller }) => previewSeries(db, caller, body),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}fixed/list`,
    permission: Perm.booking.book,
    action: 'fixedList',
    readOnly: true,
    body: seriesListQuery,
    response: seriesPage,
    handler: async ({ body, caller }) => listSeries(db, caller, body),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}fixed`,
    permission: Perm.booking.book,
    action: 'fixedAdd',
    body: seriesCreate,
    response: seriesRow,
    handler: async ({ body, caller }) => createSeries(db, caller, body),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}fixed/:id/cancel`,
    permission: Perm.booking.cancel,
    action: 'fixedCancel',
    params: idParams,
    body: seriesCancel,
    response: seriesCancelAnswer,
    handler: async ({ params, body, caller, req }) => cancelSeries(db, caller, params.id, body, afterCommit(payDeps(ctx, req))),
  });

  // Closures.
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}closure/impact`,
    permission: Perm.booking.close,
    action: 'closureImpact',
    readOnly: true,
    body: closureRange,
    response: closureImpactAnswer,
    handler: async ({ body, caller }) => closureImpact(db, caller, body),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}closure/list`,
    permission: Perm.booking.close,
    action: 'closureList',
    readOnly: true,
    body: closureListQuery,
    response: closurePage,
    handler: async ({ body, caller }) => listClosures(db, caller, body),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}closure`,
    permission: Perm.booking.close,
    action: 'closureAdd',
    body: closureCreate,
    response: closureRow,
    handler: async ({ body, caller, req }) => createClosure(db, caller, body, afterCommit(payDeps(ctx, req))),
  });
  defineRoute(app, {
    ...booking,
    method: 'PUT',
    url: `${b}closure/:id`,
    permission: Perm.booking.close,
    action: 'closureEdit',
    params: idParams,
    body: closureUpdate,
    response: closureRow,
    handler: async ({ params, body, caller, req }) => editClosure(db, caller, params.id, body, afterCommit(payDeps(ctx, req))),
  });

  // The workbench's shifts. Reading the current shift opens it if there is none (signing in at the desk): no operation-log row per look.
  const w = `${sport}workbench/`;
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${w}shift/current`,
    permission: Perm.booking.view,
    action: 'shiftCurrent',
    readOnly: true,
    body: shiftCurrentQuery,
    response: shiftRow,
    handler: async ({ body, caller }) => currentShift(db, caller, body.stadiumId),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${w}shift/list`,
    permission: Perm.booking.view,
    action: 'shiftList',
    readOnly: true,
    body: shiftListQuery,
    response: shiftPage,
    handler: async ({ body, caller }) => listShifts(db, caller, body),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${w}shift/:id/count`,
    permission: Perm.booking.view,
    action: 'shiftCount',
    params: idParams,
    body: shiftCount,
    response: shiftRow,
    handler: async ({ params, body, caller }) => countShift(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${w}shift/:id/hand`,
    permission: Perm.booking.view,
    action: 'shiftHand',
    params: idParams,
    body: shiftHand,
    response: shiftRow,
    handler: async ({ params, body, caller }) => handShift(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${w}shift/:id/sign`,
    permission: Perm.booking.settle,
    action: 'shiftSign',
    params: idParams,
    response: shiftRow,
    handler: async ({ params, caller }) => signShift(db, caller, params.id),
  });
}
