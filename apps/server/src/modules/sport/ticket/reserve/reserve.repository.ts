import { and, count, desc, eq, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../../platform/scope.ts';
import { menus, roleMenus, userMenus, userRoles, users } from '../../../system/index.ts';
import { lineSummariesOf, orders, refunds } from '../../commerce/index.ts';
import { ticketProjects, ticketSessions, tickets } from '../ticket.table.ts';
import { ticketReservations } from './reserve.table.ts';

/**
 * The ticketing rules' queries: reservations, a buyer's live tickets and their lock, viewers' id
 * numbers taken, a session's refund rules and a ticket's refund claim.
 */
export type ReservationRecord = typeof ticketReservations.$inferSelect;
type Page = { limit: number; offset: number };
const LIVE = ['held', 'sold', 'used'];

// ---------------------------------------------------------------- reservations

export async function insertReservation(db: Executor, scope: Scope, values: typeof ticketReservations.$inferInsert): Promise<ReservationRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(ticketReservations).values(values).returning();
  return row!;
}

export async function findReservation(db: Executor, scope: Scope, id: number, opts: { lock?: boolean } = {}): Promise<ReservationRecord | undefined> {
  const q = db
    .select()
    .from(ticketReservations)
    .where(and(eq(ticketReservations.id, id), inScope(scope, ticketReservations.orgId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** A pending reservation is reviewed once: a conditional update (none when it was reviewed meanwhile). */
export async function reviewReservationRow(
  db: Executor,
  scope: Scope,
  id: number,
  values: { state: 'approved' | 'rejected'; reviewedBy: number; reviewRemark: string | null },
): Promise<ReservationRecord | undefined> {
  const [row] = await db
    .update(ticketReservations)
    .set({ ...values, reviewedAt: new Date(), updatedAt: new Date(), version: sql`${ticketReservations.version} + 1` })
    .where(and(eq(ticketReservations.id, id), eq(ticketReservations.state, 'pending'), inScope(scope, ticketReservations.orgId)))
    .returning();
  return row;
}

/** Is this order a reservation's, and is that reservation approved? (undefined: not a reservation's order) */
export async function reservationStateOfOrder(db: Executor, scope: Scope, orderId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ state: ticketReservations.state })
    .from(ticketReservations)
    .where(and(eq(ticketReservations.orderId, orderId), inScope(scope, ticketReservations.orgId)));
  return row?.state;
}

const requester = alias(users, 'requester');
const approver = alias(users, 'approver');
const reviewer = alias(users, 'reviewer');

export async function pageReservations(db: Executor, scope: Scope, f: { id?: number; sessionId?: number; state?: string }, page: Page) {
  // `lapsed`: still pending, but its order was cancelled (the session started, or it was cancelled by hand).
  const stateWhere: SQL | undefined =
    f.state === undefined
      ? undefined
      : f.state === 'lapsed'
        ? and(eq(ticketReservations.state, 'pending'), eq(orders.state, 'cancelled'))
        : f.state === 'pending'
          ? and(eq(ticketReservations.state, 'pending'), ne(orders.state, 'cancelled'))
          : eq(ticketReservations.state, f.state);
  const where = and(
    inScope(scope, ticketReservations.orgId),
    f.id !== undefined ? eq(ticketReservations.id, f.id) : undefined,
    f.sessionId !== undefined ? eq(ticketReservations.sessionId, f.sessionId) : undefined,
    stateWhere,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        r: ticketReservations,
        sessionName: ticketSessions.name,
        startAt: ticketSessions.startAt,
        projectName: ticketProjects.name,
        orderNo: orders.orderNo,
        orderState: orders.state,
        valueFen: orders.totalFen,
        requestedByName: requester.name,
        approverName: approver.name,
        reviewedByName: reviewer.name,
      })
      .from(ticketReservations)
      .innerJoin(ticketSessions, eq(ticketSessions.id, ticketReservations.sessionId))
      .innerJoin(ticketProjects, eq(ticketProjects.id, ticketSessions.projectId))
      .innerJoin(orders, eq(orders.id, ticketReservations.orderId))
      .leftJoin(requester, eq(requester.id, ticketReservations.requestedBy))
      .leftJoin(approver, eq(approver.id, ticketReservations.approverId))
      .leftJoin(reviewer, eq(reviewer.id, ticketReservations.reviewedBy))
      .where(where)
      .orderBy(desc(ticketReservations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(ticketReservations).innerJoin(orders, eq(orders.id, ticketReservations.orderId)).where(where),
  ]);
  // Each order's lines through the commerce facade (one query for the page).
  const items = await lineSummariesOf(
    db,
    scope,
    rows.map((r) => r.r.orderId),
  );
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r, items: items.get(r.r.orderId) ?? '' })) };
}

