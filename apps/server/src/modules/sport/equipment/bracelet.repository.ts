import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../platform/db.ts';
import { inScope, type Scope } from '../../../platform/scope.ts';
import { scopedRepo } from '../../../platform/scopedRepo.ts';
import { containsText, users } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { venues } from '../venue/index.ts';
import { braceletLog, bracelets } from './equipment.table.ts';

/**
 * Bracelets and their log (docs/decisions.md, "Bracelets"). A bracelet changes state only by a
 * conditional write from the states it may leave (`moveBraceletOfItem`, `endBracelet`); the log
 * is only ever inserted into.
 */
export type BraceletRecord = typeof bracelets.$inferSelect;

const braceletRepo = scopedRepo(bracelets);
const logRepo = scopedRepo(braceletLog);

export const insertBracelet = (db: Executor, scope: Scope, values: typeof bracelets.$inferInsert) => braceletRepo.insert(db, scope, values);
export const findBracelet = (db: Executor, scope: Scope, id: number) => braceletRepo.find(db, scope, id);
export const insertBraceletLog = (db: Executor, scope: Scope, values: typeof braceletLog.$inferInsert) => logRepo.insert(db, scope, values);

export async function braceletOfItem(db: Executor, scope: Scope, itemId: number): Promise<BraceletRecord | undefined> {
  const [row] = await db
    .select()
    .from(bracelets)
    .where(braceletRepo.where(scope, eq(bracelets.itemId, itemId)));
  return row;
}

/** Moves the bracelet of an order line from one of `from` to `to`: undefined when it is in none of them. */
export async function moveBraceletOfItem(
  db: Executor,
  scope: Scope,
  itemId: number,
  from: string[],
  to: string,
  values: Partial<Pick<BraceletRecord, 'issuedAt' | 'endedAt'>> = {},
): Promise<BraceletRecord | undefined> {
  const [row] = await db
    .update(bracelets)
    .set({ ...values, state: to, version: sql`${bracelets.version} + 1`, updatedAt: sql`now()` })
    .where(braceletRepo.where(scope, eq(bracelets.itemId, itemId), inArray(bracelets.state, from)))
    .returning();
  return row;
}

/** An active bracelet comes back or is lost, at the version the operator saw: undefined when the version is old or it is not out. */
export async function endBracelet(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  to: 'returned' | 'lost',
  damageFen: number,
): Promise<BraceletRecord | undefined> {
  const [row] = await db
    .update(bracelets)
    .set({ state: to, damageFen, endedAt: sql`now()`, version: sql`${bracelets.version} + 1`, updatedAt: sql`now()` })
    .where(braceletRepo.where(scope, eq(bracelets.id, id), eq(bracelets.version, version), eq(bracelets.state, 'active')))
    .returning();
  return row;
}

/** The issues of a code in an organisation, the live one (held or active) first, then the latest. */
export async function braceletsOfCode(db: Executor, scope: Scope, orgId: number, code: string): Promise<BraceletRecord[]> {
  return db
    .select()
    .from(bracelets)
    .where(braceletRepo.where(scope, eq(bracelets.orgId, orgId), eq(bracelets.code, code)))
    .orderBy(sql`case when ${bracelets.state} in ('held', 'active') then 0 else 1 end`, desc(bracelets.id))
    .limit(5);
}

interface LogFilter {
  venueId?: number;
  code?: string;
  holder?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

const bookingOrders = alias(orders, 'bracelet_booking_order');
const depositOrders = alias(orders, 'bracelet_deposit_order');

/** A page of the log, newest first, with the bracelet, its venue, holder, orders and operator. */
export async function pageBraceletLog(db: Executor, scope: Scope, f: LogFilter, page: { limit: number; offset: number }) {
  const where = logRepo.where(
    scope,
    f.venueId !== undefined ? eq(bracelets.venueId, f.venueId) : undefined,
    f.code ? containsText(bracelets.code, f.code.toUpperCase()) : undefined,
    f.holder
      ? sql`(${containsText(members.name, f.holder)} or ${containsText(members.phone, f.holder)} or ${containsText(bookingOrders.orderNo, f.holder)} or ${containsText(bookingOrders.buyerName, f.holder)})`
      : undefined,
    f.action ? eq(braceletLog.action, f.action) : undefined,
    f.from ? sql`${braceletLog.createdAt} >= ${f.from.toISOString()}` : undefined,
    f.to ? sql`${braceletLog.createdAt} < ${f.to.toISOString()}` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        log: braceletLog,
        bracelet: bracelets,
        stadiumName: venues.stadiumName,
        timeZone: venues.timeZone,
        holderName: sql<string | null>`coalesce(${members.name}, ${bookingOrders.buyerName})`,
        bookingOrderNo: bookingOrders.orderNo,
        orderNo: depositOrders.orderNo,
        operatorName: users.name,
      })
      .from(braceletLog)
      .innerJoin(bracelets, eq(bracelets.id, braceletLog.braceletId))
      .innerJoin(venues, eq(venues.id, bracelets.venueId))
      .leftJoin(members, eq(members.id, bracelets.memberId))
      .leftJoin(bookingOrders, eq(bookingOrders.id, bracelets.bookingOrderId))
      .leftJoin(depositOrders, eq(depositOrders.id, bracelets.orderId))
      .leftJoin(users, eq(users.id, braceletLog.operatorId))
      .where(where)
      .orderBy(desc(braceletLog.createdAt), desc(braceletLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(braceletLog)
      .innerJoin(bracelets, eq(bracelets.id, braceletLog.braceletId))
      .leftJoin(members, eq(members.id, bracelets.memberId))
      .leftJoin(bookingOrders, eq(bookingOrders.id, bracelets.bookingOrderId))
      .where(where),
  ]);
  return { total: Number(total), rows };
}

export type BraceletLogPage = Awaited<ReturnType<typeof pageBraceletLog>>;

/** The demo: a paid court booking's order of the organisation, the latest (a bracelet's holder). */
export async function paidBookingOrderOf(db: Executor, scope: Scope, orgId: number) {
  const [row] = await db
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(and(inScope(scope, orders.orgId), eq(orders.orgId, orgId), eq(orders.type, 'venue'), eq(orders.state, 'paid')))
    .orderBy(desc(orders.id))
    .limit(1);
  return row;
}
