import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../../platform/scope.ts';
import { containsText, users } from '../../../system/index.ts';
import { venues } from '../../venue/index.ts';
import { ticketLevels, ticketProjects, ticketSeats, ticketSessions, tickets } from '../ticket.table.ts';
import { ticketCollections, ticketGates, ticketReprints, ticketScanConflicts, ticketScans, ticketSessionKeys } from './gate.table.ts';

/**
 * Every query of gate checking, collection and reprints. Each takes a required scope and puts it
 * in the `where` of every read and write. The admission is one conditional update (sold → used):
 * of two gates scanning one ticket at once, one admits it.
 */
export type GateRecord = typeof ticketGates.$inferSelect;
export type ScanRecord = typeof ticketScans.$inferSelect;
type Page = { limit: number; offset: number };

// ---------------------------------------------------------------- gates

export const gateSorts = { name: ticketGates.name, createTime: ticketGates.createdAt };
export const gateDefaultOrder = [asc(ticketGates.orgId), asc(ticketGates.id)];

export async function pageGates(db: Executor, scope: Scope, f: { id?: number; name?: string; status?: number }, order: SQL[], page: Page) {
  const where = and(
    inScope(scope, ticketGates.orgId),
    f.id !== undefined ? eq(ticketGates.id, f.id) : undefined,
    f.name ? containsText(ticketGates.name, f.name) : undefined,
    f.status !== undefined ? eq(ticketGates.status, f.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ gate: ticketGates, venueName: venues.stadiumName })
      .from(ticketGates)
      .leftJoin(venues, eq(venues.id, ticketGates.venueId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketGates).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function findGate(db: Executor, scope: Scope, id: number): Promise<GateRecord | undefined> {
  const [row] = await db
    .select()
    .from(ticketGates)
    .where(and(eq(ticketGates.id, id), inScope(scope, ticketGates.orgId)));
  return row;
}

export async function insertGate(db: Executor, scope: Scope, values: typeof ticketGates.$inferInsert): Promise<GateRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketGates).values(values).returning();
  return row!;
}

export async function updateGate(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof ticketGates.$inferInsert, 'orgId' | 'id'>>,
) {
  return db
    .update(ticketGates)
    .set({ ...values, updatedAt: new Date(), version: sql`${ticketGates.version} + 1` })
    .where(and(eq(ticketGates.id, id), eq(ticketGates.version, version), inScope(scope, ticketGates.orgId)))
    .returning({ id: ticketGates.id });
}

export async function deleteGate(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(ticketGates)
    .where(and(eq(ticketGates.id, id), inScope(scope, ticketGates.orgId)))
    .returning({ id: ticketGates.id });
  return rows.length;
}

/** A venue of the scope (the gate's venue must be one). */
export async function venueInScope(db: Executor, scope: Scope, venueId: number): Promise<{ id: number; orgId: number } | undefined> {
  const [row] = await db
    .select({ id: venues.id, orgId: venues.orgId })
    .from(venues)
    .where(and(eq(venues.id, venueId), inScope(scope, venues.orgId)));
  return row;
}

// ---------------------------------------------------------------- session keys

export async function findSessionKey(db: Executor, scope: Scope, sessionId: number) {
  const [row] = await db
    .select()
    .from(ticketSessionKeys)
    .where(and(eq(ticketSessionKeys.sessionId, sessionId), inScope(scope, ticketSessionKeys.orgId)));
  return row;
}

/** Stores a session's key pair unless one is there already (two first uses at once keep one). */
export async function insertSessionKey(db: Executor, scope: Scope, values: typeof ticketSessionKeys.$inferInsert): Promise<void> {
  await assertInScope(db, scope, [values.orgId]);
  await db.insert(ticketSessionKeys).values(values).onConflictDoNothing({ target: ticketSessionKeys.sessionId });
}

// ---------------------------------------------------------------- tickets as the gate sees them

const scannedColumns = {
  ticket: tickets,
  sessionName: ticketSessions.name,
  sessionStartAt: ticketSessions.startAt,
  projectName: ticketProjects.name,
  levelName: ticketLevels.name,
  zone: ticketSeats.zone,
  row: ticketSeats.row,
  no: ticketSeats.no,
};

function scannedQuery(db: Executor) {
  return db
    .select(scannedColumns)
    .from(tickets)
    .innerJoin(ticketSessions, eq(ticketSessions.id, tickets.sessionId))
    .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
    .innerJoin(ticketLevels, eq(ticketLevels.id, tickets.levelId))
    .leftJoin(ticketSeats, eq(ticketSeats.id, tickets.seatId));
}
export type ScannedTicketRecord = Awaited<ReturnType<typeof ticketByCode>>;

