import type { Tx } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import type { Scope } from '../../../platform/scope.ts';
import {
  defineLedgerRule,
  fenToYuan,
  itemKindOf,
  itemsOf,
  postByRule,
  type KindContext,
  type ItemRecord,
  type OrderHooks,
  type OrderRecord,
  type PriceAdjuster,
  type PriceAdjustment,
  type PriceLine,
  type PricingContext,
  type RefundRecord,
} from '../commerce/index.ts';
import {
  findCoupons,
  findTemplate,
  giveBackMember,
  giveBackTotal,
  insertCoupon,
  insertReturn,
  insertUse,
  holdCoupon,
  voidCoupon,
  reissueCoupon,
  useHeldCoupon,
  setUse,
  takeMember,
  takeTotal,
  templateByCode,
  usesOfOrder,
  type CouponRecord,
  type TemplateRecord,
  type UseRecord,
} from './coupon.repository.ts';
import type { CouponUseLine } from './coupon.table.ts';
import './coupon.messages.ts';

/**
 * Redeeming (issue 28, point 3): the price adjuster `coupon` of the commerce core's pipeline, after
 * the member level and the manual discount, and the order hooks that make a coupon follow its
 * order. In the order's transaction:
 * - `adjust` reads the coupons offered (a shared code, coupons the buyer holds), checks each one's
 *   dates, what it applies to and its threshold, and spreads its discount over the lines it applies
 *   to (in proportion to what is left of each, the remainder to the first), so a refund of a line
 *   gives back that line's share;
 * - `placed` takes the limits by the database: a code's use takes one of the template's total (a
 *   conditional update) and one of the member's share (a conditional upsert); a held coupon moves
 *   `issued` → `held` by a conditional update. A refusal throws 100409 `coupon` and nothing of the
 *   order is left;
 * - paid: the uses become `used` and the ledger records the coupon's cost (`couponCost` to `sales`);
 *   cancelled or timed out: released, the coupon `issued` again (a code's use is voided and its counts given back);
 * - refunded: each refunded line gives back its share of the cost; once every discounted line is
 *   refunded, the coupon is returned (rule `return`, still valid) or recorded spent, in a row of its own.
 * Stacking: one coupon per order, unless every coupon offered allows stacking; then they apply in
 * template order, then coupon order, each on what the ones before left.
 */

/** The ledger account of what coupons cost the venue (revenue given up, an expense). */
export const COUPON_COST = 'couponCost';
export const COUPON_RULES = {
  /** Paid: the discount is the coupon's cost to the venue (the sale's full price reaches `sales`). */
  cost: defineLedgerRule({ name: 'coupon.cost', txnKind: 'coupon', debit: COUPON_COST, credit: 'sales', prefix: 'QC' }),
  /** Refunded lines give back their share of that cost. */
  costBack: defineLedgerRule({ name: 'coupon.costBack', txnKind: 'coupon_back', debit: 'sales', credit: COUPON_COST, prefix: 'QR' }),
};

/**
 * A use of a coupon, as a listener sees it: a campaign module keeps a budget by it (throwing from
 * `held` refuses the order, 100409, in its transaction).
 */
export interface CouponUseEvent {
  orgId: number;
  templateId: number;
  couponId: number;
  batchId: number | null;
  orderId: number;
  amountFen: number;
}
export interface CouponUseListener {
  name: string;
  /** A pending order took the coupon (its discount counts now). */
  held?(tx: Tx, use: CouponUseEvent): Promise<void>;
  /** The use ended without a sale: released on cancel or time-out, or returned by a refund. */
  released?(tx: Tx, use: CouponUseEvent): Promise<void>;
}
const listeners = new Map<string, CouponUseListener>();
/** A module listens to coupon uses (the same listener again is the same app built twice); answers how to stop listening. */
export function onCouponUse(listener: CouponUseListener): () => void {
  const known = listeners.get(listener.name);
  if (known && known !== listener) throw new Error(`coupon use listener ${listener.name} is registered twice`);
  listeners.set(listener.name, listener);
  return () => void listeners.delete(listener.name);
}
async function tell(tx: Tx, what: 'held' | 'released', use: UseRecord, coupon: Pick<CouponRecord, 'batchId'>): Promise<void> {
  const event = {
    orgId: use.orgId,
    templateId: use.templateId,
    couponId: use.couponId,
    batchId: coupon.batchId,
    orderId: use.orderId,
    amountFen: use.amountFen,
  };
  for (const l of listeners.values()) await l[what]?.(tx, event);
}

// ---------------------------------------------------------------- the adjuster

