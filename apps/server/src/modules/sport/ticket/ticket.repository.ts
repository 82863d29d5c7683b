import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { SESSION_DEFAULT_LENGTH_MINUTES } from '@venue/contract';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { containsText } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { seatmaps, seatmapVersions, ticketLevels, ticketProjects, ticketSeats, ticketSessions, tickets, ticketTypes } from './ticket.table.ts';

/**
 * Every query on the ticketing tables. Each takes a required scope and puts it in the `where` of
 * every read and write; inserts check the organisation first. The no-oversell writes (seat holds,
 * quota holds) are single conditional updates: the database decides who gets the last seat.
 */
export type TicketTypeRecord = typeof ticketTypes.$inferSelect;
export type ProjectRecord = typeof ticketProjects.$inferSelect;
export type SeatmapRecord = typeof seatmaps.$inferSelect;
export type SeatmapVersionRecord = typeof seatmapVersions.$inferSelect;
export type SessionRecord = typeof ticketSessions.$inferSelect;
export type LevelRecord = typeof ticketLevels.$inferSelect;

type Page = { limit: number; offset: number };
const bump = (v: { version: unknown }) => sql`${v.version} + 1`;

// ---------------------------------------------------------------- project types

export const typeSorts = { name: ticketTypes.name, sort: ticketTypes.sort, createTime: ticketTypes.createdAt };
export const typeDefaultOrder = [asc(ticketTypes.orgId), asc(ticketTypes.sort), asc(ticketTypes.id)];

export async function pageTypes(db: Executor, scope: Scope, f: { name?: string; parentId?: number }, order: SQL[], page: Page) {
  const where = and(
    inScope(scope, ticketTypes.orgId),
    f.name ? containsText(ticketTypes.name, f.name) : undefined,
    f.parentId !== undefined ? eq(ticketTypes.parentId, f.parentId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ticketTypes)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketTypes).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function findType(db: Executor, scope: Scope, id: number): Promise<TicketTypeRecord | undefined> {
  const [row] = await db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.id, id), inScope(scope, ticketTypes.orgId)));
  return row;
}

export async function insertType(db: Executor, scope: Scope, values: typeof ticketTypes.$inferInsert): Promise<TicketTypeRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketTypes).values(values).returning();
  return row!;
}

export async function updateType(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof ticketTypes.$inferInsert, 'orgId' | 'id'>>,
) {
  return db
    .update(ticketTypes)
    .set({ ...values, updatedAt: new Date(), version: bump(ticketTypes) })
    .where(and(eq(ticketTypes.id, id), eq(ticketTypes.version, version), inScope(scope, ticketTypes.orgId)))
    .returning();
}

/** Whether a type has child types or projects (such a type is not deleted). */
export async function typeInUse(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const [child] = await db
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.parentId, id), inScope(scope, ticketTypes.orgId)))
    .limit(1);
  if (child) return true;
  const [project] = await db
    .select({ id: ticketProjects.id })
    .from(ticketProjects)
    .where(and(eq(ticketProjects.typeId, id), inScope(scope, ticketProjects.orgId)))
    .limit(1);
  return !!project;
}

export async function deleteType(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(ticketTypes)
    .where(and(eq(ticketTypes.id, id), inScope(scope, ticketTypes.orgId)))
    .returning({ id: ticketTypes.id });
  return rows.length;
}

// ---------------------------------------------------------------- projects

export const projectSorts = { name: ticketProjects.name, createTime: ticketProjects.createdAt, status: ticketProjects.status };
export const projectDefaultOrder = [desc(ticketProjects.id)];

export interface ProjectFilter {
  id?: number;
  name?: string;
  typeId?: number;
  venueId?: number;
  status?: number;
}

const sessionCount = sql<number>`(select count(*)::int from sport_ticket_session s where s.project_id = ${ticketProjects.id})`.mapWith(Number);

