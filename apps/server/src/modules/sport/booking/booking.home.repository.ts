import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScope, type Scope } from '../../../platform/scope.ts';
import { slotClaims } from './booking.table.ts';

/** One day's booking orders on the grid (paid, and held unpaid) and how many of the paid ones have arrived (checked in). */
export async function bookingsOfDay(db: Executor, scope: Scope, day: string): Promise<{ booked: number; arrived: number; unpaid: number }> {
  const [row] = await db
    .select({
      booked: sql<number>`count(distinct ${slotClaims.orderId}) filter (where ${slotClaims.state} = 'booked')`,
      arrived: sql<number>`count(distinct ${slotClaims.orderId}) filter (where ${slotClaims.state} = 'booked' and ${slotClaims.checkedInAt} is not null)`,
      unpaid: sql<number>`count(distinct ${slotClaims.orderId}) filter (where ${slotClaims.state} = 'held')`,
    })
    .from(slotClaims)
    .where(and(eq(slotClaims.kind, 'booking'), eq(slotClaims.day, day), inArray(slotClaims.state, ['booked', 'held']), inScope(scope, slotClaims.orgId)));
  return { booked: Number(row?.booked ?? 0), arrived: Number(row?.arrived ?? 0), unpaid: Number(row?.unpaid ?? 0) };
}
