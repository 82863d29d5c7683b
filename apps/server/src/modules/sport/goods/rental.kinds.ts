import { RENT_MAX_DURATION, rentLineDetail, type RentLineDetail } from '@venue/contract';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { t } from '../../../platform/i18n.ts';
import { defineLedgerRule, itemKind, postByRule, type KindContext, type PricedItem } from '../commerce/index.ts';
import type { GoodsRecord } from './goods.repository.ts';
import { goodsInWarehouse, insertMovement, releaseHeld, sellHeld, type WarehouseRecord } from './stock.repository.ts';
import { insertRental, moveRentalOfItem, rentalOfItem, type RentalRecord } from './rental.repository.ts';
import { bookIn, holdUnits, warehouseOf } from './stock.service.ts';
import './goods.messages.ts';

/**
 * Goods rented through the commerce core: item kind `rent` (`refId` the good, `quantity` the units,
 * `detail` where from and the term). The line's unit price is the rent for the term plus the
 * deposit, both the good's at the time of sale and kept on the rental.
 * - `hold`: the units are held on the stock row like a sale's (too few: 100409 `stock`); the rental is `held`;
 * - `confirm` (paid): the units leave the shelf (`rent_out`), the rental is `out` and due at the end of
 *   its term; the deposit part of what was paid is a liability, not revenue (rule
 *   `goods.deposit.held`: sales → goodsDeposit);
 * - a return (rental.service) takes its fees from the deposit (`goods.deposit.kept`) and refunds the rest
 *   by rule; when that refund has been paid back, `release` moves the refunded deposit out of the
 *   liability (`goods.deposit.back`), so goodsDeposit holds exactly the deposits of units still out;
 * - `release` on cancel or time-out gives the held units back;
 * - `refundQuote`: a rental is refunded only by its return (`goods.rentUseReturn`).
 */
export const GOODS_DEPOSIT = 'goodsDeposit';
export const RENTAL_RULE = {
  held: defineLedgerRule({ name: 'goods.deposit.held', txnKind: 'deposit', debit: 'sales', credit: GOODS_DEPOSIT, prefix: 'GD' }),
  kept: defineLedgerRule({ name: 'goods.deposit.kept', txnKind: 'deposit_kept', debit: GOODS_DEPOSIT, credit: 'sales', prefix: 'GK' }),
  back: defineLedgerRule({ name: 'goods.deposit.back', txnKind: 'deposit_back', debit: GOODS_DEPOSIT, credit: 'sales', prefix: 'GB' }),
};

export type RentalHold = { rentalId: number };
interface PricedRental extends PricedItem {
  goods: GoodsRecord;
  warehouse: WarehouseRecord;
  rentFen: number;
  term: Pick<RentLineDetail, 'basis' | 'duration'>;
}

const HOUR_MS = 3_600_000;
const TERM_MS = { hour: HOUR_MS, day: 24 * HOUR_MS } as const;
const keyOf = (r: RentalRecord) => ({ orgId: r.orgId, goodsId: r.goodsId, warehouseId: r.warehouseId });
/** Units neither back nor lost. */
export const unitsOut = (r: RentalRecord) => r.quantity - r.returnedQty - r.lostQty;

