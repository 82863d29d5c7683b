import { z } from 'zod';
import {
  checkPassword,
  LOGIN_NAME_RE,
  parseIdCard,
  ROLE_ADMIN,
  userFields,
  type AssignMenuBody,
  type ImportResult,
  type ResetPwdBody,
  type UserCreate,
  type UserListQuery,
  type UserUpdate,
} from '@venue/contract';
import type { Db, Executor } from '../../platform/db.ts';
import { bumpPermEpoch } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { Notice, type Caller } from '../../platform/http.ts';
import type { Lang } from '../../platform/i18n.ts';
import { orderOf, pageOf } from '../../platform/list.ts';
import { expectOneUpdated, scopeOf, SYSTEM_SCOPE, type Scope } from '../../platform/scope.ts';
import {
  duplicatesInFile,
  readRows,
  reject,
  templateXlsx,
  validateRows,
  xlsxFile,
  type SheetColumn,
  type UploadedFile,
  type ValidRow,
  rowsXlsx,
} from '../../platform/xlsx.ts';
import { hashPassword, oneTimePassword } from '../../platform/password.ts';
import { randomToken } from '../../platform/keys.ts';
import { setPassword } from './password.service.ts';
import { getPasswordStrategy } from './strategy.repository.ts';
import { clearFailures, accountKey } from './failures.repository.ts';
import type { users } from './system.table.ts';
import { mapDuplicate, today } from './admin.common.ts';
import { mergeGrant } from './menu.service.ts';
import { replaceUserMenus, userMenuIds } from './menu.repository.ts';
import { findOrg, findOrgsByCode, orgIdsInScope, orgInScope } from './org.repository.ts';
import { findRolesByIds, roleOrgsFor } from './role.repository.ts';
import {
  adminsAmong,
  deleteUserSessions,
  findUserView,
  findUserViewByMobile,
  findVisibleUser,
  insertOrgLinks,
  insertPasswordHistory,
  insertUsers,
  moveOwner,
  orgLinksOf,
  replaceUserRoles,
  rolesOfUser,
  selectUsers,
  setDefaultOrg,
  unlinkOrgs,
  updateUser,
  userDefaultOrder,
  type UserOrder,
  userListStatements,
  usersByCodes,
  usersByMobiles,
  userSorts,
  usersOfOrg,
  usersReachingOutside,
  type UserRow,
} from './user.repository.ts';

/**
 * Users (spec 3, 7.3; ARCHITECTURE 5, 6). A user's login name is `code`; the record belongs to
 * one organisation (`orgId`) and is linked to the organisations the user works in (one of
 * them the default, where sign-in opens). A caller sees the users of their organisation and
 * below; the platform organisation sees all. Status: 0 normal, 1 frozen, 2 cancelled; frozen
 * and cancelled users' sessions end at once. Only an administrator may manage an
 * administrator (a holder of ROLE_ADMIN). Decisions are in docs/decisions.md ("Users").
 */

/**
 * Deliberately platform-wide reads, each for one rule (nothing read this way is answered):
 * - ADMIN_CHECK: "only an administrator manages administrators" must see ROLE_ADMIN, which lives in
 *   the platform organisation, above a venue caller's reach;
 * - WHOLE_USER: rules about a user as a whole (is this their last organisation? which link becomes
 *   the default?) count every link;
 * - UNIQUE_ACROSS_PLATFORM: mobile numbers are unique across the platform, like login names;
 * - OWN_RECORD: everyone reads their own record whole.
 */
const ADMIN_CHECK: Scope = SYSTEM_SCOPE;
const WHOLE_USER: Scope = SYSTEM_SCOPE;
const UNIQUE_ACROSS_PLATFORM: Scope = SYSTEM_SCOPE;
const OWN_RECORD: Scope = SYSTEM_SCOPE;

const USER_UNIQUE = {
  sys_user_code_uq: ['code', 'field.loginName'] as [string, string],
  sys_user_mobile_uq: ['mobile', 'field.mobile'] as [string, string],
};

export type UserView = NonNullable<Awaited<ReturnType<typeof findUserView>>>;

export interface UserDetail extends UserView {
  userId: number;
  roles: Awaited<ReturnType<typeof rolesOfUser>>;
  roleIds: number[];
  orgs: Awaited<ReturnType<typeof orgLinksOf>>;
  orgIds: number[];
  defaultOrgId: number;
}

