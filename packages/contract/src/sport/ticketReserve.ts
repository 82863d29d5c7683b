import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';
import { TICKET_ORDER_MAX, ticketViewer } from './ticket.ts';

/**
 * Ticketing rules (issue 13): reserved issuing (sellTicketYL/book), a session's refund rules and a
 * ticket's refund by them. Real-name viewers are part of the order body (`ticketOrder.viewers`) and of
 * a reservation's.
 *
 * - A reservation holds its seats or quota through a pending order of channel `reserved`; a user
 *   with `Perm.ticket.reserveApprove` who is not the requester (and is the named approver, when
 *   one is named) approves it (the order is paid by a comp: its tickets are sold) or rejects it
 *   (the holds are released). A reservation not approved before the session starts lapses.
 * - Refund rules: `refundable` false refuses every refund; otherwise the first tier (most hours
 *   first) whose `hoursBefore` the time left reaches gives the percentage back. No refund after the
 *   start, nor when no tier is reached (with no tiers: 100% until the start).
 */
const id = fields.id;
const at = fields.instantOut;
const atOrNull = at.nullable();
const phone = fields
  .str()
  .trim()
  .regex(/^1\d{10}$/, 'error.field.invalid');

// ---------------------------------------------------------------- refund rules

export const refundTier = z.object({ hoursBefore: fields.intIn(0, 8760), percent: fields.intIn(0, 100) });
export const refundRules = z
  .object({ refundable: z.boolean(), tiers: z.array(refundTier).max(10) })
  .refine((r) => new Set(r.tiers.map((t) => t.hoursBefore)).size === r.tiers.length, { message: 'ticket.refundTierTwice', path: ['tiers'] });
export type RefundRules = z.output<typeof refundRules>;
/** `GET {sport}ticket/session/{id}/refund-rules`: null rules mean refundable in full until the start. */
export const sessionRefundRules = z.object({
  sessionId: z.number(),
  startAt: at,
  refundRules: z.object({ refundable: z.boolean(), tiers: z.array(z.object({ hoursBefore: z.number(), percent: z.number() })) }).nullable(),
  version: z.number(),
});
/** `PUT {sport}ticket/session/{id}/refund-rules`. */
export const sessionRefundRulesUpdate = z.object({ refundRules: refundRules.nullable(), version: fields.version });

/** `POST {sport}ticket/{id}/refund/quote`: what a refund of the ticket gives back now, by its session's rules. */
export const ticketRefundQuote = z.object({
  ticketId: z.number(),
  priceFen: z.number(),
  percent: z.number(),
  amountFen: z.number(),
  /** Whole hours left before the session starts. */
  hoursLeft: z.number(),
  startAt: at,
});
/** `POST {sport}ticket/{id}/refund`: applies for the refund (to the commerce refund review). `expectFen`: the amount the operator saw; a different amount now answers 100409 state. */
export const ticketRefundApply = z.object({ reason: fields.str().trim().min(1).max(200), expectFen: fields.fen.optional() });
export const ticketRefundAnswer = z.object({ refundId: z.number(), refundNo: z.string(), amountFen: z.number(), state: z.string() });

// ---------------------------------------------------------------- reserved issuing

export const RESERVATION_STATES = ['pending', 'approved', 'rejected', 'lapsed'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/** `POST {sport}ticket/reserve`: seats of a seated session, or a quantity of a general-admission level. */
export const reservationCreate = z
  .object({
    sessionId: id,
    seatIds: fields.idArray(TICKET_ORDER_MAX).min(1).optional(),
    levelId: id.optional(),
    quantity: fields.intIn(1, TICKET_ORDER_MAX).optional(),
    reason: fields.str().trim().min(1).max(200),
    recipientName: fields.optText(64),
    recipientPhone: phone
      .nullish()
      .or(z.literal(''))
      .transform((v) => v || null),
    /** The user who is to approve (default: any user with the approve right). */
    approverId: id.nullish(),
    /** A real-name project's viewers, one per ticket, as the sale takes them (`ticketOrder.viewers`). */
    viewers: z.array(ticketViewer).min(1).max(TICKET_ORDER_MAX).optional(),
  })
  .refine((o) => o.seatIds || o.levelId, { message: 'error.field.required', path: ['seatIds'] });
export type ReservationCreate = z.output<typeof reservationCreate>;
/** `POST {sport}ticket/reserve/{id}/review`. */
export const reservationReview = z.object({ approve: z.boolean(), remark: fields.optText(200) });
export type ReservationReview = z.output<typeof reservationReview>;
export const reservationListQuery = pageQuery.extend({ sessionId: id.optional(), state: z.enum(RESERVATION_STATES).optional() });
export type ReservationListQuery = z.output<typeof reservationListQuery>;
export const reservationRow = z.object({
  id: z.number(),
  orgId: z.number(),
  sessionId: z.number(),
  sessionName: z.string(),
  projectName: z.string(),
  startAt: at,
  orderId: z.number(),
  orderNo: z.string(),
  quantity: z.number(),
  /** What is held or issued: seat labels, or the level's name. */
  items: z.string(),
  /** Face value of the tickets (given away once approved). */
  valueFen: z.number(),
  reason: z.string(),
  recipientName: z.string().nullable(),
  recipientPhone: z.string().nullable(),
  state: fields.textOf(RESERVATION_STATES),
  requestedBy: z.number().nullable(),
  requestedByName: z.string().nullable(),
  approverId: z.number().nullable(),
  approverName: z.string().nullable(),
  reviewedBy: z.number().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: atOrNull,
  reviewRemark: z.string().nullable(),
  version: z.number(),
  createTime: at,
});
export type ReservationRow = z.output<typeof reservationRow>;
export const reservationPage = page(reservationRow);
/** `GET {sport}ticket/reserve/approvers`: users of the caller's organisation who may approve. */
export const reservationApprovers = z.array(z.object({ id: z.number(), name: z.string() }));
