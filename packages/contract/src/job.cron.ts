/**
 * The grammar of Quartz cron expressions, one check for the console's cron editor and the server
 * (which then computes fire times with croner). Pure functions, no dependencies.
 *
 * Fields: second minute hour day-of-month month day-of-week [year]; exactly one of day-of-month
 * and day-of-week is `?`. Values, ranges (wrapping: `22-2`, `FRI-MON`), steps (`a/s`, `a-b/s`,
 * `*\/s`) and lists of them. A step is at most the field's largest value (Quartz: `/60` on seconds
 * and minutes and `/24` on hours are refused, `/31` on days, `/12` on months and `/7` on weekdays
 * are allowed); on years at most 129. Day-of-month also takes `L`, `L-n` (n 0-30), `LW`, `L-nW`
 * and `nW`, alone or in a list with other days (`1,L`, `L-3,15`). Day-of-week takes names
 * (SUN = 1 ... SAT = 7), `L` (Saturday), `nL` (last weekday n of the month) and `n#k` (k-th
 * weekday n, k 1-5). Years are 1970-2099: a fixed range, so what is valid does not move with the
 * clock (Quartz's upper bound is "this year + 100"), and every job can end by 2099.
 */

export type CronFieldName = 'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek' | 'year';

export const CRON_YEAR_MIN = 1970;
export const CRON_YEAR_MAX = 2099;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

export interface CronFieldDef {
  name: CronFieldName;
  min: number;
  max: number;
  /** The largest step (`/s`) the field takes. */
  maxStep: number;
  names?: readonly string[];
}

export const CRON_FIELDS: readonly CronFieldDef[] = [
  { name: 'second', min: 0, max: 59, maxStep: 59 },
  { name: 'minute', min: 0, max: 59, maxStep: 59 },
  { name: 'hour', min: 0, max: 23, maxStep: 23 },
  { name: 'dayOfMonth', min: 1, max: 31, maxStep: 31 },
  { name: 'month', min: 1, max: 12, maxStep: 12, names: MONTHS },
  { name: 'dayOfWeek', min: 1, max: 7, maxStep: 7, names: DAYS },
  { name: 'year', min: CRON_YEAR_MIN, max: CRON_YEAR_MAX, maxStep: CRON_YEAR_MAX - CRON_YEAR_MIN },
];

/** What is wrong with an expression; `field` names the field and its bounds for the message. */
export type CronProblem =
  { key: 'empty' } | { key: 'parts'; n: number } | { key: 'dayRule' } | { key: 'field'; field: CronFieldName; value: string; min: number; max: number };

/** One item of a day-of-month list. */
export type DayOfMonthItem =
  /** A day of the month (days past the month's end never fire). */
  | { day: number }
  /** `L-n` (n days before the last day; `L` is n = 0), or with `W` the weekday nearest to it. */
  | { last: number; weekday: boolean }
  /** `nW`: the weekday (Mon-Fri) nearest to day n, within the month. */
  | { nearest: number };

export interface QuartzParsed {
  /** Sorted values of each plain field. */
  second: number[];
  minute: number[];
  hour: number[];
  month: number[];
  /** `?` (not specified), `*` or the list's items. */
  dayOfMonth: '?' | '*' | DayOfMonthItem[];
  /** `?`, `*`, sorted weekdays (1 = Sunday), the last weekday n of the month, or the k-th weekday n. */
  dayOfWeek: '?' | '*' | { values: number[] } | { lastOf: number } | { nth: number; k: number };
  /** Sorted years, or null when any year (omitted or `*`). */
  year: number[] | null;
}

class Refused extends Error {
  constructor(readonly problem: CronProblem) {
    super(problem.key);
  }
}

const def = (name: CronFieldName) => CRON_FIELDS.find((f) => f.name === name)!;

function refuse(d: CronFieldDef, value: string): never {
  throw new Refused({ key: 'field', field: d.name, value, min: d.min, max: d.max });
}

function toNumber(d: CronFieldDef, raw: string, whole: string): number {
  if (d.names) {
    const i = d.names.indexOf(raw.toUpperCase());
    if (i >= 0) return i + 1;
  }
  if (!/^\d{1,4}$/.test(raw)) refuse(d, whole);
  const n = Number(raw);
  if (n < d.min || n > d.max) refuse(d, whole);
  return n;
}

