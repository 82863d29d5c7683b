import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { itemKind, type KindContext } from '../commerce/index.ts';
import {
  countUnusedOfItem,
  findTemplate,
  giveBackMember,
  giveBackTotal,
  insertCoupons,
  moveCoupons,
  takeMember,
  takeTotal,
  unusedOfItem,
  type TemplateRecord,
} from './coupon.repository.ts';
import { validityOf } from './coupon.redeem.ts';
import './coupon.messages.ts';

/**
 * Coupons sold as goods (issue 28, `orderManagement/benefitCoupon/couponOrder`): item kind `coupon`
 * (`refId` the template, `quantity` coupons) in orders of type `coupon`, bought by a member.
 * - `price`: the template's price; a template without one is not sold;
 * - `hold`: the coupons are taken of the template's total and the member's share at once (the same
 *   conditional updates as a code's use), so a sale never passes the limits;
 * - `confirm` (paid): the coupons are written, the member's, valid from now;
 * - `release`: cancel or time-out gives the taken counts back; a refund withdraws as many unused coupons;
 * - `refundQuote`: only coupons still unused are refunded.
 */
async function templateOf(ctx: KindContext, id: number | null): Promise<TemplateRecord> {
  const t = id === null ? undefined : await findTemplate(ctx.tx, ctx.scope, id);
  if (!t || t.orgId !== ctx.orgId) throw notFound();
  return t;
}

export const couponKind = itemKind({
  kind: 'coupon',
  orderTypes: ['coupon'],
  async price(ctx, input, line) {
    const t = await templateOf(ctx, input.refId ?? null);
    if (t.priceFen === null || t.status !== 'on') throw invalid(`items.${line}.refId`, 'coupon.notOnSale');
    if (!ctx.memberId) throw invalid('memberId', 'coupon.saleNeedsMember');
    return { name: t.name, spec: t.code ?? null, unitPriceFen: t.priceFen };
  },
  async hold(ctx, item, order) {
    const t = await templateOf(ctx, item.refId);
    if (!(await takeTotal(ctx.tx, ctx.scope, t.id, item.quantity))) throw conflict('coupon', 'coupon.usedUp');
    if (!(await takeMember(ctx.tx, ctx.scope, t.orgId, t.id, order.memberId!, item.quantity, t.perMemberLimit))) throw conflict('coupon', 'coupon.memberLimit');
    return { templateId: t.id };
  },
  async confirm(ctx, item, order) {
    const t = await templateOf(ctx, item.refId);
    const valid = validityOf(t, ctx.now ?? new Date());
    await insertCoupons(
      ctx.tx,
      ctx.scope,
      Array.from({ length: item.quantity }, () => ({
        orgId: order.orgId,
        templateId: t.id,
        memberId: order.memberId,
        source: 'sale',
        state: 'issued',
        usesLeft: t.kind === 'times' ? (t.times ?? 1) : 1,
        validFrom: valid.from,
        validTo: valid.to,
        soldOrderId: order.id,
        soldItemId: item.id,
      })),
    );
    return true;
  },
  async release(ctx, item, quantity, why) {
    if (quantity <= 0 || item.refId === null) return;
    const memberId = ctx.memberId ?? null;
    // A cancel before payment gives back what the hold took; after it (or a refund), the unused coupons go too.
    let n = quantity;
    if (why === 'refund' || item.holdState === 'confirmed') {
      const unused = await unusedOfItem(ctx.tx, ctx.scope, item.id, quantity);
      await moveCoupons(
        ctx.tx,
        ctx.scope,
        unused.map((c) => c.id),
        ['issued'],
        { state: 'void' },
      );
      n = unused.length;
    } else if (item.holdState !== 'held') return;
    if (n <= 0) return;
    await giveBackTotal(ctx.tx, ctx.scope, item.refId, n);
    if (memberId !== null) await giveBackMember(ctx.tx, ctx.scope, item.refId, memberId, n);
  },
  async refundQuote(ctx, item, quantity, paidFen) {
    const unused = await countUnusedOfItem(ctx.tx, ctx.scope, item.id);
    if (unused < quantity) return { amountFen: 0, reason: 'coupon.usedNoRefund' };
    return { amountFen: paidFen };
  },
});
