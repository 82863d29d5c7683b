import { and, count, eq, sql, sum, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScope, type Scope } from '../../../platform/scope.ts';
import { payments, refundLegs, refunds } from './commerce.table.ts';

export interface TakingsRow {
  day: string;
  method: string;
  takenFen: number;
  refundedFen: number;
  payments: number;
  refunds: number;
}

/**
 * Money taken (succeeded payments, by when they succeeded) and paid back (succeeded refund legs, by
 * when they completed), per business day of `timeZone` and payment method, over the days
 * `[dayFrom, dayTo]`: one query over both tables (the capital flow's takings view and the home card).
 */
export async function takingsByDay(db: Executor, scope: Scope, timeZone: string, dayFrom: string, dayTo: string): Promise<TakingsRow[]> {
  const from = sql`((${dayFrom})::date::timestamp at time zone ${timeZone})`;
  const to = sql`(((${dayTo})::date + 1)::timestamp at time zone ${timeZone})`;
  const dayOf = (col: AnyColumn) => sql`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const paidScope = inScope(scope, payments.orgId) ?? sql`true`;
  const backScope = inScope(scope, refundLegs.orgId) ?? sql`true`;
  const res = (await db.execute(sql`
    select day, method, sum(taken)::bigint as taken, sum(back)::bigint as back, sum(np)::int as np, sum(nr)::int as nr from (
      select ${dayOf(payments.succeededAt)} as day, ${payments.method} as method, ${payments.amountFen} as taken, 0 as back, 1 as np, 0 as nr
        from ${payments}
        where ${payments.state} = 'succeeded' and ${payments.succeededAt} >= ${from} and ${payments.succeededAt} < ${to} and ${paidScope}
      union all
      select ${dayOf(refundLegs.completedAt)}, ${refundLegs.method}, 0, ${refundLegs.amountFen}, 0, 1
        from ${refundLegs}
        where ${refundLegs.state} = 'succeeded' and ${refundLegs.completedAt} >= ${from} and ${refundLegs.completedAt} < ${to} and ${backScope}
    ) x group by day, method order by day, method`)) as unknown as {
    rows: { day: string; method: string; taken: string | number; back: string | number; np: number; nr: number }[];
  };
  return res.rows.map((r) => ({
    day: r.day,
    method: r.method,
    takenFen: Number(r.taken),
    refundedFen: Number(r.back),
    payments: Number(r.np),
    refunds: Number(r.nr),
  }));
}

/** Refunds applied for and waiting for a reviewer: how many, and how much they ask. */
export async function refundsAwaitingReview(db: Executor, scope: Scope): Promise<{ count: number; amountFen: number }> {
  const [row] = await db
    .select({ n: count(), fen: sum(refunds.amountFen) })
    .from(refunds)
    .where(and(eq(refunds.state, 'applied'), inScope(scope, refunds.orgId)));
  return { count: Number(row?.n ?? 0), amountFen: Number(row?.fen ?? 0) };
}
