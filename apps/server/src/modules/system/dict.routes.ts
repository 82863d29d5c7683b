import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  deletedAnswer,
  dictBody,
  dictDetail,
  dictItem,
  dictListQuery,
  dictRow,
  dictUpdate,
  dictView,
  idParams,
  idsParams,
  itemCreate,
  itemListQuery,
  itemOrderBody,
  itemUpdate,
  page,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { addDict, addItem, deleteDicts, deleteItems, editDict, editItem, getDict, getItem, listDicts, listItems, orderItems } from './dict.service.ts';

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
    response: page(dictRow),
    readOnly: true,
    body: dictListQuery,
    handler: async ({ body }) => listDicts(db, body),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}dict/:id`,
    permission: Perm.dict.list,
    action: 'view',
    params: idParams,
    response: dictDetail,
    handler: async ({ params }) => getDict(db, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}dict`,
    permission: Perm.dict.add,
    platformOnly: true,
    action: 'add',
    response: dictView,
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
    response: dictView,
    params: idParams,
    body: dictUpdate,
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
    response: deletedAnswer,
    params: idsParams,
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
    response: page(dictItem),
    readOnly: true,
    body: itemListQuery,
    handler: async ({ body }) => listItems(db, body),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}dict/item/:id`,
    permission: Perm.dict.list,
    action: 'itemView',
    params: idParams,
    response: dictItem,
    handler: async ({ params }) => getItem(db, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}dict/item`,
    permission: Perm.dict.add,
    platformOnly: true,
    action: 'itemAdd',
    response: dictItem,
    body: itemCreate,
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
    response: z.array(dictItem),
    body: itemOrderBody,
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
    response: dictItem,
    params: idParams,
    body: itemUpdate,
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
    response: deletedAnswer,
    params: idsParams,
    handler: async ({ params }) => {
      return { deleted: await deleteItems(db, params.ids) };
    },
  });
}
