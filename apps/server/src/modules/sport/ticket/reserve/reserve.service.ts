import { Perm, type RefundRules, type ReservationCreate, type ReservationListQuery, type ReservationReview } from '@venue/contract';
import type { Db } from '../../../../platform/db.ts';
import { AppError, conflict, invalid, notFound } from '../../../../platform/errors.ts';
import type { Caller } from '../../../../platform/http.ts';
import { pageOf } from '../../../../platform/list.ts';
import { expectOneUpdated, scopeOf } from '../../../../platform/scope.ts';
import { applyRefund, cancelPending, createOrder, fenToYuan, findOrder, payWithin } from '../../commerce/index.ts';
import { saleContext } from '../ticket.repository.ts';
import { ticketLines } from '../sale.service.ts';
import {
  claimTicketRefund,
  findReservation,
  findUserOfOrg,
  insertReservation,
  pageReservations,
  reviewReservationRow,
  sessionRules,
  setSessionRules,
  ticketForRefund,
  usersWithPerm,
} from './reserve.repository.ts';
import { refundQuote } from './rules.ts';
import { resolveMemberViewers } from './viewers.ts';
import './reserve.messages.ts';

/**
 * The ticketing rules: reserved issuing (a request holds through a pending order of channel
 * `reserved`; another user approves it with a comp payment or rejects it), a session's refund
 * rules, and a ticket's refund by them through the commerce refund review.
 */

// ---------------------------------------------------------------- reserved issuing

type PageRow = Awaited<ReturnType<typeof pageReservations>>['rows'][number];
const reservationOut = ({
  r,
  sessionName,
  startAt,
  projectName,
  orderNo,
  orderState,
  valueFen,
  items,
  requestedByName,
  approverName,
  reviewedByName,
}: PageRow) => ({
  id: r.id,
  orgId: r.orgId,
  sessionId: r.sessionId,
  sessionName,
  projectName,
  startAt,
  orderId: r.orderId,
  orderNo,
  quantity: r.quantity,
  items,
  valueFen,
  reason: r.reason,
  recipientName: r.recipientName,
  recipientPhone: r.recipientPhone,
  state: r.state === 'pending' && orderState === 'cancelled' ? 'lapsed' : r.state,
  requestedBy: r.requestedBy,
  requestedByName,
  approverId: r.approverId,
  approverName,
  reviewedBy: r.reviewedBy,
  reviewedByName,
  reviewedAt: r.reviewedAt,
  reviewRemark: r.reviewRemark,
  version: r.version,
  createTime: r.createdAt,
});

export async function listReservations(db: Db, caller: Caller, q: ReservationListQuery) {
  const { total, rows } = await pageReservations(db, scopeOf(caller), { sessionId: q.sessionId, state: q.state }, pageOf(q));
  return { total, data: rows.map(reservationOut) };
}

