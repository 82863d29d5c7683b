import { bigint, check, date, foreignKey, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users, orgId } from '../../system/index.ts';
import { coaches } from '../coach/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * Coach settlement (issue 26). A coach's rate says what a coach earns, for courses and for sparring
 * separately, from a day on: per lesson (`lesson`), per lesson plus per attendee beyond a free tier
 * (`attendee`), or a share of the revenue in per mille with a minimum and a maximum per settlement
 * (`share`). A settlement covers a coach and a period of days; its lines are computed from the coach's
 * done lessons, their attendances and paid sparring sessions. It goes draft → approved → paid; approval
 * posts the coach-payable ledger entry, and a paid settlement never changes. Money is in fen.
 */

export const coachRates = pgTable(
  'sport_coach_rate',
  {
    id: id(),
    orgId: orgId(),
    coachId: bigint('coach_id', { mode: 'number' }).notNull(),
    /** course | sparring. */
    scope: varchar('scope', { length: 8 }).notNull(),
    /** lesson | attendee | share. */
    mode: varchar('mode', { length: 8 }).notNull(),
    /** Per lesson (lesson, attendee). */
    lessonFen: bigint('lesson_fen', { mode: 'number' }).notNull().default(0),
    /** Attendees of a lesson paid nothing extra (attendee). */
    freeAttendees: integer('free_attendees').notNull().default(0),
    /** Per attendee beyond the free ones (attendee). */
    attendeeFen: bigint('attendee_fen', { mode: 'number' }).notNull().default(0),
    /** Share of the revenue in per mille (share). */
    sharePermille: integer('share_permille').notNull().default(0),
    minFen: bigint('min_fen', { mode: 'number' }),
    maxFen: bigint('max_fen', { mode: 'number' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_coach_rate_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_coach_rate_from_uq').on(t.orgId, t.coachId, t.scope, t.effectiveFrom),
    foreignKey({ name: 'sport_coach_rate_coach_org_fk', columns: [t.orgId, t.coachId], foreignColumns: [coaches.orgId, coaches.id] }),
    check(
      'sport_coach_rate_amounts_ck',
      sql`${t.lessonFen} >= 0 and ${t.attendeeFen} >= 0 and ${t.sharePermille} between 0 and 1000 and ${t.freeAttendees} >= 0`,
    ),
  ],
);

export const coachSettlements = pgTable(
  'sport_coach_settlement',
  {
    id: id(),
    orgId: orgId(),
    no: varchar('no', { length: 32 }).notNull(),
    coachId: bigint('coach_id', { mode: 'number' }).notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    /** draft | approved | paid. */
    state: varchar('state', { length: 10 }).notNull().default('draft'),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The coach-payable ledger transaction posted at approval. */
    ledgerTxnNo: varchar('ledger_txn_no', { length: 32 }),
    paidBy: bigint('paid_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** cash | transfer. */
    payMethod: varchar('pay_method', { length: 10 }),
    payRef: varchar('pay_ref', { length: 64 }),
    payTxnNo: varchar('pay_txn_no', { length: 32 }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_coach_settlement_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_coach_settlement_no_uq').on(t.orgId, t.no),
    index('sport_coach_settlement_coach_idx').on(t.orgId, t.coachId, t.fromDay),
    foreignKey({ name: 'sport_coach_settlement_coach_org_fk', columns: [t.orgId, t.coachId], foreignColumns: [coaches.orgId, coaches.id] }),
    check('sport_coach_settlement_period_ck', sql`${t.fromDay} <= ${t.toDay}`),
  ],
);

/** A line of a settlement: what one rate earned in the period, with its formula's figures. */
export const coachSettlementLines = pgTable(
  'sport_coach_settlement_line',
  {
    id: id(),
    orgId: orgId(),
    settlementId: bigint('settlement_id', { mode: 'number' }).notNull(),
    /** course | sparring. */
    scope: varchar('scope', { length: 8 }).notNull(),
    rateId: bigint('rate_id', { mode: 'number' }),
    /** lesson | attendee | share (the rate's mode when computed). */
    mode: varchar('mode', { length: 8 }).notNull(),
    lessons: integer('lessons').notNull().default(0),
    attendees: integer('attendees').notNull().default(0),
    /** Attendees beyond the free tier, summed over the lessons. */
    extraAttendees: integer('extra_attendees').notNull().default(0),
    revenueFen: bigint('revenue_fen', { mode: 'number' }).notNull().default(0),
    lessonFen: bigint('lesson_fen', { mode: 'number' }).notNull().default(0),
    freeAttendees: integer('free_attendees').notNull().default(0),
    attendeeFen: bigint('attendee_fen', { mode: 'number' }).notNull().default(0),
    sharePermille: integer('share_permille').notNull().default(0),
    minFen: bigint('min_fen', { mode: 'number' }),
    maxFen: bigint('max_fen', { mode: 'number' }),
    /** The period the rate applied in (from–to days). */
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('sport_coach_settlement_line_idx').on(t.settlementId),
    foreignKey({
      name: 'sport_coach_settlement_line_org_fk',
      columns: [t.orgId, t.settlementId],
      foreignColumns: [coachSettlements.orgId, coachSettlements.id],
    }).onDelete('cascade'),
  ],
);
