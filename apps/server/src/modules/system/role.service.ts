import crypto from 'node:crypto';
import { ROLE_ADMIN, ROLE_DEFAULT, type RoleCreate, type RoleListQuery, type RoleUpdate, type RoleUsersBody } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { bumpPermEpoch } from '../../platform/access.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { Caller } from '../../platform/http.ts';
import { orderOf, pageOf } from '../../platform/list.ts';
import { expectOneUpdated, scopeOf } from '../../platform/scope.ts';
import { mapDuplicate } from './admin.common.ts';
import { mergeGrant } from './menu.service.ts';
import {
  addUserRoles,
  countRoles,
  deleteRoles,
  findRole,
  findRolesByIds,
  insertRole,
  orgIdsOfUsers,
  pageRoles,
  roleOrgsFor,
  removeUserRoles,
  replaceRoleMenus,
  roleDefaultOrder,
  roleMenuIds,
  roleSorts,
  roleUsage,
  touchRole,
  updateRole,
  usersOfRole,
  type RoleRow,
} from './role.repository.ts';
import { orgInScope } from './org.repository.ts';
import { findVisibleUsers } from './user.repository.ts';

/**
 * Roles (spec 3, 6): no, name, type, status, remark, a menu permission tree and users. A role
 * belongs to an organisation and counts only in it (a user's roles are those of the
 * organisation their session is in). The built-in ROLE_ADMIN holds every permission: its code
 * is reserved, it cannot be deleted, disabled or recoded, and only an administrator may give
 * or take it. A role still held by users or granted API routes cannot be deleted.
 */

const ROLE_UNIQUE = { sys_role_org_code_uq: ['code', 'field.roleCode'] as [string, string] };
const RESERVED = new Set([ROLE_ADMIN, ROLE_DEFAULT]);

export type RoleView = Omit<RoleRow, 'createdAt' | 'updatedAt'> & { orgName: string; createTime: Date; updateTime: Date; userCount: number };

const isBuiltin = (r: { code: string }) => r.code === ROLE_ADMIN;

export async function listRoles(db: Db, caller: Caller, q: RoleListQuery) {
  const scope = scopeOf(caller);
  const filter = {
    name: q.name,
    code: q.code,
    no: q.no,
    status: q.status === '' ? undefined : q.status,
    orgId: q.orgId === '' ? undefined : q.orgId,
    forOrgIds: q.forOrgIds,
  };
  const { limit, offset } = pageOf(q);
  const order = orderOf(q, roleSorts, roleDefaultOrder);
  const [total, data] = await Promise.all([countRoles(db, scope, filter), pageRoles(db, scope, filter, order, limit, offset)]);
  return { total, data };
}

export async function getRole(db: Db, caller: Caller, id: number): Promise<RoleView> {
  const [row] = await pageRoles(db, scopeOf(caller), { id }, [], 1, 0);
  if (!row) throw notFound();
  return row as RoleView;
}

/** Reserved codes (ROLE_ADMIN, ROLE_DEFAULT) are refused whichever field they arrive through. */
function checkCode(code: string | undefined, field: 'code' | 'no' = 'code'): void {
  if (code && RESERVED.has(code.trim().toUpperCase()))
    throw new AppError('FORM_INVALID', 'role.codeReserved', undefined, [{ field, message: 'role.codeReserved' }]);
}

export async function createRole(db: Db, caller: Caller, input: RoleCreate): Promise<RoleView> {
  const scope = scopeOf(caller);
  const orgId = input.orgId ?? caller.orgId;
  if (!(await orgInScope(db, scope, orgId))) throw notFound();
  checkCode(input.code);
  // Without a code, a role number that fits the code pattern becomes the code.
  const fromNo = !input.code && !!input.no && /^[A-Za-z0-9_.:-]+$/.test(input.no);
  if (fromNo) checkCode(input.no!, 'no');
  const code = input.code || (fromNo ? input.no! : `ROLE_${crypto.randomBytes(4).toString('hex').toUpperCase()}`);
  const id = await db.transaction(async (tx) => {
    const row = await mapDuplicate(
      insertRole(tx, scope, {
        orgId,
        code,
        no: input.no ?? null,
        name: input.name,
        type: input.type ?? 1,
        status: input.status ?? 0,
        remark: input.remark ?? null,
      }),
      ROLE_UNIQUE,
    );
    if (input.menuIds?.length) await replaceRoleMenus(tx, scope, row.id, await mergeGrant(tx, caller, [], input.menuIds));
    await bumpPermEpoch(tx);
    return row.id;
  });
  return getRole(db, caller, id);
}

