import type { FastifyInstance } from 'fastify';
import {
  Perm,
  idParams,
  reservationApprovers,
  reservationCreate,
  reservationListQuery,
  reservationPage,
  reservationReview,
  reservationRow,
  sessionRefundRules,
  sessionRefundRulesUpdate,
  ticketRefundAnswer,
  ticketRefundApply,
  ticketRefundQuote,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../../platform/http.ts';
import {
  applyTicketRefund,
  getRefundRules,
  getReservation,
  listReservations,
  quoteTicketRefund,
  requestReservation,
  reservationApprovers as approversOf,
  reviewReservation,
  setRefundRules,
} from './reserve.service.ts';

/** The ticketing rules: reserved issuing, a session's refund rules, a ticket's refund by them. Under `{sport}ticket/`. */
export function reserveRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'ticket' };
  const t = `${sport}ticket/`;
  const R = Perm.ticket.reserve;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}reserve/list`,
    permission: R,
    action: 'reserveList',
    readOnly: true,
    body: reservationListQuery,
    response: reservationPage,
    handler: async ({ body, caller }) => listReservations(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}reserve/approvers`,
    permission: R,
    action: 'reserveApprovers',
    response: reservationApprovers,
    handler: async ({ caller }) => approversOf(db, caller),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}reserve/:id`,
    permission: R,
    action: 'reserveDetail',
    params: idParams,
    response: reservationRow,
    handler: async ({ params, caller }) => getReservation(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}reserve`,
    permission: R,
    action: 'reserve',
    body: reservationCreate,
    response: reservationRow,
    handler: async ({ body, caller }) => requestReservation(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}reserve/:id/review`,
    permission: Perm.ticket.reserveApprove,
    action: 'reserveReview',
    params: idParams,
    body: reservationReview,
    response: reservationRow,
    handler: async ({ params, body, caller }) => reviewReservation(db, caller, params.id, body),
  });

  const S = Perm.ticket.session;
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${t}session/:id/refund-rules`,
    permission: S,
    action: 'refundRules',
    params: idParams,
    response: sessionRefundRules,
    handler: async ({ params, caller }) => getRefundRules(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${t}session/:id/refund-rules`,
    permission: S,
    action: 'refundRulesEdit',
    params: idParams,
    body: sessionRefundRulesUpdate,
    response: sessionRefundRules,
    handler: async ({ params, body, caller }) => setRefundRules(db, caller, params.id, body),
  });

  const F = Perm.ticket.refund;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}:id/refund/quote`,
    permission: F,
    action: 'refundQuote',
    readOnly: true,
    params: idParams,
    response: ticketRefundQuote,
    handler: async ({ params, caller }) => quoteTicketRefund(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${t}:id/refund`,
    permission: F,
    action: 'refund',
    params: idParams,
    body: ticketRefundApply,
    response: ticketRefundAnswer,
    handler: async ({ params, body, caller }) => applyTicketRefund(db, caller, params.id, body),
  });
}
