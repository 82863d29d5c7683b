import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, type Scope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { containsText, users } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { goods, goodsMovements, goodsSales, goodsStocks, goodsWarehouses } from './goods.table.ts';

/**
 * Every query on warehouses, stock rows, the stock ledger and sale lines. A change of stock is one
 * conditional write on the stock row (which takes its lock until the transaction ends) followed by
 * the movement that carries the balance that write answered: the ledger's order is the row lock's.
 */
export type WarehouseRecord = typeof goodsWarehouses.$inferSelect;
export type StockRecord = typeof goodsStocks.$inferSelect;
export type MovementRecord = typeof goodsMovements.$inferSelect;
export type SaleRecord = typeof goodsSales.$inferSelect;

const warehouseRepo = scopedRepo(goodsWarehouses);
const stockRepo = scopedRepo(goodsStocks);
const movementRepo = scopedRepo(goodsMovements);
const saleRepo = scopedRepo(goodsSales);

/** One good in one warehouse of an organisation. */
export interface StockKey {
  orgId: number;
  goodsId: number;
  warehouseId: number;
}

// ---------------------------------------------------------------- warehouses

export const findWarehouse = (db: Executor, scope: Scope, id: number) => warehouseRepo.find(db, scope, id);
export const findWarehouses = (db: Executor, scope: Scope, ids: number[]) => warehouseRepo.findMany(db, scope, ids);
export const insertWarehouse = (db: Executor, scope: Scope, values: typeof goodsWarehouses.$inferInsert) => warehouseRepo.insert(db, scope, values);
export const updateWarehouse = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof goodsWarehouses>) =>
  warehouseRepo.update(db, scope, id, version, values);

/** The default warehouse of a venue, made on first need (two callers at once: one insert wins, both read it). */
export async function defaultWarehouse(db: Executor, scope: Scope, venue: { id: number; orgId: number }, name: string): Promise<WarehouseRecord | undefined> {
  const find = async () =>
    (
      await db
        .select()
        .from(goodsWarehouses)
        .where(warehouseRepo.where(scope, eq(goodsWarehouses.venueId, venue.id), eq(goodsWarehouses.isDefault, true)))
    )[0];
  const found = await find();
  if (found) return found;
  await assertInScope(db, scope, [venue.orgId]);
  const [made] = await db.insert(goodsWarehouses).values({ orgId: venue.orgId, venueId: venue.id, name, isDefault: true }).onConflictDoNothing().returning();
  // Not made: another caller's insert won (read it), or another warehouse of the venue has the default's name (none).
  return made ?? (await find());
}

/** Warehouses in scope (of one venue, or all), default first. */
export function warehousesOf(db: Executor, scope: Scope, venueId?: number) {
  return db
    .select()
    .from(goodsWarehouses)
    .where(warehouseRepo.where(scope, venueId !== undefined ? eq(goodsWarehouses.venueId, venueId) : undefined))
    .orderBy(asc(goodsWarehouses.venueId), desc(goodsWarehouses.isDefault), asc(goodsWarehouses.id));
}

/** A good and a warehouse of the same organisation, in scope, read together (an order line's pricing: one statement). */
export async function goodsInWarehouse(db: Executor, scope: Scope, goodsId: number, warehouseId: number) {
  const [row] = await db
    .select({ goods, warehouse: goodsWarehouses })
    .from(goodsWarehouses)
    .innerJoin(goods, and(eq(goods.id, goodsId), eq(goods.orgId, goodsWarehouses.orgId)))
    .where(warehouseRepo.where(scope, eq(goodsWarehouses.id, warehouseId)));
  return row;
}

// ---------------------------------------------------------------- stock rows: each change is one conditional write

const isStock = (scope: Scope, key: StockKey) => stockRepo.where(scope, eq(goodsStocks.goodsId, key.goodsId), eq(goodsStocks.warehouseId, key.warehouseId));

/** The stock row of a good in a warehouse (undefined: nothing ever came in). */
export async function stockOf(db: Executor, scope: Scope, key: StockKey): Promise<StockRecord | undefined> {
  const [row] = await db.select().from(goodsStocks).where(isStock(scope, key));
  return row;
}