/** Birth date and sex from an identity-card number when they are not given (spec 5). */
export function withIdCard<T extends { idType?: string | null; idNumber?: string | null; birthday?: string | null; sex?: number | null }>(input: T): T {
  if (!input.idNumber || (input.idType && input.idType !== '1')) return input;
  const info = parseIdCard(input.idNumber);
  if (!info) return input;
  return { ...input, birthday: input.birthday ?? info.birthday, sex: input.sex ?? info.sex };
}

function filterOf(q: UserListQuery) {
  return {
    name: q.name,
    code: q.code,
    no: q.no,
    mobile: q.mobile,
    status: q.status === '' ? undefined : q.status,
    orgId: q.orgId === '' ? undefined : q.orgId,
    includeChildren: q.includeChildren,
    beginDate: q.beginDate,
    endDate: q.endDate,
  };
}

/** The sort of the user list and export (orderOf refuses a field the list cannot sort by). */
function orderOfUsers(q: Pick<UserListQuery, 'sortField' | 'sortOrder'>): UserOrder {
  return { key: `sort:${q.sortField ?? ''}:${q.sortField ? q.sortOrder : ''}`, sql: orderOf(q, userSorts, userDefaultOrder) };
}

/** The count and page statements of `user/list` with their values (the bench runs their SQL directly). */
export function userListPlan(db: Executor, caller: Caller, q: UserListQuery, timeZone: string) {
  const { limit, offset } = pageOf(q);
  return userListStatements(db, scopeOf(caller), filterOf(q), timeZone, orderOfUsers(q), limit, offset);
}

export async function listUsers(db: Db, caller: Caller, q: UserListQuery, timeZone: string) {
  const { statements, values } = userListPlan(db, caller, q, timeZone);
  const [[c], data] = await Promise.all([statements.count.execute(values), statements.page.execute(values)]);
  return { total: Number(c?.n ?? 0), data };
}

/** The user's record with the caller's part of their roles and organisations (none from outside the caller's reach). */
async function detailOf(db: Executor, scope: Scope, view: UserView): Promise<UserDetail> {
  const [roleRows, orgRows] = await Promise.all([rolesOfUser(db, scope, view.id), orgLinksOf(db, scope, view.id)]);
  const def = orgRows.find((o) => o.isDefault) ?? orgRows[0];
  return {
    ...view,
    userId: view.id,
    roles: roleRows,
    roleIds: roleRows.map((r) => r.id),
    orgs: orgRows,
    orgIds: orgRows.map((o) => o.orgId),
    defaultOrgId: def?.orgId ?? view.orgId,
  };
}

export async function userDetail(db: Db, caller: Caller, id: number): Promise<UserDetail> {
  return detailIn(db, scopeOf(caller), id);
}

async function detailIn(db: Db, scope: Scope, id: number): Promise<UserDetail> {
  const view = await findUserView(db, scope, id);
  if (!view) throw notFound();
  return detailOf(db, scope, view);
}

/** The caller's own record, whole (everyone may read themselves). */
export async function ownDetail(db: Db, caller: Caller): Promise<UserDetail> {
  return detailIn(db, OWN_RECORD, caller.userId);
}

export async function userDetailByPhone(db: Db, caller: Caller, mobile: string): Promise<UserDetail> {
  const scope = scopeOf(caller);
  const view = await findUserViewByMobile(db, scope, mobile.trim());
  if (!view) throw notFound();
  return detailOf(db, scope, view);
}

async function visibleTarget(db: Executor, caller: Caller, id: number): Promise<UserRow> {
  const user = await findVisibleUser(db, scopeOf(caller), id);
  if (!user) throw notFound();
  if (!caller.admin && (await adminsAmong(db, ADMIN_CHECK, [id])).size) throw new AppError('FORBIDDEN', 'user.adminOnly');
  return user;
}

/**
 * A user whose identity, credentials or status the caller may change: visible, and every
 * organisation the user belongs to lies within the caller's reach. A venue administrator can
 * therefore never reset the password of someone who also works for the platform or another venue.
 */
async function manageableTarget(db: Executor, caller: Caller, id: number): Promise<UserRow> {
  const user = await visibleTarget(db, caller, id);
  if ((await usersReachingOutside(db, scopeOf(caller), [id])).size) throw new AppError('FORBIDDEN', 'user.sharedOutside');
  return user;
}

