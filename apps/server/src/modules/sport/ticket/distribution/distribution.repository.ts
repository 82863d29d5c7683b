import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../../platform/scope.ts';
import { containsText } from '../../../system/index.ts';
import { itemRefsOf, orders } from '../../commerce/index.ts';
import { ticketLevels, ticketProjects, ticketSeats, ticketSessions, tickets } from '../ticket.table.ts';
import { distOrders, distQuotas, distributors, distSeats, externalItems, packageParts, ticketPackages } from './distribution.table.ts';

/**
 * Every query on the distribution tables (and the few on the ticketing tables that distribution
 * needs: a level's quota given away and back, seats blocked for a distributor). Each takes a
 * required scope and puts it in the `where` of every read and write. The no-oversell writes are
 * single conditional updates backed by the tables' CHECKs.
 */
export type DistributorRecord = typeof distributors.$inferSelect;
export type QuotaRecord = typeof distQuotas.$inferSelect;
export type PackageRecord = typeof ticketPackages.$inferSelect;
export type ExternalItemRecord = typeof externalItems.$inferSelect;
type Page = { limit: number; offset: number };
const bump = (v: { version: unknown }) => sql`${v.version} + 1`;
const LIVE = ['sold', 'used'];

// ---------------------------------------------------------------- distributors

export const distributorSorts = { name: distributors.name, createTime: distributors.createdAt, commissionPct: distributors.commissionBp };
export const distributorDefaultOrder = [desc(distributors.id)];

/** With the tickets paid for through each distributor (sold or used), and their amount. */
export async function pageDistributors(db: Executor, scope: Scope, f: { name?: string; status?: number; id?: number }, order: SQL[], page: Page) {
  const where = and(
    inScope(scope, distributors.orgId),
    f.id !== undefined ? eq(distributors.id, f.id) : undefined,
    f.name ? containsText(distributors.name, f.name) : undefined,
    f.status !== undefined ? eq(distributors.status, f.status) : undefined,
  );
  const sold = db
    .select({ distributorId: distOrders.distributorId, n: count(tickets.id).as('n'), fen: sum(tickets.priceFen).as('fen') })
    .from(distOrders)
    .innerJoin(tickets, and(eq(tickets.orderId, distOrders.orderId), inArray(tickets.state, LIVE)))
    .where(inScope(scope, distOrders.orgId))
    .groupBy(distOrders.distributorId)
    .as('sold');
  const [rows, [total]] = await Promise.all([
    db
      .select({ d: distributors, soldCount: sql<number>`coalesce(${sold.n}, 0)::int`, soldFen: sql<number>`coalesce(${sold.fen}, 0)::bigint` })
      .from(distributors)
      .leftJoin(sold, eq(sold.distributorId, distributors.id))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(distributors).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r, soldCount: Number(r.soldCount), soldFen: Number(r.soldFen) })) };
}

export async function findDistributor(db: Executor, scope: Scope, id: number): Promise<DistributorRecord | undefined> {
  const [row] = await db
    .select()
    .from(distributors)
    .where(and(eq(distributors.id, id), inScope(scope, distributors.orgId)));
  return row;
}

export async function insertDistributor(db: Executor, scope: Scope, values: typeof distributors.$inferInsert): Promise<DistributorRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(distributors).values(values).returning();
  return row!;
}

export async function updateDistributor(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof distributors.$inferInsert, 'orgId' | 'id'>>,
) {
  return db
    .update(distributors)
    .set({ ...values, updatedAt: new Date(), version: bump(distributors) })
    .where(and(eq(distributors.id, id), eq(distributors.version, version), inScope(scope, distributors.orgId)))
    .returning({ id: distributors.id });
}

/** Whether a distributor has quota, orders or external items (then it is disabled, not deleted). */
export async function distributorInUse(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const [q] = await db
    .select({ id: distQuotas.id })
    .from(distQuotas)
    .where(and(eq(distQuotas.distributorId, id), inScope(scope, distQuotas.orgId)))
    .limit(1);
  const [o] = await db
    .select({ id: distOrders.id })
    .from(distOrders)
    .where(and(eq(distOrders.distributorId, id), inScope(scope, distOrders.orgId)))
    .limit(1);
  const [e] = await db
    .select({ id: externalItems.id })
    .from(externalItems)
    .where(and(eq(externalItems.distributorId, id), inScope(scope, externalItems.orgId)))
    .limit(1);
  return !!(q || o || e);
}

