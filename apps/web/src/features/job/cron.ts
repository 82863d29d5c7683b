/**
 * The cron editor's model (spec 2.4): a Quartz expression (second minute hour day month
 * weekday [year]) <-> the state of the editor's tabs. Pure functions, unit-tested.
 *
 * Every field offers: every (`*`), a range (`a-b`), a step "from X every Y" (`X/Y`) and a
 * list of specific values (`a,b,c`). Day adds not specified (`?`), the last day (`L`), the
 * last working day (`LW`) and the nearest weekday (`nW`); week adds not specified (`?`), the
 * nth weekday of the month (`d#n`) and the last given weekday (`dL`); the year may be left
 * out. A field written in a form the tabs cannot show (`1-5,10`, `L-3`) is kept as it is
 * ('custom') so typing a Cron text never loses anything. What is valid is the contract's
 * `checkQuartz`, the very check the server runs (`textProblem`); the server answers the fire times.
 */
import { CRON_FIELDS, CRON_YEAR_MAX, CRON_YEAR_MIN, checkQuartz, type CronFieldName } from '@venue/contract';

export type FieldName = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';

export const FIELD_NAMES: readonly FieldName[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];

/** Bounds of each field (Quartz: weekday 1 = Sunday ... 7 = Saturday; years 1970-2099). */
export const BOUNDS: Record<FieldName, { min: number; max: number }> = {
  second: { min: 0, max: 59 },
  minute: { min: 0, max: 59 },
  hour: { min: 0, max: 23 },
  day: { min: 1, max: 31 },
  month: { min: 1, max: 12 },
  week: { min: 1, max: 7 },
  year: { min: CRON_YEAR_MIN, max: CRON_YEAR_MAX },
};

const CONTRACT_NAME: Record<FieldName, CronFieldName> = {
  second: 'second',
  minute: 'minute',
  hour: 'hour',
  day: 'dayOfMonth',
  month: 'month',
  week: 'dayOfWeek',
  year: 'year',
};

/** The largest step of a field (the contract's: `/60` seconds, `/24` hours are refused, as in Quartz). */
export function maxStep(name: FieldName): number {
  return CRON_FIELDS.find((f) => f.name === CONTRACT_NAME[name])!.maxStep;
}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEK_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

export type FieldKind =
  | 'every' // *
  | 'range' // from-to
  | 'step' // start/every
  | 'list' // a,b,c
  | 'none' // ? (day, week)
  | 'last' // L (day)
  | 'lastWorkday' // LW (day)
  | 'nearestWeekday' // nW (day)
  | 'nth' // d#n (week)
  | 'lastOfMonth' // dL (week)
  | 'omit' // no year field
  | 'custom'; // anything else, kept as text

/** Console-only: one field of the cron editor's model (the server reads the expression text). */
export interface CronField {
  kind: FieldKind;
  /** range */
  from: number;
  to: number;
  /** step: from `start`, every `every` */
  start: number;
  every: number;
  /** list */
  values: number[];
  /** nearestWeekday: the day; nth / lastOfMonth: the weekday */
  day: number;
  /** nth: which one in the month (1-5) */
  nth: number;
  /** custom: the field's text */
  raw: string;
}

export type CronState = Record<FieldName, CronField>;

/** Kinds each tab offers, in the order shown. */
export const KINDS: Record<FieldName, readonly FieldKind[]> = {
  second: ['every', 'range', 'step', 'list'],
  minute: ['every', 'range', 'step', 'list'],
  hour: ['every', 'range', 'step', 'list'],
  day: ['every', 'none', 'range', 'step', 'list', 'last', 'lastWorkday', 'nearestWeekday'],
  month: ['every', 'range', 'step', 'list'],
  week: ['every', 'none', 'range', 'step', 'list', 'nth', 'lastOfMonth'],
  year: ['omit', 'every', 'range', 'step', 'list'],
};

/** A field with sensible defaults for every kind, so switching kinds shows usable numbers. */
export function defaultField(name: FieldName, kind: FieldKind = 'every'): CronField {
  const { min, max } = BOUNDS[name];
  const thisYear = new Date().getFullYear();
  const base = name === 'year' ? Math.min(Math.max(thisYear, min), max) : min;
  return {
    kind,
    from: base,
    to: Math.min(base + 1, max),
    start: base,
    every: 1,
    values: [],
    day: name === 'week' ? 2 : 1,
    nth: 1,
    raw: '',
  };
}