function passwordIssues(pw: string, strategy: Awaited<ReturnType<typeof getPasswordStrategy>>, loginName: string, field = 'password'): void {
  const violations = checkPassword(pw, strategy, loginName);
  if (violations.length)
    throw new AppError(
      'FORM_INVALID',
      violations[0]!,
      undefined,
      violations.map((v) => ({ field, message: v })),
    );
}

/**
 * Checks the roles a caller gives a user in place of the user's roles inside the caller's reach:
 * each must lie in the reach and belong to one of the user's organisations or to one above it up to
 * its venue organisation (shared with its departments); ROLE_ADMIN only from
 * an administrator. Answers the roles to store: `replaceUserRoles` changes the scope's part only,
 * so roles the caller cannot see stay as they are.
 */
async function checkRoles(db: Executor, caller: Caller, scope: Scope, userId: number, requested: number[], userOrgIds: Set<number>): Promise<number[]> {
  const want = [...new Set(requested)];
  const found = await findRolesByIds(db, scope, want);
  if (found.length !== want.length) throw notFound();
  // A role of one of the user's organisations, or shared with it from above (up to its venue organisation).
  const allowed = await roleOrgsFor(db, scope, [...userOrgIds]);
  for (const r of found) {
    if (!allowed.has(r.orgId)) throw new AppError('INVALID', 'user.roleOrgMismatch', { role: r.name });
  }
  const current = await rolesOfUser(db, scope, userId);
  const adminRole = (id: number) => [...found, ...current].find((r) => r.id === id)?.code === ROLE_ADMIN;
  const adding = want.filter((id) => !current.some((r) => r.id === id));
  const removing = current.map((r) => r.id).filter((id) => !want.includes(id));
  if (!caller.admin && [...adding, ...removing].some(adminRole)) throw new AppError('FORBIDDEN', 'user.adminOnly');
  if (userId === caller.userId && removing.some(adminRole)) throw new AppError('INVALID', 'user.selfAdmin');
  return want;
}

/** The organisations of the scope a user belongs to: the links and the owner. */
async function orgsOfUserIn(db: Executor, scope: Scope, user: UserRow): Promise<Set<number>> {
  const links = new Set((await orgLinksOf(db, scope, user.id)).map((o) => o.orgId));
  if (await orgInScope(db, scope, user.orgId)) links.add(user.orgId);
  return links;
}

/**
 * `POST user`: a new user in `orgId` (default: the caller's organisation), answered with its id.
 * Without a password the user gets a one-time random one, answered once as `initialPassword`
 * for the administrator to hand over, and to be changed at first sign-in.
 */
export async function createUser(db: Db, caller: Caller, raw: UserCreate, timeZone: string): Promise<UserDetail & { initialPassword?: string }> {
  const input = withIdCard(raw);
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  if (!(await orgInScope(db, scope, orgId))) throw notFound();
  const strategy = await getPasswordStrategy(db);
  let password = input.password ?? '';
  let mustChange: boolean;
  let initialPassword: string | undefined;
  if (password) {
    passwordIssues(password, strategy, input.code);
    mustChange = strategy.forceChangeOnFirstLogin;
  } else {
    password = initialPassword = oneTimePassword(strategy, input.code);
    mustChange = true;
  }
  const hash = await hashPassword(password);
  const status = input.status ?? 0;
  const id = await db.transaction(async (tx) => {
    const [created] = await mapDuplicate(
      insertUsers(tx, scope, [
        {
          ...pickFields(input),
          orgId,
          code: input.code,
          name: input.name,
          passwordHash: hash,
          status,
          type: input.type ?? 1,
          registerDate: input.registerDate ?? today(timeZone),
          cancelDate: status === 2 ? today(timeZone) : null,
          passwordChangedAt: new Date(),
          mustChangePassword: mustChange,
          createdBy: caller.userId,
        },
      ]),
      USER_UNIQUE,
    );
    await insertOrgLinks(tx, scope, [{ userId: created!.id, orgId, isDefault: true }]);
    await insertPasswordHistory(tx, [{ userId: created!.id, passwordHash: hash }]);
    if (input.roleIds?.length) {
      await replaceUserRoles(tx, scope, created!.id, await checkRoles(tx, caller, scope, created!.id, input.roleIds, new Set([orgId])));
      await bumpPermEpoch(tx);
    }
    return created!.id;
  });
  const detail = await userDetail(db, caller, id);
  return initialPassword ? { ...detail, initialPassword } : detail;
}

