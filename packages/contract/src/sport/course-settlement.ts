import { z } from 'zod';
import { fields, updateOf } from '../fields.ts';
import { pageQuery } from '../envelope.ts';

/**
 * Coach settlement (issue 26). A coach's rates (for courses and for sparring, each from a day on) say
 * what the coach earns: per lesson, per lesson plus per attendee beyond a free tier, or a share of the
 * revenue in per mille with a minimum and a maximum per settlement. A settlement covers a coach and a
 * period; the server computes its lines (each with its formula) from the done lessons, their attendance
 * (present and late count) and the coach's paid sparring sessions. draft → approved (by another user;
 * posts the coach-payable ledger entry) → paid (cash or transfer); a paid settlement never changes.
 * Money in fen.
 */
const id = fields.id;

export const COACH_RATE_SCOPES = ['course', 'sparring'] as const;
export type CoachRateScope = (typeof COACH_RATE_SCOPES)[number];
export const COACH_RATE_MODES = ['lesson', 'attendee', 'share'] as const;
export type CoachRateMode = (typeof COACH_RATE_MODES)[number];
export const COACH_SETTLEMENT_STATES = ['draft', 'approved', 'paid'] as const;
export type CoachSettlementState = (typeof COACH_SETTLEMENT_STATES)[number];
export const COACH_SETTLEMENT_PAY_METHODS = ['cash', 'transfer'] as const;

const day = fields.day;
const optFen = fields.fen.nullish();

export const coachRateCreate = z.object({
  coachId: id,
  scope: z.enum(COACH_RATE_SCOPES),
  mode: z.enum(COACH_RATE_MODES),
  lessonFen: fields.fen.optional(),
  freeAttendees: fields.intIn(0, 10_000).optional(),
  attendeeFen: fields.fen.optional(),
  sharePermille: fields.intIn(0, 1000).optional(),
  minFen: optFen,
  maxFen: optFen,
  effectiveFrom: day,
});
export type CoachRateCreate = z.output<typeof coachRateCreate>;
export const coachRateUpdate = updateOf(coachRateCreate.omit({ coachId: true, scope: true }));
export type CoachRateUpdate = z.output<typeof coachRateUpdate>;
export const coachRateListQuery = pageQuery.extend({ coachId: id.optional(), scope: z.enum(COACH_RATE_SCOPES).optional() });
export type CoachRateListQuery = z.output<typeof coachRateListQuery>;
export const coachRateRow = z.object({
  id: z.number(),
  coachId: z.number(),
  coachName: z.string().nullable(),
  scope: fields.textOf(COACH_RATE_SCOPES),
  mode: fields.textOf(COACH_RATE_MODES),
  lessonFen: z.number(),
  freeAttendees: z.number(),
  attendeeFen: z.number(),
  sharePermille: z.number(),
  minFen: z.number().nullable(),
  maxFen: z.number().nullable(),
  effectiveFrom: z.string(),
  /** The rate in words, e.g. "¥80 per lesson + ¥5 per attendee over 10". */
  summary: z.string(),
  version: z.number(),
  updateTime: fields.instantOut,
});
export type CoachRateRow = z.output<typeof coachRateRow>;
export type CoachRateRowIn = z.input<typeof coachRateRow>;

export const coachSettlementCreate = z.object({
  coachId: id,
  fromDay: day,
  toDay: day,
  remark: fields.optText(200),
});
export type CoachSettlementCreate = z.output<typeof coachSettlementCreate>;
export const coachSettlementListQuery = pageQuery.extend({
  coachId: id.optional(),
  state: z.enum(COACH_SETTLEMENT_STATES).optional(),
  fromDay: fields.optDay,
  toDay: fields.optDay,
});
export type CoachSettlementListQuery = z.output<typeof coachSettlementListQuery>;
export const coachSettlementVersion = z.object({ version: fields.version });
export const coachSettlementPay = z.object({
  version: fields.version,
  method: z.enum(COACH_SETTLEMENT_PAY_METHODS),
  /** When it was paid (now when left out). */
  paidAt: fields.instant.optional(),
  /** A transfer's reference. */
  payRef: fields.optText(64),
});
export type CoachSettlementPay = z.output<typeof coachSettlementPay>;
export const coachSettlementExportQuery = coachSettlementListQuery.omit({ pageNum: true, pageSize: true });

export const coachSettlementRow = z.object({
  id: z.number(),
  no: z.string(),
  coachId: z.number(),
  coachName: z.string().nullable(),
  fromDay: z.string(),
  toDay: z.string(),
  state: fields.textOf(COACH_SETTLEMENT_STATES),
  totalFen: z.number(),
  remark: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  approvedBy: z.number().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: fields.instantOut.nullable(),
  ledgerTxnNo: z.string().nullable(),
  paidAt: fields.instantOut.nullable(),
  payMethod: z.enum(COACH_SETTLEMENT_PAY_METHODS).nullable(),
  payRef: z.string().nullable(),
  version: z.number(),
  createTime: fields.instantOut,
});
export type CoachSettlementRow = z.output<typeof coachSettlementRow>;
export type CoachSettlementRowIn = z.input<typeof coachSettlementRow>;
export const coachSettlementLine = z.object({
  id: z.number(),
  scope: fields.textOf(COACH_RATE_SCOPES),
  mode: fields.textOf(COACH_RATE_MODES),
  fromDay: z.string(),
  toDay: z.string(),
  lessons: z.number(),
  attendees: z.number(),
  extraAttendees: z.number(),
  revenueFen: z.number(),
  /** How the amount was reached, e.g. "12 lessons × ¥80 + 3 attendees over 10 × ¥5". */
  formula: z.string(),
  amountFen: z.number(),
});
export type CoachSettlementLine = z.output<typeof coachSettlementLine>;
export type CoachSettlementLineIn = z.input<typeof coachSettlementLine>;
export const coachSettlementDetail = coachSettlementRow.extend({ lines: z.array(coachSettlementLine) });
export type CoachSettlementDetail = z.output<typeof coachSettlementDetail>;
export type CoachSettlementDetailIn = z.input<typeof coachSettlementDetail>;
