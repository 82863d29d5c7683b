import type { StockAdjust, StockAtQuery, StockDamage, StockFlowQuery, StockIn, StockListQuery, StockTransfer } from '@venue/contract';
import { z } from 'zod';
import { warehouseCreate, warehouseUpdate } from '@venue/contract';
import type { Db, Executor, Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { t } from '../../../platform/i18n.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { mapDuplicate } from '../../system/index.ts';
import { nextDocNo, timeZoneOf } from '../commerce/index.ts';
import { findVenue } from '../venue/index.ts';
import { categorySubtree, findGoods, type GoodsRecord } from './goods.repository.ts';
import {
  addOnHand,
  defaultWarehouse,
  findWarehouse,
  findWarehouses,
  holdStock,
  insertMovement,
  insertWarehouse,
  lockStocks,
  pageMovements,
  pageStocks,
  setOnHand,
  stockAt,
  stockOf,
  takeOnHand,
  updateWarehouse,
  warehousesOf,
  type MovementFilter,
  type MovementRecord,
  type StockFilter,
  type StockKey,
  type WarehouseRecord,
} from './stock.repository.ts';
import './goods.messages.ts';

const WAREHOUSE_UNIQUE = { sport_goods_warehouse_name_uq: ['name', 'field.warehouseName'] as [string, string] };

// ---------------------------------------------------------------- where stock is

/** The default warehouse of a venue in scope (100404 otherwise), made on first need. */
export async function venueWarehouse(db: Executor, scope: Scope, venueId: number | { id: number; orgId: number }): Promise<WarehouseRecord> {
  const venue = typeof venueId === 'number' ? await findVenue(db, scope, venueId) : venueId;
  if (!venue) throw notFound();
  const w = await defaultWarehouse(db, scope, venue, t('zh-CN', 'goods.defaultWarehouse'));
  if (!w) throw conflict('duplicate', 'error.conflict');
  return w;
}

/** A warehouse named directly, or a venue's default one; naming both, the warehouse must be the venue's. */
export async function warehouseOf(db: Executor, scope: Scope, at: { stadiumId?: number; warehouseId?: number }): Promise<WarehouseRecord> {
  if (at.warehouseId !== undefined) {
    const w = await findWarehouse(db, scope, at.warehouseId);
    if (!w) throw notFound();
    if (at.stadiumId !== undefined && w.venueId !== at.stadiumId) {
      if (!(await findVenue(db, scope, at.stadiumId))) throw notFound();
      throw invalid('warehouseId', 'goods.warehouseNotOfVenue');
    }
    return w;
  }
  if (at.stadiumId === undefined) throw invalid('stadiumId', 'goods.placeRequired');
  return venueWarehouse(db, scope, at.stadiumId);
}

/** A good in scope, of the warehouse's organisation (another's: 100404). */
async function goodsFor(db: Executor, scope: Scope, goodsId: number, orgId: number): Promise<GoodsRecord> {
  const g = await findGoods(db, scope, goodsId);
  if (!g || g.orgId !== orgId) throw notFound();
  return g;
}

const keyOf = (g: GoodsRecord, w: WarehouseRecord): StockKey => ({ orgId: g.orgId, goodsId: g.id, warehouseId: w.id });

/** Refuses a change that would take more than is available (100409 `stock`), saying what is available now. */
export async function refuseShort(db: Executor, scope: Scope, key: StockKey, name: string, qty: number): Promise<never> {
  const s = await stockOf(db, scope, key);
  throw conflict('stock', 'goods.stockShort', { name, left: Math.max(0, s ? s.onHand - s.held : 0), qty });
}

/** Holds `qty` units for a pending order line (one conditional write), or refuses with what is available. */
export async function holdUnits(db: Executor, scope: Scope, key: StockKey, name: string, qty: number): Promise<void> {
  if (!(await holdStock(db, scope, key, qty))) await refuseShort(db, scope, key, name, qty);
}

// ---------------------------------------------------------------- answers

type MovementPage = Awaited<ReturnType<typeof pageMovements>>;
const movementRow = ({ movement: m, goodsName, goodsCode, warehouseName, venueId, orderNo, operatorName }: MovementPage['rows'][number]) => ({
  id: m.id,
  orgId: m.orgId,
  goodsId: m.goodsId,
  goodsName,
  goodsCode,
  warehouseId: m.warehouseId,
  warehouseName,
  stadiumId: venueId,
  kind: m.kind,
  quantity: m.quantity,
  balanceAfter: m.balanceAfter,
  orderId: m.orderId,
  orderNo: orderNo ?? null,
  transferNo: m.transferNo,
  reason: m.reason,
  remark: m.remark,
  operatorName: operatorName ?? null,
  occurredAt: m.occurredAt,
});

async function movementAnswers(db: Executor, scope: Scope, ids: number[]) {
  const { rows } = await pageMovements(db, scope, { ids }, { limit: ids.length, offset: 0 });
  return ids.map((id) => movementRow(rows.find((r) => r.movement.id === id)!));
}

/** Stock rows as answered: the good, the warehouse and its venue, on hand, held and available. */
export async function stockRows(db: Executor, scope: Scope, f: StockFilter, page = { limit: 500, offset: 0 }) {
  const { rows } = await pageStocks(db, scope, f, page);
  return rows.map(stockRowOf);
}
const stockRowOf = ({ stock: s, goodsName, goodsCode, unit, warehouseName, venueId }: Awaited<ReturnType<typeof pageStocks>>['rows'][number]) => ({
  goodsId: s.goodsId,
  goodsName,
  goodsCode,
  unit,
  warehouseId: s.warehouseId,
  warehouseName,
  stadiumId: venueId,
  onHand: s.onHand,
  held: s.held,
  available: s.onHand - s.held,
  updateTime: s.updatedAt,
});

// ---------------------------------------------------------------- movements

/** Puts `qty` on the shelf and books the movement with the balance the write answered (inside the row's lock). */
export async function bookIn(
  tx: Tx,
  scope: Scope,
  key: StockKey,
  qty: number,
  m: Pick<MovementRecord, 'kind'> & Partial<Pick<MovementRecord, 'orderId' | 'transferNo' | 'reason' | 'remark' | 'operatorId'>>,
): Promise<MovementRecord> {
  const row = await addOnHand(tx, scope, key, qty);
  return insertMovement(tx, scope, { ...key, ...m, quantity: qty, balanceAfter: row.onHand });
}

/** `POST goods/stock/in` (a fixed call): goods bought in to the venue's warehouse (or the one named). Answers the movement. */
export async function stockIn(db: Db, caller: Caller, input: StockIn) {
  const scope = scopeOf(caller);
  const w = await warehouseOf(db, scope, input);
  const g = await goodsFor(db, scope, input.goodsId, w.orgId);
  const m = await db.transaction((tx) =>
    bookIn(tx, scope, keyOf(g, w), input.quantity, { kind: 'purchase_in', remark: input.remark ?? null, operatorId: caller.userId }),
  );
  return (await movementAnswers(db, scope, [m.id]))[0]!;
}

/**
 * `POST goods/stock/adjust`: a count. The shelf holds `counted`: the difference is booked (0 too, as
 * the record that the count found it right); never below what pending orders hold (100409 `stock`).
 */
export async function adjustStock(db: Db, caller: Caller, input: StockAdjust) {
  const scope = scopeOf(caller);
  const w = await warehouseOf(db, scope, input);
  const g = await goodsFor(db, scope, input.goodsId, w.orgId);
  const key = keyOf(g, w);
  const m = await db.transaction(async (tx) => {
    const [before] = await lockStocks(tx, scope, g.orgId, g.id, [w.id]);
    const after = await setOnHand(tx, scope, key, input.counted);
    if (!after) throw conflict('stock', 'goods.countBelowHeld', { name: g.name, held: before!.held });
    return insertMovement(tx, scope, {
      ...key,
      kind: 'adjust',
      quantity: input.counted - before!.onHand,
      balanceAfter: after.onHand,
      reason: input.reason,
      remark: input.remark ?? null,
      operatorId: caller.userId,
    });
  });
  return (await movementAnswers(db, scope, [m.id]))[0]!;
}

/** `POST goods/stock/damage`: units written off with the reason, out of what is not held (100409 `stock` otherwise). */
export async function damageStock(db: Db, caller: Caller, input: StockDamage) {
  const scope = scopeOf(caller);
  const w = await warehouseOf(db, scope, input);
  const g = await goodsFor(db, scope, input.goodsId, w.orgId);
  const key = keyOf(g, w);
  const m = await db.transaction(async (tx) => {
    const row = await takeOnHand(tx, scope, key, input.quantity);
    if (!row) return refuseShort(tx, scope, key, g.name, input.quantity);
    return insertMovement(tx, scope, {
      ...key,
      kind: 'damage',
      quantity: -input.quantity,
      balanceAfter: row.onHand,
      reason: input.reason,
      remark: input.remark ?? null,
      operatorId: caller.userId,
    });
  });
  return (await movementAnswers(db, scope, [m.id]))[0]!;
}

/**
 * `POST goods/stock/transfer`: units from one warehouse to another of the same organisation: both
 * stock rows locked in warehouse order (so two opposite transfers never wait on each other), then
 * out and in, two movements of one transfer number.
 */
export async function transferStock(db: Db, caller: Caller, input: StockTransfer) {
  const scope = scopeOf(caller);
  const [from, to] = await Promise.all([findWarehouse(db, scope, input.fromWarehouseId), findWarehouse(db, scope, input.toWarehouseId)]);
  if (!from || !to) throw notFound();
  if (from.id === to.id) throw invalid('toWarehouseId', 'goods.sameWarehouse');
  if (from.orgId !== to.orgId) throw invalid('toWarehouseId', 'goods.transferAcrossOrgs');
  const g = await goodsFor(db, scope, input.goodsId, from.orgId);
  const tz = await timeZoneOf(db, from.orgId);
  const made = await db.transaction(async (tx) => {
    await lockStocks(tx, scope, g.orgId, g.id, [from.id, to.id]);
    const transferNo = `TR${await nextDocNo(tx, tz)}`;
    const fromKey = keyOf(g, from);
    const out = await takeOnHand(tx, scope, fromKey, input.quantity);
    if (!out) return refuseShort(tx, scope, fromKey, g.name, input.quantity);
    const common = { transferNo, remark: input.remark ?? null, operatorId: caller.userId };
    const outM = await insertMovement(tx, scope, { ...fromKey, kind: 'transfer_out', quantity: -input.quantity, balanceAfter: out.onHand, ...common });
    const inM = await bookIn(tx, scope, keyOf(g, to), input.quantity, { kind: 'transfer_in', ...common });
    return { transferNo, ids: [outM.id, inM.id] };
  });
  const [out, into] = await movementAnswers(db, scope, made.ids);
  return { transferNo: made.transferNo, out: out!, in: into! };
}

// ---------------------------------------------------------------- reads

/** `POST goods/stock/flow`: the ledger by good, venue, warehouse, kind and period, newest first. */
export async function stockFlow(db: Db, caller: Caller, q: StockFlowQuery) {
  if (q.from && q.to && q.from > q.to) throw invalid('to', 'error.field.invalid');
  const f: MovementFilter = { goodsId: q.goodsId, warehouseId: q.warehouseId, venueId: q.stadiumId, kind: q.kind, from: q.from, to: q.to };
  const { total, rows } = await pageMovements(db, scopeOf(caller), f, pageOf(q));
  return { total, data: rows.map(movementRow) };
}

/** `POST goods/stock/list`: stock rows by good, category (and those under it), venue, warehouse and what is left. */
export async function listStock(db: Db, caller: Caller, q: StockListQuery) {
  const scope = scopeOf(caller);
  const categoryIds = q.categoryId !== undefined ? await categorySubtree(db, scope, q.categoryId) : undefined;
  const { total, rows } = await pageStocks(
    db,
    scope,
    { keyword: q.keyword, categoryIds, warehouseId: q.warehouseId, venueId: q.stadiumId, availableAtMost: q.availableAtMost },
    pageOf(q),
  );
  return { total, data: rows.map(stockRowOf) };
}

/** `POST goods/stock/at`: on hand of a good at an instant, in each warehouse (of a venue, or the one named, or all) and in all. */
export async function stockAtMoment(db: Db, caller: Caller, q: StockAtQuery) {
  const scope = scopeOf(caller);
  const g = await findGoods(db, scope, q.goodsId);
  if (!g) throw notFound();
  let warehouseIds: number[] | undefined;
  if (q.warehouseId !== undefined) warehouseIds = [(await warehouseOf(db, scope, q)).id];
  else if (q.stadiumId !== undefined) {
    if (!(await findVenue(db, scope, q.stadiumId))) throw notFound();
    warehouseIds = (await warehousesOf(db, scope, q.stadiumId)).map((w) => w.id);
  }
  // A venue with no warehouse yet held nothing then.
  const rows = warehouseIds?.length === 0 ? [] : await stockAt(db, scope, g.id, q.at, warehouseIds);
  return {
    goodsId: g.id,
    at: q.at,
    quantity: rows.reduce((n, r) => n + r.quantity, 0),
    warehouses: rows.map((r) => ({ warehouseId: r.warehouseId, warehouseName: r.warehouseName, stadiumId: r.venueId, quantity: r.quantity })),
  };
}

// ---------------------------------------------------------------- warehouses

const warehouseRow = ({ venueId, createdAt, updatedAt: _u, ...w }: WarehouseRecord) => ({ ...w, stadiumId: venueId, createTime: createdAt });

/** `POST goods/warehouse/list`: a venue's warehouses (its default one made if missing), or every warehouse in scope. */
/** `POST goods/warehouse/list`: a read, which makes nothing: a venue's default warehouse is made by its first stock movement or added warehouse. */
export async function listWarehouses(db: Db, caller: Caller, q: { stadiumId?: number }) {
  const scope = scopeOf(caller);
  if (q.stadiumId !== undefined && !(await findVenue(db, scope, q.stadiumId))) throw notFound();
  return (await warehousesOf(db, scope, q.stadiumId)).map(warehouseRow);
}

export async function addWarehouse(db: Db, caller: Caller, input: z.output<typeof warehouseCreate>) {
  const scope = scopeOf(caller);
  const venue = await findVenue(db, scope, input.stadiumId);
  if (!venue) throw notFound();
  // The venue's default warehouse first, so it keeps its name.
  await venueWarehouse(db, scope, venue.id);
  const w = await mapDuplicate(insertWarehouse(db, scope, { orgId: venue.orgId, venueId: venue.id, name: input.name }), WAREHOUSE_UNIQUE);
  return warehouseRow(w);
}

export async function editWarehouse(db: Db, caller: Caller, id: number, input: z.output<typeof warehouseUpdate>) {
  const scope = scopeOf(caller);
  if (!(await findWarehouses(db, scope, [id])).length) throw notFound();
  const w = await mapDuplicate(updateWarehouse(db, scope, id, input.version, { name: input.name }), WAREHOUSE_UNIQUE);
  return warehouseRow(w);
}