export async function pageProjects(db: Executor, scope: Scope, f: ProjectFilter, order: SQL[], page: Page) {
  const where = and(
    inScope(scope, ticketProjects.orgId),
    f.id !== undefined ? eq(ticketProjects.id, f.id) : undefined,
    f.name ? containsText(ticketProjects.name, f.name) : undefined,
    f.typeId !== undefined ? eq(ticketProjects.typeId, f.typeId) : undefined,
    f.venueId !== undefined ? eq(ticketProjects.venueId, f.venueId) : undefined,
    f.status !== undefined ? eq(ticketProjects.status, f.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ project: ticketProjects, typeName: ticketTypes.name, sessionCount })
      .from(ticketProjects)
      .leftJoin(ticketTypes, eq(ticketTypes.id, ticketProjects.typeId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketProjects).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r.project, typeName: r.typeName, sessionCount: r.sessionCount })) };
}

export async function findProject(db: Executor, scope: Scope, id: number): Promise<ProjectRecord | undefined> {
  const [row] = await db
    .select()
    .from(ticketProjects)
    .where(and(eq(ticketProjects.id, id), inScope(scope, ticketProjects.orgId)));
  return row;
}

export async function insertProject(db: Executor, scope: Scope, values: typeof ticketProjects.$inferInsert): Promise<ProjectRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketProjects).values(values).returning();
  return row!;
}

export async function updateProject(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof ticketProjects.$inferInsert, 'orgId' | 'id'>>,
) {
  return db
    .update(ticketProjects)
    .set({ ...values, updatedAt: new Date(), version: bump(ticketProjects) })
    .where(and(eq(ticketProjects.id, id), eq(ticketProjects.version, version), inScope(scope, ticketProjects.orgId)))
    .returning();
}

export async function projectHasSessions(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketSessions.id })
    .from(ticketSessions)
    .where(and(eq(ticketSessions.projectId, id), inScope(scope, ticketSessions.orgId)))
    .limit(1);
  return !!row;
}

export async function deleteProject(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(ticketProjects)
    .where(and(eq(ticketProjects.id, id), inScope(scope, ticketProjects.orgId)))
    .returning({ id: ticketProjects.id });
  return rows.length;
}

// ---------------------------------------------------------------- seat maps

export const seatmapSorts = { name: seatmaps.name, updateTime: seatmaps.updatedAt, seatCount: seatmaps.seatCount };
export const seatmapDefaultOrder = [desc(seatmaps.updatedAt), desc(seatmaps.id)];

export async function pageSeatmaps(db: Executor, scope: Scope, f: { name?: string; venueId?: number }, order: SQL[], page: Page) {
  const where = and(
    inScope(scope, seatmaps.orgId),
    f.name ? containsText(seatmaps.name, f.name) : undefined,
    f.venueId !== undefined ? eq(seatmaps.venueId, f.venueId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(seatmaps)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(seatmaps).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function findSeatmap(db: Executor, scope: Scope, id: number, opts: { lock?: boolean } = {}): Promise<SeatmapRecord | undefined> {
  const q = db
    .select()
    .from(seatmaps)
    .where(and(eq(seatmaps.id, id), inScope(scope, seatmaps.orgId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function insertSeatmap(db: Executor, scope: Scope, values: typeof seatmaps.$inferInsert): Promise<SeatmapRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(seatmaps).values(values).returning();
  return row!;
}

export async function updateSeatmap(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof seatmaps.$inferInsert, 'orgId' | 'id'>>,
) {
  return db
    .update(seatmaps)
    .set({ ...values, updatedAt: new Date(), version: bump(seatmaps) })
    .where(and(eq(seatmaps.id, id), eq(seatmaps.version, version), inScope(scope, seatmaps.orgId)))
    .returning();
}

export async function insertSeatmapVersion(db: Executor, scope: Scope, values: typeof seatmapVersions.$inferInsert): Promise<SeatmapVersionRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(seatmapVersions).values(values).returning();
  return row!;
}

export async function findSeatmapVersion(db: Executor, scope: Scope, seatmapId: number, version: number): Promise<SeatmapVersionRecord | undefined> {
  const [row] = await db
    .select()
    .from(seatmapVersions)
    .where(and(eq(seatmapVersions.seatmapId, seatmapId), eq(seatmapVersions.version, version), inScope(scope, seatmapVersions.orgId)));
  return row;
}

export async function versionsOf(db: Executor, scope: Scope, seatmapId: number) {
  return db
    .select({
      version: seatmapVersions.version,
      seatCount: seatmapVersions.seatCount,
      createTime: seatmapVersions.createdAt,
      createdBy: seatmapVersions.createdBy,
    })
    .from(seatmapVersions)
    .where(and(eq(seatmapVersions.seatmapId, seatmapId), inScope(scope, seatmapVersions.orgId)))
    .orderBy(desc(seatmapVersions.version));
}

export async function seatmapInUse(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketSessions.id })
    .from(ticketSessions)
    .where(and(eq(ticketSessions.seatmapId, id), inScope(scope, ticketSessions.orgId)))
    .limit(1);
  return !!row;
}

export async function deleteSeatmap(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(seatmaps)
    .where(and(eq(seatmaps.id, id), inScope(scope, seatmaps.orgId)))
    .returning({ id: seatmaps.id });
  return rows.length;
}

// ---------------------------------------------------------------- sessions

export const sessionSorts = { name: ticketSessions.name, startAt: ticketSessions.startAt, createTime: ticketSessions.createdAt };
export const sessionDefaultOrder = [asc(ticketSessions.startAt), asc(ticketSessions.id)];

export interface SessionFilter {
  id?: number;
  projectId?: number;
  name?: string;
}

export async function pageSessions(db: Executor, scope: Scope, f: SessionFilter, order: SQL[], page: Page) {
  const where = and(
    inScope(scope, ticketSessions.orgId),
    f.id !== undefined ? eq(ticketSessions.id, f.id) : undefined,
    f.projectId !== undefined ? eq(ticketSessions.projectId, f.projectId) : undefined,
    f.name ? containsText(ticketSessions.name, f.name) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ session: ticketSessions, projectName: ticketProjects.name, realName: ticketProjects.realName, perBuyerLimit: ticketProjects.perBuyerLimit })
      .from(ticketSessions)
      .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketSessions).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r.session, projectName: r.projectName, realName: r.realName, perBuyerLimit: r.perBuyerLimit })) };
}

