import { Cron } from 'croner';

/**
 * Quartz cron expressions and fire-time computation.
 *
 * The grammar is checked here first (Quartz's rules and ranges, with a message naming the
 * field), then the expression is normalised and handed to croner, which reads Quartz cron
 * with these options. Two things croner does not read are handled here: wrap-around ranges
 * (`22-2`, `FRI-MON`) are expanded to lists, and `L-n` in day-of-month (n days before the
 * last day) is computed month by month.
 *
 * DST: a fixed-time job whose local time does not exist that day (02:30 on a spring-forward
 * day) runs at the first valid time after the gap; a fixed time that occurs twice runs once.
 * Jobs with wildcards or steps in second/minute/hour run on both occurrences.
 */
const CRONER_OPTIONS = { mode: '6-or-7-parts', alternativeWeekdays: true, sloppyRanges: true, paused: true } as const;

export type CronFieldName = 'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek' | 'year';

/** A refused expression: a message key of job.messages.ts and its parameters. */
export class CronError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface FieldDef {
  name: CronFieldName;
  min: number;
  max: number;
  names?: string[];
}
const FIELDS: FieldDef[] = [
  { name: 'second', min: 0, max: 59 },
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'dayOfMonth', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS },
  { name: 'dayOfWeek', min: 1, max: 7, names: DAYS },
  { name: 'year', min: 1970, max: 2099 },
];

function fieldError(def: FieldDef, value: string): CronError {
  return new CronError(`job.cron.field.${def.name}`, { value, min: def.min, max: def.max });
}

function toNumber(def: FieldDef, raw: string, whole: string): number {
  const up = raw.toUpperCase();
  if (def.names) {
    const i = def.names.indexOf(up);
    if (i >= 0) return i + 1;
  }
  if (!/^\d{1,4}$/.test(raw)) throw fieldError(def, whole);
  const n = Number(raw);
  if (n < def.min || n > def.max) throw fieldError(def, whole);
  return n;
}

/** Expands one plain list item (`*`, `n`, `a-b`, `a/s`, `a-b/s`, `*\/s`) to values, wrapping ranges like 22-2. */
function expandItem(def: FieldDef, item: string, whole: string): number[] {
  const [range, stepText] = item.split('/') as [string, string | undefined];
  if (item.split('/').length > 2) throw fieldError(def, whole);
  let step = 1;
  if (stepText !== undefined) {
    if (!/^\d{1,4}$/.test(stepText)) throw fieldError(def, whole);
    step = Number(stepText);
    if (step < 1 || step > def.max - def.min + 1) throw fieldError(def, whole);
  }
  let from: number;
  let to: number;
  if (range === '*' || (range === '' && stepText !== undefined)) {
    from = def.min;
    to = def.max;
  } else if (range.includes('-')) {
    const parts = range.split('-');
    if (parts.length !== 2) throw fieldError(def, whole);
    from = toNumber(def, parts[0]!, whole);
    to = toNumber(def, parts[1]!, whole);
  } else {
    from = toNumber(def, range, whole);
    // Quartz: `5/15` means from 5 to the end of the range, every 15.
    to = stepText !== undefined ? def.max : from;
  }
  const out: number[] = [];
  const span = def.max - def.min + 1;
  const count = to >= from ? to - from + 1 : to - from + 1 + span;
  for (let i = 0; i < count; i += step) out.push(((from - def.min + i) % span) + def.min);
  return out;
}

interface Parsed {
  fields: string[];
  /** Days before the last day of the month when day-of-month is `L-n`. */
  lastOffset?: number;
}

/** Checks a Quartz expression and answers the fields croner reads. Throws CronError. */
export function parseQuartz(expr: string): Parsed {
  const text = (expr ?? '').trim();
  if (!text) throw new CronError('job.cron.empty');
  const parts = text.split(/\s+/);
  if (parts.length < 6 || parts.length > 7) throw new CronError('job.cron.parts', { n: parts.length });
  const dom = parts[3]!;
  const dow = parts[5]!;
  if ((dom === '?') === (dow === '?')) throw new CronError('job.cron.dayRule');
  const out: string[] = [];
  let lastOffset: number | undefined;
  for (let i = 0; i < parts.length; i++) {
    const def = FIELDS[i]!;
    const raw = parts[i]!;
    const up = raw.toUpperCase();
    if (raw === '?') {
      if (def.name !== 'dayOfMonth' && def.name !== 'dayOfWeek') throw fieldError(def, raw);
      out.push('?');
      continue;
    }
    if (def.name === 'dayOfMonth') {
      if (up === 'L' || up === 'LW') {
        out.push(up);
        continue;
      }
      const lMinus = /^L-(\d{1,2})$/.exec(up);
      if (lMinus) {
        const n = Number(lMinus[1]);
        if (n > 30) throw fieldError(def, raw);
        if (n === 0) out.push('L');
        else {
          lastOffset = n;
          out.push('L');
        }
        continue;
      }
      const w = /^(\d{1,2})W$/.exec(up);
      if (w) {
        const n = Number(w[1]);
        if (n < 1 || n > 31) throw fieldError(def, raw);
        out.push(`${n}W`);
        continue;
      }
      if (/[LW#]/.test(up)) throw fieldError(def, raw);
    }
    if (def.name === 'dayOfWeek') {
      if (up === 'L') {
        out.push('7');
        continue;
      }
      const last = /^([A-Z]{3}|\d)L$/.exec(up);
      if (last) {
        out.push(`${toNumber(def, last[1]!, raw)}L`);
        continue;
      }
      const nth = /^([A-Z]{3}|\d)#(\d)$/.exec(up);
      if (nth) {
        const k = Number(nth[2]);
        if (k < 1 || k > 5) throw fieldError(def, raw);
        out.push(`${toNumber(def, nth[1]!, raw)}#${k}`);
        continue;
      }
      if (/[L#W]/.test(up)) throw fieldError(def, raw);
    }
    if (up === '*') {
      out.push('*');
      continue;
    }
    const values = new Set<number>();
    for (const item of raw.split(',')) {
      if (!item) throw fieldError(def, raw);
      for (const v of expandItem(def, item, raw)) values.add(v);
    }
    out.push([...values].sort((a, b) => a - b).join(','));
  }
  return { fields: out, lastOffset };
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
  private readonly perDay = new Map<number, Cron>();
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
    if (this.parsed.lastOffset === undefined) return this.main.nextRun(after);
    // L-n: for each month, the day is (last day - n); ask croner for that day within the month.
    let cursor = after;
    let probe = after;
    for (let i = 0; i < 12 * 130; i++) {
      const { y, m } = localYearMonth(probe, this.timeZone);
      const day = daysInMonth(y, m) - this.parsed.lastOffset;
      if (day >= 1) {
        let cron = this.perDay.get(day);
        if (!cron) {
          const f = [...this.parsed.fields];
          f[3] = String(day);
          cron = this.build(f);
          this.perDay.set(day, cron);
        }
        const r = cron.nextRun(cursor);
        if (!r) return null;
        const got = localYearMonth(r, this.timeZone);
        if (got.y === y && got.m === m) return r;
      }
      // On to the first instant of the next month (local), minus one ms so it is included.
      const firstOfNext = QuartzCron.of('0 0 0 1 * ?', this.timeZone).next(probe);
      if (!firstOfNext) return null;
      probe = firstOfNext;
      cursor = new Date(firstOfNext.getTime() - 1);
    }
    return null;
  }
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
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
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
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
