import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  deletedAnswer,
  idParams,
  idsParams,
  page,
  regionBody,
  regionChild,
  regionChildrenParams,
  regionListQuery,
  regionNode,
  regionRow,
  regionTreeQuery,
  regionUpdate,
  regionView,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { addRegion, deleteRegions, editRegion, getRegion, listRegions, regionChildren, regionTree } from './region.service.ts';

/** Administrative regions: list, whole tree, lazy children, add, edit, delete. Platform-wide data. */
export function regionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'region' } as const;

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}region/list`,
    permission: Perm.region.list,
    action: 'list',
    response: page(regionRow),
    readOnly: true,
    body: regionListQuery,
    handler: async ({ body: q }) => listRegions(db, q),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}region/tree`,
    permission: Perm.region.list,
    action: 'tree',
    response: z.array(regionNode),
    query: regionTreeQuery,
    handler: async ({ query }) => regionTree(db, query.rootId),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}region/children/:parentId`,
    permission: Perm.authenticated,
    action: 'children',
    response: z.array(regionChild),
    params: regionChildrenParams,
    handler: async ({ params }) => regionChildren(db, params.parentId),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}region/:id`,
    permission: Perm.region.list,
    action: 'view',
    params: idParams,
    response: regionView,
    handler: async ({ params }) => getRegion(db, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}region`,
    permission: Perm.region.edit,
    platformOnly: true,
    action: 'add',
    response: regionView,
    body: regionBody,
    handler: async ({ body: b }) => {
      return addRegion(db, b);
    },
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}region/:id`,
    permission: Perm.region.edit,
    platformOnly: true,
    action: 'edit',
    response: regionView,
    params: idParams,
    body: regionUpdate,
    handler: async ({ params, body: b }) => {
      return editRegion(db, params.id, b);
    },
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}region/:ids`,
    permission: Perm.region.edit,
    platformOnly: true,
    action: 'remove',
    response: deletedAnswer,
    params: idsParams,
    handler: async ({ params }) => {
      return { deleted: await deleteRegions(db, params.ids) };
    },
  });
}
