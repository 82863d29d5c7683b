import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { resourceCounters } from './counters.table.ts';

/** Every query on `sport_resource_counter` (the primitive's API is `counters.ts`). */
export type ResourceCounter = typeof resourceCounters.$inferSelect;

/** Which counter: the module's resource kind and id (one counter each). */
export interface CounterKey {
  kind: string;
  id: number;
}

const isCounter = (key: CounterKey, scope: Scope) =>
  and(eq(resourceCounters.resourceKind, key.kind), eq(resourceCounters.resourceId, key.id), inScope(scope, resourceCounters.orgId));

/** The counter of a resource, when the scope sees it. */
export async function counterOf(db: Executor, scope: Scope, key: CounterKey): Promise<ResourceCounter | undefined> {
  const [row] = await db.select().from(resourceCounters).where(isCounter(key, scope));
  return row;
}

/** Adds `qty` to what is held in one conditional update: no row when the counter is missing, out of scope, or would pass its capacity. */
export async function addHeld(db: Executor, scope: Scope, key: CounterKey, qty: number): Promise<ResourceCounter | undefined> {
  const [row] = await db
    .update(resourceCounters)
    .set({ held: sql`${resourceCounters.held} + ${qty}`, updatedAt: sql`now()` })
    .where(and(isCounter(key, scope), sql`${resourceCounters.held} + ${qty} <= ${resourceCounters.capacity}`))
    .returning();
  return row;
}

/** Takes `qty` off what is held: no row when the counter is missing, out of scope, or holds less than `qty`. */
export async function subtractHeld(db: Executor, scope: Scope, key: CounterKey, qty: number): Promise<ResourceCounter | undefined> {
  const [row] = await db
    .update(resourceCounters)
    .set({ held: sql`${resourceCounters.held} - ${qty}`, updatedAt: sql`now()` })
    .where(and(isCounter(key, scope), sql`${resourceCounters.held} >= ${qty}`))
    .returning();
  return row;
}

/**
 * Opens the counter of an organisation's resource at `capacity`, or sets the capacity of the one
 * it has: no row when the resource's counter belongs to another organisation or holds more than `capacity`.
 */
export async function upsertCapacity(db: Executor, scope: Scope, orgId: number, key: CounterKey, capacity: number): Promise<ResourceCounter | undefined> {
  await assertInScope(db, scope, [orgId]);
  const [row] = await db
    .insert(resourceCounters)
    .values({ orgId, resourceKind: key.kind, resourceId: key.id, capacity })
    .onConflictDoUpdate({
      target: [resourceCounters.resourceKind, resourceCounters.resourceId],
      set: { capacity, updatedAt: sql`now()` },
      setWhere: and(eq(resourceCounters.orgId, orgId), sql`${resourceCounters.held} <= ${capacity}`),
    })
    .returning();
  return row;
}
