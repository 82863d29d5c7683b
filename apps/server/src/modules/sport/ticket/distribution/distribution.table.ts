import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { FeedSession } from '@venue/contract';
import { orgId } from '../../../system/index.ts';
import { orders } from '../../commerce/index.ts';
import { ticketLevels, ticketSeats, ticketSessions } from '../ticket.table.ts';
import { createdAt, id, version } from '../../../../platform/columns.ts';

/**
 * Ticket distribution (issue 13): distributors and the quota they are given, the orders they sell,
 * the projects pulled from their feeds (external items), and package tickets. The database refuses
 * overselling: a distributor's quota and a package's stock are counter rows whose CHECKs hold
 * `sold + held <= quota`, moved only by conditional updates.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const distributors = pgTable(
  'sport_ticket_distributor',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    contact: varchar('contact', { length: 32 }),
    phone: varchar('phone', { length: 20 }),
    /** Commission in basis points of the amount sold (1250 = 12.5 %). */
    commissionBp: integer('commission_bp').notNull().default(0),
    /** Where the distributor publishes its feed (a JSON document, see docs/ticket-feed.md). */
    feedUrl: varchar('feed_url', { length: 500 }),
    /** 0 normal, 1 disabled. */
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_ticket_distributor_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_ticket_distributor_org_name_uq').on(t.orgId, t.name),
    check('sport_ticket_distributor_commission', sql`${t.commissionBp} between 0 and 10000`),
  ],
);

/**
 * A distributor's quota of one level of a session. General admission: `quota` tickets taken from
 * the level's own quota. Seated: the seats in `sport_ticket_dist_seat`, blocked for the distributor.
 */
export const distQuotas = pgTable(
  'sport_ticket_dist_quota',
  {
    id: id(),
    orgId: orgId(),
    distributorId: bigint('distributor_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    levelId: bigint('level_id', { mode: 'number' }).notNull(),
    seated: boolean('seated').notNull().default(false),
    quota: integer('quota').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'sport_ticket_dist_quota_level_id_org_fk',
      columns: [t.orgId, t.levelId],
      foreignColumns: [ticketLevels.orgId, ticketLevels.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sport_ticket_dist_quota_session_id_org_fk',
      columns: [t.orgId, t.sessionId],
      foreignColumns: [ticketSessions.orgId, ticketSessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sport_ticket_dist_quota_distributor_id_org_fk',
      columns: [t.orgId, t.distributorId],
      foreignColumns: [distributors.orgId, distributors.id],
    }),
    uniqueIndex('sport_ticket_dist_quota_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_ticket_dist_quota_uq').on(t.distributorId, t.levelId),
    index('sport_ticket_dist_quota_session_idx').on(t.sessionId),
    check('sport_ticket_dist_quota_counts', sql`${t.quota} >= 0 and ${t.sold} >= 0 and ${t.held} >= 0 and ${t.sold} + ${t.held} <= ${t.quota}`),
  ],
);

/** A seat blocked for a distributor's quota (a seat belongs to at most one quota). */
export const distSeats = pgTable(
  'sport_ticket_dist_seat',
  {
    id: id(),
    orgId: orgId(),
    quotaId: bigint('quota_id', { mode: 'number' }).notNull(),
    seatId: bigint('seat_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    foreignKey({ name: 'sport_ticket_dist_seat_seat_id_org_fk', columns: [t.orgId, t.seatId], foreignColumns: [ticketSeats.orgId, ticketSeats.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'sport_ticket_dist_seat_quota_id_org_fk', columns: [t.orgId, t.quotaId], foreignColumns: [distQuotas.orgId, distQuotas.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('sport_ticket_dist_seat_uq').on(t.seatId),
    index('sport_ticket_dist_seat_quota_idx').on(t.quotaId),
  ],
);

/** An order sold by a distributor, with the commission rate at the time of sale. */
export const distOrders = pgTable(
  'sport_ticket_dist_order',
  {
    id: id(),
    orgId: orgId(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    distributorId: bigint('distributor_id', { mode: 'number' }).notNull(),
    commissionBp: integer('commission_bp').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'sport_ticket_dist_order_distributor_id_org_fk',
      columns: [t.orgId, t.distributorId],
      foreignColumns: [distributors.orgId, distributors.id],
    }),
    foreignKey({ name: 'sport_ticket_dist_order_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    uniqueIndex('sport_ticket_dist_order_uq').on(t.orderId),
    index('sport_ticket_dist_order_dist_idx').on(t.distributorId, t.createdAt),
  ],
);

/** A project another platform sells, pulled from a distributor's feed: read-only, refreshed from its source. */
export const externalItems = pgTable(
  'sport_ticket_external_item',
  {
    id: id(),
    orgId: orgId(),
    distributorId: bigint('distributor_id', { mode: 'number' }).notNull(),
    externalId: varchar('external_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    venueName: varchar('venue_name', { length: 128 }),
    sessions: jsonb('sessions').$type<FeedSession[]>().notNull().default([]),
    stock: integer('stock').notNull().default(0),
    minPriceFen: bigint('min_price_fen', { mode: 'number' }).notNull().default(0),
    maxPriceFen: bigint('max_price_fen', { mode: 'number' }).notNull().default(0),
    sourceUrl: varchar('source_url', { length: 500 }).notNull(),
    /** The feed no longer lists it (kept, marked). */
    missing: boolean('missing').notNull().default(false),
    refreshedAt: at('refreshed_at').notNull().defaultNow(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'sport_ticket_external_item_distributor_id_org_fk',
      columns: [t.orgId, t.distributorId],
      foreignColumns: [distributors.orgId, distributors.id],
    }),
    uniqueIndex('sport_ticket_external_item_uq').on(t.distributorId, t.externalId),
    index('sport_ticket_external_item_org_idx').on(t.orgId, t.id),
  ],
);

/** A package ticket: one unit is one ticket of each part, sold as one at the package price, from its own stock. */
export const ticketPackages = pgTable(
  'sport_ticket_package',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(true),
    remark: varchar('remark', { length: 200 }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_ticket_package_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_ticket_package_org_name_uq').on(t.orgId, t.name),
    check('sport_ticket_package_counts', sql`${t.priceFen} >= 0 and ${t.sold} >= 0 and ${t.held} >= 0 and ${t.sold} + ${t.held} <= ${t.stock}`),
  ],
);

export const packageParts = pgTable(
  'sport_ticket_package_part',
  {
    id: id(),
    orgId: orgId(),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    levelId: bigint('level_id', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'sport_ticket_package_part_level_id_org_fk',
      columns: [t.orgId, t.levelId],
      foreignColumns: [ticketLevels.orgId, ticketLevels.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sport_ticket_package_part_session_id_org_fk',
      columns: [t.orgId, t.sessionId],
      foreignColumns: [ticketSessions.orgId, ticketSessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sport_ticket_package_part_package_id_org_fk',
      columns: [t.orgId, t.packageId],
      foreignColumns: [ticketPackages.orgId, ticketPackages.id],
    }).onDelete('cascade'),
    uniqueIndex('sport_ticket_package_part_uq').on(t.packageId, t.levelId),
    index('sport_ticket_package_part_level_idx').on(t.levelId),
  ],
);
