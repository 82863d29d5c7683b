import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as largeScreenTables from './largeScreen.table.ts';
import { largeScreenRoutes } from './largeScreen.routes.ts';
import { seedLargeScreenDemo } from './largeScreen.seed.ts';

/**
 * The large data screen (issue 31, `/largeScreen`): display links administrators make for an
 * organisation, and the public view a link opens, with the organisation's figures read from the
 * statistics module's aggregates (through its public readers).
 */
export const largeScreenManifest: ModuleManifest = {
  name: 'sport/large-screen',
  dependsOn: ['system', 'sport/venue', 'sport/statistics'],
  ui: contractModule('sport/large-screen'),
  tables: { schema: largeScreenTables },
  routes: ({ app, ctx }) => largeScreenRoutes(app, ctx),
  demo: ({ app, db, config, ctx }) =>
    seedLargeScreenDemo(db, ctx.keys.secretKey, config.publicUrl ?? `http://127.0.0.1:${config.port}`, (m) => app.log.info(m)),
};
