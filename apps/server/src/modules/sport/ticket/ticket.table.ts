import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SeatmapDocument } from '@venue/contract';
import { orgId, userRef } from '../../system/index.ts';
import { orderItems, orders } from '../commerce/index.ts';
import { venues } from '../venue/index.ts';
import { ticketNotices, ticketTemplates } from './catalogue/template.table.ts';
import { createdAt, id, version } from '../../../platform/columns.ts';

/**
 * Ticketing (issue 13). Project types and projects are the catalogue; a seat map keeps every saved
 * document as a version; a session sells either seats (one `sport_ticket_seat` row per sellable
 * seat of the map version it was made from) or general-admission quota of its levels. The
 * database refuses oversell: a seat moves free → held only by a conditional update, a level's
 * quota only by an atomic conditional update, and the CHECKs hold `sold + held <= quota`.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const ticketTypes = pgTable(
  'sport_ticket_type',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    sort: integer('sort').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_ticket_type_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_ticket_type_org_name_uq').on(t.orgId, t.name),
    index('sport_ticket_type_parent_idx').on(t.parentId),
  ],
);

export const ticketProjects = pgTable(
  'sport_ticket_project',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    typeId: bigint('type_id', { mode: 'number' }),
    venueId: bigint('venue_id', { mode: 'number' }),
    posterUrl: varchar('poster_url', { length: 500 }),
    description: text('description'),
    performers: varchar('performers', { length: 2000 }),
    purchaseNotice: text('purchase_notice'),
    /** The purchase notice shown to buyers, and the ticket template its tickets print with (catalogue extras). */
    noticeId: bigint('notice_id', { mode: 'number' }),
    templateId: bigint('template_id', { mode: 'number' }),
    /** none | per_id (one ticket per id number per session). */
    realName: varchar('real_name', { length: 8 }).notNull().default('none'),
    /** Tickets one buyer may take per order (null: no limit). */
    perBuyerLimit: integer('per_buyer_limit'),
    /** 0 normal, 1 disabled. */
    status: smallint('status').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'sport_ticket_project_template_id_org_fk',
      columns: [t.orgId, t.templateId],
      foreignColumns: [ticketTemplates.orgId, ticketTemplates.id],
    }),
    foreignKey({ name: 'sport_ticket_project_notice_id_org_fk', columns: [t.orgId, t.noticeId], foreignColumns: [ticketNotices.orgId, ticketNotices.id] }),
    foreignKey({ name: 'sport_ticket_project_venue_id_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    foreignKey({ name: 'sport_ticket_project_type_id_org_fk', columns: [t.orgId, t.typeId], foreignColumns: [ticketTypes.orgId, ticketTypes.id] }),
    uniqueIndex('sport_ticket_project_org_id_uq').on(t.orgId, t.id),
    index('sport_ticket_project_org_idx').on(t.orgId, t.id),
    index('sport_ticket_project_type_idx').on(t.typeId),
    check('sport_ticket_project_real_name', sql`${t.realName} in ('none','per_id')`),
  ],
);

/** A seat map: its latest document (a copy of its latest version) and the edit version. */
export const seatmaps = pgTable(
  'sport_seatmap',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    venueId: bigint('venue_id', { mode: 'number' }),
    /** The latest version's number (also the edit version). */
    version: version(),
    /** The version number of the latest saved document. */
    docVersion: integer('doc_version').notNull().default(1),
    seatCount: integer('seat_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sport_seatmap_venue_id_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    uniqueIndex('sport_seatmap_org_id_uq').on(t.orgId, t.id),
    index('sport_seatmap_org_idx').on(t.orgId, t.id),
  ],
);

