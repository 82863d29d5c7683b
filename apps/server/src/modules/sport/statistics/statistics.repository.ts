import { sql, type SQL } from 'drizzle-orm';
import {
  DEPOSIT_ACCOUNTS,
  LIABILITY_METRICS,
  PREPAID_ACCOUNTS,
  metricsOf,
  type KindDimension,
  type LiabilityMetric,
  type ReportDef,
  type StatisticsDayRow,
  type StatisticsDrillLine,
  type StatisticsReport,
  type StatisticsReportRow,
  type StatisticsSummary,
} from '@venue/contract';
import type { Executor } from '../../../platform/db.ts';
import { inScopeSql, type Scope } from '../../../platform/scope.ts';
import { orgs } from '../../system/index.ts';
import { ledgerEntries, orderItems, orders, payments, refunds, undeliveredEventIds } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { venues } from '../venue/index.ts';
import { statDaily, statDimDaily, statFolded } from './statistics.table.ts';
import { addDimMoney, addDimOrders, dimLinesOf, type DimFilter } from './dims.repository.ts';

/** The item kinds each count figure adds up. */
export const KINDS_OF = { bookings: ['venue'], ticketsSold: ['ticket', 'dist_ticket', 'ticket_pkg'], cardsSold: ['card'] } as const;
/** The names the event handlers are subscribed under (the rebuild leaves out what they still have to add). */
export const HANDLERS = {
  payment: 'statistics.payment',
  refund: 'statistics.refund',
  paid: 'statistics.orderPaid',
  cancelled: 'statistics.orderCancelled',
} as const;

/**
 * The ledger entries that are money taken or paid back, as the capital flow counts them: a
 * payment's own debit (numbered by the payment) and a refund leg's credit of a money account. A
 * module's rule entries (a card's prepaid, a course package's) move nothing in or out and are left out.
 */
const MONEY_ENTRY = sql`((le.txn_kind = 'payment' and le.side = 'debit' and le.txn_no = (select p.payment_no from ${payments} p where p.id = le.payment_id))
  or (le.txn_kind in ('refund', 'non_order_refund') and le.side = 'credit' and le.refund_id is not null and le.account <> 'sales'))`;

type Rows<T> = { rows: T[] };
export const rowsOf = async <T>(db: Executor, q: SQL): Promise<T[]> => ((await db.execute(q)) as unknown as Rows<T>).rows;

/** A timestamp's business day in its organisation's time zone (`z` is the organisation). */
export const dayOf = (column: SQL) => sql`to_char(${column} at time zone z.time_zone, 'YYYY-MM-DD')`;

/**
 * The ledger's payment debits and refund credits chosen by `filter` (over `le`), each split over
 * its order's lines by their amounts (largest remainder, ties by kind), so the kinds add up to the
 * ledger to the fen: one row per payment or refund and kind, its share in `fen` and `first` on one
 * kind of each. The aggregates add these up; a report's drill by kind lists them.
 */
export function moneyShares(scope: Scope, filter: SQL): SQL {
  return sql`
    with money as (
      select le.org_id, le.order_id, le.business_day as day, le.txn_kind <> 'payment' as back,
             coalesce(le.payment_id, 0) as payment_id, coalesce(le.refund_id, 0) as refund_id, sum(le.amount_fen)::numeric as fen
        from ${ledgerEntries} le
       where ${MONEY_ENTRY} and ${inScopeSql(scope, sql`le.org_id`)} and ${filter}
       group by 1, 2, 3, 4, 5, 6
    ), lines as (
      select oi.order_id, oi.kind, sum(oi.amount_fen)::numeric as w
        from ${orderItems} oi where oi.order_id in (select order_id from money) group by 1, 2
    ), parts as (
      select m.*, coalesce(o.venue_id, 0) as venue_id, coalesce(l.kind, 'other') as kind, coalesce(l.w, 0) as w,
             sum(coalesce(l.w, 0)) over k as wsum, count(*) over k as n
        from money m left join ${orders} o on o.id = m.order_id left join lines l on l.order_id = m.order_id
      window k as (partition by m.payment_id, m.refund_id, m.back)
    ), shares as (
      select *, case when wsum > 0 then div(fen * w, wsum) else div(fen, n) end as base,
                case when wsum > 0 then mod(fen * w, wsum) else mod(fen, n) end as rem
        from parts
    ), ranked as (
      select *, fen - sum(base) over k as leftover, row_number() over (partition by payment_id, refund_id, back order by rem desc, kind) as rn
        from shares window k as (partition by payment_id, refund_id, back)
    )
    select org_id, venue_id, day, kind, back, payment_id, refund_id, order_id, base + (rn <= leftover)::int as fen, rn = 1 as first from ranked`;
}

