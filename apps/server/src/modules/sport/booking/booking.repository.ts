import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { containsText, users } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { sites, venues } from '../venue/index.ts';
import { bookingSeries, closures, shifts, slotClaims } from './booking.table.ts';

/**
 * Every query on booking's tables (claims, fixed series, closures, shifts). Each takes a required
 * scope and puts it in the `where` of every read and write; inserts check the organisation first.
 */
export type ClaimRecord = typeof slotClaims.$inferSelect;
export type SeriesRecord = typeof bookingSeries.$inferSelect;
export type ClosureRecord = typeof closures.$inferSelect;
export type ShiftRecord = typeof shifts.$inferSelect;

// ---------------------------------------------------------------- claims

/** The live claims of a venue on these local days, with their order's number and buyer. */
export async function claimsOfDays(db: Executor, scope: Scope, venueId: number, from: string, to: string) {
  return db
    .select({
      id: slotClaims.id,
      siteId: slotClaims.siteId,
      unitId: slotClaims.unitId,
      day: slotClaims.day,
      startMin: slotClaims.startMin,
      endMin: slotClaims.endMin,
      kind: slotClaims.kind,
      state: slotClaims.state,
      orderId: slotClaims.orderId,
      itemId: slotClaims.itemId,
      reason: slotClaims.reason,
      orderNo: orders.orderNo,
      memberId: orders.memberId,
      buyer: sql<string | null>`coalesce(${orders.buyerName}, ${orders.buyerPhone})`,
    })
    .from(slotClaims)
    .leftJoin(orders, eq(orders.id, slotClaims.orderId))
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        eq(slotClaims.venueId, venueId),
        gte(slotClaims.day, from),
        lte(slotClaims.day, to),
        ne(slotClaims.state, 'released'),
      ),
    );
}

export type NewClaim = typeof slotClaims.$inferInsert;

/** Inserts claims; the exclusion constraint refuses one that overlaps a live claim of its unit. */
export async function insertClaims(db: Executor, scope: Scope, values: NewClaim[]): Promise<ClaimRecord[]> {
  if (!values.length) return [];
  await assertInScope(db, scope, new Set(values.map((v) => v.orgId)));
  return db.insert(slotClaims).values(values).returning();
}

export async function claimsOfOrder(db: Executor, scope: Scope, orderId: number): Promise<ClaimRecord[]> {
  return db
    .select()
    .from(slotClaims)
    .where(and(eq(slotClaims.orderId, orderId), inScope(scope, slotClaims.orgId)))
    .orderBy(asc(slotClaims.day), asc(slotClaims.startMin), asc(slotClaims.id));
}

export async function claimsByIds(db: Executor, scope: Scope, ids: number[]): Promise<ClaimRecord[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(slotClaims)
    .where(and(inArray(slotClaims.id, ids), inScope(scope, slotClaims.orgId)));
}

/** Moves claims of an order (or these ids) from one of `from` states to `to`; answers what moved. */
export async function setClaimState(
  db: Executor,
  scope: Scope,
  where: { orderId?: number; itemId?: number; ids?: number[] },
  from: string[],
  to: string,
  extra: Partial<Pick<ClaimRecord, 'checkedInAt' | 'releasedAt'>> = {},
): Promise<ClaimRecord[]> {
  if (where.orderId === undefined && where.itemId === undefined && !where.ids?.length) return [];
  return db
    .update(slotClaims)
    .set({ state: to, ...extra, ...(to === 'released' ? { releasedAt: new Date() } : {}) })
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        where.orderId !== undefined ? eq(slotClaims.orderId, where.orderId) : undefined,
        where.itemId !== undefined ? eq(slotClaims.itemId, where.itemId) : undefined,
        where.ids ? inArray(slotClaims.id, where.ids) : undefined,
        inArray(slotClaims.state, from),
      ),
    )
    .returning();
}

/** A venue's bookings of a day: the claims with their order. */
export async function bookingsOfDay(db: Executor, scope: Scope, venueId: number, day: string) {
  return db
    .select({ claim: slotClaims, siteName: sites.name, order: orders })
    .from(slotClaims)
    .innerJoin(orders, eq(orders.id, slotClaims.orderId))
    .innerJoin(sites, eq(sites.id, slotClaims.siteId))
    .where(and(inScope(scope, slotClaims.orgId), eq(slotClaims.venueId, venueId), eq(slotClaims.day, day), eq(slotClaims.kind, 'booking')))
    .orderBy(asc(slotClaims.startMin), asc(slotClaims.orderId), asc(slotClaims.id));
}

