import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScopeSql, type Scope } from '../../../platform/scope.ts';
import { splitByWeight } from './dayflow.repository.ts';
import { ledgerEntries, orderItems, orders, payments } from './commerce.table.ts';

/** One venue's money over a run of business days, per item kind: money taken and money paid back (fen, both positive). */
export interface VenuePeriodFlow {
  byKind: Record<string, { grossFen: number; refundFen: number }>;
  /** Money in less money out per payment method, as the daily close counts it. */
  byMethod: Record<string, number>;
  ledger: { firstId: number | null; lastId: number | null; entries: number };
}

/**
 * The same ledger entries as `venueDayFlow` (payment debits and refund credits of money accounts,
 * for orders sold at the venue), for the business days `fromDay`..`toDay`: gross and refunds kept
 * apart, each order's split over its lines' item kinds in proportion to their amounts (largest
 * remainder), so the kinds add up to the ledger.
 */
export async function venuePeriodFlow(db: Executor, scope: Scope, orgId: number, venueId: number, fromDay: string, toDay: string): Promise<VenuePeriodFlow> {
  const res = (await db.execute(sql`
    select ${payments.method} as method, ${ledgerEntries.orderId} as order_id, ${ledgerEntries.txnKind} as txn,
           sum(${ledgerEntries.amountFen})::bigint as fen,
           min(${ledgerEntries.id})::bigint as first_id, max(${ledgerEntries.id})::bigint as last_id, count(*)::int as n
      from ${ledgerEntries}
      join ${orders} on ${orders.id} = ${ledgerEntries.orderId} and ${orders.orgId} = ${ledgerEntries.orgId}
      join ${payments} on ${payments.id} = ${ledgerEntries.paymentId}
     where ${ledgerEntries.orgId} = ${orgId} and ${inScopeSql(scope, ledgerEntries.orgId)}
       and ${ledgerEntries.businessDay} between ${fromDay} and ${toDay} and ${orders.venueId} = ${venueId}
       and ((${ledgerEntries.txnKind} = 'payment' and ${ledgerEntries.side} = 'debit')
         or (${ledgerEntries.txnKind} = 'refund' and ${ledgerEntries.side} = 'credit'))
     group by 1, 2, 3`)) as unknown as {
    rows: { method: string; order_id: string | number; txn: string; fen: string | number; first_id: string; last_id: string; n: number }[];
  };
  const byMethod: Record<string, number> = {};
  const perOrder = new Map<number, { gross: number; refund: number }>();
  let firstId: number | null = null;
  let lastId: number | null = null;
  let entries = 0;
  for (const r of res.rows) {
    const fen = Number(r.fen);
    const refund = r.txn === 'refund';
    byMethod[r.method] = (byMethod[r.method] ?? 0) + (refund ? -fen : fen);
    const o = perOrder.get(Number(r.order_id)) ?? { gross: 0, refund: 0 };
    if (refund) o.refund += fen;
    else o.gross += fen;
    perOrder.set(Number(r.order_id), o);
    firstId = firstId === null ? Number(r.first_id) : Math.min(firstId, Number(r.first_id));
    lastId = lastId === null ? Number(r.last_id) : Math.max(lastId, Number(r.last_id));
    entries += Number(r.n);
  }
  const byKind: VenuePeriodFlow['byKind'] = {};
  if (perOrder.size) {
    const lines = (await db.execute(sql`
      select ${orderItems.orderId} as order_id, ${orderItems.kind} as kind, sum(${orderItems.amountFen})::bigint as fen
        from ${orderItems}
       where ${orderItems.orgId} = ${orgId} and ${orderItems.orderId} = any(${`{${[...perOrder.keys()].join(',')}}`}::bigint[])
       group by 1, 2 order by 1, 2`)) as unknown as { rows: { order_id: string | number; kind: string; fen: string | number }[] };
    const kindsOf = new Map<number, { kind: string; fen: number }[]>();
    for (const l of lines.rows) kindsOf.set(Number(l.order_id), [...(kindsOf.get(Number(l.order_id)) ?? []), { kind: l.kind, fen: Number(l.fen) }]);
    for (const [orderId, money] of perOrder) {
      const kinds = kindsOf.get(orderId) ?? [{ kind: 'other', fen: 1 }];
      const weights = kinds.map((k) => k.fen);
      const gross = splitByWeight(money.gross, weights);
      const refund = splitByWeight(money.refund, weights);
      kinds.forEach((k, i) => {
        const line = (byKind[k.kind] ??= { grossFen: 0, refundFen: 0 });
        line.grossFen += gross[i]!;
        line.refundFen += refund[i]!;
      });
    }
  }
  return { byKind, byMethod, ledger: { firstId, lastId, entries } };
}
