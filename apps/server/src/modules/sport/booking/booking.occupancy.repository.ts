import { sql, type SQL } from 'drizzle-orm';
import { inScopeSql, type Scope } from '../../../platform/scope.ts';
import { orders } from '../commerce/index.ts';
import { slotClaims } from './booking.table.ts';

/**
 * What occupies a site's time, for utilisation (the statistics' "venue opening"):
 * - booked: a claim of a booking or of another module's holder (a lesson, a sparring hour: the grid
 *   shows them booked) that is `held` (an unpaid order holds the slot: nobody else can book it),
 *   `booked` (paid), `used` (checked in) or `no_show` (paid and kept for the buyer, who did not come);
 * - closed: a closure's claim (the grid shows it closed): time taken off the site's opening.
 * A lock (`lock`, an operator holding a slot back) is neither: the site is open and the time unsold.
 * Released claims (cancelled, refunded, moved, timed out) count nowhere.
 */
export const OCCUPYING_STATES = ['held', 'booked', 'used', 'no_show'] as const;

/**
 * The claims of the scope's venues (or one venue) on the business days of a range that book or
 * close site time, as a subquery: `(unit_id, day, start_min, end_min, closed, kind, state,
 * order_no)`, one row per unit held (a court booked whole holds each half), local minutes of the day.
 * Live claims of one unit never overlap (the exclusion constraint), so their minutes add up.
 */
export function siteOccupancySql(scope: Scope, r: { from: string; to: string; venueId?: number }): SQL {
  const states = sql.join(
    OCCUPYING_STATES.map((x) => sql`${x}`),
    sql`, `,
  );
  return sql`
    select c.unit_id, c.day, c.start_min, c.end_min, c.kind = 'closure' as closed, c.kind, c.state, o.order_no
      from ${slotClaims} c left join ${orders} o on o.id = c.order_id
     where ${inScopeSql(scope, sql`c.org_id`)} and c.day between ${r.from}::date and ${r.to}::date
       and ${r.venueId === undefined ? sql`true` : sql`c.venue_id = ${r.venueId}`}
       and ((c.kind = 'closure' and c.state <> 'released') or (c.kind not in ('closure', 'lock') and c.state in (${states})))`;
}