interface Offer {
  template: TemplateRecord;
  /** A coupon the buyer holds (none: a shared code's use). */
  coupon?: CouponRecord;
  /** Its discount, line by line. */
  shares: { line: number; amountFen: number }[];
}
/** What `adjust` decided for an order, read by `placed` of the same order (the same pricing context). */
const plans = new WeakMap<PricingContext, Offer[]>();

const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');

/** A coupon's dates: a template's fixed dates, or `validDays` from `from`. */
export function validityOf(t: TemplateRecord, from: Date): { from: Date; to: Date } {
  if (t.validDays !== null && (t.validFrom === null || t.validTo === null)) return { from, to: new Date(from.getTime() + t.validDays * 86_400_000) };
  return { from: t.validFrom ?? from, to: t.validTo ?? FAR_FUTURE };
}

/** Does the template apply to this line (its kind, the order's venue, the line's sport and time of day)? */
async function applies(ctx: PricingContext, t: TemplateRecord, line: PriceLine): Promise<boolean> {
  if (t.itemKinds.length && !t.itemKinds.includes(line.input.kind)) return false;
  if (t.venueIds.length && (ctx.venueId === null || !t.venueIds.includes(ctx.venueId))) return false;
  const banded = t.bandStartMin !== null && t.bandEndMin !== null;
  if (!t.sports.length && !banded) return true;
  // Where and when the line is used, as its kind says (the line as sold: its record and detail).
  const kind = itemKindOf(line.input.kind);
  const kctx: KindContext = { tx: ctx.tx, scope: ctx.scope, orgId: ctx.orgId, memberId: ctx.memberId, now: ctx.now };
  const use = await kind?.use?.(kctx, {
    kind: line.input.kind,
    refId: line.input.refId ?? null,
    quantity: line.input.quantity,
    hold: line.input.detail ?? null,
  } as ItemRecord);
  if (t.sports.length && (!use?.sport || !t.sports.includes(use.sport))) return false;
  if (banded && (use?.startMin === undefined || use.endMin === undefined || use.startMin < t.bandStartMin! || use.endMin > t.bandEndMin!)) return false;
  return true;
}

/** `total` spread over lines in proportion to `weights` (whole fen; the remainder to the first lines), each at most its weight. */
export function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0 && i < shares.length; i++) {
    if (shares[i]! < weights[i]!) {
      shares[i]!++;
      left--;
    }
  }
  return shares;
}

/** The discount of one offer on what is left of the lines (`net`, by line index). */
async function price(ctx: PricingContext, offer: Offer, lines: readonly PriceLine[], net: number[], field: string): Promise<void> {
  const t = offer.template;
  const from = offer.coupon?.validFrom ?? validityOf(t, ctx.now).from;
  const to = offer.coupon?.validTo ?? validityOf(t, ctx.now).to;
  if (ctx.now < from) throw conflict('coupon', 'coupon.notYet');
  if (ctx.now >= to) throw conflict('coupon', 'coupon.expired');
  const applicable: PriceLine[] = [];
  for (const l of lines) if (net[l.index]! > 0 && (await applies(ctx, t, l))) applicable.push(l);
  if (!applicable.length) throw invalid(field, 'coupon.notApplicable');
  const base = applicable.reduce((n, l) => n + net[l.index]!, 0);
  if (base < t.thresholdFen) throw invalid(field, 'coupon.belowThreshold', { yuan: fenToYuan(t.thresholdFen) });
  let off: number;
  let over = applicable;
  switch (t.kind) {
    case 'amount':
      off = Math.min(t.valueFen, base);
      break;
    case 'percent': {
      // Half up to the fen, then the cap.
      const raw = Math.floor((base * (t.percentOff ?? 0) + 50) / 100);
      off = Math.min(raw, t.capFen ?? raw, base);
      break;
    }
    default: {
      // One unit of the dearest line (the first of equals), at most `valueFen` when set.
      const top = [...applicable].sort((a, b) => b.priced.unitPriceFen - a.priced.unitPriceFen || a.index - b.index)[0]!;
      const unit = Math.min(top.priced.unitPriceFen, net[top.index]!);
      off = t.valueFen > 0 ? Math.min(unit, t.valueFen) : unit;
      over = [top];
    }
  }
  const shares = spread(
    off,
    over.map((l) => net[l.index]!),
  );
  offer.shares = over.map((l, i) => ({ line: l.index, amountFen: shares[i]! })).filter((s) => s.amountFen > 0);
  for (const s of offer.shares) net[s.line]! -= s.amountFen;
}

