import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId, userRef } from '../../../system/index.ts';
import { venues } from '../../venue/index.ts';
import { ticketSessions, tickets } from '../ticket.table.ts';
import { id } from '../../../../platform/columns.ts';

/**
 * Gate checking (issue 13, "Gate checking"). A ticket enters once: the admitting update moves it
 * sold → used conditionally, and the unique partial index on the scans' admissions holds one
 * admitted scan per ticket. Every scan (online or uploaded by an offline device, admitted or
 * refused with its reason) is a row of `sport_ticket_scan`; an offline device's scan carries its
 * device-made id, unique per organisation, so a re-upload changes nothing. A ticket admitted by a
 * second device while offline is a conflict naming both scans.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });
const ticketRef = () => bigint('ticket_id', { mode: 'number' }).notNull();

/** A gate of an organisation's venue where tickets are checked. */
export const ticketGates = pgTable(
  'sport_ticket_gate',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    /** A venue in the reach of the gate's organisation (a branch's pool may be checked at the centre's gate): not held to the gate's own organisation. */
    venueId: bigint('venue_id', { mode: 'number' }).references(() => venues.id),
    /** 0 open, 1 closed (no scans accepted). */
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 200 }),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_ticket_gate_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sport_ticket_gate_org_name_uq').on(t.orgId, t.name),
    check('sport_ticket_gate_status', sql`${t.status} in (0, 1)`),
  ],
);

/** A session's Ed25519 key pair for its tickets' QR codes: the private key sealed at rest (platform/keys.ts). */
export const ticketSessionKeys = pgTable(
  'sport_ticket_session_key',
  {
    sessionId: bigint('session_id', { mode: 'number' }).primaryKey(),
    orgId: orgId(),
    /** The raw 32-byte public key, base64url. */
    publicKey: varchar('public_key', { length: 64 }).notNull(),
    /** The PKCS#8 private key, sealed (`v1.` AES-256-GCM). */
    privateKeyEnc: text('private_key_enc').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'sport_ticket_session_key_session_id_org_fk',
      columns: [t.orgId, t.sessionId],
      foreignColumns: [ticketSessions.orgId, ticketSessions.id],
    }).onDelete('cascade'),
  ],
);

