import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { orderItemAdjustments } from './commerce.table.ts';

/** The queries of pricing: the adjustments recorded on an order's lines. */

export type AdjustmentRecord = typeof orderItemAdjustments.$inferSelect;

export async function insertAdjustments(
  db: Executor,
  scope: Scope,
  orgId: number,
  values: (typeof orderItemAdjustments.$inferInsert)[],
): Promise<AdjustmentRecord[]> {
  if (!values.length) return [];
  await assertInScope(db, scope, [orgId]);
  if (values.some((v) => v.orgId !== orgId)) throw new Error('adjustments of another organisation');
  return db.insert(orderItemAdjustments).values(values).returning();
}

export async function adjustmentsOf(db: Executor, scope: Scope, orderId: number): Promise<AdjustmentRecord[]> {
  return db
    .select()
    .from(orderItemAdjustments)
    .where(and(eq(orderItemAdjustments.orderId, orderId), inScope(scope, orderItemAdjustments.orgId)))
    .orderBy(asc(orderItemAdjustments.id));
}
