import { and, asc, count, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { ROLE_ADMIN, type UserListQuery } from '@venue/contract';
import type { Executor } from '../../platform/db.ts';
import { preparedByShape, type Shape } from '../../platform/prepared.ts';
import { assertInScope, inScope, inScopeSql, subtreeOf, type Scope } from '../../platform/scope.ts';
import { sessions } from './account.table.ts';
import { orgs, passwordHistory, roles, userMenus, userOrgs, userRoles, users } from './system.table.ts';
import { contains, containsText } from './admin.common.ts';

/**
 * Users. A user is in a scope when the organisation that owns the record, or any organisation
 * the user is linked to, lies in it (docs/decisions.md, "Authorisation of organisations and
 * users"); the links, roles and direct menus of a user are the scope's part only.
 */

export type UserRow = typeof users.$inferSelect;

/** The users a scope sees: owner or any linked organisation inside it (undefined: every user). */
export function userVisible(scope: Scope, shape?: Shape): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  shape?.mark(scope.kind);
  const orgId = shape ? shape.bind('scopeOrgId', scope.orgId) : scope.orgId;
  const set = scope.kind === 'subtree' ? subtreeOf(orgId) : sql`(${orgId})`;
  // Uncorrelated sub-selects: planned once as hashed sets, never once per user row.
  return sql`(${users.orgId} in ${set} or ${users.id} in (select uo.user_id from sys_user_org uo where uo.org_id in ${set}))`;
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

/** The filters of `POST user/list` and `user/export`, but '' (any) of `status` and `orgId` already dropped by the service. */
export type UserFilter = Pick<UserListQuery, 'name' | 'code' | 'no' | 'mobile' | 'includeChildren' | 'beginDate' | 'endDate'> & {
  status?: Exclude<UserListQuery['status'], ''>;
  orgId?: Exclude<UserListQuery['orgId'], ''>;
};

/** The filter of the user list and export, every value bound through the shape. */
function userWhere(shape: Shape, scope: Scope, f: UserFilter, timeZone: string): SQL | undefined {
  let org: SQL | undefined;
  if (f.orgId) {
    shape.mark(f.includeChildren ? 'orgTree' : 'org');
    const orgId = shape.bind('orgId', f.orgId);
    const set = f.includeChildren ? subtreeOf(orgId) : sql`(${orgId})`;
    org = sql`(${users.orgId} in ${set} or ${users.id} in (select uo2.user_id from sys_user_org uo2 where uo2.org_id in ${set}))`;
  }
  const dates = f.beginDate || f.endDate ? shape.bind('timeZone', timeZone) : undefined;
  return and(
    userVisible(scope, shape),
    f.name ? containsText(users.name, f.name, { shape, name: 'name' }) : undefined,
    f.code ? containsText(users.code, f.code, { shape, name: 'code' }) : undefined,
    f.no ? containsText(users.no, f.no, { shape, name: 'no' }) : undefined,
    f.mobile ? containsText(users.mobile, f.mobile, { shape, name: 'mobile' }) : undefined,
    f.status !== undefined ? eq(users.status, shape.bind('status', f.status)) : undefined,
    org,
    f.beginDate ? sql`${users.createdAt} >= (${shape.bind('beginDate', f.beginDate)}::date)::timestamp at time zone ${dates}` : undefined,
    f.endDate ? sql`${users.createdAt} < (${shape.bind('endDate', f.endDate)}::date + 1)::timestamp at time zone ${dates}` : undefined,
  );
}

/**
 * The marks and bindings of `userWhere`, in its order, without building any SQL: how a known
 * shape is found (platform/prepared.ts checks that both record the same shape).
 */
function userWhereShape(shape: Shape, scope: Scope, f: UserFilter, timeZone: string): void {
  if (f.orgId) {
    shape.mark(f.includeChildren ? 'orgTree' : 'org');
    shape.bind('orgId', f.orgId);
  }
  if (f.beginDate || f.endDate) shape.bind('timeZone', timeZone);
  if (scope.kind !== 'all') {
    shape.mark(scope.kind);
    shape.bind('scopeOrgId', scope.orgId);
  }
  for (const name of ['name', 'code', 'no', 'mobile'] as const) {
    const text = f[name];
    if (!text) continue;
    // containsText's operator: ILIKE when the text has letters with case.
    shape.mark(`${name}:${text.toLowerCase() !== text.toUpperCase() ? 'ilike' : 'like'}`);
    shape.bind(name, contains(text));
  }
  if (f.status !== undefined) shape.bind('status', f.status);
  if (f.beginDate) shape.bind('beginDate', f.beginDate);
  if (f.endDate) shape.bind('endDate', f.endDate);
}

export const userSorts = {
  code: users.code,
  name: users.name,
  no: users.no,
  status: users.status,
  mobile: users.mobile,
  createTime: users.createdAt,
  registerDate: users.registerDate,
  orgId: users.orgId,
};
export const userDefaultOrder = desc(users.id);

/** The sort as a shape mark: one of `userSorts` (or the default), ascending or descending. */
export interface UserOrder {
  key: string;
  sql: SQL[];
}

/** The two statements of a list page, one count and one page, prepared once per shape (the bench runs the same SQL through the driver). */
export const userListStatements = preparedByShape(
  'user_list',
  (shape, db: Executor, scope: Scope, f: UserFilter, timeZone: string, order: UserOrder, limit: number, offset: number) => {
    const where = userWhere(shape, scope, f, timeZone);
    shape.mark(order.key);
    const page = db
      .select(userColumns)
      .from(users)
      .innerJoin(orgs, eq(orgs.id, users.orgId))
      .where(where)
      .orderBy(...order.sql)
      .limit(shape.bind('limit', limit))
      .offset(shape.bind('offset', offset));
    return { count: db.select({ n: count() }).from(users).where(where), page };
  },
  {
    shapeOf: (shape, scope, f, timeZone, order, limit, offset) => {
      userWhereShape(shape, scope, f, timeZone);
      shape.mark(order.key);
      shape.bind('limit', limit);
      shape.bind('offset', offset);
    },
  },
);

/** Every user of the filter (the export), up to `limit`. */
const userSelection = preparedByShape(
  'user_select',
  (shape, db: Executor, scope: Scope, f: UserFilter, timeZone: string, order: UserOrder, limit: number) => {
    const where = userWhere(shape, scope, f, timeZone);
    shape.mark(order.key);
    return {
      rows: db
        .select(userColumns)
        .from(users)
        .innerJoin(orgs, eq(orgs.id, users.orgId))
        .where(where)
        .orderBy(...order.sql)
        .limit(shape.bind('limit', limit)),
    };
  },
  {
    shapeOf: (shape, scope, f, timeZone, order, limit) => {
      userWhereShape(shape, scope, f, timeZone);
      shape.mark(order.key);
      shape.bind('limit', limit);
    },
  },
);

export async function selectUsers(db: Executor, scope: Scope, f: UserFilter, timeZone: string, order: UserOrder, limit = 100_000) {
  const { statements, values } = userSelection(db, scope, f, timeZone, order, limit);
  return statements.rows.execute(values);
}

export async function findUserView(db: Executor, scope: Scope, id: number) {
  const [r] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(and(eq(users.id, id), userVisible(scope)));
  return r;
}

export async function findUserViewByMobile(db: Executor, scope: Scope, mobile: string) {
  const [r] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(and(eq(users.mobile, mobile), userVisible(scope)));
  return r;
}

/** A user the scope sees, or undefined. */
export async function findVisibleUser(db: Executor, scope: Scope, id: number): Promise<UserRow | undefined> {
  const [r] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), userVisible(scope)));
  return r;
}