/**
 * Adds the money chosen by `filter` to the aggregates. The live handlers pass one payment or
 * refund, the rebuild a whole scope: the same statement, the same figures.
 */
async function addMoney(db: Executor, scope: Scope, filter: SQL): Promise<void> {
  await db.execute(sql`
    insert into ${statDaily} (org_id, venue_id, day, kind, revenue_fen, refund_fen, payments, refunds)
    select org_id, venue_id, day, kind, coalesce(sum(fen) filter (where not back), 0), coalesce(sum(fen) filter (where back), 0),
           count(*) filter (where not back and first), count(*) filter (where back and first)
      from (${moneyShares(scope, filter)}) s group by 1, 2, 3, 4
    on conflict (org_id, venue_id, day, kind) do update set
      revenue_fen = ${statDaily}.revenue_fen + excluded.revenue_fen, refund_fen = ${statDaily}.refund_fen + excluded.refund_fen,
      payments = ${statDaily}.payments + excluded.payments, refunds = ${statDaily}.refunds + excluded.refunds`);
}

/**
 * Adds the orders chosen by `filter` (over `o`) that were paid (`paid`: orders and their lines'
 * quantities on the day paid) or cancelled (`cancelled`: a count on the day cancelled), each order
 * under the kind of its first line.
 */
async function addOrders(db: Executor, scope: Scope, what: 'paid' | 'cancelled', filter: SQL): Promise<void> {
  const at = what === 'paid' ? sql`o.paid_at` : sql`o.cancelled_at`;
  const count = what === 'paid' ? sql`orders` : sql`cancelled`;
  const items = what === 'paid' ? sql`sum(l.q)` : sql`0`;
  await db.execute(sql`
    insert into ${statDaily} (org_id, venue_id, day, kind, ${count}, items)
    with chosen as (
      select o.id, o.org_id, coalesce(o.venue_id, 0) as venue_id, ${dayOf(at)}::date as day
        from ${orders} o join ${orgs} z on z.id = o.org_id
       where ${at} is not null and ${inScopeSql(scope, sql`o.org_id`)} and ${filter}
    ), lines as (
      select oi.order_id, oi.kind, sum(oi.quantity)::int as q, min(oi.line_no) as first_line
        from ${orderItems} oi join chosen c on c.id = oi.order_id group by 1, 2
    ), firsts as (
      select distinct on (order_id) order_id, kind from lines order by order_id, first_line
    )
    select c.org_id, c.venue_id, c.day, l.kind, count(f.order_id)::int, ${items}
      from chosen c join lines l on l.order_id = c.id left join firsts f on f.order_id = l.order_id and f.kind = l.kind
     group by 1, 2, 3, 4
    on conflict (org_id, venue_id, day, kind) do update set
      ${count} = ${statDaily}.${count} + excluded.${count}, items = ${statDaily}.items + excluded.items`);
}

export const listOf = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/** The deposit and prepaid accounts' entries (over `le`): rule postings the money figures leave out. */
const DEPOSIT = sql`le.account in (${listOf(DEPOSIT_ACCOUNTS)})`;
const PREPAID = sql`le.account in (${listOf(PREPAID_ACCOUNTS)})`;
const LIABILITY_ENTRY = sql`(${DEPOSIT} or ${PREPAID})`;
const signed = sql`case when le.side = 'credit' then le.amount_fen else -le.amount_fen end`;
/**
 * What an entry (over `le`) adds to each deposit and prepaid figure: its amount where it counts, 0
 * elsewhere; a balance (`…HeldFen`) its credits less its debits. The aggregates and the drill-down
 * read these same expressions.
 */
