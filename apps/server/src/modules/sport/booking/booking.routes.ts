import type { FastifyInstance } from 'fastify';
import {
  bookingCancel,
  bookingCancelAnswer,
  bookingCancelQuote,
  bookingCancelQuoteAnswer,
  bookingChange,
  bookingChangeAnswer,
  bookingChangeQuoteAnswer,
  bookingCheckin,
  bookingLock,
  bookingOrder,
  bookingOrderAnswer,
  bookingPlan,
  bookingPlanQuery,
  bookingRow,
  bookingUnlock,
  closureCreate,
  closureImpact as closureImpactAnswer,
  closureListQuery,
  closurePage,
  closureRange,
  closureRow,
  closureUpdate,
  gridAnswer,
  gridQuery,
  idParams,
  lockAnswer,
  Perm,
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
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { afterCommit, idemKey, payDeps } from '../commerce/index.ts';
import {
  bookingGrid,
  bookingPlan as planOf,
  bookSlots,
  cancelBooking,
  changeBooking,
  checkIn,
  lockSlots,
  quoteCancel,
  quoteChange,
  unlockSlots,
} from './booking.service.ts';
import { cancelSeries, createSeries, listSeries, previewSeries } from './series.service.ts';
import { closureImpact, createClosure, editClosure, listClosures } from './closure.service.ts';
import { countShift, currentShift, handShift, listShifts, signShift } from './shift.service.ts';

/** Booking under `{sport}booking/` (the grid, orders, fixed bookings, closures) and the workbench's shifts under `{sport}workbench/`. */
export function bookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
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
    handler: async ({ body, caller, req }) => cancelBooking(db, caller, body.orderId, body.reason ?? null, afterCommit(payDeps(ctx, req)), body.itemId),
  });
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}cancel/quote`,
    permission: Perm.booking.cancel,
    action: 'cancelQuote',
    readOnly: true,
    body: bookingCancelQuote,
    response: bookingCancelQuoteAnswer,
    handler: async ({ body, caller }) => quoteCancel(db, caller, body.orderId, body.itemId),
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
  defineRoute(app, {
    ...booking,
    method: 'POST',
    url: `${b}change/quote`,
    permission: Perm.booking.book,
    action: 'changeQuote',
    readOnly: true,
    body: bookingChange,
    response: bookingChangeQuoteAnswer,
    handler: async ({ body, caller }) => quoteChange(db, caller, body),
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
