import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { assertInScope, inScope, subtreeOf, type Scope } from '../../platform/scope.ts';
import { sessions } from './account.table.ts';
import { orgs, roles, userOrgs, users } from './system.table.ts';

/**
 * Organisations. An organisation is in a scope when its own id is: every read and write below
 * carries `inScope(scope, orgs.id)` (or the organisation column of the table it touches).
 */

export type OrgRow = typeof orgs.$inferSelect;

/** Every organisation in the scope, in tree order. */
export async function scopedOrgs(db: Executor, scope: Scope): Promise<OrgRow[]> {
  return db.select().from(orgs).where(inScope(scope, orgs.id)).orderBy(asc(orgs.orderNum), asc(orgs.id));
}

/** One organisation, or undefined when it does not exist or lies outside the scope. */
export async function findOrg(db: Executor, scope: Scope, id: number): Promise<OrgRow | undefined> {
  const [row] = await db
    .select()
    .from(orgs)
    .where(and(eq(orgs.id, id), inScope(scope, orgs.id)));
  return row;
}

/** The name of an organisation in the scope (null when there is none). */
export async function orgName(db: Executor, scope: Scope, id: number): Promise<string | null> {
  const [row] = await db
    .select({ name: orgs.name })
    .from(orgs)
    .where(and(eq(orgs.id, id), inScope(scope, orgs.id)));
  return row?.name ?? null;
}

/** The time zone of an organisation in the scope (undefined when there is none). */
export async function orgTimeZone(db: Executor, scope: Scope, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ tz: orgs.timeZone })
    .from(orgs)
    .where(and(eq(orgs.id, id), inScope(scope, orgs.id)));
  return row?.tz;
}

/** One organisation by its code (the platform and demo organisations are found this way at start-up). */
export async function findOrgByCode(db: Executor, scope: Scope, code: string): Promise<OrgRow | undefined> {
  const [row] = await db
    .select()
    .from(orgs)
    .where(and(eq(orgs.code, code), inScope(scope, orgs.id)));
  return row;
}

export async function findOrgsByCode(db: Executor, scope: Scope, codes: string[]): Promise<{ id: number; code: string }[]> {
  if (!codes.length) return [];
  return db
    .select({ id: orgs.id, code: orgs.code })
    .from(orgs)
    .where(and(inArray(orgs.code, codes), inScope(scope, orgs.id)));
}

/** Whether an organisation exists inside the scope. */
export async function orgInScope(db: Executor, scope: Scope, orgId: number): Promise<boolean> {
  return (await orgIdsInScope(db, scope, [orgId])).has(orgId);
}

/** The organisations among `ids` that exist inside the scope. */
export async function orgIdsInScope(db: Executor, scope: Scope, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(inArray(orgs.id, [...new Set(ids)]), inScope(scope, orgs.id)));
  return new Set(rows.map((r) => Number(r.id)));
}

/** Inserts an organisation below a parent in the scope (100404 otherwise). A root is never inserted here but by the platform seed. */
/** The venue organisations (type 3) in scope, oldest first. */
export async function venueOrgIds(db: Executor, scope: Scope, venueType: number): Promise<number[]> {
  const rows = await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.type, venueType), inScope(scope, orgs.id)))
    .orderBy(asc(orgs.id));
  return rows.map((r) => r.id);
}

export async function insertOrg(db: Executor, scope: Scope, values: typeof orgs.$inferInsert): Promise<OrgRow> {
  if (values.parentId == null) {
    if (scope.kind !== 'all' || scope.by !== 'system') throw new Error('insertOrg: only the platform seed creates the root organisation');
  } else await assertInScope(db, scope, [values.parentId]);
  const [row] = await db.insert(orgs).values(values).returning();
  return row!;
}

/** Updates an organisation in the scope; a new parent must lie in the scope too. No row when the version is stale or the organisation is outside. */
export async function updateOrg(db: Executor, scope: Scope, id: number, version: number, values: Partial<typeof orgs.$inferInsert>): Promise<OrgRow[]> {
  if (values.parentId != null) await assertInScope(db, scope, [values.parentId]);
  return db
    .update(orgs)
    .set({ ...values, updatedAt: new Date(), version: sql`${orgs.version} + 1` })
    .where(and(eq(orgs.id, id), eq(orgs.version, version), inScope(scope, orgs.id)))
    .returning();
}

export async function deleteOrg(db: Executor, scope: Scope, id: number): Promise<void> {
  await db.delete(orgs).where(and(eq(orgs.id, id), inScope(scope, orgs.id)));
}

/** Whether `candidate` is `id` or lies below it (both in the scope). */
export async function isInSubtree(db: Executor, scope: Scope, id: number, candidate: number): Promise<boolean> {
  const rows = await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.id, candidate), sql`${orgs.id} in ${subtreeOf(id)}`, inScope(scope, orgs.id)));
  return rows.length > 0;
}

export interface OrgUsage {
  children: number;
  users: number;
  roles: number;
}

/** What still points at an organisation of the scope: sub-organisations, users (owned or linked) and roles. */
export async function orgUsage(db: Executor, scope: Scope, id: number): Promise<OrgUsage> {
  const [[c], [u], [r]] = await Promise.all([
    db
      .select({ n: count() })
      .from(orgs)
      .where(and(eq(orgs.parentId, id), inScope(scope, orgs.parentId))),
    db
      .select({ n: sql<number>`count(distinct ${users.id})` })
      .from(users)
      .leftJoin(userOrgs, and(eq(userOrgs.userId, users.id), eq(userOrgs.orgId, id)))
      .where(and(or(eq(users.orgId, id), eq(userOrgs.orgId, id)), inScope(scope, sql`${id}::bigint`))),
    db
      .select({ n: count() })
      .from(roles)
      .where(and(eq(roles.orgId, id), inScope(scope, roles.orgId))),
  ]);
  return { children: Number(c?.n ?? 0), users: Number(u?.n ?? 0), roles: Number(r?.n ?? 0) };
}

/** Ends every live session opened in an organisation or below it (the organisation was disabled), within the scope. */
export async function endSessionsIn(db: Executor, scope: Scope, orgId: number): Promise<void> {
  await db.delete(sessions).where(and(sql`${sessions.orgId} in ${subtreeOf(orgId)}`, inScope(scope, sessions.orgId)));
}
