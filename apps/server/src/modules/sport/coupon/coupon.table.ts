import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgSequence, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, userRef } from '../../system/index.ts';
import { orders, refunds } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * Coupons (issue 28): templates, the batches that issued them, the coupons, each order's use of a
 * coupon, and the coupons a refund returned or recorded as spent. The limits are counters the
 * database checks: `taken` of a template never passes its total limit (a check, and every taking a
 * conditional update), a member's `taken` never passes the per-member limit (a conditional upsert),
 * a coupon is held by one order at a time (its state moves by a conditional update, and a unique
 * index allows one live use). docs/decisions.md, "Coupons".
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Makes coupon numbers: `Q00000123`. */
export const couponNoSeq = pgSequence('sport_coupon_no_seq');

export const couponTemplates = pgTable(
  'sport_coupon_template',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    /** amount | percent | free | times. */
    kind: varchar('kind', { length: 8 }).notNull(),
    valueFen: bigint('value_fen', { mode: 'number' }).notNull().default(0),
    thresholdFen: bigint('threshold_fen', { mode: 'number' }).notNull().default(0),
    percentOff: smallint('percent_off'),
    capFen: bigint('cap_fen', { mode: 'number' }),
    times: integer('times'),
    totalLimit: integer('total_limit'),
    perMemberLimit: integer('per_member_limit'),
    validFrom: at('valid_from'),
    validTo: at('valid_to'),
    validDays: integer('valid_days'),
    /** A shared code (capitals), unique in the organisation. */
    code: varchar('code', { length: 32 }),
    stackable: boolean('stackable').notNull().default(false),
    /** return | spend. */
    refundRule: varchar('refund_rule', { length: 8 }).notNull().default('return'),
    itemKinds: jsonb('item_kinds').$type<string[]>().notNull().default([]),
    venueIds: jsonb('venue_ids').$type<number[]>().notNull().default([]),
    sports: jsonb('sports').$type<string[]>().notNull().default([]),
    /** A time band of the day in minutes (both or neither). */
    bandStartMin: smallint('band_start_min'),
    bandEndMin: smallint('band_end_min'),
    /** Sold as goods at this price; null: not sold. */
    priceFen: bigint('price_fen', { mode: 'number' }),
    /** on | off (off: no new coupons, no code use; coupons issued stay usable). */
    status: varchar('status', { length: 4 }).notNull().default('on'),
    remark: varchar('remark', { length: 200 }),
    /** Counted against the total limit: coupons issued and sold, a code's uses held or used. */
    taken: integer('taken').notNull().default(0),
    createdBy: userRef('created_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_coupon_template_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_coupon_template_code_uq')
      .on(t.orgId, t.code)
      .where(sql`${t.code} is not null`),
    check('sport_coupon_template_kind_ck', sql`${t.kind} in ('amount','percent','free','times')`),
    check('sport_coupon_template_rule_ck', sql`${t.refundRule} in ('return','spend')`),
    check('sport_coupon_template_taken_ck', sql`${t.taken} >= 0 and (${t.totalLimit} is null or ${t.taken} <= ${t.totalLimit})`),
    check(
      'sport_coupon_template_valid_ck',
      sql`${t.validDays} is not null or (${t.validFrom} is not null and ${t.validTo} is not null and ${t.validFrom} < ${t.validTo})`,
    ),
    check(
      'sport_coupon_template_amounts_ck',
      sql`${t.valueFen} >= 0 and ${t.thresholdFen} >= 0 and (${t.percentOff} is null or ${t.percentOff} between 1 and 100)`,
    ),
  ],
);

/** What one member has taken of a template (coupons issued or bought, a code's uses held or used): at most its per-member limit. */
export const couponMemberCounts = pgTable(
  'sport_coupon_member',
  {
    orgId: orgId(),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => couponTemplates.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'sport_coupon_member_pk', columns: [t.templateId, t.memberId] }),
    index('sport_coupon_member_org_idx').on(t.orgId),
    check('sport_coupon_member_taken_ck', sql`${t.taken} >= 0`),
  ],
);

/** A batch issued once per key: a retry with the same key answers this batch and issues nothing. */
export const couponBatches = pgTable(
  'sport_coupon_batch',
  {
    id: id(),
    orgId: orgId(),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => couponTemplates.id, { onDelete: 'cascade' }),
    batchKey: varchar('batch_key', { length: 64 }).notNull(),
    /** issue | campaign. */
    source: varchar('source', { length: 8 }).notNull().default('issue'),
    /** Who it went to: `members`, or the segment (`level=gold`, `tag=VIP`). */
    target: varchar('target', { length: 100 }).notNull(),
    requested: integer('requested').notNull(),
    issued: integer('issued').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sport_coupon_batch_key_uq').on(t.orgId, t.batchKey), index('sport_coupon_batch_template_idx').on(t.templateId)],
);

