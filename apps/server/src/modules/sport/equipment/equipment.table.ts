import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, smallint, timestamp, date, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, users } from '../../system/index.ts';
import { orderItems, orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { sites, venues } from '../venue/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * Equipment (issue 27): the devices of venues, gate access grants, the access events gates push
 * (each stored exactly once: unique on device and the device's own event identity), the pass
 * decision of each event, and the commands queued for devices (a gate's door opening).
 * docs/decisions.md, "Gates".
 */

export const devices = pgTable(
  'sport_equipment_device',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    /** gate | bracelet_reader | golf_controller. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** The device's serial number (ZKTeco `SN`): unique everywhere, it is how a device is known. */
    sn: varchar('sn', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    remark: varchar('remark', { length: 200 }),
    /** The last time the device called the server (online when recent). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** A golf bay controller's bay (a golf site of the device's venue). */
    siteId: bigint('site_id', { mode: 'number' }),
    /** What the device last reported of itself (golf controllers: ok | fault), its code and when. */
    reportedState: varchar('reported_state', { length: 8 }),
    reportedCode: varchar('reported_code', { length: 32 }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_equipment_device_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_equipment_device_sn_uq').on(t.sn),
    index('sport_equipment_device_venue_idx').on(t.orgId, t.venueId),
    foreignKey({ name: 'sport_equipment_device_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    foreignKey({ name: 'sport_equipment_device_site_org_fk', columns: [t.orgId, t.siteId], foreignColumns: [sites.orgId, sites.id] }),
    // One controller per bay.
    uniqueIndex('sport_equipment_device_site_uq').on(t.siteId),
  ],
);

export const gateGrants = pgTable(
  'sport_gate_grant',
  {
    id: id(),
    orgId: orgId(),
    /** member | staff. */
    personKind: varchar('person_kind', { length: 8 }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    /** The device PIN the person is known by at the gates (`M<memberId>`, `S<userId>`). */
    pin: varchar('pin', { length: 24 }).notNull(),
    /** The gates (devices of this organisation) the grant opens. */
    deviceIds: bigint('device_ids', { mode: 'number' }).array().notNull(),
    /** 1 Monday … 7 Sunday. */
    weekdays: smallint('weekdays').array().notNull(),
    /** Minutes of the venue day, [start, end). */
    startMin: smallint('start_min').notNull(),
    endMin: smallint('end_min').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    remark: varchar('remark', { length: 200 }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_gate_grant_org_id_uq').on(t.orgId, t.id),
    index('sport_gate_grant_pin_idx').on(t.orgId, t.pin),
    foreignKey({ name: 'sport_gate_grant_member_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }).onDelete('cascade'),
  ],
);

export const gateEvents = pgTable(
  'sport_gate_event',
  {
    id: id(),
    orgId: orgId(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    /** The device's own identity of the event (rtlog: its log index; ATTLOG: PIN, time and status): resends carry the same. */
    eventKey: varchar('event_key', { length: 96 }).notNull(),
    /** attlog | rtlog. */
    source: varchar('source', { length: 8 }).notNull(),
    pin: varchar('pin', { length: 24 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The line as the device sent it (trimmed to 300 characters). */
    raw: varchar('raw', { length: 300 }).notNull(),
  },
  (t) => [
    uniqueIndex('sport_gate_event_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_gate_event_device_key_uq').on(t.deviceId, t.eventKey),
    index('sport_gate_event_org_time_idx').on(t.orgId, t.occurredAt),
    foreignKey({ name: 'sport_gate_event_device_org_fk', columns: [t.orgId, t.deviceId], foreignColumns: [devices.orgId, devices.id] }).onDelete('cascade'),
  ],
);

export const gateDecisions = pgTable(
  'sport_gate_decision',
  {
    id: id(),
    orgId: orgId(),
    /** One decision per event. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    allowed: boolean('allowed').notNull(),
    /** GATE_REASONS. */
    reason: varchar('reason', { length: 16 }).notNull(),
    /** What allowed it: `grant#12`, `card`, `booking#order 3`. */
    grantedBy: varchar('granted_by', { length: 64 }),
    memberId: bigint('member_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    /** An open command was queued (allowed, and recent enough to matter). */
    opened: boolean('opened').notNull().default(false),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_gate_decision_event_uq').on(t.eventId),
    foreignKey({ name: 'sport_gate_decision_event_org_fk', columns: [t.orgId, t.eventId], foreignColumns: [gateEvents.orgId, gateEvents.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const deviceCommands = pgTable(
  'sport_equipment_command',
  {
    id: id(),
    orgId: orgId(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    decisionId: bigint('decision_id', { mode: 'number' }),
    /** The command text after `C:<id>:` (`CONTROL DEVICE 01010105`). */
    command: varchar('command', { length: 200 }).notNull(),
    /** queued | sent | done | failed. */
    state: varchar('state', { length: 8 }).notNull().default('queued'),
    returnCode: integer('return_code'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('sport_equipment_command_device_idx').on(t.deviceId, t.state),
    foreignKey({ name: 'sport_equipment_command_device_org_fk', columns: [t.orgId, t.deviceId], foreignColumns: [devices.orgId, devices.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * A bracelet's issue (issue 27, "Bracelets"): one row per time a bracelet (known by its code) is
 * given out, to a member or to a booking (its order), with its deposit's order line. While it is
 * held (unpaid) or active, no other issue of the code may exist in the organisation: a partial
 * unique index, so two operators issuing one code at once cannot both succeed.
 */
export const bracelets = pgTable(
  'sport_bracelet',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    /** The bracelet's code (its RFID UID), in capitals: what a gate reports as the card. */
    code: varchar('code', { length: 32 }).notNull(),
    /** member | booking. */
    holderKind: varchar('holder_kind', { length: 8 }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }),
    /** The booking's order (holder `booking`). */
    bookingOrderId: bigint('booking_order_id', { mode: 'number' }),
    /** The deposit's order and line (item kind `bracelet`). */
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    depositFen: bigint('deposit_fen', { mode: 'number' }).notNull(),
    /** Kept of the deposit for damage at the return. */
    damageFen: bigint('damage_fen', { mode: 'number' }).notNull().default(0),
    /** held | active | returned | lost | released. */
    state: varchar('state', { length: 8 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_bracelet_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_bracelet_item_uq').on(t.itemId),
    uniqueIndex('sport_bracelet_active_code_uq')
      .on(t.orgId, t.code)
      .where(sql`${t.state} in ('held', 'active')`),
    index('sport_bracelet_code_idx').on(t.orgId, t.code, t.id),
    check('sport_bracelet_deposit_ck', sql`${t.depositFen} > 0 and ${t.damageFen} >= 0 and ${t.damageFen} <= ${t.depositFen}`),
    foreignKey({ name: 'sport_bracelet_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    foreignKey({ name: 'sport_bracelet_member_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
    foreignKey({ name: 'sport_bracelet_booking_order_org_fk', columns: [t.orgId, t.bookingOrderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_bracelet_order_org_fk', columns: [t.orgId, t.orderId], foreignColumns: [orders.orgId, orders.id] }),
    foreignKey({ name: 'sport_bracelet_item_org_fk', columns: [t.orgId, t.itemId], foreignColumns: [orderItems.orgId, orderItems.id] }),
  ],
);

/**
 * The bracelet log: one row per change (issued, returned, lost, a damage charge), append-only (the
 * repository has no update or delete of it). `amount_fen` is the deposit taken (issued), refunded
 * (returned), kept (lost) or charged (damaged).
 */
export const braceletLog = pgTable(
  'sport_bracelet_log',
  {
    id: id(),
    orgId: orgId(),
    braceletId: bigint('bracelet_id', { mode: 'number' }).notNull(),
    /** issued | returned | lost | damaged. */
    action: varchar('action', { length: 8 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    refundNo: varchar('refund_no', { length: 40 }),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    remark: varchar('remark', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sport_bracelet_log_org_time_idx').on(t.orgId, t.createdAt),
    index('sport_bracelet_log_bracelet_idx').on(t.braceletId),
    check('sport_bracelet_log_amount_ck', sql`${t.amountFen} >= 0`),
    foreignKey({ name: 'sport_bracelet_log_bracelet_org_fk', columns: [t.orgId, t.braceletId], foreignColumns: [bracelets.orgId, bracelets.id] }),
  ],
);