/** Every scan at a gate: online, or uploaded by an offline device. */
export const ticketScans = pgTable(
  'sport_ticket_scan',
  {
    id: id(),
    orgId: orgId(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    gateId: bigint('gate_id', { mode: 'number' }),
    /** The ticket the scan named (null: no ticket of the organisation has the code). */
    ticketId: bigint('ticket_id', { mode: 'number' }),
    /** The code read (a bare code, or the code of a signed payload). */
    code: varchar('code', { length: 32 }).notNull(),
    /** admitted | refused | conflict (admitted by an offline device although already used). */
    result: varchar('result', { length: 10 }).notNull(),
    /** Why it was refused (or the conflict's cause). */
    reason: varchar('reason', { length: 16 }),
    /** online | offline. */
    source: varchar('source', { length: 8 }).notNull().default('online'),
    deviceId: varchar('device_id', { length: 64 }),
    /** An offline device's id of the scan: a re-upload is recognised by it. */
    scanUid: varchar('scan_uid', { length: 64 }),
    /** When the scan happened (an offline device's clock). */
    scannedAt: at('scanned_at').notNull().defaultNow(),
    operatorId: userRef('operator_id'),
    /** An admission outside the session's gate window by a supervisor's override: the reason given. */
    overrideReason: varchar('override_reason', { length: 200 }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sport_ticket_scan_ticket_id_org_fk', columns: [t.orgId, t.ticketId], foreignColumns: [tickets.orgId, tickets.id] }),
    foreignKey({ name: 'sport_ticket_scan_gate_id_org_fk', columns: [t.orgId, t.gateId], foreignColumns: [ticketGates.orgId, ticketGates.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      name: 'sport_ticket_scan_session_id_org_fk',
      columns: [t.orgId, t.sessionId],
      foreignColumns: [ticketSessions.orgId, ticketSessions.id],
    }).onDelete('cascade'),
    uniqueIndex('sport_ticket_scan_org_id_uq').on(t.orgId, t.id),
    index('sport_ticket_scan_session_idx').on(t.sessionId, t.id),
    index('sport_ticket_scan_ticket_idx').on(t.ticketId),
    // Each ticket is admitted once (online or by the first upload of an offline admission).
    uniqueIndex('sport_ticket_scan_admitted_uq')
      .on(t.ticketId)
      .where(sql`${t.result} = 'admitted'`),
    uniqueIndex('sport_ticket_scan_uid_uq').on(t.orgId, t.scanUid),
    check('sport_ticket_scan_result', sql`${t.result} in ('admitted','refused','conflict')`),
    check('sport_ticket_scan_source', sql`${t.source} in ('online','offline')`),
    check('sport_ticket_scan_uid', sql`${t.source} = 'online' or ${t.scanUid} is not null`),
  ],
);

/** A ticket admitted twice (by two offline devices, or offline after an online admission): both scans. */
export const ticketScanConflicts = pgTable(
  'sport_ticket_scan_conflict',
  {
    id: id(),
    orgId: orgId(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    ticketId: ticketRef(),
    /** The admission on record (null when the ticket was refunded or cancelled meanwhile). */
    firstScanId: bigint('first_scan_id', { mode: 'number' }),
    /** The later device's admission. */
    secondScanId: bigint('second_scan_id', { mode: 'number' }).notNull(),
    /** used (admitted twice) | revoked (admitted offline after a refund or cancellation). */
    reason: varchar('reason', { length: 16 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sport_ticket_scan_conflict_ticket_id_org_fk', columns: [t.orgId, t.ticketId], foreignColumns: [tickets.orgId, tickets.id] }),
    foreignKey({
      name: 'sport_ticket_scan_conflict_second_scan_id_org_fk',
      columns: [t.orgId, t.secondScanId],
      foreignColumns: [ticketScans.orgId, ticketScans.id],
    }),
    foreignKey({
      name: 'sport_ticket_scan_conflict_first_scan_id_org_fk',
      columns: [t.orgId, t.firstScanId],
      foreignColumns: [ticketScans.orgId, ticketScans.id],
    }),
    foreignKey({
      name: 'sport_ticket_scan_conflict_session_id_org_fk',
      columns: [t.orgId, t.sessionId],
      foreignColumns: [ticketSessions.orgId, ticketSessions.id],
    }).onDelete('cascade'),
    uniqueIndex('sport_ticket_scan_conflict_second_uq').on(t.secondScanId),
    index('sport_ticket_scan_conflict_session_idx').on(t.sessionId, t.id),
  ],
);

/** A paper ticket handed over against an e-ticket: once per ticket; a paper number once per organisation. */
export const ticketCollections = pgTable(
  'sport_ticket_collection',
  {
    id: id(),
    orgId: orgId(),
    ticketId: ticketRef(),
    paperNo: varchar('paper_no', { length: 32 }).notNull(),
    remark: varchar('remark', { length: 200 }),
    collectedBy: userRef('collected_by'),
    collectedAt: at('collected_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sport_ticket_collection_ticket_id_org_fk', columns: [t.orgId, t.ticketId], foreignColumns: [tickets.orgId, tickets.id] }),
    uniqueIndex('sport_ticket_collection_ticket_uq').on(t.ticketId),
    uniqueIndex('sport_ticket_collection_paper_uq').on(t.orgId, t.paperNo),
    index('sport_ticket_collection_org_idx').on(t.orgId, t.id),
  ],
);

/** A reprint of a ticket, with its reason. */
export const ticketReprints = pgTable(
  'sport_ticket_reprint',
  {
    id: id(),
    orgId: orgId(),
    ticketId: ticketRef(),
    reason: varchar('reason', { length: 200 }).notNull(),
    printedBy: userRef('printed_by'),
    printedAt: at('printed_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sport_ticket_reprint_ticket_id_org_fk', columns: [t.orgId, t.ticketId], foreignColumns: [tickets.orgId, tickets.id] }),
    index('sport_ticket_reprint_ticket_idx').on(t.ticketId, t.id),
  ],
);