export async function findSession(db: Executor, scope: Scope, id: number, opts: { lock?: boolean } = {}): Promise<SessionRecord | undefined> {
  const q = db
    .select()
    .from(ticketSessions)
    .where(and(eq(ticketSessions.id, id), inScope(scope, ticketSessions.orgId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function insertSession(db: Executor, scope: Scope, values: typeof ticketSessions.$inferInsert): Promise<SessionRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketSessions).values(values).returning();
  return row!;
}

export async function updateSession(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof ticketSessions.$inferInsert, 'orgId' | 'id'>>,
) {
  return db
    .update(ticketSessions)
    .set({ ...values, updatedAt: new Date(), version: bump(ticketSessions) })
    .where(and(eq(ticketSessions.id, id), eq(ticketSessions.version, version), inScope(scope, ticketSessions.orgId)))
    .returning();
}

/** Whether any ticket (of any state) names the session: such a session is not deleted. */
export async function sessionHasTickets(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.sessionId, id), inScope(scope, tickets.orgId)))
    .limit(1);
  return !!row;
}

export async function deleteSession(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(ticketSessions)
    .where(and(eq(ticketSessions.id, id), inScope(scope, ticketSessions.orgId)))
    .returning({ id: ticketSessions.id });
  return rows.length;
}

/** What a ticket line is sold under: the session, its project's name and rules. */
export async function saleContext(db: Executor, scope: Scope, sessionId: number) {
  const [row] = await db
    .select({
      session: ticketSessions,
      projectName: ticketProjects.name,
      projectStatus: ticketProjects.status,
      perBuyerLimit: ticketProjects.perBuyerLimit,
      realName: ticketProjects.realName,
      venueId: ticketProjects.venueId,
    })
    .from(ticketSessions)
    .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
    .where(and(eq(ticketSessions.id, sessionId), inScope(scope, ticketSessions.orgId)));
  return row;
}

/** A level with its session and project, in one read (pricing an order line). */
export async function levelForSale(db: Executor, scope: Scope, levelId: number) {
  const [row] = await db
    .select({
      level: ticketLevels,
      session: ticketSessions,
      projectName: ticketProjects.name,
      projectStatus: ticketProjects.status,
      realName: ticketProjects.realName,
      perBuyerLimit: ticketProjects.perBuyerLimit,
    })
    .from(ticketLevels)
    .innerJoin(ticketSessions, eq(ticketSessions.id, ticketLevels.sessionId))
    .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
    .where(and(eq(ticketLevels.id, levelId), inScope(scope, ticketLevels.orgId)));
  return row;
}

