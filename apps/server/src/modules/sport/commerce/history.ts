import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, type Scope } from '../../../platform/scope.ts';
import { itemKindOf } from './item-kinds.ts';
import { accountOfMethod } from './ledger.ts';
import { dayOf, timeZoneOf } from './money.ts';
import { isOrderType } from './order.service.ts';

/** One line of a past sale, as it was sold. */
export interface PastLine {
  kind: string;
  /** What the kind sells (a site, a class …), as a live line of the kind names it. */
  refId: number | null;
  name: string;
  quantity: number;
  unitPriceFen: number;
}

/** A sale that happened before today: paid in full by one method, and used. */
export interface PastSale {
  /** Its business day, `yyyy-MM-dd` in the organisation's zone, before today. */
  day: string;
  /** When on that day it was paid, in minutes after local midnight. */
  minute: number;
  venueId: number | null;
  type: string;
  channel: string;
  member?: { id: number; name: string; phone: string | null };
  lines: PastLine[];
  method: string;
}

const METHOD_FLOW: Record<string, { flow: string; provider: string | null }> = {
  cash: { flow: 'direct', provider: null },
  transfer: { flow: 'direct', provider: null },
  alipay: { flow: 'barcode', provider: 'alipay' },
  wechat: { flow: 'barcode', provider: 'wechat' },
};

/**
 * Writes sales that happened before today in bulk (the demo's months of business, an import of
 * what a venue sold before it used the console): each an order already paid and used, its lines,
 * its payment and the payment's ledger posting (the method's account debited, `sales` credited),
 * as the live path leaves them. One statement in one transaction, whatever the count. Nothing is
 * held and no event is sent: the statistics rebuild reads them from the ledger. Only days before
 * today: today's business goes through the live path, whose holds and events others depend on.
 * Answers the orders written.
 */
export async function importPastSales(db: Executor, scope: Scope, orgId: number, sales: readonly PastSale[]): Promise<number> {
  if (!sales.length) return 0;
  await assertInScope(db, scope, [orgId]);
  const today = await dayOf(db, orgId);
  const rows = sales.map((s, i) => {
    const way = METHOD_FLOW[s.method];
    if (!way) throw new Error(`past sale ${i}: method ${s.method} is not one a past sale is paid by`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s.day) || s.day >= today) throw new Error(`past sale ${i}: day ${s.day} is not before ${today}`);
    if (!Number.isInteger(s.minute) || s.minute < 0 || s.minute >= 24 * 60) throw new Error(`past sale ${i}: minute ${s.minute}`);
    if (!isOrderType(s.type)) throw new Error(`past sale ${i}: no order type ${s.type}`);
    if (!s.lines.length) throw new Error(`past sale ${i}: no lines`);
    for (const l of s.lines) {
      if (!itemKindOf(l.kind)?.orderTypes.includes(s.type)) throw new Error(`past sale ${i}: kind ${l.kind} is not sold in ${s.type} orders`);
      if (!Number.isInteger(l.quantity) || l.quantity <= 0 || !Number.isInteger(l.unitPriceFen) || l.unitPriceFen <= 0)
        throw new Error(`past sale ${i}: line ${l.name} has no positive quantity and price`);
    }
    return {
      day: s.day,
      minute: s.minute,
      venueId: s.venueId,
      type: s.type,
      channel: s.channel,
      memberId: s.member?.id ?? null,
      buyerName: s.member?.name ?? null,
      buyerPhone: s.member?.phone ?? null,
      method: s.method,
      flow: way.flow,
      provider: way.provider,
      account: accountOfMethod(s.method),
      lines: s.lines,
    };
  });
  const tz = await timeZoneOf(db, orgId);
  const res = (await db.execute(sql`
    with r as materialized (
      select s.*, (s.day::timestamp + make_interval(mins => s.minute)) at time zone ${tz} as at,
             to_char(s.day::timestamp + make_interval(mins => s.minute), 'YYYYMMDDHH24MISS') as stamp,
             (select sum((l ->> 'quantity')::bigint * (l ->> 'unitPriceFen')::bigint) from jsonb_array_elements(s.lines) l) as total,
             (select string_agg(x.l ->> 'name', '、' order by x.line_no) from jsonb_array_elements(s.lines) with ordinality x(l, line_no)) as summary
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(day date, minute int, "venueId" bigint, type text, channel text, "memberId" bigint,
             "buyerName" text, "buyerPhone" text, method text, flow text, provider text, account text, lines jsonb)
    ), n as materialized (
      select r.*, r.stamp || lpad((nextval('sport_doc_no_seq') % 1000000)::text, 6, '0') as order_no,
             'P' || r.stamp || lpad((nextval('sport_doc_no_seq') % 1000000)::text, 6, '0') as payment_no
        from r
    ), o as (
      insert into sport_order (org_id, order_no, type, venue_id, buyer_kind, member_id, buyer_name, buyer_phone, channel,
                               total_fen, discount_fen, payable_fen, paid_fen, refunded_fen, state, item_summary, created_at, paid_at, completed_at)
      select ${orgId}, n.order_no, n.type, n."venueId", case when n."memberId" is null then 'walkin' else 'member' end, n."memberId", n."buyerName", n."buyerPhone",
             n.channel, n.total, 0, n.total, n.total, 0, 'completed', left(n.summary, 200), n.at, n.at, n.at
        from n
      returning id, order_no
    ), i as (
      insert into sport_order_item (org_id, order_id, line_no, kind, ref_id, name, quantity, unit_price_fen, discount_fen, amount_fen)
      select ${orgId}, o.id, x.line_no, x.l ->> 'kind', (x.l ->> 'refId')::bigint, left(x.l ->> 'name', 64), (x.l ->> 'quantity')::int,
             (x.l ->> 'unitPriceFen')::bigint, 0, (x.l ->> 'quantity')::bigint * (x.l ->> 'unitPriceFen')::bigint
        from o join n on n.order_no = o.order_no cross join jsonb_array_elements(n.lines) with ordinality x(l, line_no)
    ), p as (
      insert into sport_payment (org_id, order_id, payment_no, method, flow, provider, amount_fen, state, created_at, succeeded_at)
      select ${orgId}, o.id, n.payment_no, n.method, n.flow, n.provider, n.total, 'succeeded', n.at, n.at
        from o join n on n.order_no = o.order_no
      returning id, order_id, payment_no, amount_fen
    )
    insert into sport_ledger_entry (org_id, txn_no, txn_kind, account, side, amount_fen, order_id, payment_id, business_day)
    select ${orgId}, p.payment_no, 'payment', a.account, a.side, p.amount_fen, p.order_id, p.id, n.day
      from p join n on n.payment_no = p.payment_no cross join lateral (values (n.account, 'debit'), ('sales', 'credit')) a(account, side)`)) as unknown as {
    rowCount?: number | null;
  };
  return Math.round((res.rowCount ?? 0) / 2);
}
