import { Cron } from 'croner';
import { checkQuartz, type CronProblem, type DayOfMonthItem, type DstNote, type QuartzParsed } from '@venue/contract';

/**
 * Quartz cron expressions and fire-time computation.
 *
 * The grammar is checked by the contract's `checkQuartz` (the very check the console's cron
 * editor runs, so both agree on what is valid), then the expression is normalised (names,
 * steps and wrap-around ranges become lists) and handed to croner. Day-of-month items croner
 * does not read in lists (`1,L`, `L-n`, `L-nW`, `LW,15W`) are computed here month by month.
 *
 * DST (decisions, "Job scheduling"): a job whose hour field does not cover all 24 hours runs at
 * fixed times of day: a time that does not exist that day (02:30 on a spring-forward day) runs
 * once at the first instant after the gap (03:00), a time that occurs twice runs once, on the
 * first pass. A job of every hour (`*`, `0-23`, `*\/1` in hours) follows elapsed time: times in
 * the gap do not exist and are skipped, the repeated hour runs on both passes. croner does this
 * with `fixedTimeRule: 'no-wildcard'`, given `*` in the hour field for the second kind only.
 */
const CRONER_OPTIONS = { mode: '6-or-7-parts', alternativeWeekdays: true, sloppyRanges: true, paused: true, fixedTimeRule: 'no-wildcard' } as const;

/** A refused expression: a message key of job.messages.ts and its parameters. */
export class CronError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

function cronError(p: CronProblem): CronError {
  switch (p.key) {
    case 'empty':
      return new CronError('job.cron.empty');
    case 'parts':
      return new CronError('job.cron.parts', { n: p.n });
    case 'dayRule':
      return new CronError('job.cron.dayRule');
    case 'field':
      return new CronError(`job.cron.field.${p.field}`, { value: p.value, min: p.min, max: p.max });
  }
}

interface Parsed {
  /** The seven fields croner reads (day-of-month is replaced month by month when `items` is set). */
  fields: string[];
  /** Day-of-month items croner does not read: computed month by month. */
  items?: DayOfMonthItem[];
  quartz: QuartzParsed;
  /** Fixed times of day (the hour field does not cover every hour): the DST rule above. */
  fixed: boolean;
}

const list = (xs: number[]) => xs.join(',');

/** Checks a Quartz expression and answers the fields croner reads. Throws CronError. */
export function parseQuartz(expr: string): Parsed {
  const checked = checkQuartz(expr);
  if (!checked.ok) throw cronError(checked.problem);
  const q = checked.parsed;
  const fixed = q.hour.length < 24;
  // croner's no-wildcard rule: fixed when no time field has `*`; so `*` only in a job of every hour.
  const time = (xs: number[], all: number) => (!fixed && xs.length === all ? '*' : list(xs));
  let dom: string;
  let items: DayOfMonthItem[] | undefined;
  if (q.dayOfMonth === '?' || q.dayOfMonth === '*') dom = q.dayOfMonth;
  else if (q.dayOfMonth.every((x) => 'day' in x)) dom = list(q.dayOfMonth.map((x) => (x as { day: number }).day));
  else {
    items = q.dayOfMonth;
    dom = '1';
  }
  const w = q.dayOfWeek;
  const dow = typeof w === 'string' ? w : 'values' in w ? list(w.values) : 'lastOf' in w ? `${w.lastOf}L` : `${w.nth}#${w.k}`;
  const fields = [time(q.second, 60), time(q.minute, 60), time(q.hour, 24), dom, q.month.length === 12 ? '*' : list(q.month), dow, q.year ? list(q.year) : '*'];
  return { fields, items, quartz: q, fixed };
}

/** Throws CronError when the time zone is not an IANA zone this runtime knows. */
export function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
  } catch {
    throw new CronError('job.timeZone.invalid', { timeZone });
  }
}

const compiled = new Map<string, QuartzCron>();

/** A compiled expression in one time zone. */
export class QuartzCron {
  private readonly main: Cron;
  private readonly perMonth = new Map<string, Cron>();
  private readonly parsed: Parsed;

  private constructor(
    readonly expr: string,
    readonly timeZone: string,
  ) {
    checkTimeZone(timeZone);
    this.parsed = parseQuartz(expr);
    this.main = this.build(this.parsed.fields);
  }

