import { sql, type SQL } from 'drizzle-orm';
import { LINE_DIMENSIONS, LINE_DIMENSION_KIND, type LineDimension, type ReportDef, type StatisticsReport, type StatisticsReportRow } from '@venue/contract';
import type { Executor } from '../../../platform/db.ts';
import { inScopeSql, type Scope } from '../../../platform/scope.ts';
import { orgs } from '../../system/index.ts';
import { orderItems, orders, payments, refunds } from '../commerce/index.ts';
import { coaches } from '../coach/index.ts';
import { courseClasses, courses } from '../course/index.ts';
import { sites } from '../venue/index.ts';
import { dayOf, kindIs, moneyShares, rowsOf, venueIs, type Range } from './statistics.repository.ts';
import { statDimDaily } from './statistics.table.ts';

/** One key of a line dimension (a report row's). */
export interface DimFilter {
  dim: LineDimension;
  key: string;
}

/**
 * An order line's key in a dimension (over `oi`): a booking line names its site (`ref_id`), whose
 * sport it is; a course line names its class, whose coach and course they are. `0` when it names none.
 */
const KEY_OF: Record<LineDimension, SQL> = {
  site: sql`oi.ref_id::text`,
  sport: sql`(select s.sport from ${sites} s where s.id = oi.ref_id)`,
  coach: sql`(select c.coach_id::text from ${courseClasses} c where c.id = oi.ref_id)`,
  course: sql`(select c.course_id::text from ${courseClasses} c where c.id = oi.ref_id)`,
};

/**
 * The dimensioned lines of the orders chosen by `orders` (a query of order ids): one row per order,
 * kind, dimension and key, with the lines' amounts (`w`) and quantities (`q`). Every dimension at
 * once, or only `only`.
 */
function dimLines(orderIds: SQL, only?: LineDimension): SQL {
  const dims = only ? [only] : LINE_DIMENSIONS;
  return sql.join(
    dims.map(
      (
        dim,
      ) => sql`select oi.order_id, oi.kind, ${dim}::text as dim, coalesce(${KEY_OF[dim]}, '0') as key, sum(oi.amount_fen)::numeric as w, sum(oi.quantity)::int as q
        from ${orderItems} oi where oi.kind = ${LINE_DIMENSION_KIND[dim]} and oi.order_id in (${orderIds}) group by 1, 2, 3, 4`,
    ),
    sql` union all `,
  );
}

/**
 * The money chosen by `filter` (over `le`) split by line dimension: each payment's or refund's kind
 * share (`moneyShares`, as `sport_stat_daily` adds it) split again over the kind's lines by their
 * keys' amounts (largest remainder, ties by key), so a dimension's keys add up to its kind to the fen.
 */
function dimShares(scope: Scope, filter: SQL, only?: LineDimension): SQL {
  return sql`
    with s as (${moneyShares(scope, filter)}),
    dl as (${dimLines(sql`select order_id from s`, only)}),
    parts as (
      select s.org_id, s.venue_id, s.day, s.back, s.payment_id, s.refund_id, s.order_id, s.kind, s.fen, dl.dim, dl.key, dl.w,
             sum(dl.w) over k as wsum, count(*) over k as n
        from s join dl on dl.order_id = s.order_id and dl.kind = s.kind
      window k as (partition by s.payment_id, s.refund_id, s.back, s.kind, dl.dim)
    ), shared as (
      select *, case when wsum > 0 then div(fen * w, wsum) else div(fen, n) end as base,
                case when wsum > 0 then mod(fen * w, wsum) else mod(fen, n) end as rem
        from parts
    ), ranked as (
      select *, fen - sum(base) over k as leftover,
             row_number() over (partition by payment_id, refund_id, back, kind, dim order by rem desc, key) as rn
        from shared window k as (partition by payment_id, refund_id, back, kind, dim)
    )
    select org_id, venue_id, day, back, payment_id, refund_id, order_id, kind, dim, key, base + (rn <= leftover)::int as fen from ranked`;
}

/** Adds the money chosen by `filter` to the dimension aggregates (with `addMoney`, one payment or a whole scope). */
export async function addDimMoney(db: Executor, scope: Scope, filter: SQL): Promise<void> {
  await db.execute(sql`
    insert into ${statDimDaily} (org_id, venue_id, day, dim, dim_key, revenue_fen, refund_fen)
    select org_id, venue_id, day, dim, key, coalesce(sum(fen) filter (where not back), 0), coalesce(sum(fen) filter (where back), 0)
      from (${dimShares(scope, filter)}) x group by 1, 2, 3, 4, 5
    on conflict (org_id, venue_id, day, dim, dim_key) do update set
      revenue_fen = ${statDimDaily}.revenue_fen + excluded.revenue_fen, refund_fen = ${statDimDaily}.refund_fen + excluded.refund_fen`);
}

