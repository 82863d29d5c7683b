import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, idList, pageQuery, fields } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { AppError } from '../../platform/errors.ts';
import { can } from '../../platform/access.ts';
import { SYSTEM_SETTINGS_KEY } from './system.seed.ts';
import {
  addConfig,
  clearConfigCache,
  deleteConfigs,
  desealConfig,
  editConfig,
  getConfig,
  getConfigValue,
  listConfigs,
  publicConfigValue,
  recoverConfig,
} from './config.service.ts';

/** Keys readable without signing in (the login page needs them). */
const PUBLIC_CONFIG_KEYS = new Set([SYSTEM_SETTINGS_KEY]);

const code = z.string().trim().min(1, { abort: true }).max(100).regex(/^[A-Za-z][\w.\-:]*$/);
const configBody = z.object({
  code,
  name: z.string().trim().min(1).max(100),
  type: z.string().trim().min(1).max(32).default('system'),
  subType: z.string().trim().max(32).nullish(),
  value: z.string().max(20000),
  sealed: z.boolean().optional(),
  remark: z.string().trim().max(500).nullish(),
});
const idParam = z.object({ id: fields.id });

/** Parameters / config (spec 7.4): every call exactly as the spec names it. */
export function configRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;

  defineRoute(app, {
    method: 'POST',
    url: `${system}config/listForConsole`,
    permission: Perm.config.list,
    module: 'config',
    action: 'list',
    readOnly: true,
    body: pageQuery.extend({
      code: z.string().trim().max(100).optional(),
      name: z.string().trim().max(100).optional(),
      type: z.string().trim().max(32).optional(),
      sealed: z.boolean().optional(),
    }),
    handler: async ({ body }) => listConfigs(db, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${system}config/configKey/:key`,
    permission: undefined,
    module: 'config',
    action: 'byKey',
    params: z.object({ key: z.string().max(100) }),
    handler: async ({ params, req }) => {
      if (!PUBLIC_CONFIG_KEYS.has(params.key)) {
        if (!req.caller) throw new AppError('SESSION_EXPIRED', 'error.sessionExpired');
        if (!can(req.caller, Perm.config.list)) throw new AppError('FORBIDDEN', 'error.forbidden');
      }
      const value = await getConfigValue(db, params.key);
      if (value === undefined) throw new AppError('NOT_FOUND', 'error.notFound');
      return publicConfigValue(params.key, value);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${system}config/:id`,
    permission: Perm.config.list,
    module: 'config',
    action: 'view',
    params: idParam,
    handler: async ({ params }) => getConfig(db, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${system}config/`,
    permission: Perm.config.add,
    platformOnly: true,
    module: 'config',
    action: 'add',
    body: configBody,
    handler: async ({ body }) => {
      return addConfig(db, body);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${system}config/:id`,
    permission: Perm.config.edit,
    platformOnly: true,
    module: 'config',
    action: 'edit',
    params: idParam,
    body: configBody.omit({ sealed: true }).extend({ version: fields.version }),
    handler: async ({ params, body }) => {
      return editConfig(db, params.id, body);
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${system}config/clearCache`,
    permission: Perm.config.edit,
    platformOnly: true,
    module: 'config',
    action: 'clearCache',
    handler: async () => {
      await clearConfigCache(db);
      return null;
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${system}config/:ids`,
    permission: Perm.config.remove,
    platformOnly: true,
    module: 'config',
    action: 'remove',
    params: z.object({ ids: idList }),
    handler: async ({ params }) => {
      return { deleted: await deleteConfigs(db, params.ids) };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${system}config/desealed/:id`,
    permission: Perm.config.edit,
    platformOnly: true,
    module: 'config',
    action: 'deseal',
    params: idParam,
    handler: async ({ params }) => {
      return desealConfig(db, params.id);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${system}config/recover/:id`,
    permission: Perm.config.edit,
    platformOnly: true,
    module: 'config',
    action: 'recover',
    params: idParam,
    handler: async ({ params }) => {
      return recoverConfig(db, params.id);
    },
  });
}