const LIABILITY_FEN: Record<LiabilityMetric, SQL> = {
  depositInFen: sql`case when ${DEPOSIT} and le.side = 'credit' then le.amount_fen else 0 end`,
  depositBackFen: sql`case when ${DEPOSIT} and le.side = 'debit' and le.txn_kind = 'deposit_back' then le.amount_fen else 0 end`,
  depositKeptFen: sql`case when ${DEPOSIT} and le.side = 'debit' and le.txn_kind <> 'deposit_back' then le.amount_fen else 0 end`,
  depositHeldFen: sql`case when ${DEPOSIT} then ${signed} else 0 end`,
  prepaidInFen: sql`case when ${PREPAID} and le.side = 'credit' then le.amount_fen else 0 end`,
  prepaidOutFen: sql`case when ${PREPAID} and le.side = 'debit' then le.amount_fen else 0 end`,
  prepaidHeldFen: sql`case when ${PREPAID} then ${signed} else 0 end`,
};
/** The kind an entry is kept under: its order's first line's (`other` without an order: a card's use, a payout). */
const entryKind = sql`coalesce((select oi.kind from ${orderItems} oi where oi.order_id = le.order_id order by oi.line_no limit 1), 'other')`;

/**
 * Adds the deposit and prepaid entries chosen by `filter` (over `le`) that no statement has added
 * yet: each is claimed in `sport_stat_folded` first (`on conflict do nothing`: two deliveries at
 * once claim an entry once), then added on its business day, at its order's venue, under its
 * order's first kind. The live handlers pass the organisation's last days, the rebuild its scope.
 */
async function addLiabilities(db: Executor, scope: Scope, filter: SQL): Promise<void> {
  const sum = (m: LiabilityMetric) => sql`coalesce(sum(${LIABILITY_FEN[m]}), 0)`;
  await db.execute(sql`
    with fresh as (
      insert into ${statFolded} (entry_id, org_id)
      select le.id, le.org_id from ${ledgerEntries} le where ${LIABILITY_ENTRY} and ${inScopeSql(scope, sql`le.org_id`)} and ${filter}
      on conflict (entry_id) do nothing
      returning entry_id
    )
    insert into ${statDaily} (org_id, venue_id, day, kind, deposit_in_fen, deposit_back_fen, deposit_kept_fen, prepaid_in_fen, prepaid_out_fen)
    select le.org_id, le.venue_id, le.day, le.kind,
           ${sum('depositInFen')}, ${sum('depositBackFen')}, ${sum('depositKeptFen')}, ${sum('prepaidInFen')}, ${sum('prepaidOutFen')}
      from (select le.org_id, coalesce(o.venue_id, 0) as venue_id, le.business_day as day, ${entryKind} as kind, le.account, le.side, le.txn_kind, le.amount_fen
              from ${ledgerEntries} le join fresh f on f.entry_id = le.id left join ${orders} o on o.id = le.order_id) le
     group by 1, 2, 3, 4
    on conflict (org_id, venue_id, day, kind) do update set
      deposit_in_fen = ${statDaily}.deposit_in_fen + excluded.deposit_in_fen, deposit_back_fen = ${statDaily}.deposit_back_fen + excluded.deposit_back_fen,
      deposit_kept_fen = ${statDaily}.deposit_kept_fen + excluded.deposit_kept_fen, prepaid_in_fen = ${statDaily}.prepaid_in_fen + excluded.prepaid_in_fen,
      prepaid_out_fen = ${statDaily}.prepaid_out_fen + excluded.prepaid_out_fen`);
}

/**
 * The lock that keeps a delivery and a rebuild of one organisation apart: deliveries share it (they
 * add with increments and claims, so they never lose one another's), a rebuild takes it alone, so
 * a delivery is either wholly before the rebuild (which then writes it again) or wholly after.
 * A delivery takes it first, before it writes anything.
 */