/** Adds the quantities of the paid orders chosen by `filter` (over `o`) to the dimension aggregates, on the day paid. */
export async function addDimOrders(db: Executor, scope: Scope, filter: SQL): Promise<void> {
  await db.execute(sql`
    insert into ${statDimDaily} (org_id, venue_id, day, dim, dim_key, items)
    with chosen as (
      select o.id, o.org_id, coalesce(o.venue_id, 0) as venue_id, ${dayOf(sql`o.paid_at`)}::date as day
        from ${orders} o join ${orgs} z on z.id = o.org_id
       where o.paid_at is not null and ${inScopeSql(scope, sql`o.org_id`)} and ${filter}
    )
    select c.org_id, c.venue_id, c.day, dl.dim, dl.key, sum(dl.q)::int
      from chosen c join (${dimLines(sql`select id from chosen`)}) dl on dl.order_id = c.id
     group by 1, 2, 3, 4, 5
    on conflict (org_id, venue_id, day, dim, dim_key) do update set items = ${statDimDaily}.items + excluded.items`);
}

/** A key's name (over `x.key`): the site's, the coach's, the course's; a sport is named by the console and the export in their language. */
const LABEL_OF: Record<LineDimension, SQL> = {
  site: sql`(select s.name from ${sites} s where s.id = nullif(x.key, '0')::bigint)`,
  sport: sql`null::text`,
  coach: sql`(select c.name from ${coaches} c where c.id = nullif(x.key, '0')::bigint)`,
  course: sql`(select c.name from ${courses} c where c.id = nullif(x.key, '0')::bigint)`,
};

const emptyRow = (key: string, label: string | null): StatisticsReportRow => ({
  key,
  label,
  revenueFen: 0,
  refundFen: 0,
  orders: 0,
  items: 0,
  depositInFen: 0,
  depositBackFen: 0,
  depositKeptFen: 0,
  depositHeldFen: 0,
  prepaidInFen: 0,
  prepaidOutFen: 0,
  prepaidHeldFen: 0,
});

/** A report by a line dimension: money and quantity per key over the range, biggest revenue first, and their total. */
export async function dimReportOf(db: Executor, scope: Scope, def: ReportDef & { dimension: LineDimension }, r: Range): Promise<StatisticsReport> {
  const rows = await rowsOf<Record<string, string | number | null>>(
    db,
    sql`select x.key, ${LABEL_OF[def.dimension]} as label, x.revenue, x.refund, x.items from (
          select d.dim_key as key, sum(d.revenue_fen)::bigint as revenue, sum(d.refund_fen)::bigint as refund, sum(d.items)::bigint as items
            from ${statDimDaily} d
           where ${inScopeSql(scope, sql`d.org_id`)} and d.dim = ${def.dimension} and d.day between ${r.from} and ${r.to} and ${venueIs(sql`d.venue_id`, r.venueId)}
           group by 1 having bool_or(d.revenue_fen <> 0 or d.refund_fen <> 0 or d.items <> 0)) x
         order by x.revenue desc, x.key`,
  );
  const data = rows.map((x) => ({
    ...emptyRow(String(x.key), x.label === null ? null : String(x.label)),
    revenueFen: Number(x.revenue),
    refundFen: Number(x.refund),
    items: Number(x.items),
  }));
  const sum = (k: 'revenueFen' | 'refundFen' | 'items') => data.reduce((a, row) => a + row[k], 0);
  return { data, total: { ...emptyRow('total', null), revenueFen: sum('revenueFen'), refundFen: sum('refundFen'), items: sum('items') } };
}

/**
 * The lines of one key of a line dimension, from the rows its aggregates are kept from: money as
 * the split shares (a payment's or refund's part of the key), quantity as the key's order lines.
 */
export function dimLinesOf(metric: string, scope: Scope, r: Range, f: DimFilter): SQL {
  if (metric === 'items') {
    return sql`select ${dayOf(sql`o.paid_at`)} as day, o.org_id, o.venue_id, o.order_no as ref, o.order_no, oi.kind, oi.name, oi.amount_fen as fen, oi.quantity as qty
      from ${orders} o join ${orgs} z on z.id = o.org_id join ${orderItems} oi on oi.order_id = o.id
     where o.paid_at is not null and ${inScopeSql(scope, sql`o.org_id`)} and ${dayOf(sql`o.paid_at`)} between ${r.from} and ${r.to}
       and ${venueIs(sql`coalesce(o.venue_id, 0)`, r.venueId)} and oi.kind = ${LINE_DIMENSION_KIND[f.dim]} and coalesce(${KEY_OF[f.dim]}, '0') = ${f.key}`;
  }
  const back = metric === 'refundFen';
  return sql`
    select to_char(s.day, 'YYYY-MM-DD') as day, s.org_id, nullif(s.venue_id, 0) as venue_id, coalesce(p.payment_no, rf.refund_no) as ref, o.order_no, s.kind,
           o.item_summary as name, s.fen::bigint as fen, 1 as qty
      from (${dimShares(scope, sql`le.business_day between ${r.from} and ${r.to} and ${back ? sql`le.txn_kind <> 'payment'` : sql`le.txn_kind = 'payment'`}`, f.dim)}) s
      left join ${payments} p on p.id = s.payment_id left join ${refunds} rf on rf.id = s.refund_id left join ${orders} o on o.id = s.order_id
     where s.key = ${f.key} and ${kindIs(sql`s.kind`, r.kinds)} and ${venueIs(sql`s.venue_id`, r.venueId)}`;
}
