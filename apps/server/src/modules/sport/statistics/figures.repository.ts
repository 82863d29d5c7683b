import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScopeSql, type Scope } from '../../../platform/scope.ts';
import type { Range } from './statistics.repository.ts';
import { statDaily } from './statistics.table.ts';

/** Money and orders per venue over a range (0: sold at no venue), read from the aggregates: what other modules' screens (the large screen) show by venue. */
export async function venueTotalsOf(
  db: Executor,
  scope: Scope,
  r: Range,
): Promise<{ venueId: number; revenueFen: number; refundFen: number; orders: number }[]> {
  const { rows } = (await db.execute(
    sql`select venue_id, sum(revenue_fen)::bigint as revenue, sum(refund_fen)::bigint as refund, sum(orders)::bigint as orders
          from ${statDaily} where ${inScopeSql(scope, sql`org_id`)} and day between ${r.from} and ${r.to}
         group by venue_id order by venue_id`,
  )) as unknown as { rows: Record<string, string | number>[] };
  return rows.map((x) => ({ venueId: Number(x.venue_id), revenueFen: Number(x.revenue), refundFen: Number(x.refund), orders: Number(x.orders) }));
}
