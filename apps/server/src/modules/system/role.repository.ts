import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { RoleListQuery } from '@venue/contract';
import type { Executor } from '../../platform/db.ts';
import { assertInScope, inScope, inScopeSql, workChainOf, type Scope } from '../../platform/scope.ts';
import { apiRoles, orgs, roleMenus, roles, userOrgs, userRoles, users } from './system.table.ts';
import { containsText } from './admin.common.ts';
import { userVisible } from './user.repository.ts';

/**
 * Roles and their links (menus, holders). A role belongs to an organisation; its link rows carry
 * the same `org_id` (a composite foreign key holds them equal), so every read and write below
 * filters on the scope directly.
 */

export type RoleRow = typeof roles.$inferSelect;

const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

/** Roles among `ids` inside the scope. */
export async function findRolesByIds(db: Executor, scope: Scope, ids: number[]): Promise<RoleRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(roles)
    .where(and(inArray(roles.id, ids), inScope(scope, roles.orgId)));
}

export async function findRole(db: Executor, scope: Scope, id: number): Promise<RoleRow | undefined> {
  const [r] = await findRolesByIds(db, scope, [id]);
  return r;
}

/** A role by its code in one organisation of the scope (the start-up seeds find ROLE_ADMIN and the demo role this way). */
export async function findRoleByCode(db: Executor, scope: Scope, orgId: number, code: string): Promise<RoleRow | undefined> {
  const [r] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.orgId, orgId), eq(roles.code, code), inScope(scope, roles.orgId)));
  return r;
}

/**
 * The filters of `POST role/list`, but '' (any) of `status` and `orgId` already dropped by the
 * service; `id` is for reading one role's row (`GET role/{id}`).
 */
export type RoleFilter = Pick<RoleListQuery, 'name' | 'code' | 'no'> & {
  status?: Exclude<RoleListQuery['status'], ''>;
  orgId?: Exclude<RoleListQuery['orgId'], ''>;
  forOrgIds?: RoleListQuery['forOrgIds'];
  id?: number;
};

/** The organisations whose roles a user of these organisations may hold (platform/scope.ts, workChainOf). */
function assignableRoleOrgs(column: typeof roles.orgId | typeof orgs.id, orgIds: readonly number[]): SQL {
  return orgIds.length
    ? sql.join(
        orgIds.map((id) => sql`${column} in ${workChainOf(id)}`),
        sql` or `,
      )
    : sql`false`;
}

/**
 * The organisations of the scope whose roles a user of these organisations may hold: each one and
 * those above it up to its venue organisation (a venue organisation shares its roles with its departments).
 */
export async function roleOrgsFor(db: Executor, scope: Scope, orgIds: readonly number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(sql`(${assignableRoleOrgs(orgs.id, orgIds)})`, inScope(scope, orgs.id)));
  return new Set(rows.map((r) => Number(r.id)));
}

function roleWhere(scope: Scope, f: RoleFilter): SQL | undefined {
  return and(
    inScope(scope, roles.orgId),
    f.id !== undefined ? eq(roles.id, f.id) : undefined,
    f.name ? containsText(roles.name, f.name) : undefined,
    f.code ? containsText(roles.code, f.code) : undefined,
    f.no ? containsText(roles.no, f.no) : undefined,
    f.status !== undefined ? eq(roles.status, f.status) : undefined,
    f.orgId ? eq(roles.orgId, f.orgId) : undefined,
    f.forOrgIds ? sql`(${assignableRoleOrgs(roles.orgId, f.forOrgIds)})` : undefined,
  );
}

const roleListColumns = {
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

export const roleSorts = { name: roles.name, code: roles.code, no: roles.no, status: roles.status, createTime: roles.createdAt, orgId: roles.orgId };
export const roleDefaultOrder = [asc(roles.orgId), asc(roles.id)];

export async function countRoles(db: Executor, scope: Scope, f: RoleFilter): Promise<number> {
  const [r] = await db.select({ n: count() }).from(roles).where(roleWhere(scope, f));
  return Number(r?.n ?? 0);
}

export async function pageRoles(db: Executor, scope: Scope, f: RoleFilter, order: SQL[], limit: number, offset: number) {
  return db
    .select(roleListColumns)
    .from(roles)
    .innerJoin(orgs, eq(orgs.id, roles.orgId))
    .where(roleWhere(scope, f))
    .orderBy(...order, asc(roles.id))
    .limit(limit)
    .offset(offset);
}

/** Inserts a role in an organisation of the scope (100404 otherwise). */
/** An organisation's own roles (id, code, name): the preset roles' check of what it has. */
export async function rolesOfOrg(db: Executor, scope: Scope, orgId: number): Promise<{ id: number; code: string; name: string }[]> {
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name })
    .from(roles)
    .where(and(eq(roles.orgId, orgId), inScope(scope, roles.orgId)));
}

export async function insertRole(db: Executor, scope: Scope, values: typeof roles.$inferInsert): Promise<RoleRow> {
  await assertInScope(db, scope, [values.orgId]);
  const [r] = await db.insert(roles).values(values).returning();
  return r!;
}

export async function updateRole(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof roles.$inferInsert, 'orgId'>>,
): Promise<RoleRow[]> {
  return db
    .update(roles)
    .set({ ...values, updatedAt: new Date(), version: sql`${roles.version} + 1` })
    .where(and(eq(roles.id, id), eq(roles.version, version), inScope(scope, roles.orgId)))
    .returning();
}