/** Booked claims that started more than their venue's no-show minutes ago and nobody checked in to (for the no-show job). */
export async function dueNoShows(db: Executor, scope: Scope, now: Date, batch: number) {
  return db
    .select({ id: slotClaims.id })
    .from(slotClaims)
    .innerJoin(venues, eq(venues.id, slotClaims.venueId))
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        eq(slotClaims.kind, 'booking'),
        eq(slotClaims.state, 'booked'),
        sql`lower(${slotClaims.during}) + make_interval(mins => coalesce((${venues.rules}->>'noShowAfterMinutes')::int, 15)) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(batch);
}

/** Live claims of a venue's units whose time overlaps [from, to). */
export async function claimsOverlapping(db: Executor, scope: Scope, venueId: number, unitIds: number[], from: Date, to: Date): Promise<ClaimRecord[]> {
  if (!unitIds.length) return [];
  return db
    .select()
    .from(slotClaims)
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        eq(slotClaims.venueId, venueId),
        inArray(slotClaims.unitId, unitIds),
        ne(slotClaims.state, 'released'),
        sql`${slotClaims.during} && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(slotClaims.day), asc(slotClaims.startMin), asc(slotClaims.id));
}

// ---------------------------------------------------------------- fixed series

export async function insertSeries(db: Executor, scope: Scope, values: typeof bookingSeries.$inferInsert): Promise<SeriesRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(bookingSeries).values(values).returning();
  return row!;
}

export async function findSeries(db: Executor, scope: Scope, id: number): Promise<SeriesRecord | undefined> {
  const [row] = await db
    .select()
    .from(bookingSeries)
    .where(and(eq(bookingSeries.id, id), inScope(scope, bookingSeries.orgId)));
  return row;
}

export async function setSeriesState(db: Executor, scope: Scope, id: number, state: string): Promise<void> {
  await db
    .update(bookingSeries)
    .set({ state, updatedAt: new Date() })
    .where(and(eq(bookingSeries.id, id), inScope(scope, bookingSeries.orgId)));
}