export async function deleteDistributor(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(distributors)
    .where(and(eq(distributors.id, id), inScope(scope, distributors.orgId)))
    .returning({ id: distributors.id });
  return rows.length;
}

// ---------------------------------------------------------------- quotas

export async function findQuota(db: Executor, scope: Scope, id: number): Promise<QuotaRecord | undefined> {
  const [row] = await db
    .select()
    .from(distQuotas)
    .where(and(eq(distQuotas.id, id), inScope(scope, distQuotas.orgId)));
  return row;
}

/** The distributor's quota row of a level, made empty when there is none yet. */
export async function ensureQuota(db: Executor, scope: Scope, values: typeof distQuotas.$inferInsert): Promise<QuotaRecord> {
  await assertInScope(db, scope, [values.orgId]);
  await db
    .insert(distQuotas)
    .values(values)
    .onConflictDoNothing({ target: [distQuotas.distributorId, distQuotas.levelId] });
  const [row] = await db
    .select()
    .from(distQuotas)
    .where(and(eq(distQuotas.distributorId, values.distributorId), eq(distQuotas.levelId, values.levelId), inScope(scope, distQuotas.orgId)));
  return row!;
}

/** Changes a quota's size by `n` (negative: given back); never below what it sold and holds. */
export async function resizeQuota(db: Executor, scope: Scope, id: number, n: number): Promise<boolean> {
  const rows = await db
    .update(distQuotas)
    .set({ quota: sql`${distQuotas.quota} + ${n}`, version: bump(distQuotas), updatedAt: new Date() })
    .where(and(eq(distQuotas.id, id), sql`${distQuotas.quota} + ${n} >= ${distQuotas.sold} + ${distQuotas.held}`, inScope(scope, distQuotas.orgId)))
    .returning({ id: distQuotas.id });
  return rows.length > 0;
}

/** General admission: `n` of the level's own quota moves away (false: fewer than `n` are unsold). */
export async function takeLevelQuota(db: Executor, scope: Scope, levelId: number, n: number): Promise<boolean> {
  const rows = await db
    .update(ticketLevels)
    .set({ quota: sql`${ticketLevels.quota} - ${n}`, version: bump(ticketLevels) })
    .where(
      and(
        eq(ticketLevels.id, levelId),
        isNotNull(ticketLevels.quota),
        sql`${ticketLevels.quota} - ${n} >= ${ticketLevels.sold} + ${ticketLevels.held}`,
        inScope(scope, ticketLevels.orgId),
      ),
    )
    .returning({ id: ticketLevels.id });
  return rows.length > 0;
}

export async function giveLevelQuota(db: Executor, scope: Scope, levelId: number, n: number): Promise<void> {
  await db
    .update(ticketLevels)
    .set({ quota: sql`${ticketLevels.quota} + ${n}`, version: bump(ticketLevels) })
    .where(and(eq(ticketLevels.id, levelId), inScope(scope, ticketLevels.orgId)));
}

/** Seated: free seats of the level are blocked for a quota; answers the seats blocked. */
export async function blockSeatsFor(db: Executor, scope: Scope, quota: QuotaRecord, seatIds: number[]): Promise<number[]> {
  const rows = await db
    .update(ticketSeats)
    .set({ state: 'blocked', version: bump(ticketSeats) })
    .where(
      and(
        eq(ticketSeats.sessionId, quota.sessionId),
        eq(ticketSeats.levelId, quota.levelId),
        inArray(ticketSeats.id, seatIds),
        eq(ticketSeats.state, 'free'),
        inScope(scope, ticketSeats.orgId),
      ),
    )
    .returning({ id: ticketSeats.id });
  const ids = rows.map((r) => r.id);
  if (ids.length) await db.insert(distSeats).values(ids.map((seatId) => ({ orgId: quota.orgId, quotaId: quota.id, seatId })));
  return ids;
}

