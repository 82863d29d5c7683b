import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Caller } from '../../platform/http.ts';
import { orgScope } from '../../platform/scope.ts';
import { orgs } from './system.table.ts';
import { holidays } from './holiday.table.ts';
import './holiday.messages.ts';

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
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The organisation whose calendar a caller works on: their own, or one within their scope. */
export async function calendarOrg(db: Executor, caller: Caller, orgId: number | undefined): Promise<number> {
  const id = orgId ?? caller.orgId;
  const [row] = await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.id, id), orgScope(caller, orgs.id)));
  if (!row) throw notFound();
  return row.id;
}

export interface CalendarDay {
  day: string;
  weekday: number;
  kind: DayKind;
  /** The decision of the nearest ancestor organisation when this one is pending (what isWorkDay falls back to). */
  inherited: 0 | 1 | null;
}

function ancestorsSql(orgId: number) {
  return sql`with recursive chain as (
      select id, parent_id, 0 as depth from sys_org where id = ${orgId}
      union all select o.id, o.parent_id, c.depth + 1 from sys_org o join chain c on o.id = c.parent_id where c.depth < 32)`;
}

export async function yearCalendar(db: Executor, orgId: number, year: number) {
  const res = (await db.execute(sql`${ancestorsSql(orgId)}
    select to_char(h.day, 'YYYY-MM-DD') as day, h.kind, c.depth
    from sys_holiday h join chain c on c.id = h.org_id
    where h.day between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date and (c.depth = 0 or h.kind in (0, 1))
    order by c.depth desc`)) as unknown as { rows: { day: string; kind: number; depth: number }[] };
  const own = new Map<string, DayKind>();
  const inherited = new Map<string, 0 | 1>();
  // Deeper ancestors first, so nearer ones overwrite them.
  for (const r of res.rows) {
    if (Number(r.depth) === 0) own.set(r.day, Number(r.kind) as DayKind);
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
export async function setDays(db: Db, orgId: number, days: { day: string; kind: DayKind }[], userId: number): Promise<number> {
  const seen = new Set<string>();
  days.forEach((d, i) => {
    if (!isIsoDate(d.day)) throw new AppError('INVALID', 'holiday.badDay', undefined, [{ field: `days.${i}.day`, message: 'holiday.badDay' }]);
    if (seen.has(d.day)) throw new AppError('INVALID', 'holiday.duplicateDay', undefined, [{ field: `days.${i}.day`, message: 'holiday.duplicateDay' }]);
    seen.add(d.day);
  });
  const decided = days.filter((d) => d.kind !== PENDING);
  const pending = days.filter((d) => d.kind === PENDING).map((d) => d.day);
  await db.transaction(async (tx) => {
    if (pending.length) await tx.delete(holidays).where(and(eq(holidays.orgId, orgId), inArray(holidays.day, pending)));
    if (decided.length) {
      await tx
        .insert(holidays)
        .values(decided.map((d) => ({ orgId, day: d.day, kind: d.kind, updatedBy: userId })))
        .onConflictDoUpdate({
          target: [holidays.orgId, holidays.day],
          set: { kind: sql`excluded.kind`, updatedBy: userId, updatedAt: new Date() },
        });
    }
  });
  return days.length;
}

/**
 * Initialises a year: Saturdays and Sundays non-work, Monday to Friday work. Days already
 * decided (holidays, make-up work days) are kept unless `overwrite` is set.
 */
export async function initYear(db: Db, orgId: number, year: number, overwrite: boolean, userId: number): Promise<number> {
  const res = (await db.execute(sql`
    insert into sys_holiday (org_id, day, kind, updated_by)
    select ${orgId}, d::date, case when extract(isodow from d) in (6, 7) then 1 else 0 end, ${userId}
    from generate_series(${`${year}-01-01`}::date, ${`${year}-12-31`}::date, interval '1 day') as d
    on conflict (org_id, day) do ${overwrite ? sql`update set kind = excluded.kind, updated_by = excluded.updated_by, updated_at = now()` : sql`nothing`}
    returning id`)) as unknown as { rows: unknown[] };
  return res.rows.length;
}

/**
 * Whether a day is a work day for an organisation (for the job scheduler, booking prices...).
 * `date` is a YYYY-MM-DD calendar day, or an instant taken in the organisation's time zone.
 */
export async function isWorkDay(db: Executor, orgId: number, date: string | Date): Promise<boolean> {
  let day: string;
  if (typeof date === 'string') {
    if (!isIsoDate(date)) throw new Error(`isWorkDay: not a YYYY-MM-DD date: ${date}`);
    day = date;
  } else {
    const [org] = await db.select({ tz: orgs.timeZone }).from(orgs).where(eq(orgs.id, orgId));
    day = localDay(date, org?.tz ?? 'Asia/Shanghai');
  }
  const res = (await db.execute(sql`${ancestorsSql(orgId)}
    select h.kind from sys_holiday h join chain c on c.id = h.org_id
    where h.day = ${day}::date and h.kind in (0, 1)
    order by c.depth limit 1`)) as unknown as { rows: { kind: number }[] };
  const kind = res.rows[0]?.kind;
  if (kind !== undefined) return Number(kind) === WORK;
  return isoWeekday(day) <= 5;
}
