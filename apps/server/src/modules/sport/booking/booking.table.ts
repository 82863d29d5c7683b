import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, foreignKey, date, index, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users, orgId } from '../../system/index.ts';
import { orders, orderItems } from '../commerce/index.ts';
import { sites, venues } from '../venue/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * Booking's tables (issue 11; moved from the venue module, issue 24): fixed series, closures, the
 * desk's shifts and slot claims. Every booked, held, locked or closed slot is a claim: a time
 * range on one unit (a site without halves, or one half), which an exclusion constraint (in the
 * migration, by hand) never lets overlap another live claim of the same unit. So two operators
 * can never book one slot, and a full court and its halves block each other.
 */

/** A PostgreSQL `tstzrange`, written as `[start,end)` text. */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

/** A fixed (recurring) booking: a weekly pattern of sites and a time over a date range, for a member or team. */
export const bookingSeries = pgTable(
  'sport_booking_series',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    buyerName: varchar('buyer_name', { length: 64 }),
    buyerPhone: varchar('buyer_phone', { length: 20 }),
    siteIds: jsonb('site_ids').$type<number[]>().notNull(),
    weekdays: jsonb('weekdays').$type<number[]>().notNull(),
    startMin: smallint('start_min').notNull(),
    endMin: smallint('end_min').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    /** One order for the whole series, or one per month. */
    billing: varchar('billing', { length: 8 }).notNull(),
    /** Occurrences left out because they were taken when the series was made. */
    skipped: jsonb('skipped').$type<{ date: string; siteId: number; reason: string }[]>().notNull().default([]),
    state: varchar('state', { length: 12 }).notNull().default('active'),
    remark: varchar('remark', { length: 200 }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_booking_series_venue_id_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    uniqueIndex('sport_booking_series_org_id_uq').on(t.orgId, t.id),
    index('sport_booking_series_venue_idx').on(t.venueId),
  ],
);

export interface ClosureNotice {
  orderId: number;
  orderNo: string;
  buyer: string | null;
  phone: string | null;
  memberId: number | null;
  refundFen: number;
  message: string;
}

/** A batch closure of sites over a time range (closedManagement): it cancels and refunds what it covers. */
export const closures = pgTable(
  'sport_closure',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    siteIds: jsonb('site_ids').$type<number[]>().notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    /** Refunds wait for review (refundReview) instead of being paid back at once. */
    reviewRefunds: boolean('review_refunds').notNull().default(false),
    notices: jsonb('notices').$type<ClosureNotice[]>().notNull().default([]),
    state: varchar('state', { length: 12 }).notNull().default('active'),
    version: version(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_closure_venue_id_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    uniqueIndex('sport_closure_org_id_uq').on(t.orgId, t.id),
    index('sport_closure_venue_idx').on(t.venueId),
    check('sport_closure_range_ck', sql`${t.startAt} < ${t.endAt}`),
  ],
);

/** A front-desk shift (workBench settlement): what an operator took, handed over and had signed off. */
export const shifts = pgTable(
  'sport_shift',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Takings by payment method (fen), net of refunds paid out, frozen when handed over. */
    takings: jsonb('takings').$type<Record<string, number>>(),
    handedFen: bigint('handed_fen', { mode: 'number' }),
    remark: varchar('remark', { length: 200 }),
    signedBy: bigint('signed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    state: varchar('state', { length: 8 }).notNull().default('open'),
    version: version(),
  },
  (t) => [
    foreignKey({ name: 'sport_shift_venue_id_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    index('sport_shift_venue_idx').on(t.venueId, t.openedAt),
    // One open shift per operator and venue.
    uniqueIndex('sport_shift_open_uq')
      .on(t.venueId, t.userId)
      .where(sql`${t.state} = 'open'`),
  ],
);

/**
 * A claim on one unit for a time range. A booking of a full court claims each of its halves; a
 * booking of a half claims the half (and so blocks the full court). `during` is the range of
 * instants; `day`, `start_min` and `end_min` are the venue's local day and wall-clock minutes.
 */
export const slotClaims = pgTable(
  'sport_slot_claim',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    /** The site booked, and the unit this row occupies (the site itself, or one of its halves). */
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    unitId: bigint('unit_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    startMin: smallint('start_min').notNull(),
    endMin: smallint('end_min').notNull(),
    during: tstzrange('during').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    state: varchar('state', { length: 8 }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    itemId: bigint('item_id', { mode: 'number' }),
    seriesId: bigint('series_id', { mode: 'number' }),
    closureId: bigint('closure_id', { mode: 'number' }),
    /** What the booked line is worth now: its price when booked or last changed, less a difference not yet paid. */
    priceFen: bigint('price_fen', { mode: 'number' }).notNull().default(0),
    /** The order for the difference of a change to a dearer slot (its worth counts once it is paid). */
    differenceOrderId: bigint('difference_order_id', { mode: 'number' }),
    reason: varchar('reason', { length: 200 }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ name: 'sport_slot_claim_difference_order_id_org_fk', columns: [t.orgId, t.differenceOrderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_slot_claim_closure_id_org_fk', columns: [t.orgId, t.closureId], foreignColumns: [closures.orgId, closures.id] }),
    foreignKey({ name: 'sport_slot_claim_series_id_org_fk', columns: [t.orgId, t.seriesId], foreignColumns: [bookingSeries.orgId, bookingSeries.id] }),
    foreignKey({ name: 'sport_slot_claim_item_id_org_fk', columns: [t.orgId, t.itemId], foreignColumns: [orderItems.orgId, orderItems.id] }),
    foreignKey({ name: 'sport_slot_claim_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_slot_claim_unit_id_org_fk', columns: [t.orgId, t.unitId], foreignColumns: [sites.orgId, sites.id] }),
    foreignKey({ name: 'sport_slot_claim_site_id_org_fk', columns: [t.orgId, t.siteId], foreignColumns: [sites.orgId, sites.id] }),
    foreignKey({ name: 'sport_slot_claim_venue_id_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    index('sport_slot_claim_venue_day_idx').on(t.venueId, t.day),
    index('sport_slot_claim_order_idx').on(t.orderId),
    index('sport_slot_claim_series_idx').on(t.seriesId),
    check('sport_slot_claim_band_ck', sql`${t.startMin} < ${t.endMin}`),
  ],
);
