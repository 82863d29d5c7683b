import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, idList, pageQuery, fields } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { addRegion, deleteRegions, editRegion, getRegion, listRegions, regionChildren, regionTree } from './region.service.ts';

const body = z.object({
  code: z.string().trim().regex(/^\d{6}(\d{3})?$/),
  name: z.string().trim().min(1).max(64),
  parentId: z.coerce.number().int().min(0).nullish(),
  orderNum: z.number().int().min(0).max(99999).optional(),
  remark: z.string().trim().max(500).nullish(),
});
const id = z.object({ id: fields.id });

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
    readOnly: true,
    body: pageQuery.extend({
      code: z.string().trim().max(12).optional(),
      name: z.string().trim().max(64).optional(),
      level: z.coerce.number().int().min(1).max(4).optional(),
      parentId: z.coerce.number().int().min(0).nullish(),
    }),
    handler: async ({ body: q }) => listRegions(db, q),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}region/tree`,
    permission: Perm.region.list,
    action: 'tree',
    query: z.object({ rootId: z.coerce.number().int().positive().optional() }),
    handler: async ({ query }) => regionTree(db, query.rootId),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}region/children/:parentId`,
    permission: Perm.authenticated,
    action: 'children',
    params: z.object({ parentId: z.coerce.number().int().min(0) }),
    handler: async ({ params }) => regionChildren(db, params.parentId),
  });

  defineRoute(app, { ...base, method: 'GET', url: `${system}region/:id`, permission: Perm.region.list, action: 'view', params: id, handler: async ({ params }) => getRegion(db, params.id) });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}region`,
    permission: Perm.region.edit,
    platformOnly: true,
    action: 'add',
    body,
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
    params: id,
    body: body.extend({ version: fields.version }),
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
    params: z.object({ ids: idList }),
    handler: async ({ params }) => {
      return { deleted: await deleteRegions(db, params.ids) };
    },
  });
}
