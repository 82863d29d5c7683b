import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../platform/module.ts';
import * as registryTables from './registry.table.ts';
import { registryRoutes } from './registry.routes.ts';
import { seedRegistryDemo } from './registry.seed.ts';

/** The service registry: applications, environments, services and translation items. */
export const registryManifest: ModuleManifest = {
  name: 'registry',
  dependsOn: ['system'],
  tables: { schema: registryTables },
  ui: contractModule('registry'),
  routes: ({ app, ctx }) => registryRoutes(app, ctx),
  demo: ({ db }) => seedRegistryDemo(db),
};