/** Active users of an organisation holding a permission through a role or a direct grant. */
export async function usersWithPerm(db: Executor, scope: Scope, orgId: number, perm: string) {
  const viaRole = db
    .select({ one: sql`1` })
    .from(userRoles)
    .innerJoin(roleMenus, eq(roleMenus.roleId, userRoles.roleId))
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(eq(userRoles.userId, users.id), eq(menus.perms, perm)));
  const direct = db
    .select({ one: sql`1` })
    .from(userMenus)
    .innerJoin(menus, eq(menus.id, userMenus.menuId))
    .where(and(eq(userMenus.userId, users.id), eq(userMenus.orgId, orgId), eq(menus.perms, perm)));
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.status, 0), inScope(scope, users.orgId), or(sql`exists ${viaRole}`, sql`exists ${direct}`)))
    .orderBy(users.id)
    .limit(200);
}

export async function findUserOfOrg(db: Executor, scope: Scope, userId: number) {
  const [row] = await db
    .select({ id: users.id, orgId: users.orgId })
    .from(users)
    .where(and(eq(users.id, userId), inScope(scope, users.orgId)));
  return row;
}

// ---------------------------------------------------------------- real-name and the per-buyer limit

/**
 * Serialises one buyer's orders of a session (transaction-scoped advisory locks, taken in key
 * order so two orders naming both keys never deadlock): the count that follows is the truth.
 */
export async function lockBuyer(db: Executor, scope: Scope, sessionId: number, keys: string[]): Promise<void> {
  void scope; // locks name no rows; the session was read in scope by the caller
  for (const k of [...keys].sort()) await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ticket:${sessionId}:${k}`}, 0))`);
}

/** A buyer's live tickets of a session, across orders: by phone, by member, or by the buyer's id number (its key, `idNumberKey`). */
export async function liveTicketsOfBuyer(
  db: Executor,
  scope: Scope,
  sessionId: number,
  buyer: { phone: string | null; memberId: number | null; idKey: string | null },
): Promise<number> {
  const who = or(
    buyer.phone ? eq(tickets.buyerPhone, buyer.phone) : undefined,
    buyer.memberId ? eq(orders.memberId, buyer.memberId) : undefined,
    buyer.idKey ? eq(tickets.buyerKey, buyer.idKey) : undefined,
  );
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.sessionId, sessionId), inArray(tickets.state, LIVE), who, inScope(scope, tickets.orgId)));
  return row?.n ?? 0;
}

/** Which of these id keys (`idNumberKey`) already have a live ticket of the session. */
export async function takenViewerIds(db: Executor, scope: Scope, sessionId: number, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db
    .select({ key: tickets.viewerKey })
    .from(tickets)
    .where(and(eq(tickets.sessionId, sessionId), inArray(tickets.viewerKey, keys), inArray(tickets.state, LIVE), inScope(scope, tickets.orgId)));
  return rows.map((r) => r.key!);
}

// ---------------------------------------------------------------- refund rules and refunds