export const coupons = pgTable(
  'sport_coupon',
  {
    id: id(),
    orgId: orgId(),
    couponNo: varchar('coupon_no', { length: 24 })
      .notNull()
      .default(sql`('Q' || lpad(nextval('sport_coupon_no_seq')::text, 8, '0'))`),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => couponTemplates.id, { onDelete: 'cascade' }),
    /** The member who holds it (null: a walk-in's use of a shared code). */
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    batchId: bigint('batch_id', { mode: 'number' }).references(() => couponBatches.id, { onDelete: 'set null' }),
    /** issue | code | sale | campaign. */
    source: varchar('source', { length: 8 }).notNull(),
    /** issued | held | used | expired | void. */
    state: varchar('state', { length: 8 }).notNull().default('issued'),
    /** Uses left (a times coupon's; 1 for the others). */
    usesLeft: integer('uses_left').notNull().default(1),
    validFrom: at('valid_from').notNull(),
    validTo: at('valid_to').notNull(),
    /** The order that holds it now, or used it last. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    /** A coupon bought as goods: the order that bought it. */
    soldOrderId: bigint('sold_order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    soldItemId: bigint('sold_item_id', { mode: 'number' }),
    usedAt: at('used_at'),
    /** When the member was told it was issued, and reminded it is about to expire (the messaging job's marks). */
    notifiedAt: at('notified_at'),
    remindedAt: at('reminded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_coupon_no_uq').on(t.couponNo),
    index('sport_coupon_template_state_idx').on(t.templateId, t.state),
    index('sport_coupon_member_state_idx').on(t.orgId, t.memberId, t.state),
    index('sport_coupon_expiry_idx')
      .on(t.validTo)
      .where(sql`${t.state} = 'issued'`),
    index('sport_coupon_unnotified_idx')
      .on(t.id)
      .where(sql`${t.notifiedAt} is null and ${t.memberId} is not null`),
    index('sport_coupon_sold_item_idx').on(t.soldItemId),
    check('sport_coupon_state_ck', sql`${t.state} in ('issued','held','used','expired','void')`),
    check('sport_coupon_uses_ck', sql`${t.usesLeft} >= 0`),
  ],
);

/** One line's share of a use's discount, and how much of it a refund gave back. */
export interface CouponUseLine {
  itemId: number;
  quantity: number;
  amountFen: number;
  backFen: number;
}

/** An order's use of a coupon: its discount spread over the lines, and where it stands. */
export const couponUses = pgTable(
  'sport_coupon_use',
  {
    id: id(),
    orgId: orgId(),
    couponId: bigint('coupon_id', { mode: 'number' })
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => couponTemplates.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<CouponUseLine[]>().notNull(),
    /** held | used | released | returned | spent. */
    state: varchar('state', { length: 8 }).notNull().default('held'),
    createdAt: createdAt(),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('sport_coupon_use_order_idx').on(t.orderId),
    index('sport_coupon_use_template_idx').on(t.templateId, t.state),
    // One live hold of a coupon.
    uniqueIndex('sport_coupon_use_held_uq')
      .on(t.couponId)
      .where(sql`${t.state} = 'held'`),
    check('sport_coupon_use_state_ck', sql`${t.state} in ('held','used','released','returned','spent')`),
    check('sport_coupon_use_amount_ck', sql`${t.amountFen} > 0`),
  ],
);

/** A coupon a refund dealt with: returned to its member (still valid, rule `return`) or recorded as spent. */
export const couponReturns = pgTable(
  'sport_coupon_return',
  {
    id: id(),
    orgId: orgId(),
    refundId: bigint('refund_id', { mode: 'number' })
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    refundNo: varchar('refund_no', { length: 32 }).notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponId: bigint('coupon_id', { mode: 'number' })
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    /** returned | spent. */
    outcome: varchar('outcome', { length: 8 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_coupon_return_uq').on(t.refundId, t.couponId),
    index('sport_coupon_return_org_idx').on(t.orgId, t.createdAt),
    check('sport_coupon_return_outcome_ck', sql`${t.outcome} in ('returned','spent')`),
  ],
);
