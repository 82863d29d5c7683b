import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScopeSql, type Scope } from '../../../platform/scope.ts';

/**
 * A bulk read for another module's preview (a scheduling plan's thousands of lessons): the live
 * slot claims (bookings, locks, closures, other modules' site time) that overlap any of many asked
 * ranges of units, in ONE statement. The asks go in as two arrays, unnested and gathered into one
 * multirange per unit (`range_agg`), joined with `&&` against `sport_slot_claim` within the asks'
 * whole span (its exclusion constraint's GiST index on unit and time), so the database compares
 * each of a unit's claims once, not once per ask. The caller matches claims to its asks (a unit's
 * live claims never overlap one another). Read only.
 */
export interface UnitTimeAsk {
  /** The unit: a site without halves, or one half (a full site's time is its halves'). */
  unitId: number;
  from: Date;
  to: Date;
}

export interface UnitClaim {
  claimId: number;
  /** The site booked (a full site's booking holds each half). */
  siteId: number;
  unitId: number;
  /** `booking`, `lock`, `closure`, `series` or another module's holder kind (`sparring`, `lesson`). */
  kind: string;
  state: string;
  orderId: number | null;
  /** What holds it, when the holder named it (`sparring#12`), or the lock's or closure's reason. */
  reason: string | null;
  from: Date;
  to: Date;
}

/** The live claims overlapping any ask of their unit, by unit and start. */
export async function unitClaimsOverlapping(db: Executor, scope: Scope, asks: readonly UnitTimeAsk[]): Promise<UnitClaim[]> {
  if (!asks.length) return [];
  let first = Infinity;
  let last = -Infinity;
  for (const a of asks) {
    first = Math.min(first, a.from.getTime());
    last = Math.max(last, a.to.getTime());
  }
  const units = `{${asks.map((a) => String(Math.trunc(a.unitId))).join(',')}}`;
  const ranges = `{${asks.map((a) => `"[${a.from.toISOString()},${a.to.toISOString()})"`).join(',')}}`;
  const span = `[${new Date(first).toISOString()},${new Date(last).toISOString()})`;
  const res = (await db.execute(sql`
    with ask as (
      select a.unit_id, range_agg(a.during) as busy
      from unnest(${units}::bigint[], ${ranges}::tstzrange[]) as a(unit_id, during)
      group by a.unit_id)
    select c.id, c.site_id, c.unit_id, c.kind, c.state, c.order_id, c.reason,
      (extract(epoch from lower(c.during)) * 1000)::float8 as f, (extract(epoch from upper(c.during)) * 1000)::float8 as t
    from ask join sport_slot_claim c on c.unit_id = ask.unit_id and c.during && ${span}::tstzrange and c.during && ask.busy and c.state <> 'released'
    where ${inScopeSql(scope, sql`c.org_id`)}
    order by c.unit_id, lower(c.during)`)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows.map((r) => ({
    claimId: Number(r.id),
    siteId: Number(r.site_id),
    unitId: Number(r.unit_id),
    kind: String(r.kind),
    state: String(r.state),
    orderId: r.order_id === null ? null : Number(r.order_id),
    reason: (r.reason as string | null) ?? null,
    from: new Date(Number(r.f)),
    to: new Date(Number(r.t)),
  }));
}
