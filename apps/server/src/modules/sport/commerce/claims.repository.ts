import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { resourceClaims } from './claims.table.ts';

/** Every query on `sport_resource_claim` (the primitive's API is `claims.ts`). */
export type ResourceClaim = typeof resourceClaims.$inferSelect;

/** Inserts claims in one statement; the database refuses (23P01) any that overlaps a live claim of its resource. */
export async function insertResourceClaims(db: Executor, scope: Scope, rows: (typeof resourceClaims.$inferInsert)[]): Promise<ResourceClaim[]> {
  await assertInScope(db, scope, new Set(rows.map((r) => r.orgId)));
  return db.insert(resourceClaims).values(rows).returning();
}

/** Releases live claims by id or by holder (the range is free again at once); answers the claims released. */
export async function releaseClaims(db: Executor, scope: Scope, by: { ids: number[] } | { holderKind: string; holderId: number }): Promise<ResourceClaim[]> {
  const which = 'ids' in by ? inArray(resourceClaims.id, by.ids) : and(eq(resourceClaims.holderKind, by.holderKind), eq(resourceClaims.holderId, by.holderId));
  return db
    .update(resourceClaims)
    .set({ releasedAt: sql`now()` })
    .where(and(which, isNull(resourceClaims.releasedAt), inScope(scope, resourceClaims.orgId)))
    .returning();
}

/** The live claims of some resources of a kind overlapping `[from, to)` (a timetable's read). */
export async function liveClaims(db: Executor, scope: Scope, resourceKind: string, resourceIds: number[], from: Date, to: Date): Promise<ResourceClaim[]> {
  if (!resourceIds.length) return [];
  return db
    .select()
    .from(resourceClaims)
    .where(
      and(
        eq(resourceClaims.resourceKind, resourceKind),
        inArray(resourceClaims.resourceId, resourceIds),
        isNull(resourceClaims.releasedAt),
        sql`${resourceClaims.during} && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
        inScope(scope, resourceClaims.orgId),
      ),
    )
    .orderBy(resourceClaims.resourceId, resourceClaims.during);
}
