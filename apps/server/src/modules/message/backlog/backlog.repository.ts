import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { containsText } from '../../system/index.ts';
import { backlogs } from './backlog.table.ts';

/** Every query on to-do messages: each names its user and the caller's organisation scope. */
export type BacklogRecord = typeof backlogs.$inferSelect;

export interface BacklogFilter {
  /** 0 incomplete, 1 complete; absent: all. */
  status?: 0 | 1;
  title?: string;
}

function mine(scope: Scope, userId: number): SQL {
  return and(eq(backlogs.userId, userId), inScope(scope, backlogs.orgId))!;
}

export async function pageBacklog(db: Executor, scope: Scope, userId: number, f: BacklogFilter, page: { limit: number; offset: number }) {
  const where = and(
    mine(scope, userId),
    f.status === undefined ? undefined : eq(backlogs.status, f.status),
    f.title ? containsText(backlogs.title, f.title) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    // Open ones first, newest first within each.
    db.select().from(backlogs).where(where).orderBy(backlogs.status, desc(backlogs.startTime), desc(backlogs.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(backlogs).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function ownBacklogIds(db: Executor, scope: Scope, userId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: backlogs.id })
    .from(backlogs)
    .where(and(inArray(backlogs.id, ids), mine(scope, userId)));
  return rows.map((r) => r.id);
}

/** Sets the status of the user's to-dos that are not in it yet; answers how many changed. */
export async function setBacklogStatus(db: Executor, scope: Scope, userId: number, ids: number[], status: 0 | 1): Promise<number> {
  const rows = await db
    .update(backlogs)
    .set({ status, completeTime: status === 1 ? new Date() : null, version: sql`${backlogs.version} + 1` })
    .where(and(mine(scope, userId), inArray(backlogs.id, ids), sql`${backlogs.status} <> ${status}`))
    .returning({ id: backlogs.id });
  return rows.length;
}

export async function openBacklogCount(db: Executor, scope: Scope, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(backlogs)
    .where(and(mine(scope, userId), eq(backlogs.status, 0)));
  return row?.n ?? 0;
}

/** Adds a to-do; the same (user, source key) twice is a no-op. Answers the new row, if one was made. */
export async function insertBacklog(db: Executor, scope: Scope, values: typeof backlogs.$inferInsert): Promise<BacklogRecord | undefined> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db
    .insert(backlogs)
    .values(values)
    .onConflictDoNothing({ target: [backlogs.userId, backlogs.sourceKey] })
    .returning();
  return row;
}
