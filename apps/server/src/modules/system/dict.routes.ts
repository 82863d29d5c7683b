import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, idList, pageQuery, fields } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { addDict, addItem, deleteDicts, deleteItems, editDict, editItem, getDict, getItem, listDicts, listItems, orderItems } from './dict.service.ts';

const dictBody = z.object({
  code: z.string().trim().min(1, { abort: true }).max(64).regex(/^[A-Za-z][\w.-]*$/),
  name: z.string().trim().min(1).max(100),
  type: z.string().trim().min(1).max(32).default('business'),
  remark: z.string().trim().max(500).nullish(),
});

/** Item names cannot contain spaces (spec section 5); the database holds the same rule. */
export const itemName = z
  .string()
  .trim()
  .min(1, { abort: true })
  .max(100)
  .refine((v) => !/\s/.test(v), 'dict.itemNameSpace');

const itemBody = z.object({
  value: z.string().trim().min(1).max(64),
  name: itemName,
  nameEn: z.string().trim().max(100).nullish(),
  orderNum: z.number().int().min(0).max(99999).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  remark: z.string().trim().max(500).nullish(),
});

const id = z.object({ id: fields.id });
const ids = z.object({ ids: idList });
const version = fields.version;

/** Dictionaries and items (`/kems-pmi/views/dict/data`); platform-wide, so writes need the platform organisation. */
export function dictRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'dict' } as const;

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}dict/list`,
    permission: Perm.dict.list,
    action: 'list',
    readOnly: true,
    body: pageQuery.extend({ code: z.string().trim().max(64).optional(), name: z.string().trim().max(100).optional(), type: z.string().trim().max(32).optional() }),
    handler: async ({ body }) => listDicts(db, body),
  });

  defineRoute(app, { ...base, method: 'GET', url: `${system}dict/:id`, permission: Perm.dict.list, action: 'view', params: id, handler: async ({ params }) => getDict(db, params.id) });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}dict`,
    permission: Perm.dict.add,
    platformOnly: true,
    action: 'add',
    body: dictBody,
    handler: async ({ body }) => {
      return addDict(db, body);
    },
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}dict/:id`,
    permission: Perm.dict.edit,
    platformOnly: true,
    action: 'edit',
    params: id,
    body: dictBody.extend({ version }),
    handler: async ({ params, body }) => {
      return editDict(db, params.id, body);
    },
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}dict/:ids`,
    permission: Perm.dict.remove,
    platformOnly: true,
    action: 'remove',
    params: ids,
    handler: async ({ params }) => {
      return { deleted: await deleteDicts(db, params.ids) };
    },
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}dict/item/list`,
    permission: Perm.dict.list,
    action: 'itemList',
    readOnly: true,
    body: pageQuery.extend({
      dictId: z.coerce.number().int().positive().optional(),
      dictCode: z.string().trim().max(64).optional(),
      name: z.string().trim().max(100).optional(),
      status: z.union([z.literal(0), z.literal(1)]).optional(),
    }),
    handler: async ({ body }) => listItems(db, body),
  });

  defineRoute(app, { ...base, method: 'GET', url: `${system}dict/item/:id`, permission: Perm.dict.list, action: 'itemView', params: id, handler: async ({ params }) => getItem(db, params.id) });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}dict/item`,
    permission: Perm.dict.add,
    platformOnly: true,
    action: 'itemAdd',
    body: itemBody.extend({ dictId: z.coerce.number().int().positive() }),
    handler: async ({ body }) => {
      return addItem(db, body);
    },
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}dict/item/order`,
    permission: Perm.dict.edit,
    platformOnly: true,
    action: 'itemOrder',
    body: z.object({ dictId: z.coerce.number().int().positive(), ids: z.array(z.number().int().positive()).max(1000) }),
    handler: async ({ body }) => {
      return orderItems(db, body.dictId, body.ids);
    },
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}dict/item/:id`,
    permission: Perm.dict.edit,
    platformOnly: true,
    action: 'itemEdit',
    params: id,
    body: itemBody.extend({ version }),
    handler: async ({ params, body }) => {
      return editItem(db, params.id, body);
    },
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}dict/item/:ids`,
    permission: Perm.dict.remove,
    platformOnly: true,
    action: 'itemRemove',
    params: ids,
    handler: async ({ params }) => {
      return { deleted: await deleteItems(db, params.ids) };
    },
  });
}
