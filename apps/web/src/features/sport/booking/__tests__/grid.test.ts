import { describe, expect, it } from 'vitest';
import type { GridAnswer, GridSlot } from '@venue/contract';
import { addDays, arrivalOf, cellKey, dayModel, linesOf, moveFocus, prune, samePicks, weekModel, type Picked } from '../grid.ts';

const slot = (siteId: number, start: string, end: string, state: GridSlot['state'] = 'free', price = 5000, date?: string): GridSlot => ({
  siteId,
  start,
  end,
  state,
  price,
  ...(date ? { date } : {}),
});

const answer: GridAnswer = {
  sites: [
    { id: 1, name: '1号场' },
    { id: 2, name: '2号场' },
  ],
  slots: [slot(1, '08:00', '09:00'), slot(1, '09:00', '10:00', 'booked'), slot(2, '09:00', '10:00'), slot(2, '10:00', '11:00', 'locked')],
};

describe('the booking grid model', () => {
  it('puts the sites across and every start down; a site closed at a time has no cell', () => {
    const m = dayModel(answer, '2026-05-01');
    expect(m.columns.map((c) => c.title)).toEqual(['1号场', '2号场']);
    expect(m.rows).toEqual([
      { start: '08:00', end: '09:00' },
      { start: '09:00', end: '10:00' },
      { start: '10:00', end: '11:00' },
    ]);
    expect(m.at(0, 0)?.state).toBe('free');
    expect(m.at(0, 1)).toBeUndefined();
    expect(m.at(1, 0)?.state).toBe('booked');
    expect(m.at(2, 1)?.state).toBe('locked');
    expect(m.at(9, 9)).toBeUndefined();
    expect(dayModel(undefined, '2026-05-01').rows).toEqual([]);
  });

  it("shows one site's week with the days across", () => {
    const week: GridAnswer = {
      sites: answer.sites,
      slots: [
        slot(1, '08:00', '09:00', 'free', 5000, '2026-05-01'),
        slot(1, '08:00', '09:00', 'booked', 5000, '2026-05-03'),
        slot(2, '08:00', '09:00', 'free', 5000, '2026-05-01'),
      ],
    };
    const m = weekModel(week, '2026-05-01', 1, (d) => d.slice(5));
    expect(m.columns.map((c) => c.title)).toEqual(['05-01', '05-02', '05-03', '05-04', '05-05', '05-06', '05-07']);
    expect(m.at(0, 0)?.state).toBe('free');
    expect(m.at(0, 1)).toBeUndefined();
    expect(m.at(0, 2)?.state).toBe('booked');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-05-01', 7)).toBe('2026-05-08');
  });

  it('joins consecutive cells of a site into one order line', () => {
    expect(
      linesOf([
        { siteId: 2, start: '10:00', end: '11:00' },
        { siteId: 1, start: '09:00', end: '10:00' },
        { siteId: 1, start: '08:00', end: '09:00' },
        { siteId: 1, start: '11:00', end: '12:00' },
        { siteId: 2, start: '09:00', end: '10:00' },
      ]),
    ).toEqual([
      { siteId: 1, start: '08:00', end: '10:00' },
      { siteId: 1, start: '11:00', end: '12:00' },
      { siteId: 2, start: '09:00', end: '11:00' },
    ]);
  });

  it('drops from the selection what is no longer free, and takes the current price', () => {
    const day = '2026-05-01';
    const pick = (s: GridSlot): Picked => ({ key: cellKey(s, day), date: day, siteId: s.siteId, siteName: '', start: s.start, end: s.end, price: s.price });
    const a = slot(1, '08:00', '09:00');
    const b = slot(2, '09:00', '10:00');
    const selected = new Map([a, b].map((s) => [cellKey(s, day), pick(s)]));
    const after = prune(
      selected,
      [
        { ...a, price: 6000 },
        { ...b, state: 'booked' },
      ],
      day,
    );
    expect([...after.values()].map((p) => [p.siteId, p.price])).toEqual([[1, 6000]]);
    expect(samePicks(selected, prune(selected, [a, b], day))).toBe(true);
    expect(samePicks(selected, after)).toBe(false);
  });

  it('moves the focus cell with the arrow keys, inside the grid', () => {
    expect(moveFocus({ r: 0, c: 0 }, 'ArrowUp', 3, 2)).toEqual({ r: 0, c: 0 });
    expect(moveFocus({ r: 0, c: 0 }, 'ArrowDown', 3, 2)).toEqual({ r: 1, c: 0 });
    expect(moveFocus({ r: 2, c: 1 }, 'ArrowDown', 3, 2)).toEqual({ r: 2, c: 1 });
    expect(moveFocus({ r: 1, c: 0 }, 'ArrowRight', 3, 2)).toEqual({ r: 1, c: 1 });
    expect(moveFocus({ r: 1, c: 1 }, 'Home', 3, 2)).toEqual({ r: 1, c: 0 });
    expect(moveFocus({ r: 1, c: 0 }, 'End', 3, 2)).toEqual({ r: 1, c: 1 });
  });

  it('tells the front desk where a booking stands', () => {
    const b = (orderState: string, states: string[], checkedInAt: string | null = null) => ({
      orderState,
      checkedInAt,
      slots: states.map((state) => ({ state })),
    });
    expect(arrivalOf(b('paid', ['booked']))).toBe('waiting');
    expect(arrivalOf(b('completed', ['used'], '2026-05-01T01:00:00Z'))).toBe('arrived');
    expect(arrivalOf(b('pending', ['held']))).toBe('unpaid');
    expect(arrivalOf(b('paid', ['no_show']))).toBe('noShow');
    expect(arrivalOf(b('cancelled', ['released']))).toBe('cancelled');
  });
});