/** A user by login name (compared case-insensitively) whom the scope sees. */
export async function findVisibleUserByCode(db: Executor, scope: Scope, code: string): Promise<UserRow | undefined> {
  const [r] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.code}) = ${code.toLowerCase()}`, userVisible(scope)));
  return r;
}

/** A user by mobile number whom the scope sees. */
export async function findVisibleUserByMobile(db: Executor, scope: Scope, mobile: string): Promise<UserRow | undefined> {
  const [r] = await db
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), userVisible(scope)));
  return r;
}

export async function findVisibleUsers(db: Executor, scope: Scope, ids: number[]): Promise<{ id: number; code: string; name: string; orgId: number }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, code: users.code, name: users.name, orgId: users.orgId })
    .from(users)
    .where(and(inArray(users.id, ids), userVisible(scope)));
}

export interface OrgLink {
  orgId: number;
  orgName: string;
  orgCode: string;
  enterpriseType: number;
  status: number;
  isDefault: boolean;
}

/** The organisations of the scope a user is linked to (default first). */
export async function orgLinksOf(db: Executor, scope: Scope, userId: number): Promise<OrgLink[]> {
  return db
    .select({ orgId: orgs.id, orgName: orgs.name, orgCode: orgs.code, enterpriseType: orgs.type, status: orgs.status, isDefault: userOrgs.isDefault })
    .from(userOrgs)
    .innerJoin(orgs, eq(orgs.id, userOrgs.orgId))
    .where(and(eq(userOrgs.userId, userId), inScope(scope, userOrgs.orgId)))
    .orderBy(desc(userOrgs.isDefault), asc(orgs.orderNum), asc(orgs.id));
}

/** A user's roles of organisations inside the scope. */
export async function rolesOfUser(
  db: Executor,
  scope: Scope,
  userId: number,
): Promise<{ id: number; code: string; name: string; orgId: number; orgName: string; status: number }[]> {
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name, orgId: roles.orgId, orgName: orgs.name, status: roles.status })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(orgs, eq(orgs.id, roles.orgId))
    .where(and(eq(userRoles.userId, userId), inScope(scope, userRoles.orgId)))
    .orderBy(asc(roles.orgId), asc(roles.id));
}

/**
 * Among `ids`, the users who belong (as owner or by a link) to an organisation outside the
 * scope. Changing such a user's identity, credentials or status needs authority over all of
 * their organisations (docs/decisions.md, "Authorisation of organisations and users").
 */
export async function usersReachingOutside(db: Executor, scope: Scope, ids: number[]): Promise<Set<number>> {
  if (scope.kind === 'all' || !ids.length) return new Set();
  const [owners, links] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), sql`not (${inScopeSql(scope, users.orgId)})`)),
    db
      .selectDistinct({ id: userOrgs.userId })
      .from(userOrgs)
      .where(and(inArray(userOrgs.userId, ids), sql`not (${inScopeSql(scope, userOrgs.orgId)})`)),
  ]);
  return new Set([...owners, ...links].map((r) => Number(r.id)));
}

/**
 * Among `ids`, the holders of ROLE_ADMIN in any organisation of the scope. The rule "only an
 * administrator manages administrators" asks it with a platform-wide scope, since the caller's
 * own reach may not include the platform organisation where ROLE_ADMIN lives.
 */
export async function adminsAmong(db: Executor, scope: Scope, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectDistinct({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, ids), eq(roles.code, ROLE_ADMIN), inScope(scope, userRoles.orgId)));
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * The one numbering rule of users (issue 9): every new user gets a user number, whichever way it
 * is made (the dialog, an import, any later path: all go through insertUsers). A number given is
 * kept; otherwise it is `U` and at least four digits, one more than the highest such number so far
 * (U0001, U0002 … U10000). A transaction-scoped advisory lock makes concurrent creations take
 * turns, so two never draw the same number.
 */
export const USER_NO_LOCK = 7_301_001;

export function formatUserNo(n: number): string {
  return `U${String(n).padStart(4, '0')}`;
}

async function nextUserNumbers(db: Executor, count: number): Promise<string[]> {
  await db.execute(sql`select pg_advisory_xact_lock(${USER_NO_LOCK})`);
  const res = (await db.execute(sql`select coalesce(max(substring(${users.no} from '^U([0-9]{1,15})$')::bigint), 0) as n from ${users}`)) as unknown as {
    rows: { n: string | number }[];
  };
  const last = Number(res.rows[0]?.n ?? 0);
  return Array.from({ length: count }, (_, i) => formatUserNo(last + 1 + i));
}

/** Inserts users owned by organisations of the scope (100404 when one lies outside); rows without a number get the next ones. */
export async function insertUsers(db: Executor, scope: Scope, rows: (typeof users.$inferInsert)[]): Promise<{ id: number; code: string }[]> {
  if (!rows.length) return [];
  await assertInScope(
    db,
    scope,
    rows.map((r) => r.orgId),
  );
  const unnumbered = rows.filter((r) => !r.no?.trim());
  if (unnumbered.length) {
    const numbers = await nextUserNumbers(db, unnumbered.length);
    rows = rows.map((r) => (r.no?.trim() ? r : { ...r, no: numbers[unnumbered.indexOf(r)]! }));
  }
  return db.insert(users).values(rows).returning({ id: users.id, code: users.code });
}

/**
 * Updates a user the scope sees (no row when the version is stale or the user is outside). The
 * owning organisation changes only through `moveOwner`.
 */
export async function updateUser(
  db: Executor,
  scope: Scope,
  id: number,
  version: number | undefined,
  values: Partial<Omit<typeof users.$inferInsert, 'orgId' | 'id'>>,
): Promise<UserRow[]> {
  return db
    .update(users)
    .set({ ...values, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(and(eq(users.id, id), version === undefined ? undefined : eq(users.version, version), userVisible(scope)))
    .returning();
}

/**
 * Makes one of the user's linked organisations the owner of the record (the owner was removed).
 * The new owner need not lie in the scope (a link the caller cannot see may take over), but must
 * be one of the user's organisations, and the user must be one the scope sees.
 */
export async function moveOwner(db: Executor, scope: Scope, id: number, orgId: number): Promise<void> {
  await db
    .update(users)
    .set({ orgId, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(and(eq(users.id, id), userVisible(scope), sql`exists (select 1 from sys_user_org l where l.user_id = ${id} and l.org_id = ${orgId})`));
}

/** Links users to organisations of the scope (100404 when one lies outside); existing links stay. */
export async function insertOrgLinks(db: Executor, scope: Scope, rows: { userId: number; orgId: number; isDefault: boolean }[]): Promise<void> {
  if (!rows.length) return;
  await assertInScope(
    db,
    scope,
    rows.map((r) => r.orgId),
  );
  for (let i = 0; i < rows.length; i += 2000)
    await db
      .insert(userOrgs)
      .values(rows.slice(i, i + 2000))
      .onConflictDoNothing();
}

/**
 * Password history belongs to the user, whatever their organisations (no org_id): it is written
 * only for a user the caller has already found, by creation, import and password changes.
 */
export async function insertPasswordHistory(db: Executor, rows: { userId: number; passwordHash: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) await db.insert(passwordHistory).values(rows.slice(i, i + 2000));
}

/**
 * Makes `orgId` (one of the user's links) the default organisation of a user the scope sees; the
 * flag of every other link is cleared (a user has one default). When the removed default was the
 * caller's, a link outside the scope may become the default: the flag is the user's, not a link's.
 */
export async function setDefaultOrg(db: Executor, scope: Scope, userId: number, orgId: number): Promise<void> {
  await db
    .update(userOrgs)
    .set({ isDefault: sql`${userOrgs.orgId} = ${orgId}` })
    .where(and(eq(userOrgs.userId, userId), inArray(userOrgs.userId, visibleUserIds(db, scope, [userId]))));
}

/** The ids among `ids` of users the scope sees, as a subquery. */
function visibleUserIds(db: Executor, scope: Scope, ids: number[]) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), userVisible(scope)));
}

/**
 * Removes a user from organisations of the scope: the links, the roles of those organisations,
 * the menus given in them, and the sessions opened in them.
 */
export async function unlinkOrgs(db: Executor, scope: Scope, userId: number, orgIds: number[]): Promise<void> {
  if (!orgIds.length) return;
  await db.delete(userOrgs).where(and(eq(userOrgs.userId, userId), inArray(userOrgs.orgId, orgIds), inScope(scope, userOrgs.orgId)));
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.orgId, orgIds), inScope(scope, userRoles.orgId)));
  await db.delete(userMenus).where(and(eq(userMenus.userId, userId), inArray(userMenus.orgId, orgIds), inScope(scope, userMenus.orgId)));
  await db.delete(sessions).where(and(eq(sessions.userId, userId), inArray(sessions.orgId, orgIds), inScope(scope, sessions.orgId)));
}

/** Ends a user's sessions opened in organisations of the scope (all but one, when given). */
export async function deleteUserSessions(db: Executor, scope: Scope, userId: number, exceptSessionId?: number): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined, inScope(scope, sessions.orgId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Replaces the user's roles of the scope's organisations with `roleIds` (roles found inside the
 * scope; others are ignored). Roles of organisations outside the scope stay as they are.
 */
export async function replaceUserRoles(db: Executor, scope: Scope, userId: number, roleIds: number[]): Promise<void> {
  await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), inScope(scope, userRoles.orgId), roleIds.length ? notInArray(userRoles.roleId, roleIds) : undefined));
  if (roleIds.length) {
    await db.execute(sql`insert into sys_user_role (user_id, role_id, org_id)
      select ${userId}, r.id, r.org_id from sys_role r
      where r.id = any(${`{${roleIds.join(',')}}`}::bigint[]) and ${inScopeSql(scope, sql`r.org_id`)}
      on conflict do nothing`);
  }
}

/** The users of one organisation of the scope (owned or linked). */
export async function usersOfOrg(db: Executor, scope: Scope, orgId: number) {
  return db
    .select({ ...userColumns, isDefault: sql<boolean>`coalesce(${userOrgs.isDefault}, false)` })
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .leftJoin(userOrgs, and(eq(userOrgs.userId, users.id), eq(userOrgs.orgId, orgId)))
    .where(and(or(eq(users.orgId, orgId), eq(userOrgs.orgId, orgId)), inScope(scope, sql`${orgId}::bigint`)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(10_000);
}

/**
 * Users (any organisation) holding these login names, compared case-insensitively, each marked
 * whether the scope sees it. Login names are unique across the platform, so an import must know
 * a name is taken even where it cannot see the holder; only the visible ones are ever changed.
 */
export async function usersByCodes(db: Executor, scope: Scope, codes: string[]) {
  const out: (UserRow & { visible: boolean })[] = [];
  const visible = userVisible(scope);
  for (let i = 0; i < codes.length; i += 5000) {
    const chunk = codes.slice(i, i + 5000).map((c) => c.toLowerCase());
    const rows = await db
      .select({ u: users, visible: visible ? sql<boolean>`${visible}` : sql<boolean>`true` })
      .from(users)
      .where(inArray(sql`lower(${users.code})`, chunk));
    for (const r of rows) out.push({ ...r.u, visible: Boolean(r.visible) });
  }
  return out;
}

/** The users of the scope holding these mobile numbers (uniqueness checks ask platform-wide). */
export async function usersByMobiles(db: Executor, scope: Scope, mobiles: string[]): Promise<{ id: number; code: string; mobile: string | null }[]> {
  const out: { id: number; code: string; mobile: string | null }[] = [];
  for (let i = 0; i < mobiles.length; i += 5000) {
    out.push(
      ...(await db
        .select({ id: users.id, code: users.code, mobile: users.mobile })
        .from(users)
        .where(and(inArray(users.mobile, mobiles.slice(i, i + 5000)), userVisible(scope)))),
    );
  }
  return out;
}

/** The users of the scope whose e-mail is this one (compared case-insensitively), at most `limit`. */
export async function findVisibleUsersByEmail(db: Executor, scope: Scope, email: string, limit: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, userVisible(scope)))
    .limit(limit);
}

/** The user's links to enabled organisations of the scope, in tree order (sign-in and the organisation switcher). */
export async function activeOrgLinksOf(
  db: Executor,
  scope: Scope,
  userId: number,
): Promise<{ orgId: number; orgName: string; enterpriseType: number; isDefault: boolean }[]> {
  return db
    .select({ orgId: orgs.id, orgName: orgs.name, enterpriseType: orgs.type, isDefault: userOrgs.isDefault })
    .from(userOrgs)
    .innerJoin(orgs, eq(orgs.id, userOrgs.orgId))
    .where(and(eq(userOrgs.userId, userId), eq(orgs.status, 0), inScope(scope, userOrgs.orgId)))
    .orderBy(orgs.orderNum, orgs.id);
}

/** The organisation a session opens in: the user's default enabled link in the scope, else the one owning the record. */
export async function defaultOrgOf(db: Executor, scope: Scope, userId: number, ownOrgId: number): Promise<number> {
  const [row] = await db
    .select({ orgId: userOrgs.orgId })
    .from(userOrgs)
    .innerJoin(orgs, eq(orgs.id, userOrgs.orgId))
    .where(and(eq(userOrgs.userId, userId), eq(orgs.status, 0), inScope(scope, userOrgs.orgId)))
    .orderBy(desc(userOrgs.isDefault), userOrgs.orgId)
    .limit(1);
  return row?.orgId ?? ownOrgId;
}

/** The password must be changed at the next sign-in (the policy's expiry passed). */
export async function setMustChangePassword(db: Executor, scope: Scope, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ mustChangePassword: true })
    .where(and(eq(users.id, userId), userVisible(scope)));
}

/** Stores a new password hash of a user the scope sees (no row otherwise). */
export async function setPasswordHash(db: Executor, scope: Scope, userId: number, hash: string, mustChange: boolean): Promise<UserRow[]> {
  return db
    .update(users)
    .set({ passwordHash: hash, passwordChangedAt: new Date(), mustChangePassword: mustChange, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(and(eq(users.id, userId), userVisible(scope)))
    .returning();
}

/** The user's latest password hashes, newest first (password history belongs to the user: see insertPasswordHistory). */
export async function recentPasswordHashes(db: Executor, userId: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(limit);
  return rows.map((r) => r.hash);
}
