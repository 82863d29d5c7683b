import type { DayKind } from '@venue/contract';

/** What a price rule needs to be matched (a stored rule, or a template's price copied onto a site). */
export interface RuleLike {
  id: number;
  name: string;
  siteId: number | null;
  sport: string | null;
  weekdays: number[];
  dayKind: string;
  startMin: number;
  endMin: number;
  level: string | null;
  priceFen: number;
  validFrom: string | null;
  validTo: string | null;
}

export interface SlotAsk {
  siteId: number;
  sport: string;
  day: string;
  weekday: number;
  dayKind: Exclude<DayKind, 'any'>;
  startMin: number;
  endMin: number;
  /** The buyer's member level (card type code); null for a walk-in. */
  level: string | null;
}

/** Whether a rule prices a slot: the slot lies inside its band, on its days, within its validity, for its site or sport and level. */
export function ruleApplies(r: RuleLike, a: SlotAsk): boolean {
  if (r.siteId !== null && r.siteId !== a.siteId) return false;
  if (r.sport !== null && r.sport !== a.sport) return false;
  if (r.level !== null && r.level !== a.level) return false;
  if (r.weekdays.length && !r.weekdays.includes(a.weekday)) return false;
  if (r.dayKind !== 'any' && r.dayKind !== a.dayKind) return false;
  if (r.validFrom && a.day < r.validFrom) return false;
  if (r.validTo && a.day > r.validTo) return false;
  return r.startMin <= a.startMin && a.endMin <= r.endMin;
}

/**
 * How specific a rule is. The most specific applying rule prices the slot: a member level's
 * price before everybody's, then a site before a sport before the whole venue, then a holiday or
 * make-up work day before weekdays before any day, then a bounded validity; then the narrower
 * band, then the newer rule.
 */
function specificity(r: RuleLike): number[] {
  return [
    r.level !== null ? 1 : 0,
    r.siteId !== null ? 2 : r.sport !== null ? 1 : 0,
    r.dayKind === 'holiday' || r.dayKind === 'workday' ? 2 : r.dayKind === 'normal' ? 1 : 0,
    r.weekdays.length ? 8 - r.weekdays.length : 0,
    r.validFrom || r.validTo ? 1 : 0,
    -(r.endMin - r.startMin),
    r.id,
  ];
}

function moreSpecific(a: RuleLike, b: RuleLike): boolean {
  const x = specificity(a);
  const y = specificity(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return false;
}

/** The rule that prices a slot, or undefined when none does (the slot cannot be booked). */
export function priceSlot(rules: readonly RuleLike[], ask: SlotAsk): RuleLike | undefined {
  let best: RuleLike | undefined;
  for (const r of rules) if (ruleApplies(r, ask) && (!best || moreSpecific(r, best))) best = r;
  return best;
}

/**
 * A level a buyer may be priced at (a card type's code, or the member's own level) and where it
 * holds: sports and time bands in minutes of the day (empty: every sport, all day).
 */
export interface LevelGrant {
  level: string;
  sports: readonly string[];
  bands: readonly { from: number; to: number }[];
}

/**
 * The rule that prices a slot for a buyer holding `grants` (best first): the first grant that
 * holds for the slot's sport and lies inside one of its bands, and whose level has a rule for the
 * slot; otherwise everybody's price.
 */
export function priceForBuyer(rules: readonly RuleLike[], ask: Omit<SlotAsk, 'level'>, grants: readonly LevelGrant[]): RuleLike | undefined {
  for (const g of grants) {
    if (g.sports.length && !g.sports.includes(ask.sport)) continue;
    if (g.bands.length && !g.bands.some((b) => b.from <= ask.startMin && ask.endMin <= b.to)) continue;
    const r = priceSlot(rules, { ...ask, level: g.level });
    if (r && r.level !== null) return r;
  }
  return priceSlot(rules, { ...ask, level: null });
}

/** A share of an amount in percent, rounded half up to the fen. */
export function shareOf(amountFen: number, percent: number): number {
  return Math.floor((amountFen * percent + 50) / 100);
}
