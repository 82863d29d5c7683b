import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, idParams, orgCreate, orgDetail, orgListQuery, orgNode, orgOption, orgTreeQuery, orgUpdate, orgView as orgAnswer } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { createOrg, editOrg, getOrg, orgOptions, orgTree, removeOrg } from './org.service.ts';

/** Organisations and departments: tree, get, add, edit, delete; a light tree for pickers. */
export function orgRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'org' };

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}org/tree`,
    permission: Perm.org.list,
    action: 'tree',
    response: z.array(orgNode),
    query: orgTreeQuery,
    handler: async ({ query, caller }) => orgTree(db, caller, query),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}org/tree`,
    permission: Perm.org.list,
    action: 'tree',
    response: z.array(orgNode),
    readOnly: true,
    body: orgTreeQuery,
    handler: async ({ body, caller }) => orgTree(db, caller, body),
  });

  // The page kit's default list call: the same tree.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}org/list`,
    permission: Perm.org.list,
    action: 'tree',
    response: z.array(orgNode),
    readOnly: true,
    body: orgListQuery,
    handler: async ({ body, caller }) => orgTree(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}org/options`,
    permission: Perm.authenticated,
    action: 'options',
    response: z.array(orgOption),
    handler: async ({ caller }) => orgOptions(db, caller),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}org/:id`,
    permission: Perm.org.list,
    action: 'get',
    response: orgDetail,
    params: idParams,
    handler: async ({ params, caller }) => getOrg(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}org`,
    permission: Perm.org.add,
    action: 'add',
    response: orgAnswer,
    body: orgCreate,
    handler: async ({ body, caller }) => createOrg(db, caller, body),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}org/:id`,
    permission: Perm.org.edit,
    action: 'edit',
    response: orgAnswer,
    params: idParams,
    body: orgUpdate,
    handler: async ({ params, body, caller }) => editOrg(db, caller, params.id, body),
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}org/:id`,
    permission: Perm.org.remove,
    action: 'remove',
    response: z.null(),
    params: idParams,
    handler: async ({ params, caller }) => {
      await removeOrg(db, caller, params.id);
      return null;
    },
  });
}
