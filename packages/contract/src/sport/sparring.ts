import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';
import { hhmm, minutesOf } from './venue.ts';

/**
 * Sparring (issue 26, spec 2.5 `servicePersonal/rehearsalService`): a coach booked by the hour,
 * with or without a site, for a member or a walk-in. The price comes from the organisation's
 * approved price groups: a group names coach levels and prices an hour by weekday set, time band
 * and member level. Adding, changing or removing a group is a pending change that applies only
 * when another user approves it. A booking sells through the commerce core as an item of kind
 * `sparring` (order type `sparring`). Money is integer fen; days and times are the organisation's
 * local wall clock.
 */
const id = fields.id;
const at = fields.instantOut;
const phone = fields
  .str()
  .trim()
  .regex(/^1\d{10}$/, 'error.field.invalid');

// ---------------------------------------------------------------- price groups

/** One price of a group: per hour, on these weekdays (1 Monday … 7 Sunday; empty every day), inside the band, for a member level (empty: everybody). */
export const sparringPrice = z
  .object({
    weekdays: z.array(fields.intIn(1, 7)).max(7),
    start: hhmm,
    end: hhmm,
    /** A member level (card type code, or the member's own level); empty: the walk-in price. */
    memberLevel: fields.optText(32),
    priceFen: fields.intIn(0, 100_000_000),
  })
  .refine((r) => minutesOf(r.start) < minutesOf(r.end), { message: 'venue.closeAfterOpen', path: ['end'] });
export type SparringPrice = z.output<typeof sparringPrice>;

/** A price group as added or changed (the whole group: a change replaces it). */
export const sparringGroupForm = z.object({
  name: fields.str().trim().min(1).max(64),
  /** The coach levels it prices (the coach module's `level`). */
  coachLevels: z.array(fields.str().trim().min(1).max(32)).min(1).max(20),
  prices: z.array(sparringPrice).min(1).max(100),
  remark: fields.optText(200),
});
export type SparringGroupForm = z.output<typeof sparringGroupForm>;
/** `PUT sparring/priceGroup/{id}`: the changed fields, with the version it was read at (what is left out stays). */
export const sparringGroupUpdate = sparringGroupForm.partial().extend({ version: fields.version });
export type SparringGroupUpdate = z.output<typeof sparringGroupUpdate>;

const priceOut = z.object({ weekdays: z.array(z.number()), start: z.string(), end: z.string(), memberLevel: z.string().nullable(), priceFen: z.number() });
const groupOut = z.object({ name: z.string(), coachLevels: z.array(z.string()), prices: z.array(priceOut), remark: z.string().nullable() });
export type SparringGroupOut = z.output<typeof groupOut>;

export const sparringGroupListQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional() });
export const sparringGroupRow = groupOut.extend({
  id: z.number(),
  version: z.number(),
  /** The change waiting for approval on this group, if any. */
  pendingChangeId: z.number().nullable(),
  updateTime: at,
});
export type SparringGroupRow = z.output<typeof sparringGroupRow>;

// ---------------------------------------------------------------- the audit of price-group changes

export const SPARRING_CHANGE_ACTIONS = ['add', 'edit', 'remove'] as const;
export const SPARRING_CHANGE_STATES = ['pending', 'approved', 'rejected'] as const;
export const sparringChangeListQuery = pageQuery.extend({ state: z.enum(SPARRING_CHANGE_STATES).optional(), groupId: id.optional() });
export const sparringChangeRow = z.object({
  id: z.number(),
  groupId: z.number().nullable(),
  groupName: z.string(),
  action: fields.textOf(SPARRING_CHANGE_ACTIONS),
  /** The group before and after the change (null before an addition, after a removal). */
  before: groupOut.nullable(),
  after: groupOut.nullable(),
  state: fields.textOf(SPARRING_CHANGE_STATES),
  requestedBy: z.number().nullable(),
  requestedByName: z.string().nullable(),
  requestTime: at,
  reviewedBy: z.number().nullable(),
  reviewedByName: z.string().nullable(),
  reviewTime: at.nullable(),
  reason: z.string().nullable(),
});
export type SparringChangeRow = z.output<typeof sparringChangeRow>;
export const sparringChangeReject = z.object({ reason: fields.str().trim().min(1).max(200) });

// ---------------------------------------------------------------- booking a coach