/** A ticket of the scope by its code, with its session, project, level and seat. */
export async function ticketByCode(db: Executor, scope: Scope, code: string) {
  const [row] = await scannedQuery(db).where(and(eq(tickets.code, code), inScope(scope, tickets.orgId)));
  return row;
}

export async function ticketById(db: Executor, scope: Scope, id: number) {
  const [row] = await scannedQuery(db).where(and(eq(tickets.id, id), inScope(scope, tickets.orgId)));
  return row;
}

/** The admission: sold → used, only for this session. Answers whether this call admitted it. */
export async function admitTicket(db: Executor, scope: Scope, ticketId: number, sessionId: number, usedAt: Date): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ state: 'used', usedAt, version: sql`${tickets.version} + 1` })
    .where(and(eq(tickets.id, ticketId), eq(tickets.sessionId, sessionId), eq(tickets.state, 'sold'), inScope(scope, tickets.orgId)))
    .returning({ id: tickets.id });
  return rows.length === 1;
}

/** Tickets admitted and tickets sold (sold or used) of a session. */
export async function sessionCounts(db: Executor, scope: Scope, sessionId: number): Promise<{ admitted: number; sold: number }> {
  const [row] = await db
    .select({
      admitted: sql<number>`count(*) filter (where ${tickets.state} = 'used')`.mapWith(Number),
      sold: sql<number>`count(*) filter (where ${tickets.state} in ('sold','used'))`.mapWith(Number),
    })
    .from(tickets)
    .where(and(eq(tickets.sessionId, sessionId), inScope(scope, tickets.orgId)));
  return { admitted: row?.admitted ?? 0, sold: row?.sold ?? 0 };
}

/** A session's tickets that a gate must know: sold, used, refunded and cancelled. */
export async function gateTicketsOf(db: Executor, scope: Scope, sessionId: number) {
  return db
    .select({
      code: tickets.code,
      state: tickets.state,
      usedAt: tickets.usedAt,
      levelName: ticketLevels.name,
      zone: ticketSeats.zone,
      row: ticketSeats.row,
      no: ticketSeats.no,
    })
    .from(tickets)
    .innerJoin(ticketLevels, eq(ticketLevels.id, tickets.levelId))
    .leftJoin(ticketSeats, eq(ticketSeats.id, tickets.seatId))
    .where(and(eq(tickets.sessionId, sessionId), inArray(tickets.state, ['sold', 'used', 'refunded', 'cancelled']), inScope(scope, tickets.orgId)))
    .orderBy(asc(tickets.id));
}

// ---------------------------------------------------------------- scans

/** Records a scan. An offline scan whose uid is recorded already changes nothing: answers undefined. */
export async function insertScan(db: Executor, scope: Scope, values: typeof ticketScans.$inferInsert): Promise<ScanRecord | undefined> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db
    .insert(ticketScans)
    .values(values)
    .onConflictDoNothing({ target: [ticketScans.orgId, ticketScans.scanUid] })
    .returning();
  return row;
}

export async function findScansByUid(db: Executor, scope: Scope, orgId: number, uids: string[]) {
  if (!uids.length) return [];
  return db
    .select({ id: ticketScans.id, scanUid: ticketScans.scanUid, result: ticketScans.result })
    .from(ticketScans)
    .where(and(eq(ticketScans.orgId, orgId), inArray(ticketScans.scanUid, uids), inScope(scope, ticketScans.orgId)));
}

/** The scan that admitted a ticket, with its gate's name. */
export async function admissionOf(db: Executor, scope: Scope, ticketId: number) {
  const [row] = await db
    .select({ scan: ticketScans, gateName: ticketGates.name })
    .from(ticketScans)
    .leftJoin(ticketGates, eq(ticketGates.id, ticketScans.gateId))
    .where(and(eq(ticketScans.ticketId, ticketId), eq(ticketScans.result, 'admitted'), inScope(scope, ticketScans.orgId)));
  return row;
}

export const scanDefaultOrder = [desc(ticketScans.id)];

export async function pageScans(
  db: Executor,
  scope: Scope,
  f: { sessionId?: number; gateId?: number; result?: string; source?: string; code?: string },
  page: Page,
) {
  const where = and(
    inScope(scope, ticketScans.orgId),
    f.sessionId !== undefined ? eq(ticketScans.sessionId, f.sessionId) : undefined,
    f.gateId !== undefined ? eq(ticketScans.gateId, f.gateId) : undefined,
    f.result ? eq(ticketScans.result, f.result) : undefined,
    f.source ? eq(ticketScans.source, f.source) : undefined,
    f.code ? eq(ticketScans.code, f.code.toUpperCase()) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        scan: ticketScans,
        sessionName: ticketSessions.name,
        gateName: ticketGates.name,
        levelName: ticketLevels.name,
        zone: ticketSeats.zone,
        row: ticketSeats.row,
        no: ticketSeats.no,
        operatorName: users.name,
      })
      .from(ticketScans)
      .innerJoin(ticketSessions, eq(ticketSessions.id, ticketScans.sessionId))
      .leftJoin(ticketGates, eq(ticketGates.id, ticketScans.gateId))
      .leftJoin(tickets, eq(tickets.id, ticketScans.ticketId))
      .leftJoin(ticketLevels, eq(ticketLevels.id, tickets.levelId))
      .leftJoin(ticketSeats, eq(ticketSeats.id, tickets.seatId))
      .leftJoin(users, eq(users.id, ticketScans.operatorId))
      .where(where)
      .orderBy(...scanDefaultOrder)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketScans).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