export async function sessionRules(db: Executor, scope: Scope, sessionId: number) {
  const [row] = await db
    .select({
      id: ticketSessions.id,
      orgId: ticketSessions.orgId,
      startAt: ticketSessions.startAt,
      refundRules: ticketSessions.refundRules,
      version: ticketSessions.version,
    })
    .from(ticketSessions)
    .where(and(eq(ticketSessions.id, sessionId), inScope(scope, ticketSessions.orgId)));
  return row;
}

export async function setSessionRules(
  db: Executor,
  scope: Scope,
  sessionId: number,
  version: number,
  refundRules: (typeof ticketSessions.$inferInsert)['refundRules'],
) {
  return db
    .update(ticketSessions)
    .set({ refundRules, updatedAt: new Date(), version: sql`${ticketSessions.version} + 1` })
    .where(and(eq(ticketSessions.id, sessionId), eq(ticketSessions.version, version), inScope(scope, ticketSessions.orgId)))
    .returning({ id: ticketSessions.id });
}

/** A ticket with what its refund needs: its session's start and rules, its order's channel, and whether a refund of it is open (applied, approved or paying). */
export async function ticketForRefund(db: Executor, scope: Scope, ticketId: number) {
  const open = db
    .select({ no: refunds.refundNo })
    .from(refunds)
    .where(and(eq(refunds.refundNo, tickets.refundNo), notInArray(refunds.state, ['rejected', 'failed'])));
  const [row] = await db
    .select({
      ticket: tickets,
      startAt: ticketSessions.startAt,
      refundRules: ticketSessions.refundRules,
      channel: orders.channel,
      openRefund: sql<boolean>`exists ${open}`.mapWith(Boolean),
    })
    .from(tickets)
    .innerJoin(ticketSessions, eq(ticketSessions.id, tickets.sessionId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.id, ticketId), inScope(scope, tickets.orgId)));
  return row;
}

/** Marks a sold ticket with the refund applied for it: once (again only after that refund was rejected or failed). */
export async function claimTicketRefund(db: Executor, scope: Scope, ticketId: number, refundNo: string): Promise<boolean> {
  const closed = db
    .select({ no: refunds.refundNo })
    .from(refunds)
    .where(and(eq(refunds.refundNo, tickets.refundNo), inArray(refunds.state, ['rejected', 'failed'])));
  const rows = await db
    .update(tickets)
    .set({ refundNo, version: sql`${tickets.version} + 1` })
    .where(and(eq(tickets.id, ticketId), eq(tickets.state, 'sold'), or(isNull(tickets.refundNo), sql`exists ${closed}`), inScope(scope, tickets.orgId)))
    .returning({ id: tickets.id });
  return rows.length === 1;
}

/** A refund of a line succeeded: the tickets it was applied for become refunded first. */
export async function refundNamedTickets(
  db: Executor,
  scope: Scope,
  itemId: number,
  refundNo: string,
  limit: number,
): Promise<{ id: number; seatId: number | null; levelId: number }[]> {
  const ids = sql`(select id from sport_ticket where item_id = ${itemId} and state = 'sold' and refund_no = ${refundNo} order by id limit ${limit})`;
  return db
    .update(tickets)
    .set({ state: 'refunded', version: sql`${tickets.version} + 1` })
    .where(and(eq(tickets.itemId, itemId), eq(tickets.state, 'sold'), sql`${tickets.id} in ${ids}`, inScope(scope, tickets.orgId)))
    .returning({ id: tickets.id, seatId: tickets.seatId, levelId: tickets.levelId });
}

/** The sessions an order line's tickets are of, each with its rules and one unit's price there (a package's line has a part per level). */
export async function sessionsOfLine(db: Executor, scope: Scope, itemId: number) {
  return db
    .select({ startAt: ticketSessions.startAt, refundRules: ticketSessions.refundRules, unitFen: sql<number>`max(${tickets.priceFen})`.mapWith(Number) })
    .from(tickets)
    .innerJoin(ticketSessions, eq(ticketSessions.id, tickets.sessionId))
    .where(and(eq(tickets.itemId, itemId), inScope(scope, tickets.orgId)))
    .groupBy(ticketSessions.id, tickets.levelId);
}
