import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ROLE_ADMIN } from '@venue/contract';
import type { Executor } from '../../platform/db.ts';
import type { Caller } from '../../platform/http.ts';
import { sessions } from '../auth/auth.table.ts';
import { orgs, passwordHistory, roles, userMenus, userOrgs, userRoles, users } from './system.table.ts';
import { orgScope } from '../../platform/scope.ts';
import { containsText, subtreeOf } from './admin.common.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * Which users a caller may see: those whose owning organisation, or any organisation they are
 * linked to, is the caller's organisation or below it. The platform organisation sees all.
 */
export function userScope(caller: Caller): SQL | undefined {
  if (caller.platform) return undefined;
  const sub = subtreeOf(caller.orgId);
  // Uncorrelated sub-selects: planned once as hashed sets, never once per user row.
  return sql`(${users.orgId} in ${sub} or ${users.id} in (select uo.user_id from sys_user_org uo where uo.org_id in ${sub}))`;
}

/** The columns every user answer carries (never the password hash). */
export const userColumns = {
  id: users.id,
  orgId: users.orgId,
  orgName: orgs.name,
  orgCode: orgs.code,
  no: users.no,
  code: users.code,
  name: users.name,
  status: users.status,
  type: users.type,
  mobile: users.mobile,
  email: users.email,
  idType: users.idType,
  idNumber: users.idNumber,
  idStartDate: users.idStartDate,
  idEndDate: users.idEndDate,
  idAddress: users.idAddress,
  idAgency: users.idAgency,
  address: users.address,
  birthday: users.birthday,
  sex: users.sex,
  nationality: users.nationality,
  citizenship: users.citizenship,
  education: users.education,
  nativePlace: users.nativePlace,
  zipCode: users.zipCode,
  remark: users.remark,
  jobNumber: users.jobNumber,
  officePhone: users.officePhone,
  qq: users.qq,
  fax: users.fax,
  registerDate: users.registerDate,
  cancelDate: users.cancelDate,
  mustChangePassword: users.mustChangePassword,
  version: users.version,
  createTime: users.createdAt,
  updateTime: users.updatedAt,
};

export interface UserFilter {
  name?: string;
  code?: string;
  no?: string;
  mobile?: string;
  status?: number;
  orgId?: number;
  includeChildren?: boolean;
  beginDate?: string | null;
  endDate?: string | null;
}

