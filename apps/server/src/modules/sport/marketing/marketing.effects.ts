import type { Tx } from '../../../platform/db.ts';
import { AppError, conflict, isUniqueViolation } from '../../../platform/errors.ts';
import { oneOrgScope, type Scope } from '../../../platform/scope.ts';
import {
  itemKindOf,
  itemsOf,
  pageOrders,
  type ItemRecord,
  type KindContext,
  type OrderHooks,
  type OrderRecord,
  type PriceAdjuster,
  type PriceLine,
  type PricingContext,
} from '../commerce/index.ts';
import { issueBatch, type CouponUseListener } from '../coupon/index.ts';
import type { RechargeBonusSource } from '../card/index.ts';
import {
  couponUseOf,
  findCampaign,
  giveBackBudget,
  insertCampaignUse,
  moveUse,
  packOfBatch,
  runningCampaigns,
  takeBudget,
  usesOfOrder,
  type CampaignRecord,
  type CampaignUseRecord,
} from './marketing.repository.ts';
import './marketing.messages.ts';

/**
 * What campaigns do to orders (issue 28), each inside the order's own transaction:
 * - the price adjuster `campaign` (order 150: after the member level and the manual discount,
 *   before coupons, which apply to what it left) gives booking orders the time-band and the
 *   first-booking discounts; `placed` takes each campaign's budget by one conditional write;
 * - the card module's recharge bonus source gives the recharge-bonus tiers and takes their budget;
 * - the coupon module's use listener charges a coupon pack's coupons, as they are redeemed, to the
 *   pack's campaign;
 * - the order hooks: paid makes the uses final and gives the coupon packs; cancelled, timed out or
 *   wholly refunded gives each use's amount back to its budget.
 * A campaign whose budget left cannot take its effect is passed over when the order is priced (an
 * order then sells without it); one that another order emptied in between refuses the order with
 * 100409 `budget` at the conditional write, so the budget is never passed.
 */

const HALF_UP = (fen: number, percent: number) => Math.floor((fen * percent + 50) / 100);
const atVenue = (c: CampaignRecord, venueId: number | null) => !c.venueIds.length || (venueId !== null && c.venueIds.includes(venueId));
const left = (c: CampaignRecord) => c.budgetFen - c.usedFen;

/** What a discount campaign takes off `fen` (half up to the fen, at most its cap, at most `fen`). */
function offOf(c: CampaignRecord, fen: number): number {
  const raw = c.offKind === 'percent' ? HALF_UP(fen, Number(c.offValue ?? 0)) : Number(c.offValue ?? 0);
  return Math.max(0, Math.min(raw, c.capFen ?? raw, fen));
}

/** `total` spread over lines in proportion to `weights` (whole fen; the remainder to the first lines), each at most its weight. */
function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0 && i < shares.length; i++) {
    if (shares[i]! < weights[i]!) {
      shares[i]!++;
      rest--;
    }
  }
  return shares;
}

/** Where and when a line is used, as its kind says (a booked slot: its sport, start and end). */
async function useOf(ctx: PricingContext, line: PriceLine) {
  const kctx: KindContext = { tx: ctx.tx, scope: ctx.scope, orgId: ctx.orgId, memberId: ctx.memberId, now: ctx.now };
  return itemKindOf(line.input.kind)?.use?.(kctx, {
    kind: line.input.kind,
    refId: line.input.refId ?? null,
    quantity: line.input.quantity,
    hold: line.input.detail ?? null,
  } as ItemRecord);
}

/** Has the member booked before (any booking order not cancelled)? */
async function bookedBefore(ctx: PricingContext, memberId: number): Promise<boolean> {
  const { total, rows } = await pageOrders(ctx.tx, ctx.scope, { type: 'venue', memberId }, [], { limit: 20, offset: 0 });
  return total > rows.length || rows.some((o) => o.state !== 'cancelled');
}

interface Plan {
  campaign: CampaignRecord;
  what: 'discount' | 'first';
  shares: { line: number; amountFen: number }[];
}
/** What `adjust` decided for an order, read by `placed` of the same order (the same pricing context). */
const plans = new WeakMap<PricingContext, Plan[]>();