/** What a sparring hour asks: the coach, the local day and times, optionally a site and a member (none: a walk-in). */
const sparringAsk = z.object({
  coachId: id,
  date: fields.day,
  start: hhmm,
  end: hhmm,
  siteId: id.optional(),
  memberId: id.optional(),
});
const later = (r: { start: string; end: string }) => minutesOf(r.start) < minutesOf(r.end);
/** `POST {sport}sparring/quote`: the price before booking. */
export const sparringQuote = sparringAsk.refine(later, { message: 'venue.closeAfterOpen', path: ['end'] });
export type SparringQuote = z.output<typeof sparringQuote>;
export const sparringQuoteAnswer = z.object({
  amount: z.number(),
  /** Each priced part of the time: its band, the hour price and what it costs. */
  parts: z.array(z.object({ start: z.string(), end: z.string(), hourFen: z.number(), amountFen: z.number(), groupName: z.string() })),
});
export type SparringQuoteAnswer = z.output<typeof sparringQuoteAnswer>;

/** `POST {sport}sparring/order` (a fixed call; accepts `Idempotency-Key`). A walk-in may leave a name and phone. */
export const sparringOrder = sparringAsk
  .extend({
    buyerName: fields.optText(64),
    buyerPhone: phone
      .nullish()
      .or(z.literal(''))
      .transform((v) => v || null),
    remark: fields.optText(200),
  })
  .refine(later, { message: 'venue.closeAfterOpen', path: ['end'] });
export type SparringOrder = z.output<typeof sparringOrder>;
export const sparringOrderAnswer = z.object({ orderNo: z.string(), orderId: z.number(), amount: z.number(), state: z.string(), expiresAt: at.nullable() });

/** The `detail` of an order line of item kind `sparring` (its refId is the coach). */
/** `venueId`: the coach is booked with that venue's sites (the booking dialog's coach step), so must serve that venue. */
export const sparringLineDetail = z.strictObject({ date: fields.day, start: hhmm, end: hhmm, siteId: id.optional(), venueId: id.optional() });
export type SparringLineDetail = z.output<typeof sparringLineDetail>;

export const SPARRING_STATES = ['held', 'booked', 'released'] as const;
export const sparringListQuery = pageQuery.extend({
  coachId: id.optional(),
  dateFrom: fields.optDay,
  dateTo: fields.optDay,
  state: z.enum(SPARRING_STATES).optional(),
  /** An order number, a member's or walk-in's name or phone. */
  keyword: fields.str().trim().max(64).optional(),
});
export type SparringListQuery = z.output<typeof sparringListQuery>;
export const sparringRow = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  orderState: z.string(),
  coachId: z.number(),
  coachName: z.string(),
  coachLevel: z.string().nullable(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  memberId: z.number().nullable(),
  /** The member's name, or the walk-in's. */
  buyerName: z.string().nullable(),
  /** Masked (138****1234). */
  buyerPhone: z.string().nullable(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  amount: z.number(),
  state: fields.textOf(SPARRING_STATES),
  remark: z.string().nullable(),
  createTime: at,
});
export type SparringRow = z.output<typeof sparringRow>;
/** `GET sparring/order/{id}` (the order's id): the booking with its order's money. */
export const sparringDetail = sparringRow.extend({
  paidFen: z.number(),
  refundedFen: z.number(),
  expiresAt: at.nullable(),
});
export type SparringDetail = z.output<typeof sparringDetail>;
export const sparringListAnswer = page(sparringRow);

// ---------------------------------------------------------------- coaches free for a booking (the booking dialog's coach step)

/** `POST {sport}sparring/freeCoaches`: the venue's active coaches free for the whole of `[start, end)` on `date`, priced for the member (none: a walk-in). */
export const sparringFreeQuery = z
  .object({ venueId: id, date: fields.day, start: hhmm, end: hhmm, memberId: id.optional() })
  .refine((r) => minutesOf(r.start) < minutesOf(r.end), { message: 'venue.closeAfterOpen', path: ['end'] });
export type SparringFreeQuery = z.output<typeof sparringFreeQuery>;
export const sparringFreeCoach = z.object({
  id: z.number(),
  name: z.string(),
  level: z.string().nullable(),
  photo: z.string().nullable(),
  sports: z.array(z.string()),
  /** The sparring price of the time for that member (fen); null: no approved price covers it (the coach cannot be added). */
  amount: z.number().nullable(),
});
export type SparringFreeCoach = z.output<typeof sparringFreeCoach>;
export const sparringFreeAnswer = z.array(sparringFreeCoach);