export function userWhere(caller: Caller, f: UserFilter, timeZone: string): SQL | undefined {
  let org: SQL | undefined;
  if (f.orgId) {
    const set = f.includeChildren ? subtreeOf(f.orgId) : sql`(${f.orgId})`;
    org = sql`(${users.orgId} in ${set} or ${users.id} in (select uo2.user_id from sys_user_org uo2 where uo2.org_id in ${set}))`;
  }
  return and(
    userScope(caller),
    f.name ? containsText(users.name, f.name) : undefined,
    f.code ? containsText(users.code, f.code) : undefined,
    f.no ? containsText(users.no, f.no) : undefined,
    f.mobile ? containsText(users.mobile, f.mobile) : undefined,
    f.status !== undefined ? eq(users.status, f.status) : undefined,
    org,
    f.beginDate ? sql`${users.createdAt} >= (${f.beginDate}::date)::timestamp at time zone ${timeZone}` : undefined,
    f.endDate ? sql`${users.createdAt} < (${f.endDate}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
  );
}

/** The two statements of a list page: one count and one page (the bench runs the same SQL through the driver). */
export function userListStatements(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return {
    count: db.select({ n: count() }).from(users).where(where),
    page: db
      .select(userColumns)
      .from(users)
      .innerJoin(orgs, eq(orgs.id, users.orgId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  };
}

export async function selectUsers(db: Executor, where: SQL | undefined, order: SQL[] = [desc(users.id)], limit = 100_000) {
  return db.select(userColumns).from(users).innerJoin(orgs, eq(orgs.id, users.orgId)).where(where).orderBy(...order).limit(limit);
}

export async function findUserView(db: Executor, caller: Caller, id: number) {
  const [r] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(and(eq(users.id, id), userScope(caller)));
  return r;
}

export async function findUserViewByMobile(db: Executor, caller: Caller, mobile: string) {
  const [r] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(and(eq(users.mobile, mobile), userScope(caller)));
  return r;
}

/** A user the caller may see, or undefined. */
export async function findVisibleUser(db: Executor, caller: Caller, id: number): Promise<UserRow | undefined> {
  const [r] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), userScope(caller)));
  return r;
}

export async function findVisibleUsers(db: Executor, caller: Caller, ids: number[]): Promise<{ id: number; code: string; name: string; orgId: number }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, code: users.code, name: users.name, orgId: users.orgId })
    .from(users)
    .where(and(inArray(users.id, ids), userScope(caller)));
}

export interface OrgLink {
  orgId: number;
  orgName: string;
  orgCode: string;
  enterpriseType: number;
  status: number;
  isDefault: boolean;
}

/** The organisations a user is linked to; with `seenBy`, only those inside that caller's reach. */
export async function orgLinksOf(db: Executor, userId: number, seenBy?: Caller): Promise<OrgLink[]> {
  return db
    .select({ orgId: orgs.id, orgName: orgs.name, orgCode: orgs.code, enterpriseType: orgs.type, status: orgs.status, isDefault: userOrgs.isDefault })
    .from(userOrgs)
    .innerJoin(orgs, eq(orgs.id, userOrgs.orgId))
    .where(and(eq(userOrgs.userId, userId), seenBy ? orgScope(seenBy, orgs.id) : undefined))
    .orderBy(desc(userOrgs.isDefault), asc(orgs.orderNum), asc(orgs.id));
}

/** A user's roles; with `seenBy`, only the roles of organisations inside that caller's reach. */
export async function rolesOfUser(db: Executor, userId: number, seenBy?: Caller): Promise<{ id: number; code: string; name: string; orgId: number; orgName: string; status: number }[]> {
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name, orgId: roles.orgId, orgName: orgs.name, status: roles.status })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(orgs, eq(orgs.id, roles.orgId))
    .where(and(eq(userRoles.userId, userId), seenBy ? orgScope(seenBy, roles.orgId) : undefined))
    .orderBy(asc(roles.orgId), asc(roles.id));
}

/**
 * Among `ids`, the users who belong (as owner or by a link) to an organisation outside the
 * caller's reach. Changing such a user's identity, credentials or status needs authority over
 * all of their organisations (docs/decisions.md, "Authorisation of organisations and users").
 */
export async function usersReachingOutside(db: Executor, caller: Caller, ids: number[]): Promise<Set<number>> {
  if (caller.platform || !ids.length) return new Set();
  const sub = subtreeOf(caller.orgId);
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const res = (await db.execute(sql`
    select id as user_id from sys_user where id in (${list}) and org_id not in ${sub}
    union
    select user_id from sys_user_org where user_id in (${list}) and org_id not in ${sub}`)) as unknown as { rows: { user_id: number | string }[] };
  return new Set(res.rows.map((r) => Number(r.user_id)));
}

export async function isAdminUser(db: Executor, userId: number): Promise<boolean> {
  const [r] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.code, ROLE_ADMIN)));
  return Number(r?.n ?? 0) > 0;
}

export async function insertUsers(db: Executor, rows: (typeof users.$inferInsert)[]): Promise<{ id: number; code: string }[]> {
  if (!rows.length) return [];
  return db.insert(users).values(rows).returning({ id: users.id, code: users.code });
}

export async function updateUser(db: Executor, id: number, version: number | undefined, values: Partial<typeof users.$inferInsert>): Promise<UserRow[]> {
  return db
    .update(users)
    .set({ ...values, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(and(eq(users.id, id), version === undefined ? undefined : eq(users.version, version)))
    .returning();
}

export async function insertOrgLinks(db: Executor, rows: { userId: number; orgId: number; isDefault: boolean }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) await db.insert(userOrgs).values(rows.slice(i, i + 2000)).onConflictDoNothing();
}

export async function insertPasswordHistory(db: Executor, rows: { userId: number; passwordHash: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) await db.insert(passwordHistory).values(rows.slice(i, i + 2000));
}

export async function setDefaultOrg(db: Executor, userId: number, orgId: number): Promise<void> {
  await db
    .update(userOrgs)
    .set({ isDefault: sql`${userOrgs.orgId} = ${orgId}` })
    .where(eq(userOrgs.userId, userId));
}

/**
 * Removes a user from organisations: the links, the roles of those organisations, the menus
 * given in them, and the sessions opened in them.
 */
export async function unlinkOrgs(db: Executor, userId: number, orgIds: number[]): Promise<void> {
  if (!orgIds.length) return;
  await db.delete(userOrgs).where(and(eq(userOrgs.userId, userId), inArray(userOrgs.orgId, orgIds)));
  await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), sql`${userRoles.roleId} in (select id from sys_role where org_id in (${sql.join(orgIds.map((o) => sql`${o}`), sql`, `)}))`));
  await db.delete(userMenus).where(and(eq(userMenus.userId, userId), inArray(userMenus.orgId, orgIds)));
  await db.delete(sessions).where(and(eq(sessions.userId, userId), inArray(sessions.orgId, orgIds)));
}

export async function replaceUserRoles(db: Executor, userId: number, roleIds: number[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) {
    await db.execute(sql`insert into sys_user_role (user_id, role_id, org_id)
      select ${userId}, r.id, r.org_id from sys_role r where r.id = any(${`{${roleIds.join(',')}}`}::bigint[])`);
  }
}

export async function usersOfOrg(db: Executor, orgId: number) {
  return db
    .select({ ...userColumns, isDefault: sql<boolean>`coalesce(${userOrgs.isDefault}, false)` })
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .leftJoin(userOrgs, and(eq(userOrgs.userId, users.id), eq(userOrgs.orgId, orgId)))
    .where(or(eq(users.orgId, orgId), eq(userOrgs.orgId, orgId)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(10_000);
}

/** Users (any organisation) holding these login names, compared case-insensitively. */
export async function usersByCodes(db: Executor, caller: Caller, codes: string[]) {
  const out: (UserRow & { visible: boolean })[] = [];
  const scope = userScope(caller);
  for (let i = 0; i < codes.length; i += 5000) {
    const chunk = codes.slice(i, i + 5000).map((c) => c.toLowerCase());
    const rows = await db
      .select({ u: users, visible: scope ? sql<boolean>`${scope}` : sql<boolean>`true` })
      .from(users)
      .where(inArray(sql`lower(${users.code})`, chunk));
    for (const r of rows) out.push({ ...r.u, visible: Boolean(r.visible) });
  }
  return out;
}

export async function usersByMobiles(db: Executor, mobiles: string[]): Promise<{ id: number; code: string; mobile: string | null }[]> {
  const out: { id: number; code: string; mobile: string | null }[] = [];
  for (let i = 0; i < mobiles.length; i += 5000) {
    out.push(
      ...(await db
        .select({ id: users.id, code: users.code, mobile: users.mobile })
        .from(users)
        .where(inArray(users.mobile, mobiles.slice(i, i + 5000)))),
    );
  }
  return out;
}
