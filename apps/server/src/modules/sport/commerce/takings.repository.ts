import { and, eq, gte, lt, min, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScope, type Scope } from '../../../platform/scope.ts';
import { payments, refundLegs, refunds } from './commerce.table.ts';

/**
 * What an operator's drawer saw (front-desk shifts, venue module): the money they took and the
 * money paid back through them, by moment. A refund leg is the operator's when they applied for the
 * refund; an automatic one (an overpayment given back) is the operator's who took the payment.
 */

/** The operator of a refund leg: who applied for the refund, else who took the payment it goes back through. */
const legOperator = sql<
  number | null
>`coalesce(${refunds.appliedBy}, (select ${payments.operatorId} from ${payments} where ${payments.id} = ${refundLegs.paymentId}))`;

function paidWhere(scope: Scope, orgId: number, userId: number, from: Date, to?: Date): SQL | undefined {
  return and(
    inScope(scope, payments.orgId),
    eq(payments.orgId, orgId),
    eq(payments.operatorId, userId),
    eq(payments.state, 'succeeded'),
    gte(payments.succeededAt, from),
    to ? lt(payments.succeededAt, to) : undefined,
  );
}

function backWhere(scope: Scope, orgId: number, userId: number, from: Date, to?: Date): SQL | undefined {
  return and(
    inScope(scope, refundLegs.orgId),
    eq(refundLegs.orgId, orgId),
    sql`${legOperator} = ${userId}`,
    eq(refundLegs.state, 'succeeded'),
    gte(refundLegs.completedAt, from),
    to ? lt(refundLegs.completedAt, to) : undefined,
  );
}

/** What an operator took in `[from, to)`: succeeded payments by method, less refund legs paid back through them. */
export async function drawerTakings(db: Executor, scope: Scope, orgId: number, userId: number, from: Date, to: Date): Promise<Record<string, number>> {
  const [paid, back] = await Promise.all([
    db
      .select({ method: payments.method, fen: sql<string>`sum(${payments.amountFen})` })
      .from(payments)
      .where(paidWhere(scope, orgId, userId, from, to))
      .groupBy(payments.method),
    db
      .select({ method: refundLegs.method, fen: sql<string>`sum(${refundLegs.amountFen})` })
      .from(refundLegs)
      .innerJoin(refunds, eq(refunds.id, refundLegs.refundId))
      .where(backWhere(scope, orgId, userId, from, to))
      .groupBy(refundLegs.method),
  ]);
  const out: Record<string, number> = {};
  for (const p of paid) out[p.method] = (out[p.method] ?? 0) + Number(p.fen);
  for (const b of back) out[b.method] = (out[b.method] ?? 0) - Number(b.fen);
  return out;
}

/** The moment of the operator's first payment taken or refund paid back at or after `from` (undefined: none). */
export async function firstMovementSince(db: Executor, scope: Scope, orgId: number, userId: number, from: Date): Promise<Date | undefined> {
  const [[paid], [back]] = await Promise.all([
    db
      .select({ at: min(payments.succeededAt) })
      .from(payments)
      .where(paidWhere(scope, orgId, userId, from)),
    db
      .select({ at: min(refundLegs.completedAt) })
      .from(refundLegs)
      .innerJoin(refunds, eq(refunds.id, refundLegs.refundId))
      .where(backWhere(scope, orgId, userId, from)),
  ]);
  const times = [paid?.at, back?.at].filter((d): d is Date => d instanceof Date || typeof d === 'string').map((d) => new Date(d));
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : undefined;
}