export const campaignAdjuster: PriceAdjuster = {
  name: 'campaign',
  order: 150,
  async adjust(ctx, lines) {
    if (ctx.orderType !== 'venue') return [];
    const found = (await runningCampaigns(ctx.tx, ctx.scope, ctx.orgId, ['timeBand', 'firstBooking'], ctx.now)).filter((c) => atVenue(c, ctx.venueId));
    if (!found.length) return [];
    const net = lines.map((l) => l.netFen);
    const out: Plan[] = [];
    // Time bands, in campaign order: each line gets at most one (the first whose band it lies in and whose budget can take the whole order's share).
    const taken = new Set<number>();
    // Each line's use is asked of its kind once (a booked slot: a read of its site).
    const usesOf = new Map<number, Awaited<ReturnType<typeof useOf>>>();
    const lineUse = async (l: PriceLine) => {
      if (!usesOf.has(l.index)) usesOf.set(l.index, await useOf(ctx, l));
      return usesOf.get(l.index);
    };
    for (const c of found.filter((x) => x.kind === 'timeBand')) {
      const shares: Plan['shares'] = [];
      for (const l of lines) {
        if (taken.has(l.index) || net[l.index]! <= 0) continue;
        const use = await lineUse(l);
        if (use?.startMin === undefined) continue;
        if (c.sports.length && (!use.sport || !c.sports.includes(use.sport))) continue;
        if (use.startMin < c.bandStartMin! || use.startMin >= c.bandEndMin!) continue;
        const off = offOf(c, net[l.index]!);
        if (off > 0) shares.push({ line: l.index, amountFen: off });
      }
      const sum = shares.reduce((n, s) => n + s.amountFen, 0);
      if (!shares.length || sum > left(c)) continue;
      for (const s of shares) {
        taken.add(s.line);
        net[s.line]! -= s.amountFen;
      }
      out.push({ campaign: c, what: 'discount', shares });
    }
    // Then one first-booking discount on what is left of the whole order (the first campaign whose budget can take it).
    const firsts = found.filter((x) => x.kind === 'firstBooking');
    if (firsts.length && ctx.memberId !== null && !(await bookedBefore(ctx, ctx.memberId))) {
      const base = net.reduce((a, b) => a + b, 0);
      for (const c of firsts) {
        const off = offOf(c, base);
        if (off <= 0 || off > left(c)) continue;
        const parts = spread(off, net);
        const shares = parts.map((amountFen, line) => ({ line, amountFen })).filter((s) => s.amountFen > 0);
        for (const s of shares) net[s.line]! -= s.amountFen;
        out.push({ campaign: c, what: 'first', shares });
        break;
      }
    }
    if (!out.length) return [];
    plans.set(ctx, out);
    return out.flatMap((p) => p.shares.map((s) => ({ line: s.line, amountFen: s.amountFen, reason: p.campaign.name })));
  },
  async placed(ctx, made) {
    const out = plans.get(ctx) ?? [];
    plans.delete(ctx);
    for (const p of out) {
      const amountFen = p.shares.reduce((n, s) => n + s.amountFen, 0);
      // The one conditional write: refused when another order took the budget since this one was priced.
      if (!(await takeBudget(ctx.tx, ctx.scope, p.campaign.id, amountFen))) throw conflict('budget', 'campaign.budget', { name: p.campaign.name });
      try {
        // A savepoint: a unique refusal must not abort the order's transaction before it answers.
        await ctx.tx.transaction((sp) =>
          insertCampaignUse(sp, ctx.scope, {
            orgId: made.order.orgId,
            campaignId: p.campaign.id,
            what: p.what,
            orderId: made.order.id,
            memberId: ctx.memberId,
            amountFen,
            state: 'held',
          }),
        );
      } catch (e) {
        // Two first bookings of one member at once: one of them holds the discount.
        if (isUniqueViolation(e)) throw conflict('state', 'campaign.firstUsed');
        throw e;
      }
    }
  },
};

// ---------------------------------------------------------------- recharge bonus (the card module's source)

export const campaignRechargeBonus: RechargeBonusSource = {
  name: 'campaign',
  async bonus(ctx, ask) {
    const now = ctx.now ?? new Date();
    const found = (await runningCampaigns(ctx.tx, ctx.scope, ask.orgId, ['rechargeBonus'], now)).filter((c) => atVenue(c, ask.venueId));
    // One campaign per recharge: the first (in campaign order) whose budget can take its tier.
    for (const c of found) {
      const bonus = c.tiers.filter((t) => ask.amountFen >= t.minFen).reduce((best, t) => Math.max(best, t.bonusFen), 0);
      if (bonus <= 0 || bonus > left(c)) continue;
      if (!(await takeBudget(ctx.tx, ctx.scope, c.id, bonus))) throw conflict('budget', 'campaign.budget', { name: c.name });
      await insertCampaignUse(ctx.tx, ctx.scope, {
        orgId: ask.orgId,
        campaignId: c.id,
        what: 'bonus',
        orderId: ask.orderId,
        memberId: ask.memberId,
        amountFen: bonus,
        state: 'held',
      });
      return bonus;
    }
    return 0;
  },
};

// ---------------------------------------------------------------- coupon packs: their coupons charged to the campaign