const FIELD_KEYS = Object.keys(userFields.shape) as (keyof typeof userFields.shape)[];

function pickFields(input: Record<string, unknown>): Partial<typeof users.$inferInsert> {
  const out: Record<string, unknown> = {};
  for (const k of FIELD_KEYS) if (input[k] !== undefined && k !== 'status') out[k] = input[k];
  return out as Partial<typeof users.$inferInsert>;
}

function statusEffects(status: number, timeZone: string): Partial<typeof users.$inferInsert> {
  return { status, cancelDate: status === 2 ? today(timeZone) : null };
}

/** `PUT user/{id}`: fields given are changed; a stale version answers 100409. */
export async function editUser(db: Db, caller: Caller, id: number, raw: UserUpdate, timeZone: string): Promise<UserDetail> {
  const scope = scopeOf(caller);
  const user = await visibleTarget(db, caller, id);
  const input = raw.idNumber ? withIdCard(raw) : raw;
  const statusChange = input.status !== undefined && input.status !== user.status;
  const identityChange =
    statusChange ||
    (input.code !== undefined && input.code !== user.code) ||
    Object.keys(changedFields(user, pickFields(input))).length > 0 ||
    (input.name !== undefined && input.name !== user.name);
  if (identityChange) await manageableTarget(db, caller, id);
  if (statusChange && id === caller.userId && input.status !== 0) throw new AppError('INVALID', 'user.selfStatus');
  await db.transaction(async (tx) => {
    const values: Partial<typeof users.$inferInsert> = { ...pickFields(input), ...(input.code ? { code: input.code } : {}) };
    if (statusChange) Object.assign(values, statusEffects(input.status!, timeZone));
    const updated = await mapDuplicate(updateUser(tx, scope, id, input.version, values), USER_UNIQUE);
    expectOneUpdated(updated);
    if (statusChange && input.status !== 0) await deleteUserSessions(tx, scope, id);
    if (input.roleIds) {
      await replaceUserRoles(tx, scope, id, await checkRoles(tx, caller, scope, id, input.roleIds, await orgsOfUserIn(tx, scope, user)));
      await bumpPermEpoch(tx);
    }
  });
  return userDetail(db, caller, id);
}

/** `PUT user/changeStatus`: 0 normal, 1 frozen, 2 cancelled; frozen and cancelled users are signed out at once. */
export async function changeStatus(db: Db, caller: Caller, userId: number, status: 0 | 1 | 2, timeZone: string): Promise<void> {
  const scope = scopeOf(caller);
  const user = await manageableTarget(db, caller, userId);
  if (userId === caller.userId && status !== 0) throw new AppError('INVALID', 'user.selfStatus');
  await db.transaction(async (tx) => {
    await updateUser(tx, scope, userId, undefined, user.status === status ? {} : statusEffects(status, timeZone));
    if (status !== 0) await deleteUserSessions(tx, scope, userId);
  });
}

/**
 * `PUT user/resetPwd`: an administrator sets a user's password, typed twice, or chooses the
 * policy's default password (`useDefault`; the only use of it, which nobody can read). The
 * policy holds (history included); the user's sessions end (except the caller's own when
 * resetting themselves), any sign-in lock is cleared, and the user must change the password
 * at the next sign-in.
 */
export async function resetPassword(db: Db, caller: Caller, input: ResetPwdBody): Promise<void> {
  if (!input.useDefault) {
    if (!input.password) throw new AppError('FORM_INVALID', 'error.field.required', undefined, [{ field: 'password', message: 'error.field.required' }]);
    if (input.password !== input.confirmPassword) {
      throw new AppError('FORM_INVALID', 'password.mismatch', undefined, [{ field: 'confirmPassword', message: 'password.mismatch' }]);
    }
  }
  const user = await manageableTarget(db, caller, input.userId);
  const password = input.useDefault ? (await getPasswordStrategy(db)).defaultPassword : input.password!;
  await db.transaction(async (tx) => {
    try {
      await setPassword(tx, scopeOf(caller), user.id, user.code, password, { mustChange: true });
    } catch (e) {
      if (e instanceof AppError && e.codeName !== 'CONFLICT' && Array.isArray(e.detail)) {
        throw new AppError(
          e.codeName,
          e.msgKey,
          e.params,
          (e.detail as { field: string }[]).map((d) => ({ ...d, field: 'password' })),
        );
      }
      throw e;
    }
    await deleteUserSessions(tx, scopeOf(caller), user.id, user.id === caller.userId ? caller.sessionId : undefined);
    await clearFailures(tx, [accountKey(user.code)]);
  });
}