/** The coupons offered with an order, each checked for who may use it, in their deterministic order. */
async function offersOf(ctx: PricingContext): Promise<Offer[]> {
  const { code, ids } = ctx.coupons;
  const offers: Offer[] = [];
  if (code) {
    const t = await templateByCode(ctx.tx, ctx.scope, ctx.orgId, code.toUpperCase());
    if (!t || t.status !== 'on') throw invalid('couponCode', 'coupon.codeUnknown');
    offers.push({ template: t, shares: [] });
  }
  if (ids?.length) {
    const wanted = [...new Set(ids)];
    const found = await findCoupons(ctx.tx, ctx.scope, wanted);
    // Another organisation's coupon is not found, as any record of it.
    if (found.length !== wanted.length || found.some((c) => c.orgId !== ctx.orgId)) throw notFound();
    for (const c of found) {
      if (c.memberId === null || c.memberId !== ctx.memberId) throw invalid('couponIds', 'coupon.notYours');
      if (c.state !== 'issued') throw conflict('coupon', 'coupon.notUsable');
      offers.push({ template: (await findTemplate(ctx.tx, ctx.scope, c.templateId))!, coupon: c, shares: [] });
    }
  }
  offers.sort((a, b) => a.template.id - b.template.id || (a.coupon?.id ?? 0) - (b.coupon?.id ?? 0));
  if (offers.length > 1 && offers.some((o) => !o.template.stackable)) throw invalid(ids?.length ? 'couponIds' : 'couponCode', 'coupon.notStackable');
  return offers;
}

export const couponAdjuster: PriceAdjuster = {
  name: 'coupon',
  order: 200,
  async adjust(ctx, lines) {
    if (!ctx.coupons.code && !ctx.coupons.ids?.length) return [];
    const offers = await offersOf(ctx);
    const net = lines.map((l) => l.netFen);
    for (const o of offers) await price(ctx, o, lines, net, o.coupon ? 'couponIds' : 'couponCode');
    plans.set(ctx, offers);
    return offers.flatMap((o): PriceAdjustment[] => o.shares.map((s) => ({ line: s.line, amountFen: s.amountFen, reason: reasonOf(o).slice(0, 200) })));
  },
  async placed(ctx, made) {
    const offers = plans.get(ctx) ?? [];
    plans.delete(ctx);
    const { order, items } = made;
    for (const o of offers) {
      if (!o.shares.length) continue;
      const t = o.template;
      let coupon: CouponRecord;
      if (!o.coupon) {
        // A shared code's use: one of the total, one of the member's share, each by the database.
        if (!(await takeTotal(ctx.tx, ctx.scope, t.id, 1))) throw conflict('coupon', 'coupon.usedUp');
        if (ctx.memberId !== null && !(await takeMember(ctx.tx, ctx.scope, t.orgId, t.id, ctx.memberId, 1, t.perMemberLimit)))
          throw conflict('coupon', 'coupon.memberLimit');
        const valid = validityOf(t, ctx.now);
        coupon = await insertCoupon(ctx.tx, ctx.scope, {
          orgId: t.orgId,
          templateId: t.id,
          memberId: ctx.memberId,
          source: 'code',
          state: 'held',
          usesLeft: 1,
          validFrom: valid.from,
          validTo: valid.to,
          orderId: order.id,
        });
      } else {
        // The coupon the buyer holds, if no other order took it meanwhile and it has not ended.
        const moved = await holdCoupon(ctx.tx, ctx.scope, o.coupon.id, order.id, ctx.now);
        if (!moved) throw conflict('coupon', 'coupon.notUsable');
        coupon = moved;
      }
      const lines: CouponUseLine[] = o.shares.map((s) => ({
        itemId: items[s.line]!.id,
        quantity: items[s.line]!.quantity,
        amountFen: s.amountFen,
        backFen: 0,
      }));
      const use = await insertUse(ctx.tx, ctx.scope, {
        orgId: order.orgId,
        couponId: coupon.id,
        templateId: t.id,
        orderId: order.id,
        memberId: ctx.memberId,
        amountFen: lines.reduce((n, l) => n + l.amountFen, 0),
        lines,
        state: 'held',
      });
      await tell(ctx.tx, 'held', use, coupon);
    }
  },
};

/** What the order detail shows as the adjustment's reason: the template, and the code used. */
const reasonOf = (o: Offer) => (o.coupon ? o.template.name : `${o.template.name} (${o.template.code})`);

// ---------------------------------------------------------------- the order's life