/** Every saved document of a map; sessions name the version their seats were made from. */
export const seatmapVersions = pgTable(
  'sport_seatmap_version',
  {
    id: id(),
    orgId: orgId(),
    seatmapId: bigint('seatmap_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    document: jsonb('document').$type<SeatmapDocument>().notNull(),
    seatCount: integer('seat_count').notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_seatmap_version_seatmap_id_org_fk', columns: [t.orgId, t.seatmapId], foreignColumns: [seatmaps.orgId, seatmaps.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('sport_seatmap_version_uq').on(t.seatmapId, t.version),
  ],
);

export const ticketSessions = pgTable(
  'sport_ticket_session',
  {
    id: id(),
    orgId: orgId(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at'),
    seated: boolean('seated').notNull().default(false),
    seatmapId: bigint('seatmap_id', { mode: 'number' }),
    seatmapVersion: integer('seatmap_version'),
    /** Minutes an unpaid order holds its seats or quota. */
    holdMinutes: integer('hold_minutes').notNull().default(10),
    /** The gate window: gates admit from this many minutes before the start … */
    gateOpenMinutes: integer('gate_open_minutes').notNull().default(120),
    /** … to this many minutes after the end (a session without an end is taken to end 3 hours after its start). */
    gateCloseMinutes: integer('gate_close_minutes').notNull().default(0),
    /** The session's refund rules (null: refundable in full until the start). */
    refundRules: jsonb('refund_rules').$type<{ refundable: boolean; tiers: { hoursBefore: number; percent: number }[] }>(),
    onSale: boolean('on_sale').notNull().default(false),
    /** The ticket template of this session's tickets (else the project's). */
    templateId: bigint('template_id', { mode: 'number' }),
    /** 0 normal, 1 disabled. */
    status: smallint('status').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'sport_ticket_session_template_id_org_fk',
      columns: [t.orgId, t.templateId],
      foreignColumns: [ticketTemplates.orgId, ticketTemplates.id],
    }),
    foreignKey({ name: 'sport_ticket_session_seatmap_id_org_fk', columns: [t.orgId, t.seatmapId], foreignColumns: [seatmaps.orgId, seatmaps.id] }),
    foreignKey({ name: 'sport_ticket_session_project_id_org_fk', columns: [t.orgId, t.projectId], foreignColumns: [ticketProjects.orgId, ticketProjects.id] }),
    uniqueIndex('sport_ticket_session_org_id_uq').on(t.orgId, t.id),
    index('sport_ticket_session_org_idx').on(t.orgId, t.startAt),
    index('sport_ticket_session_project_idx').on(t.projectId),
    index('sport_ticket_session_map_idx').on(t.seatmapId),
    check('sport_ticket_session_hold', sql`${t.holdMinutes} between 1 and 1440`),
    check('sport_ticket_session_gate_window', sql`${t.gateOpenMinutes} between 0 and 10080 and ${t.gateCloseMinutes} between 0 and 10080`),
    check('sport_ticket_session_map', sql`not ${t.seated} or (${t.seatmapId} is not null and ${t.seatmapVersion} is not null)`),
  ],
);

/** A session's ticket level: its price, and (general admission) its quota with the counters sold and held. */
export const ticketLevels = pgTable(
  'sport_ticket_level',
  {
    id: id(),
    orgId: orgId(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull().default(0),
    color: varchar('color', { length: 7 }).notNull().default('#1677ff'),
    /** General admission: tickets for sale (null on a seated session: its seats are the quota). */
    quota: integer('quota'),
    /** Seated: the map's price areas this level sells. */
    levelKeys: jsonb('level_keys').$type<string[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    /** General admission: tickets paid for, and held by unpaid orders. */
    sold: integer('sold').notNull().default(0),
    held: integer('held').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'sport_ticket_level_session_id_org_fk',
      columns: [t.orgId, t.sessionId],
      foreignColumns: [ticketSessions.orgId, ticketSessions.id],
    }).onDelete('cascade'),
    uniqueIndex('sport_ticket_level_org_id_uq').on(t.orgId, t.id),
    index('sport_ticket_level_session_idx').on(t.sessionId),
    check('sport_ticket_level_counts', sql`${t.held} >= 0 and ${t.sold} >= 0 and ${t.priceFen} >= 0`),
    check('sport_ticket_level_quota', sql`${t.quota} is null or ${t.sold} + ${t.held} <= ${t.quota}`),
  ],
);

