import { sql, type SQL } from 'drizzle-orm';
import {
  UTILISATION_REPORTS,
  hhmmOf,
  type StatisticsUtilisation,
  type StatisticsUtilisationRow,
  type UtilisationLine,
  type UtilisationReportKey,
} from '@venue/contract';
import type { Executor } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { siteOccupancySql } from '../booking/index.ts';
import { siteOpeningsSql } from '../venue/index.ts';
import { rowsOf } from './statistics.repository.ts';

/** A utilisation range: business days, optionally one venue, and for the booked lines one sport. */
export interface UtilisationRange {
  from: string;
  to: string;
  venueId?: number;
  sport?: string;
}

/**
 * The booked time within each unit's opening on each day (`o`: the venue's openings, `c`: booking's
 * claims): a claim's part inside the opening window, so a lesson's hold before opening adds
 * nothing. Every booked figure and its lines read this one join.
 */
function bookedParts(scope: Scope, r: UtilisationRange): SQL {
  return sql`
    select o.venue_id, o.stadium_name, o.site_id, o.site_name, o.sport, o.day, c.kind, c.state, c.order_no,
           greatest(c.start_min, o.open_min) as start_min, least(c.end_min, o.close_min) as end_min
      from (${siteOpeningsSql(scope, r)}) o
      join (${siteOccupancySql(scope, r)}) c on c.unit_id = o.site_id and c.day = o.day
     where not c.closed and least(c.end_min, o.close_min) > greatest(c.start_min, o.open_min)
       and ${r.sport === undefined ? sql`true` : sql`o.sport = ${r.sport}`}`;
}

const percent = (booked: number, open: number) => (open > 0 ? Math.round((booked * 1000) / open) / 10 : 0);
const rowOf = (key: string, label: string | null, open: number, booked: number): StatisticsUtilisationRow => ({
  key,
  label,
  openMinutes: open,
  bookedMinutes: booked,
  utilisation: percent(booked, open),
});

/**
 * A utilisation report in one statement: per venue or sport, the units' open minutes (openings
 * less closures) and booked minutes (`bookedParts`), rows with open or booked time, by key; and their total.
 */
export async function utilisationOf(db: Executor, scope: Scope, report: UtilisationReportKey, r: UtilisationRange): Promise<StatisticsUtilisation> {
  const key = UTILISATION_REPORTS[report] === 'venue' ? sql`o.venue_id::text` : sql`o.sport`;
  const rows = await rowsOf<{ key: string; label: string | null; open: string | number; booked: string | number }>(
    db,
    sql`with o as (${siteOpeningsSql(scope, r)}),
         closed as (
           select o.site_id, o.day, sum(least(c.end_min, o.close_min) - greatest(c.start_min, o.open_min)) as minutes
             from o join (${siteOccupancySql(scope, r)}) c on c.unit_id = o.site_id and c.day = o.day
            where c.closed and least(c.end_min, o.close_min) > greatest(c.start_min, o.open_min)
            group by 1, 2),
         booked as (select b.site_id, b.day, sum(b.end_min - b.start_min) as minutes from (${bookedParts(scope, r)}) b group by 1, 2)
       select ${key} as key, min(o.stadium_name) as label,
              sum(o.close_min - o.open_min - coalesce(x.minutes, 0))::bigint as open, coalesce(sum(b.minutes), 0)::bigint as booked
         from o left join closed x on x.site_id = o.site_id and x.day = o.day left join booked b on b.site_id = o.site_id and b.day = o.day
        group by 1 order by 1`,
  );
  const venueRows = UTILISATION_REPORTS[report] === 'venue';
  const data = rows
    .map((x) => rowOf(String(x.key), venueRows ? x.label : null, Number(x.open), Number(x.booked)))
    .filter((x) => x.openMinutes > 0 || x.bookedMinutes > 0);
  const open = data.reduce((a, x) => a + x.openMinutes, 0);
  const booked = data.reduce((a, x) => a + x.bookedMinutes, 0);
  return { data, total: rowOf('total', null, open, booked) };
}

const lineOf = (x: Record<string, string | number | null>): UtilisationLine => ({
  day: String(x.day),
  stadiumId: Number(x.venue_id),
  stadiumName: String(x.stadium_name),
  siteId: Number(x.site_id),
  siteName: String(x.site_name),
  sport: String(x.sport),
  start: hhmmOf(Number(x.start_min)),
  end: hhmmOf(Number(x.end_min)),
  kind: String(x.kind),
  state: String(x.state),
  orderNo: x.order_no === null ? null : String(x.order_no),
  minutes: Number(x.end_min) - Number(x.start_min),
});
const LINES = (scope: Scope, r: UtilisationRange) =>
  sql`select to_char(b.day, 'YYYY-MM-DD') as day, b.venue_id, b.stadium_name, b.site_id, b.site_name, b.sport, b.kind, b.state, b.order_no, b.start_min, b.end_min
        from (${bookedParts(scope, r)}) b order by b.day, b.venue_id, b.site_id, b.start_min`;

/** A page of the booked lines and, over every page, their count and minutes. */
export async function utilisationLinesOf(
  db: Executor,
  scope: Scope,
  r: UtilisationRange,
  pageNum: number,
  pageSize: number,
): Promise<{ total: number; sumMinutes: number; data: UtilisationLine[] }> {
  const [t] = await rowsOf<{ n: number; minutes: string | number }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(end_min - start_min), 0)::bigint as minutes from (${bookedParts(scope, r)}) b`,
  );
  const rows = await rowsOf<Record<string, string | number | null>>(db, sql`${LINES(scope, r)} limit ${pageSize} offset ${(pageNum - 1) * pageSize}`);
  return { total: Number(t!.n), sumMinutes: Number(t!.minutes), data: rows.map(lineOf) };
}

/** How many booked lines there are (what `eachUtilisationBatch` reads in the same transaction). */
export async function countUtilisationLines(tx: Executor, scope: Scope, r: UtilisationRange): Promise<number> {
  const [t] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from (${bookedParts(scope, r)}) b`);
  return Number(t!.n);
}

/** Every booked line (an export), `batch` at a time through a cursor, in the caller's transaction. */
export async function eachUtilisationBatch(
  tx: Executor,
  scope: Scope,
  r: UtilisationRange,
  batch: number,
  take: (lines: UtilisationLine[]) => Promise<void>,
): Promise<void> {
  await tx.execute(sql`declare util_lines no scroll cursor for ${LINES(scope, r)}`);
  for (;;) {
    const rows = await rowsOf<Record<string, string | number | null>>(tx, sql.raw(`fetch ${Math.trunc(batch)} from util_lines`));
    if (!rows.length) break;
    await take(rows.map(lineOf));
  }
  await tx.execute(sql`close util_lines`);
}