/** A seat of a session with its level, session and project, in one read (pricing an order line). */
export async function seatForSale(db: Executor, scope: Scope, sessionId: number, seatId: number) {
  const [row] = await db
    .select({
      seat: ticketSeats,
      level: ticketLevels,
      session: ticketSessions,
      projectName: ticketProjects.name,
      projectStatus: ticketProjects.status,
      realName: ticketProjects.realName,
      perBuyerLimit: ticketProjects.perBuyerLimit,
    })
    .from(ticketSeats)
    .innerJoin(ticketSessions, eq(ticketSessions.id, ticketSeats.sessionId))
    .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
    .leftJoin(ticketLevels, eq(ticketLevels.id, ticketSeats.levelId))
    .where(and(eq(ticketSeats.id, seatId), eq(ticketSeats.sessionId, sessionId), inScope(scope, ticketSeats.orgId)));
  return row;
}

// ---------------------------------------------------------------- levels

export async function levelsOfSessions(db: Executor, scope: Scope, sessionIds: number[]): Promise<LevelRecord[]> {
  if (!sessionIds.length) return [];
  return db
    .select()
    .from(ticketLevels)
    .where(and(inArray(ticketLevels.sessionId, sessionIds), inScope(scope, ticketLevels.orgId)))
    .orderBy(asc(ticketLevels.sessionId), asc(ticketLevels.sort), asc(ticketLevels.id));
}

export async function pageLevels(db: Executor, scope: Scope, f: { sessionId?: number }, page: Page) {
  const where = and(inScope(scope, ticketLevels.orgId), f.sessionId !== undefined ? eq(ticketLevels.sessionId, f.sessionId) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ticketLevels)
      .where(where)
      .orderBy(asc(ticketLevels.sessionId), asc(ticketLevels.sort), asc(ticketLevels.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketLevels).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function findLevel(db: Executor, scope: Scope, id: number): Promise<LevelRecord | undefined> {
  const [row] = await db
    .select()
    .from(ticketLevels)
    .where(and(eq(ticketLevels.id, id), inScope(scope, ticketLevels.orgId)));
  return row;
}

export async function insertLevels(db: Executor, scope: Scope, values: (typeof ticketLevels.$inferInsert)[]): Promise<LevelRecord[]> {
  if (!values.length) return [];
  await assertInScope(
    db,
    scope,
    values.map((v) => v.orgId),
  );
  return db.insert(ticketLevels).values(values).returning();
}

export async function updateLevel(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Pick<typeof ticketLevels.$inferInsert, 'name' | 'priceFen' | 'color' | 'quota' | 'levelKeys' | 'sort'>>,
) {
  return db
    .update(ticketLevels)
    .set({ ...values, updatedAt: new Date(), version: bump(ticketLevels) })
    .where(and(eq(ticketLevels.id, id), eq(ticketLevels.version, version), inScope(scope, ticketLevels.orgId)))
    .returning();
}

export async function deleteLevel(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(ticketLevels)
    .where(and(eq(ticketLevels.id, id), inScope(scope, ticketLevels.orgId)))
    .returning({ id: ticketLevels.id });
  return rows.length;
}

/** Whether any ticket names the level. */
export async function levelHasTickets(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.levelId, id), inScope(scope, tickets.orgId)))
    .limit(1);
  return !!row;
}

/**
 * General admission: takes `n` of the level's quota for an unpaid order, atomically. Answers
 * false when fewer than `n` are left (the CHECK `sold + held <= quota` backs it).
 */
export async function holdQuota(db: Executor, scope: Scope, levelId: number, n: number): Promise<boolean> {
  const rows = await db
    .update(ticketLevels)
    .set({ held: sql`${ticketLevels.held} + ${n}` })
    .where(
      and(
        eq(ticketLevels.id, levelId),
        isNotNull(ticketLevels.quota),
        sql`${ticketLevels.sold} + ${ticketLevels.held} + ${n} <= ${ticketLevels.quota}`,
        inScope(scope, ticketLevels.orgId),
      ),
    )
    .returning({ id: ticketLevels.id });
  return rows.length > 0;
}

