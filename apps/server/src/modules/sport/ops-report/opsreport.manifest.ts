import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as opsReportTables from './opsreport.table.ts';
import { opsReportRoutes } from './opsreport.routes.ts';
import { seedOpsReportDemo } from './opsreport.seed.ts';

/**
 * Operations reports (issue 30; spec 2.5 finalReport, weeklyOperationsReport): a venue's figures
 * for a period read from the statistics aggregates and the ledger (through those modules' exported
 * readers), then edited by an operator with every edit a version.
 */
export const opsReportManifest: ModuleManifest = {
  name: 'sport/ops-report',
  dependsOn: ['system', 'sport/venue', 'sport/commerce', 'sport/statistics'],
  demoAfter: ['sport/booking', 'sport/desk-ops'],
  ui: contractModule('sport/ops-report'),
  tables: { schema: opsReportTables },
  routes: ({ app, ctx }) => opsReportRoutes(app, ctx),
  demo: ({ db }) => seedOpsReportDemo(db),
};