export async function editRole(db: Db, caller: Caller, id: number, input: RoleUpdate): Promise<RoleView> {
  const scope = scopeOf(caller);
  const row = await findRole(db, scope, id);
  if (!row) throw notFound();
  if (isBuiltin(row)) {
    if (!caller.admin) throw new AppError('FORBIDDEN', 'user.adminOnly');
    if ((input.code !== undefined && input.code !== row.code) || (input.status !== undefined && input.status !== 0))
      throw new AppError('INVALID', 'role.builtin');
  } else checkCode(input.code);
  const { version, ...fields } = input;
  await db.transaction(async (tx) => {
    const updated = await mapDuplicate(updateRole(tx, scope, id, version, fields), ROLE_UNIQUE);
    expectOneUpdated(updated);
    await bumpPermEpoch(tx);
  });
  return getRole(db, caller, id);
}

/** Deletes roles (all or none): refused for the built-in role and for roles held by users or granted APIs. */
export async function removeRoles(db: Db, caller: Caller, ids: number[]): Promise<void> {
  const scope = scopeOf(caller);
  const unique = [...new Set(ids)];
  const found = await findRolesByIds(db, scope, unique);
  if (found.length !== unique.length) throw notFound();
  if (found.some(isBuiltin)) throw new AppError('INVALID', 'role.builtin');
  const usage = await roleUsage(db, scope, unique);
  for (const [, u] of usage) {
    if (u.users) throw conflict('state', 'role.inUse', { n: u.users });
    if (u.apis) throw conflict('state', 'role.inUseApi', { n: u.apis });
  }
  await db.transaction(async (tx) => {
    await deleteRoles(tx, scope, unique);
    await bumpPermEpoch(tx);
  });
}

export async function getRoleMenus(db: Db, caller: Caller, id: number): Promise<{ roleId: number; menuIds: number[] }> {
  const scope = scopeOf(caller);
  const row = await findRole(db, scope, id);
  if (!row) throw notFound();
  return { roleId: id, menuIds: await roleMenuIds(db, scope, id) };
}

/** Replaces a role's menu permissions (the caller can only grant menus they hold; see mergeGrant). */
export async function setRoleMenus(db: Db, caller: Caller, id: number, menuIds: number[]): Promise<{ roleId: number; menuIds: number[] }> {
  const scope = scopeOf(caller);
  const row = await findRole(db, scope, id);
  if (!row) throw notFound();
  if (isBuiltin(row) && !caller.admin) throw new AppError('FORBIDDEN', 'user.adminOnly');
  await db.transaction(async (tx) => {
    const merged = await mergeGrant(tx, caller, await roleMenuIds(tx, scope, id), menuIds);
    await replaceRoleMenus(tx, scope, id, merged);
    await touchRole(tx, scope, id);
    await bumpPermEpoch(tx);
  });
  return getRoleMenus(db, caller, id);
}

export async function getRoleUsers(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  const row = await findRole(db, scope, id);
  if (!row) throw notFound();
  return usersOfRole(db, scope, id);
}

/** Adds and removes holders of a role. Added users must belong to the role's organisation. */
export async function changeRoleUsers(db: Db, caller: Caller, id: number, change: RoleUsersBody) {
  const scope = scopeOf(caller);
  const row = await findRole(db, scope, id);
  if (!row) throw notFound();
  const add = [...new Set(change.add ?? [])];
  const remove = [...new Set(change.remove ?? [])];
  if (isBuiltin(row) && !caller.admin && (add.length || remove.length)) throw new AppError('FORBIDDEN', 'user.adminOnly');
  if (isBuiltin(row) && remove.includes(caller.userId)) throw new AppError('INVALID', 'user.selfAdmin');
  const all = [...new Set([...add, ...remove])];
  const visible = await findVisibleUsers(db, scope, all);
  if (visible.length !== all.length) throw notFound();
  const orgsOf = await orgIdsOfUsers(db, scope, add);
  for (const u of visible) {
    // The same rule as the user form: a role of the user's organisation or shared with it from above.
    if (add.includes(u.id) && !(await roleOrgsFor(db, scope, [...(orgsOf.get(u.id) ?? [])])).has(row.orgId))
      throw new AppError('INVALID', 'role.userNotInOrg', { name: u.name });
  }
  await db.transaction(async (tx) => {
    await addUserRoles(tx, scope, id, add);
    await removeUserRoles(tx, scope, id, remove);
    await bumpPermEpoch(tx);
  });
  return usersOfRole(db, scope, id);
}
