import { describe, expect, it } from 'vitest';
import { priceForBuyer, priceSlot, shareOf, type RuleLike, type SlotAsk } from './pricing.ts';
import { dayKindOf, hoursOn, instantOf, localOf, slotsBetween } from '../venue/index.ts';

const rule = (over: Partial<RuleLike> & { id: number }): RuleLike => ({
  name: `r${over.id}`,
  siteId: null,
  sport: null,
  weekdays: [],
  dayKind: 'any',
  startMin: 480,
  endMin: 1320,
  level: null,
  priceFen: 1000,
  validFrom: null,
  validTo: null,
  ...over,
});
const ask = (over: Partial<SlotAsk> = {}): SlotAsk => ({
  siteId: 1,
  sport: 'badminton',
  day: '2026-11-25',
  weekday: 3,
  dayKind: 'normal',
  startMin: 600,
  endMin: 660,
  level: null,
  ...over,
});

describe('price rules: the most specific applying rule wins', () => {
  const rules = [
    rule({ id: 1, priceFen: 5000 }), // the whole venue, any day
    rule({ id: 2, sport: 'badminton', priceFen: 6000 }),
    rule({ id: 3, siteId: 1, priceFen: 7000 }),
    rule({ id: 4, sport: 'badminton', weekdays: [6, 7], priceFen: 9000 }),
    rule({ id: 5, sport: 'badminton', dayKind: 'holiday', priceFen: 10000 }),
    rule({ id: 6, sport: 'badminton', dayKind: 'workday', priceFen: 6500 }),
    rule({ id: 7, sport: 'badminton', level: 'gold', priceFen: 4000 }),
    rule({ id: 8, sport: 'badminton', startMin: 1080, endMin: 1320, priceFen: 8000 }),
  ];
  it('a site before a sport before the venue', () => {
    expect(priceSlot(rules, ask())!.id).toBe(3);
    expect(priceSlot(rules, ask({ siteId: 2 }))!.id).toBe(2);
    expect(priceSlot(rules, ask({ siteId: 2, sport: 'tennis' }))!.id).toBe(1);
  });
  it('weekends, public holidays and make-up work days', () => {
    expect(priceSlot(rules, ask({ siteId: 2, weekday: 6, day: '2026-11-28' }))!.priceFen).toBe(9000);
    // 1 October (a Thursday) is a public holiday; a Sunday that is worked is a make-up work day, not a weekend price.
    expect(priceSlot(rules, ask({ siteId: 2, weekday: 4, day: '2026-10-01', dayKind: 'holiday' }))!.priceFen).toBe(10000);
    expect(priceSlot(rules, ask({ siteId: 2, weekday: 7, day: '2026-10-11', dayKind: 'workday' }))!.priceFen).toBe(6500);
  });
  it('a member level’s price before everybody’s; a walk-in never gets it', () => {
    expect(priceSlot(rules, ask({ level: 'gold' }))!.priceFen).toBe(4000);
    expect(priceSlot(rules, ask({ level: 'silver' }))!.priceFen).toBe(7000);
    expect(priceSlot(rules, ask({ level: null }))!.priceFen).toBe(7000);
  });
  it('a buyer is priced at the first of their levels that holds for the sport and time and has a rule, else everybody’s price', () => {
    const { level: _, ...slot } = ask({ siteId: 2 });
    const gold = { level: 'gold', sports: ['tennis'], bands: [] };
    const goldEvenings = { level: 'gold', sports: [], bands: [{ from: 1080, to: 1320 }] };
    const silver = { level: 'silver', sports: [], bands: [] };
    expect(priceForBuyer(rules, slot, [gold])!.priceFen).toBe(6000); // gold holds for tennis only
    expect(priceForBuyer(rules, slot, [goldEvenings])!.priceFen).toBe(6000); // 10:00 is outside the band
    expect(priceForBuyer(rules, { ...slot, startMin: 1140, endMin: 1200 }, [goldEvenings])!.priceFen).toBe(4000);
    expect(priceForBuyer(rules, slot, [silver, { ...gold, sports: [] }])!.priceFen).toBe(4000); // silver has no rule: the next level
    expect(priceForBuyer(rules, slot, [])!.priceFen).toBe(6000);
  });
  it('a time band covers the whole slot; the narrower band wins', () => {
    expect(priceSlot(rules, ask({ siteId: 2, startMin: 1140, endMin: 1200 }))!.id).toBe(8);
    expect(priceSlot(rules, ask({ siteId: 2, startMin: 1050, endMin: 1110 }))!.id).toBe(2); // straddles 18:00
    expect(priceSlot([rule({ id: 9, startMin: 480, endMin: 600 })], ask({ startMin: 600, endMin: 660 }))).toBeUndefined();
  });
  it('a validity period bounds a rule', () => {
    const promo = [rule({ id: 1, priceFen: 5000 }), rule({ id: 2, priceFen: 3000, validFrom: '2026-12-01', validTo: '2026-12-31' })];
    expect(priceSlot(promo, ask({ day: '2026-11-30' }))!.priceFen).toBe(5000);
    expect(priceSlot(promo, ask({ day: '2026-12-01' }))!.priceFen).toBe(3000);
    expect(priceSlot(promo, ask({ day: '2027-01-01' }))!.priceFen).toBe(5000);
  });
  it('a late-cancel share is rounded half up to the fen', () => {
    expect(shareOf(5000, 30)).toBe(1500);
    expect(shareOf(3333, 50)).toBe(1667);
    expect(shareOf(101, 50)).toBe(51);
    expect(shareOf(100, 0)).toBe(0);
  });
});