/** Adds `qty` on hand (a purchase, a return, a transfer in), making the row on first need: one upsert, answering the balance. */
export async function addOnHand(db: Executor, scope: Scope, key: StockKey, qty: number): Promise<StockRecord> {
  await assertInScope(db, scope, [key.orgId]);
  const [row] = await db
    .insert(goodsStocks)
    .values({ ...key, onHand: qty })
    .onConflictDoUpdate({
      target: [goodsStocks.warehouseId, goodsStocks.goodsId],
      set: { onHand: sql`${goodsStocks.onHand} + ${qty}`, updatedAt: sql`now()` },
      setWhere: eq(goodsStocks.orgId, key.orgId),
    })
    .returning();
  return row!;
}

/** Takes `qty` off what is on hand and not held (a write-off, a transfer out): undefined when fewer are available. */
export async function takeOnHand(db: Executor, scope: Scope, key: StockKey, qty: number): Promise<StockRecord | undefined> {
  const [row] = await db
    .update(goodsStocks)
    .set({ onHand: sql`${goodsStocks.onHand} - ${qty}`, updatedAt: sql`now()` })
    .where(and(isStock(scope, key), sql`${goodsStocks.onHand} - ${goodsStocks.held} >= ${qty}`))
    .returning();
  return row;
}

/** Sets what is on hand to a count, never below what is held: undefined when the count is below it (or no row). */
export async function setOnHand(db: Executor, scope: Scope, key: StockKey, counted: number): Promise<StockRecord | undefined> {
  const [row] = await db
    .update(goodsStocks)
    .set({ onHand: counted, updatedAt: sql`now()` })
    .where(and(isStock(scope, key), sql`${goodsStocks.held} <= ${counted}`))
    .returning();
  return row;
}

/** Holds `qty` for a pending order: one conditional update, `on_hand - held >= qty`; undefined when fewer are available. */
export async function holdStock(db: Executor, scope: Scope, key: StockKey, qty: number): Promise<StockRecord | undefined> {
  const [row] = await db
    .update(goodsStocks)
    .set({ held: sql`${goodsStocks.held} + ${qty}`, updatedAt: sql`now()` })
    .where(and(isStock(scope, key), sql`${goodsStocks.onHand} - ${goodsStocks.held} >= ${qty}`))
    .returning();
  return row;
}

/** Gives back `qty` held (cancel, time-out): undefined when fewer are held. */
export async function releaseHeld(db: Executor, scope: Scope, key: StockKey, qty: number): Promise<StockRecord | undefined> {
  const [row] = await db
    .update(goodsStocks)
    .set({ held: sql`${goodsStocks.held} - ${qty}`, updatedAt: sql`now()` })
    .where(and(isStock(scope, key), sql`${goodsStocks.held} >= ${qty}`))
    .returning();
  return row;
}

/** The hold of a paid order becomes a sale: `qty` leaves both held and on hand; undefined when fewer are held. */
export async function sellHeld(db: Executor, scope: Scope, key: StockKey, qty: number): Promise<StockRecord | undefined> {
  const [row] = await db
    .update(goodsStocks)
    .set({ onHand: sql`${goodsStocks.onHand} - ${qty}`, held: sql`${goodsStocks.held} - ${qty}`, updatedAt: sql`now()` })
    .where(and(isStock(scope, key), sql`${goodsStocks.held} >= ${qty}`))
    .returning();
  return row;
}

/** Makes the stock rows of a good in these warehouses (none on hand) and locks them in warehouse order: a transfer's two rows, never in opposite orders. */
export async function lockStocks(db: Executor, scope: Scope, orgId: number, goodsId: number, warehouseIds: number[]): Promise<StockRecord[]> {
  await assertInScope(db, scope, [orgId]);
  const sorted = [...new Set(warehouseIds)].sort((a, b) => a - b);
  await db
    .insert(goodsStocks)
    .values(sorted.map((warehouseId) => ({ orgId, goodsId, warehouseId })))
    .onConflictDoNothing();
  return db
    .select()
    .from(goodsStocks)
    .where(stockRepo.where(scope, eq(goodsStocks.goodsId, goodsId), inArray(goodsStocks.warehouseId, sorted)))
    .orderBy(asc(goodsStocks.warehouseId))
    .for('update');
}

// ---------------------------------------------------------------- the ledger

/** A movement, stamped with the database's clock at insert (inside the stock row's lock). */
export const insertMovement = (db: Executor, scope: Scope, values: Omit<typeof goodsMovements.$inferInsert, 'occurredAt'>) =>
  movementRepo.insert(db, scope, values);

