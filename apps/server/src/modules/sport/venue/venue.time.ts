import type { DayKind, WeekHours } from '@venue/contract';
import { wallClockIn } from '../../../platform/zone.ts';

/**
 * A venue's time: days and slots are its local wall clock, stored instants are UTC. On the day
 * clocks go forward a local time may not exist (no slot there); on the day they go back a slot
 * spans the real time that passes.
 */

/**
 * The instant of a local day and minute of the day (1440 is the next midnight), or undefined when
 * the clock skips it. A time that happens twice (clocks going back) is its first occurrence.
 */
export function instantOf(day: string, minutes: number, timeZone: string): Date | undefined {
  // Zone arithmetic is slow (Intl formatting) and a grid asks the same few hundred times again and again.
  const key = `${timeZone}|${day}|${minutes}`;
  let hit = instants.get(key);
  if (hit === undefined) {
    if (instants.size > 100_000) instants.clear();
    instants.set(key, (hit = computeInstant(day, minutes, timeZone) ?? null));
  }
  return hit ?? undefined;
}
const instants = new Map<string, Date | null>();

function computeInstant(day: string, minutes: number, timeZone: string): Date | undefined {
  const asUtc = Date.parse(`${day}T00:00:00Z`) + minutes * 60_000;
  const want = wallClockIn(new Date(asUtc), 'UTC');
  // The zone's offset just before and just after: one of them is the offset at the wanted time.
  const offsets = new Set([-12, 12].map((h) => wallClockIn(new Date(asUtc + h * 3_600_000), timeZone).offsetMinutes));
  const found = [...offsets]
    .map((off) => new Date(asUtc - off * 60_000))
    .filter((at) => {
      const local = wallClockIn(at, timeZone);
      return local.day === want.day && local.minutes === want.minutes;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return found[0];
}

/** The local day (`YYYY-MM-DD`) and minute of the day of an instant. */
export function localOf(at: Date, timeZone: string): { day: string; minutes: number } {
  const { day, minutes } = wallClockIn(at, timeZone);
  return { day, minutes };
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

/**
 * The kind of a day by the holiday calendar's decision (0 work, 1 non-work, undefined none): a
 * non-work weekday is a public holiday, a work Saturday or Sunday a make-up work day.
 */
export function dayKindOf(day: string, decision: number | undefined): Exclude<DayKind, 'any'> {
  const weekend = weekdayOf(day) >= 6;
  if (decision === 1 && !weekend) return 'holiday';
  if (decision === 0 && weekend) return 'workday';
  return 'normal';
}

/** The opening of a site on a day: the holiday hours (day 8) on a public holiday when set, else the weekday's. */
export function hoursOn(hours: WeekHours, day: string, kind: Exclude<DayKind, 'any'>): { open: number; close: number } | undefined {
  const entry = (kind === 'holiday' ? hours.find((h) => h.day === 8) : undefined) ?? hours.find((h) => h.day === weekdayOf(day));
  if (!entry) return undefined;
  const [oh, om] = entry.open.split(':').map(Number);
  const [ch, cm] = entry.close.split(':').map(Number);
  return { open: oh! * 60 + om!, close: ch! * 60 + cm! };
}

/** The slots of an opening: from open, `length` minutes each, the last one ending by close. */
export function slotsBetween(open: number, close: number, length: number): [number, number][] {
  const out: [number, number][] = [];
  for (let s = open; s + length <= close; s += length) out.push([s, s + length]);
  return out;
}

/** Every day, Monday to Sunday, open from `open` to `close`. */
export function everyDay(open: string, close: string): WeekHours {
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open, close }));
}
