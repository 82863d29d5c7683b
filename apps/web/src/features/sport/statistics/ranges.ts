import dayjs from 'dayjs';

/** The dashboard's date range presets (issue 31): weeks start on Monday. */
export const PRESETS = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastMonth', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];
export interface DayRange {
  from: string;
  to: string;
}

const fmt = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
export const shiftDay = (day: string, n: number): string => fmt(dayjs(day).add(n, 'day'));

/** The range of a preset, from the venue's today (`yyyy-MM-dd`); `custom` keeps the range given. */
export function rangeOf(preset: Preset, today: string, custom: DayRange): DayRange {
  const t = dayjs(today);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: shiftDay(today, -1), to: shiftDay(today, -1) };
    case 'thisWeek':
      // day(): 0 is Sunday; Monday starts the week.
      return { from: fmt(t.subtract((t.day() + 6) % 7, 'day')), to: today };
    case 'thisMonth':
      return { from: fmt(t.startOf('month')), to: today };
    case 'lastMonth': {
      const m = t.startOf('month').subtract(1, 'month');
      return { from: fmt(m), to: fmt(m.endOf('month')) };
    }
    case 'custom':
      return custom;
  }
}

/** The period of the same length just before a range (what it is compared with). */
export function previousOf(r: DayRange): DayRange {
  const days = dayjs(r.to).diff(dayjs(r.from), 'day') + 1;
  return { from: shiftDay(r.from, -days), to: shiftDay(r.from, -1) };
}

/** Every day of a range, in order (the trend's x axis: days without business show 0). */
export function daysIn(r: DayRange): string[] {
  const out: string[] = [];
  for (let d = r.from; d <= r.to && out.length < 366; d = shiftDay(d, 1)) out.push(d);
  return out;
}