/** General admission: moves counts between held and sold, or gives them back (negative deltas). */
export async function moveQuota(db: Executor, scope: Scope, levelId: number, delta: { held: number; sold: number }): Promise<void> {
  await db
    .update(ticketLevels)
    .set({ held: sql`${ticketLevels.held} + ${delta.held}`, sold: sql`${ticketLevels.sold} + ${delta.sold}` })
    .where(and(eq(ticketLevels.id, levelId), inScope(scope, ticketLevels.orgId)));
}

// ---------------------------------------------------------------- session seats

/**
 * One statement for a whole map (a stadium's 2,400 seats in a tenth of a second rather than the
 * parameters of chunked multi-row inserts): the rows travel as one JSON document.
 */
export async function insertSeats(db: Executor, scope: Scope, values: (typeof ticketSeats.$inferInsert)[]): Promise<number> {
  if (!values.length) return 0;
  await assertInScope(db, scope, [...new Set(values.map((v) => v.orgId))]);
  const json = JSON.stringify(
    values.map((v) => ({
      o: v.orgId,
      s: v.sessionId,
      k: v.seatKey,
      z: v.zone,
      r: v.row,
      n: v.no,
      lk: v.levelKey ?? null,
      l: v.levelId ?? null,
      st: v.state ?? 'free',
    })),
  );
  const res = (await db.execute(sql`
    insert into ${ticketSeats} (org_id, session_id, seat_key, zone, row, no, level_key, level_id, state)
    select x.o, x.s, x.k, x.z, x.r, x.n, x.lk, x.l, x.st
    from jsonb_to_recordset(${json}::jsonb) as x(o bigint, s bigint, k varchar, z varchar, r varchar, n varchar, lk varchar, l bigint, st varchar)
    returning 1`)) as unknown as { rows: unknown[] };
  return res.rows.length;
}

/** A session's seats with their level's price, in map order. */
export async function seatsOf(db: Executor, scope: Scope, sessionId: number) {
  return db
    .select({ seat: ticketSeats, price: ticketLevels.priceFen })
    .from(ticketSeats)
    .leftJoin(ticketLevels, eq(ticketLevels.id, ticketSeats.levelId))
    .where(and(eq(ticketSeats.sessionId, sessionId), inScope(scope, ticketSeats.orgId)))
    .orderBy(asc(ticketSeats.id));
}

/** Seat counts per session, level and state (seated sessions' figures). */
export async function seatCounts(db: Executor, scope: Scope, sessionIds: number[]) {
  if (!sessionIds.length) return [];
  return db
    .select({ sessionId: ticketSeats.sessionId, levelId: ticketSeats.levelId, state: ticketSeats.state, n: count() })
    .from(ticketSeats)
    .where(and(inArray(ticketSeats.sessionId, sessionIds), inScope(scope, ticketSeats.orgId)))
    .groupBy(ticketSeats.sessionId, ticketSeats.levelId, ticketSeats.state);
}

