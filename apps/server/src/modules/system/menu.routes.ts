import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, menuCreate, menuUpdate } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { createMenu, editMenu, getMenu, menuEditorTree, menuOptions, removeMenu } from './menu.service.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });

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
    handler: async ({ caller }) => menuEditorTree(db, caller),
  });

  // The page kit's default list call: the same tree.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}menu/list`,
    permission: Perm.menu.list,
    action: 'tree',
    readOnly: true,
    handler: async ({ caller }) => menuEditorTree(db, caller),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}menu/options`,
    permission: Perm.authenticated,
    action: 'options',
    handler: async ({ caller }) => menuOptions(db, caller),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}menu/:id`,
    permission: Perm.menu.list,
    action: 'get',
    params: idParam,
    handler: async ({ params, caller }) => getMenu(db, caller, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}menu`,
    permission: Perm.menu.add,
    platformOnly: true,
    action: 'add',
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
    params: idParam,
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
    params: idParam,
    handler: async ({ params }) => {
      await removeMenu(db, params.id);
      return null;
    },
  });
}