export interface MovementFilter {
  ids?: number[];
  goodsId?: number;
  warehouseId?: number;
  venueId?: number;
  kind?: string;
  from?: Date;
  to?: Date;
}
const movementWhere = (scope: Scope, f: MovementFilter) =>
  movementRepo.where(
    scope,
    f.ids ? inArray(goodsMovements.id, f.ids) : undefined,
    f.goodsId !== undefined ? eq(goodsMovements.goodsId, f.goodsId) : undefined,
    f.warehouseId !== undefined ? eq(goodsMovements.warehouseId, f.warehouseId) : undefined,
    f.venueId !== undefined ? eq(goodsWarehouses.venueId, f.venueId) : undefined,
    f.kind ? eq(goodsMovements.kind, f.kind) : undefined,
    f.from ? gte(goodsMovements.occurredAt, f.from) : undefined,
    f.to ? lt(goodsMovements.occurredAt, f.to) : undefined,
  );

/** A page of movements, newest first, with the good, warehouse, order and operator they name; and the count of all matches. */
export async function pageMovements(db: Executor, scope: Scope, f: MovementFilter, page: { limit: number; offset: number }) {
  const where = movementWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        movement: goodsMovements,
        goodsName: goods.name,
        goodsCode: goods.code,
        warehouseName: goodsWarehouses.name,
        venueId: goodsWarehouses.venueId,
        orderNo: orders.orderNo,
        operatorName: users.name,
      })
      .from(goodsMovements)
      .innerJoin(goods, eq(goods.id, goodsMovements.goodsId))
      .innerJoin(goodsWarehouses, eq(goodsWarehouses.id, goodsMovements.warehouseId))
      .leftJoin(orders, eq(orders.id, goodsMovements.orderId))
      .leftJoin(users, eq(users.id, goodsMovements.operatorId))
      .where(where)
      .orderBy(desc(goodsMovements.occurredAt), desc(goodsMovements.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(goodsMovements).innerJoin(goodsWarehouses, eq(goodsWarehouses.id, goodsMovements.warehouseId)).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

/**
 * On hand of a good at an instant, in each warehouse it has stock in (all, or those given): the
 * balance of the last movement at or before the instant, one index lookup per warehouse (0 before
 * the first movement).
 */
export async function stockAt(db: Executor, scope: Scope, goodsId: number, at: Date, warehouseIds?: number[]) {
  const balance = sql<number>`coalesce((
    select m.balance_after from ${goodsMovements} m
     where m.goods_id = "sport_goods_stock"."goods_id" and m.warehouse_id = "sport_goods_stock"."warehouse_id" and m.occurred_at <= ${at.toISOString()}::timestamptz
     order by m.occurred_at desc, m.id desc limit 1), 0)`;
  const rows = await db
    .select({ warehouseId: goodsStocks.warehouseId, warehouseName: goodsWarehouses.name, venueId: goodsWarehouses.venueId, quantity: balance })
    .from(goodsStocks)
    .innerJoin(goodsWarehouses, eq(goodsWarehouses.id, goodsStocks.warehouseId))
    .where(stockRepo.where(scope, eq(goodsStocks.goodsId, goodsId), warehouseIds ? inArray(goodsStocks.warehouseId, warehouseIds) : undefined))
    .orderBy(asc(goodsStocks.warehouseId));
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

// ---------------------------------------------------------------- stock lists

export interface StockFilter {
  goodsIds?: number[];
  keyword?: string;
  categoryIds?: number[];
  warehouseId?: number;
  venueId?: number;
  availableAtMost?: number;
}
const stockWhere = (scope: Scope, f: StockFilter) =>
  stockRepo.where(
    scope,
    f.goodsIds ? inArray(goodsStocks.goodsId, f.goodsIds.length ? f.goodsIds : [0]) : undefined,
    f.keyword ? or(containsText(goods.name, f.keyword), containsText(goods.code, f.keyword), containsText(goods.barcode, f.keyword)) : undefined,
    f.categoryIds ? inArray(goods.categoryId, f.categoryIds.length ? f.categoryIds : [0]) : undefined,
    f.warehouseId !== undefined ? eq(goodsStocks.warehouseId, f.warehouseId) : undefined,
    f.venueId !== undefined ? eq(goodsWarehouses.venueId, f.venueId) : undefined,
    f.availableAtMost !== undefined ? lte(sql`${goodsStocks.onHand} - ${goodsStocks.held}`, f.availableAtMost) : undefined,
  );

/** Stock rows with their good and warehouse, by good then warehouse; and the count of all matches. */
export async function pageStocks(db: Executor, scope: Scope, f: StockFilter, page: { limit: number; offset: number }) {
  const where = stockWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        stock: goodsStocks,
        goodsName: goods.name,
        goodsCode: goods.code,
        unit: goods.unit,
        warehouseName: goodsWarehouses.name,
        venueId: goodsWarehouses.venueId,
      })
      .from(goodsStocks)
      .innerJoin(goods, eq(goods.id, goodsStocks.goodsId))
      .innerJoin(goodsWarehouses, eq(goodsWarehouses.id, goodsStocks.warehouseId))
      .where(where)
      .orderBy(asc(goodsStocks.goodsId), asc(goodsStocks.warehouseId))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(goodsStocks)
      .innerJoin(goods, eq(goods.id, goodsStocks.goodsId))
      .innerJoin(goodsWarehouses, eq(goodsWarehouses.id, goodsStocks.warehouseId))
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- sale lines

export const insertSale = (db: Executor, scope: Scope, values: typeof goodsSales.$inferInsert) => saleRepo.insert(db, scope, values);
export const findSale = (db: Executor, scope: Scope, id: number) => saleRepo.find(db, scope, id);

/** The goods of an order line (undefined: the line holds none). */
export async function saleOfItem(db: Executor, scope: Scope, itemId: number): Promise<SaleRecord | undefined> {
  const [row] = await db
    .select()
    .from(goodsSales)
    .where(saleRepo.where(scope, eq(goodsSales.itemId, itemId)));
  return row;
}

/** Moves the sale line that matches from one of `from` to `to` (one conditional write): undefined when none is in them. */
async function moveSaleWhere(db: Executor, scope: Scope, match: SQL, from: string[], to: string): Promise<SaleRecord | undefined> {
  const [row] = await db
    .update(goodsSales)
    .set({ state: to, updatedAt: sql`now()` })
    .where(saleRepo.where(scope, match, inArray(goodsSales.state, from)))
    .returning();
  return row;
}

/** Moves the sale line of an order item from one of `from` to `to`: undefined when it has none in them. */
export const moveSaleOfItem = (db: Executor, scope: Scope, itemId: number, from: string[], to: string) =>
  moveSaleWhere(db, scope, eq(goodsSales.itemId, itemId), from, to);

/** Moves a sale line from one of `from` to `to`: undefined when it is in none of them. */
export const moveSale = (db: Executor, scope: Scope, id: number, from: string[], to: string) => moveSaleWhere(db, scope, eq(goodsSales.id, id), from, to);

/** Counts `qty` more units of a sold line as returned, while unopened and unreturned units are left: undefined otherwise. */
export async function addReturned(db: Executor, scope: Scope, id: number, qty: number): Promise<SaleRecord | undefined> {
  const [row] = await db
    .update(goodsSales)
    .set({ returnedQty: sql`${goodsSales.returnedQty} + ${qty}`, updatedAt: sql`now()` })
    .where(
      saleRepo.where(
        scope,
        eq(goodsSales.id, id),
        eq(goodsSales.state, 'sold'),
        sql`${goodsSales.openedQty} + ${goodsSales.returnedQty} + ${qty} <= ${goodsSales.quantity}`,
      ),
    )
    .returning();
  return row;
}

/** Counts `qty` more units of the matching line (held or sold) as opened: undefined when fewer unopened and unreturned units are left. */
async function openWhere(db: Executor, scope: Scope, match: SQL[], qty: number): Promise<SaleRecord | undefined> {
  const [row] = await db
    .update(goodsSales)
    .set({ openedQty: sql`${goodsSales.openedQty} + ${qty}`, updatedAt: sql`now()` })
    .where(
      saleRepo.where(
        scope,
        ...match,
        inArray(goodsSales.state, ['held', 'sold']),
        sql`${goodsSales.openedQty} + ${goodsSales.returnedQty} + ${qty} <= ${goodsSales.quantity}`,
      ),
    )
    .returning();
  return row;
}

/** Counts `qty` more units of a line as opened. */
export const addOpened = (db: Executor, scope: Scope, id: number, qty: number) => openWhere(db, scope, [eq(goodsSales.id, id)], qty);

/** Counts `qty` units of an order's line of a good as opened (the demo's bottle drunk at the counter). */
export const openInOrder = (db: Executor, scope: Scope, orderId: number, goodsId: number, qty: number) =>
  openWhere(db, scope, [eq(goodsSales.orderId, orderId), eq(goodsSales.goodsId, goodsId)], qty);

export interface SaleFilter {
  id?: number;
  orderId?: number;
  goodsId?: number;
  venueId?: number;
  state?: string;
}

/** A page of sale lines with their order's number and good's name, newest first; and the count of all matches. */
export async function pageSales(db: Executor, scope: Scope, f: SaleFilter, page: { limit: number; offset: number }) {
  const where = saleRepo.where(
    scope,
    f.id !== undefined ? eq(goodsSales.id, f.id) : undefined,
    f.orderId !== undefined ? eq(goodsSales.orderId, f.orderId) : undefined,
    f.goodsId !== undefined ? eq(goodsSales.goodsId, f.goodsId) : undefined,
    f.venueId !== undefined ? eq(goodsWarehouses.venueId, f.venueId) : undefined,
    f.state ? eq(goodsSales.state, f.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ sale: goodsSales, orderNo: orders.orderNo, goodsName: goods.name })
      .from(goodsSales)
      .innerJoin(orders, eq(orders.id, goodsSales.orderId))
      .innerJoin(goods, eq(goods.id, goodsSales.goodsId))
      .innerJoin(goodsWarehouses, eq(goodsWarehouses.id, goodsSales.warehouseId))
      .where(where)
      .orderBy(desc(goodsSales.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(goodsSales).innerJoin(goodsWarehouses, eq(goodsWarehouses.id, goodsSales.warehouseId)).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

// ---------------------------------------------------------------- demo data

/**
 * The demo shop's stock over the last `days` days in two statements: purchases and a few write-offs
 * and count differences per good, spread over the period, each with the balance the ledger would
 * have given (a running sum in time order), then the stock rows at those balances. `plan` gives,
 * per good, how many units each of its `n` deliveries brought.
 */
export async function insertDemoStock(
  db: Executor,
  scope: Scope,
  orgId: number,
  warehouseId: number,
  plan: { goodsId: number; deliveries: number; perDelivery: number }[],
  days: number,
  operatorId: number | null,
): Promise<void> {
  await assertInScope(db, scope, [orgId]);
  // Whole numbers as array literals (one parameter each).
  const list = (xs: number[]) => `{${xs.map((x) => Math.trunc(x)).join(',')}}`;
  const goodsIds = list(plan.map((p) => p.goodsId));
  const deliveries = list(plan.map((p) => p.deliveries));
  const per = list(plan.map((p) => p.perDelivery));
  // Deliveries every few days (the first `days` ago), a write-off of 1 after the second delivery and a
  // count one short near the end for every third good; balances are the running sum per good.
  await db.execute(sql`
    with plan as (
      select * from unnest(${goodsIds}::bigint[], ${deliveries}::int[], ${per}::int[]) as p(goods_id, n, per)
    ),
    moves as (
      select p.goods_id, 'purchase_in' as kind, p.per as quantity, null::text as reason, '供应商送货' as remark,
             now() - make_interval(days => ${days}::int) + (d.i * make_interval(days => ${days}::int) / p.n) + make_interval(hours => 9 + (p.goods_id % 5)::int) as at
        from plan p cross join lateral generate_series(0, p.n - 1) as d(i)
      union all
      select p.goods_id, 'damage', -1, '包装破损', null, now() - make_interval(days => ${days}::int) + (1 * make_interval(days => ${days}::int) / p.n) + interval '2 days 15 hours'
        from plan p where p.n > 1
      union all
      select p.goods_id, 'adjust', -1, '月末盘点短少 1', null, now() - interval '2 days' + interval '20 hours'
        from plan p where p.goods_id % 3 = 0
    ),
    ledger as (
      select goods_id, kind, quantity, reason, remark, at,
             sum(quantity) over (partition by goods_id order by at, kind rows unbounded preceding) as balance
        from moves
    )
    insert into ${goodsMovements} (org_id, goods_id, warehouse_id, kind, quantity, balance_after, reason, remark, operator_id, occurred_at)
    select ${orgId}, goods_id, ${warehouseId}, kind, quantity, balance, reason, remark, ${operatorId}, at from ledger order by at`);
  await db.execute(sql`
    insert into ${goodsStocks} (org_id, goods_id, warehouse_id, on_hand)
    select distinct on (m.goods_id) ${orgId}, m.goods_id, ${warehouseId}, m.balance_after
      from ${goodsMovements} m where m.org_id = ${orgId} and m.warehouse_id = ${warehouseId} and m.goods_id = any(${goodsIds}::bigint[])
     order by m.goods_id, m.occurred_at desc, m.id desc`);
}
