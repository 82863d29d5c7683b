import { sql, type SQL } from 'drizzle-orm';
import { inScopeSql, type Scope } from '../../../platform/scope.ts';
import { nearestDecisionsOf } from '../../system/index.ts';
import { sites, venues } from './venue.table.ts';

/** Business days (`YYYY-MM-DD`, both ends included) of the scope's venues, or of one venue. */
export interface OpeningRange {
  from: string;
  to: string;
  venueId?: number;
}

/**
 * The site time the scope's venues are open on each business day of a range, as a subquery for a
 * set-based report (utilisation): one row per unit and day it opens, `(org_id, venue_id,
 * stadium_name, site_id, site_name, sport, day, open_min, close_min)`, minutes of the venue's local
 * day. As the booking grid reads the opening (`hoursOn`, `slotsBetween`):
 * - a unit is a live site in service (status 0) without halves, or a half: a court split into
 *   halves opens through its halves, so its time is not counted twice;
 * - a day opens by its weekday's hours, or the holiday hours (day 8) on a public holiday of the
 *   venue organisation's holiday calendar (its own decision, else its nearest ancestor's);
 * - the open time is the whole slots of the venue's slot length from opening, the last ending by closing.
 * Closures are booking's (its claims) and are taken off by the caller.
 */
export function siteOpeningsSql(scope: Scope, r: OpeningRange): SQL {
  const venueIs = r.venueId === undefined ? sql`true` : sql`v.id = ${r.venueId}`;
  const minutes = (hhmm: SQL) => sql`(split_part(${hhmm}, ':', 1)::int * 60 + split_part(${hhmm}, ':', 2)::int)`;
  return sql`
    select s.org_id, s.venue_id, v.stadium_name, s.id as site_id, s.name as site_name, s.sport, g.day, h.open_min,
           h.open_min + ((h.close_min - h.open_min) / v.slot_minutes) * v.slot_minutes as close_min
      from ${sites} s join ${venues} v on v.id = s.venue_id
     cross join lateral (select d::date as day, extract(isodow from d)::int as dow from generate_series(${r.from}::date, ${r.to}::date, interval '1 day') d) g
      left join ${nearestDecisionsOf(scope, sql`select v.org_id from ${venues} v where ${inScopeSql(scope, sql`v.org_id`)} and ${venueIs}`, r.from, r.to)} hd
        on hd.org_id = v.org_id and hd.day = g.day
     cross join lateral (
       select ${minutes(sql`e->>'open'`)} as open_min, ${minutes(sql`e->>'close'`)} as close_min
         from jsonb_array_elements(s.hours) e
        where (e->>'day')::int = case when hd.kind = 1 and g.dow < 6 and s.hours @> '[{"day": 8}]'::jsonb then 8 else g.dow end
        limit 1) h
     where ${inScopeSql(scope, sql`s.org_id`)} and ${venueIs} and not s.deleted and s.status = 0
       and not exists (select 1 from ${sites} half where half.parent_id = s.id and not half.deleted)`;
}