/** Seated: the quota's unsold seats (all, or those named) go back to sale; answers how many. */
export async function unblockSeatsOf(db: Executor, scope: Scope, quotaId: number, seatIds?: number[]): Promise<number> {
  const mine = db
    .select({ id: distSeats.seatId })
    .from(distSeats)
    .where(and(eq(distSeats.quotaId, quotaId), inScope(scope, distSeats.orgId)));
  const rows = await db
    .update(ticketSeats)
    .set({ state: 'free', version: bump(ticketSeats) })
    .where(
      and(
        inArray(ticketSeats.id, mine),
        seatIds ? inArray(ticketSeats.id, seatIds) : undefined,
        eq(ticketSeats.state, 'blocked'),
        inScope(scope, ticketSeats.orgId),
      ),
    )
    .returning({ id: ticketSeats.id });
  // Seats of the quota freed meanwhile by a seat modification are no longer the distributor's either.
  const freed = seatIds
    ? []
    : (
        await db
          .select({ id: ticketSeats.id })
          .from(ticketSeats)
          .where(and(inArray(ticketSeats.id, mine), eq(ticketSeats.state, 'free'), inScope(scope, ticketSeats.orgId)))
      ).map((r) => r.id);
  // (The seats freed just above are free now too: count each once.)
  const ids = [...new Set([...rows.map((r) => r.id), ...freed])];
  if (ids.length) await db.delete(distSeats).where(and(eq(distSeats.quotaId, quotaId), inArray(distSeats.seatId, ids), inScope(scope, distSeats.orgId)));
  return ids.length;
}

export const quotaDefaultOrder = [desc(distQuotas.id)];