/**
 * `DELETE user/{userId}/{orgId}`: removes the user from one organisation (with that
 * organisation's roles, menus and sessions). Removing the last one cancels the user instead
 * (status 2, sessions end) and keeps the link, so the record stays visible where it was.
 */
export async function removeFromOrg(db: Db, caller: Caller, userId: number, orgId: number, timeZone: string): Promise<Notice<null>> {
  const scope = scopeOf(caller);
  const user = await visibleTarget(db, caller, userId);
  if (!(await orgInScope(db, scope, orgId))) throw notFound();
  const links = await orgLinksOf(db, WHOLE_USER, userId);
  if (!links.some((l) => l.orgId === orgId) && user.orgId !== orgId) throw new AppError('INVALID', 'user.notInOrg');
  const rest = links.filter((l) => l.orgId !== orgId);
  if (userId === caller.userId && orgId === (caller.sessionOrgId ?? caller.orgId)) throw new AppError('INVALID', 'user.selfOrg');
  if (rest.length === 0) {
    if (userId === caller.userId) throw new AppError('INVALID', 'user.selfStatus');
    await db.transaction(async (tx) => {
      await updateUser(tx, scope, userId, undefined, statusEffects(2, timeZone));
      await deleteUserSessions(tx, scope, userId);
    });
    return new Notice(null, 'user.cancelledNoOrg');
  }
  await db.transaction(async (tx) => {
    await unlinkOrgs(tx, scope, userId, [orgId]);
    const def = rest.find((l) => l.isDefault) ?? rest[0]!;
    await setDefaultOrg(tx, scope, userId, def.orgId);
    if (user.orgId === orgId) await moveOwner(tx, scope, userId, def.orgId);
    else await updateUser(tx, scope, userId, undefined, {});
    await bumpPermEpoch(tx);
  });
  return new Notice(null, 'user.removedFromOrg');
}

/** `PUT user/{id}/roles`: replaces the user's roles (see mergeRoles). */
export async function setUserRoles(db: Db, caller: Caller, id: number, roleIds: number[]): Promise<UserDetail> {
  const scope = scopeOf(caller);
  const user = await visibleTarget(db, caller, id);
  await db.transaction(async (tx) => {
    await replaceUserRoles(tx, scope, id, await checkRoles(tx, caller, scope, id, roleIds, await orgsOfUserIn(tx, scope, user)));
    await updateUser(tx, scope, id, undefined, {});
    await bumpPermEpoch(tx);
  });
  return userDetail(db, caller, id);
}

/**
 * `PUT user/{id}/orgs`: the organisations the user works in and the default one. Links to
 * organisations outside the caller's reach stay; a removed organisation takes its roles, menus
 * and sessions with it. The owning organisation follows the default when it is removed.
 */
export async function setUserOrgs(db: Db, caller: Caller, id: number, orgIds: number[], defaultOrgId: number): Promise<UserDetail> {
  const scope = scopeOf(caller);
  const user = await visibleTarget(db, caller, id);
  const want = [...new Set(orgIds)];
  if (!want.includes(defaultOrgId)) {
    throw new AppError('FORM_INVALID', 'user.defaultOrgInvalid', undefined, [{ field: 'defaultOrgId', message: 'user.defaultOrgInvalid' }]);
  }
  const visible = await orgIdsInScope(db, scope, want);
  if (visible.size !== want.length) throw notFound();
  const links = await orgLinksOf(db, WHOLE_USER, id);
  const current = links.map((l) => l.orgId);
  const reachable = await orgIdsInScope(db, scope, current);
  const removed = current.filter((o) => reachable.has(o) && !want.includes(o));
  const added = want.filter((o) => !current.includes(o));
  if (id === caller.userId && removed.includes(caller.sessionOrgId ?? caller.orgId)) throw new AppError('INVALID', 'user.selfOrg');
  await db.transaction(async (tx) => {
    await unlinkOrgs(tx, scope, id, removed);
    await insertOrgLinks(
      tx,
      scope,
      added.map((orgId) => ({ userId: id, orgId, isDefault: false })),
    );
    await setDefaultOrg(tx, scope, id, defaultOrgId);
    const finalOrgs = new Set([...current.filter((o) => !removed.includes(o)), ...added]);
    if (finalOrgs.has(user.orgId)) await updateUser(tx, scope, id, undefined, {});
    else await moveOwner(tx, scope, id, defaultOrgId);
    await bumpPermEpoch(tx);
  });
  return userDetail(db, caller, id);
}