/** Seat modification for one session: free ⇄ blocked (held and sold seats are left alone). */
/** The first free seats of a price level in a session, by id (a demo hands them to a distributor). */
export async function firstFreeSeatIds(db: Executor, scope: Scope, sessionId: number, levelId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: ticketSeats.id })
    .from(ticketSeats)
    .where(and(inScope(scope, ticketSeats.orgId), eq(ticketSeats.sessionId, sessionId), eq(ticketSeats.levelId, levelId), eq(ticketSeats.state, 'free')))
    .orderBy(asc(ticketSeats.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function setSeatsBlocked(db: Executor, scope: Scope, sessionId: number, seatIds: number[], blocked: boolean): Promise<number> {
  const rows = await db
    .update(ticketSeats)
    .set({ state: blocked ? 'blocked' : 'free', version: bump(ticketSeats) })
    .where(
      and(
        eq(ticketSeats.sessionId, sessionId),
        inArray(ticketSeats.id, seatIds),
        eq(ticketSeats.state, blocked ? 'free' : 'blocked'),
        notDistributorSeat,
        inScope(scope, ticketSeats.orgId),
      ),
    )
    .returning({ id: ticketSeats.id });
  return rows.length;
}

/** A seat blocked for a distributor's quota stays theirs until the quota gives it back. */
const notDistributorSeat = sql`not exists (select 1 from sport_ticket_dist_seat d where d.seat_id = ${ticketSeats.id})`;

/** Which of these seats are blocked for a distributor's quota (their labels, for the message). */
export async function distributorSeatsAmong(db: Executor, scope: Scope, seatIds: number[]): Promise<string[]> {
  if (!seatIds.length) return [];
  const rows = await db
    .select({ zone: ticketSeats.zone, row: ticketSeats.row, no: ticketSeats.no })
    .from(ticketSeats)
    .where(and(inArray(ticketSeats.id, seatIds), sql`not (${notDistributorSeat})`, inScope(scope, ticketSeats.orgId)));
  return rows.map((r) => `${r.zone} ${r.row}-${r.no}`);
}

/** Seat modification for one session: free or blocked seats sell at another level. */
export async function relevelSeats(db: Executor, scope: Scope, sessionId: number, seatIds: number[], levelId: number): Promise<number> {
  const rows = await db
    .update(ticketSeats)
    .set({ levelId, version: bump(ticketSeats) })
    .where(
      and(
        eq(ticketSeats.sessionId, sessionId),
        inArray(ticketSeats.id, seatIds),
        inArray(ticketSeats.state, ['free', 'blocked']),
        notDistributorSeat,
        inScope(scope, ticketSeats.orgId),
      ),
    )
    .returning({ id: ticketSeats.id });
  return rows.length;
}

/** A level's price areas: the session's free and blocked seats drawn in them sell at the level. */
export async function levelSeatsByKeys(db: Executor, scope: Scope, sessionId: number, levelId: number, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db
    .update(ticketSeats)
    .set({ levelId })
    .where(
      and(
        eq(ticketSeats.sessionId, sessionId),
        inArray(ticketSeats.levelKey, keys),
        inArray(ticketSeats.state, ['free', 'blocked']),
        inScope(scope, ticketSeats.orgId),
      ),
    );
}

/** Whether any held or sold seat is at the level. */
export async function levelHasLiveSeats(db: Executor, scope: Scope, levelId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketSeats.id })
    .from(ticketSeats)
    .where(and(eq(ticketSeats.levelId, levelId), inArray(ticketSeats.state, ['held', 'sold']), inScope(scope, ticketSeats.orgId)))
    .limit(1);
  return !!row;
}

/**
 * Holds one free seat for an order line: the conditional update is the lock, so of racing
 * buyers exactly one moves the seat free → held. False: the seat is not free (or has no level).
 */
export async function holdSeat(db: Executor, scope: Scope, sessionId: number, seatId: number, owner: { orderId: number; itemId: number }): Promise<boolean> {
  const rows = await db
    .update(ticketSeats)
    .set({ state: 'held', orderId: owner.orderId, itemId: owner.itemId, version: bump(ticketSeats) })
    .where(
      and(
        eq(ticketSeats.id, seatId),
        eq(ticketSeats.sessionId, sessionId),
        eq(ticketSeats.state, 'free'),
        isNotNull(ticketSeats.levelId),
        inScope(scope, ticketSeats.orgId),
      ),
    )
    .returning({ id: ticketSeats.id });
  return rows.length > 0;
}

/** An order line's seats move between states (held → sold on payment). */
export async function setLineSeats(db: Executor, scope: Scope, itemId: number, from: string[], to: 'sold'): Promise<number> {
  const rows = await db
    .update(ticketSeats)
    .set({ state: to, version: bump(ticketSeats) })
    .where(and(eq(ticketSeats.itemId, itemId), inArray(ticketSeats.state, from), inScope(scope, ticketSeats.orgId)))
    .returning({ id: ticketSeats.id });
  return rows.length;
}

/** Seats go back to sale (cancel, time-out, refund). */
export async function freeSeats(db: Executor, scope: Scope, itemId: number, seatIds: number[]): Promise<number> {
  if (!seatIds.length) return 0;
  const rows = await db
    .update(ticketSeats)
    .set({ state: 'free', orderId: null, itemId: null, version: bump(ticketSeats) })
    .where(
      and(eq(ticketSeats.itemId, itemId), inArray(ticketSeats.id, seatIds), inArray(ticketSeats.state, ['held', 'sold']), inScope(scope, ticketSeats.orgId)),
    )
    .returning({ id: ticketSeats.id });
  return rows.length;
}

// ---------------------------------------------------------------- tickets

export async function insertTickets(db: Executor, scope: Scope, values: (typeof tickets.$inferInsert)[]): Promise<void> {
  if (!values.length) return;
  await assertInScope(db, scope, [...new Set(values.map((v) => v.orgId))]);
  await db.insert(tickets).values(values);
}

