import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import type { Caller } from '../../platform/http.ts';
import { orgScope } from '../../platform/scope.ts';
import { sessions } from '../auth/auth.table.ts';
import { orgs, roles, userOrgs, users } from './system.table.ts';
import { subtreeOf } from './admin.common.ts';

export type OrgRow = typeof orgs.$inferSelect;

/** Every organisation the caller may see (their own and below; the platform sees all), in tree order. */
export async function scopedOrgs(db: Executor, caller: Caller): Promise<OrgRow[]> {
  return db.select().from(orgs).where(orgScope(caller, orgs.id)).orderBy(asc(orgs.orderNum), asc(orgs.id));
}

/** One organisation, or undefined when it does not exist or lies outside the caller's organisation. */
export async function findOrg(db: Executor, caller: Caller, id: number): Promise<OrgRow | undefined> {
  const [row] = await db
    .select()
    .from(orgs)
    .where(and(eq(orgs.id, id), orgScope(caller, orgs.id)));
  return row;
}

export async function findOrgsByCode(db: Executor, caller: Caller, codes: string[]): Promise<{ id: number; code: string }[]> {
  if (!codes.length) return [];
  return db
    .select({ id: orgs.id, code: orgs.code })
    .from(orgs)
    .where(and(inArray(orgs.code, codes), orgScope(caller, orgs.id)));
}

export async function insertOrg(db: Executor, values: typeof orgs.$inferInsert): Promise<OrgRow> {
  const [row] = await db.insert(orgs).values(values).returning();
  return row!;
}

export async function updateOrg(db: Executor, id: number, version: number, values: Partial<typeof orgs.$inferInsert>): Promise<OrgRow[]> {
  return db
    .update(orgs)
    .set({ ...values, updatedAt: new Date(), version: sql`${orgs.version} + 1` })
    .where(and(eq(orgs.id, id), eq(orgs.version, version)))
    .returning();
}

export async function deleteOrg(db: Executor, id: number): Promise<void> {
  await db.delete(orgs).where(eq(orgs.id, id));
}

/** Whether `candidate` is `id` or lies below it. */
export async function isInSubtree(db: Executor, id: number, candidate: number): Promise<boolean> {
  const res = (await db.execute(sql`select 1 as ok where ${candidate} in ${subtreeOf(id)}`)) as unknown as { rows: unknown[] };
  return res.rows.length > 0;
}

export interface OrgUsage {
  children: number;
  users: number;
  roles: number;
}

export async function orgUsage(db: Executor, id: number): Promise<OrgUsage> {
  const [[c], [u], [r]] = await Promise.all([
    db.select({ n: count() }).from(orgs).where(eq(orgs.parentId, id)),
    db
      .select({ n: sql<number>`count(distinct ${users.id})` })
      .from(users)
      .leftJoin(userOrgs, and(eq(userOrgs.userId, users.id), eq(userOrgs.orgId, id)))
      .where(or(eq(users.orgId, id), eq(userOrgs.orgId, id))),
    db.select({ n: count() }).from(roles).where(eq(roles.orgId, id)),
  ]);
  return { children: Number(c?.n ?? 0), users: Number(u?.n ?? 0), roles: Number(r?.n ?? 0) };
}

/** Ends every live session opened in an organisation or below it (the organisation was disabled). */
export async function endSessionsIn(db: Executor, orgId: number): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.orgId} in ${subtreeOf(orgId)}`);
}
