import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Perm, idList, pageQuery, fields } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { deleteVersions, editVersion, getVersion, latestVersion, listVersions, publishVersion, VERSION_NO } from './version.service.ts';

const platform = z.enum(['web', 'android', 'ios', 'h5', 'mini']);
const versionNo = z.string().trim().min(1, { abort: true }).max(32).refine((v) => VERSION_NO.test(v), 'version.format');
const content = z.string().max(5000).default('');
const publishedAt = fields.instant.optional();
const id = z.object({ id: fields.id });

/** Versions: the newest release for any signed-in user (about us, update prompt), list and publish for administrators. */
export function versionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'version' } as const;

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}version/latest`,
    permission: Perm.authenticated,
    action: 'latest',
    allowWhenPasswordExpired: true,
    query: z.object({ platform: platform.default('web') }),
    handler: async ({ query }) => latestVersion(db, query.platform),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}version/list`,
    permission: Perm.version.list,
    action: 'list',
    readOnly: true,
    body: pageQuery.extend({ platform: platform.optional(), versionNo: z.string().trim().max(32).optional() }),
    handler: async ({ body }) => listVersions(db, body),
  });

  defineRoute(app, { ...base, method: 'GET', url: `${system}version/:id`, permission: Perm.version.list, action: 'view', params: id, handler: async ({ params }) => getVersion(db, params.id) });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}version`,
    permission: Perm.version.publish,
    platformOnly: true,
    action: 'publish',
    body: z.object({ versionNo, platform: platform.default('web'), content, force: z.boolean().default(false), publishedAt }),
    handler: async ({ body, caller }) => {
      return publishVersion(db, body, caller.userId);
    },
  });

  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${system}version/:id`,
    permission: Perm.version.publish,
    platformOnly: true,
    action: 'edit',
    params: id,
    body: z.object({ content, force: z.boolean(), publishedAt, version: fields.version }),
    handler: async ({ params, body }) => {
      return editVersion(db, params.id, body);
    },
  });

  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${system}version/:ids`,
    permission: Perm.version.publish,
    platformOnly: true,
    action: 'remove',
    params: z.object({ ids: idList }),
    handler: async ({ params }) => {
      return { deleted: await deleteVersions(db, params.ids) };
    },
  });
}