/** One plain item (`*`, `n`, `a-b`, `a/s`, `a-b/s`, `*\/s`) -> its values; ranges may wrap (22-2). */
function expandItem(d: CronFieldDef, item: string, whole: string): number[] {
  const pieces = item.split('/');
  if (pieces.length > 2) refuse(d, whole);
  const [range, stepText] = pieces as [string, string | undefined];
  let step = 1;
  if (stepText !== undefined) {
    if (!/^\d{1,4}$/.test(stepText)) refuse(d, whole);
    step = Number(stepText);
    if (step < 1 || step > d.maxStep) refuse(d, whole);
  }
  let from: number;
  let to: number;
  if (range === '*' || (range === '' && stepText !== undefined)) {
    from = d.min;
    to = d.max;
  } else if (range.includes('-')) {
    const ends = range.split('-');
    if (ends.length !== 2) refuse(d, whole);
    from = toNumber(d, ends[0]!, whole);
    to = toNumber(d, ends[1]!, whole);
  } else {
    from = toNumber(d, range, whole);
    // Quartz: `5/15` means from 5 to the end of the range, every 15.
    to = stepText !== undefined ? d.max : from;
  }
  const out: number[] = [];
  const span = d.max - d.min + 1;
  const count = to >= from ? to - from + 1 : to - from + 1 + span;
  for (let i = 0; i < count; i += step) out.push(((from - d.min + i) % span) + d.min);
  return out;
}

function plainList(d: CronFieldDef, raw: string): number[] {
  const values = new Set<number>();
  for (const item of raw.split(',')) {
    if (!item) refuse(d, raw);
    for (const v of expandItem(d, item, raw)) values.add(v);
  }
  return [...values].sort((a, b) => a - b);
}

function dayOfMonth(raw: string): DayOfMonthItem[] {
  const d = def('dayOfMonth');
  const items: DayOfMonthItem[] = [];
  const days = new Set<number>();
  for (const item of raw.toUpperCase().split(',')) {
    if (!item) refuse(d, raw);
    const last = /^L(?:-(\d{1,2}))?(W?)$/.exec(item);
    if (last) {
      const n = Number(last[1] ?? 0);
      if (n > 30) refuse(d, raw);
      items.push({ last: n, weekday: last[2] === 'W' });
      continue;
    }
    const near = /^(\d{1,2})W$/.exec(item);
    if (near) {
      items.push({ nearest: toNumber(d, near[1]!, raw) });
      continue;
    }
    for (const v of expandItem(d, item, raw)) days.add(v);
  }
  return [...[...days].sort((a, b) => a - b).map((day) => ({ day })), ...items];
}

function dayOfWeek(raw: string): QuartzParsed['dayOfWeek'] {
  const d = def('dayOfWeek');
  const up = raw.toUpperCase();
  if (up === 'L') return { values: [7] };
  const last = /^([A-Z]{3}|\d)L$/.exec(up);
  if (last) return { lastOf: toNumber(d, last[1]!, raw) };
  const nth = /^([A-Z]{3}|\d)#(\d)$/.exec(up);
  if (nth) {
    const k = Number(nth[2]);
    if (k < 1 || k > 5) refuse(d, raw);
    return { nth: toNumber(d, nth[1]!, raw), k };
  }
  // Names (WED, MON-FRI) are read by toNumber; anything else (`2L,3`, `W`) is refused there.
  return { values: plainList(d, raw) };
}

/** Reads a Quartz expression; throws Refused. */
function read(expr: string): QuartzParsed {
  const text = (expr ?? '').trim();
  if (!text) throw new Refused({ key: 'empty' });
  const parts = text.split(/\s+/);
  if (parts.length < 6 || parts.length > 7) throw new Refused({ key: 'parts', n: parts.length });
  const [sec, min, hour, dom, mon, dow, year] = parts as [string, string, string, string, string, string, string | undefined];
  if ((dom === '?') === (dow === '?')) throw new Refused({ key: 'dayRule' });
  const plain = (name: CronFieldName, raw: string) => {
    if (raw === '?') refuse(def(name), raw);
    return plainList(def(name), raw);
  };
  return {
    second: plain('second', sec),
    minute: plain('minute', min),
    hour: plain('hour', hour),
    dayOfMonth: dom === '?' ? '?' : dom === '*' ? '*' : dayOfMonth(dom),
    month: plain('month', mon),
    dayOfWeek: dow === '?' ? '?' : dow === '*' ? '*' : dayOfWeek(dow),
    year: year === undefined || year === '*' ? null : plain('year', year),
  };
}

/** Checks a Quartz expression: its fields, or the first problem (in field order). */
export function checkQuartz(expr: string): { ok: true; parsed: QuartzParsed } | { ok: false; problem: CronProblem } {
  try {
    return { ok: true, parsed: read(expr) };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, problem: e.problem };
    throw e;
  }
}
