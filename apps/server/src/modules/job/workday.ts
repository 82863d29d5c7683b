import { processCache } from '../../platform/processCache.ts';
import type { Executor } from '../../platform/db.ts';
import { isWorkDay as calendarIsWorkDay } from '../system/index.ts';

/**
 * Work days for `skipNonWorkDays`, from the holiday calendar of the system module
 * (sys_holiday: the organisation's own decision wins, else the nearest ancestor's, else
 * Monday to Friday are work days, spec section 9). The scheduler asks for the same days again
 * and again, so answers are cached for a minute per organisation and day.
 */
const cache = processCache<string, { at: number; work: boolean }>();
const TTL_MS = 60_000;

export async function isWorkDay(db: Executor, orgId: number, day: string): Promise<boolean> {
  const key = `${orgId}:${day}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.work;
  const work = await calendarIsWorkDay(db, orgId, day);
  if (cache.size > 20_000) cache.clear();
  cache.set(key, { at: Date.now(), work });
  return work;
}

/** Forgets cached answers (after the calendar changes, and in tests). */
export function clearWorkDayCache(): void {
  cache.clear();
}

/** A checker bound to one organisation, for nextFireTime(). */
export function workDayChecker(db: Executor, orgId: number): (day: string) => Promise<boolean> {
  return (day) => isWorkDay(db, orgId, day);
}
