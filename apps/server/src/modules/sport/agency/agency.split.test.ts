import { describe, expect, it } from 'vitest';
import { splitShares, type Bps } from './agency.split.ts';
import { periodOf } from './agency.service.ts';

/** A small deterministic generator (mulberry32), so a failure names a case that can be run again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomShares(next: () => number): Bps {
  const a = Math.floor(next() * 10_001);
  const b = Math.floor(next() * (10_001 - a));
  return { platformBp: a, venueBp: b, partnerBp: 10_000 - a - b };
}

const total = (p: { platform: number; venue: number; partner: number }) => p.platform + p.venue + p.partner;

describe('shares split in fen by largest remainder', () => {
  it('adds up to the whole, each part within one fen of its exact share, for 20,000 amounts and share sets (refunds too)', () => {
    const next = random(29);
    for (let n = 0; n < 20_000; n++) {
      const shares = randomShares(next);
      const magnitude = [10, 1_000, 100_000, 100_000_000][n % 4]!;
      const drawn = Math.floor(next() * magnitude);
      const amount = n % 3 === 0 ? 0 - drawn : drawn;
      const parts = splitShares(amount, shares);
      expect(total(parts), `${amount} by ${JSON.stringify(shares)}`).toBe(amount);
      for (const [party, bp] of [
        ['platform', shares.platformBp],
        ['venue', shares.venueBp],
        ['partner', shares.partnerBp],
      ] as const) {
        const exact = (amount * bp) / 10_000;
        expect(Math.abs(parts[party] - exact), `${party} of ${amount} by ${JSON.stringify(shares)}`).toBeLessThan(1);
      }
    }
  });

  it('gives the leftover fen to the largest remainders, ties in the order platform, venue, partner', () => {
    // 100 fen in thirds (3334/3333/3333 bp): exact 33.34, 33.33, 33.33 → 34, 33, 33.
    expect(splitShares(100, { platformBp: 3334, venueBp: 3333, partnerBp: 3333 })).toEqual({ platform: 34, venue: 33, partner: 33 });
    // 1 fen in three equal remainders (5000/2500/2500 → 0.5, 0.25, 0.25): the largest, the platform's.
    expect(splitShares(1, { platformBp: 5000, venueBp: 2500, partnerBp: 2500 })).toEqual({ platform: 1, venue: 0, partner: 0 });
    // 2 fen of 2500/5000/2500 (0.5, 1, 0.5): the venue its whole fen, the tie between platform and partner to the platform.
    expect(splitShares(2, { platformBp: 2500, venueBp: 5000, partnerBp: 2500 })).toEqual({ platform: 1, venue: 1, partner: 0 });
    // Equal remainders everywhere: 1 fen in three exact thirds is impossible in bp; 0 fen gives nothing to anyone.
    expect(splitShares(0, { platformBp: 600, venueBp: 8400, partnerBp: 1000 })).toEqual({ platform: 0, venue: 0, partner: 0 });
  });

  it('splits a refund as the negative of the sale, so refunding a whole sale undoes its split exactly', () => {
    const shares = { platformBp: 650, venueBp: 8350, partnerBp: 1000 };
    for (const fen of [1, 7, 99, 12_345, 999_999]) {
      const sale = splitShares(fen, shares);
      const back = splitShares(-fen, shares);
      expect(back).toEqual({ platform: 0 - sale.platform, venue: 0 - sale.venue, partner: 0 - sale.partner });
    }
  });
});

describe('settlement periods', () => {
  it('a week runs Monday to Sunday, a month from its first to its last day (leap years too)', () => {
    expect(periodOf('weekly', '2026-11-30')).toEqual({ start: '2026-11-30', end: '2026-12-06' });
    expect(periodOf('weekly', '2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(periodOf('monthly', '2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodOf('monthly', '2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });
});
