import { hhmmOf, minutesOf } from '@venue/contract';
import type { LevelGrant } from '../booking/index.ts';
import type { StoredPrice } from './sparring.table.ts';

/**
 * How a sparring booking is priced from the approved price groups (pure, so it is tested alone).
 *
 * The booked time is cut at every price's band edge; each piece is priced at the hour price of the
 * best price that covers it: among the groups naming the coach's level, the prices on the day's
 * weekday (or every day) whose band holds the whole piece. A member is priced at the first of their
 * levels (best first, as booking's member levels give them; a level limited to time bands only
 * inside them) that has such a price; otherwise, and for a walk-in, at the walk-in price (no
 * member level). Between prices that fit equally, the one for named weekdays beats every day,
 * then the narrower band, then the cheaper. A piece no price covers cannot be booked.
 * A piece costs its hour price × its minutes / 60, rounded half up to the fen.
 */
export interface GroupLike {
  id: number;
  name: string;
  coachLevels: readonly string[];
  prices: readonly StoredPrice[];
}

export interface PricedPart {
  start: string;
  end: string;
  hourFen: number;
  amountFen: number;
  groupName: string;
  /** The member level the part is priced at (null: the walk-in price). */
  memberLevel: string | null;
}

export type SparringPriceResult = { amountFen: number; parts: PricedPart[] } | { missingAt: string };

interface Candidate {
  group: GroupLike;
  price: StoredPrice;
  startMin: number;
  endMin: number;
}

function better(a: Candidate, b: Candidate): boolean {
  const wa = a.price.weekdays.length ? 1 : 0;
  const wb = b.price.weekdays.length ? 1 : 0;
  if (wa !== wb) return wa > wb;
  const la = a.endMin - a.startMin;
  const lb = b.endMin - b.startMin;
  if (la !== lb) return la < lb;
  return a.price.priceFen < b.price.priceFen;
}

export function priceSparring(
  groups: readonly GroupLike[],
  coachLevel: string | null,
  weekday: number,
  startMin: number,
  endMin: number,
  grants: readonly LevelGrant[],
): SparringPriceResult {
  const candidates: Candidate[] = [];
  for (const group of groups) {
    if (coachLevel === null || !group.coachLevels.includes(coachLevel)) continue;
    for (const price of group.prices) {
      if (price.weekdays.length && !price.weekdays.includes(weekday)) continue;
      candidates.push({ group, price, startMin: minutesOf(price.start), endMin: minutesOf(price.end) });
    }
  }
  const cuts = new Set([startMin, endMin]);
  for (const c of candidates) for (const m of [c.startMin, c.endMin]) if (m > startMin && m < endMin) cuts.add(m);
  const edges = [...cuts].sort((a, b) => a - b);
  const parts: PricedPart[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i]!;
    const b = edges[i + 1]!;
    const covering = candidates.filter((c) => c.startMin <= a && b <= c.endMin);
    const pick = (level: string | null) => {
      let best: Candidate | undefined;
      for (const c of covering) if ((c.price.memberLevel ?? null) === level && (!best || better(c, best))) best = c;
      return best;
    };
    let chosen: Candidate | undefined;
    let level: string | null = null;
    for (const g of grants) {
      if (g.bands.length && !g.bands.some((band) => band.from <= a && b <= band.to)) continue;
      chosen = pick(g.level);
      if (chosen) {
        level = g.level;
        break;
      }
    }
    chosen ??= pick(null);
    if (!chosen) return { missingAt: hhmmOf(a) };
    const prev = parts[parts.length - 1];
    if (prev && prev.end === hhmmOf(a) && prev.hourFen === chosen.price.priceFen && prev.groupName === chosen.group.name && prev.memberLevel === level) {
      prev.end = hhmmOf(b);
      continue;
    }
    parts.push({ start: hhmmOf(a), end: hhmmOf(b), hourFen: chosen.price.priceFen, amountFen: 0, groupName: chosen.group.name, memberLevel: level });
  }
  for (const p of parts) p.amountFen = Math.floor((p.hourFen * (minutesOf(p.end) - minutesOf(p.start)) + 30) / 60);
  return { amountFen: parts.reduce((n, p) => n + p.amountFen, 0), parts };
}
