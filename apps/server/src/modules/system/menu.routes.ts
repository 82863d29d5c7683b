import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, idParams, menuCreate, menuEditorNode, menuOption, menuUpdate } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { createMenu, editMenu, getMenu, menuEditorTree, menuOptions, removeMenu } from './menu.service.ts';

/** The menu editor (tree, get, add, edit, delete) and the tree a caller may grant from. */
export function menuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'menu' };

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}menu/tree`,
    permission: Perm.menu.list,
    action: 'tree',
    response: z.array(menuEditorNode),
    handler: async ({ caller }) => menuEditorTree(db, caller),
  });

  // The page kit's default list call: the same tree.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}menu/list`,
    permission: Perm.menu.list,
    action: 'tree',
    response: z.array(menuEditorNode),
    readOnly: true,
    handler: async ({ caller }) => menuEditorTree(db, caller),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}menu/options`,
    permission: Perm.authenticated,
    action: 'options',
    response: z.array(menuOption),
    handler: async ({ caller }) => menuOptions(db, caller),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}menu/:id`,
    permission: Perm.menu.list,
    action: 'get',
    response: menuEditorNode,
    params: idParams,
    handler: async ({ params, caller }) => getMenu(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}menu`,
    permission: Perm.menu.add,
    platformOnly: true,
    action: 'add',
    response: menuEditorNode,
    body: menuCreate,
    handler: async ({ body }) => createMenu(db, body),
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}menu/:id`,
    permission: Perm.menu.edit,
    platformOnly: true,
    action: 'edit',
    response: menuEditorNode,
    params: idParams,
    body: menuUpdate,
    handler: async ({ params, body }) => editMenu(db, params.id, body),
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}menu/:id`,
    permission: Perm.menu.remove,
    platformOnly: true,
    action: 'remove',
    response: z.null(),
    params: idParams,
    handler: async ({ params }) => {
      await removeMenu(db, params.id);
      return null;
    },
  });
}
