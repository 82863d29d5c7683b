import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  assignMenuAnswer,
  assignMenuBody,
  changeStatusBody,
  idParams,
  importResult,
  orgIdParams,
  page,
  resetPwdBody,
  userByPhoneBody,
  userCreate,
  userCreated,
  userDetail as userDetailAnswer,
  userDetailBody,
  userInfoQuery,
  userListQuery,
  userMenusQuery,
  userOfOrg,
  userOrgParams,
  userOrgsBody,
  userRolesBody,
  userRow,
  userUpdate,
} from '@venue/contract';
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
    response: page(userRow),
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
    response: userDetailAnswer,
    readOnly: true,
    body: userDetailBody,
    handler: async ({ body, caller }) => userDetail(db, caller, body.id),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}user/:id`,
    permission: Perm.user.list,
    action: 'get',
    response: userDetailAnswer,
    params: idParams,
    handler: async ({ params, caller }) => userDetail(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}user/getInfo/`,
    permission: Perm.authenticated,
    action: 'info',
    response: userDetailAnswer,
    query: userInfoQuery,
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
    response: userDetailAnswer,
    readOnly: true,
    body: userByPhoneBody,
    handler: async ({ body, caller }) => userDetailByPhone(db, caller, body.mobile),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}user`,
    permission: Perm.user.add,
    action: 'add',
    response: userCreated,
    body: userCreate,
    handler: async ({ body, caller }) => createUser(db, caller, body, tz),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}user/:id`,
    permission: Perm.user.edit,
    action: 'edit',
    response: userDetailAnswer,
    params: idParams,
    body: userUpdate,
    handler: async ({ params, body, caller }) => editUser(db, caller, params.id, body, tz),
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}user/:userId/:orgId`,
    permission: Perm.user.remove,
    action: 'removeFromOrg',
    response: z.null(),
    params: userOrgParams,
    handler: async ({ params, caller }) => removeFromOrg(db, caller, params.userId, params.orgId, tz),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}user/resetPwd`,
    permission: Perm.user.resetPwd,
    action: 'resetPwd',
    response: z.null(),
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
    response: z.null(),
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
    response: assignMenuAnswer,
    body: assignMenuBody,
    handler: async ({ body, caller }) => assignMenus(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}user/menu/:id`,
    permission: Perm.user.list,
    action: 'menus',
    response: z.array(z.number()),
    params: idParams,
    query: userMenusQuery,
    handler: async ({ params, query, caller }) => directMenus(db, caller, params.id, query.orgId),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}user/getInfoByOrgId/:orgId`,
    permission: Perm.user.list,
    action: 'byOrg',
    response: z.array(userOfOrg),
    params: orgIdParams,
    handler: async ({ params, caller }) => usersOfOrgId(db, caller, params.orgId),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}user/:id/roles`,
    permission: Perm.user.assign,
    action: 'assignRoles',
    response: userDetailAnswer,
    params: idParams,
    body: userRolesBody,
    handler: async ({ params, body, caller }) => setUserRoles(db, caller, params.id, body.roleIds),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}user/:id/orgs`,
    permission: Perm.user.assign,
    action: 'assignOrgs',
    response: userDetailAnswer,
    params: idParams,
    body: userOrgsBody,
    handler: async ({ params, body, caller }) => setUserOrgs(db, caller, params.id, body.orgIds, body.defaultOrgId),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}user/export`,
    permission: Perm.user.export,
    action: 'export',
    response: 'file',
    body: userListQuery,
    handler: async ({ body, caller, req }) => exportUsers(db, caller, body, tz, req.lang),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}user/import/template`,
    permission: Perm.user.import,
    action: 'importTemplate',
    response: 'file',
    handler: async ({ req }) => userTemplate(req.lang),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}user/import`,
    upload: true,
    permission: Perm.user.import,
    action: 'import',
    response: importResult,
    handler: async ({ req, caller }) => {
      const file = await readUpload(req, config.uploadLimit);
      return withImportSlot(caller.userId, () => importUsers(db, caller, file, tz, req.lang));
    },
  });
}