export const rentKind = itemKind<RentLineDetail, PricedRental>({
  kind: 'rent',
  orderTypes: ['goods', 'venue', 'ticket', 'course', 'sparring'],
  detail: rentLineDetail,
  async price(ctx, input, line) {
    if (!input.refId) throw invalid(`items.${line}.refId`, 'error.field.required');
    const { stadiumId, warehouseId, basis, duration } = input.detail;
    if (stadiumId === undefined && warehouseId === undefined) throw invalid(`items.${line}.detail.stadiumId`, 'goods.lineWhere');
    if (duration > RENT_MAX_DURATION[basis])
      throw invalid(`items.${line}.detail.duration`, 'goods.rentTooLong', { max: `${RENT_MAX_DURATION[basis]} ${basis === 'hour' ? 'h' : 'd'}` });
    const at = warehouseId !== undefined && stadiumId === undefined ? warehouseId : (await warehouseOf(ctx.tx, ctx.scope, input.detail)).id;
    const found = await goodsInWarehouse(ctx.tx, ctx.scope, input.refId, at);
    if (!found || found.goods.orgId !== ctx.orgId) throw notFound();
    const { goods: g, warehouse: w } = found;
    if (g.status !== 'on') throw conflict('state', 'goods.offSale', { name: g.name });
    const rate = basis === 'hour' ? g.rentHourFen : g.rentDayFen;
    if (rate === null) throw invalid(`items.${line}.detail.basis`, 'goods.notRented', { name: g.name, basis });
    const rentFen = rate * duration;
    return {
      name: g.name,
      spec: `${g.code} · ${duration}${basis === 'hour' ? 'h' : 'd'}`,
      unitPriceFen: rentFen + (g.depositFen ?? 0),
      goods: g,
      warehouse: w,
      rentFen,
      term: { basis, duration },
    };
  },
  async hold(ctx, item, order, { goods: g, warehouse: w, rentFen, term }) {
    const key = { orgId: g.orgId, goodsId: g.id, warehouseId: w.id };
    await holdUnits(ctx.tx, ctx.scope, key, g.name, item.quantity);
    const rental = await insertRental(ctx.tx, ctx.scope, {
      orgId: g.orgId,
      orderId: order.id,
      itemId: item.id,
      goodsId: g.id,
      warehouseId: w.id,
      memberId: order.memberId,
      quantity: item.quantity,
      basis: term.basis,
      duration: term.duration,
      rentFen,
      depositFen: g.depositFen ?? 0,
      lateFeeHourFen: g.lateFeeHourFen ?? 0,
    });
    return { rentalId: rental.id } satisfies RentalHold;
  },
  async confirm(ctx, item, order) {
    const now = ctx.now ?? new Date();
    const pending = await rentalOfItem(ctx.tx, ctx.scope, item.id);
    if (!pending) return false;
    const due = new Date(now.getTime() + pending.duration * TERM_MS[pending.basis as 'hour' | 'day']);
    const rental = await moveRentalOfItem(ctx.tx, ctx.scope, item.id, ['held'], 'out', { startAt: now, dueAt: due });
    // Not held: out already (a replay) keeps it; released (timed out meanwhile) answers false, and the core refunds.
    if (!rental) return pending.state === 'out' || pending.state === 'returned';
    const row = await sellHeld(ctx.tx, ctx.scope, keyOf(rental), rental.quantity);
    if (!row) throw new Error(`rental ${rental.id}: the stock row holds fewer than its ${rental.quantity} units`);
    await insertMovement(ctx.tx, ctx.scope, {
      ...keyOf(rental),
      kind: 'rent_out',
      quantity: -rental.quantity,
      balanceAfter: row.onHand,
      orderId: order.id,
      remark: order.orderNo,
      operatorId: operator(ctx),
    });
    const deposit = rental.depositFen * rental.quantity;
    if (deposit > 0) await postByRule(ctx.tx, ctx.scope, RENTAL_RULE.held, { orgId: rental.orgId, amountFen: deposit, orderId: order.id, at: now });
    return true;
  },
  async release(ctx, item, _quantity, why, ref, refundedFen = 0) {
    const freed = await moveRentalOfItem(ctx.tx, ctx.scope, item.id, ['held'], 'released');
    if (freed) {
      if (!(await releaseHeld(ctx.tx, ctx.scope, keyOf(freed), freed.quantity)))
        throw new Error(`rental ${freed.id}: the stock row holds fewer than its ${freed.quantity} units`);
      return;
    }
    if (why === 'refund') {
      // A return's refund was paid back (a rental is refunded only by its returns): that much of the deposit leaves the liability.
      if (refundedFen > 0) await postByRule(ctx.tx, ctx.scope, RENTAL_RULE.back, { orgId: item.orgId, amountFen: refundedFen, orderId: item.orderId });
      return;
    }
    // Paid, then cancelled with its order (another line's hold was gone; the core refunds it all): the units come back and so does their deposit.
    const rental = await rentalOfItem(ctx.tx, ctx.scope, item.id);
    if (!rental || rental.state !== 'out') return;
    const out = unitsOut(rental);
    if (!(await moveRentalOfItem(ctx.tx, ctx.scope, item.id, ['out'], 'released'))) return;
    if (out > 0) {
      await bookIn(ctx.tx, ctx.scope, keyOf(rental), out, { kind: 'return_in', orderId: item.orderId, remark: ref, operatorId: operator(ctx) });
      if (rental.depositFen > 0)
        await postByRule(ctx.tx, ctx.scope, RENTAL_RULE.back, { orgId: rental.orgId, amountFen: rental.depositFen * out, orderId: item.orderId });
    }
  },
  async refundQuote(ctx, item, _quantity, paidFen) {
    const rental = await rentalOfItem(ctx.tx, ctx.scope, item.id);
    if (!rental || rental.state === 'held' || rental.state === 'released') return { amountFen: paidFen };
    return { amountFen: 0, reason: 'goods.rentUseReturn' };
  },
});

const operator = (ctx: KindContext) => ctx.caller?.userId || null;

/** The remark of a rental's movements. */
export const rentalRemark = (key: 'goods.rentalReturned' | 'goods.rentalDamaged', orderNo: string) => t('zh-CN', key, { orderNo });