/** The editor's starting state: `0 * * * * ?` (every minute at second 0), no year. */
export function defaultState(): CronState {
  return {
    second: { ...defaultField('second', 'list'), values: [0] },
    minute: defaultField('minute', 'every'),
    hour: defaultField('hour', 'every'),
    day: defaultField('day', 'every'),
    month: defaultField('month', 'every'),
    week: defaultField('week', 'none'),
    year: defaultField('year', 'omit'),
  };
}

/** Parse problems (message keys of the job namespace). */
export type CronParseError = { key: 'cron.error.empty' } | { key: 'cron.error.parts'; n: number };

function num(name: FieldName, text: string): number | null {
  const up = text.toUpperCase();
  if (name === 'month') {
    const i = MONTH_NAMES.indexOf(up);
    if (i >= 0) return i + 1;
  }
  if (name === 'week') {
    const i = WEEK_NAMES.indexOf(up);
    if (i >= 0) return i + 1;
  }
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  const { min, max } = BOUNDS[name];
  return n >= min && n <= max ? n : null;
}

/** One field's text -> its tab state (custom when the tabs cannot show it). */
export function parseField(name: FieldName, text: string): CronField {
  const f = defaultField(name);
  const raw = text.trim();
  const custom = (): CronField => ({ ...f, kind: 'custom', raw });
  const up = raw.toUpperCase();
  if (raw === '*') return { ...f, kind: 'every' };
  if (raw === '?') return name === 'day' || name === 'week' ? { ...f, kind: 'none' } : custom();
  if (name === 'day') {
    if (up === 'L') return { ...f, kind: 'last' };
    if (up === 'LW') return { ...f, kind: 'lastWorkday' };
    const w = /^(\d{1,2})W$/.exec(up);
    if (w) {
      const d = num('day', w[1]!);
      return d === null ? custom() : { ...f, kind: 'nearestWeekday', day: d };
    }
  }
  if (name === 'week') {
    const nth = /^([A-Z]{3}|\d)#(\d)$/.exec(up);
    if (nth) {
      const d = num('week', nth[1]!);
      const k = Number(nth[2]);
      return d === null || k < 1 || k > 5 ? custom() : { ...f, kind: 'nth', day: d, nth: k };
    }
    const last = /^([A-Z]{3}|\d)L$/.exec(up);
    if (last) {
      const d = num('week', last[1]!);
      return d === null ? custom() : { ...f, kind: 'lastOfMonth', day: d };
    }
  }
  const step = /^(\*|[A-Za-z0-9]+)\/(\d{1,4})$/.exec(raw);
  if (step) {
    const start = step[1] === '*' ? BOUNDS[name].min : num(name, step[1]!);
    const every = Number(step[2]);
    if (start === null || every < 1) return custom();
    return { ...f, kind: 'step', start, every };
  }
  const range = /^([A-Za-z0-9]+)-([A-Za-z0-9]+)$/.exec(raw);
  if (range) {
    const from = num(name, range[1]!);
    const to = num(name, range[2]!);
    return from === null || to === null ? custom() : { ...f, kind: 'range', from, to };
  }
  const items = raw.split(',');
  const values: number[] = [];
  for (const item of items) {
    const n = num(name, item);
    if (n === null) return custom();
    if (!values.includes(n)) values.push(n);
  }
  values.sort((a, b) => a - b);
  return { ...f, kind: 'list', values };
}

/** A Cron text -> the tabs' state, or what is wrong with its shape. */
export function parseCron(expr: string): { state: CronState } | { error: CronParseError } {
  const text = (expr ?? '').trim();
  if (!text) return { error: { key: 'cron.error.empty' } };
  const parts = text.split(/\s+/);
  if (parts.length < 6 || parts.length > 7) return { error: { key: 'cron.error.parts', n: parts.length } };
  const state = {} as CronState;
  FIELD_NAMES.forEach((name, i) => {
    state[name] = i === 6 && parts.length === 6 ? defaultField('year', 'omit') : parseField(name, parts[i]!);
  });
  return { state };
}