export async function touchRole(db: Executor, scope: Scope, id: number): Promise<void> {
  await db
    .update(roles)
    .set({ updatedAt: new Date(), version: sql`${roles.version} + 1` })
    .where(and(eq(roles.id, id), inScope(scope, roles.orgId)));
}

export async function deleteRoles(db: Executor, scope: Scope, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(roles).where(and(inArray(roles.id, ids), inScope(scope, roles.orgId)));
}

/** How many users hold each role of the scope, and how many API routes grant it. */
export async function roleUsage(db: Executor, scope: Scope, ids: number[]): Promise<Map<number, { users: number; apis: number }>> {
  const out = new Map<number, { users: number; apis: number }>(ids.map((i) => [i, { users: 0, apis: 0 }]));
  if (!ids.length) return out;
  const [u, a] = await Promise.all([
    db
      .select({ id: userRoles.roleId, n: count() })
      .from(userRoles)
      .where(and(inArray(userRoles.roleId, ids), inScope(scope, userRoles.orgId)))
      .groupBy(userRoles.roleId),
    db
      .select({ id: apiRoles.roleId, n: count() })
      .from(apiRoles)
      .innerJoin(roles, eq(roles.id, apiRoles.roleId))
      .where(and(inArray(apiRoles.roleId, ids), inScope(scope, roles.orgId)))
      .groupBy(apiRoles.roleId),
  ]);
  for (const r of u) out.get(Number(r.id))!.users = Number(r.n);
  for (const r of a) out.get(Number(r.id))!.apis = Number(r.n);
  return out;
}

export async function roleMenuIds(db: Executor, scope: Scope, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: roleMenus.menuId })
    .from(roleMenus)
    .where(and(eq(roleMenus.roleId, roleId), inScope(scope, roleMenus.orgId)))
    .orderBy(asc(roleMenus.menuId));
  return rows.map((r) => Number(r.id));
}

/** Replaces a role's menus; nothing happens to a role outside the scope. */
export async function replaceRoleMenus(db: Executor, scope: Scope, roleId: number, menuIds: number[]): Promise<void> {
  await db.delete(roleMenus).where(and(eq(roleMenus.roleId, roleId), inScope(scope, roleMenus.orgId)));
  if (menuIds.length) {
    // The link takes its organisation from the role, found inside the scope.
    await db.execute(sql`insert into sys_role_menu (role_id, org_id, menu_id)
      select r.id, r.org_id, m.id from sys_role r, unnest(${idArray(menuIds)}) as m(id)
      where r.id = ${roleId} and ${inScopeSql(scope, sql`r.org_id`)}`);
  }
}

/** The holders of a role of the scope whom the scope can see. */
/**
 * Adds to a role the menu entries with these keys, and with `prefixKeys` also every entry below each
 * (`sport.coach` and `sport.coach.*`), in one statement; links it has stay.
 */
export async function addRoleMenusByKeys(
  db: Executor,
  scope: Scope,
  role: { id: number; orgId: number },
  prefixKeys: readonly string[],
  exactKeys: readonly string[],
): Promise<void> {
  await assertInScope(db, scope, [role.orgId]);
  const list = (xs: readonly string[]) => `{${xs.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  await db.execute(sql`insert into sys_role_menu (role_id, org_id, menu_id)
    select ${role.id}, ${role.orgId}, m.id from sys_menu m
    where m.key = any(${list([...prefixKeys, ...exactKeys])}::text[])
       or m.key like any(${list(prefixKeys.map((k) => `${k.replace(/[%_\\]/g, '\\$&')}.%`))}::text[])
    on conflict do nothing`);
}

export async function usersOfRole(db: Executor, scope: Scope, roleId: number) {
  return db
    .select({
      id: users.id,
      code: users.code,
      no: users.no,
      name: users.name,
      mobile: users.mobile,
      status: users.status,
      orgId: users.orgId,
      orgName: orgs.name,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(and(eq(userRoles.roleId, roleId), inScope(scope, userRoles.orgId), userVisible(scope)))
    .orderBy(asc(users.name), asc(users.id));
}

/** Gives a role of the scope to users (already holders are left as they are). */
export async function addUserRoles(db: Executor, scope: Scope, roleId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await db.execute(sql`insert into sys_user_role (user_id, role_id, org_id)
    select u.id, r.id, r.org_id from sys_role r, unnest(${idArray(userIds)}) as u(id)
    where r.id = ${roleId} and ${inScopeSql(scope, sql`r.org_id`)}
    on conflict do nothing`);
}

export async function removeUserRoles(db: Executor, scope: Scope, roleId: number, userIds: number[]): Promise<void> {
  if (userIds.length) await db.delete(userRoles).where(and(eq(userRoles.roleId, roleId), inArray(userRoles.userId, userIds), inScope(scope, userRoles.orgId)));
}

/** The organisations of the scope each user belongs to (links and the owning organisation). */
export async function orgIdsOfUsers(db: Executor, scope: Scope, userIds: number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>(userIds.map((u) => [u, new Set<number>()]));
  if (!userIds.length) return out;
  const [links, owners] = await Promise.all([
    db
      .select({ userId: userOrgs.userId, orgId: userOrgs.orgId })
      .from(userOrgs)
      .where(and(inArray(userOrgs.userId, userIds), inScope(scope, userOrgs.orgId))),
    db
      .select({ userId: users.id, orgId: users.orgId })
      .from(users)
      .where(and(inArray(users.id, userIds), inScope(scope, users.orgId))),
  ]);
  for (const r of [...links, ...owners]) out.get(Number(r.userId))?.add(Number(r.orgId));
  return out;
}
