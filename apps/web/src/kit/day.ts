import dayjs, { type Dayjs } from 'dayjs';
import { useSession } from '../app/session.ts';

/** An organisation's time zone when it has no venue to say (the server's default for organisations). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/**
 * Today as `yyyy-MM-dd` in a time zone: a venue's days are its local days, not the browser's (a
 * laptop set to UTC is a day behind Beijing until 08:00). No zone means the default one; an unknown
 * zone, the browser's day.
 */
export function todayIn(timeZone?: string | null): string {
  try {
    // en-CA writes dates as yyyy-MM-dd.
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return dayjs().format('YYYY-MM-DD');
  }
}

/** The current venue's time zone (loaded at sign-in), if there is one. */
export function useVenueTimeZone(): string | undefined {
  return useSession((s) => s.venue?.timeZone) ?? undefined;
}

/** The venue's today as a date-picker value: the default day of the desk's screens. */
export function venueToday(timeZone?: string | null): Dayjs {
  return dayjs(todayIn(timeZone));
}
