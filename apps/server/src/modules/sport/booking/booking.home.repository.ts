import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScope, type Scope } from '../../../platform/scope.ts';
import { slotClaims } from './booking.table.ts';

/**
 * One day's booking orders on the grid: paid (`booked`, checked in `used`, or missed `no_show`),
 * arrived (checked in), still expected (paid, not yet checked in) and held unpaid.
 */
export async function bookingsOfDay(db: Executor, scope: Scope, day: string): Promise<{ booked: number; arrived: number; expected: number; unpaid: number }> {
  const orders = (states: string) => sql<number>`count(distinct ${slotClaims.orderId}) filter (where ${slotClaims.state} in (${sql.raw(states)}))`;
  const [row] = await db
    .select({
      booked: orders(`'booked','used','no_show'`),
      arrived: orders(`'used'`),
      expected: orders(`'booked'`),
      unpaid: orders(`'held'`),
    })
    .from(slotClaims)
    .where(
      and(
        eq(slotClaims.kind, 'booking'),
        eq(slotClaims.day, day),
        inArray(slotClaims.state, ['held', 'booked', 'used', 'no_show']),
        inScope(scope, slotClaims.orgId),
      ),
    );
  return { booked: Number(row?.booked ?? 0), arrived: Number(row?.arrived ?? 0), expected: Number(row?.expected ?? 0), unpaid: Number(row?.unpaid ?? 0) };
}
