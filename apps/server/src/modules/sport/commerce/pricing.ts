import { z } from 'zod';
import { MAX_FEN, Perm, type OrderItem } from '@venue/contract';
import type { Db, Tx } from '../../../platform/db.ts';
import { AppError, invalid } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import type { Scope } from '../../../platform/scope.ts';
import { getConfigValue, jsonValidator, registerConfigValidator } from '../../system/index.ts';
import { namedRegistry, type PricedItem } from './item-kinds.ts';
import type { ItemRecord, OrderRecord } from './commerce.repository.ts';
import { fenToYuan } from './providers/money.ts';

/**
 * Server-side pricing (issue 24, point 3). Each line is priced by its kind; then a pipeline of
 * adjusters, in their `order`, makes it cheaper: the member level a kind priced (`member`, kept in
 * the unit price), the seller's manual discount (`manual`), and what modules register (coupons).
 * Every adjustment is recorded on its line with its source (the adjuster's name) and reason; the
 * line's discount is the sum of those not already in its price. A client never sets a price.
 */

/** One line as the adjusters see it. */
export interface PriceLine {
  /** The line's index in the order (`items.N`). */
  readonly index: number;
  /** What the seller asked for (kind, record, quantity, a manual `discountFen`). */
  readonly input: OrderItem;
  /** What the kind answered. */
  readonly priced: PricedItem & MemberPriced;
  /** Unit price × quantity. */
  readonly grossFen: number;
  /** Gross less the adjustments so far (an adjuster may take at most this). */
  readonly netFen: number;
}

/**
 * A kind that priced a line at a member level (the booking grid's member price) says so in what
 * its `price` answers; the `member` adjuster records it (its price stays the kind's).
 */
export interface MemberPriced {
  memberPrice?: { level: string; listUnitPriceFen: number };
}

/** What an adjuster answers for one line. */
export interface PriceAdjustment {
  line: number;
  /** Fen off the line (whole, above 0; a 0 is dropped). */
  amountFen: number;
  reason: string | null;
  /** Already in the line's unit price (recorded, not taken again). */
  inPrice?: boolean;
}

/** An adjustment as recorded: its adjuster's name is its source. */
export type RecordedAdjustment = PriceAdjustment & { source: string };

export interface PricingContext {
  tx: Tx;
  scope: Scope;
  caller: Caller;
  orgId: number;
  memberId: number | null;
  orderType: string;
  /** The venue the order is sold at (null: none named). */
  venueId: number | null;
  /** Why the seller discounted by hand (the order's `discountReason`). */
  discountReason: string | null;
  /** The coupons offered with the order (a shared code, coupons the buyer holds), for the coupon module's adjuster. */
  coupons: { code?: string; ids?: number[] };
  /** The instant of the sale (one for every adjuster). */
  now: Date;
}

/** What the order's transaction made, for an adjuster's `placed`: the order, its lines, and this adjuster's adjustments on them. */
export interface PlacedOrder {
  order: OrderRecord;
  items: readonly ItemRecord[];
  /** This adjuster's adjustments, each with the line's index and the stored item's id. */
  adjustments: readonly (RecordedAdjustment & { itemId: number })[];
}

export interface PriceAdjuster {
  /** Unique; recorded as the source of its adjustments (at most 32 characters). */
  name: string;
  /** Place in the pipeline, lowest first: `member` is 10, `manual` 100; coupons come after. */
  order: number;
  /** Throws a field error to refuse the order; answers what it takes off which lines. */
  adjust(ctx: PricingContext, lines: readonly PriceLine[]): Promise<PriceAdjustment[]>;
  /**
   * Once the order row and its lines exist, in the same transaction: records what the adjustments
   * took against the order (a coupon held by it). Throwing refuses the whole order. Runs only when
   * this adjuster answered an adjustment.
   */
  placed?(ctx: PricingContext, made: PlacedOrder): Promise<void>;
}

const registered = namedRegistry<PriceAdjuster>('price adjuster');
/** The pipeline, in order (kept sorted as adjusters register). */
const adjusters: PriceAdjuster[] = [];

