import type { FastifyInstance } from 'fastify';
import {
  Perm,
  appVersion,
  deletedAnswer,
  latestVersionAnswer,
  idParams,
  idsParams,
  latestVersionQuery,
  page,
  versionCreate,
  versionListQuery,
  versionUpdate,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { deleteVersions, editVersion, getVersion, latestVersion, listVersions, publishVersion } from './version.service.ts';

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
    response: latestVersionAnswer,
    allowWhenPasswordExpired: true,
    query: latestVersionQuery,
    handler: async ({ query }) => latestVersion(db, query.platform),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}version/list`,
    permission: Perm.version.list,
    action: 'list',
    response: page(appVersion),
    readOnly: true,
    body: versionListQuery,
    handler: async ({ body }) => listVersions(db, body),
  });

  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${system}version/:id`,
    permission: Perm.version.list,
    action: 'view',
    params: idParams,
    response: appVersion,
    handler: async ({ params }) => getVersion(db, params.id),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${system}version`,
    permission: Perm.version.publish,
    platformOnly: true,
    action: 'publish',
    response: appVersion,
    body: versionCreate,
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
    response: appVersion,
    params: idParams,
    body: versionUpdate,
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
    response: deletedAnswer,
    params: idsParams,
    handler: async ({ params }) => {
      return { deleted: await deleteVersions(db, params.ids) };
    },
  });
}