export async function getReservation(db: Db, caller: Caller, id: number) {
  const { rows } = await pageReservations(db, scopeOf(caller), { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return reservationOut(rows[0]);
}

/** Users of the caller's organisation who may approve reserved tickets (the requester excepted). */
export async function reservationApprovers(db: Db, caller: Caller) {
  const rows = await usersWithPerm(db, scopeOf(caller), caller.orgId, Perm.ticket.reserveApprove);
  return rows.filter((u) => u.id !== caller.userId);
}

/** Requests reserved tickets: seats or a quantity held at once (a pending order of channel `reserved`, lapsing at the session's start). */
export async function requestReservation(db: Db, caller: Caller, input: ReservationCreate) {
  const scope = scopeOf(caller);
  const s = await saleContext(db, scope, input.sessionId);
  if (!s) throw notFound();
  if (!s.session.onSale || s.session.status !== 0 || s.projectStatus !== 0) throw conflict('state', 'ticket.notOnSale');
  const minutesLeft = Math.floor((s.session.startAt.getTime() - Date.now()) / 60_000);
  if (minutesLeft < 1) throw conflict('state', 'ticket.sessionStarted');
  if (input.approverId) {
    if (input.approverId === caller.userId) throw invalid('approverId', 'ticket.reserveSelfApprover');
    const approver = await findUserOfOrg(db, scope, input.approverId);
    if (!approver || approver.orgId !== s.session.orgId) throw notFound();
    if (!(await usersWithPerm(db, scope, s.session.orgId, Perm.ticket.reserveApprove)).some((u) => u.id === input.approverId))
      throw invalid('approverId', 'ticket.reserveApproverNoRight');
  }
  // A real-name project's reservation names its viewers as a sale does: the same checks, and the ticket kind's one-live-ticket-per-id rule when held.
  const viewers = await resolveMemberViewers(db, scope, s.session.orgId, input.viewers);
  const { items, count } = ticketLines(s, { ...input, viewers, buyer: undefined });
  const id = await db.transaction(async (tx) => {
    let state = 'pending';
    const orderId = await createOrder(
      tx,
      caller,
      {
        orgId: s.session.orgId,
        type: 'ticket',
        venueId: s.venueId ?? undefined,
        buyerName: input.recipientName ?? null,
        buyerPhone: input.recipientPhone ?? null,
        channel: 'reserved',
        remark: input.reason.slice(0, 200),
        items,
      },
      undefined,
      (m) => (state = m.order.state),
      { timeoutMinutes: minutesLeft },
    );
    if (state !== 'pending') throw invalid('levelId', 'ticket.reserveFreeLevel');
    const r = await insertReservation(tx, scope, {
      orgId: s.session.orgId,
      sessionId: s.session.id,
      orderId,
      quantity: count,
      reason: input.reason,
      recipientName: input.recipientName ?? null,
      recipientPhone: input.recipientPhone ?? null,
      requestedBy: caller.userId,
      approverId: input.approverId ?? null,
    });
    return r.id;
  });
  return getReservation(db, caller, id);
}

/**
 * Approves (the held tickets are issued: the order is paid by a comp, its tickets sold) or rejects
 * (the order is cancelled, its holds released) a pending reservation, once, by a user other than
 * the requester (and the named approver, when one is named).
 */
export async function reviewReservation(db: Db, caller: Caller, id: number, input: ReservationReview) {
  const scope = scopeOf(caller);
  await db.transaction(async (tx) => {
    const r = await findReservation(tx, scope, id, { lock: true });
    if (!r) throw notFound();
    if (r.state !== 'pending') throw conflict('state', 'ticket.reserveReviewed');
    if (r.requestedBy === caller.userId) throw new AppError('FORBIDDEN', 'ticket.reserveOwn');
    if (r.approverId !== null && r.approverId !== caller.userId) throw new AppError('FORBIDDEN', 'ticket.reserveNotApprover');
    const order = await findOrder(tx, scope, r.orderId, { lock: true });
    if (!order) throw notFound();
    if (order.state !== 'pending' || (order.expiresAt && order.expiresAt.getTime() <= Date.now())) throw conflict('state', 'ticket.reserveLapsed');
    if (
      !(await reviewReservationRow(tx, scope, id, {
        state: input.approve ? 'approved' : 'rejected',
        reviewedBy: caller.userId,
        reviewRemark: input.remark ?? null,
      }))
    )
      throw conflict('state', 'ticket.reserveReviewed');
    if (!input.approve) {
      await cancelPending(tx, scope, order, 'reservation rejected');
      return;
    }
    // Issued free of charge: a comp payment of the face value (the ledger's comp account shows what was given away).
    const paid = await payWithin(tx, scope, order.id, { method: 'free', amountFen: order.payableFen, operatorId: caller.userId });
    if (paid?.state !== 'paid') throw conflict('state', 'ticket.reserveLapsed');
  });
  return getReservation(db, caller, id);
}

// ---------------------------------------------------------------- refund rules and refunds

export async function getRefundRules(db: Db, caller: Caller, sessionId: number) {
  const s = await sessionRules(db, scopeOf(caller), sessionId);
  if (!s) throw notFound();
  return { sessionId: s.id, startAt: s.startAt, refundRules: s.refundRules ?? null, version: s.version };
}

export async function setRefundRules(db: Db, caller: Caller, sessionId: number, input: { refundRules: RefundRules | null; version: number }) {
  const scope = scopeOf(caller);
  if (!(await sessionRules(db, scope, sessionId))) throw notFound();
  const tiers = input.refundRules ? [...input.refundRules.tiers].sort((a, b) => b.hoursBefore - a.hoursBefore) : [];
  expectOneUpdated(await setSessionRules(db, scope, sessionId, input.version, input.refundRules ? { refundable: input.refundRules.refundable, tiers } : null));
  return getRefundRules(db, caller, sessionId);
}

async function quoteOf(db: Db, caller: Caller, ticketId: number) {
  const t = await ticketForRefund(db, scopeOf(caller), ticketId);
  if (!t) throw notFound();
  if (t.ticket.state !== 'sold') throw conflict('state', 'ticket.refundNotSold');
  if (t.channel === 'reserved') throw conflict('state', 'ticket.refundReserved');
  return { t, quote: refundQuote(t.refundRules ?? null, t.startAt, t.ticket.priceFen) };
}

/** What refunding the ticket gives back now, by its session's rules (or the refusal). */
export async function quoteTicketRefund(db: Db, caller: Caller, ticketId: number) {
  const { t, quote } = await quoteOf(db, caller, ticketId);
  return { ticketId, priceFen: t.ticket.priceFen, percent: quote.percent, amountFen: quote.amountFen, hoursLeft: quote.hoursLeft, startAt: t.startAt };
}

/**
 * Applies for the ticket's refund by its session's rules (computed now): a refund of its order
 * line, one unit, through the core's refund application (its limits, its lock order, its review by
 * someone other than the applicant). Approved and paid back, the ticket is refunded and its seat or
 * quota free again.
 */
export async function applyTicketRefund(db: Db, caller: Caller, ticketId: number, input: { reason: string; expectFen?: number }) {
  const scope = scopeOf(caller);
  const { t, quote } = await quoteOf(db, caller, ticketId);
  if (input.expectFen !== undefined && input.expectFen !== quote.amountFen)
    throw conflict('state', 'ticket.refundChanged', { amount: fenToYuan(quote.amountFen) });
  if (quote.amountFen <= 0) throw conflict('state', 'ticket.refundNothing');
  if (t.openRefund) throw conflict('state', 'ticket.refundPending');
  const refund = await applyRefund(
    db,
    caller,
    {
      orderId: t.ticket.orderId,
      items: [{ itemId: t.ticket.itemId, quantity: 1 }],
      amountFen: quote.amountFen,
      to: 'original',
      reason: `${input.reason} (${t.ticket.code}, ${quote.percent}%)`.slice(0, 200),
    },
    undefined,
    {
      // The ticket is named by the refund in the same transaction: of two applications for it, one wins.
      alongside: async (tx, r) => {
        if (!(await claimTicketRefund(tx, scope, ticketId, r.refundNo))) throw conflict('state', 'ticket.refundPending');
      },
    },
  );
  return { refundId: refund.id, refundNo: refund.refundNo, amountFen: refund.amountFen, state: refund.state };
}