const foldLock = (orgId: SQL) => sql`hashtextextended('sport_stat:' || ${orgId}, 0)`;
export async function shareFoldLock(tx: Executor, orgId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${foldLock(sql`${String(orgId)}`)})`);
}

/**
 * What a delivery adds of an organisation's deposit and prepaid entries: those of its last two
 * days (UTC, so every zone's business day is covered) not yet added. An entry older than that
 * (none is posted so late in practice) waits for a rebuild.
 */
const recentDay = (now: Date) => new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
export const addRecentLiabilities = (db: Executor, scope: Scope, orgId: number, now = new Date()) =>
  addLiabilities(db, scope, sql`le.org_id = ${orgId} and le.business_day >= ${recentDay(now)}`);

/** The organisations with deposit or prepaid postings of the last two days not yet added (the fold job's work). */
export async function orgsWithRecentLiabilities(db: Executor, scope: Scope, now = new Date()): Promise<number[]> {
  const rows = await rowsOf<{ id: number | string }>(
    db,
    sql`select z.id from ${orgs} z where ${inScopeSql(scope, sql`z.id`)} and exists (
          select 1 from ${ledgerEntries} le where le.org_id = z.id and le.business_day >= ${recentDay(now)} and ${LIABILITY_ENTRY}
             and not exists (select 1 from ${statFolded} f where f.entry_id = le.id))
         order by z.id`,
  );
  return rows.map((x) => Number(x.id));
}

/** Money and paid orders to both aggregates, by kind and by line dimension: the same filter for both, live and in a rebuild. */
async function addMoneyAll(db: Executor, scope: Scope, filter: SQL): Promise<void> {
  await addMoney(db, scope, filter);
  await addDimMoney(db, scope, filter);
}
async function addOrdersAll(db: Executor, scope: Scope, what: 'paid' | 'cancelled', filter: SQL): Promise<void> {
  await addOrders(db, scope, what, filter);
  if (what === 'paid') await addDimOrders(db, scope, filter);
}

/** What one event adds (its delivery's transaction). */
export const addPayment = (db: Executor, scope: Scope, paymentId: number) =>
  addMoneyAll(db, scope, sql`le.txn_kind = 'payment' and le.payment_id = ${paymentId}`);
export const addRefund = (db: Executor, scope: Scope, refundId: number) => addMoneyAll(db, scope, sql`le.txn_kind <> 'payment' and le.refund_id = ${refundId}`);
export const addOrder = (db: Executor, scope: Scope, what: 'paid' | 'cancelled', orderId: number) => addOrdersAll(db, scope, what, sql`o.id = ${orderId}`);

/**
 * Writes the aggregates of the scope's organisations again from the ledger and the orders, in the
 * caller's transaction: what an event not yet delivered will add is left for its delivery.
 * Answers the rows written.
 */
export async function rebuildAggregates(tx: Executor, scope: Scope): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${foldLock(sql`z.id::text`)}) from ${orgs} z where ${inScopeSql(scope, sql`z.id`)} order by z.id`);
  await tx.execute(sql`delete from ${statDaily} where ${inScopeSql(scope, sql`org_id`)}`);
  await tx.execute(sql`delete from ${statDimDaily} where ${inScopeSql(scope, sql`org_id`)}`);
  await tx.execute(sql`delete from ${statFolded} where ${inScopeSql(scope, sql`org_id`)}`);
  const pending = (handler: string, name: string, id: SQL) => sql`(${name} || ':' || ${id}) not in (${undeliveredEventIds(handler)})`;
  await addMoneyAll(
    tx,
    scope,
    sql`case when le.txn_kind = 'payment' then ${pending(HANDLERS.payment, 'payment.succeeded', sql`le.payment_id`)}
        else ${pending(HANDLERS.refund, 'refund.succeeded', sql`le.refund_id`)} end`,
  );
  await addOrdersAll(tx, scope, 'paid', sql`${pending(HANDLERS.paid, 'order.paid', sql`o.id`)}`);
  await addOrders(tx, scope, 'cancelled', sql`${pending(HANDLERS.cancelled, 'order.cancelled', sql`o.id`)}`);
  await addLiabilities(tx, scope, sql`true`);
  const [n] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from ${statDaily} where ${inScopeSql(scope, sql`org_id`)}`);
  return Number(n?.n ?? 0);
}

/** Organisations in the scope (what a rebuild covers). */
export async function orgsIn(db: Executor, scope: Scope): Promise<number> {
  const [n] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${orgs} where ${inScopeSql(scope, sql`id`)}`);
  return Number(n?.n ?? 0);
}