// ---------------------------------------------------------------- conflicts

export async function insertConflict(db: Executor, scope: Scope, values: typeof ticketScanConflicts.$inferInsert): Promise<void> {
  await assertInScope(db, scope, [values.orgId]);
  await db.insert(ticketScanConflicts).values(values).onConflictDoNothing({ target: ticketScanConflicts.secondScanId });
}

export async function pageConflicts(db: Executor, scope: Scope, f: { sessionId?: number }, page: Page) {
  const first = alias(ticketScans, 'first_scan');
  const second = alias(ticketScans, 'second_scan');
  const firstGate = alias(ticketGates, 'first_gate');
  const secondGate = alias(ticketGates, 'second_gate');
  const where = and(inScope(scope, ticketScanConflicts.orgId), f.sessionId !== undefined ? eq(ticketScanConflicts.sessionId, f.sessionId) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        conflict: ticketScanConflicts,
        sessionName: ticketSessions.name,
        code: tickets.code,
        first: { id: first.id, gateId: first.gateId, deviceId: first.deviceId, source: first.source, scannedAt: first.scannedAt },
        firstGateName: firstGate.name,
        second: { id: second.id, gateId: second.gateId, deviceId: second.deviceId, source: second.source, scannedAt: second.scannedAt },
        secondGateName: secondGate.name,
      })
      .from(ticketScanConflicts)
      .innerJoin(ticketSessions, eq(ticketSessions.id, ticketScanConflicts.sessionId))
      .innerJoin(tickets, eq(tickets.id, ticketScanConflicts.ticketId))
      .innerJoin(second, eq(second.id, ticketScanConflicts.secondScanId))
      .leftJoin(secondGate, eq(secondGate.id, second.gateId))
      .leftJoin(first, eq(first.id, ticketScanConflicts.firstScanId))
      .leftJoin(firstGate, eq(firstGate.id, first.gateId))
      .where(where)
      .orderBy(desc(ticketScanConflicts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketScanConflicts).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

// ---------------------------------------------------------------- collection

export async function insertCollection(db: Executor, scope: Scope, values: typeof ticketCollections.$inferInsert): Promise<number> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketCollections).values(values).returning({ id: ticketCollections.id });
  return row!.id;
}

export async function pageCollections(
  db: Executor,
  scope: Scope,
  f: { id?: number; ticketId?: number; code?: string; paperNo?: string; sessionId?: number },
  page: Page,
) {
  const where = and(
    inScope(scope, ticketCollections.orgId),
    f.id !== undefined ? eq(ticketCollections.id, f.id) : undefined,
    f.ticketId !== undefined ? eq(ticketCollections.ticketId, f.ticketId) : undefined,
    f.code ? eq(tickets.code, f.code.toUpperCase()) : undefined,
    f.paperNo ? containsText(ticketCollections.paperNo, f.paperNo) : undefined,
    f.sessionId !== undefined ? eq(tickets.sessionId, f.sessionId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        c: ticketCollections,
        code: tickets.code,
        sessionName: ticketSessions.name,
        projectName: ticketProjects.name,
        levelName: ticketLevels.name,
        zone: ticketSeats.zone,
        row: ticketSeats.row,
        no: ticketSeats.no,
        byName: users.name,
      })
      .from(ticketCollections)
      .innerJoin(tickets, eq(tickets.id, ticketCollections.ticketId))
      .innerJoin(ticketSessions, eq(ticketSessions.id, tickets.sessionId))
      .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
      .innerJoin(ticketLevels, eq(ticketLevels.id, tickets.levelId))
      .leftJoin(ticketSeats, eq(ticketSeats.id, tickets.seatId))
      .leftJoin(users, eq(users.id, ticketCollections.collectedBy))
      .where(where)
      .orderBy(desc(ticketCollections.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketCollections).innerJoin(tickets, eq(tickets.id, ticketCollections.ticketId)).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

// ---------------------------------------------------------------- first prints and reprints

/** Sold tickets of an order, or the ones named. */
const printable = (scope: Scope, f: { orderId?: number; ticketIds?: number[] }) =>
  and(
    inScope(scope, tickets.orgId),
    eq(tickets.state, 'sold'),
    f.orderId !== undefined ? eq(tickets.orderId, f.orderId) : undefined,
    f.ticketIds !== undefined ? inArray(tickets.id, f.ticketIds) : undefined,
  );

/**
 * The first print: one conditional write (printed_at is null → now) over the sold tickets chosen,
 * so of two clicks at once one prints each ticket first. Answers the tickets this call printed.
 */
export async function claimFirstPrint(db: Executor, scope: Scope, f: { orderId?: number; ticketIds?: number[] }, by: number, at: Date) {
  return db
    .update(tickets)
    .set({ printedAt: at, printedBy: by })
    .where(and(printable(scope, f), sql`${tickets.printedAt} is null`))
    .returning({ id: tickets.id });
}

/** How many sold tickets the choice holds (printed or not). */
export async function printableCount(db: Executor, scope: Scope, f: { orderId?: number; ticketIds?: number[] }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tickets).where(printable(scope, f));
  return row?.n ?? 0;
}

/** When a ticket was first printed (null: never). */
export async function printedAtOf(db: Executor, scope: Scope, ticketId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: tickets.printedAt })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), inScope(scope, tickets.orgId)));
  return row?.at ?? null;
}

