import { z } from 'zod';
import { fields, updateOf } from '../fields.ts';
import { pageQuery } from '../envelope.ts';

/**
 * Consignment courses (issue 26, spec 2.5 `consignmentCourse`). A partner (a swimming school, a tennis
 * academy) runs courses at the venue; a course naming a partner (`partnerId`) is consigned and sells as any
 * course. Of each paid seat the partner is owed
 *   max(0, floor(paid × sharePermille / 1000) − seatFeeFen)
 * (fen; the percentage rounded down, the venue keeps the remainder), posted to the ledger's partnerPayable
 * when the seat is paid and reversed when it is refunded. A statement lists a partner's lines of a month;
 * a month that is over is paid out once (never changed after).
 */
const id = fields.id;

export const COURSE_PARTNER_STATUSES = ['on', 'off'] as const;
/** sale: a seat paid; refund: the seat refunded; adjust: part of its money refunded (the share follows what is left). */
export const CONSIGN_LINE_KINDS = ['sale', 'refund', 'adjust'] as const;
export type ConsignLineKind = (typeof CONSIGN_LINE_KINDS)[number];
export const CONSIGN_PAY_METHODS = ['cash', 'transfer'] as const;
const month = fields.str().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'error.field.invalid');

export const coursePartnerCreate = z.object({
  name: fields.str().trim().min(1).max(64),
  contact: fields.optText(32),
  phone: fields.optText(20),
  /** Where the partner is paid (bank, account name and number). */
  account: fields.optText(200),
  /** The partner's share of each paid seat, per mille (300 = 30%). */
  sharePermille: fields.intIn(0, 1000),
  /** Deducted from the partner's share of each seat, fen. */
  seatFeeFen: fields.fen.default(0),
  status: z.enum(COURSE_PARTNER_STATUSES).default('on'),
  remark: fields.optText(200),
});
export type CoursePartnerCreate = z.output<typeof coursePartnerCreate>;
export const coursePartnerUpdate = updateOf(coursePartnerCreate);
export type CoursePartnerUpdate = z.output<typeof coursePartnerUpdate>;
export const coursePartnerListQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  status: z.enum(COURSE_PARTNER_STATUSES).optional(),
});
export type CoursePartnerListQuery = z.output<typeof coursePartnerListQuery>;
export const coursePartnerExportQuery = coursePartnerListQuery.omit({ pageNum: true, pageSize: true });
export const coursePartnerRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  account: z.string().nullable(),
  sharePermille: z.number(),
  seatFeeFen: z.number(),
  status: fields.textOf(COURSE_PARTNER_STATUSES),
  remark: z.string().nullable(),
  /** Courses naming the partner. */
  courses: z.number(),
  version: z.number(),
  createTime: fields.instantOut,
  updateTime: fields.instantOut,
});
export type CoursePartnerRow = z.output<typeof coursePartnerRow>;

/** `POST course/consign/summary`: the consigned courses of a month, with what they sold and the shares. */
export const consignSummaryQuery = z.object({ month, partnerId: id.optional() });
export type ConsignSummaryQuery = z.output<typeof consignSummaryQuery>;
export const consignCourseRow = z.object({
  courseId: z.number(),
  courseName: z.string(),
  courseState: z.string(),
  partnerId: z.number(),
  partnerName: z.string(),
  /** Seats paid in the month less seats refunded in it. */
  seats: z.number(),
  revenueFen: z.number(),
  partnerFen: z.number(),
  venueFen: z.number(),
});
export type ConsignCourseRow = z.output<typeof consignCourseRow>;
export const consignSummary = z.object({
  month: z.string(),
  rows: z.array(consignCourseRow),
  seats: z.number(),
  revenueFen: z.number(),
  partnerFen: z.number(),
  venueFen: z.number(),
});
export type ConsignSummary = z.output<typeof consignSummary>;

/** `POST course/consign/statement`: a partner's lines of a month (one per seat sold or refunded), sums, and the payout. */
export const consignStatementQuery = z.object({ month, partnerId: id });
export type ConsignStatementQuery = z.output<typeof consignStatementQuery>;
export const consignLine = z.object({
  id: z.number(),
  kind: fields.textOf(CONSIGN_LINE_KINDS),
  businessDay: z.string(),
  orderId: z.number(),
  orderNo: z.string().nullable(),
  courseName: z.string().nullable(),
  memberName: z.string().nullable(),
  paidFen: z.number(),
  sharePermille: z.number(),
  seatFeeFen: z.number(),
  partnerFen: z.number(),
  venueFen: z.number(),
  ledgerTxnNo: z.string().nullable(),
});
export type ConsignLine = z.output<typeof consignLine>;
export const consignPayout = z.object({
  amountFen: z.number(),
  method: z.enum(CONSIGN_PAY_METHODS),
  payRef: z.string().nullable(),
  ledgerTxnNo: z.string().nullable(),
  paidByName: z.string().nullable(),
  paidAt: fields.instantOut,
});
export const consignStatement = z.object({
  partnerId: z.number(),
  partnerName: z.string(),
  account: z.string().nullable(),
  month: z.string(),
  lines: z.array(consignLine),
  seats: z.number(),
  revenueFen: z.number(),
  partnerFen: z.number(),
  venueFen: z.number(),
  /** The month is over (it may be paid out). */
  closed: z.boolean(),
  payout: consignPayout.nullable(),
});
export type ConsignStatement = z.output<typeof consignStatement>;
export type ConsignStatementIn = z.input<typeof consignStatement>;

/** `POST course/consign/pay`: a month that is over paid out to the partner; `amountFen` is the sum seen (a changed sum answers 100409). */
export const consignPay = z.object({
  partnerId: id,
  month,
  amountFen: fields.fen,
  method: z.enum(CONSIGN_PAY_METHODS),
  payRef: fields.optText(64),
});
export type ConsignPay = z.output<typeof consignPay>;