/** `POST user/assign-menu`: replaces the menus given to a user directly in one of their organisations. */
export async function assignMenus(db: Db, caller: Caller, input: AssignMenuBody): Promise<{ userId: number; orgId: number; menuIds: number[] }> {
  const scope = scopeOf(caller);
  const user = await visibleTarget(db, caller, input.userId);
  if (!(await orgInScope(db, scope, input.orgId))) throw notFound();
  const links = await orgLinksOf(db, scope, user.id);
  if (!links.some((l) => l.orgId === input.orgId) && user.orgId !== input.orgId) throw new AppError('INVALID', 'user.notInOrg');
  await db.transaction(async (tx) => {
    const merged = await mergeGrant(tx, caller, await userMenuIds(tx, scope, user.id, input.orgId), input.menuIds);
    await replaceUserMenus(tx, scope, user.id, input.orgId, merged);
    await bumpPermEpoch(tx);
  });
  return { userId: user.id, orgId: input.orgId, menuIds: await userMenuIds(db, scope, user.id, input.orgId) };
}

/** `GET user/menu/{id}`: the menu ids given to the user directly (in one organisation when `orgId` is given). */
export async function directMenus(db: Db, caller: Caller, userId: number, orgId?: number): Promise<number[]> {
  const scope = scopeOf(caller);
  const user = await findVisibleUser(db, scope, userId);
  if (!user) throw notFound();
  if (orgId !== undefined && !(await orgInScope(db, scope, orgId))) throw notFound();
  return userMenuIds(db, scope, userId, orgId);
}

/** `GET user/getInfoByOrgId/{orgId}`: the users of one organisation. */
export async function usersOfOrgId(db: Db, caller: Caller, orgId: number) {
  const scope = scopeOf(caller);
  const org = await findOrg(db, scope, orgId);
  if (!org) throw notFound();
  return usersOfOrg(db, scope, orgId);
}

// ---- export and import ----------------------------------------------------------------------

const L = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export const userSheet: SheetColumn[] = [
  { key: 'code', title: L('登录名', 'Login name'), required: true, width: 18 },
  { key: 'name', title: L('姓名', 'Name'), required: true, width: 14 },
  { key: 'no', title: L('用户编号', 'User no.') },
  { key: 'orgCode', title: L('组织编码', 'Organisation code'), width: 20 },
  { key: 'orgName', title: L('所属组织', 'Organisation'), exportOnly: true, width: 20 },
  { key: 'mobile', title: L('手机号', 'Mobile'), width: 14 },
  { key: 'email', title: L('邮箱', 'Email'), width: 22 },
  {
    key: 'status',
    title: L('状态', 'Status'),
    options: [
      { value: 0, label: L('正常', 'Normal') },
      { value: 1, label: L('冻结', 'Frozen') },
      { value: 2, label: L('注销', 'Cancelled') },
    ],
  },
  {
    key: 'sex',
    title: L('性别', 'Sex'),
    options: [
      { value: 1, label: L('男', 'Male') },
      { value: 2, label: L('女', 'Female') },
    ],
  },
  { key: 'birthday', title: L('出生日期', 'Birthday'), date: true },
  {
    key: 'idType',
    title: L('证件类型', 'ID type'),
    options: [
      { value: '1', label: L('身份证', 'ID card') },
      { value: '2', label: L('护照', 'Passport') },
      { value: '3', label: L('港澳通行证', 'HK/Macau pass') },
    ],
  },
  { key: 'idNumber', title: L('证件号码', 'ID number'), width: 22 },
  { key: 'idStartDate', title: L('证件有效期起', 'ID valid from'), date: true },
  { key: 'idEndDate', title: L('证件有效期止', 'ID valid to'), date: true },
  { key: 'idAddress', title: L('证件地址', 'ID address'), width: 24 },
  { key: 'idAgency', title: L('签发机关', 'Issuing agency'), width: 18 },
  { key: 'address', title: L('联系地址', 'Address'), width: 24 },
  { key: 'nationality', title: L('国籍', 'Nationality') },
  { key: 'citizenship', title: L('民族', 'Citizenship') },
  { key: 'education', title: L('学历', 'Education') },
  { key: 'nativePlace', title: L('籍贯', 'Native place') },
  { key: 'zipCode', title: L('邮编', 'Zip code') },
  { key: 'jobNumber', title: L('工号', 'Job number') },
  { key: 'officePhone', title: L('办公电话', 'Office phone') },
  { key: 'qq', title: L('QQ', 'QQ') },
  { key: 'fax', title: L('传真', 'Fax') },
  { key: 'registerDate', title: L('注册日期', 'Register date'), date: true },
  { key: 'cancelDate', title: L('注销日期', 'Cancel date'), date: true, exportOnly: true },
  { key: 'remark', title: L('备注', 'Remark'), width: 24 },
  { key: 'createTime', title: L('创建时间', 'Created'), exportOnly: true, width: 20 },
];

