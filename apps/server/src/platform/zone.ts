/**
 * Wall clocks of time zones. An `Intl.DateTimeFormat` costs a hundred times what formatting with
 * it does, so each zone's is made once; a venue's grid, a ledger's business days and a day of
 * bookings ask thousands of times.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-US with two digits everywhere formats as "MM/DD/YYYY, HH:mm:ss" (sliced below).
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  /** `YYYY-MM-DD`. */
  day: string;
  /** Minutes since local midnight. */
  minutes: number;
  /** Local time minus UTC, in minutes (480 in Beijing). */
  offsetMinutes: number;
}

/** The local day, minute of the day and UTC offset of an instant in a time zone. */
export function wallClockIn(at: Date, timeZone: string): WallClock {
  const s = formatterOf(timeZone).format(at);
  const [month, date, year] = [s.slice(0, 2), s.slice(3, 5), s.slice(6, 10)];
  const [hour, minute, second] = [Number(s.slice(12, 14)), Number(s.slice(15, 17)), Number(s.slice(18, 20))];
  const localAsUtc = Date.UTC(Number(year), Number(month) - 1, Number(date), hour, minute, second);
  const wholeSeconds = Math.floor(at.getTime() / 1000) * 1000;
  return { day: `${year}-${month}-${date}`, minutes: hour * 60 + minute, offsetMinutes: Math.round((localAsUtc - wholeSeconds) / 60_000) };
}

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone. */
export function dayIn(at: Date, timeZone: string): string {
  return wallClockIn(at, timeZone).day;
}

/** `HH:mm` of a minute of the day. */
export function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
