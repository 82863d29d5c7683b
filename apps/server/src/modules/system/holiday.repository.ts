import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { inScope, inScopeSql, type OneOrgScope, type Scope } from '../../platform/scope.ts';
import { holidays } from './holiday.table.ts';

/**
 * Holiday calendars (sys_holiday): one per organisation. A calendar is worked on in the scope of
 * exactly its organisation; reading it also reads the decisions of the organisation's ancestors,
 * which it inherits (the platform calendar serves as the national one).
 */

function ancestorsSql(scope: OneOrgScope) {
  return sql`with recursive chain as (
      select id, parent_id, 0 as depth from sys_org where id = ${scope.orgId} and ${inScopeSql(scope, sql`id`)}
      union all select o.id, o.parent_id, c.depth + 1 from sys_org o join chain c on o.id = c.parent_id where c.depth < 32)`;
}

/** The decisions of a year: the organisation's own (depth 0) and its ancestors' work and non-work days, deepest ancestors first. */
export async function yearDecisions(db: Executor, scope: OneOrgScope, year: number): Promise<{ day: string; kind: number; depth: number }[]> {
  const res = (await db.execute(sql`${ancestorsSql(scope)}
    select to_char(h.day, 'YYYY-MM-DD') as day, h.kind, c.depth
    from sys_holiday h join chain c on c.id = h.org_id
    where h.day between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date and (c.depth = 0 or h.kind in (0, 1))
    order by c.depth desc`)) as unknown as { rows: { day: string; kind: number; depth: number }[] };
  return res.rows.map((r) => ({ day: r.day, kind: Number(r.kind), depth: Number(r.depth) }));
}

/** The nearest decision (work 0 or non-work 1) for a day: the organisation's own, else its nearest ancestor's. */
export async function nearestDecision(db: Executor, scope: OneOrgScope, day: string): Promise<number | undefined> {
  const res = (await db.execute(sql`${ancestorsSql(scope)}
    select h.kind from sys_holiday h join chain c on c.id = h.org_id
    where h.day = ${day}::date and h.kind in (0, 1)
    order by c.depth limit 1`)) as unknown as { rows: { kind: number }[] };
  const kind = res.rows[0]?.kind;
  return kind === undefined ? undefined : Number(kind);
}

/**
 * The nearest decision (work 0 or non-work 1) of every decided day in `[from, to]`, in one query:
 * the organisation's own, else its nearest ancestor's. Days without any decision are absent.
 */
export async function nearestDecisions(db: Executor, scope: OneOrgScope, from: string, to: string): Promise<Map<string, number>> {
  const res = (await db.execute(sql`${ancestorsSql(scope)}
    select distinct on (h.day) to_char(h.day, 'YYYY-MM-DD') as day, h.kind
    from sys_holiday h join chain c on c.id = h.org_id
    where h.day between ${from}::date and ${to}::date and h.kind in (0, 1)
    order by h.day, c.depth`)) as unknown as { rows: { day: string; kind: number }[] };
  return new Map(res.rows.map((r) => [r.day, Number(r.kind)]));
}

/**
 * The nearest decisions of many organisations at once, as a subquery for a set-based report:
 * `(org_id, day, kind)` for each organisation of `orgIds` (a query of ids the caller scoped) and
 * each decided day in `[from, to]`, its own decision, else its nearest ancestor's (as `nearestDecisions`).
 */
export function nearestDecisionsOf(scope: Scope, orgIds: SQL, from: string, to: string): SQL {
  return sql`(with recursive chain as (
      select id as org_id, id, parent_id, 0 as depth from sys_org where id in (${orgIds}) and ${inScopeSql(scope, sql`id`)}
      union all select c.org_id, o.id, o.parent_id, c.depth + 1 from sys_org o join chain c on o.id = c.parent_id where c.depth < 32)
    select distinct on (c.org_id, h.day) c.org_id, h.day, h.kind
      from sys_holiday h join chain c on c.id = h.org_id
     where h.day between ${from}::date and ${to}::date and h.kind in (0, 1)
     order by c.org_id, h.day, c.depth)`;
}

/** Removes the decisions of these days (they become pending). */
export async function deleteDays(db: Executor, scope: OneOrgScope, days: string[]): Promise<void> {
  if (days.length) await db.delete(holidays).where(and(inScope(scope, holidays.orgId), inArray(holidays.day, days)));
}

/** Decides these days (insert or overwrite). */
export async function upsertDays(db: Executor, scope: OneOrgScope, days: { day: string; kind: number }[], userId: number): Promise<void> {
  if (!days.length) return;
  await db
    .insert(holidays)
    .values(days.map((d) => ({ orgId: scope.orgId, day: d.day, kind: d.kind, updatedBy: userId })))
    .onConflictDoUpdate({
      target: [holidays.orgId, holidays.day],
      set: { kind: sql`excluded.kind`, updatedBy: userId, updatedAt: new Date() },
    });
}

/** Decides every day of a year by weekday (Saturday and Sunday non-work); decided days stay unless `overwrite`. Answers the rows written. */
export async function initYearDays(db: Executor, scope: OneOrgScope, year: number, overwrite: boolean, userId: number): Promise<number> {
  const res = (await db.execute(sql`
    insert into sys_holiday (org_id, day, kind, updated_by)
    select ${scope.orgId}, d::date, case when extract(isodow from d) in (6, 7) then 1 else 0 end, ${userId}
    from generate_series(${`${year}-01-01`}::date, ${`${year}-12-31`}::date, interval '1 day') as d
    on conflict (org_id, day) do ${overwrite ? sql`update set kind = excluded.kind, updated_by = excluded.updated_by, updated_at = now()` : sql`nothing`}
    returning id`)) as unknown as { rows: unknown[] };
  return res.rows.length;
}
