import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, assignMenuBody, changeStatusBody, resetPwdBody, userCreate, userListQuery, userOrgsBody, userRolesBody, userUpdate } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { AppError } from '../../platform/errors.ts';
import { can } from '../../platform/access.ts';
import { readUpload, withImportSlot } from '../../platform/xlsx.ts';
import {
  assignMenus,
  changeStatus,
  createUser,
  directMenus,
  editUser,
  exportUsers,
  importUsers,
  listUsers,
  ownDetail,
  removeFromOrg,
  resetPassword,
  setUserOrgs,
  setUserRoles,
  userDetail,
  userDetailByPhone,
  userTemplate,
  usersOfOrgId,
} from './user.service.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Users: every call of spec 7.3 (system prefix) plus role/organisation assignment and import/export. */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db, config } = ctx;
  const tz = config.timeZone;
  const base = { module: 'user' };

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}user/list`,
    permission: Perm.user.list,
    action: 'list',
    readOnly: true,
    body: userListQuery,
    handler: async ({ body, caller }) => listUsers(db, caller, body, tz),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}user/detailForConsole`,
    permission: Perm.user.list,
    action: 'detail',
    readOnly: true,
    body: z.object({ id: z.coerce.number().int().positive() }),
    handler: async ({ body, caller }) => userDetail(db, caller, body.id),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}user/:id`,
    permission: Perm.user.list,
    action: 'get',
    params: idParam,
    handler: async ({ params, caller }) => userDetail(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}user/getInfo/`,
    permission: Perm.authenticated,
    action: 'info',
    query: z.object({ id: z.coerce.number().int().positive().optional() }),
    handler: async ({ query, caller }) => {
      if (query.id === undefined || query.id === caller.userId) return ownDetail(db, caller);
      if (!can(caller, Perm.user.list)) throw new AppError('FORBIDDEN', 'error.forbidden');
      return userDetail(db, caller, query.id);
    },
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}user/detailByPhone`,
    permission: Perm.user.list,
    action: 'detailByPhone',
    readOnly: true,
    body: z.object({ mobile: z.string().trim().min(1).max(20) }),
    handler: async ({ body, caller }) => userDetailByPhone(db, caller, body.mobile),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}user`,
    permission: Perm.user.add,
    action: 'add',
    body: userCreate,
    handler: async ({ body, caller }) => createUser(db, caller, body, tz),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}user/:id`,
    permission: Perm.user.edit,
    action: 'edit',
    params: idParam,
    body: userUpdate,
    handler: async ({ params, body, caller }) => editUser(db, caller, params.id, body, tz),
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}user/:userId/:orgId`,
    permission: Perm.user.remove,
    action: 'removeFromOrg',
    params: z.object({ userId: z.coerce.number().int().positive(), orgId: z.coerce.number().int().positive() }),
    handler: async ({ params, caller }) => removeFromOrg(db, caller, params.userId, params.orgId, tz),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}user/resetPwd`,
    permission: Perm.user.resetPwd,
    action: 'resetPwd',
    body: resetPwdBody,
    handler: async ({ body, caller }) => {
      await resetPassword(db, caller, body);
      return null;
    },
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}user/changeStatus`,
    permission: Perm.user.status,
    action: 'changeStatus',
    body: changeStatusBody,
    handler: async ({ body, caller }) => {
      await changeStatus(db, caller, body.userId, body.status, tz);
      return null;
    },
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}user/assign-menu`,
    permission: Perm.user.assign,
    action: 'assignMenu',
    body: assignMenuBody,
    handler: async ({ body, caller }) => assignMenus(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}user/menu/:id`,
    permission: Perm.user.list,
    action: 'menus',
    params: idParam,
    query: z.object({ orgId: z.coerce.number().int().positive().optional() }),
    handler: async ({ params, query, caller }) => directMenus(db, caller, params.id, query.orgId),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}user/getInfoByOrgId/:orgId`,
    permission: Perm.user.list,
    action: 'byOrg',
    params: z.object({ orgId: z.coerce.number().int().positive() }),
    handler: async ({ params, caller }) => usersOfOrgId(db, caller, params.orgId),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}user/:id/roles`,
    permission: Perm.user.assign,
    action: 'assignRoles',
    params: idParam,
    body: userRolesBody,
    handler: async ({ params, body, caller }) => setUserRoles(db, caller, params.id, body.roleIds),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}user/:id/orgs`,
    permission: Perm.user.assign,
    action: 'assignOrgs',
    params: idParam,
    body: userOrgsBody,
    handler: async ({ params, body, caller }) => setUserOrgs(db, caller, params.id, body.orgIds, body.defaultOrgId),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}user/export`,
    permission: Perm.user.export,
    action: 'export',
    body: userListQuery,
    handler: async ({ body, caller, req }) => exportUsers(db, caller, body, tz, req.lang),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}user/import/template`,
    permission: Perm.user.import,
    action: 'importTemplate',
    handler: async ({ req }) => userTemplate(req.lang),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}user/import`,
    permission: Perm.user.import,
    action: 'import',
    handler: async ({ req, caller }) => {
      const file = await readUpload(req, config.uploadLimit);
      return withImportSlot(caller.userId, () => importUsers(db, caller, file, tz, req.lang));
    },
  });
}
