import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';

/**
 * Coupons (issue 28, spec 2.5 operatManagement/couponManagement): templates of four kinds, coupons
 * issued from them to members (chosen, or a segment by level and tag) or redeemed by a shared code,
 * each coupon held by the pending order that offers it, used when it is paid, released on cancel or
 * time-out, and returned or spent when the order is refunded. Redeeming is a price adjuster of the
 * commerce core (source `coupon`); the limits are counters the database checks. Calls under `{sport}coupon`.
 */
const id = fields.id;
const at = fields.instantOut;

/**
 * `amount`: `valueFen` off once the applicable lines reach `thresholdFen`; `percent`: `percentOff`
 * percent off, at most `capFen`; `free`: one unit of the dearest applicable line (at most
 * `valueFen` when set: one hour of a court, a bottle of water); `times`: `times` uses, each one unit
 * of an applicable line (at most `valueFen` when set).
 */
export const COUPON_KINDS = ['amount', 'percent', 'free', 'times'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** issued (the member holds it) → held (a pending order offers it) → used (paid) or back to issued (cancelled); expired; void (withdrawn, or a code's use released). */
export const COUPON_STATES = ['issued', 'held', 'used', 'expired', 'void'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
/** What a refund of the order does with its coupon: `return` it to the member while it is valid, or record it as `spend`t. */
export const COUPON_REFUND_RULES = ['return', 'spend'] as const;
/** Where a coupon came from: issued by an operator (`issue`), a shared code's use (`code`), bought (`sale`), given by a campaign (`campaign`). */
export const COUPON_SOURCES = ['issue', 'code', 'sale', 'campaign'] as const;
/** A use of a coupon by an order: held → used → returned or spent; held → released. */
export const COUPON_USE_STATES = ['held', 'used', 'released', 'returned', 'spent'] as const;
export const COUPON_TEMPLATE_STATUSES = ['on', 'off'] as const;

const hhmm = fields
  .str()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'error.field.invalid');
/** A shared code: letters, digits, `-` and `_`, kept in capitals (typed in any case). */
const code = fields
  .str()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, 'error.field.invalid')
  .transform((v) => v.toUpperCase());
const limit = fields.intIn(1, 10_000_000);
const name = fields.str().trim().min(1).max(64);

/** A day (`yyyy-MM-dd`, the whole day in the organisation's time zone) or an instant. */
const validAt = fields.instantInput;

const templateFields = {
  name,
  kind: z.enum(COUPON_KINDS),
  valueFen: fields.fen.default(0),
  thresholdFen: fields.fen.default(0),
  percentOff: fields.intIn(1, 100).nullish(),
  capFen: fields.fen.nullish(),
  times: fields.intIn(1, 1000).nullish(),
  /** Coupons (or a code's uses) counted against the template: null, no limit. */
  totalLimit: limit.nullish(),
  /** Coupons (or a code's uses) one member may have: null, no limit. */
  perMemberLimit: fields.intIn(1, 10_000).nullish(),
  /** Fixed dates, or `validDays` from issue. */
  validFrom: validAt.nullish(),
  validTo: validAt.nullish(),
  validDays: fields.intIn(1, 3650).nullish(),
  /** A shared code anyone may use up to `totalLimit` (unique in the organisation). */
  code: code.nullish(),
  /** May be used with other coupons on one order (every coupon of the order must allow it). */
  stackable: z.boolean().default(false),
  refundRule: z.enum(COUPON_REFUND_RULES).default('return'),
  /** Item kinds it applies to (`venue`, `goods`, `ticket` …); empty: every kind. */
  itemKinds: z.array(fields.str().trim().min(1).max(16)).max(20).default([]),
  /** Venues it applies at; empty: every venue. */
  venueIds: fields.idArray(50).default([]),
  /** Sports it applies to (a booked site's sport); empty: every sport. */
  sports: z.array(fields.str().trim().min(1).max(32)).max(20).default([]),
  /** A time band of the day the line must lie in (a booked slot's start and end); both or neither. */
  bandStart: hhmm.nullish(),
  bandEnd: hhmm.nullish(),
  /** Sold as goods at this price (the coupon orders); null: not sold. */
  priceFen: fields.fen.nullish(),
  status: z.enum(COUPON_TEMPLATE_STATUSES).default('on'),
  remark: fields.optText(200),
};

/**
 * `POST {sport}coupon/template` (a fixed call): `{name, kind: 'amount', valueFen, thresholdFen,
 * totalLimit, perMemberLimit, validFrom, validTo, code?}` answers the template with its `id`.
 */
export const couponTemplateCreate = z.object(templateFields);
export type CouponTemplateCreate = z.output<typeof couponTemplateCreate>;
export const couponTemplateUpdate = updateOf(couponTemplateCreate);
export type CouponTemplateUpdate = z.output<typeof couponTemplateUpdate>;

export const couponTemplateRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  kind: fields.textOf(COUPON_KINDS),
  valueFen: z.number(),
  thresholdFen: z.number(),
  percentOff: z.number().nullable(),
  capFen: z.number().nullable(),
  times: z.number().nullable(),
  totalLimit: z.number().nullable(),
  perMemberLimit: z.number().nullable(),
  validFrom: at.nullable(),
  validTo: at.nullable(),
  validDays: z.number().nullable(),
  code: z.string().nullable(),
  stackable: z.boolean(),
  refundRule: fields.textOf(COUPON_REFUND_RULES),
  itemKinds: z.array(z.string()),
  venueIds: z.array(z.number()),
  sports: z.array(z.string()),
  bandStart: z.string().nullable(),
  bandEnd: z.string().nullable(),
  priceFen: z.number().nullable(),
  status: fields.textOf(COUPON_TEMPLATE_STATUSES),
  remark: z.string().nullable(),
  /** Counted against `totalLimit` (coupons issued and sold, a code's uses held or used). */
  taken: z.number(),
  version: z.number(),
  createTime: at,
});
export type CouponTemplateRow = z.output<typeof couponTemplateRow>;

