import { sql, type SQL } from 'drizzle-orm';
import { PREPAID_ACCOUNTS, type CardUsageMetric, type CardUsageStatsReport, type CardUsageStatsRow } from '@venue/contract';
import type { Executor } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { orgs } from '../../system/index.ts';
import { cardUsesOf } from '../card/index.ts';
import { ledgerEntries } from '../commerce/index.ts';
import { venues } from '../venue/index.ts';
import { listOf, rowsOf, venueIs } from './statistics.repository.ts';

/** The uses a card usage figure reads: business days, a venue (0: none), a card type. */
export interface CardUsageRange {
  from: string;
  to: string;
  venueId?: number;
  typeId?: number;
}

/**
 * Each use of a card (the cards module's set) with its value: what the ledger's prepaid accounts
 * were debited by it. A payment by card is the payment's own debit (of `balance` for a stored-value
 * card, `prepaid` for a times card); a times card's check-in is the `prepaid` debit its transaction
 * posted on the card's sale order (the use's share of the price). A period card's uses move no money.
 */
function usesOf(scope: Scope, r: CardUsageRange): SQL {
  return sql`
    select u.*, coalesce((
             select sum(le.amount_fen) from ${ledgerEntries} le
              where le.org_id = u.org_id and le.txn_kind = 'payment' and le.side = 'debit' and le.account in (${listOf(PREPAID_ACCOUNTS)})
                and case when u.used_for = 'pay' then le.order_id = u.order_id and le.payment_id = u.payment_id
                         else le.order_id = u.sale_order_id and le.payment_id is null and le.created_at = u.at end), 0)::bigint as fen
      from (${cardUsesOf(scope, { from: r.from, to: r.to, typeId: r.typeId })}) u
     where ${venueIs(sql`coalesce(u.venue_id, 0)`, r.venueId)}`;
}

const num = (v: unknown) => Number(v ?? 0);

/** Uses by month and card type over the range, and their total (members distinct over the range). */
export async function cardUsageOf(db: Executor, scope: Scope, r: CardUsageRange): Promise<CardUsageStatsReport> {
  const uses = usesOf(scope, r);
  const [rows, [total]] = await Promise.all([
    rowsOf<Record<string, string | number>>(
      db,
      sql`select left(u.day, 7) as month, u.type_id, min(u.type_name) as type_name, min(u.card_kind) as card_kind, count(*)::int as uses,
                 sum(u.times)::bigint as times, sum(u.fen)::bigint as fen, count(distinct u.member_id)::int as members
            from (${uses}) u group by 1, 2 order by 1, 3, 2`,
    ),
    rowsOf<Record<string, string | number>>(
      db,
      sql`select count(*)::int as uses, coalesce(sum(u.times), 0)::bigint as times, coalesce(sum(u.fen), 0)::bigint as fen,
                 count(distinct u.member_id)::int as members from (${uses}) u`,
    ),
  ]);
  const data = rows.map((x): CardUsageStatsRow => ({
    month: String(x.month),
    typeId: num(x.type_id),
    typeName: String(x.type_name),
    cardKind: String(x.card_kind) as CardUsageStatsRow['cardKind'],
    uses: num(x.uses),
    times: num(x.times),
    valueFen: num(x.fen),
    members: num(x.members),
  }));
  return { data, total: { uses: num(total?.uses), times: num(total?.times), valueFen: num(total?.fen), members: num(total?.members) } };
}

/** A line as the repository reads it (the phone whole: the service masks it for the caller). */
export interface CardUsageLineRow {
  day: string;
  time: string;
  orgId: number;
  stadiumId: number | null;
  stadiumName: string | null;
  cardNo: string;
  typeName: string;
  memberName: string | null;
  memberPhone: string | null;
  usedFor: 'checkin' | 'pay' | null;
  detail: string | null;
  orderNo: string | null;
  uses: number;
  times: number;
  amountFen: number;
}

/**
 * The lines a figure adds up, from the same uses as the figures: every use (`uses`), those that
 * took uses off a times card (`times`) or value off a prepaid account (`valueFen`), each once; or
 * one line per member with their uses in all (`members`). Times are local to the organisation.
 */
