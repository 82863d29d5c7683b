import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as agencyTables from './agency.table.ts';
import { agencyRoutes } from './agency.routes.ts';
import { seedAgencyDemo } from './agency.seed.ts';

/**
 * Tripartite agency (issue 29): contracts sharing a venue's takings between the platform, the
 * venue and a partner, and per settlement period a statement read from the commerce ledger through
 * its facade (the liquidation and settlement reports), approved, then marked paid.
 */
export const agencyManifest: ModuleManifest = {
  name: 'sport/agency',
  dependsOn: ['system', 'sport/commerce', 'sport/venue', 'sport/settlement'],
  ui: contractModule('sport/agency'),
  tables: { schema: agencyTables },
  // The statements read the demo's sales: every selling module's demo comes first.
  demoAfter: [
    'sport/booking',
    'sport/member',
    'sport/card',
    'sport/goods',
    'sport/equipment',
    'sport/ticket',
    'sport/course',
    'sport/sparring',
    'sport/settlement',
  ],
  routes: ({ app, ctx }) => agencyRoutes(app, ctx),
  demo: ({ db }) => seedAgencyDemo(db),
};