/** One field's tab state -> its text ('' for an omitted year). */
export function fieldText(name: FieldName, f: CronField): string {
  switch (f.kind) {
    case 'every':
      return '*';
    case 'none':
      return '?';
    case 'range':
      return `${f.from}-${f.to}`;
    case 'step':
      return `${f.start}/${f.every}`;
    case 'list':
      return f.values.length ? [...f.values].sort((a, b) => a - b).join(',') : BOUNDS[name].min.toString();
    case 'last':
      return 'L';
    case 'lastWorkday':
      return 'LW';
    case 'nearestWeekday':
      return `${f.day}W`;
    case 'nth':
      return `${f.day}#${f.nth}`;
    case 'lastOfMonth':
      return `${f.day}L`;
    case 'omit':
      return '';
    case 'custom':
      return f.raw;
  }
}

/** The tabs' state -> the Cron text. */
export function buildCron(state: CronState): string {
  return FIELD_NAMES.map((n) => fieldText(n, state[n]))
    .filter((s, i) => i < 6 || s !== '')
    .join(' ');
}

export type DayRuleKey = 'cron.error.dayRuleBoth' | 'cron.error.dayRuleNone';

/**
 * Spec 5: date and weekday cannot both be 'not specified', and one of them must be. The message
 * says what is wrong: both given ('only one of them may be given, the other must be not
 * specified'), or neither ('they cannot both be not specified').
 */
export function dayRuleProblem(state: Pick<CronState, 'day' | 'week'>): DayRuleKey | null {
  const dayNone = state.day.kind === 'none' || (state.day.kind === 'custom' && state.day.raw === '?');
  const weekNone = state.week.kind === 'none' || (state.week.kind === 'custom' && state.week.raw === '?');
  if (dayNone && weekNone) return 'cron.error.dayRuleNone';
  if (!dayNone && !weekNone) return 'cron.error.dayRuleBoth';
  return null;
}

/**
 * What the tabs do when one field changes: choosing a day (anything but 'not specified')
 * makes the weekday 'not specified', and the other way round, so a click never breaks the
 * rule of spec 5. Choosing 'not specified' on both is left as it is (and shown as an error).
 */
export function changeField(state: CronState, name: FieldName, field: CronField): CronState {
  const next = { ...state, [name]: field };
  if (name === 'day' && field.kind !== 'none' && state.week.kind !== 'none') next.week = { ...state.week, kind: 'none' };
  if (name === 'week' && field.kind !== 'none' && state.day.kind !== 'none') next.day = { ...state.day, kind: 'none' };
  return next;
}

/** Problems of a field's own values the tabs can spot before the server (message keys). */
export function fieldProblem(name: FieldName, f: CronField): 'cron.error.listEmpty' | 'cron.error.step' | null {
  if (f.kind === 'list' && f.values.length === 0) return 'cron.error.listEmpty';
  if (f.kind === 'step' && (f.every < 1 || f.every > maxStep(name))) return 'cron.error.step';
  return null;
}

/** The first problem of the whole state (a field's, then the day rule), or null. */
export function stateProblem(state: CronState): { field: FieldName | null; key: string } | null {
  for (const n of FIELD_NAMES) {
    const p = fieldProblem(n, state[n]);
    if (p) return { field: n, key: p };
  }
  const d = dayRuleProblem(state);
  return d ? { field: null, key: d } : null;
}

/** The day/week part of a text alone: the rule of spec 5 on a typed expression (null when its shape is wrong). */
export function textDayRuleProblem(expr: string): DayRuleKey | null {
  const parsed = parseCron(expr);
  return 'state' in parsed ? dayRuleProblem(parsed.state) : null;
}

/**
 * What is wrong with a typed Cron text, as a message key and its parameters, or null: its shape,
 * the day rule of spec 5, then the contract's grammar (the server's own check), field by field.
 */
export function textProblem(expr: string): { key: string; params?: Record<string, unknown> } | null {
  const parsed = parseCron(expr);
  if ('error' in parsed) return parsed.error.key === 'cron.error.parts' ? { key: parsed.error.key, params: { n: parsed.error.n } } : { key: parsed.error.key };
  const day = dayRuleProblem(parsed.state);
  if (day) return { key: day };
  const checked = checkQuartz(expr);
  if (checked.ok) return null;
  const p = checked.problem;
  if (p.key === 'field') return { key: `cron.error.field.${p.field}`, params: { value: p.value, min: p.min, max: p.max } };
  return { key: p.key === 'dayRule' ? 'cron.error.dayRuleBoth' : `cron.error.${p.key}`, params: p.key === 'parts' ? { n: p.n } : undefined };
}
