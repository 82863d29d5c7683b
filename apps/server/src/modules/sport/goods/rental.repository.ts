import { and, asc, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { scopedRepo } from '../../../platform/scopedRepo.ts';
import { containsText, users } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { goods, goodsRentalReturns, goodsRentals, goodsWarehouses } from './goods.table.ts';

/**
 * Every query on rentals and their returns. A rental's counters move only by one conditional write
 * (`settleRental`): the units settled can never exceed the units lent, whatever two operators do at once.
 */
export type RentalRecord = typeof goodsRentals.$inferSelect;

const rentalRepo = scopedRepo(goodsRentals);
const returnRepo = scopedRepo(goodsRentalReturns);

export const insertRental = (db: Executor, scope: Scope, values: typeof goodsRentals.$inferInsert) => rentalRepo.insert(db, scope, values);
export const findRental = (db: Executor, scope: Scope, id: number) => rentalRepo.find(db, scope, id);

export async function rentalOfItem(db: Executor, scope: Scope, itemId: number): Promise<RentalRecord | undefined> {
  const [row] = await db
    .select()
    .from(goodsRentals)
    .where(rentalRepo.where(scope, eq(goodsRentals.itemId, itemId)));
  return row;
}

/** Moves the rental of an order line from one of `from` to `to` (with the given changes): undefined when it is in none of them. */
export async function moveRentalOfItem(
  db: Executor,
  scope: Scope,
  itemId: number,
  from: string[],
  to: string,
  values: Partial<Pick<RentalRecord, 'startAt' | 'dueAt'>> = {},
): Promise<RentalRecord | undefined> {
  const [row] = await db
    .update(goodsRentals)
    .set({ ...values, state: to, version: sql`${goodsRentals.version} + 1`, updatedAt: sql`now()` })
    .where(rentalRepo.where(scope, eq(goodsRentals.itemId, itemId), inArray(goodsRentals.state, from)))
    .returning();
  return row;
}

/**
 * Settles units of a rental that is out, at the version the operator saw: `back` handed back
 * (`damaged` of them broken) and `lost` never coming back. Undefined when the version is old, the
 * rental is not out, or fewer units are out. The last units make it `returned`.
 */
export async function settleRental(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  units: { back: number; damaged: number; lost: number },
): Promise<RentalRecord | undefined> {
  const settled = sql`${goodsRentals.returnedQty} + ${goodsRentals.lostQty} + ${units.back + units.lost}`;
  const [row] = await db
    .update(goodsRentals)
    .set({
      returnedQty: sql`${goodsRentals.returnedQty} + ${units.back}`,
      damagedQty: sql`${goodsRentals.damagedQty} + ${units.damaged}`,
      lostQty: sql`${goodsRentals.lostQty} + ${units.lost}`,
      state: sql`case when ${settled} = ${goodsRentals.quantity} then 'returned' else ${goodsRentals.state} end`,
      version: sql`${goodsRentals.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      rentalRepo.where(
        scope,
        eq(goodsRentals.id, id),
        eq(goodsRentals.version, version),
        eq(goodsRentals.state, 'out'),
        sql`${settled} <= ${goodsRentals.quantity}`,
      ),
    )
    .returning();
  return row;
}

export const insertReturn = (db: Executor, scope: Scope, values: typeof goodsRentalReturns.$inferInsert) => returnRepo.insert(db, scope, values);

/** The returns of rentals, oldest first, with the operator's name. */
export function returnsOf(db: Executor, scope: Scope, rentalIds: number[]) {
  if (!rentalIds.length) return Promise.resolve([]);
  return db
    .select({ ret: goodsRentalReturns, operatorName: users.name })
    .from(goodsRentalReturns)
    .leftJoin(users, eq(users.id, goodsRentalReturns.operatorId))
    .where(returnRepo.where(scope, inArray(goodsRentalReturns.rentalId, rentalIds)))
    .orderBy(asc(goodsRentalReturns.id));
}

export interface RentalFilter {
  id?: number;
  venueId?: number;
  state?: string;
  /** Out and due before this instant. */
  dueBefore?: Date;
  orderId?: number;
  memberId?: number;
  keyword?: string;
}

/** A page of rentals with their order's number, the good and the venue, overdue first then newest; and the count of all matches. */
export async function pageRentals(db: Executor, scope: Scope, f: RentalFilter, page: { limit: number; offset: number }) {
  const where = rentalRepo.where(
    scope,
    f.id !== undefined ? eq(goodsRentals.id, f.id) : undefined,
    f.venueId !== undefined ? eq(goodsWarehouses.venueId, f.venueId) : undefined,
    f.state ? eq(goodsRentals.state, f.state) : undefined,
    f.dueBefore ? and(eq(goodsRentals.state, 'out'), lt(goodsRentals.dueAt, f.dueBefore)) : undefined,
    f.orderId !== undefined ? eq(goodsRentals.orderId, f.orderId) : undefined,
    f.memberId !== undefined ? eq(goodsRentals.memberId, f.memberId) : undefined,
    f.keyword ? or(containsText(orders.orderNo, f.keyword), containsText(goods.name, f.keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        rental: goodsRentals,
        orderNo: orders.orderNo,
        buyerName: orders.buyerName,
        buyerPhone: orders.buyerPhone,
        goodsName: goods.name,
        unit: goods.unit,
        venueId: goodsWarehouses.venueId,
      })
      .from(goodsRentals)
      .innerJoin(orders, eq(orders.id, goodsRentals.orderId))
      .innerJoin(goods, eq(goods.id, goodsRentals.goodsId))
      .innerJoin(goodsWarehouses, eq(goodsWarehouses.id, goodsRentals.warehouseId))
      .where(where)
      // Out first, the longest overdue at the top; then the rest, newest first.
      .orderBy(
        sql`(${goodsRentals.state} = 'out') desc`,
        asc(sql`case when ${goodsRentals.state} = 'out' then ${goodsRentals.dueAt} end`),
        desc(goodsRentals.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(goodsRentals)
      .innerJoin(orders, eq(orders.id, goodsRentals.orderId))
      .innerJoin(goods, eq(goods.id, goodsRentals.goodsId))
      .innerJoin(goodsWarehouses, eq(goodsWarehouses.id, goodsRentals.warehouseId))
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

/** Rentals out past `dueBefore` whose member was not reminded since `remindedBefore` (the reminder job), oldest due first. */
export async function rentalsToRemind(db: Executor, scope: Scope, dueBefore: Date, remindedBefore: Date, limit: number) {
  return db
    .select({
      rental: goodsRentals,
      orderNo: orders.orderNo,
      buyerName: orders.buyerName,
      buyerPhone: orders.buyerPhone,
      goodsName: goods.name,
      unit: goods.unit,
    })
    .from(goodsRentals)
    .innerJoin(orders, eq(orders.id, goodsRentals.orderId))
    .innerJoin(goods, eq(goods.id, goodsRentals.goodsId))
    .where(
      rentalRepo.where(
        scope,
        eq(goodsRentals.state, 'out'),
        lt(goodsRentals.dueAt, dueBefore),
        or(sql`${goodsRentals.remindedAt} is null`, lt(goodsRentals.remindedAt, remindedBefore)),
      ),
    )
    .orderBy(asc(goodsRentals.dueAt))
    .limit(limit);
}

/** Marks a rental reminded now, unless another run did since `remindedBefore` (two schedulers never remind twice). */
export async function markReminded(db: Executor, scope: Scope, id: number, remindedBefore: Date): Promise<boolean> {
  const n = await db
    .update(goodsRentals)
    .set({ remindedAt: sql`now()` })
    .where(rentalRepo.where(scope, eq(goodsRentals.id, id), or(sql`${goodsRentals.remindedAt} is null`, lt(goodsRentals.remindedAt, remindedBefore))))
    .returning({ id: goodsRentals.id });
  return n.length > 0;
}

/** The rentals of orders, in the orders' order (the demo's). */
export async function rentalsOfOrders(db: Executor, scope: Scope, orderIds: number[]): Promise<RentalRecord[]> {
  const rows = await db
    .select()
    .from(goodsRentals)
    .where(rentalRepo.where(scope, inArray(goodsRentals.orderId, orderIds)));
  return orderIds.map((id) => rows.find((r) => r.orderId === id)!).filter(Boolean);
}

/** Moves a rental's start and due time `minutes` into the past (the demo's rental rented this morning). */
export async function backdateRental(db: Executor, scope: Scope, id: number, minutes: number): Promise<void> {
  await db
    .update(goodsRentals)
    .set({ startAt: sql`${goodsRentals.startAt} - make_interval(mins => ${minutes})`, dueAt: sql`${goodsRentals.dueAt} - make_interval(mins => ${minutes})` })
    .where(rentalRepo.where(scope, eq(goodsRentals.id, id)));
}
