import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { useSession } from '../app/session.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** An organisation's time zone when it has no venue to say (the server's default for organisations). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, f);
  }
  return f;
}

/**
 * An instant's wall clock in a time zone, `yyyy-MM-dd HH:mm`: a venue's days and times are its
 * local ones, not the browser's (a laptop set to UTC is a day behind Beijing until 08:00). No zone
 * means the default one; a zone the browser does not know, the browser's own clock.
 */
export function clockIn(at: Date | string, timeZone?: string | null): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  try {
    const p = Object.fromEntries(
      clockOf(timeZone || DEFAULT_TIME_ZONE)
        .formatToParts(d)
        .map((x) => [x.type, x.value]),
    );
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  } catch {
    return dayjs(d).format('YYYY-MM-DD HH:mm');
  }
}

/** `HH:mm` of an instant in a time zone. */
export const hhmmIn = (at: Date | string, timeZone?: string | null): string => clockIn(at, timeZone).slice(11);

/** `yyyy-MM-dd HH:mm-HH:mm` of a time range (a lesson) in a time zone. */
export const rangeIn = (from: Date | string, to: Date | string, timeZone?: string | null): string => `${clockIn(from, timeZone)}-${hhmmIn(to, timeZone)}`;

/** Today as `yyyy-MM-dd` in a time zone (see `clockIn`). */
export const todayIn = (timeZone?: string | null): string => clockIn(new Date(), timeZone).slice(0, 10);

/** The current venue's time zone (loaded at sign-in), if there is one. */
export function useVenueTimeZone(): string | undefined {
  return useSession((s) => s.venue?.timeZone) ?? undefined;
}

/** The venue's today as a date-picker value: the default day of the desk's screens. */
export function venueToday(timeZone?: string | null): Dayjs {
  return dayjs(todayIn(timeZone));
}

/**
 * The instant a venue's day (`yyyy-MM-dd`) begins, as ISO text: the bound a query by instants
 * needs for "this month at the venue" (the browser's midnight is another instant off Beijing).
 */
export function dayStartIn(day: string, timeZone?: string | null): string {
  try {
    return dayjs.tz(day, timeZone || DEFAULT_TIME_ZONE).toISOString();
  } catch {
    return dayjs(day).toISOString();
  }
}