export const couponTemplateQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  kind: z.enum(COUPON_KINDS).optional(),
  status: z.enum(COUPON_TEMPLATE_STATUSES).optional(),
  /** Only templates sold as goods. */
  onSale: z.boolean().optional(),
});
export type CouponTemplateQuery = z.output<typeof couponTemplateQuery>;
export const couponTemplatePage = page(couponTemplateRow);

/** `POST {sport}coupon/template/{id}/stats` (a fixed call): coupons issued, uses held and used now, and uses released so far. */
export const couponStats = z.object({
  issued: z.number(),
  held: z.number(),
  used: z.number(),
  released: z.number(),
  expired: z.number(),
  returned: z.number(),
  spent: z.number(),
  /** The discount given by uses paid and not returned (fen). */
  discountFen: z.number(),
});
export type CouponStats = z.output<typeof couponStats>;

// ---------------------------------------------------------------- issuing

/** Members of a segment: by level, by tag (both: both must hold); at least one. */
export const couponSegment = z
  .object({ level: fields.str().trim().min(1).max(32).optional(), tag: fields.str().trim().min(1).max(32).optional() })
  .refine((s) => s.level !== undefined || s.tag !== undefined, { message: 'coupon.segmentEmpty' });

/**
 * `POST {sport}coupon/template/{id}/issue`: a batch to chosen members or to a segment, once per
 * `batchKey` (a retry answers the first batch and issues nothing). Members past the per-member
 * limit are skipped; a batch past the total limit is refused whole.
 */
export const couponIssue = z
  .object({
    batchKey: fields
      .str()
      .trim()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'error.field.invalid'),
    memberIds: fields.idArray(10_000).optional(),
    segment: couponSegment.optional(),
    remark: fields.optText(200),
  })
  .refine((b) => (b.memberIds?.length ? 1 : 0) + (b.segment ? 1 : 0) === 1, { path: ['memberIds'], message: 'coupon.issueTarget' });
