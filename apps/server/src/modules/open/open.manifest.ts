import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../platform/module.ts';
import * as openTables from './open.table.ts';
import { openRoutes } from './open.routes.ts';
import { seedOpenDemo } from './open.seed.ts';

/** Third-party application access: applications, their grants, the open interfaces and the call log. */
export const openManifest: ModuleManifest = {
  name: 'open',
  dependsOn: ['system'],
  // The demo application calls the open interfaces of these modules' demo data.
  demoAfter: ['sport/member', 'sport/commerce', 'sport/booking', 'sport/venue'],
  tables: {
    schema: openTables,
    platformWide: {
      sys_open_api: "the interfaces the code opens: one list for every organisation's applications",
      sys_open_nonce: 'replay guard of signed calls, keyed by application, kept for the signing window',
    },
  },
  ui: contractModule('open'),
  routes: ({ app, ctx }) => openRoutes(app, ctx),
  demo: ({ app, db, ctx }) => seedOpenDemo(app, db, ctx.keys.secretKey),
};