  static of(expr: string, timeZone: string): QuartzCron {
    const key = `${timeZone}\u0000${expr}`;
    let c = compiled.get(key);
    if (!c) {
      c = new QuartzCron(expr, timeZone);
      if (compiled.size > 5000) compiled.clear();
      compiled.set(key, c);
    }
    return c;
  }

  private build(fields: string[]): Cron {
    try {
      return new Cron(fields.join(' '), { ...CRONER_OPTIONS, timezone: this.timeZone });
    } catch (e) {
      throw new CronError('job.cron.invalid', { reason: e instanceof Error ? e.message.replace(/^CronPattern: /, '') : String(e) });
    }
  }

  /** The first fire strictly after `after`, or null when there is none. */
  next(after: Date): Date | null {
    const items = this.parsed.items;
    if (!items) return this.main.nextRun(after);
    // Day-of-month items (L, L-n, LW, L-nW, nW, in lists): month by month, the month's days from
    // the items, and croner asked for that month only.
    const q = this.parsed.quartz;
    let { y, m } = localYearMonth(after, this.timeZone);
    const lastYear = q.year ? q.year[q.year.length - 1]! : 9999;
    for (let guard = 0; guard < 12 * 200 && y <= lastYear; guard++) {
      if ((!q.year || q.year.includes(y)) && q.month.includes(m)) {
        const days = monthDays(items, y, m);
        if (days.length) {
          const key = `${m}|${days.join(',')}`;
          let cron = this.perMonth.get(key);
          if (!cron) {
            const f = [...this.parsed.fields];
            f[3] = list(days);
            f[4] = String(m);
            cron = this.build(f);
            if (this.perMonth.size > 500) this.perMonth.clear();
            this.perMonth.set(key, cron);
          }
          // From the local start of the month (UTC midnight less 15 hours is before it in every zone).
          const monthStart = Date.UTC(y, m - 1, 1) - 15 * 3600_000;
          const r = cron.nextRun(monthStart > after.getTime() ? new Date(monthStart) : after);
          if (r) {
            const got = localYearMonth(r, this.timeZone);
            if (got.y === y && got.m === m) return r;
          }
        }
      }
      m += 1;
      if (m > 12) {
        m = 1;
        y += 1;
      }
    }
    return null;
  }

  /**
   * How daylight saving touched a fire time of this expression (the preview shows it): `moved`, a
   * fixed time in the spring-forward gap ran at the first instant after it; `once`, a fixed time
   * that occurs twice, run on its first pass only; `first` / `second`, a job of every hour in the
   * repeated hour. Undefined when the fire is an ordinary one.
   */
  dstNote(at: Date): DstNote | undefined {
    const tz = this.timeZone;
    const wall = localDateTime(at, tz);
    const off = utcOffsetMs(at, tz);
    for (const probe of [-6, 6]) {
      const other = utcOffsetMs(new Date(at.getTime() + probe * 3600_000), tz);
      if (other === off) continue;
      const twin = new Date(at.getTime() + off - other);
      if (utcOffsetMs(twin, tz) === other && localDateTime(twin, tz) === wall) {
        if (this.parsed.fixed) return 'once';
        return twin.getTime() > at.getTime() ? 'first' : 'second';
      }
    }
    if (this.parsed.fixed) {
      const [h, mi, se] = wall.slice(11).split(':').map(Number) as [number, number, number];
      const q = this.parsed.quartz;
      if (!q.hour.includes(h) || !q.minute.includes(mi) || !q.second.includes(se)) return 'moved';
    }
    return undefined;
  }
}