export const campaignCouponListener: CouponUseListener = {
  name: 'campaign',
  async held(tx, use) {
    if (use.batchId === null) return;
    const scope = oneOrgScope(use.orgId);
    const pack = await packOfBatch(tx, scope, use.batchId);
    if (!pack) return;
    if (!(await takeBudget(tx, scope, pack.campaignId, use.amountFen))) {
      throw conflict('budget', 'campaign.budget', { name: (await campaignName(tx, scope, pack.campaignId)) ?? '' });
    }
    await insertCampaignUse(tx, scope, {
      orgId: use.orgId,
      campaignId: pack.campaignId,
      what: 'coupon',
      orderId: use.orderId,
      memberId: pack.memberId,
      couponId: use.couponId,
      amountFen: use.amountFen,
      state: 'held',
    });
  },
  async released(tx, use) {
    const scope = oneOrgScope(use.orgId);
    const mine = await couponUseOf(tx, scope, use.couponId, use.orderId, ['held', 'used']);
    if (mine) await release(tx, scope, mine, ['held', 'used']);
  },
};

async function campaignName(tx: Tx, scope: Scope, id: number): Promise<string | undefined> {
  return (await findCampaign(tx, scope, id))?.name;
}

/** A use ends without a sale: its amount goes back to the budget (once: the move is conditional). */
async function release(tx: Tx, scope: Scope, use: CampaignUseRecord, from: string[]): Promise<void> {
  const moved = await moveUse(tx, scope, use.id, from, 'released');
  if (moved) await giveBackBudget(tx, scope, use.campaignId, use.amountFen);
}

// ---------------------------------------------------------------- the order's life

/** May the order carry campaign uses? (Only discounted orders and card orders do: every other sale reads nothing.) */
const mayCarry = (order: OrderRecord) => order.discountFen > 0 || order.type === 'card';

/**
 * A paid registration or card purchase gives the member the coupon packs of the campaigns that
 * run: one batch per campaign, template and order (its key), issued through the coupon module in a
 * savepoint, so a template switched off or used up gives nothing but never stops the payment.
 */
async function givePacks(ctx: KindContext, order: OrderRecord): Promise<void> {
  if (order.memberId === null) return;
  const trigger = order.type === 'registration' ? 'registration' : order.type === 'card' ? 'card' : null;
  if (!trigger) return;
  const now = ctx.now ?? new Date();
  const found = (await runningCampaigns(ctx.tx, ctx.scope, order.orgId, ['couponPack'], now)).filter(
    (c) => c.trigger === trigger && atVenue(c, order.venueId) && c.usedFen < c.budgetFen,
  );
  if (!found.length) return;
  // A card purchase, not a recharge.
  if (trigger === 'card' && !(await itemsOf(ctx.tx, ctx.scope, order.id)).some((i) => i.kind === 'card')) return;
  for (const c of found) {
    for (const templateId of c.templateIds) {
      const batchKey = `campaign-${c.id}-order-${order.id}-t${templateId}`;
      try {
        await ctx.tx.transaction(async (sp) => {
          const batch = await issueBatch(sp, ctx.scope, templateId, { batchKey, memberIds: [order.memberId!], source: 'campaign', remark: c.name }, null);
          if (batch.issued > 0 && !(await packOfBatch(sp, ctx.scope, batch.id))) {
            await insertCampaignUse(sp, ctx.scope, {
              orgId: order.orgId,
              campaignId: c.id,
              what: 'pack',
              orderId: order.id,
              memberId: order.memberId,
              batchId: batch.id,
              amountFen: 0,
              state: 'used',
            });
          }
        });
      } catch (e) {
        // The template is off, ended, used up or gone (the coupon module's refusal): this pack gives
        // nothing from it. Anything else is a fault and fails the payment's transaction.
        if (!(e instanceof AppError)) throw e;
      }
    }
  }
}

export const campaignOrderHooks: OrderHooks = {
  name: 'campaign',
  async paid(ctx, order) {
    await givePacks(ctx, order);
    if (!mayCarry(order)) return;
    for (const u of await usesOfOrder(ctx.tx, ctx.scope, order.id, ['held'])) await moveUse(ctx.tx, ctx.scope, u.id, ['held'], 'used');
  },
  async cancelled(ctx, order) {
    if (!mayCarry(order)) return;
    for (const u of await usesOfOrder(ctx.tx, ctx.scope, order.id, ['held'])) await release(ctx.tx, ctx.scope, u, ['held']);
  },
  async refunded(ctx, order) {
    // Only a whole refund gives the budget back (a part refund keeps the discount it was sold with).
    if (!mayCarry(order) || order.state !== 'refunded') return;
    for (const u of await usesOfOrder(ctx.tx, ctx.scope, order.id, ['held', 'used'])) {
      if (u.what !== 'pack') await release(ctx.tx, ctx.scope, u, ['held', 'used']);
    }
  },
};
