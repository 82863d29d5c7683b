import { addDays, instantOf, weekdayOf } from '../venue/index.ts';

/**
 * The dates of a scheduling plan (issue 26, "Scheduling plans", "Holiday-aware plans"): from a
 * plan's rule and the holiday calendar, every lesson it makes (local day and instants) and every
 * date it leaves out with the reason, for the preview. Pure given the calendar: the caller reads
 * the calendar of the range once (`workDaysBetween` of the system module) and passes the map.
 *
 * The rule's days are fixed weekdays (1 Monday … 7 Sunday), or `workdays` / `non-workdays` in the
 * calendar's sense: a make-up work day (调休, a Saturday or Sunday the calendar makes a work day) is
 * a workday, a public holiday (a weekday the calendar makes a non-work day) is a non-workday.
 * Times are the venue's wall clock: a lesson at 19:00 is at 19:00 local on every date, whatever
 * daylight saving does in between.
 */

export type PlanDays = number[] | 'workdays' | 'non-workdays';

export interface PlanRule {
  days: PlanDays;
  /** Local start, minutes after midnight (0–1439). */
  start: number;
  /** Length in minutes of wall-clock time (may run past midnight). */
  minutes: number;
  /** First and last local day of the plan, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** Leave out public holidays (a weekday the calendar makes a non-work day) that the rule's days would hold. */
  skipHolidays: boolean;
  /** The venue's time zone (IANA). */
  timeZone: string;
}

export interface PlanOccurrence {
  day: string;
  from: Date;
  to: Date;
}

/**
 * Why a date has no lesson:
 * - `holiday`: a weekday the calendar makes a non-work day, which the rule's weekdays hold (left
 *   out by `skipHolidays`) or which a `workdays` plan no longer counts;
 * - `outsideRule`: a day the calendar changes that the rule does not take: a make-up work day
 *   outside the plan's fixed weekdays, or a make-up work day in a `non-workdays` plan;
 * - `noLocalTime`: the start time does not exist that day (clocks going forward).
 * Ordinary days outside the rule (a Tuesday of a Monday plan) are not listed.
 */
export type SkipReason = 'holiday' | 'outsideRule' | 'noLocalTime';

export interface PlanSkip {
  day: string;
  reason: SkipReason;
}

export interface PlanDates {
  lessons: PlanOccurrence[];
  skipped: PlanSkip[];
}

/** Work day or not for each day (true work): `workDaysBetween`'s answer. Days missing fall back to Monday–Friday. */
export type WorkCalendar = ReadonlyMap<string, boolean>;

/** The longest plan, in days (a rule over more answers an error: the route checks it first). */
export const MAX_PLAN_DAYS = 3 * 366;

/** Every lesson and every skipped date of a plan's rule, given the calendar of its range. */
export function planDates(rule: PlanRule, calendar: WorkCalendar): PlanDates {
  if (!(rule.from <= rule.to)) throw new Error(`planDates: from ${rule.from} after to ${rule.to}`);
  if (!Number.isInteger(rule.start) || rule.start < 0 || rule.start >= 1440) throw new Error(`planDates: start ${rule.start}`);
  if (!Number.isInteger(rule.minutes) || rule.minutes <= 0 || rule.minutes > 1440) throw new Error(`planDates: minutes ${rule.minutes}`);
  const fixed = Array.isArray(rule.days) ? new Set(rule.days) : undefined;
  const days = daysOf(rule.from, rule.to, rule.timeZone);
  const lessons: PlanOccurrence[] = [];
  const skipped: PlanSkip[] = [];
  days.forEach(({ day, weekday }, i) => {
    const work = calendar.get(day) ?? weekday <= 5;
    const holiday = weekday <= 5 && !work;
    const makeUp = weekday >= 6 && work;
    const takes = fixed ? fixed.has(weekday) : rule.days === 'workdays' ? work : !work;
    if (!takes) {
      if (holiday && rule.days === 'workdays') skipped.push({ day, reason: 'holiday' });
      else if (makeUp) skipped.push({ day, reason: 'outsideRule' });
      return;
    }
    if (holiday && rule.skipHolidays) {
      skipped.push({ day, reason: 'holiday' });
      return;
    }
    const from = instantIn(days, i, rule.start, rule.timeZone);
    if (from === undefined) {
      skipped.push({ day, reason: 'noLocalTime' });
      return;
    }
    // The end on the wall clock; when the clock skips it, the same length of real time.
    const to = instantIn(days, i, rule.start + rule.minutes, rule.timeZone) ?? from + rule.minutes * 60_000;
    lessons.push({ day, from: new Date(from), to: new Date(to) });
  });
  return { lessons, skipped };
}

interface PlanDay {
  day: string;
  weekday: number;
  /** The instant of the local midnight starting the day (epoch ms), when it is a plain 24-hour day. */
  steadyMidnight: number | undefined;
}

const DAY_MS = 86_400_000;
/** The days of the last few ranges asked (a preview of many plans asks the same range again and again). */
const rangeDays = new Map<string, PlanDay[]>();

/**
 * The days of a range with their weekday and, for a day whose clock does not change (midnight to
 * midnight is 24 hours: every day but the few of a daylight-saving change), its midnight: a time
 * of that day is then the midnight plus its minutes. The venue's `instantOf` gives each midnight
 * once per zone and range, and every time of a day the clock changes.
 */
function daysOf(from: string, to: string, timeZone: string): PlanDay[] {
  const key = `${timeZone}|${from}|${to}`;
  let days = rangeDays.get(key);
  if (days) return days;
  days = [];
  let midnight = instantOf(from, 0, timeZone)?.getTime();
  for (let day = from; day <= to;) {
    if (days.length >= MAX_PLAN_DAYS) throw new Error(`planDates: more than ${MAX_PLAN_DAYS} days`);
    const next = addDays(day, 1);
    const nextMidnight = instantOf(next, 0, timeZone)?.getTime();
    const steady = midnight !== undefined && nextMidnight !== undefined && nextMidnight - midnight === DAY_MS;
    days.push({ day, weekday: weekdayOf(day), steadyMidnight: steady ? midnight : undefined });
    day = next;
    midnight = nextMidnight;
  }
  if (rangeDays.size >= 16) rangeDays.clear();
  rangeDays.set(key, days);
  return days;
}

/** The instant (epoch ms) of minute `minutes` counted from the midnight starting day `i` (past 1440 on the next days), or undefined when the clock skips it. */
function instantIn(days: PlanDay[], i: number, minutes: number, timeZone: string): number | undefined {
  const j = i + Math.floor(minutes / 1440);
  const midnight = days[j]?.steadyMidnight;
  if (midnight !== undefined) return midnight + (minutes % 1440) * 60_000;
  return instantOf(days[i]!.day, minutes, timeZone)?.getTime();
}
