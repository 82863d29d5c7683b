import type { GoodsCategoryCreate, GoodsCategoryNode, GoodsCategoryUpdate, GoodsCreate, GoodsListQuery, GoodsPageQuery, GoodsUpdate } from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { findVenue } from '../venue/index.ts';
import type { Caller } from '../../../platform/http.ts';
import { orderOf, pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { mapDuplicate } from '../../system/index.ts';
import {
  categoriesWithCounts,
  categorySubtree,
  goodsInCategories,
  findCategory,
  findGoods,
  findManyGoods,
  goodsDefaultOrder,
  goodsSorts,
  goodsWithHistory,
  insertCategory,
  insertGoods,
  pageGoodsList,
  pageGoodsRows,
  removeCategories,
  removeGoods,
  updateCategory,
  updateGoods,
} from './goods.repository.ts';
import { stockRows } from './stock.service.ts';
import './goods.messages.ts';

const CATEGORY_UNIQUE = { sport_goods_category_name_uq: ['name', 'field.goodsCategoryName'] as [string, string] };
const GOODS_UNIQUE = {
  sport_goods_code_uq: ['code', 'field.goodsCode'] as [string, string],
  sport_goods_barcode_uq: ['barcode', 'field.goodsBarcode'] as [string, string],
};

// ---------------------------------------------------------------- categories

type CategoryRow = Omit<GoodsCategoryNode, 'children' | 'createTime'> & { createTime: Date };
type CategoryNode = CategoryRow & { children: CategoryNode[] };

const categoryRow = ({ category: { createdAt, updatedAt: _u, ...c }, goodsCount }: Awaited<ReturnType<typeof categoriesWithCounts>>[number]): CategoryRow => ({
  ...c,
  goodsCount: Number(goodsCount),
  createTime: createdAt,
});

/** `GET goods/category/tree`: the categories in scope as trees (each organisation's roots at the top), in their order. */
export async function categoryTree(db: Db, caller: Caller): Promise<CategoryNode[]> {
  const rows = (await categoriesWithCounts(db, scopeOf(caller))).map(categoryRow);
  const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

async function categoryAnswer(db: Executor, scope: Scope, id: number): Promise<CategoryRow> {
  const [row] = await categoriesWithCounts(db, scope, [id]);
  if (!row) throw notFound();
  return categoryRow(row);
}

/** A parent must be a category of the same organisation (another's, or one out of scope: 100404). */
async function checkParent(db: Executor, scope: Scope, orgId: number, parentId: number | null | undefined) {
  if (parentId == null) return;
  const parent = await findCategory(db, scope, parentId);
  if (!parent || parent.orgId !== orgId) throw notFound();
}

export async function addCategory(db: Db, caller: Caller, input: GoodsCategoryCreate) {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  await checkParent(db, scope, orgId, input.parentId);
  const c = await mapDuplicate(insertCategory(db, scope, { orgId, parentId: input.parentId ?? null, name: input.name, sort: input.sort }), CATEGORY_UNIQUE);
  return categoryAnswer(db, scope, c.id);
}

/** An edit; a new parent is never the category itself or one below it. */
export async function editCategory(db: Db, caller: Caller, id: number, input: GoodsCategoryUpdate) {
  const scope = scopeOf(caller);
  const c = await findCategory(db, scope, id);
  if (!c) throw notFound();
  const { version, ...values } = input;
  if (values.parentId != null && values.parentId !== c.parentId) {
    await checkParent(db, scope, c.orgId, values.parentId);
    if ((await categorySubtree(db, scope, id)).includes(values.parentId)) throw invalid('parentId', 'goods.categoryUnderItself');
  }
  await mapDuplicate(updateCategory(db, scope, id, version, values), CATEGORY_UNIQUE);
  return categoryAnswer(db, scope, id);
}

/**
 * Deletes categories without goods in them or categories under them that stay (a branch deleted whole
 * goes in one statement, its keys checked at its end); else 100409 `state` and nothing is deleted.
 */
export async function deleteCategories(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const all = (await categoriesWithCounts(tx, scope)).map((r) => r.category);
    if (all.filter((c) => wanted.includes(c.id)).length !== wanted.length) throw notFound();
    const n = await goodsInCategories(tx, scope, wanted);
    if (n) throw conflict('state', 'goods.categoryHasGoods', { n });
    if (all.some((c) => c.parentId !== null && wanted.includes(c.parentId) && !wanted.includes(c.id))) throw conflict('state', 'goods.categoryHasChildren');
    return { deleted: await removeCategories(tx, scope, wanted) };
  });
}

