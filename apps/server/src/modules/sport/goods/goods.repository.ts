import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, type Scope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { containsText } from '../../system/index.ts';
import { goods, goodsCategories, goodsMovements, goodsSales, goodsStocks, goodsWarehouses } from './goods.table.ts';

/** Every query on categories and goods (stock, warehouses and sales: stock.repository.ts). */
export type GoodsRecord = typeof goods.$inferSelect;

const categoryRepo = scopedRepo(goodsCategories);
/** The outer query's row in a correlated subquery, named in full (Drizzle leaves a one-table select's columns bare, which the subquery would read as its own). */
const outer = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);
const goodsId = outer('sport_goods', 'id');
const goodsRepo = scopedRepo(goods);

// ---------------------------------------------------------------- categories

export const findCategory = (db: Executor, scope: Scope, id: number) => categoryRepo.find(db, scope, id);
export const insertCategory = (db: Executor, scope: Scope, values: typeof goodsCategories.$inferInsert) => categoryRepo.insert(db, scope, values);
export const updateCategory = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof goodsCategories>) =>
  categoryRepo.update(db, scope, id, version, values);
export const removeCategories = (db: Executor, scope: Scope, ids: number[]) => categoryRepo.remove(db, scope, ids);

/** Every category in scope with the number of goods directly in it, in tree order (sort, then id). */
export async function categoriesWithCounts(db: Executor, scope: Scope, ids?: number[]) {
  const goodsCount = sql<number>`(select count(*)::int from ${goods} g where g.category_id = ${outer('sport_goods_category', 'id')})`;
  return db
    .select({ category: goodsCategories, goodsCount })
    .from(goodsCategories)
    .where(categoryRepo.where(scope, ids ? inArray(goodsCategories.id, ids) : undefined))
    .orderBy(asc(goodsCategories.sort), asc(goodsCategories.id));
}

/** The category and every category under it (ids), within the scope. */
export async function categorySubtree(db: Executor, scope: Scope, id: number): Promise<number[]> {
  const rows = (await db.execute(sql`
    with recursive tree as (
      select ${goodsCategories.id} as id from ${goodsCategories} where ${categoryRepo.where(scope, eq(goodsCategories.id, id))}
      union all
      select c.id from ${goodsCategories} c join tree on c.parent_id = tree.id
    )
    select id::int as id from tree`)) as unknown as { rows: { id: number }[] };
  return rows.rows.map((r) => Number(r.id));
}

/** How many goods are in the categories `ids`. */
export async function goodsInCategories(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(goods)
    .where(goodsRepo.where(scope, inArray(goods.categoryId, ids)));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- goods

export const findGoods = (db: Executor, scope: Scope, id: number) => goodsRepo.find(db, scope, id);
export const findManyGoods = (db: Executor, scope: Scope, ids: number[]) => goodsRepo.findMany(db, scope, ids);
export const insertGoods = (db: Executor, scope: Scope, values: typeof goods.$inferInsert) => goodsRepo.insert(db, scope, values);
export const updateGoods = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof goods>) =>
  goodsRepo.update(db, scope, id, version, values);
export const removeGoods = (db: Executor, scope: Scope, ids: number[]) => goodsRepo.remove(db, scope, ids);

