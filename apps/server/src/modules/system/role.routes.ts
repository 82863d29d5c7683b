import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  idParams,
  idsParams,
  page,
  roleCreate,
  roleListQuery,
  roleMenus,
  roleMenusBody,
  roleRow,
  roleUpdate,
  roleUser,
  roleUsersBody,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { changeRoleUsers, createRole, editRole, getRole, getRoleMenus, getRoleUsers, listRoles, removeRoles, setRoleMenus } from './role.service.ts';

/** Roles: list, get, add, edit, delete, menu permission tree, role users. */
export function roleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'role' };

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}role/list`,
    permission: Perm.role.list,
    action: 'list',
    response: page(roleRow),
    readOnly: true,
    body: roleListQuery,
    handler: async ({ body, caller }) => listRoles(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}role/:id`,
    permission: Perm.role.list,
    action: 'get',
    response: roleRow,
    params: idParams,
    handler: async ({ params, caller }) => getRole(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}role`,
    permission: Perm.role.add,
    action: 'add',
    response: roleRow,
    body: roleCreate,
    handler: async ({ body, caller }) => createRole(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}role/:id`,
    permission: Perm.role.edit,
    action: 'edit',
    response: roleRow,
    params: idParams,
    body: roleUpdate,
    handler: async ({ params, body, caller }) => editRole(db, caller, params.id, body),
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}role/:ids`,
    permission: Perm.role.remove,
    action: 'remove',
    response: z.null(),
    params: idsParams,
    handler: async ({ params, caller }) => {
      await removeRoles(db, caller, params.ids);
      return null;
    },
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}role/:id/menus`,
    permission: Perm.role.list,
    action: 'menus',
    response: roleMenus,
    params: idParams,
    handler: async ({ params, caller }) => getRoleMenus(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}role/:id/menus`,
    permission: Perm.role.edit,
    action: 'assignMenus',
    response: roleMenus,
    params: idParams,
    body: roleMenusBody,
    handler: async ({ params, body, caller }) => setRoleMenus(db, caller, params.id, body.menuIds),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}role/:id/users`,
    permission: Perm.role.list,
    action: 'users',
    response: z.array(roleUser),
    params: idParams,
    handler: async ({ params, caller }) => getRoleUsers(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}role/:id/users`,
    permission: Perm.role.edit,
    action: 'assignUsers',
    response: z.array(roleUser),
    params: idParams,
    body: roleUsersBody,
    handler: async ({ params, body, caller }) => changeRoleUsers(db, caller, params.id, body),
  });
}
