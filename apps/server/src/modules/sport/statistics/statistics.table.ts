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
  },
  (t) => [
    uniqueIndex('sport_stat_daily_key_uq').on(t.orgId, t.venueId, t.day, t.kind),
    index('sport_stat_daily_day_idx').on(t.day),
    check('sport_stat_daily_money', sql`${t.revenueFen} >= 0 and ${t.refundFen} >= 0`),
  ],
);