/** One row per sellable seat of a seated session (its map version's seats less the `shown` ones). */
export const ticketSeats = pgTable(
  'sport_ticket_seat',
  {
    id: id(),
    orgId: orgId(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    seatKey: varchar('seat_key', { length: 16 }).notNull(),
    zone: varchar('zone', { length: 32 }).notNull(),
    row: varchar('row', { length: 16 }).notNull(),
    no: varchar('no', { length: 16 }).notNull(),
    /** The map's price area of the seat. */
    levelKey: varchar('level_key', { length: 16 }),
    levelId: bigint('level_id', { mode: 'number' }),
    /** free | held | sold | blocked. */
    state: varchar('state', { length: 8 }).notNull().default('free'),
    /** The order (and its line) holding or owning the seat. */
    orderId: bigint('order_id', { mode: 'number' }),
    itemId: bigint('item_id', { mode: 'number' }),
    version: version(),
  },
  (t) => [
    foreignKey({ name: 'sport_ticket_seat_item_id_org_fk', columns: [t.orgId, t.itemId], foreignColumns: [orderItems.orgId, orderItems.id] }),
    foreignKey({ name: 'sport_ticket_seat_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_ticket_seat_level_id_org_fk', columns: [t.orgId, t.levelId], foreignColumns: [ticketLevels.orgId, ticketLevels.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      name: 'sport_ticket_seat_session_id_org_fk',
      columns: [t.orgId, t.sessionId],
      foreignColumns: [ticketSessions.orgId, ticketSessions.id],
    }).onDelete('cascade'),
    uniqueIndex('sport_ticket_seat_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_ticket_seat_uq').on(t.sessionId, t.seatKey),
    index('sport_ticket_seat_item_idx').on(t.itemId),
    check('sport_ticket_seat_state', sql`${t.state} in ('free','held','sold','blocked')`),
    check('sport_ticket_seat_owner', sql`(${t.state} in ('held','sold')) = (${t.itemId} is not null)`),
  ],
);

/** A ticket: one per seat or general-admission unit of an order line. */
export const tickets = pgTable(
  'sport_ticket',
  {
    id: id(),
    orgId: orgId(),
    code: varchar('code', { length: 32 }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    levelId: bigint('level_id', { mode: 'number' }).notNull(),
    seatId: bigint('seat_id', { mode: 'number' }),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    /** held | sold | used | refunded | cancelled. */
    state: varchar('state', { length: 10 }).notNull().default('held'),
    buyerName: varchar('buyer_name', { length: 64 }),
    buyerPhone: varchar('buyer_phone', { length: 20 }),
    buyerIdNo: varchar('buyer_id_no', { length: 32 }),
    /** The viewer of a real-name project's ticket: one live ticket per id number per session. */
    viewerName: varchar('viewer_name', { length: 64 }),
    viewerIdType: varchar('viewer_id_type', { length: 8 }),
    viewerIdNo: varchar('viewer_id_no', { length: 32 }),
    /** The viewer's id number as the one-ticket-per-id rule compares it (`idNumberKey`: a 15-digit identity number as 18, a passport without spaces or hyphens). */
    viewerKey: varchar('viewer_key', { length: 32 }),
    /** The buyer's id number as the per-buyer limit compares it (`idNumberKey`), when the buyer gave one. */
    buyerKey: varchar('buyer_key', { length: 32 }),
    /** The refund applied for this ticket (its refund number), while it waits for review or after. */
    refundNo: varchar('refund_no', { length: 32 }),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull().default(0),
    soldAt: at('sold_at'),
    usedAt: at('used_at'),
    /** The first print (or PDF) of the ticket; set once, by a conditional write: later prints are reprints, logged with a reason. */
    printedAt: at('printed_at'),
    printedBy: userRef('printed_by'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'sport_ticket_item_id_org_fk', columns: [t.orgId, t.itemId], foreignColumns: [orderItems.orgId, orderItems.id] }),
    foreignKey({ name: 'sport_ticket_order_id_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_ticket_seat_id_org_fk', columns: [t.orgId, t.seatId], foreignColumns: [ticketSeats.orgId, ticketSeats.id] }),
    foreignKey({ name: 'sport_ticket_level_id_org_fk', columns: [t.orgId, t.levelId], foreignColumns: [ticketLevels.orgId, ticketLevels.id] }),
    foreignKey({ name: 'sport_ticket_session_id_org_fk', columns: [t.orgId, t.sessionId], foreignColumns: [ticketSessions.orgId, ticketSessions.id] }),
    uniqueIndex('sport_ticket_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_ticket_code_uq').on(t.code),
    index('sport_ticket_item_idx').on(t.itemId),
    index('sport_ticket_order_idx').on(t.orderId),
    index('sport_ticket_session_idx').on(t.sessionId, t.id),
    // A seat has at most one live ticket.
    uniqueIndex('sport_ticket_seat_live_uq')
      .on(t.seatId)
      .where(sql`${t.seatId} is not null and ${t.state} in ('held','sold','used')`),
    // Real-name: one live ticket per person per session (the number's key, so 15 and 18 digits of one person are one).
    uniqueIndex('sport_ticket_viewer_key_live_uq')
      .on(t.sessionId, t.viewerKey)
      .where(sql`${t.viewerKey} is not null and ${t.state} in ('held','sold','used')`),
    // A buyer's live tickets of a session (the per-buyer limit across orders): by phone, or by id number.
    index('sport_ticket_session_phone_idx').on(t.sessionId, t.buyerPhone),
    index('sport_ticket_session_buyer_key_idx').on(t.sessionId, t.buyerKey),
    check('sport_ticket_state', sql`${t.state} in ('held','sold','used','refunded','cancelled')`),
  ],
);