/** A use ends without a sale: its coupon is the member's again (a code's use is voided and its counts given back). */
async function giveBack(tx: Tx, scope: Scope, use: UseRecord, coupon: CouponRecord, from: string[]): Promise<void> {
  if (coupon.source === 'code') {
    await voidCoupon(tx, scope, coupon.id, from);
    await giveBackTotal(tx, scope, use.templateId, 1);
    if (coupon.memberId !== null) await giveBackMember(tx, scope, use.templateId, coupon.memberId, 1);
  } else await reissueCoupon(tx, scope, coupon.id, from);
  await tell(tx, 'released', use, coupon);
}

async function couponsOf(tx: Tx, scope: Scope, uses: UseRecord[]): Promise<Map<number, CouponRecord>> {
  return new Map(
    (
      await findCoupons(
        tx,
        scope,
        uses.map((u) => u.couponId),
      )
    ).map((c) => [c.id, c]),
  );
}

export const couponOrderHooks: OrderHooks = {
  name: 'coupon',
  // An order without a discount took no coupon: nothing to read (the hot path of every sale).
  async paid(ctx, order) {
    if (order.discountFen <= 0) return;
    const uses = await usesOfOrder(ctx.tx, ctx.scope, order.id, ['held']);
    for (const u of uses) {
      await setUse(ctx.tx, ctx.scope, u.id, { state: 'used', settledAt: new Date() });
      // A times coupon with uses left stays the member's; any other is used.
      await useHeldCoupon(ctx.tx, ctx.scope, u.couponId, new Date());
      await postByRule(ctx.tx, ctx.scope, COUPON_RULES.cost, { orgId: order.orgId, amountFen: u.amountFen, orderId: order.id, at: ctx.now });
    }
  },
  async cancelled(ctx, order) {
    if (order.discountFen <= 0) return;
    const uses = await usesOfOrder(ctx.tx, ctx.scope, order.id, ['held']);
    if (!uses.length) return;
    const held = await couponsOf(ctx.tx, ctx.scope, uses);
    for (const u of uses) {
      await setUse(ctx.tx, ctx.scope, u.id, { state: 'released', settledAt: new Date() });
      await giveBack(ctx.tx, ctx.scope, u, held.get(u.couponId)!, ['held']);
    }
  },
  async refunded(ctx, order, refund) {
    await refundUses(ctx, order, refund);
  },
};

/**
 * A refund of an order that used coupons: each refunded line gives back its share of the coupon's
 * cost (by the units refunded so far; the last unit takes what is left), and a coupon whose
 * discounted lines are all refunded (or whose order is wholly refunded) is returned or spent.
 */
async function refundUses(ctx: KindContext, order: OrderRecord, refund: RefundRecord): Promise<void> {
  if (order.discountFen <= 0) return;
  const uses = await usesOfOrder(ctx.tx, ctx.scope, order.id, ['used']);
  if (!uses.length) return;
  const items = new Map((await itemsOf(ctx.tx, ctx.scope, order.id)).map((i) => [i.id, i]));
  const all = order.state === 'refunded';
  const held = await couponsOf(ctx.tx, ctx.scope, uses);
  const now = ctx.now ?? new Date();
  for (const u of uses) {
    let back = 0;
    const lines = u.lines.map((l) => {
      const item = items.get(l.itemId);
      const done = all || !item || item.refundedQty >= item.quantity;
      const due = done ? l.amountFen : Math.floor((l.amountFen * item.refundedQty) / item.quantity);
      const add = Math.max(0, due - l.backFen);
      back += add;
      return { ...l, backFen: l.backFen + add };
    });
    if (back > 0)
      await postByRule(ctx.tx, ctx.scope, COUPON_RULES.costBack, { orgId: order.orgId, amountFen: back, orderId: order.id, refundId: refund.id, at: now });
    if (!lines.every((l) => l.backFen >= l.amountFen)) {
      await setUse(ctx.tx, ctx.scope, u.id, { lines });
      continue;
    }
    const coupon = held.get(u.couponId)!;
    const t = (await findTemplate(ctx.tx, ctx.scope, u.templateId))!;
    const outcome = t.refundRule === 'return' && coupon.validTo > now ? 'returned' : 'spent';
    await setUse(ctx.tx, ctx.scope, u.id, { lines, state: outcome, settledAt: now });
    if (outcome === 'returned') await giveBack(ctx.tx, ctx.scope, u, coupon, ['used', 'issued']);
    await insertReturn(ctx.tx, ctx.scope, {
      orgId: order.orgId,
      refundId: refund.id,
      refundNo: refund.refundNo,
      orderId: order.id,
      couponId: coupon.id,
      templateId: u.templateId,
      memberId: coupon.memberId,
      outcome,
      amountFen: u.amountFen,
    });
  }
}
