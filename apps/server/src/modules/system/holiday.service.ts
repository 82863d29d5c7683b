import type { HolidayDaysBody } from '@venue/contract';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Caller } from '../../platform/http.ts';
import { oneOrgScope, scopeOf, type OneOrgScope } from '../../platform/scope.ts';
import { deleteDays, initYearDays, nearestDecision, nearestDecisions, upsertDays, yearDecisions } from './holiday.repository.ts';
import { orgInScope, orgTimeZone } from './org.repository.ts';
import './holiday.messages.ts';
import { dayIn } from '../../platform/zone.ts';

/**
 * The holiday calendar. Each organisation keeps its own; a day is a work day (0), a
 * non-work day (1) or pending (2, also every day without a row). Other modules ask
 * `isWorkDay`: the organisation's own decision wins, else the nearest ancestor's (the
 * platform calendar serves as the national one), else Monday to Friday are work days.
 */

export const WORK = 0;
export const NON_WORK = 1;
export const PENDING = 2;
export type DayKind = 0 | 1 | 2;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && iso(d) === s;
}

/** ISO weekday of a YYYY-MM-DD date: 1 Monday ... 7 Sunday. */
export function isoWeekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

/** The calendar day of an instant in a time zone. */
export function localDay(instant: Date, timeZone: string): string {
  return dayIn(instant, timeZone);
}

/** The calendar a caller works on, as the scope of its one organisation: their own, or one within their reach. */
export async function calendarOrg(db: Executor, caller: Caller, orgId: number | undefined): Promise<OneOrgScope> {
  const id = orgId ?? caller.orgId;
  if (!(await orgInScope(db, scopeOf(caller), id))) throw notFound();
  return oneOrgScope(id);
}

export interface CalendarDay {
  day: string;
  weekday: number;
  kind: DayKind;
  /** The decision of the nearest ancestor organisation when this one is pending (what isWorkDay falls back to). */
  inherited: 0 | 1 | null;
}

export async function yearCalendar(db: Executor, calendar: OneOrgScope, year: number) {
  const orgId = calendar.orgId;
  const rows = await yearDecisions(db, calendar, year);
  const own = new Map<string, DayKind>();
  const inherited = new Map<string, 0 | 1>();
  // Deeper ancestors first, so nearer ones overwrite them.
  for (const r of rows) {
    if (r.depth === 0) own.set(r.day, Number(r.kind) as DayKind);
    else inherited.set(r.day, Number(r.kind) as 0 | 1);
  }
  const days: CalendarDay[] = [];
  const counts = { work: 0, nonWork: 0, pending: 0 };
  for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year; d = new Date(d.getTime() + 86400_000)) {
    const day = iso(d);
    const kind = own.get(day) ?? PENDING;
    days.push({ day, weekday: d.getUTCDay() || 7, kind, inherited: kind === PENDING ? (inherited.get(day) ?? null) : null });
    if (kind === WORK) counts.work++;
    else if (kind === NON_WORK) counts.nonWork++;
    else counts.pending++;
  }
  return { orgId, year, counts, days };
}

/** Sets the kind of the given days; pending removes the decision. */
export async function setDays(db: Db, calendar: OneOrgScope, days: HolidayDaysBody['days'], userId: number): Promise<number> {
  const seen = new Set<string>();
  days.forEach((d, i) => {
    if (!isIsoDate(d.day)) throw new AppError('INVALID', 'holiday.badDay', undefined, [{ field: `days.${i}.day`, message: 'holiday.badDay' }]);
    if (seen.has(d.day)) throw new AppError('INVALID', 'holiday.duplicateDay', undefined, [{ field: `days.${i}.day`, message: 'holiday.duplicateDay' }]);
    seen.add(d.day);
  });
  const decided = days.filter((d) => d.kind !== PENDING);
  const pending = days.filter((d) => d.kind === PENDING).map((d) => d.day);
  await db.transaction(async (tx) => {
    await deleteDays(tx, calendar, pending);
    await upsertDays(tx, calendar, decided, userId);
  });
  return days.length;
}

/**
 * Initialises a year: Saturdays and Sundays non-work, Monday to Friday work. Days already
 * decided (holidays, make-up work days) are kept unless `overwrite` is set.
 */
export async function initYear(db: Db, calendar: OneOrgScope, year: number, overwrite: boolean, userId: number): Promise<number> {
  return initYearDays(db, calendar, year, overwrite, userId);
}

/**
 * Whether a day is a work day for an organisation (for the job scheduler, booking prices...).
 * `date` is a YYYY-MM-DD calendar day, or an instant taken in the organisation's time zone.
 */
export async function isWorkDay(db: Executor, orgId: number, date: string | Date): Promise<boolean> {
  // The organisation's own calendar, read with the ancestors' decisions it inherits.
  const calendar = oneOrgScope(orgId);
  let day: string;
  if (typeof date === 'string') {
    if (!isIsoDate(date)) throw new Error(`isWorkDay: not a YYYY-MM-DD date: ${date}`);
    day = date;
  } else {
    day = localDay(date, (await orgTimeZone(db, calendar, orgId)) ?? 'Asia/Shanghai');
  }
  const kind = await nearestDecision(db, calendar, day);
  if (kind !== undefined) return kind === WORK;
  return isoWeekday(day) <= 5;
}

/** The longest range `workDaysBetween` reads (a plan of a few years at most). */
const MAX_RANGE_DAYS = 3 * 366;

/**
 * `isWorkDay` for every day of `[from, to]` (YYYY-MM-DD, both included) in ONE query: the
 * organisation's own decision wins, else the nearest ancestor's, else Monday to Friday are work
 * days. Answers every day of the range, true for a work day.
 */
export async function workDaysBetween(db: Executor, orgId: number, from: string, to: string): Promise<Map<string, boolean>> {
  if (!isIsoDate(from) || !isIsoDate(to)) throw new Error(`workDaysBetween: not YYYY-MM-DD dates: ${from}, ${to}`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86400_000) + 1;
  if (days < 1 || days > MAX_RANGE_DAYS) throw new Error(`workDaysBetween: a range of ${days} days`);
  const decided = await nearestDecisions(db, oneOrgScope(orgId), from, to);
  const out = new Map<string, boolean>();
  for (let t = Date.parse(`${from}T00:00:00Z`), i = 0; i < days; i++, t += 86400_000) {
    const day = iso(new Date(t));
    const kind = decided.get(day);
    out.set(day, kind !== undefined ? kind === WORK : isoWeekday(day) <= 5);
  }
  return out;
}
