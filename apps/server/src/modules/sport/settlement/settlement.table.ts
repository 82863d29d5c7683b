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