describe('venue time', () => {
  it('reads the holiday calendar: non-work weekdays are holidays, worked weekends make-up work days', () => {
    expect(dayKindOf('2026-10-01', 1)).toBe('holiday');
    expect(dayKindOf('2026-10-11', 0)).toBe('workday');
    expect(dayKindOf('2026-11-28', 1)).toBe('normal'); // an ordinary Saturday
    expect(dayKindOf('2026-11-25', undefined)).toBe('normal');
    const hours = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '08:00', close: '22:00' })).concat([{ day: 8, open: '10:00', close: '18:00' }]);
    expect(hoursOn(hours, '2026-10-01', 'holiday')).toEqual({ open: 600, close: 1080 });
    expect(hoursOn(hours, '2026-10-02', 'normal')).toEqual({ open: 480, close: 1320 });
    expect(
      hoursOn(
        hours.filter((h) => h.day !== 3),
        '2026-11-25',
        'normal',
      ),
    ).toBeUndefined(); // closed on Wednesdays
  });
  it('a venue in Europe/London across the summer-time change: local slots, real instants', () => {
    const tz = 'Europe/London';
    // 28 March 2027: clocks go from 01:00 to 02:00. 01:30 does not exist; 08:00 is 07:00 UTC that day and 08:00 UTC the day before.
    expect(instantOf('2027-03-28', 90, tz)).toBeUndefined();
    expect(instantOf('2027-03-28', 480, tz)!.toISOString()).toBe('2027-03-28T07:00:00.000Z');
    expect(instantOf('2027-03-27', 480, tz)!.toISOString()).toBe('2027-03-27T08:00:00.000Z');
    // The 00:00-03:00 hour slots: 00:00 and 02:00 exist (01:00 was skipped), and 00:00-02:00 lasts one real hour.
    const slots = slotsBetween(0, 180, 60).filter(([s]) => instantOf('2027-03-28', s, tz));
    expect(slots.map(([s]) => s)).toEqual([0, 120]);
    expect(instantOf('2027-03-28', 120, tz)!.getTime() - instantOf('2027-03-28', 0, tz)!.getTime()).toBe(3600_000);
    // 31 October 2027: 01:00-02:00 happens twice; the 01:00-03:00 range spans three real hours.
    expect(instantOf('2027-10-31', 180, tz)!.getTime() - instantOf('2027-10-31', 60, tz)!.getTime()).toBe(3 * 3600_000);
    expect(localOf(new Date('2027-03-28T07:00:00Z'), tz)).toEqual({ day: '2027-03-28', minutes: 480 });
    expect(localOf(new Date('2027-03-27T23:30:00Z'), 'Asia/Shanghai')).toEqual({ day: '2027-03-28', minutes: 450 });
  });
});
