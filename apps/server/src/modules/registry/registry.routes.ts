import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  deletedAnswer,
  idParams,
  idsParams,
  importResult,
  page,
  registryAppCreate,
  registryAppListQuery,
  registryAppRow,
  registryAppUpdate,
  registryEnvCreate,
  registryEnvListQuery,
  registryEnvRow,
  registryEnvUpdate,
  registryGroupCreate,
  registryGroupListQuery,
  registryGroupRow,
  registryGroupUpdate,
  registryInstanceCreate,
  registryInstanceListQuery,
  registryInstanceRow,
  registryInstanceUpdate,
  registryServiceCreate,
  registryServiceListQuery,
  registryServiceRow,
  registryServiceUpdate,
  registryTranslationCreate,
  registryTranslationItem,
  registryTranslationListQuery,
  registryTranslationRow,
  registryTranslationUpdate,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { readUpload, withImportSlot } from '../../platform/xlsx.ts';
import * as svc from './registry.service.ts';

/** The service registry (issue 14): `{system}registry/{app,env,envGroup,envInstance,service,translation}`. */
export function registryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const { prefixes } = config;
  const r = `${prefixes.system}registry/`;
  const base = { module: 'registry' } as const;

  // Applications.
  const A = Perm.registryApp;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}app/list`,
    permission: A.list,
    action: 'appList',
    readOnly: true,
    body: registryAppListQuery,
    response: page(registryAppRow),
    handler: async ({ body, caller }) => svc.listApps(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}app/export`,
    permission: A.list,
    action: 'appExport',
    body: registryAppListQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => svc.exportApps(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${r}app/import/template`,
    permission: A.edit,
    action: 'appTemplate',
    response: 'file',
    handler: async ({ req }) => svc.appTemplate(req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}app/import`,
    upload: true,
    permission: A.edit,
    action: 'appImport',
    response: importResult,
    handler: async ({ req, caller }) => {
      const file = await readUpload(req, config.uploadLimit);
      return withImportSlot(caller.userId, () => svc.importApps(db, caller, file, req.lang));
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${r}app/:id`,
    permission: A.list,
    action: 'appView',
    params: idParams,
    response: registryAppRow,
    handler: async ({ params, caller }) => svc.getApp(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}app`,
    permission: A.edit,
    action: 'appAdd',
    body: registryAppCreate,
    response: registryAppRow,
    handler: async ({ body, caller }) => svc.createApp(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${r}app/:id`,
    permission: A.edit,
    action: 'appEdit',
    params: idParams,
    body: registryAppUpdate,
    response: registryAppRow,
    handler: async ({ params, body, caller }) => svc.editApp(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${r}app/:ids`,
    permission: A.edit,
    action: 'appRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => svc.removeApps(db, caller, params.ids),
  });

  // Services.
  const S = Perm.registryService;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}service/list`,
    permission: S.list,
    action: 'serviceList',
    readOnly: true,
    body: registryServiceListQuery,
    response: page(registryServiceRow),
    handler: async ({ body, caller }) => svc.listServices(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}service/export`,
    permission: S.list,
    action: 'serviceExport',
    body: registryServiceListQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => svc.exportServices(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${r}service/import/template`,
    permission: S.edit,
    action: 'serviceTemplate',
    response: 'file',
    handler: async ({ req }) => svc.serviceTemplate(req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}service/import`,
    upload: true,
    permission: S.edit,
    action: 'serviceImport',
    response: importResult,
    handler: async ({ req, caller }) => {
      const file = await readUpload(req, config.uploadLimit);
      return withImportSlot(caller.userId, () => svc.importServices(db, caller, file, req.lang));
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${r}service/:id`,
    permission: S.list,
    action: 'serviceView',
    params: idParams,
    response: registryServiceRow,
    handler: async ({ params, caller }) => svc.getService(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}service`,
    permission: S.edit,
    action: 'serviceAdd',
    body: registryServiceCreate,
    response: registryServiceRow,
    handler: async ({ body, caller }) => svc.createService(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${r}service/:id`,
    permission: S.edit,
    action: 'serviceEdit',
    params: idParams,
    body: registryServiceUpdate,
    response: registryServiceRow,
    handler: async ({ params, body, caller }) => svc.editService(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${r}service/:ids`,
    permission: S.edit,
    action: 'serviceRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => svc.removeServices(db, caller, params.ids),
  });

  // Environments, their groups and instances.
  const E = Perm.registryEnv;
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}env/list`,
    permission: E.list,
    action: 'envList',
    readOnly: true,
    body: registryEnvListQuery,
    response: page(registryEnvRow),
    handler: async ({ body, caller }) => svc.listEnvs(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}env/export`,
    permission: E.list,
    action: 'envExport',
    body: registryEnvListQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => svc.exportEnvs(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${r}env/import/template`,
    permission: E.edit,
    action: 'envTemplate',
    response: 'file',
    handler: async ({ req }) => svc.envTemplate(req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}env/import`,
    upload: true,
    permission: E.edit,
    action: 'envImport',
    response: importResult,
    handler: async ({ req, caller }) => {
      const file = await readUpload(req, config.uploadLimit);
      return withImportSlot(caller.userId, () => svc.importEnvs(db, caller, file, req.lang));
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${r}env/:id`,
    permission: E.list,
    action: 'envView',
    params: idParams,
    response: registryEnvRow,
    handler: async ({ params, caller }) => svc.getEnv(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}env`,
    permission: E.edit,
    action: 'envAdd',
    body: registryEnvCreate,
    response: registryEnvRow,
    handler: async ({ body, caller }) => svc.createEnv(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${r}env/:id`,
    permission: E.edit,
    action: 'envEdit',
    params: idParams,
    body: registryEnvUpdate,
    response: registryEnvRow,
    handler: async ({ params, body, caller }) => svc.editEnv(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${r}env/:ids`,
    permission: E.edit,
    action: 'envRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => svc.removeEnvs(db, caller, params.ids),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}envGroup/list`,
    permission: E.list,
    action: 'groupList',
    readOnly: true,
    body: registryGroupListQuery,
    response: page(registryGroupRow),
    handler: async ({ body, caller }) => svc.listGroups(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${r}envGroup/:id`,
    permission: E.list,
    action: 'groupView',
    params: idParams,
    response: registryGroupRow,
    handler: async ({ params, caller }) => svc.getGroup(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}envGroup`,
    permission: E.edit,
    action: 'groupAdd',
    body: registryGroupCreate,
    response: registryGroupRow,
    handler: async ({ body, caller }) => svc.createGroup(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${r}envGroup/:id`,
    permission: E.edit,
    action: 'groupEdit',
    params: idParams,
    body: registryGroupUpdate,
    response: registryGroupRow,
    handler: async ({ params, body, caller }) => svc.editGroup(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${r}envGroup/:ids`,
    permission: E.edit,
    action: 'groupRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => svc.removeGroups(db, caller, params.ids),
  });

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}envInstance/list`,
    permission: E.list,
    action: 'instanceList',
    readOnly: true,
    body: registryInstanceListQuery,
    response: page(registryInstanceRow),
    handler: async ({ body, caller }) => svc.listInstances(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${r}envInstance/:id`,
    permission: E.list,
    action: 'instanceView',
    params: idParams,
    response: registryInstanceRow,
    handler: async ({ params, caller }) => svc.getInstance(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}envInstance`,
    permission: E.edit,
    action: 'instanceAdd',
    body: registryInstanceCreate,
    response: registryInstanceRow,
    handler: async ({ body, caller }) => svc.createInstance(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${r}envInstance/:id`,
    permission: E.edit,
    action: 'instanceEdit',
    params: idParams,
    body: registryInstanceUpdate,
    response: registryInstanceRow,
    handler: async ({ params, body, caller }) => svc.editInstance(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${r}envInstance/:ids`,
    permission: E.edit,
    action: 'instanceRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => svc.removeInstances(db, caller, params.ids),
  });

  // Translation items; `items` is what the console's dictionary translation reads (any signed-in user).
  const T = Perm.registryTranslation;
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${r}translation/items`,
    permission: Perm.authenticated,
    action: 'translationItems',
    response: z.array(registryTranslationItem),
    handler: async ({ caller }) => svc.translationItems(db, caller),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}translation/list`,
    permission: T.list,
    action: 'translationList',
    readOnly: true,
    body: registryTranslationListQuery,
    response: page(registryTranslationRow),
    handler: async ({ body, caller }) => svc.listTranslations(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}translation/export`,
    permission: T.list,
    action: 'translationExport',
    body: registryTranslationListQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => svc.exportTranslations(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${r}translation/import/template`,
    permission: T.edit,
    action: 'translationTemplate',
    response: 'file',
    handler: async ({ req }) => svc.translationTemplate(req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}translation/import`,
    upload: true,
    permission: T.edit,
    action: 'translationImport',
    response: importResult,
    handler: async ({ req, caller }) => {
      const file = await readUpload(req, config.uploadLimit);
      return withImportSlot(caller.userId, () => svc.importTranslations(db, caller, prefixes, file, req.lang));
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${r}translation/:id`,
    permission: T.list,
    action: 'translationView',
    params: idParams,
    response: registryTranslationRow,
    handler: async ({ params, caller }) => svc.getTranslation(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${r}translation`,
    permission: T.edit,
    action: 'translationAdd',
    body: registryTranslationCreate,
    response: registryTranslationRow,
    handler: async ({ body, caller }) => svc.createTranslation(db, caller, prefixes, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${r}translation/:id`,
    permission: T.edit,
    action: 'translationEdit',
    params: idParams,
    body: registryTranslationUpdate,
    response: registryTranslationRow,
    handler: async ({ params, body, caller }) => svc.editTranslation(db, caller, prefixes, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${r}translation/:ids`,
    permission: T.edit,
    action: 'translationRemove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => svc.removeTranslations(db, caller, params.ids),
  });
}
