import { sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScopeSql, type Scope } from '../../../platform/scope.ts';
import { ledgerEntries, orderItems, orders, payments } from './commerce.table.ts';

/** One venue's capital flow of one business day, as the ledger holds it (the daily close reads it). */
export interface VenueDayFlow {
  /** Money in less money out per payment method (fen). */
  byMethod: Record<string, number>;
  /** The same money per item kind sold: each order's share split over its lines in proportion to their amounts. */
  byKind: Record<string, number>;
  /** The ledger entries counted: their id range and number (a close keeps them as its reference). */
  ledger: { firstId: number | null; lastId: number | null; entries: number };
}

/** Splits `total` over `weights` in proportion, largest remainder first, so the parts add up to the whole. */
export function splitByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.trunc(x));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: Math.abs(x - Math.trunc(x)) })).sort((a, b) => b.r - a.r || a.i - b.i);
  const step = Math.sign(left);
  for (let k = 0; left !== 0; k++, left -= step) parts[order[k % order.length]!.i]! += step;
  return parts;
}

/**
 * The payments' money-account entries (debits) and the refunds' (credits) of `day` for orders sold
 * at the venue: the same entries the capital flow lists for that business day, so the close equals
 * the ledger to the fen. A refund counts on the day it was paid back, whatever day it undoes.
 */
export async function venueDayFlow(db: Executor, scope: Scope, orgId: number, venueId: number, day: string): Promise<VenueDayFlow> {
  const res = (await db.execute(sql`
    select ${payments.method} as method, ${ledgerEntries.orderId} as order_id,
           sum(case when ${ledgerEntries.side} = 'debit' then ${ledgerEntries.amountFen} else -${ledgerEntries.amountFen} end)::bigint as fen,
           min(${ledgerEntries.id})::bigint as first_id, max(${ledgerEntries.id})::bigint as last_id, count(*)::int as n
      from ${ledgerEntries}
      join ${orders} on ${orders.id} = ${ledgerEntries.orderId} and ${orders.orgId} = ${ledgerEntries.orgId}
      join ${payments} on ${payments.id} = ${ledgerEntries.paymentId}
     where ${ledgerEntries.orgId} = ${orgId} and ${inScopeSql(scope, ledgerEntries.orgId)}
       and ${ledgerEntries.businessDay} = ${day} and ${orders.venueId} = ${venueId}
       and ((${ledgerEntries.txnKind} = 'payment' and ${ledgerEntries.side} = 'debit')
         or (${ledgerEntries.txnKind} = 'refund' and ${ledgerEntries.side} = 'credit'))
     group by 1, 2`)) as unknown as {
    rows: { method: string; order_id: string | number; fen: string | number; first_id: string; last_id: string; n: number }[];
  };
  const byMethod: Record<string, number> = {};
  const perOrder = new Map<number, number>();
  let firstId: number | null = null;
  let lastId: number | null = null;
  let entries = 0;
  for (const r of res.rows) {
    const fen = Number(r.fen);
    byMethod[r.method] = (byMethod[r.method] ?? 0) + fen;
    perOrder.set(Number(r.order_id), (perOrder.get(Number(r.order_id)) ?? 0) + fen);
    firstId = firstId === null ? Number(r.first_id) : Math.min(firstId, Number(r.first_id));
    lastId = lastId === null ? Number(r.last_id) : Math.max(lastId, Number(r.last_id));
    entries += Number(r.n);
  }
  const byKind: Record<string, number> = {};
  if (perOrder.size) {
    const lines = (await db.execute(sql`
      select ${orderItems.orderId} as order_id, ${orderItems.kind} as kind, sum(${orderItems.amountFen})::bigint as fen
        from ${orderItems}
       where ${orderItems.orgId} = ${orgId} and ${orderItems.orderId} = any(${`{${[...perOrder.keys()].join(',')}}`}::bigint[])
       group by 1, 2 order by 1, 2`)) as unknown as { rows: { order_id: string | number; kind: string; fen: string | number }[] };
    const kindsOf = new Map<number, { kind: string; fen: number }[]>();
    for (const l of lines.rows) kindsOf.set(Number(l.order_id), [...(kindsOf.get(Number(l.order_id)) ?? []), { kind: l.kind, fen: Number(l.fen) }]);
    for (const [orderId, fen] of perOrder) {
      const kinds = kindsOf.get(orderId) ?? [{ kind: 'other', fen: 1 }];
      splitByWeight(
        fen,
        kinds.map((k) => k.fen),
      ).forEach((part, i) => (byKind[kinds[i]!.kind] = (byKind[kinds[i]!.kind] ?? 0) + part));
    }
  }
  return { byMethod, byKind, ledger: { firstId, lastId, entries } };
}
