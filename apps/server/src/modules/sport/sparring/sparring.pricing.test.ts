import { describe, expect, it } from 'vitest';
import { priceSparring, type GroupLike } from './sparring.pricing.ts';

const groups: GroupLike[] = [
  {
    id: 1,
    name: '高级',
    coachLevels: ['senior'],
    prices: [
      { weekdays: [], start: '08:00', end: '22:00', memberLevel: null, priceFen: 20_000 },
      { weekdays: [], start: '18:00', end: '22:00', memberLevel: null, priceFen: 25_000 },
      { weekdays: [6, 7], start: '08:00', end: '22:00', memberLevel: null, priceFen: 30_000 },
      { weekdays: [], start: '08:00', end: '22:00', memberLevel: 'gold', priceFen: 16_000 },
    ],
  },
  { id: 2, name: '初级', coachLevels: ['junior'], prices: [{ weekdays: [], start: '08:00', end: '22:00', memberLevel: null, priceFen: 10_000 }] },
];
const gold = [{ level: 'gold', sports: [], bands: [] }];
const MON = 1;
const SAT = 6;
const m = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('sparring prices from the approved groups', () => {
  it('a weekday hour in the day band is the group of the coach level, by the hour', () => {
    expect(priceSparring(groups, 'senior', MON, m('10:00'), m('11:00'), [])).toMatchObject({ amountFen: 20_000 });
    expect(priceSparring(groups, 'junior', MON, m('10:00'), m('11:30'), [])).toMatchObject({ amountFen: 15_000 });
  });

  it('a booking across the evening band is priced in two parts', () => {
    const r = priceSparring(groups, 'senior', MON, m('17:00'), m('19:00'), []);
    expect(r).toEqual({
      amountFen: 45_000,
      parts: [
        { start: '17:00', end: '18:00', hourFen: 20_000, amountFen: 20_000, groupName: '高级', memberLevel: null },
        { start: '18:00', end: '19:00', hourFen: 25_000, amountFen: 25_000, groupName: '高级', memberLevel: null },
      ],
    });
  });

  it('named weekdays beat every day: a Saturday hour is the weekend price', () => {
    expect(priceSparring(groups, 'senior', SAT, m('10:00'), m('11:00'), [])).toMatchObject({ amountFen: 30_000 });
  });

  it('a member of a level with its own price pays it; a level without one pays the walk-in price', () => {
    expect(priceSparring(groups, 'senior', MON, m('10:00'), m('11:00'), gold)).toMatchObject({ amountFen: 16_000, parts: [{ memberLevel: 'gold' }] });
    expect(priceSparring(groups, 'junior', MON, m('10:00'), m('11:00'), gold)).toMatchObject({ amountFen: 10_000, parts: [{ memberLevel: null }] });
    // A level held only in the morning prices only the morning.
    const morning = [{ level: 'gold', sports: [], bands: [{ from: m('08:00'), to: m('12:00') }] }];
    expect(priceSparring(groups, 'senior', MON, m('14:00'), m('15:00'), morning)).toMatchObject({ amountFen: 20_000 });
  });

  it('time no price covers, or a coach level no group names, cannot be priced', () => {
    expect(priceSparring(groups, 'senior', MON, m('21:00'), m('23:00'), [])).toEqual({ missingAt: '22:00' });
    expect(priceSparring(groups, 'master', MON, m('10:00'), m('11:00'), [])).toEqual({ missingAt: '10:00' });
    expect(priceSparring(groups, null, MON, m('10:00'), m('11:00'), [])).toEqual({ missingAt: '10:00' });
  });
});
