import { braceletLineDetail, type BraceletLineDetail } from '@venue/contract';
import { conflict, invalid, isUniqueViolation, notFound } from '../../../platform/errors.ts';
import { defineLedgerRule, findOrder, itemKind, postByRule, type KindContext, type PricedItem } from '../commerce/index.ts';
import { findMember } from '../member/index.ts';
import { findVenue } from '../venue/index.ts';
import { braceletOfItem, insertBracelet, insertBraceletLog, moveBraceletOfItem } from './bracelet.repository.ts';
import './equipment.messages.ts';

/**
 * A bracelet's deposit sold through the commerce core: item kind `bracelet` (one unit, `detail` the
 * code, the holder and the deposit), in the core's `goods` orders (the counter's). The same shape
 * as a rental's deposit (docs/decisions.md, "Rentals: the deposit is a liability"):
 * - `hold`: the bracelet is `held` for the order; the partial unique index on the code's live
 *   issue refuses a second one (100409 `duplicate`), so one code is never issued twice at once;
 * - `confirm` (paid): the bracelet is `active` and opens its holder's gates; the deposit moves from
 *   sales to the liability `braceletDeposit` (rule `bracelet.deposit.held`), logged `issued`;
 * - a return (bracelet.service) keeps a damage charge (`bracelet.deposit.kept`) and refunds the rest
 *   by rule; when the refund is paid back, `release` moves it out of the liability
 *   (`bracelet.deposit.back`); a loss keeps all of it (`bracelet.deposit.kept`);
 * - `release` on cancel or time-out frees the code (`released`);
 * - `refundQuote`: a bracelet out is refunded only by its return (`equipment.braceletUseReturn`).
 */
export const BRACELET_DEPOSIT = 'braceletDeposit';
export const BRACELET_RULE = {
  held: defineLedgerRule({ name: 'bracelet.deposit.held', txnKind: 'deposit', debit: 'sales', credit: BRACELET_DEPOSIT, prefix: 'BD' }),
  kept: defineLedgerRule({ name: 'bracelet.deposit.kept', txnKind: 'deposit_kept', debit: BRACELET_DEPOSIT, credit: 'sales', prefix: 'BK' }),
  back: defineLedgerRule({ name: 'bracelet.deposit.back', txnKind: 'deposit_back', debit: BRACELET_DEPOSIT, credit: 'sales', prefix: 'BB' }),
};

interface PricedBracelet extends PricedItem {
  detail: BraceletLineDetail;
  venueId: number;
}

const operator = (ctx: KindContext) => ctx.caller?.userId || null;

export const braceletKind = itemKind<BraceletLineDetail, PricedBracelet>({
  kind: 'bracelet',
  orderTypes: ['goods'],
  detail: braceletLineDetail,
  async price(ctx, input, line) {
    if (input.quantity !== 1) throw invalid(`items.${line}.quantity`, 'equipment.braceletOne');
    const d = input.detail;
    const venue = await findVenue(ctx.tx, ctx.scope, d.stadiumId);
    if (!venue || venue.orgId !== ctx.orgId) throw notFound();
    if (d.holderKind === 'member') {
      if (!d.memberId) throw invalid(`items.${line}.detail.memberId`, 'equipment.braceletHolder');
      const m = await findMember(ctx.tx, ctx.scope, d.memberId);
      if (!m || m.orgId !== ctx.orgId) throw notFound();
    } else {
      if (!d.bookingOrderId) throw invalid(`items.${line}.detail.bookingOrderId`, 'equipment.braceletHolder');
      const o = await findOrder(ctx.tx, ctx.scope, d.bookingOrderId);
      if (!o || o.orgId !== ctx.orgId) throw notFound();
      if (o.type !== 'venue' || o.state !== 'paid') throw conflict('state', 'equipment.braceletBookingNotPaid', { orderNo: o.orderNo });
    }
    return { name: `手环 ${d.code}`, spec: d.code, unitPriceFen: d.depositFen, detail: d, venueId: venue.id };
  },
  async hold(ctx, item, order, { detail: d, venueId }) {
    try {
      const b = await insertBracelet(ctx.tx, ctx.scope, {
        orgId: order.orgId,
        venueId,
        code: d.code,
        holderKind: d.holderKind,
        memberId: d.holderKind === 'member' ? d.memberId! : null,
        bookingOrderId: d.holderKind === 'booking' ? d.bookingOrderId! : null,
        orderId: order.id,
        itemId: item.id,
        depositFen: d.depositFen,
        state: 'held',
      });
      return { braceletId: b.id };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('duplicate', 'equipment.braceletInUse', { code: d.code });
      throw e;
    }
  },
  async confirm(ctx, item, order) {
    const now = ctx.now ?? new Date();
    const pending = await braceletOfItem(ctx.tx, ctx.scope, item.id);
    if (!pending) return false;
    const b = await moveBraceletOfItem(ctx.tx, ctx.scope, item.id, ['held'], 'active', { issuedAt: now });
    // Not held: active or ended already (a replay) keeps it; released (timed out meanwhile) answers false, and the core refunds.
    if (!b) return pending.state !== 'released';
    await postByRule(ctx.tx, ctx.scope, BRACELET_RULE.held, { orgId: b.orgId, amountFen: b.depositFen, orderId: order.id, at: now });
    // Who issued it: whoever takes the payment, else (a provider's notification) the operator who made the order.
    const by = operator(ctx) ?? order.createdBy ?? null;
    await insertBraceletLog(ctx.tx, ctx.scope, { orgId: b.orgId, braceletId: b.id, action: 'issued', amountFen: b.depositFen, operatorId: by });
    return true;
  },
  async release(ctx, item, _quantity, why, _ref, refundedFen = 0) {
    if (await moveBraceletOfItem(ctx.tx, ctx.scope, item.id, ['held'], 'released', { endedAt: ctx.now ?? new Date() })) return;
    if (why === 'refund') {
      // A return's refund was paid back (a bracelet out is refunded only by its return): that much leaves the liability.
      if (refundedFen > 0) await postByRule(ctx.tx, ctx.scope, BRACELET_RULE.back, { orgId: item.orgId, amountFen: refundedFen, orderId: item.orderId });
      return;
    }
    // Paid, then cancelled with its order (the core refunds it all): the bracelet is no longer out and its deposit leaves the liability.
    const b = await moveBraceletOfItem(ctx.tx, ctx.scope, item.id, ['active'], 'released', { endedAt: ctx.now ?? new Date() });
    if (b) await postByRule(ctx.tx, ctx.scope, BRACELET_RULE.back, { orgId: b.orgId, amountFen: b.depositFen, orderId: item.orderId });
  },
  async refundQuote(ctx, item, _quantity, paidFen) {
    const b = await braceletOfItem(ctx.tx, ctx.scope, item.id);
    if (!b || b.state === 'held' || b.state === 'released') return { amountFen: paidFen };
    return { amountFen: 0, reason: 'equipment.braceletUseReturn' };
  },
});
