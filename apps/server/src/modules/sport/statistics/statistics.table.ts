import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId } from '../../system/index.ts';

const fen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const tally = (name: string) => integer(name).notNull().default(0);

/**
 * Daily aggregates (issue 31): one row per organisation, venue (0: sold at no venue), business day
 * in the organisation's time zone and item kind. Commerce's events add to them (`on conflict do
 * update set x = x + excluded.x`, so concurrent payments never lose an increment); a rebuild from
 * the ledger and the orders writes the same rows again. No foreign keys: a derived table, rebuilt at will.
 */
export const statDaily = pgTable(
  'sport_stat_daily',
  {
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull().default(0),
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** Succeeded payments' ledger debits, split over the order's lines by amount. */
    revenueFen: fen('revenue_fen'),
    /** Succeeded refunds' ledger credits, split the same way. */
    refundFen: fen('refund_fen'),
    payments: tally('payments'),
    refunds: tally('refunds'),
    /** Orders paid that day, under the kind of their first line. */
    orders: tally('orders'),
    /** Orders cancelled that day, under the kind of their first line. */
    cancelled: tally('cancelled'),
    /** Quantity of the kind's lines on the orders paid that day. */
    items: tally('items'),
    /** Deposit accounts' credits that day (deposits taken; `DEPOSIT_ACCOUNTS`), under the kind of the order's first line. */
    depositInFen: fen('deposit_in_fen'),
    /** Deposit accounts' debits paid back (`deposit_back`). */
    depositBackFen: fen('deposit_back_fen'),
    /** Deposit accounts' other debits (kept for a late fee, damage or a loss). */
    depositKeptFen: fen('deposit_kept_fen'),
    /** Prepaid accounts' credits (stored value recharged, cards' uses sold; `PREPAID_ACCOUNTS`). */
    prepaidInFen: fen('prepaid_in_fen'),
    /** Prepaid accounts' debits (used, paid out). */
    prepaidOutFen: fen('prepaid_out_fen'),
  },
  (t) => [
    uniqueIndex('sport_stat_daily_key_uq').on(t.orgId, t.venueId, t.day, t.kind),
    index('sport_stat_daily_day_idx').on(t.day),
    check('sport_stat_daily_money', sql`${t.revenueFen} >= 0 and ${t.refundFen} >= 0`),
  ],
);

/**
 * The deposit and prepaid ledger entries already added to `sport_stat_daily`: an entry is added by
 * the statement that claims it here (`on conflict do nothing`), so two deliveries adding the same
 * organisation's new entries at once add each entry once (the second waits on the first's key).
 * Rule postings have no event of their own (a card's use, a deposit kept): each delivery adds the
 * organisation's entries of the last days not yet claimed, a rebuild all of them.
 */
export const statFolded = pgTable(
  'sport_stat_folded',
  {
    entryId: bigint('entry_id', { mode: 'number' }).primaryKey(),
    orgId: orgId(),
  },
  (t) => [index('sport_stat_folded_org_idx').on(t.orgId)],
);

/**
 * Daily aggregates by a line dimension (`LINE_DIMENSIONS`: a booking line's site and sport, a
 * course line's coach and course): one row per organisation, venue, business day, dimension and
 * key. Kept by the same statements as `sport_stat_daily` (a payment's kind share split again over
 * the kind's lines by amount), live and in a rebuild. Derived, no foreign keys but the organisation's.
 */
export const statDimDaily = pgTable(
  'sport_stat_dim_daily',
  {
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull().default(0),
    day: date('day', { mode: 'string' }).notNull(),
    dim: varchar('dim', { length: 8 }).notNull(),
    /** A site, coach or course id (as text), or a sport; `0` when the line names none. */
    dimKey: varchar('dim_key', { length: 32 }).notNull(),
    revenueFen: fen('revenue_fen'),
    refundFen: fen('refund_fen'),
    /** Quantity of the key's lines on the orders paid that day. */
    items: tally('items'),
  },
  (t) => [
    uniqueIndex('sport_stat_dim_daily_key_uq').on(t.orgId, t.venueId, t.day, t.dim, t.dimKey),
    index('sport_stat_dim_daily_day_idx').on(t.day, t.dim),
    check('sport_stat_dim_daily_money', sql`${t.revenueFen} >= 0 and ${t.refundFen} >= 0`),
  ],
);
