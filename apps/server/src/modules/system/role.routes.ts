import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, idList, roleCreate, roleListQuery, roleMenusBody, roleUpdate, roleUsersBody } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { changeRoleUsers, createRole, editRole, getRole, getRoleMenus, getRoleUsers, listRoles, removeRoles, setRoleMenus } from './role.service.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });

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
    params: idParam,
    handler: async ({ params, caller }) => getRole(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}role`,
    permission: Perm.role.add,
    action: 'add',
    body: roleCreate,
    handler: async ({ body, caller }) => createRole(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}role/:id`,
    permission: Perm.role.edit,
    action: 'edit',
    params: idParam,
    body: roleUpdate,
    handler: async ({ params, body, caller }) => editRole(db, caller, params.id, body),
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}role/:ids`,
    permission: Perm.role.remove,
    action: 'remove',
    params: z.object({ ids: idList }),
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
    params: idParam,
    handler: async ({ params, caller }) => getRoleMenus(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}role/:id/menus`,
    permission: Perm.role.edit,
    action: 'assignMenus',
    params: idParam,
    body: roleMenusBody,
    handler: async ({ params, body, caller }) => setRoleMenus(db, caller, params.id, body.menuIds),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}role/:id/users`,
    permission: Perm.role.list,
    action: 'users',
    params: idParam,
    handler: async ({ params, caller }) => getRoleUsers(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}role/:id/users`,
    permission: Perm.role.edit,
    action: 'assignUsers',
    params: idParam,
    body: roleUsersBody,
    handler: async ({ params, body, caller }) => changeRoleUsers(db, caller, params.id, body),
  });
}