export interface Range {
  from: string;
  to: string;
  /** 0: business sold at no venue. */
  venueId?: number;
  /** Only these item kinds (a report's). */
  kinds?: readonly string[];
  /** Only one key of a line dimension (a report row by site, sport, coach or course). */
  dim?: DimFilter;
}
export const kindIs = (column: SQL, kinds?: readonly string[]) => (kinds ? sql`${column} in (${listOf(kinds)})` : sql`true`);
export const venueIs = (column: SQL, venueId?: number) => (venueId === undefined ? sql`true` : sql`${column} = ${venueId}`);

/** The summary's figures over the aggregates (and the members registered). */
export async function summaryOf(db: Executor, scope: Scope, r: Range): Promise<StatisticsSummary> {
  const [a] = await rowsOf<Record<string, string | number | null>>(
    db,
    sql`select coalesce(sum(revenue_fen), 0)::bigint as revenue, coalesce(sum(refund_fen), 0)::bigint as refund, coalesce(sum(orders), 0)::bigint as orders,
               coalesce(sum(items) filter (where kind in (${listOf(KINDS_OF.bookings)})), 0)::bigint as bookings,
               coalesce(sum(items) filter (where kind in (${listOf(KINDS_OF.ticketsSold)})), 0)::bigint as tickets,
               coalesce(sum(items) filter (where kind in (${listOf(KINDS_OF.cardsSold)})), 0)::bigint as cards
          from ${statDaily} where ${inScopeSql(scope, sql`org_id`)} and day between ${r.from} and ${r.to} and ${venueIs(sql`venue_id`, r.venueId)}`,
  );
  const [m] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${membersIn(scope, r)}) x`);
  return {
    revenueFen: Number(a!.revenue),
    refundFen: Number(a!.refund),
    orders: Number(a!.orders),
    bookings: Number(a!.bookings),
    ticketsSold: Number(a!.tickets),
    cardsSold: Number(a!.cards),
    newMembers: Number(m?.n ?? 0),
  };
}

/** Money and counts per day and item kind (the dashboard's trend and its kinds). */
export async function daysOf(db: Executor, scope: Scope, r: Range): Promise<StatisticsDayRow[]> {
  const rows = await rowsOf<Record<string, string | number>>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, kind, sum(revenue_fen)::bigint as revenue, sum(refund_fen)::bigint as refund, sum(orders)::bigint as orders, sum(items)::bigint as items
          from ${statDaily} where ${inScopeSql(scope, sql`org_id`)} and day between ${r.from} and ${r.to} and ${venueIs(sql`venue_id`, r.venueId)}
         group by 1, 2 order by 1, 2`,
  );
  return rows.map((x) => ({
    day: String(x.day),
    kind: String(x.kind),
    revenueFen: Number(x.revenue),
    refundFen: Number(x.refund),
    orders: Number(x.orders),
    items: Number(x.items),
  }));
}

const REPORT_KEY = {
  day: sql`to_char(d.day, 'YYYY-MM-DD')`,
  month: sql`to_char(d.day, 'YYYY-MM')`,
  kind: sql`d.kind`,
  venue: sql`d.venue_id::text`,
} as const;

/**
 * A report over the aggregates: its rows (figures by its dimension, of its kinds) and their total.
 * A report of deposits or prepaid also reads the days before the range: a balance (`…HeldFen`) is
 * every posting up to a row's last day (a day or month row runs on from the rows before it; a
 * venue or kind row is its own). A row shows when it has business of the report's figures in the
 * range (a venue or kind row also when it still holds a balance).
 */