export async function pageQuotas(db: Executor, scope: Scope, f: { distributorId?: number; sessionId?: number; id?: number }, page: Page) {
  const where = and(
    inScope(scope, distQuotas.orgId),
    f.id !== undefined ? eq(distQuotas.id, f.id) : undefined,
    f.distributorId !== undefined ? eq(distQuotas.distributorId, f.distributorId) : undefined,
    f.sessionId !== undefined ? eq(distQuotas.sessionId, f.sessionId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        q: distQuotas,
        distributorName: distributors.name,
        sessionName: ticketSessions.name,
        startAt: ticketSessions.startAt,
        projectName: ticketProjects.name,
        levelName: ticketLevels.name,
        priceFen: ticketLevels.priceFen,
      })
      .from(distQuotas)
      .innerJoin(distributors, eq(distributors.id, distQuotas.distributorId))
      .innerJoin(ticketSessions, eq(ticketSessions.id, distQuotas.sessionId))
      .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
      .innerJoin(ticketLevels, eq(ticketLevels.id, distQuotas.levelId))
      .where(where)
      .orderBy(...quotaDefaultOrder)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(distQuotas).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** The seats of seated quotas, with their state. */
export async function seatsOfQuotas(db: Executor, scope: Scope, quotaIds: number[]) {
  if (!quotaIds.length) return [];
  return db
    .select({ quotaId: distSeats.quotaId, id: ticketSeats.id, zone: ticketSeats.zone, row: ticketSeats.row, no: ticketSeats.no, state: ticketSeats.state })
    .from(distSeats)
    .innerJoin(ticketSeats, eq(ticketSeats.id, distSeats.seatId))
    .where(and(inArray(distSeats.quotaId, quotaIds), inScope(scope, distSeats.orgId)))
    .orderBy(asc(ticketSeats.id));
}

/** A quota with its distributor, level, session and project, in one read (pricing an order line). */
export async function quotaForSale(db: Executor, scope: Scope, quotaId: number) {
  const [row] = await db
    .select({
      quota: distQuotas,
      distributor: distributors,
      level: ticketLevels,
      session: ticketSessions,
      projectName: ticketProjects.name,
      projectStatus: ticketProjects.status,
      venueId: ticketProjects.venueId,
    })
    .from(distQuotas)
    .innerJoin(distributors, eq(distributors.id, distQuotas.distributorId))
    .innerJoin(ticketLevels, eq(ticketLevels.id, distQuotas.levelId))
    .innerJoin(ticketSessions, eq(ticketSessions.id, distQuotas.sessionId))
    .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
    .where(and(eq(distQuotas.id, quotaId), inScope(scope, distQuotas.orgId)));
  return row;
}

/** Takes `n` of a distributor's quota for an unpaid order, atomically (false: fewer are left). */
export async function holdDistQuota(db: Executor, scope: Scope, quotaId: number, n: number): Promise<boolean> {
  const rows = await db
    .update(distQuotas)
    .set({ held: sql`${distQuotas.held} + ${n}` })
    .where(and(eq(distQuotas.id, quotaId), sql`${distQuotas.sold} + ${distQuotas.held} + ${n} <= ${distQuotas.quota}`, inScope(scope, distQuotas.orgId)))
    .returning({ id: distQuotas.id });
  return rows.length > 0;
}

export async function moveDistQuota(db: Executor, scope: Scope, quotaId: number, delta: { held: number; sold: number }): Promise<void> {
  await db
    .update(distQuotas)
    .set({ held: sql`${distQuotas.held} + ${delta.held}`, sold: sql`${distQuotas.sold} + ${delta.sold}` })
    .where(and(eq(distQuotas.id, quotaId), inScope(scope, distQuotas.orgId)));
}

/** Seated: one of the quota's blocked seats is held for an order line (false: not the quota's, or taken). */
export async function holdDistSeat(db: Executor, scope: Scope, quotaId: number, seatId: number, owner: { orderId: number; itemId: number }): Promise<boolean> {
  const mine = db
    .select({ id: distSeats.seatId })
    .from(distSeats)
    .where(and(eq(distSeats.quotaId, quotaId), eq(distSeats.seatId, seatId), inScope(scope, distSeats.orgId)));
  const rows = await db
    .update(ticketSeats)
    .set({ state: 'held', orderId: owner.orderId, itemId: owner.itemId, version: bump(ticketSeats) })
    .where(and(eq(ticketSeats.id, seatId), inArray(ticketSeats.id, mine), eq(ticketSeats.state, 'blocked'), inScope(scope, ticketSeats.orgId)))
    .returning({ id: ticketSeats.id });
  return rows.length > 0;
}

/** Seated: a line's seats go back to the distributor (blocked for them again). */
export async function returnDistSeats(db: Executor, scope: Scope, itemId: number, seatIds: number[]): Promise<number> {
  if (!seatIds.length) return 0;
  const rows = await db
    .update(ticketSeats)
    .set({ state: 'blocked', orderId: null, itemId: null, version: bump(ticketSeats) })
    .where(
      and(eq(ticketSeats.itemId, itemId), inArray(ticketSeats.id, seatIds), inArray(ticketSeats.state, ['held', 'sold']), inScope(scope, ticketSeats.orgId)),
    )
    .returning({ id: ticketSeats.id });
  return rows.length;
}

export async function insertDistOrder(db: Executor, scope: Scope, values: typeof distOrders.$inferInsert): Promise<void> {
  await assertInScope(db, scope, [values.orgId]);
  await db.insert(distOrders).values(values).onConflictDoNothing({ target: distOrders.orderId });
}

const saleWhere = (scope: Scope, f: { distributorId?: number; from?: Date; to?: Date }) =>
  and(
    inScope(scope, distOrders.orgId),
    f.distributorId !== undefined ? eq(distOrders.distributorId, f.distributorId) : undefined,
    f.from ? gte(distOrders.createdAt, f.from) : undefined,
    f.to ? lt(distOrders.createdAt, f.to) : undefined,
  );

export async function pageDistSales(db: Executor, scope: Scope, f: { distributorId?: number; from?: Date; to?: Date }, page: Page) {
  const where = saleWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({ link: distOrders, distributorName: distributors.name, order: orders })
      .from(distOrders)
      .innerJoin(distributors, eq(distributors.id, distOrders.distributorId))
      .innerJoin(orders, eq(orders.id, distOrders.orderId))
      .where(where)
      .orderBy(desc(distOrders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(distOrders).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** Per distributor: orders paid within [from, to), their money and tickets, the commission at each order's own rate. */
export async function settlementOf(db: Executor, scope: Scope, f: { distributorId?: number; from: Date; to: Date }) {
  const ticketsOf = db
    .select({ orderId: tickets.orderId, n: count().as('n') })
    .from(tickets)
    .where(and(inArray(tickets.state, LIVE), inScope(scope, tickets.orgId)))
    .groupBy(tickets.orderId)
    .as('t');
  const net = sql`(${orders.paidFen} - ${orders.refundedFen})`;
  const rows = await db
    .select({
      distributorId: distributors.id,
      distributorName: distributors.name,
      commissionBp: distributors.commissionBp,
      orders: sql<number>`count(*)::int`,
      tickets: sql<number>`coalesce(sum(${ticketsOf.n}), 0)::int`,
      soldFen: sql<number>`coalesce(sum(${net}), 0)::bigint`,
      refundedFen: sql<number>`coalesce(sum(${orders.refundedFen}), 0)::bigint`,
      commissionFen: sql<number>`coalesce(sum(round(${net} * ${distOrders.commissionBp} / 10000.0)), 0)::bigint`,
    })
    .from(distOrders)
    .innerJoin(distributors, eq(distributors.id, distOrders.distributorId))
    .innerJoin(orders, eq(orders.id, distOrders.orderId))
    .leftJoin(ticketsOf, eq(ticketsOf.orderId, distOrders.orderId))
    .where(
      and(
        inScope(scope, distOrders.orgId),
        f.distributorId !== undefined ? eq(distOrders.distributorId, f.distributorId) : undefined,
        isNotNull(orders.paidAt),
        gte(orders.paidAt, f.from),
        lt(orders.paidAt, f.to),
      ),
    )
    .groupBy(distributors.id, distributors.name, distributors.commissionBp)
    .orderBy(asc(distributors.id));
  return rows.map((r) => ({
    ...r,
    orders: Number(r.orders),
    tickets: Number(r.tickets),
    soldFen: Number(r.soldFen),
    refundedFen: Number(r.refundedFen),
    commissionFen: Number(r.commissionFen),
  }));
}

// ---------------------------------------------------------------- tickets of a line by level (packages)

export async function moveLevelTickets(
  db: Executor,
  scope: Scope,
  itemId: number,
  levelId: number,
  from: string,
  to: string,
  limit: number,
): Promise<{ id: number; seatId: number | null }[]> {
  const ids = sql`(select id from sport_ticket where item_id = ${itemId} and level_id = ${levelId} and state = ${from} order by id limit ${limit})`;
  return db
    .update(tickets)
    .set({ state: to, version: bump(tickets), ...(to === 'sold' ? { soldAt: new Date() } : {}) })
    .where(and(eq(tickets.itemId, itemId), eq(tickets.levelId, levelId), eq(tickets.state, from), sql`${tickets.id} in ${ids}`, inScope(scope, tickets.orgId)))
    .returning({ id: tickets.id, seatId: tickets.seatId });
}

/** Seated package part: holds the level's first free seat for an order line (undefined: none left). */
export async function holdFirstFreeSeat(
  db: Executor,
  scope: Scope,
  sessionId: number,
  levelId: number,
  owner: { orderId: number; itemId: number },
): Promise<number | undefined> {
  const first = sql`(select id from sport_ticket_seat where session_id = ${sessionId} and level_id = ${levelId} and state = 'free' order by id limit 1 for update skip locked)`;
  const rows = await db
    .update(ticketSeats)
    .set({ state: 'held', orderId: owner.orderId, itemId: owner.itemId, version: bump(ticketSeats) })
    .where(and(sql`${ticketSeats.id} = ${first}`, eq(ticketSeats.state, 'free'), inScope(scope, ticketSeats.orgId)))
    .returning({ id: ticketSeats.id });
  return rows[0]?.id;
}

// ---------------------------------------------------------------- packages

export const packageSorts = { name: ticketPackages.name, priceFen: ticketPackages.priceFen, createTime: ticketPackages.createdAt };
export const packageDefaultOrder = [desc(ticketPackages.id)];

export async function pagePackages(db: Executor, scope: Scope, f: { name?: string; id?: number }, order: SQL[], page: Page) {
  const where = and(
    inScope(scope, ticketPackages.orgId),
    f.id !== undefined ? eq(ticketPackages.id, f.id) : undefined,
    f.name ? containsText(ticketPackages.name, f.name) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ticketPackages)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketPackages).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function partsOf(db: Executor, scope: Scope, packageIds: number[]) {
  if (!packageIds.length) return [];
  return db
    .select({ part: packageParts, level: ticketLevels, session: ticketSessions, projectName: ticketProjects.name, projectStatus: ticketProjects.status })
    .from(packageParts)
    .innerJoin(ticketLevels, eq(ticketLevels.id, packageParts.levelId))
    .innerJoin(ticketSessions, eq(ticketSessions.id, packageParts.sessionId))
    .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
    .where(and(inArray(packageParts.packageId, packageIds), inScope(scope, packageParts.orgId)))
    .orderBy(asc(packageParts.packageId), asc(packageParts.sort), asc(packageParts.id));
}

export async function findPackage(db: Executor, scope: Scope, id: number): Promise<PackageRecord | undefined> {
  const [row] = await db
    .select()
    .from(ticketPackages)
    .where(and(eq(ticketPackages.id, id), inScope(scope, ticketPackages.orgId)));
  return row;
}

export async function insertPackage(
  db: Executor,
  scope: Scope,
  values: typeof ticketPackages.$inferInsert,
  parts: Omit<typeof packageParts.$inferInsert, 'packageId'>[],
): Promise<PackageRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketPackages).values(values).returning();
  await db.insert(packageParts).values(parts.map((p) => ({ ...p, packageId: row!.id })));
  return row!;
}

export async function updatePackage(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Pick<typeof ticketPackages.$inferInsert, 'name' | 'priceFen' | 'stock' | 'onSale' | 'remark'>>,
) {
  return db
    .update(ticketPackages)
    .set({ ...values, updatedAt: new Date(), version: bump(ticketPackages) })
    .where(and(eq(ticketPackages.id, id), eq(ticketPackages.version, version), inScope(scope, ticketPackages.orgId)))
    .returning({ id: ticketPackages.id });
}

export async function deletePackage(db: Executor, scope: Scope, id: number): Promise<number> {
  const rows = await db
    .delete(ticketPackages)
    .where(and(eq(ticketPackages.id, id), eq(ticketPackages.sold, 0), eq(ticketPackages.held, 0), inScope(scope, ticketPackages.orgId)))
    .returning({ id: ticketPackages.id });
  return rows.length;
}

/** Takes `n` of a package's stock for an unpaid order, atomically (false: fewer are left). */
export async function holdPackageStock(db: Executor, scope: Scope, id: number, n: number): Promise<boolean> {
  const rows = await db
    .update(ticketPackages)
    .set({ held: sql`${ticketPackages.held} + ${n}` })
    .where(
      and(
        eq(ticketPackages.id, id),
        sql`${ticketPackages.sold} + ${ticketPackages.held} + ${n} <= ${ticketPackages.stock}`,
        inScope(scope, ticketPackages.orgId),
      ),
    )
    .returning({ id: ticketPackages.id });
  return rows.length > 0;
}

export async function movePackageStock(db: Executor, scope: Scope, id: number, delta: { held: number; sold: number }): Promise<void> {
  await db
    .update(ticketPackages)
    .set({ held: sql`${ticketPackages.held} + ${delta.held}`, sold: sql`${ticketPackages.sold} + ${delta.sold}` })
    .where(and(eq(ticketPackages.id, id), inScope(scope, ticketPackages.orgId)));
}

// ---------------------------------------------------------------- external items

export async function externalIdsOf(db: Executor, scope: Scope, distributorId: number): Promise<string[]> {
  const rows = await db
    .select({ externalId: externalItems.externalId })
    .from(externalItems)
    .where(and(eq(externalItems.distributorId, distributorId), inScope(scope, externalItems.orgId)));
  return rows.map((r) => r.externalId);
}

export async function findExternalItems(db: Executor, scope: Scope, f: { ids?: number[]; distributorId?: number }): Promise<ExternalItemRecord[]> {
  return db
    .select()
    .from(externalItems)
    .where(
      and(
        inScope(scope, externalItems.orgId),
        f.ids ? inArray(externalItems.id, f.ids) : undefined,
        f.distributorId !== undefined ? eq(externalItems.distributorId, f.distributorId) : undefined,
      ),
    )
    .orderBy(asc(externalItems.id));
}

/** Adds an external item, or refreshes the one pulled before; answers whether it was new. */
export async function upsertExternalItem(db: Executor, scope: Scope, values: typeof externalItems.$inferInsert): Promise<boolean> {
  await assertInScope(db, scope, [values.orgId]);
  const { orgId: _o, distributorId: _d, externalId: _e, ...fresh } = values;
  const [row] = await db
    .insert(externalItems)
    .values(values)
    .onConflictDoUpdate({ target: [externalItems.distributorId, externalItems.externalId], set: { ...fresh, missing: false, version: bump(externalItems) } })
    .returning({ version: externalItems.version });
  return row!.version === 1;
}

export async function markExternalMissing(db: Executor, scope: Scope, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(externalItems)
    .set({ missing: true, refreshedAt: new Date(), version: bump(externalItems) })
    .where(and(inArray(externalItems.id, ids), inScope(scope, externalItems.orgId)));
}

export async function pageExternalItems(db: Executor, scope: Scope, f: { distributorId?: number; name?: string }, page: Page) {
  const where = and(
    inScope(scope, externalItems.orgId),
    f.distributorId !== undefined ? eq(externalItems.distributorId, f.distributorId) : undefined,
    f.name ? containsText(externalItems.name, f.name) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ item: externalItems, distributorName: distributors.name })
      .from(externalItems)
      .innerJoin(distributors, eq(distributors.id, externalItems.distributorId))
      .where(where)
      .orderBy(desc(externalItems.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(externalItems).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

// ---------------------------------------------------------------- statistics

type StatsFilter = { projectId?: number; sessionId?: number; from?: Date; to?: Date };
const ticketWhere = (scope: Scope, f: StatsFilter, states: string[]) =>
  and(
    inScope(scope, tickets.orgId),
    inArray(tickets.state, states),
    f.sessionId !== undefined ? eq(tickets.sessionId, f.sessionId) : undefined,
    f.projectId !== undefined ? eq(ticketSessions.projectId, f.projectId) : undefined,
    f.from ? gte(tickets.soldAt, f.from) : undefined,
    f.to ? lt(tickets.soldAt, f.to) : undefined,
  );

/** Tickets paid for, grouped by project, session, level, channel and distributor (one row per combination). */
export async function salesGroups(db: Executor, scope: Scope, f: StatsFilter) {
  const rows = await db
    .select({
      projectId: ticketSessions.projectId,
      projectName: ticketProjects.name,
      sessionId: tickets.sessionId,
      sessionName: ticketSessions.name,
      startAt: ticketSessions.startAt,
      levelId: tickets.levelId,
      levelName: ticketLevels.name,
      channel: orders.channel,
      distributorId: distOrders.distributorId,
      distributorName: distributors.name,
      n: sql<number>`count(*)::int`,
      fen: sql<number>`coalesce(sum(${tickets.priceFen}), 0)::bigint`,
    })
    .from(tickets)
    .innerJoin(ticketSessions, eq(ticketSessions.id, tickets.sessionId))
    .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
    .innerJoin(ticketLevels, eq(ticketLevels.id, tickets.levelId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(distOrders, eq(distOrders.orderId, tickets.orderId))
    .leftJoin(distributors, eq(distributors.id, distOrders.distributorId))
    .where(ticketWhere(scope, f, LIVE))
    .groupBy(
      ticketSessions.projectId,
      ticketProjects.name,
      tickets.sessionId,
      ticketSessions.name,
      ticketSessions.startAt,
      tickets.levelId,
      ticketLevels.name,
      orders.channel,
      distOrders.distributorId,
      distributors.name,
    );
  return rows.map((r) => ({ ...r, n: Number(r.n), fen: Number(r.fen) }));
}

export async function refundedCount(db: Executor, scope: Scope, f: StatsFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .innerJoin(ticketSessions, eq(ticketSessions.id, tickets.sessionId))
    .where(ticketWhere(scope, f, ['refunded']));
  return row?.n ?? 0;
}

/** The sessions a statistics filter covers (at most 200, soonest first). */
export async function statsSessions(db: Executor, scope: Scope, f: StatsFilter) {
  return db
    .select({ session: ticketSessions, projectName: ticketProjects.name })
    .from(ticketSessions)
    .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
    .where(
      and(
        inScope(scope, ticketSessions.orgId),
        f.sessionId !== undefined ? eq(ticketSessions.id, f.sessionId) : undefined,
        f.projectId !== undefined ? eq(ticketSessions.projectId, f.projectId) : undefined,
      ),
    )
    .orderBy(asc(ticketSessions.startAt), asc(ticketSessions.id))
    .limit(200);
}

/** General admission per session: the levels' own counters and the distributors' quota counters. */
export async function gaFigures(db: Executor, scope: Scope, sessionIds: number[]) {
  if (!sessionIds.length) return { levels: [], quotas: [] };
  const [levels, quotas] = await Promise.all([
    db
      .select({
        sessionId: ticketLevels.sessionId,
        quota: sql<number>`coalesce(sum(${ticketLevels.quota}), 0)::int`,
        sold: sql<number>`sum(${ticketLevels.sold})::int`,
        held: sql<number>`sum(${ticketLevels.held})::int`,
      })
      .from(ticketLevels)
      .where(and(inArray(ticketLevels.sessionId, sessionIds), isNotNull(ticketLevels.quota), inScope(scope, ticketLevels.orgId)))
      .groupBy(ticketLevels.sessionId),
    db
      .select({
        sessionId: distQuotas.sessionId,
        seated: distQuotas.seated,
        quota: sql<number>`sum(${distQuotas.quota})::int`,
        sold: sql<number>`sum(${distQuotas.sold})::int`,
        held: sql<number>`sum(${distQuotas.held})::int`,
      })
      .from(distQuotas)
      .where(and(inArray(distQuotas.sessionId, sessionIds), inScope(scope, distQuotas.orgId)))
      .groupBy(distQuotas.sessionId, distQuotas.seated),
  ]);
  const num = <T extends Record<string, unknown>>(r: T) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? Number(v) : v])) as T;
  return { levels: levels.map(num), quotas: quotas.map(num) };
}

/** Seated per session: seats by state, and the blocked seats given to distributors. */
export async function seatFigures(db: Executor, scope: Scope, sessionIds: number[]) {
  if (!sessionIds.length) return [];
  const rows = await db
    .select({ sessionId: ticketSeats.sessionId, state: ticketSeats.state, dist: sql<boolean>`${distSeats.id} is not null`, n: sql<number>`count(*)::int` })
    .from(ticketSeats)
    .leftJoin(distSeats, eq(distSeats.seatId, ticketSeats.id))
    .where(and(inArray(ticketSeats.sessionId, sessionIds), inScope(scope, ticketSeats.orgId)))
    .groupBy(ticketSeats.sessionId, ticketSeats.state, sql`${distSeats.id} is not null`);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** projectSales: tickets sold (paid, used or refunded), newest first. */
export async function pageSales(
  db: Executor,
  scope: Scope,
  f: { projectId?: number; sessionId?: number; channel?: string; distributorId?: number },
  page: Page,
) {
  const where = and(
    ticketWhere(scope, f, ['sold', 'used', 'refunded']),
    f.channel ? eq(orders.channel, f.channel) : undefined,
    f.distributorId !== undefined ? eq(distOrders.distributorId, f.distributorId) : undefined,
  );
  const base = () =>
    db
      .select({
        ticket: tickets,
        projectName: ticketProjects.name,
        sessionName: ticketSessions.name,
        levelName: ticketLevels.name,
        orderNo: orders.orderNo,
        channel: orders.channel,
        distributorName: distributors.name,
      })
      .from(tickets)
      .innerJoin(ticketSessions, eq(ticketSessions.id, tickets.sessionId))
      .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
      .innerJoin(ticketLevels, eq(ticketLevels.id, tickets.levelId))
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .leftJoin(distOrders, eq(distOrders.orderId, tickets.orderId))
      .leftJoin(distributors, eq(distributors.id, distOrders.distributorId));
  const [rows, [total]] = await Promise.all([
    base().where(where).orderBy(desc(tickets.id)).limit(page.limit).offset(page.offset),
    db
      .select({ n: count() })
      .from(tickets)
      .innerJoin(ticketSessions, eq(ticketSessions.id, tickets.sessionId))
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .leftJoin(distOrders, eq(distOrders.orderId, tickets.orderId))
      .where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** The package names of order lines (package tickets are lines of kind `ticket_pkg`). */
export async function packageNamesOfItems(db: Executor, scope: Scope, itemIds: number[]) {
  // The lines through the commerce facade; the packages are this module's own.
  const lines = (await itemRefsOf(db, scope, itemIds)).filter((i) => i.kind === 'ticket_pkg' && i.refId !== null);
  if (!lines.length) return new Map<number, string>();
  const packages = await db
    .select({ id: ticketPackages.id, name: ticketPackages.name })
    .from(ticketPackages)
    .where(and(inArray(ticketPackages.id, [...new Set(lines.map((l) => l.refId!))]), inScope(scope, ticketPackages.orgId)));
  const names = new Map(packages.map((p) => [p.id, p.name]));
  return new Map(lines.flatMap((l) => (names.has(l.refId!) ? [[l.id, names.get(l.refId!)!] as const] : [])));
}
