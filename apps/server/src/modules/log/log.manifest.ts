import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../platform/module.ts';
import * as logTables from './log.table.ts';
import { logRoutes } from './log.routes.ts';

/** Login and operation logs. */
export const logManifest: ModuleManifest = {
  name: 'log',
  dependsOn: ['system'],
  tables: { schema: logTables },
  ui: contractModule('log'),
  routes: ({ app, ctx }) => logRoutes(app, ctx),
};
