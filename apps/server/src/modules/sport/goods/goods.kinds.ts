import { goodsLineDetail, type GoodsLineDetail } from '@venue/contract';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { itemKind, type KindContext, type PricedItem } from '../commerce/index.ts';
import type { GoodsRecord } from './goods.repository.ts';
import {
  addReturned,
  goodsInWarehouse,
  insertMovement,
  insertSale,
  moveSale,
  moveSaleOfItem,
  releaseHeld,
  saleOfItem,
  sellHeld,
  type SaleRecord,
  type StockKey,
  type WarehouseRecord,
} from './stock.repository.ts';
import { bookIn, holdUnits, warehouseOf } from './stock.service.ts';
import './goods.messages.ts';

/**
 * Goods sold through the commerce core: item kind `goods` (`refId` the good, `detail` the venue or
 * warehouse the units leave from), on the goods module's own orders (type `goods`) and on any
 * other module's order that puts a goods line on it (a booking's, a ticket sale's, a lesson's).
 * - `price`: the good's price (the server's, never the client's); an off-sale good is refused;
 * - `hold`: the units are held on the stock row by one conditional update (`on_hand - held >= qty`);
 *   too few answer 100409 `stock`; the line's goods are kept in `sport_goods_sale`, `held`;
 * - `confirm` (paid): the hold becomes a sale: `held` and `on_hand` go down together and a
 *   `sale_out` movement books the balance; a hold that was released meanwhile answers false (the
 *   core then refunds the order);
 * - `release`: cancel or time-out gives the held units back; a refund puts the unopened units of a
 *   paid line back on the shelf (`return_in`);
 * - `refundQuote`: opened units are not refundable (`POST goods/sale/{id}/open` marks them).
 * Lines of one order hold their stock rows in line order: the goods order sorts its lines by good,
 * and a module putting several goods lines on one order should too, so two orders never wait on each other.
 */
export type GoodsHold = { saleId: number; goodsId: number; warehouseId: number };
interface PricedGoods extends PricedItem {
  goods: GoodsRecord;
  warehouse: WarehouseRecord;
}

const keyOfSale = (s: SaleRecord): StockKey => ({ orgId: s.orgId, goodsId: s.goodsId, warehouseId: s.warehouseId });
const operator = (ctx: KindContext) => ctx.caller?.userId || null;

/** The units of a line neither opened nor already returned. */
const unopened = (s: SaleRecord) => Math.max(0, s.quantity - s.openedQty - s.returnedQty);

export const goodsKind = itemKind<GoodsLineDetail, PricedGoods>({
  kind: 'goods',
  orderTypes: ['goods', 'venue', 'ticket', 'course', 'sparring'],
  detail: goodsLineDetail,
  async price(ctx, input, line) {
    if (!input.refId) throw invalid(`items.${line}.refId`, 'error.field.required');
    const { stadiumId, warehouseId } = input.detail;
    if (stadiumId === undefined && warehouseId === undefined) throw invalid(`items.${line}.detail.stadiumId`, 'goods.lineWhere');
    // A warehouse named alone is read with the good (one statement); a venue's default one is found first.
    const at = warehouseId !== undefined && stadiumId === undefined ? warehouseId : (await warehouseOf(ctx.tx, ctx.scope, input.detail)).id;
    const found = await goodsInWarehouse(ctx.tx, ctx.scope, input.refId, at);
    if (!found || found.goods.orgId !== ctx.orgId) throw notFound();
    const { goods: g, warehouse: w } = found;
    if (g.status !== 'on') throw conflict('state', 'goods.offSale', { name: g.name });
    return { name: g.name, spec: g.code, unitPriceFen: g.priceFen, goods: g, warehouse: w };
  },
  async hold(ctx, item, order, { goods: g, warehouse: w }) {
    const key = { orgId: g.orgId, goodsId: g.id, warehouseId: w.id };
    await holdUnits(ctx.tx, ctx.scope, key, g.name, item.quantity);
    const sale = await insertSale(ctx.tx, ctx.scope, {
      orgId: g.orgId,
      orderId: order.id,
      itemId: item.id,
      goodsId: g.id,
      warehouseId: w.id,
      quantity: item.quantity,
    });
    return { saleId: sale.id, goodsId: g.id, warehouseId: w.id } satisfies GoodsHold;
  },
  async confirm(ctx, item, order) {
    const sale = await moveSaleOfItem(ctx.tx, ctx.scope, item.id, ['held'], 'sold');
    // Not held: sold already (a replay) keeps it; released (timed out meanwhile) answers false, and the core refunds.
    if (!sale) return (await saleOfItem(ctx.tx, ctx.scope, item.id))?.state === 'sold';
    const key = keyOfSale(sale);
    const row = await sellHeld(ctx.tx, ctx.scope, key, sale.quantity);
    // The stock row holds every held line's units: a row holding fewer is a broken invariant, never a customer's fault.
    if (!row) throw new Error(`goods sale ${sale.id}: the stock row holds fewer than its ${sale.quantity} units`);
    await insertMovement(ctx.tx, ctx.scope, {
      ...key,
      kind: 'sale_out',
      quantity: -sale.quantity,
      balanceAfter: row.onHand,
      orderId: order.id,
      remark: order.orderNo,
      operatorId: operator(ctx),
    });
    return true;
  },
  async release(ctx, item, quantity, why, ref) {
    const freed = await moveSaleOfItem(ctx.tx, ctx.scope, item.id, ['held'], 'released');
    if (freed) {
      // Cancelled or timed out before payment: the held units are free again.
      if (!(await releaseHeld(ctx.tx, ctx.scope, keyOfSale(freed), freed.quantity)))
        throw new Error(`goods sale ${freed.id}: the stock row holds fewer than its ${freed.quantity} units`);
      return;
    }
    const sale = await saleOfItem(ctx.tx, ctx.scope, item.id);
    if (!sale) return;
    const key = keyOfSale(sale);
    if (sale.state !== 'sold') return;
    const m = { kind: 'return_in', orderId: item.orderId, remark: ref, operatorId: operator(ctx) };
    if (why === 'cancel') {
      // Paid, then cancelled with the order (another line's hold was gone): its unopened units come back.
      if (!(await moveSale(ctx.tx, ctx.scope, sale.id, ['sold'], 'released'))) return;
      if (unopened(sale) > 0) await bookIn(ctx.tx, ctx.scope, key, unopened(sale), m);
      return;
    }
    // A refund of `quantity` units: the unopened ones among them go back on the shelf.
    const back = Math.min(quantity, unopened(sale));
    if (back > 0 && (await addReturned(ctx.tx, ctx.scope, sale.id, back))) await bookIn(ctx.tx, ctx.scope, key, back, m);
  },
  async refundQuote(ctx, item, quantity, paidFen) {
    const sale = await saleOfItem(ctx.tx, ctx.scope, item.id);
    if (!sale || sale.state !== 'sold') return { amountFen: paidFen };
    const left = unopened(sale);
    if (left >= quantity) return { amountFen: paidFen };
    if (left === 0) return { amountFen: 0, reason: 'goods.consumed' };
    return { amountFen: Math.round((paidFen * left) / quantity), reason: 'goods.partlyConsumed' };
  },
});