export async function reportOf(db: Executor, scope: Scope, def: ReportDef & { dimension: KindDimension }, r: Range): Promise<StatisticsReport> {
  const metrics = metricsOf(def);
  const family = metrics.includes('depositInFen') ? 'deposit' : metrics.includes('prepaidInFen') ? 'prepaid' : 'trade';
  const since = family === 'trade' ? sql`d.day between ${r.from} and ${r.to}` : sql`d.day <= ${r.to}`;
  const inRange = (x: SQL) => sql`coalesce(sum(${x}) filter (where d.day >= ${r.from}), 0)::bigint`;
  const rows = await rowsOf<Record<string, string | number | boolean | null>>(
    db,
    sql`select ${REPORT_KEY[def.dimension]} as key, min(v.stadium_name) as label, ${inRange(sql`d.revenue_fen`)} as revenue, ${inRange(sql`d.refund_fen`)} as refund,
               ${inRange(sql`d.orders`)} as orders, ${inRange(sql`d.items`)} as items,
               ${inRange(sql`d.deposit_in_fen`)} as deposit_in, ${inRange(sql`d.deposit_back_fen`)} as deposit_back, ${inRange(sql`d.deposit_kept_fen`)} as deposit_kept,
               ${inRange(sql`d.prepaid_in_fen`)} as prepaid_in, ${inRange(sql`d.prepaid_out_fen`)} as prepaid_out,
               sum(d.deposit_in_fen - d.deposit_back_fen - d.deposit_kept_fen)::bigint as deposit_net, sum(d.prepaid_in_fen - d.prepaid_out_fen)::bigint as prepaid_net,
               coalesce(bool_or(d.revenue_fen <> 0 or d.refund_fen <> 0 or d.payments <> 0 or d.refunds <> 0 or d.orders <> 0 or d.cancelled <> 0 or d.items <> 0)
                 filter (where d.day >= ${r.from}), false) as trade,
               coalesce(bool_or(d.deposit_in_fen <> 0 or d.deposit_back_fen <> 0 or d.deposit_kept_fen <> 0) filter (where d.day >= ${r.from}), false) as deposit,
               coalesce(bool_or(d.prepaid_in_fen <> 0 or d.prepaid_out_fen <> 0) filter (where d.day >= ${r.from}), false) as prepaid
          from ${statDaily} d left join ${venues} v on v.id = d.venue_id
         where ${inScopeSql(scope, sql`d.org_id`)} and ${since} and ${venueIs(sql`d.venue_id`, r.venueId)} and ${kindIs(sql`d.kind`, def.kinds)}
         group by 1 order by 1`,
  );
  const runsOn = def.dimension === 'day' || def.dimension === 'month';
  const held = { deposit: 0, prepaid: 0 };
  const data: StatisticsReportRow[] = [];
  for (const x of rows) {
    const net = { deposit: Number(x.deposit_net), prepaid: Number(x.prepaid_net) };
    held.deposit += net.deposit;
    held.prepaid += net.prepaid;
    const row: StatisticsReportRow = {
      key: String(x.key),
      label: def.dimension === 'venue' && x.label !== null ? String(x.label) : null,
      revenueFen: Number(x.revenue),
      refundFen: Number(x.refund),
      orders: Number(x.orders),
      items: Number(x.items),
      depositInFen: Number(x.deposit_in),
      depositBackFen: Number(x.deposit_back),
      depositKeptFen: Number(x.deposit_kept),
      depositHeldFen: runsOn ? held.deposit : net.deposit,
      prepaidInFen: Number(x.prepaid_in),
      prepaidOutFen: Number(x.prepaid_out),
      prepaidHeldFen: runsOn ? held.prepaid : net.prepaid,
    };
    const holds = family === 'deposit' ? row.depositHeldFen !== 0 : family === 'prepaid' ? row.prepaidHeldFen !== 0 : false;
    if (x[family] === true || (!runsOn && holds)) data.push(row);
  }
  const sum = (k: keyof StatisticsReportRow) => data.reduce((a, row) => a + (row[k] as number), 0);
  const total: StatisticsReportRow = {
    key: 'total',
    label: null,
    revenueFen: sum('revenueFen'),
    refundFen: sum('refundFen'),
    orders: sum('orders'),
    items: sum('items'),
    depositInFen: sum('depositInFen'),
    depositBackFen: sum('depositBackFen'),
    depositKeptFen: sum('depositKeptFen'),
    depositHeldFen: held.deposit,
    prepaidInFen: sum('prepaidInFen'),
    prepaidOutFen: sum('prepaidOutFen'),
    prepaidHeldFen: held.prepaid,
  };
  return { data, total };
}