/** A module adds an adjuster at start-up; a second one of the same name is a wiring mistake and throws. */
export function registerPriceAdjuster(adjuster: PriceAdjuster): void {
  // The same adjuster again is the same app built twice (tests); another one under a taken name throws.
  if (registered.get(adjuster.name) === adjuster) return;
  if (!/^[a-z][a-z0-9_.]{0,31}$/.test(adjuster.name)) throw new Error(`price adjuster name ${adjuster.name} is not a short lower-case name`);
  registered.add(adjuster.name, adjuster);
  adjusters.push(adjuster);
  adjusters.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/** After the order is written: each adjuster that adjusted records what it took against the order, in pipeline order. */
export async function placeAdjustments(ctx: PricingContext, made: Omit<PlacedOrder, 'adjustments'>, adjustments: readonly RecordedAdjustment[]): Promise<void> {
  for (const adjuster of adjusters) {
    if (!adjuster.placed) continue;
    const own = adjustments.filter((a) => a.source === adjuster.name).map((a) => ({ ...a, itemId: made.items[a.line]!.id }));
    if (own.length) await adjuster.placed(ctx, { ...made, adjustments: own });
  }
}

/** Runs the pipeline over priced lines: every adjustment, with its source; each within what is left of its line. */
export async function adjustPrices(ctx: PricingContext, priced: Omit<PriceLine, 'netFen'>[]): Promise<RecordedAdjustment[]> {
  const lines = priced.map((l) => ({ ...l, netFen: l.grossFen }));
  const out: RecordedAdjustment[] = [];
  for (const adjuster of adjusters) {
    for (const a of await adjuster.adjust(ctx, lines)) {
      if (a.amountFen === 0) continue;
      const line = lines[a.line];
      if (!line || !Number.isSafeInteger(a.amountFen) || a.amountFen < 0) throw new Error(`price adjuster ${adjuster.name} answered a bad adjustment`);
      if (!a.inPrice) {
        if (a.amountFen > line.netFen) throw invalid(`items.${a.line}.discountFen`, 'commerce.discountTooBig');
        line.netFen -= a.amountFen;
      }
      out.push({ ...a, source: adjuster.name });
    }
  }
  return out;
}

// ---------------------------------------------------------------- member level

registerPriceAdjuster({
  name: 'member',
  order: 10,
  async adjust(_ctx, lines) {
    return lines.flatMap((l) => {
      const m = l.priced.memberPrice;
      if (!m || m.listUnitPriceFen <= l.priced.unitPriceFen) return [];
      return [{ line: l.index, amountFen: (m.listUnitPriceFen - l.priced.unitPriceFen) * l.input.quantity, reason: m.level, inPrice: true }];
    });
  },
});

// ---------------------------------------------------------------- manual discount

/**
 * Who may discount by hand, and how much (issue 23, point 2; issue 24, point 3). A line's
 * `discountFen`, on any order-making route, needs `sport:order:discount`, a reason, and stays
 * within a limit of the caller's roles: parameter `commerce.discountLimits`, JSON `{"default":
 * {"maxPercent": 10}, "roles": {"<role code>": {"maxPercent": 30, "maxFen": 50000}}}`. A role
 * without an entry has the default; without the parameter the default is 10% and no amount cap.
 * A caller with several roles has the most generous one that allows the discount.
 */
export const DISCOUNT_LIMITS_PARAM = 'commerce.discountLimits';
const discountLimit = z.strictObject({ maxPercent: z.number().int().min(0).max(100), maxFen: z.number().int().min(0).max(MAX_FEN).nullish() });
const discountLimits = z.strictObject({ default: discountLimit.optional(), roles: z.record(z.string().min(1).max(64), discountLimit).optional() });
type DiscountLimit = z.output<typeof discountLimit>;
const DEFAULT_DISCOUNT_LIMIT: DiscountLimit = { maxPercent: 10, maxFen: null };
registerConfigValidator(
  DISCOUNT_LIMITS_PARAM,
  jsonValidator((json) => discountLimits.parse(json)),
);

async function discountLimitsOf(db: Db, caller: Caller): Promise<DiscountLimit[]> {
  const raw = await getConfigValue(db, DISCOUNT_LIMITS_PARAM);
  let parsed: z.output<typeof discountLimits> = {};
  try {
    parsed = raw ? discountLimits.parse(JSON.parse(raw)) : {};
  } catch {
    parsed = {}; // an unreadable value (saved before its check existed): the default
  }
  const fallback = parsed.default ?? DEFAULT_DISCOUNT_LIMIT;
  const roles = caller.roles.length ? caller.roles : [''];
  return roles.map((r) => parsed.roles?.[r] ?? fallback);
}

registerPriceAdjuster({
  name: 'manual',
  order: 100,
  async adjust(ctx, lines) {
    const asked = lines.filter((l) => l.input.discountFen > 0);
    if (!asked.length) return [];
    // Refused before anything else: a refusal inside the order's transaction leaves nothing behind.
    if (!ctx.caller.perms.has(Perm.order.discount)) throw new AppError('FORBIDDEN', 'commerce.discountForbidden');
    if (!ctx.discountReason) throw invalid('discountReason', 'commerce.discountReasonRequired');
    const field = `items.${asked[0]!.index}.discountFen`;
    for (const l of asked) if (l.input.discountFen > l.netFen) throw invalid(`items.${l.index}.discountFen`, 'commerce.discountTooBig');
    const discount = asked.reduce((n, l) => n + l.input.discountFen, 0);
    const total = lines.reduce((n, l) => n + l.grossFen, 0);
    const limits = await discountLimitsOf(ctx.tx, ctx.caller);
    const fits = (l: DiscountLimit) => discount * 100 <= total * l.maxPercent && (l.maxFen === null || l.maxFen === undefined || discount <= l.maxFen);
    if (!limits.some(fits)) {
      const best = limits.reduce((a, b) => (b.maxPercent > a.maxPercent ? b : a));
      if (best.maxFen === null || best.maxFen === undefined) throw invalid(field, 'commerce.discountOverLimit', { percent: best.maxPercent });
      throw invalid(field, 'commerce.discountOverLimitFen', { percent: best.maxPercent, maxYuan: fenToYuan(best.maxFen) });
    }
    return asked.map((l) => ({ line: l.index, amountFen: l.input.discountFen, reason: ctx.discountReason }));
  },
});