/** `POST user/export`: the users matching the list filters (at most 100,000), as xlsx. */
export async function exportUsers(db: Db, caller: Caller, q: UserListQuery, timeZone: string, lang: Lang) {
  const rows = await selectUsers(db, scopeOf(caller), filterOf(q), timeZone, orderOfUsers(q));
  return rowsXlsx(userSheet, rows as unknown as Record<string, unknown>[], lang, lang === 'zh-CN' ? '用户列表' : 'users', lang === 'zh-CN' ? '用户' : 'Users');
}

export async function userTemplate(lang: Lang) {
  const data = await templateXlsx(userSheet, lang, {
    code: 'zhangsan',
    name: lang === 'zh-CN' ? '张三' : 'Zhang San',
    mobile: '13900000000',
    status: 0,
    idType: '1',
    idNumber: '11010519491231002X',
  });
  return xlsxFile(lang === 'zh-CN' ? '用户导入模板' : 'user-import-template', data, false);
}

/** One imported row: text cells coerced to the user fields. */
const importRow = userFields.extend({
  code: z.string().trim().regex(LOGIN_NAME_RE, 'error.field.invalid'),
  orgCode: z.string().trim().max(64).optional(),
  status: z.coerce.number().int().min(0).max(2).optional(),
  sex: z.coerce.number().int().min(1).max(2).optional(),
});
type ImportRow = z.output<typeof importRow>;

const IMPORT_FIELDS = FIELD_KEYS.filter((k) => k !== 'type' && k !== 'status');

/**
 * `POST user/import`: every row is checked (fields, duplicates inside the file, organisation
 * codes, login names and mobiles used by others) before anything is written; one bad row
 * rejects the file with the report and nothing is saved. Rows whose login name is a user the
 * caller can see update that user's fields (an exported file imports again); other rows create
 * users in the row's organisation (default: the caller's) with the policy's default password,
 * hashed once per import, to be changed at first sign-in.
 */
