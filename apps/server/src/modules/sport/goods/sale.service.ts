import { MAX_QUANTITY, type CounterOrder, type GoodsOrder, type GoodsSaleQuery, type RentalAsk } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { createOrder, findOrder, type OrderRecord } from '../commerce/index.ts';
import { findVenue } from '../venue/index.ts';
import { addOpened, findSale, pageSales } from './stock.repository.ts';
import { venueWarehouse } from './stock.service.ts';
import './goods.messages.ts';

/**
 * `POST goods/order` (a fixed call): a pending `goods` order of the venue's goods, each unit held in
 * the venue's default warehouse until the order is paid, cancelled or timed out. Lines of one good
 * are merged and the lines sorted by good, so every order takes its stock rows' locks in one order.
 * Too few units: 100409 `stock`, no order made.
 */
export async function orderGoods(db: Db, caller: Caller, input: GoodsOrder, key: string | undefined) {
  const scope = scopeOf(caller);
  const venue = await findVenue(db, scope, input.stadiumId);
  if (!venue) throw notFound();
  // The venue's default warehouse, found (or made) once for every line.
  const warehouse = await venueWarehouse(db, scope, venue);
  return sellGoods(db, caller, warehouse, input.items, input.memberId, key, [], input);
}

/**
 * `POST goods/counter/order`: the counter's pending `goods` order of goods sold and rented from the
 * venue's default warehouse (the rent and sale screen).
 */
export async function orderAtCounter(db: Db, caller: Caller, input: CounterOrder, key: string | undefined) {
  const scope = scopeOf(caller);
  const venue = await findVenue(db, scope, input.stadiumId);
  if (!venue) throw notFound();
  const warehouse = await venueWarehouse(db, scope, venue);
  return sellGoods(db, caller, warehouse, input.sales, input.memberId, key, input.rentals, input);
}

/**
 * A pending `goods` order of units from one warehouse (the goods order's, the counter's, and the
 * demo's): units sold of one good merged into one line, each rental its own line, every line in
 * order of good (a sale before a rental of the same good), so orders take stock rows' locks in one order.
 */
export async function sellGoods(
  db: Db,
  caller: Caller,
  warehouse: { id: number; orgId: number; venueId: number },
  lines: { goodsId: number; quantity: number }[],
  memberId: number | undefined,
  key: string | undefined,
  rentals: RentalAsk[] = [],
  coupons: { couponCode?: string; couponIds?: number[] } = {},
) {
  const units = new Map<number, number>();
  for (const [i, it] of lines.entries()) {
    const n = (units.get(it.goodsId) ?? 0) + it.quantity;
    if (n > MAX_QUANTITY) throw invalid(`items.${i}.quantity`, 'error.field.tooBig', { max: MAX_QUANTITY });
    units.set(it.goodsId, n);
  }
  const detail = { warehouseId: warehouse.id };
  const items = [
    ...[...units].map(([goodsId, quantity]) => ({ kind: 'goods', refId: goodsId, quantity, discountFen: 0, detail })),
    ...rentals.map((r) => ({
      kind: 'rent',
      refId: r.goodsId,
      quantity: r.quantity,
      discountFen: 0,
      detail: { ...detail, basis: r.basis, duration: r.duration },
    })),
  ].sort((a, b) => a.refId - b.refId);
  let made: OrderRecord | undefined;
  const id = await createOrder(
    db,
    caller,
    {
      orgId: warehouse.orgId,
      type: 'goods',
      venueId: warehouse.venueId,
      memberId,
      buyerName: null,
      buyerPhone: null,
      channel: 'console',
      remark: null,
      items,
      couponCode: coupons.couponCode,
      couponIds: coupons.couponIds,
    },
    key,
    (m) => (made = m.order),
  );
  // A retry with the same Idempotency-Key made nothing: it answers the first order as it is now.
  const order = made ?? (await findOrder(db, scopeOf(caller), id))!;
  return { orderNo: order.orderNo, orderId: order.id, amount: order.payableFen, state: order.state, expiresAt: order.expiresAt };
}

type SalePage = Awaited<ReturnType<typeof pageSales>>;
const saleRow = ({ sale: { orgId: _o, updatedAt: _u, createdAt, ...s }, orderNo, goodsName }: SalePage['rows'][number]) => ({
  ...s,
  orderNo,
  goodsName,
  createTime: createdAt,
});

/** `POST goods/sale/list`: goods order lines by order, good, venue and state, newest first. */
export async function listSales(db: Db, caller: Caller, q: GoodsSaleQuery) {
  const { total, rows } = await pageSales(db, scopeOf(caller), { orderId: q.orderId, goodsId: q.goodsId, venueId: q.stadiumId, state: q.state }, pageOf(q));
  return { total, data: rows.map(saleRow) };
}

/** `POST goods/sale/{id}/open`: units of a line opened or used: no longer refundable. */
export async function openSale(db: Db, caller: Caller, id: number, quantity: number) {
  const scope = scopeOf(caller);
  const sale = await findSale(db, scope, id);
  if (!sale) throw notFound();
  if (sale.state === 'released') throw conflict('state', 'goods.saleReleased');
  if (!(await addOpened(db, scope, id, quantity))) {
    const now = (await findSale(db, scope, id))!;
    throw invalid('quantity', 'goods.openTooMany', { left: Math.max(0, now.quantity - now.openedQty - now.returnedQty) });
  }
  const [row] = (await pageSales(db, scope, { id }, { limit: 1, offset: 0 })).rows;
  return saleRow(row!);
}