function linesOf(scope: Scope, metric: CardUsageMetric, r: CardUsageRange): SQL {
  const uses = usesOf(scope, r);
  const local = (at: SQL, fmt: string) => sql`to_char(${at} at time zone z.time_zone, ${fmt})`;
  if (metric === 'members') {
    return sql`
      select ${local(sql`max(u.at)`, 'YYYY-MM-DD')} as day, ${local(sql`max(u.at)`, 'HH24:MI:SS')} as time, min(u.org_id) as org_id,
             null::bigint as venue_id, null::text as stadium_name,
             string_agg(distinct u.card_no, ', ' order by u.card_no) as card_no, string_agg(distinct u.type_name, ', ' order by u.type_name) as type_name,
             min(u.member_name) as member_name, min(u.member_phone) as member_phone, null::text as used_for, null::text as detail, null::text as order_no,
             count(*)::int as uses, sum(u.times)::bigint as times, sum(u.fen)::bigint as fen, max(u.at) as sort_at, min(u.id) as sort_id
        from (${uses}) u join ${orgs} z on z.id = u.org_id
       group by u.member_id, z.time_zone`;
  }
  const only = metric === 'times' ? sql`u.times > 0` : metric === 'valueFen' ? sql`u.fen > 0` : sql`true`;
  return sql`
    select u.day, ${local(sql`u.at`, 'HH24:MI:SS')} as time, u.org_id, u.venue_id, v.stadium_name, u.card_no, u.type_name, u.member_name, u.member_phone,
           u.used_for, u.detail, u.order_no, 1 as uses, u.times, u.fen, u.at as sort_at, u.id as sort_id
      from (${uses}) u join ${orgs} z on z.id = u.org_id left join ${venues} v on v.id = u.venue_id
     where ${only}`;
}
const ORDER = sql`order by sort_at, sort_id`;

const lineOf = (x: Record<string, string | number | null>): CardUsageLineRow => ({
  day: String(x.day),
  time: String(x.time),
  orgId: num(x.org_id),
  stadiumId: x.venue_id === null ? null : num(x.venue_id),
  stadiumName: x.stadium_name === null ? null : String(x.stadium_name),
  cardNo: String(x.card_no),
  typeName: String(x.type_name),
  memberName: x.member_name === null ? null : String(x.member_name),
  memberPhone: x.member_phone === null ? null : String(x.member_phone),
  usedFor: x.used_for === null ? null : (String(x.used_for) as 'checkin' | 'pay'),
  detail: x.detail === null ? null : String(x.detail),
  orderNo: x.order_no === null ? null : String(x.order_no),
  uses: num(x.uses),
  times: num(x.times),
  amountFen: num(x.fen),
});

/** A page of a figure's lines, with their count and sums over every page. */
export async function cardUsageLines(
  db: Executor,
  scope: Scope,
  metric: CardUsageMetric,
  r: CardUsageRange,
  pageNum: number,
  pageSize: number,
): Promise<{ total: number; sumUses: number; sumTimes: number; sumFen: number; rows: CardUsageLineRow[] }> {
  const lines = linesOf(scope, metric, r);
  const [[t], rows] = await Promise.all([
    rowsOf<Record<string, string | number>>(
      db,
      sql`select count(*)::int as n, coalesce(sum(uses), 0)::bigint as uses, coalesce(sum(times), 0)::bigint as times, coalesce(sum(fen), 0)::bigint as fen
            from (${lines}) x`,
    ),
    rowsOf<Record<string, string | number | null>>(db, sql`select * from (${lines}) x ${ORDER} limit ${pageSize} offset ${(pageNum - 1) * pageSize}`),
  ]);
  return { total: num(t?.n), sumUses: num(t?.uses), sumTimes: num(t?.times), sumFen: num(t?.fen), rows: rows.map(lineOf) };
}

/** How many lines a figure has (what `eachCardUsageBatch` will read, in the same transaction). */
export async function countCardUsageLines(tx: Executor, scope: Scope, metric: CardUsageMetric, r: CardUsageRange): Promise<number> {
  const [t] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from (${linesOf(scope, metric, r)}) x`);
  return num(t?.n);
}

/** Every line of a figure, `batch` at a time through a cursor, in the caller's transaction (an export). */
export async function eachCardUsageBatch(
  tx: Executor,
  scope: Scope,
  metric: CardUsageMetric,
  r: CardUsageRange,
  batch: number,
  take: (lines: CardUsageLineRow[]) => Promise<void>,
): Promise<void> {
  await tx.execute(sql`declare card_usage_lines no scroll cursor for select * from (${linesOf(scope, metric, r)}) x ${ORDER}`);
  for (;;) {
    const rows = await rowsOf<Record<string, string | number | null>>(tx, sql.raw(`fetch ${Math.trunc(batch)} from card_usage_lines`));
    if (!rows.length) break;
    await take(rows.map(lineOf));
  }
  await tx.execute(sql`close card_usage_lines`);
}
