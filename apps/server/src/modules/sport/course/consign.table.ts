import { sql } from 'drizzle-orm';
import { bigint, char, check, date, foreignKey, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users, orgId } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { createdAt, id, updatedAt } from '../../../platform/columns.ts';

/**
 * Consignment courses (issue 26, spec 2.5 `consignmentCourse`). A partner of the organisation (a swimming
 * school, a tennis academy) runs courses at the venue; a course naming a partner is consigned. Its seats
 * sell as before (item kind `course`); the partner's share of each paid seat is owed to the partner:
 *
 *   partner share = max(0, floor(paid × sharePermille / 1000) − seatFeeFen)      (fen, integer arithmetic)
 *   venue share   = paid − partner share
 *
 * (the percentage rounded down to the fen, the venue keeps the remainder; the per-seat fee is the venue's
 * charge per seat sold). A share line is written with the ledger posting (rule `course.consign.sold`:
 * sales → partnerPayable) when the seat is paid, and a negative line reverses it on refund (rule
 * `course.consign.refund`), on the refund's business day. A partner's statement of a month is its lines
 * of that month; its sum is what partnerPayable took that month. A month already over is paid out once
 * (a payout row, unique per partner and month, never changed; rule `course.consign.pay.*`).
 */

export const coursePartners = pgTable(
  'sport_course_partner',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    contact: varchar('contact', { length: 32 }),
    phone: varchar('phone', { length: 20 }),
    /** Where the partner is paid (bank, account name and number), as text. */
    account: varchar('account', { length: 200 }),
    /** The partner's share of each paid seat, in per mille of what was paid (0–1000). */
    sharePermille: integer('share_permille').notNull(),
    /** Deducted from the partner's share of each seat (the venue's fee per seat), fen. */
    seatFeeFen: bigint('seat_fee_fen', { mode: 'number' }).notNull().default(0),
    /** on | off (an off partner cannot be given to a course). */
    status: varchar('status', { length: 4 }).notNull().default('on'),
    remark: varchar('remark', { length: 200 }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_course_partner_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_course_partner_name_uq').on(t.orgId, t.name),
    check('sport_course_partner_share_ck', sql`${t.sharePermille} between 0 and 1000 and ${t.seatFeeFen} >= 0`),
  ],
);

/** One seat's share (sale: positive, refund: negative), as posted to partnerPayable. */
export const courseConsignLines = pgTable(
  'sport_course_consign_line',
  {
    id: id(),
    orgId: orgId(),
    partnerId: bigint('partner_id', { mode: 'number' }).notNull(),
    courseId: bigint('course_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    /** sale | refund (the seat refunded) | adjust (part of its money refunded: the share follows what is left). */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** The refund of an adjust line (one per refund); '' on the others (one per seat). */
    refundNo: varchar('refund_no', { length: 32 }).notNull().default(''),
    /** The business day of the posting (the organisation's time zone). */
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    /** What the seat was paid (negative on a refund line). */
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull(),
    sharePermille: integer('share_permille').notNull(),
    seatFeeFen: bigint('seat_fee_fen', { mode: 'number' }).notNull(),
    /** The partner's share (negative on a refund line); the venue's is paid − share. */
    shareFen: bigint('share_fen', { mode: 'number' }).notNull(),
    ledgerTxnNo: varchar('ledger_txn_no', { length: 32 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_course_consign_line_item_uq').on(t.orgId, t.itemId, t.kind, t.refundNo),
    index('sport_course_consign_line_day_idx').on(t.orgId, t.businessDay, t.partnerId),
    foreignKey({ name: 'sport_course_consign_line_partner_fk', columns: [t.orgId, t.partnerId], foreignColumns: [coursePartners.orgId, coursePartners.id] }),
    foreignKey({ name: 'sport_course_consign_line_order_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
  ],
);

/** A partner's month paid out: written once, never changed. */
export const courseConsignPayouts = pgTable(
  'sport_course_consign_payout',
  {
    id: id(),
    orgId: orgId(),
    partnerId: bigint('partner_id', { mode: 'number' }).notNull(),
    /** YYYY-MM. */
    month: char('month', { length: 7 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** cash | transfer. */
    method: varchar('method', { length: 10 }).notNull(),
    payRef: varchar('pay_ref', { length: 64 }),
    ledgerTxnNo: varchar('ledger_txn_no', { length: 32 }),
    paidBy: bigint('paid_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_course_consign_payout_uq').on(t.orgId, t.partnerId, t.month),
    foreignKey({ name: 'sport_course_consign_payout_partner_fk', columns: [t.orgId, t.partnerId], foreignColumns: [coursePartners.orgId, coursePartners.id] }),
    check('sport_course_consign_payout_amount_ck', sql`${t.amountFen} >= 0`),
  ],
);