export async function importUsers(db: Db, caller: Caller, file: UploadedFile, timeZone: string, lang: Lang): Promise<Notice<ImportResult>> {
  const scope = scopeOf(caller);
  const raw = await readRows(file, userSheet, lang);
  const { valid, issues } = validateRows(raw, importRow);
  issues.push(...duplicatesInFile(valid, 'code', (d) => d.code), ...duplicatesInFile(valid, 'mobile', (d) => d.mobile));

  const orgCodes = [...new Set(valid.map((r) => r.data.orgCode).filter((c): c is string => !!c))];
  const orgByCode = new Map((await findOrgsByCode(db, scope, orgCodes)).map((o) => [o.code, o.id]));
  for (const r of valid) {
    if (r.data.orgCode && !orgByCode.has(r.data.orgCode)) issues.push({ row: r.row, field: 'orgCode', message: 'user.import.orgUnknown' });
  }
  const existing = new Map(
    (
      await usersByCodes(
        db,
        scope,
        valid.map((r) => r.data.code),
      )
    ).map((u) => [u.code.toLowerCase(), u]),
  );
  const existingIds = [...existing.values()].map((u) => u.id);
  const adminIds = caller.admin ? new Set<number>() : await adminsAmong(db, ADMIN_CHECK, existingIds);
  const shared = await usersReachingOutside(db, scope, existingIds);
  for (const r of valid) {
    const u = existing.get(r.data.code.toLowerCase());
    if (u && !u.visible) issues.push({ row: r.row, field: 'code', message: 'user.import.codeTaken' });
    else if (u && adminIds.has(u.id)) issues.push({ row: r.row, field: 'code', message: 'user.adminOnly' });
    else if (u && shared.has(u.id)) issues.push({ row: r.row, field: 'code', message: 'user.sharedOutside' });
  }
  const mobiles = valid.map((r) => r.data.mobile).filter((m): m is string => !!m);
  const owners = new Map((await usersByMobiles(db, UNIQUE_ACROSS_PLATFORM, mobiles)).map((o) => [o.mobile, o.code.toLowerCase()]));
  for (const r of valid) {
    const owner = r.data.mobile ? owners.get(r.data.mobile) : undefined;
    if (owner !== undefined && owner !== r.data.code.toLowerCase()) issues.push({ row: r.row, field: 'mobile', message: 'user.import.mobileTaken' });
  }
  if (issues.length) reject(issues, lang, raw.length);

  const creates: ValidRow<ImportRow>[] = [];
  const updates: { row: ValidRow<ImportRow>; user: UserRow }[] = [];
  for (const r of valid) {
    const u = existing.get(r.data.code.toLowerCase());
    if (u) updates.push({ row: r, user: u });
    else creates.push(r);
  }
  // New users get a secret nobody knows: an administrator resets their password, or they set one
  // by SMS sign-in or password recovery. No shared, published password ever opens an account.
  const hash = creates.length ? await hashPassword(randomToken(32)) : '';
  const day = today(timeZone);
  const now = new Date();
  let updated = 0;
  await db
    .transaction(async (tx) => {
      for (let i = 0; i < creates.length; i += 500) {
        const chunk = creates.slice(i, i + 500);
        const values = chunk.map(({ data }) => {
          const d = withIdCard(data);
          const status = d.status ?? 0;
          return {
            ...pickImport(d),
            orgId: d.orgCode ? orgByCode.get(d.orgCode)! : caller.orgId,
            code: d.code,
            name: d.name,
            passwordHash: hash,
            status,
            type: 1,
            registerDate: d.registerDate ?? day,
            cancelDate: status === 2 ? day : null,
            passwordChangedAt: now,
            mustChangePassword: true,
            createdBy: caller.userId,
          };
        });
        const ids = await insertUsers(tx, scope, values);
        const orgOf = new Map(values.map((v) => [v.code.toLowerCase(), v.orgId]));
        await insertOrgLinks(
          tx,
          scope,
          ids.map((u) => ({ userId: u.id, orgId: orgOf.get(u.code.toLowerCase())!, isDefault: true })),
        );
        await insertPasswordHistory(
          tx,
          ids.map((u) => ({ userId: u.id, passwordHash: hash })),
        );
      }
      for (const { row, user } of updates) {
        const d = withIdCard(row.data);
        const patch = changedFields(user, pickImport(d));
        const status = d.status ?? user.status;
        if (status !== user.status) Object.assign(patch, statusEffects(status, timeZone));
        if (d.name !== user.name) patch.name = d.name;
        if (d.code !== user.code) patch.code = d.code;
        if (Object.keys(patch).length === 0) continue;
        await updateUser(tx, scope, user.id, undefined, patch);
        if (status !== 0 && status !== user.status) await deleteUserSessions(tx, scope, user.id);
        updated++;
      }
    })
    .catch((e) => mapDuplicate(Promise.reject(e), USER_UNIQUE));
  return new Notice({ total: raw.length, created: creates.length, updated }, creates.length ? 'user.import.doneNoPassword' : 'import.done', {
    created: creates.length,
    updated,
  });
}

function pickImport(d: ImportRow): Partial<typeof users.$inferInsert> {
  const out: Record<string, unknown> = {};
  for (const k of IMPORT_FIELDS) {
    const v = (d as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out as Partial<typeof users.$inferInsert>;
}

function changedFields(user: UserRow, next: Partial<typeof users.$inferInsert>): Partial<typeof users.$inferInsert> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(next)) {
    if (k === 'name') continue;
    const cur = (user as Record<string, unknown>)[k];
    if ((cur ?? null) !== (v ?? null)) out[k] = v;
  }
  return out as Partial<typeof users.$inferInsert>;
}
