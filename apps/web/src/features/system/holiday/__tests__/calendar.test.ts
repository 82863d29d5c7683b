import { describe, expect, it } from 'vitest';
import { dayRange, isWeekend, monthGrid } from '../calendar.ts';

describe('holiday calendar helpers', () => {
  it('lays a month out in Monday-first weeks', () => {
    // 1 January 2026 is a Thursday: three blanks before it.
    const g = monthGrid(2026, 0);
    expect(g.slice(0, 4)).toEqual([null, null, null, '2026-01-01']);
    expect(g).toHaveLength(42);
    expect(g.filter(Boolean)).toHaveLength(31);
    expect(monthGrid(2024, 1).filter(Boolean)).toHaveLength(29);
  });

  it('selects a range in either direction', () => {
    expect(dayRange('2026-01-30', '2026-02-02')).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']);
    expect(dayRange('2026-02-02', '2026-01-31')).toEqual(['2026-01-31', '2026-02-01', '2026-02-02']);
  });

  it('knows Saturdays and Sundays', () => {
    expect(isWeekend('2026-01-03')).toBe(true);
    expect(isWeekend('2026-01-04')).toBe(true);
    expect(isWeekend('2026-01-05')).toBe(false);
  });
});
