import { AGENCY_PARTIES, SHARE_WHOLE, type AgencyParty } from '@venue/contract';

export type Parts = Record<AgencyParty, number>;
export type Bps = { platformBp: number; venueBp: number; partnerBp: number };

/**
 * Splits `amountFen` between the three parties by their shares (basis points adding up to 10000),
 * so that the parts always add up to the amount (docs/decisions.md, "Tripartite agency"):
 * largest remainder (Hamilton). Each party first gets the whole fen of its exact share
 * (`floor(|amount| × bp / 10000)`); the fen left over (at most two) go one each to the parties with
 * the largest remainders (`|amount| × bp mod 10000`); equal remainders go in the parties' fixed
 * order platform, venue, partner. A negative amount (a refund) is split as its absolute value and
 * negated, so refunding a whole sale undoes its split exactly. Integers throughout (BigInt), so
 * nothing depends on floating point.
 */
export function splitShares(amountFen: number, bps: Bps): Parts {
  const sign = amountFen < 0 ? -1n : 1n;
  const whole = BigInt(Math.abs(amountFen));
  const shares = AGENCY_PARTIES.map((p) => BigInt(bps[`${p}Bp`]));
  const exact = shares.map((bp) => whole * bp);
  const parts = exact.map((x) => x / BigInt(SHARE_WHOLE));
  let left = whole - parts.reduce((a, b) => a + b, 0n);
  const byRemainder = exact.map((x, i) => ({ i, r: x % BigInt(SHARE_WHOLE) })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (let k = 0; left > 0n; k++, left--) parts[byRemainder[k]!.i]! += 1n;
  return {
    platform: Number(sign * parts[0]!),
    venue: Number(sign * parts[1]!),
    partner: Number(sign * parts[2]!),
  };
}

/** The shares are whole basis points of 0..10000 adding up to 10000. */
export const sharesAddUp = (b: Bps) => b.platformBp + b.venueBp + b.partnerBp === SHARE_WHOLE;
