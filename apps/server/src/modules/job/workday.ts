import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';

/**
 * Work days for `skipNonWorkDays`. The holiday calendar (sys_holiday, owned by the system
 * module) decides a day per organisation: kind 0 work day, 1 non-work day, 2 pending. The
 * nearest decided row up the organisation tree wins (a venue may override the platform's
 * national calendar); an undecided day falls back to the default weekend, Saturday and
 * Sunday (spec section 9). Answers are cached for a minute per organisation and day.
 */
const cache = new Map<string, { at: number; work: boolean }>();
const TTL_MS = 60_000;

export function isWeekend(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 || d === 6;
}

export async function isWorkDay(db: Executor, orgId: number, day: string): Promise<boolean> {
  const key = `${orgId}:${day}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.work;
  const res = (await db.execute(sql`
    with recursive chain as (
      select id, parent_id, 0 as depth from sys_org where id = ${orgId}
      union all
      select o.id, o.parent_id, c.depth + 1 from sys_org o join chain c on o.id = c.parent_id where c.depth < 20
    )
    select h.kind from sys_holiday h join chain c on c.id = h.org_id
    where h.day = ${day}::date and h.kind in (0, 1)
    order by c.depth limit 1`)) as unknown as { rows: { kind: number }[] };
  const kind = res.rows[0]?.kind;
  const work = kind === undefined ? !isWeekend(day) : Number(kind) === 0;
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
