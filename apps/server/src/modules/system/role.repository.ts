import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import type { Caller } from '../../platform/http.ts';
import { orgScope } from '../../platform/scope.ts';
import { apiRoles, orgs, roleMenus, roles, userRoles, users } from './system.table.ts';
import { containsText } from './admin.common.ts';

export type RoleRow = typeof roles.$inferSelect;

/** Roles among `ids` that the caller may see (their organisation's and below; the platform sees all). */
export async function findRolesByIds(db: Executor, caller: Caller, ids: number[]): Promise<RoleRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(roles)
    .where(and(inArray(roles.id, ids), orgScope(caller, roles.orgId)));
}

export async function findRole(db: Executor, caller: Caller, id: number): Promise<RoleRow | undefined> {
  const [r] = await findRolesByIds(db, caller, [id]);
  return r;
}

export interface RoleFilter {
  name?: string;
  code?: string;
  no?: string;
  status?: number;
  orgId?: number;
}

export function roleWhere(caller: Caller, f: RoleFilter): SQL | undefined {
  return and(
    orgScope(caller, roles.orgId),
    f.name ? containsText(roles.name, f.name) : undefined,
    f.code ? containsText(roles.code, f.code) : undefined,
    f.no ? containsText(roles.no, f.no) : undefined,
    f.status !== undefined ? eq(roles.status, f.status) : undefined,
    f.orgId ? eq(roles.orgId, f.orgId) : undefined,
  );
}

export const roleListColumns = {
  id: roles.id,
  orgId: roles.orgId,
  orgName: orgs.name,
  code: roles.code,
  no: roles.no,
  name: roles.name,
  type: roles.type,
  status: roles.status,
  remark: roles.remark,
  version: roles.version,
  createTime: roles.createdAt,
  updateTime: roles.updatedAt,
  userCount: sql<number>`(select count(*) from sys_user_role ur where ur.role_id = ${roles.id})`.mapWith(Number),
};

export async function countRoles(db: Executor, where: SQL | undefined): Promise<number> {
  const [r] = await db.select({ n: count() }).from(roles).where(where);
  return Number(r?.n ?? 0);
}

export async function pageRoles(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db
    .select(roleListColumns)
    .from(roles)
    .innerJoin(orgs, eq(orgs.id, roles.orgId))
    .where(where)
    .orderBy(...order, asc(roles.id))
    .limit(limit)
    .offset(offset);
}

export async function insertRole(db: Executor, values: typeof roles.$inferInsert): Promise<RoleRow> {
  const [r] = await db.insert(roles).values(values).returning();
  return r!;
}

export async function updateRole(db: Executor, id: number, version: number, values: Partial<typeof roles.$inferInsert>): Promise<RoleRow[]> {
  return db
    .update(roles)
    .set({ ...values, updatedAt: new Date(), version: sql`${roles.version} + 1` })
    .where(and(eq(roles.id, id), eq(roles.version, version)))
    .returning();
}

export async function touchRole(db: Executor, id: number): Promise<void> {
  await db
    .update(roles)
    .set({ updatedAt: new Date(), version: sql`${roles.version} + 1` })
    .where(eq(roles.id, id));
}

export async function deleteRoles(db: Executor, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(roles).where(inArray(roles.id, ids));
}

/** How many users hold each role, and how many API routes grant it. */
export async function roleUsage(db: Executor, ids: number[]): Promise<Map<number, { users: number; apis: number }>> {
  const out = new Map<number, { users: number; apis: number }>(ids.map((i) => [i, { users: 0, apis: 0 }]));
  if (!ids.length) return out;
  const [u, a] = await Promise.all([
    db.select({ id: userRoles.roleId, n: count() }).from(userRoles).where(inArray(userRoles.roleId, ids)).groupBy(userRoles.roleId),
    db.select({ id: apiRoles.roleId, n: count() }).from(apiRoles).where(inArray(apiRoles.roleId, ids)).groupBy(apiRoles.roleId),
  ]);
  for (const r of u) out.get(Number(r.id))!.users = Number(r.n);
  for (const r of a) out.get(Number(r.id))!.apis = Number(r.n);
  return out;
}

export async function roleMenuIds(db: Executor, roleId: number): Promise<number[]> {
  const rows = await db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId)).orderBy(asc(roleMenus.menuId));
  return rows.map((r) => Number(r.id));
}

export async function replaceRoleMenus(db: Executor, roleId: number, menuIds: number[]): Promise<void> {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length) {
    await db.execute(sql`insert into sys_role_menu (role_id, org_id, menu_id)
      select r.id, r.org_id, m.id from sys_role r, unnest(${`{${menuIds.join(',')}}`}::bigint[]) as m(id) where r.id = ${roleId}`);
  }
}

export async function usersOfRole(db: Executor, roleId: number, scope: SQL | undefined) {
  return db
    .select({ id: users.id, code: users.code, no: users.no, name: users.name, mobile: users.mobile, status: users.status, orgId: users.orgId, orgName: orgs.name })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(and(eq(userRoles.roleId, roleId), scope))
    .orderBy(asc(users.name), asc(users.id));
}

export async function addUserRoles(db: Executor, pairs: { userId: number; roleId: number }[]): Promise<void> {
  for (const p of pairs) {
    await db.execute(sql`insert into sys_user_role (user_id, role_id, org_id) select ${p.userId}, r.id, r.org_id from sys_role r where r.id = ${p.roleId} on conflict do nothing`);
  }
}

export async function removeUserRoles(db: Executor, roleId: number, userIds: number[]): Promise<void> {
  if (userIds.length) await db.delete(userRoles).where(and(eq(userRoles.roleId, roleId), inArray(userRoles.userId, userIds)));
}

/** The organisations each user belongs to (links and the owning organisation). */
export async function orgIdsOfUsers(db: Executor, userIds: number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>(userIds.map((u) => [u, new Set<number>()]));
  if (!userIds.length) return out;
  const res = (await db.execute(sql`
    select user_id, org_id from sys_user_org where user_id in (${sql.join(
      userIds.map((u) => sql`${u}`),
      sql`, `,
    )})
    union select id, org_id from sys_user where id in (${sql.join(
      userIds.map((u) => sql`${u}`),
      sql`, `,
    )})`)) as unknown as { rows: { user_id: number | string; org_id: number | string }[] };
  for (const r of res.rows) out.get(Number(r.user_id))?.add(Number(r.org_id));
  return out;
}