export async function insertReprint(db: Executor, scope: Scope, values: typeof ticketReprints.$inferInsert): Promise<number> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketReprints).values(values).returning({ id: ticketReprints.id });
  return row!.id;
}

export async function reprintsOf(db: Executor, scope: Scope, f: { ticketId?: number; id?: number }) {
  return db
    .select({ r: ticketReprints, byName: users.name })
    .from(ticketReprints)
    .leftJoin(users, eq(users.id, ticketReprints.printedBy))
    .where(
      and(
        inScope(scope, ticketReprints.orgId),
        f.ticketId !== undefined ? eq(ticketReprints.ticketId, f.ticketId) : undefined,
        f.id !== undefined ? eq(ticketReprints.id, f.id) : undefined,
      ),
    )
    .orderBy(desc(ticketReprints.id))
    .limit(200);
}

/** Sessions of the scope by id (a scan names its session). */
export async function sessionOf(db: Executor, scope: Scope, sessionId: number) {
  const [row] = await db
    .select({
      id: ticketSessions.id,
      orgId: ticketSessions.orgId,
      name: ticketSessions.name,
      startAt: ticketSessions.startAt,
      endAt: ticketSessions.endAt,
      gateOpenMinutes: ticketSessions.gateOpenMinutes,
      gateCloseMinutes: ticketSessions.gateCloseMinutes,
      projectName: ticketProjects.name,
      venueId: ticketProjects.venueId,
    })
    .from(ticketSessions)
    .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
    .where(and(eq(ticketSessions.id, sessionId), inScope(scope, ticketSessions.orgId)));
  return row;
}

/** The sessions a gate may pick: the latest first (at most 200). */
export async function sessionsForGates(db: Executor, scope: Scope) {
  return db
    .select({
      id: ticketSessions.id,
      name: ticketSessions.name,
      projectName: ticketProjects.name,
      startAt: ticketSessions.startAt,
      endAt: ticketSessions.endAt,
      gateOpenMinutes: ticketSessions.gateOpenMinutes,
      gateCloseMinutes: ticketSessions.gateCloseMinutes,
      seated: ticketSessions.seated,
    })
    .from(ticketSessions)
    .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
    .where(and(eq(ticketSessions.status, 0), inScope(scope, ticketSessions.orgId)))
    .orderBy(desc(ticketSessions.startAt), desc(ticketSessions.id))
    .limit(200);
}

/** The codes of an order's tickets, in id order. */
export async function ticketsOfOrder(db: Executor, scope: Scope, orderId: number): Promise<string[]> {
  const rows = await db
    .select({ code: tickets.code })
    .from(tickets)
    .where(and(eq(tickets.orderId, orderId), inScope(scope, tickets.orgId)))
    .orderBy(asc(tickets.id));
  return rows.map((r) => r.code);
}

/** A session's first ticket level (the demo sells it). */
export async function firstLevelOf(db: Executor, scope: Scope, sessionId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: ticketLevels.id })
    .from(ticketLevels)
    .where(and(eq(ticketLevels.sessionId, sessionId), inScope(scope, ticketLevels.orgId)))
    .orderBy(asc(ticketLevels.id))
    .limit(1);
  return row?.id;
}

/** The venues of the scope, by name (a gate picks one). */
export async function venuesOf(db: Executor, scope: Scope) {
  return db.select({ id: venues.id, name: venues.stadiumName }).from(venues).where(inScope(scope, venues.orgId)).orderBy(asc(venues.stadiumName)).limit(500);
}