/** Goods of `ids` that have a history (a movement or a sale line): kept, never deleted. */
export async function goodsWithHistory(db: Executor, scope: Scope, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      goodsRepo.where(
        scope,
        inArray(goods.id, ids),
        or(
          sql`exists (select 1 from ${goodsMovements} m where m.goods_id = ${goodsId})`,
          sql`exists (select 1 from ${goodsSales} x where x.goods_id = ${goodsId})`,
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * On hand and held of a good in all its warehouses, or in a venue's (its stock rows are its
 * organisation's by their key).
 */
function stockSums(venueId?: number) {
  const at = venueId === undefined ? sql`` : sql` and s.warehouse_id in (select w.id from ${goodsWarehouses} w where w.venue_id = ${venueId})`;
  return {
    onHand: sql<number>`(select coalesce(sum(s.on_hand), 0)::int from ${goodsStocks} s where s.goods_id = ${goodsId}${at})`,
    held: sql<number>`(select coalesce(sum(s.held), 0)::int from ${goodsStocks} s where s.goods_id = ${goodsId}${at})`,
  };
}
const everywhere = stockSums();

export interface GoodsFilter {
  id?: number;
  keyword?: string;
  categoryIds?: number[];
  status?: string;
  /** Only goods with a rent rate. */
  rentable?: boolean;
  /** The venue's goods: its organisation's, with the stock in its warehouses only. */
  venue?: { id: number; orgId: number };
}
const goodsWhere = (scope: Scope, f: GoodsFilter) =>
  goodsRepo.where(
    scope,
    f.id !== undefined ? eq(goods.id, f.id) : undefined,
    f.keyword ? or(containsText(goods.name, f.keyword), containsText(goods.code, f.keyword), containsText(goods.barcode, f.keyword)) : undefined,
    f.categoryIds ? inArray(goods.categoryId, f.categoryIds.length ? f.categoryIds : [0]) : undefined,
    f.status ? eq(goods.status, f.status) : undefined,
    f.venue ? eq(goods.orgId, f.venue.orgId) : undefined,
    f.rentable ? or(isNotNull(goods.rentHourFen), isNotNull(goods.rentDayFen)) : undefined,
  );
export const goodsSorts = { name: goods.name, code: goods.code, priceFen: goods.priceFen, createTime: goods.createdAt };
export const goodsDefaultOrder = [desc(goods.id)];

/** `goods/list` (a fixed call): id, name, price and what can be sold now, and the count of all matches. */
export async function pageGoodsList(db: Executor, scope: Scope, f: GoodsFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = goodsWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: goods.id, name: goods.name, priceFen: goods.priceFen, stock: sql<number>`${everywhere.onHand} - ${everywhere.held}` })
      .from(goods)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(goods).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows: rows.map((r) => ({ ...r, stock: Number(r.stock) })) };
}

/** The console's goods rows: every column, the category's name, on hand and held in all warehouses. */
export async function pageGoodsRows(db: Executor, scope: Scope, f: GoodsFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = goodsWhere(scope, f);
  const { onHand, held } = stockSums(f.venue?.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({ goods, categoryName: goodsCategories.name, onHand, held })
      .from(goods)
      .leftJoin(goodsCategories, and(eq(goodsCategories.id, goods.categoryId), eq(goodsCategories.orgId, goods.orgId)))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(goods).where(where),
  ]);
  return { total: Number(total?.n ?? 0), rows: rows.map((r) => ({ ...r, onHand: Number(r.onHand), held: Number(r.held) })) };
}

/**
 * The demo shop's goods and categories in two statements (first start pays ~2 ms a statement on the
 * embedded database): the categories, then the goods naming them by name.
 */
export async function insertDemoCatalogue(
  db: Executor,
  scope: Scope,
  orgId: number,
  categories: { name: string; sort: number }[],
  items: {
    code: string;
    barcode: string;
    name: string;
    category: string;
    unit: string;
    priceFen: number;
    rentHourFen?: number;
    rentDayFen?: number;
    depositFen?: number;
    lateFeeHourFen?: number;
  }[],
): Promise<GoodsRecord[]> {
  await assertInScope(db, scope, [orgId]);
  const made = await db
    .insert(goodsCategories)
    .values(categories.map((c) => ({ orgId, name: c.name, sort: c.sort })))
    .returning();
  const byName = new Map(made.map((c) => [c.name, c.id]));
  return db
    .insert(goods)
    .values(
      items.map((i) => ({
        orgId,
        code: i.code,
        barcode: i.barcode,
        name: i.name,
        categoryId: byName.get(i.category) ?? null,
        unit: i.unit,
        priceFen: i.priceFen,
        rentHourFen: i.rentHourFen ?? null,
        rentDayFen: i.rentDayFen ?? null,
        depositFen: i.depositFen ?? null,
        lateFeeHourFen: i.lateFeeHourFen ?? null,
      })),
    )
    .returning();
}