/** Members registered in the range (by the day in their organisation's time zone); they belong to no venue. */
function membersIn(scope: Scope, r: Range): SQL {
  return sql`select ${dayOf(sql`m.created_at`)} as day, m.org_id, null::bigint as venue_id, m.member_no as ref, null as order_no, m.kind as kind, m.name as name, 0 as fen, 1 as qty
    from ${members} m join ${orgs} z on z.id = m.org_id
   where ${inScopeSql(scope, sql`m.org_id`)} and ${dayOf(sql`m.created_at`)} between ${r.from} and ${r.to}`;
}

/** The lines a metric adds up, from the same rows the aggregates are kept from. */
function linesOf(metric: string, scope: Scope, r: Range): SQL {
  if (r.dim) return dimLinesOf(metric, scope, r, r.dim);
  const ledger = (txnKind: 'payment' | 'refund') => {
    const doc = txnKind === 'payment' ? sql`p.payment_no` : sql`r.refund_no`;
    const docJoin = txnKind === 'payment' ? sql`join ${payments} p on p.id = le.payment_id` : sql`join ${refunds} r on r.id = le.refund_id`;
    const kindIs = txnKind === 'payment' ? sql`le.txn_kind = 'payment'` : sql`le.txn_kind <> 'payment'`;
    return sql`select to_char(le.business_day, 'YYYY-MM-DD') as day, le.org_id, o.venue_id, ${doc} as ref, o.order_no, min(le.account) as kind,
                      min(o.item_summary) as name, sum(le.amount_fen)::bigint as fen, 1 as qty
        from ${ledgerEntries} le ${docJoin} left join ${orders} o on o.id = le.order_id
       where ${MONEY_ENTRY} and ${kindIs} and ${inScopeSql(scope, sql`le.org_id`)}
         and le.business_day between ${r.from} and ${r.to} and ${venueIs(sql`coalesce(o.venue_id, 0)`, r.venueId)}
       group by le.business_day, le.org_id, o.venue_id, ${doc}, o.order_no`;
  };
  const paidFrom = sql`${orders} o join ${orgs} z on z.id = o.org_id`;
  const paidWhere = sql`o.paid_at is not null and ${inScopeSql(scope, sql`o.org_id`)} and ${dayOf(sql`o.paid_at`)} between ${r.from} and ${r.to}
       and ${venueIs(sql`coalesce(o.venue_id, 0)`, r.venueId)}`;
  /** A payment's or refund's share of the range's kinds, as the aggregates split it. */
  const shares = (back: boolean) => sql`
    select to_char(s.day, 'YYYY-MM-DD') as day, s.org_id, nullif(s.venue_id, 0) as venue_id, coalesce(p.payment_no, f.refund_no) as ref, o.order_no, s.kind,
           o.item_summary as name, s.fen::bigint as fen, 1 as qty
      from (${moneyShares(scope, sql`le.business_day between ${r.from} and ${r.to} and ${back ? sql`le.txn_kind <> 'payment'` : sql`le.txn_kind = 'payment'`}`)}) s
      left join ${payments} p on p.id = s.payment_id left join ${refunds} f on f.id = s.refund_id left join ${orders} o on o.id = s.order_id
     where ${kindIs(sql`s.kind`, r.kinds)} and ${venueIs(sql`s.venue_id`, r.venueId)}`;
  const firstKind = sql`(select oi.kind from ${orderItems} oi where oi.order_id = o.id order by oi.line_no limit 1)`;
  if ((LIABILITY_METRICS as readonly string[]).includes(metric)) {
    // A deposit or prepaid figure's ledger entries, as the aggregates add them; a balance's every entry up to the last day.
    const fen = LIABILITY_FEN[metric as LiabilityMetric];
    const days = metric.endsWith('HeldFen') ? sql`le.business_day <= ${r.to}` : sql`le.business_day between ${r.from} and ${r.to}`;
    return sql`select to_char(le.business_day, 'YYYY-MM-DD') as day, le.org_id, o.venue_id, le.txn_no as ref, o.order_no, le.account as kind, o.item_summary as name,
                      (${fen})::bigint as fen, 1 as qty
        from ${ledgerEntries} le left join ${orders} o on o.id = le.order_id
       where ${LIABILITY_ENTRY} and (${fen}) <> 0 and ${inScopeSql(scope, sql`le.org_id`)} and ${days}
         and ${venueIs(sql`coalesce(o.venue_id, 0)`, r.venueId)} and ${kindIs(entryKind, r.kinds)}`;
  }
  switch (metric) {
    case 'revenueFen':
      return r.kinds ? shares(false) : ledger('payment');
    case 'refundFen':
      return r.kinds ? shares(true) : ledger('refund');
    case 'orders':
      return sql`select ${dayOf(sql`o.paid_at`)} as day, o.org_id, o.venue_id, o.order_no as ref, o.order_no, o.type as kind, o.item_summary as name, o.payable_fen as fen, 1 as qty
        from ${paidFrom} where ${paidWhere} and ${kindIs(firstKind, r.kinds)}`;
    case 'newMembers':
      return membersIn(scope, r);
    default: {
      const kinds = metric === 'items' ? r.kinds : KINDS_OF[metric as keyof typeof KINDS_OF];
      return sql`select ${dayOf(sql`o.paid_at`)} as day, o.org_id, o.venue_id, o.order_no as ref, o.order_no, oi.kind, oi.name, oi.amount_fen as fen, oi.quantity as qty
        from ${paidFrom} join ${orderItems} oi on oi.order_id = o.id
       where ${paidWhere} and ${kindIs(sql`oi.kind`, kinds)}`;
    }
  }
}