export async function pageSeries(db: Executor, scope: Scope, f: { id?: number; venueId?: number; name?: string }, page: { limit: number; offset: number }) {
  const where = and(
    inScope(scope, bookingSeries.orgId),
    f.id !== undefined ? eq(bookingSeries.id, f.id) : undefined,
    f.venueId !== undefined ? eq(bookingSeries.venueId, f.venueId) : undefined,
    f.name ? containsText(bookingSeries.name, f.name) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(bookingSeries).where(where).orderBy(desc(bookingSeries.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(bookingSeries).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** The claims of series, with their order. */
export async function claimsOfSeries(db: Executor, scope: Scope, seriesIds: number[]) {
  if (!seriesIds.length) return [];
  return db
    .select({ claim: slotClaims, orderNo: orders.orderNo, orderState: orders.state, payableFen: orders.payableFen, paidFen: orders.paidFen })
    .from(slotClaims)
    .innerJoin(orders, eq(orders.id, slotClaims.orderId))
    .where(and(inScope(scope, slotClaims.orgId), inArray(slotClaims.seriesId, seriesIds)))
    .orderBy(asc(slotClaims.day), asc(slotClaims.startMin), asc(slotClaims.id));
}

// ---------------------------------------------------------------- closures

export async function insertClosure(db: Executor, scope: Scope, values: typeof closures.$inferInsert): Promise<ClosureRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(closures).values(values).returning();
  return row!;
}

export async function findClosure(db: Executor, scope: Scope, id: number, opts: { lock?: boolean } = {}): Promise<ClosureRecord | undefined> {
  const q = db
    .select()
    .from(closures)
    .where(and(eq(closures.id, id), inScope(scope, closures.orgId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function updateClosure(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Pick<ClosureRecord, 'endAt' | 'reason' | 'notices' | 'state'>>,
) {
  return db
    .update(closures)
    .set({ ...values, updatedAt: new Date(), version: sql`${closures.version} + 1` })
    .where(and(eq(closures.id, id), eq(closures.version, version), inScope(scope, closures.orgId)))
    .returning();
}

export async function pageClosures(db: Executor, scope: Scope, f: { id?: number; venueId?: number; state?: string }, page: { limit: number; offset: number }) {
  const where = and(
    inScope(scope, closures.orgId),
    f.id !== undefined ? eq(closures.id, f.id) : undefined,
    f.venueId !== undefined ? eq(closures.venueId, f.venueId) : undefined,
    f.state ? eq(closures.state, f.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(closures).where(where).orderBy(desc(closures.startAt), desc(closures.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(closures).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** The live claims of a closure from an instant on (to release them when its end moves). */
export async function closureClaimsAfter(db: Executor, scope: Scope, closureId: number, at: Date): Promise<ClaimRecord[]> {
  return db
    .select()
    .from(slotClaims)
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        eq(slotClaims.closureId, closureId),
        ne(slotClaims.state, 'released'),
        sql`upper(${slotClaims.during}) > ${at.toISOString()}::timestamptz`,
      ),
    );
}

// ---------------------------------------------------------------- shifts

/** The operator's shift at a venue in this state (`open`: one each, by a unique index; `counted`: the latest). */
export async function operatorShift(db: Executor, scope: Scope, venueId: number, userId: number, state: 'open' | 'counted'): Promise<ShiftRecord | undefined> {
  const [row] = await db
    .select()
    .from(shifts)
    .where(and(inScope(scope, shifts.orgId), eq(shifts.venueId, venueId), eq(shifts.userId, userId), eq(shifts.state, state)))
    .orderBy(desc(shifts.openedAt), desc(shifts.id))
    .limit(1);
  return row;
}

/** When the operator's last shift at the venue closed (counted), or undefined before their first. */
export async function lastShiftClosedAt(db: Executor, scope: Scope, venueId: number, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${shifts.closedAt})` })
    .from(shifts)
    .where(and(inScope(scope, shifts.orgId), eq(shifts.venueId, venueId), eq(shifts.userId, userId)));
  return row?.at ? new Date(row.at) : undefined;
}

/** When the operator last counted a drawer at any venue of the organisation (their drawer is empty since). */
export async function lastCountedAt(db: Executor, scope: Scope, orgId: number, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${shifts.closedAt})` })
    .from(shifts)
    .where(and(inScope(scope, shifts.orgId), eq(shifts.orgId, orgId), eq(shifts.userId, userId)));
  return row?.at ? new Date(row.at) : undefined;
}

/** The operator's open shift at a venue, opened at `openedAt` when there is none (one open shift each, by a unique index). */
export async function openShift(db: Executor, scope: Scope, values: { orgId: number; venueId: number; userId: number; openedAt: Date }): Promise<ShiftRecord> {
  await assertInScope(db, scope, [values.orgId]);
  await db.insert(shifts).values(values).onConflictDoNothing();
  return (await operatorShift(db, scope, values.venueId, values.userId, 'open'))!;
}

export async function findShift(db: Executor, scope: Scope, id: number): Promise<ShiftRecord | undefined> {
  const [row] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, id), inScope(scope, shifts.orgId)));
  return row;
}

export async function transitionShift(db: Executor, scope: Scope, id: number, from: string, version: number | undefined, values: Partial<ShiftRecord>) {
  return db
    .update(shifts)
    .set({ ...values, version: sql`${shifts.version} + 1` })
    .where(and(eq(shifts.id, id), eq(shifts.state, from), version === undefined ? undefined : eq(shifts.version, version), inScope(scope, shifts.orgId)))
    .returning();
}

export async function pageShifts(db: Executor, scope: Scope, f: { id?: number; venueId?: number; state?: string }, page: { limit: number; offset: number }) {
  const signer = sql<string | null>`(select name from sys_user s where s.id = ${shifts.signedBy})`;
  const where = and(
    inScope(scope, shifts.orgId),
    f.id !== undefined ? eq(shifts.id, f.id) : undefined,
    f.venueId !== undefined ? eq(shifts.venueId, f.venueId) : undefined,
    f.state ? eq(shifts.state, f.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ shift: shifts, userName: users.name, signedByName: signer })
      .from(shifts)
      .innerJoin(users, eq(users.id, shifts.userId))
      .where(where)
      .orderBy(desc(shifts.openedAt), desc(shifts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(shifts).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r.shift, userName: r.userName, signedByName: r.signedByName })) };
}

// ---------------------------------------------------------------- the venue module's checks (its ports)

/** Live claims (not released) from now on of these sites' units: a site with bookings ahead is not removed or split. */
export async function liveClaimsAhead(db: Executor, scope: Scope, unitIds: number[], now: Date): Promise<number> {
  if (!unitIds.length) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(slotClaims)
    .where(
      and(
        inScope(scope, slotClaims.orgId),
        or(inArray(slotClaims.unitId, unitIds), inArray(slotClaims.siteId, unitIds)),
        ne(slotClaims.state, 'released'),
        sql`upper(${slotClaims.during}) > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

/** Whether any claim (a booking, paid or not, a lock or a closure) names the venue. */
export async function venueBooked(db: Executor, scope: Scope, venueId: number): Promise<boolean> {
  const [claim] = await db
    .select({ id: slotClaims.id })
    .from(slotClaims)
    .where(and(eq(slotClaims.venueId, venueId), inScope(scope, slotClaims.orgId)))
    .limit(1);
  return !!claim;
}

/** The cash counted at the venue's desks in the shifts that closed on `day` of `timeZone`: expected (their frozen cash takings) and counted (handed). */
export async function shiftCashOfDay(
  db: Executor,
  scope: Scope,
  venueId: number,
  day: string,
  timeZone: string,
): Promise<{ shifts: number; expectedFen: number; countedFen: number }> {
  const [row] = await db
    .select({
      n: count(),
      expected: sql<string | null>`sum(coalesce((${shifts.takings} ->> 'cash')::bigint, 0))`,
      counted: sql<string | null>`sum(coalesce(${shifts.handedFen}, 0))`,
    })
    .from(shifts)
    .where(
      and(
        inScope(scope, shifts.orgId),
        eq(shifts.venueId, venueId),
        ne(shifts.state, 'open'),
        sql`${shifts.closedAt} >= ((${day})::date::timestamp at time zone ${timeZone})`,
        sql`${shifts.closedAt} < (((${day})::date + 1)::timestamp at time zone ${timeZone})`,
      ),
    );
  return { shifts: Number(row?.n ?? 0), expectedFen: Number(row?.expected ?? 0), countedFen: Number(row?.counted ?? 0) };
}