/** The days of month m (1-12) of year y that day-of-month items name, sorted. */
function monthDays(items: DayOfMonthItem[], y: number, m: number): number[] {
  const dim = daysInMonth(y, m);
  const weekday = (d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  // Quartz's nW: Saturday -> Friday before (Monday after on the 1st), Sunday -> Monday after
  // (Friday before on the last day); never leaves the month.
  const nearest = (d: number) => {
    const w = weekday(d);
    if (w === 6) return d === 1 ? d + 2 : d - 1;
    if (w === 0) return d === dim ? d - 2 : d + 1;
    return d;
  };
  const out = new Set<number>();
  for (const it of items) {
    if ('day' in it) {
      if (it.day <= dim) out.add(it.day);
    } else if ('last' in it) {
      const d = dim - it.last;
      if (d >= 1) out.add(it.weekday ? nearest(d) : d);
    } else if (it.nearest <= dim) out.add(nearest(it.nearest));
  }
  return [...out].sort((a, b) => a - b);
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The zone's offset from UTC at an instant, in ms (local wall time minus UTC). */
export function utcOffsetMs(d: Date, timeZone: string): number {
  const w = localDateTime(d, timeZone);
  const local = Date.UTC(
    Number(w.slice(0, 4)),
    Number(w.slice(5, 7)) - 1,
    Number(w.slice(8, 10)),
    Number(w.slice(11, 13)),
    Number(w.slice(14, 16)),
    Number(w.slice(17, 19)),
  );
  return local - Math.floor(d.getTime() / 1000) * 1000;
}

/** `+08:00`, `-04:00`: the zone's offset from UTC at an instant. */
export function utcOffsetText(d: Date, timeZone: string): string {
  const minutes = Math.round(utcOffsetMs(d, timeZone) / 60_000);
  const a = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

const ymdFormats = new Map<string, Intl.DateTimeFormat>();
function ymdFormat(timeZone: string): Intl.DateTimeFormat {
  let f = ymdFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    ymdFormats.set(timeZone, f);
  }
  return f;
}

function localYearMonth(d: Date, timeZone: string): { y: number; m: number } {
  const s = localDate(d, timeZone);
  return { y: Number(s.slice(0, 4)), m: Number(s.slice(5, 7)) };
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(d: Date, timeZone: string): string {
  return ymdFormat(timeZone).format(d);
}

const fullFormats = new Map<string, Intl.DateTimeFormat>();
/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone. */
export function localDateTime(d: Date, timeZone: string): string {
  let f = fullFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    fullFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The first instant of the next local day after `d`. */
export function nextLocalMidnight(d: Date, timeZone: string): Date | null {
  return QuartzCron.of('0 0 0 * * ?', timeZone).next(d);
}

/** What a trigger needs to compute its fire times. */
export interface TriggerSpec {
  triggerType: 'cron' | 'interval' | string;
  cronExpr?: string | null;
  intervalSeconds: number;
  startTime: Date;
  endTime?: Date | null;
  timeZone: string;
  skipNonWorkDays?: boolean;
}

/** Answers whether a calendar day (YYYY-MM-DD) is a work day. */
export type WorkDayCheck = (day: string) => boolean | Promise<boolean>;

/** First planned fire of the trigger strictly after `after`, honouring start/end and work days. */
export async function nextFireTime(spec: TriggerSpec, after: Date, isWorkDay?: WorkDayCheck): Promise<Date | null> {
  let cursor = after;
  for (let guard = 0; guard < 800; guard++) {
    const candidate = rawNext(spec, cursor);
    if (!candidate) return null;
    if (spec.endTime && candidate.getTime() > spec.endTime.getTime()) return null;
    if (!spec.skipNonWorkDays || !isWorkDay || (await isWorkDay(localDate(candidate, spec.timeZone)))) return candidate;
    const midnight = nextLocalMidnight(candidate, spec.timeZone);
    if (!midnight) return null;
    cursor = new Date(midnight.getTime() - 1);
  }
  return null;
}

function rawNext(spec: TriggerSpec, after: Date): Date | null {
  const start = spec.startTime.getTime();
  if (spec.triggerType === 'interval') {
    const step = spec.intervalSeconds * 1000;
    if (after.getTime() < start) return new Date(start);
    if (step <= 0) return null;
    const k = Math.floor((after.getTime() - start) / step) + 1;
    return new Date(start + k * step);
  }
  const cron = QuartzCron.of(spec.cronExpr ?? '', spec.timeZone);
  // The start time itself may be a fire time (inclusive).
  const from = after.getTime() < start ? new Date(start - 1) : after;
  return cron.next(from);
}

/** The next `count` fire times after `from` (the cron editor's preview). */
export async function previewFireTimes(spec: TriggerSpec, from: Date, count: number, isWorkDay?: WorkDayCheck): Promise<Date[]> {
  const out: Date[] = [];
  let cursor = new Date(from.getTime() - 1);
  while (out.length < count) {
    const n = await nextFireTime(spec, cursor, isWorkDay);
    if (!n) break;
    out.push(n);
    cursor = n;
  }
  return out;
}