const lineOf = (x: Record<string, string | number | null>): StatisticsDrillLine => ({
  day: String(x.day),
  orgId: Number(x.org_id),
  stadiumId: x.venue_id === null ? null : Number(x.venue_id),
  ref: String(x.ref),
  orderNo: x.order_no === null ? null : String(x.order_no),
  kind: x.kind === null ? null : String(x.kind),
  name: x.name === null ? null : String(x.name),
  amountFen: Number(x.fen),
  quantity: Number(x.qty),
});

/**
 * Every line of a metric, `batch` at a time through a cursor (one plan, not a page offset per
 * batch: an export of a million lines), in the caller's transaction.
 */
export async function eachDrillBatch(
  tx: Executor,
  scope: Scope,
  metric: string,
  r: Range,
  batch: number,
  take: (lines: StatisticsDrillLine[]) => Promise<void>,
): Promise<void> {
  await tx.execute(sql`declare stats_lines no scroll cursor for select * from (${linesOf(metric, scope, r)}) x order by day, ref, kind`);
  for (;;) {
    const rows = await rowsOf<Record<string, string | number | null>>(tx, sql.raw(`fetch ${Math.trunc(batch)} from stats_lines`));
    if (!rows.length) break;
    await take(rows.map(lineOf));
  }
  await tx.execute(sql`close stats_lines`);
}

/** How many lines a metric has (what `eachDrillBatch` will read, in the same transaction). */
export async function countDrillLines(tx: Executor, scope: Scope, metric: string, r: Range): Promise<number> {
  const [t] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from (${linesOf(metric, scope, r)}) x`);
  return Number(t!.n);
}

export async function drillOf(
  db: Executor,
  scope: Scope,
  metric: string,
  r: Range,
  pageNum: number,
  pageSize: number,
): Promise<{ total: number; sumFen: number; sumQuantity: number; data: StatisticsDrillLine[] }> {
  const lines = linesOf(metric, scope, r);
  const [t] = await rowsOf<{ n: number; fen: string | number; qty: string | number }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(fen), 0)::bigint as fen, coalesce(sum(qty), 0)::bigint as qty from (${lines}) x`,
  );
  const rows = await rowsOf<Record<string, string | number | null>>(
    db,
    sql`select * from (${lines}) x order by day, ref, kind limit ${pageSize} offset ${(pageNum - 1) * pageSize}`,
  );
  return {
    total: Number(t!.n),
    sumFen: Number(t!.fen),
    sumQuantity: Number(t!.qty),
    data: rows.map(lineOf),
  };
}