export type CouponIssue = z.output<typeof couponIssue>;

export const couponBatchRow = z.object({
  id: z.number(),
  templateId: z.number(),
  templateName: z.string().optional(),
  batchKey: z.string(),
  source: fields.textOf(COUPON_SOURCES),
  target: z.string(),
  requested: z.number(),
  issued: z.number(),
  remark: z.string().nullable(),
  createdBy: z.number().nullable(),
  createTime: at,
});
export type CouponBatchRow = z.output<typeof couponBatchRow>;
export const couponBatchQuery = pageQuery.extend({ templateId: id.optional() });
export const couponBatchPage = page(couponBatchRow);

// ---------------------------------------------------------------- coupons

export const couponRow = z.object({
  id: z.number(),
  couponNo: z.string(),
  templateId: z.number(),
  templateName: z.string(),
  kind: fields.textOf(COUPON_KINDS),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  batchId: z.number().nullable(),
  source: fields.textOf(COUPON_SOURCES),
  state: fields.textOf(COUPON_STATES),
  usesLeft: z.number(),
  validFrom: at,
  validTo: at,
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  usedAt: at.nullable(),
  createTime: at,
});
export type CouponRow = z.output<typeof couponRow>;
export const couponQuery = pageQuery.extend({
  templateId: id.optional(),
  batchId: id.optional(),
  memberId: id.optional(),
  state: z.enum(COUPON_STATES).optional(),
  source: z.enum(COUPON_SOURCES).optional(),
  /** A coupon number, or a member's name or phone. */
  keyword: fields.str().trim().max(64).optional(),
  /** Only coupons usable now (issued and within their dates): the booking screen's coupon dialog. */
  usable: z.boolean().optional(),
});
export type CouponQuery = z.output<typeof couponQuery>;
export const couponPage = page(couponRow);

/** `POST {sport}coupon/void`: withdraws coupons a member holds (issued ones only). */
export const couponVoid = z.object({ ids: fields.idArray(1000).min(1), reason: fields.str().trim().min(1).max(200) });
export const couponVoidAnswer = z.object({ voided: z.number() });

// ---------------------------------------------------------------- returned coupons (refunds)

export const COUPON_RETURN_OUTCOMES = ['returned', 'spent'] as const;
export const couponReturnRow = z.object({
  id: z.number(),
  refundId: z.number(),
  refundNo: z.string(),
  orderId: z.number(),
  orderNo: z.string().nullable(),
  couponId: z.number(),
  couponNo: z.string(),
  templateId: z.number(),
  templateName: z.string(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  outcome: fields.textOf(COUPON_RETURN_OUTCOMES),
  /** The discount the coupon gave the refunded order (fen). */
  amountFen: z.number(),
  createTime: at,
});
export type CouponReturnRow = z.output<typeof couponReturnRow>;
export const couponReturnQuery = pageQuery.extend({
  outcome: z.enum(COUPON_RETURN_OUTCOMES).optional(),
  /** A refund, order or coupon number. */
  keyword: fields.str().trim().max(64).optional(),
});
export const couponReturnPage = page(couponReturnRow);

/**
 * `POST {sport}coupon/order` (accepts `Idempotency-Key`): coupons bought as goods, a pending order
 * of type `coupon` whose line is item kind `coupon` (refId the template); paid, the coupons are
 * the member's. Refunded, its unused coupons are withdrawn.
 */
export const couponOrder = z.object({
  templateId: id,
  quantity: fields.intIn(1, 100).default(1),
  memberId: id,
  stadiumId: id.optional(),
});
export type CouponOrder = z.output<typeof couponOrder>;
export const couponOrderAnswer = z.object({ orderNo: z.string(), orderId: z.number(), amount: z.number(), state: z.string(), expiresAt: at.nullable() });
