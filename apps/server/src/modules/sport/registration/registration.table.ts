import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, users } from '../../system/index.ts';
import { orderItems, orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { venues } from '../venue/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * Sports registration (issue 28): events of a venue and their sessions, members' entries (each an
 * order line of item kind `registration`), the kit log of an entry, the year limits per event type
 * and the uses of them, and the pickup records of the desk. A session's places are a commerce
 * counter (`registrationSession`, its id); a member's uses of a year limit are one row per member,
 * venue, event type and year, raised by one conditional write. docs/decisions.md, "Sports registration".
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const regEvents = pgTable(
  'sport_reg_event',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** tournament | golf | run | activity. */
    eventType: varchar('event_type', { length: 16 }).notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    description: varchar('description', { length: 500 }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_reg_event_org_id_uq').on(t.orgId, t.id),
    index('sport_reg_event_venue_idx').on(t.orgId, t.venueId),
    check('sport_reg_event_price_ck', sql`${t.priceFen} >= 0`),
    foreignKey({ name: 'sport_reg_event_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
  ],
);

export const regSessions = pgTable(
  'sport_reg_session',
  {
    id: id(),
    orgId: orgId(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** A court, a start line, a golf day's bay. */
    place: varchar('place', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_reg_session_org_id_uq').on(t.orgId, t.id),
    index('sport_reg_session_event_idx').on(t.eventId, t.startsAt),
    check('sport_reg_session_time_ck', sql`${t.endsAt} > ${t.startsAt}`),
    foreignKey({ name: 'sport_reg_session_event_org_fk', columns: [t.orgId, t.eventId], foreignColumns: [regEvents.orgId, regEvents.id] }).onDelete('cascade'),
  ],
);

/**
 * An entry: a member in a session, sold as one order line. `year` is the venue's calendar year of
 * the session, whose limit it counts in. A bib number is unique within an event.
 */
export const regEntries = pgTable(
  'sport_reg_entry',
  {
    id: id(),
    orgId: orgId(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    year: smallint('year').notNull(),
    /** held | active | cancelled. */
    state: varchar('state', { length: 12 }).notNull(),
    admittedAt: at('admitted_at'),
    admittedBy: bigint('admitted_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** none | pickedUp | handed | back | returned. */
    kitState: varchar('kit_state', { length: 12 }).notNull().default('none'),
    bibNo: varchar('bib_no', { length: 16 }),
    description: varchar('description', { length: 200 }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_reg_entry_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_reg_entry_item_uq').on(t.itemId),
    uniqueIndex('sport_reg_entry_bib_uq').on(t.eventId, t.bibNo),
    index('sport_reg_entry_session_idx').on(t.sessionId, t.memberId),
    index('sport_reg_entry_org_time_idx').on(t.orgId, t.createdAt),
    foreignKey({ name: 'sport_reg_entry_event_org_fk', columns: [t.orgId, t.eventId], foreignColumns: [regEvents.orgId, regEvents.id] }),
    foreignKey({ name: 'sport_reg_entry_session_org_fk', columns: [t.orgId, t.sessionId], foreignColumns: [regSessions.orgId, regSessions.id] }),
    foreignKey({ name: 'sport_reg_entry_member_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
    foreignKey({ name: 'sport_reg_entry_order_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_reg_entry_item_org_fk', columns: [t.orgId, t.itemId], foreignColumns: [orderItems.orgId, orderItems.id] }),
  ],
);

/** The kit log: one row per step of an entry's kit (who and when), append-only. */
export const regKitLog = pgTable(
  'sport_reg_kit_log',
  {
    id: id(),
    orgId: orgId(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    /** pickUp | hand | back | return. */
    action: varchar('action', { length: 8 }).notNull(),
    bibNo: varchar('bib_no', { length: 16 }),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    remark: varchar('remark', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sport_reg_kit_log_entry_idx').on(t.entryId, t.id),
    foreignKey({ name: 'sport_reg_kit_log_entry_org_fk', columns: [t.orgId, t.entryId], foreignColumns: [regEntries.orgId, regEntries.id] }),
  ],
);

/** At most `year_limit` entries of an event type per member and calendar year, per venue. */
export const regYearLimits = pgTable(
  'sport_reg_year_limit',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    eventType: varchar('event_type', { length: 16 }).notNull(),
    yearLimit: integer('year_limit').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_reg_year_limit_uq').on(t.venueId, t.eventType),
    check('sport_reg_year_limit_ck', sql`${t.yearLimit} > 0`),
    foreignKey({ name: 'sport_reg_year_limit_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
  ],
);

/**
 * A member's live entries of an event type in a year at a venue: raised by one conditional upsert
 * (`used < limit`) in the entry's order transaction, lowered when an entry is cancelled. The row is
 * the lock two racing entries of one member meet on.
 */
export const regYearUses = pgTable(
  'sport_reg_year_use',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    eventType: varchar('event_type', { length: 16 }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    year: smallint('year').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sport_reg_year_use_uq').on(t.venueId, t.eventType, t.memberId, t.year),
    check('sport_reg_year_use_ck', sql`${t.used} >= 0`),
    foreignKey({ name: 'sport_reg_year_use_member_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
  ],
);

/** A prize or gift handed over at the desk: to which member, what, by whom (the signed-in user), when. */
export const pickupRecords = pgTable(
  'sport_pickup_record',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** prize | gift. */
    kind: varchar('kind', { length: 8 }).notNull(),
    itemName: varchar('item_name', { length: 64 }).notNull(),
    quantity: integer('quantity').notNull(),
    eventId: bigint('event_id', { mode: 'number' }),
    handedBy: bigint('handed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    remark: varchar('remark', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sport_pickup_record_org_time_idx').on(t.orgId, t.createdAt),
    check('sport_pickup_record_qty_ck', sql`${t.quantity} > 0`),
    foreignKey({ name: 'sport_pickup_record_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    foreignKey({ name: 'sport_pickup_record_member_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
    foreignKey({ name: 'sport_pickup_record_event_org_fk', columns: [t.orgId, t.eventId], foreignColumns: [regEvents.orgId, regEvents.id] }),
  ],
);