/** An order line's tickets in one state move to another; answers those moved. */
export async function moveLineTickets(
  db: Executor,
  scope: Scope,
  itemId: number,
  from: string,
  to: string,
  limit?: number,
): Promise<{ id: number; seatId: number | null; levelId: number }[]> {
  const ids = limit === undefined ? undefined : sql`(select id from sport_ticket where item_id = ${itemId} and state = ${from} order by id limit ${limit})`;
  return db
    .update(tickets)
    .set({ state: to, version: bump(tickets), ...(to === 'sold' ? { soldAt: new Date() } : {}) })
    .where(and(eq(tickets.itemId, itemId), eq(tickets.state, from), ids ? sql`${tickets.id} in ${ids}` : undefined, inScope(scope, tickets.orgId)))
    .returning({ id: tickets.id, seatId: tickets.seatId, levelId: tickets.levelId });
}

export async function setOrderBuyer(
  db: Executor,
  scope: Scope,
  orderId: number,
  buyer: { buyerName: string | null; buyerPhone: string | null; buyerIdNo: string | null },
): Promise<void> {
  await db
    .update(tickets)
    .set(buyer)
    .where(and(eq(tickets.orderId, orderId), inScope(scope, tickets.orgId)));
}

export const ticketDefaultOrder = [desc(tickets.id)];

export async function pageTickets(db: Executor, scope: Scope, f: { sessionId?: number; orderId?: number; code?: string; state?: string }, page: Page) {
  const where = and(
    inScope(scope, tickets.orgId),
    f.sessionId !== undefined ? eq(tickets.sessionId, f.sessionId) : undefined,
    f.orderId !== undefined ? eq(tickets.orderId, f.orderId) : undefined,
    f.code ? eq(tickets.code, f.code.toUpperCase()) : undefined,
    f.state ? eq(tickets.state, f.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ticket: tickets,
        levelName: ticketLevels.name,
        zone: ticketSeats.zone,
        row: ticketSeats.row,
        no: ticketSeats.no,
        sessionName: ticketSessions.name,
        projectName: ticketProjects.name,
        orderNo: orders.orderNo,
        channel: orders.channel,
      })
      .from(tickets)
      .innerJoin(ticketLevels, eq(ticketLevels.id, tickets.levelId))
      .innerJoin(ticketSessions, eq(ticketSessions.id, tickets.sessionId))
      .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .leftJoin(ticketSeats, eq(ticketSeats.id, tickets.seatId))
      .where(where)
      .orderBy(...ticketDefaultOrder)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(tickets).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/**
 * A live ticket (sold, or used: the member's own PIN or bracelet is no transferable code, so
 * re-entry is allowed) the member bought for a session of the venue whose gate window holds `at`.
 * Answers its code.
 */
export async function ticketOfMemberAt(db: Executor, scope: Scope, q: { memberId: number; venueId: number; at: Date }): Promise<string | undefined> {
  const [row] = await db
    .select({ code: tickets.code })
    .from(tickets)
    .innerJoin(ticketSessions, and(eq(ticketSessions.orgId, tickets.orgId), eq(ticketSessions.id, tickets.sessionId)))
    .innerJoin(ticketProjects, and(eq(ticketProjects.orgId, ticketSessions.orgId), eq(ticketProjects.id, ticketSessions.projectId)))
    .innerJoin(orders, and(eq(orders.orgId, tickets.orgId), eq(orders.id, tickets.orderId)))
    .where(
      and(
        inScope(scope, tickets.orgId),
        eq(orders.memberId, q.memberId),
        eq(ticketProjects.venueId, q.venueId),
        inArray(tickets.state, ['sold', 'used']),
        eq(ticketSessions.status, 0),
        sql`${q.at.toISOString()}::timestamptz >= ${ticketSessions.startAt} - make_interval(mins => ${ticketSessions.gateOpenMinutes})`,
        sql`${q.at.toISOString()}::timestamptz <= coalesce(${ticketSessions.endAt}, ${ticketSessions.startAt} + make_interval(mins => ${SESSION_DEFAULT_LENGTH_MINUTES})) + make_interval(mins => ${ticketSessions.gateCloseMinutes})`,
      ),
    )
    .limit(1);
  return row?.code;
}
