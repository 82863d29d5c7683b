import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, configBody, configKeyParams, configListQuery, configUpdate, configView, deletedAnswer, idParams, idsParams, page } from '@venue/contract';
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
    response: page(configView),
    readOnly: true,
    body: configListQuery,
    handler: async ({ body }) => listConfigs(db, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${system}config/configKey/:key`,
    permission: undefined,
    module: 'config',
    action: 'byKey',
    response: z.string(),
    params: configKeyParams,
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
    response: configView,
    params: idParams,
    handler: async ({ params }) => getConfig(db, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${system}config/`,
    permission: Perm.config.add,
    platformOnly: true,
    module: 'config',
    action: 'add',
    response: configView,
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
    response: configView,
    params: idParams,
    body: configUpdate,
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
    response: z.null(),
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
    response: deletedAnswer,
    params: idsParams,
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
    response: configView,
    params: idParams,
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
    response: configView,
    params: idParams,
    handler: async ({ params }) => {
      return recoverConfig(db, params.id);
    },
  });
}
