import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, users } from '../../system/index.ts';
import { venues } from '../venue/index.ts';
import { createdAt, id, version } from '../../../platform/columns.ts';

/** A close's figures: money in less money out of the business day, per payment method and per item kind (fen). */
export interface CloseTotals {
  byMethod: Record<string, number>;
  byKind: Record<string, number>;
}

/**
 * The daily close of a venue (issue 29): one per venue and business day (the venue organisation's
 * time zone). It keeps no money of its own: its totals are a snapshot of the ledger entries it
 * counted (their id range and number), with a digest over both, and the cash the desks' shifts
 * counted that day. Open, it follows the ledger; signed, it never changes.
 */
export const closes = pgTable(
  'sport_settlement_close',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** open | signed. */
    state: varchar('state', { length: 8 }).notNull().default('open'),
    totals: jsonb('totals').$type<CloseTotals>().notNull(),
    ledgerFirstId: bigint('ledger_first_id', { mode: 'number' }),
    ledgerLastId: bigint('ledger_last_id', { mode: 'number' }),
    ledgerEntries: integer('ledger_entries').notNull(),
    /** sha256 of the totals, the ledger reference and the cash: what the operator signed. */
    digest: varchar('digest', { length: 64 }).notNull(),
    shifts: integer('shifts').notNull(),
    cashExpectedFen: bigint('cash_expected_fen', { mode: 'number' }).notNull(),
    cashCountedFen: bigint('cash_counted_fen', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    signedBy: bigint('signed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_settlement_close_org_id_uq').on(t.orgId, t.id),
    // One close per venue and day: a second close of the day, or a racing one, answers the first.
    uniqueIndex('sport_settlement_close_day_uq').on(t.venueId, t.day),
    index('sport_settlement_close_org_day_idx').on(t.orgId, t.day),
    foreignKey({ name: 'sport_settlement_close_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    check('sport_settlement_close_state', sql`${t.state} in ('open','signed')`),
    check('sport_settlement_close_signed', sql`(${t.state} = 'signed') = (${t.signedAt} is not null)`),
  ],
);

/**
 * One reconciliation of a provider's bill of a day against our payments, refunds and ledger (one per
 * organisation, provider and day: running it again refreshes it). It keeps the bill's totals (what
 * the provider owes: third-party clearing reads them) and counts; its mismatches are rows below.
 */
export const reconcileRuns = pgTable(
  'sport_settlement_reconcile',
  {
    id: id(),
    orgId: orgId(),
    provider: varchar('provider', { length: 16 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lines: integer('lines').notNull(),
    matched: integer('matched').notNull(),
    mismatches: integer('mismatches').notNull(),
    grossFen: bigint('gross_fen', { mode: 'number' }).notNull(),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    netFen: bigint('net_fen', { mode: 'number' }).notNull(),
    ranBy: bigint('ran_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_settlement_reconcile_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_settlement_reconcile_day_uq').on(t.orgId, t.provider, t.day),
    check('sport_settlement_reconcile_provider', sql`${t.provider} in ('alipay','wechat','aggregate')`),
  ],
);

/**
 * A difference a reconciliation found. Resolved with a note or with an adjusting ledger entry
 * (`txn_no`), never edited away: a run again replaces its open mismatches, never a resolved one.
 */
export const mismatches = pgTable(
  'sport_settlement_mismatch',
  {
    id: id(),
    orgId: orgId(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** The provider's trade number (ours when the provider has no line). */
    tradeNo: varchar('trade_no', { length: 64 }).notNull(),
    /** Our payment or refund number: with the kind, what the mismatch is about. */
    ourNo: varchar('our_no', { length: 64 }),
    refKey: varchar('ref_key', { length: 80 }).notNull(),
    oursFen: bigint('ours_fen', { mode: 'number' }),
    theirsFen: bigint('theirs_fen', { mode: 'number' }),
    ourDay: date('our_day', { mode: 'string' }),
    theirDay: date('their_day', { mode: 'string' }),
    /** What an adjusting entry moves on the provider's account: + money in, - money out, 0 nothing. */
    adjustFen: bigint('adjust_fen', { mode: 'number' }).notNull(),
    state: varchar('state', { length: 8 }).notNull().default('open'),
    way: varchar('way', { length: 8 }),
    note: varchar('note', { length: 200 }),
    txnNo: varchar('txn_no', { length: 40 }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_settlement_mismatch_run_org_fk', columns: [t.orgId, t.runId], foreignColumns: [reconcileRuns.orgId, reconcileRuns.id] }).onDelete(
      'cascade',
    ),
    // One mismatch of a kind per line and run: a resolved one stays, the same difference found again is it.
    uniqueIndex('sport_settlement_mismatch_key_uq').on(t.runId, t.kind, t.refKey),
    index('sport_settlement_mismatch_org_idx').on(t.orgId, t.state),
    check('sport_settlement_mismatch_kind', sql`${t.kind} in ('only_ours','only_theirs','amount','fee','refund','other_day')`),
    check('sport_settlement_mismatch_state', sql`${t.state} in ('open','resolved')`),
    check('sport_settlement_mismatch_resolved', sql`(${t.state} = 'resolved') = (${t.way} is not null and ${t.resolvedAt} is not null)`),
  ],
);

/**
 * Money a provider paid into the bank for a day's business (third-party clearing): entered by hand,
 * or a line of an imported bank statement (its reference is unique, so a statement imported twice
 * adds nothing).
 */
export const clearingReceipts = pgTable(
  'sport_settlement_receipt',
  {
    id: id(),
    orgId: orgId(),
    provider: varchar('provider', { length: 16 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    reference: varchar('reference', { length: 64 }),
    note: varchar('note', { length: 200 }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_settlement_receipt_ref_uq').on(t.orgId, t.reference),
    index('sport_settlement_receipt_day_idx').on(t.orgId, t.provider, t.day),
    check('sport_settlement_receipt_amount', sql`${t.amountFen} > 0`),
    check('sport_settlement_receipt_source', sql`${t.source} in ('manual','statement')`),
  ],
);