// ---------------------------------------------------------------- goods

async function checkCategory(db: Executor, scope: Scope, orgId: number, categoryId: number | null | undefined) {
  if (categoryId == null) return;
  const c = await findCategory(db, scope, categoryId);
  if (!c || c.orgId !== orgId) throw notFound();
}

/** `POST goods/list` (a fixed call): `{total, data: [{id, name, priceFen, stock}]}`, `stock` what can be sold now. */
export async function listGoods(db: Db, caller: Caller, q: GoodsListQuery) {
  const { total, rows } = await pageGoodsList(db, scopeOf(caller), { keyword: q.keyword }, orderOf(q, goodsSorts, goodsDefaultOrder), pageOf(q));
  return { total, data: rows };
}

type GoodsPage = Awaited<ReturnType<typeof pageGoodsRows>>;
const goodsRowOf = ({ goods: { createdAt, updatedAt, ...g }, categoryName, onHand, held }: GoodsPage['rows'][number]) => ({
  ...g,
  categoryName: categoryName ?? null,
  onHand,
  held,
  available: onHand - held,
  createTime: createdAt,
  updateTime: updatedAt,
});

/** `POST goods/page`: the console's list, by keyword, category (and those under it) and status, with the stock of all warehouses or a venue's. */
export async function pageGoods(db: Db, caller: Caller, q: GoodsPageQuery) {
  const scope = scopeOf(caller);
  let venue: { id: number; orgId: number } | undefined;
  if (q.stadiumId !== undefined) {
    venue = await findVenue(db, scope, q.stadiumId);
    if (!venue) throw notFound();
  }
  const categoryIds = q.categoryId !== undefined ? await categorySubtree(db, scope, q.categoryId) : undefined;
  const { total, rows } = await pageGoodsRows(
    db,
    scope,
    { keyword: q.keyword, categoryIds, status: q.status, venue, rentable: q.rentable },
    orderOf(q, goodsSorts, goodsDefaultOrder),
    pageOf(q),
  );
  return { total, data: rows.map(goodsRowOf) };
}

async function goodsRow(db: Executor, scope: Scope, id: number) {
  const [row] = (await pageGoodsRows(db, scope, { id }, goodsDefaultOrder, { limit: 1, offset: 0 })).rows;
  if (!row) throw notFound();
  return goodsRowOf(row);
}

/** `GET goods/{id}`: the good and its stock in each warehouse. */
export async function getGoods(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const row = await goodsRow(db, scope, id);
  return { ...row, stocks: await stockRows(db, scope, { goodsIds: [id] }) };
}

/** `POST goods` (a fixed call: `{name, categoryId?, priceFen, unit}`): a good, its code made when not given. */
export async function addGoods(db: Db, caller: Caller, input: GoodsCreate) {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  await checkCategory(db, scope, orgId, input.categoryId);
  const { orgId: _o, code, categoryId, ...rest } = input;
  const g = await mapDuplicate(insertGoods(db, scope, { ...rest, orgId, categoryId: categoryId ?? null, ...(code ? { code } : {}) }), GOODS_UNIQUE);
  return goodsRow(db, scope, g.id);
}

export async function editGoods(db: Db, caller: Caller, id: number, input: GoodsUpdate) {
  const scope = scopeOf(caller);
  const g = await findGoods(db, scope, id);
  if (!g) throw notFound();
  const { version, ...values } = input;
  if (values.categoryId !== undefined && values.categoryId !== g.categoryId) await checkCategory(db, scope, g.orgId, values.categoryId);
  await mapDuplicate(updateGoods(db, scope, id, version, values), GOODS_UNIQUE);
  return goodsRow(db, scope, id);
}

/** Deletes goods that were never stocked or sold (the ledger keeps the rest: take them off sale). */
export async function deleteGoods(db: Db, caller: Caller, ids: number[]) {
  const scope = scopeOf(caller);
  return db.transaction(async (tx) => {
    const found = await findManyGoods(tx, scope, ids);
    if (found.length !== new Set(ids).size) throw notFound();
    if ((await goodsWithHistory(tx, scope, ids)).length) throw conflict('state', 'goods.hasHistory');
    return { deleted: await removeGoods(tx, scope, ids) };
  });
}
