import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../platform/module.ts';
import { providerSignOut } from '../auth/index.ts';
import * as ssoTables from './sso.table.ts';
import { ssoRoutes } from './sso.routes.ts';
import { providerSignOut as endProviderSession } from './sso.service.ts';

/** Single sign-on (OpenID Connect). */
export const ssoManifest: ModuleManifest = {
  name: 'sso',
  ui: contractModule('sso'),
  dependsOn: ['system', 'log', 'auth'],
  tables: { schema: ssoTables, platformWide: { sys_sso_state: 'the state of a sign-on in progress, before anyone is signed in' } },
  plug: () => providerSignOut.plug(endProviderSession),
  routes: ({ app, ctx }) => ssoRoutes(app, ctx),
};
