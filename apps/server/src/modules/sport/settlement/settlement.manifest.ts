import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as settlementTables from './settlement.table.ts';
import { settlementRoutes } from './settlement.routes.ts';
import { seedSettlementDemo } from './settlement.seed.ts';
import { RECONCILE_ACCOUNT } from './settlement.reconcile.ts';

/**
 * Settlement (issue 29): the daily close of each venue, read from the commerce ledger through its
 * facade (a close keeps a signed snapshot of the ledger's figures and the range it read, never a
 * second copy of the money), with the cash the desks' shifts counted, signed off by an operator.
 */
export const settlementManifest: ModuleManifest = {
  name: 'sport/settlement',
  dependsOn: ['system', 'sport/commerce', 'sport/venue', 'sport/booking'],
  ui: contractModule('sport/settlement'),
  tables: { schema: settlementTables },
  // The closes read the demo's sales: every selling module's demo comes first, and the statistics
  // demo's past 90 days (a closed day's entries never change).
  demoAfter: [
    'sport/booking',
    'sport/member',
    'sport/card',
    'sport/goods',
    'sport/equipment',
    'sport/ticket',
    'sport/course',
    'sport/sparring',
    'sport/statistics',
  ],
  routes: ({ app, ctx }) => settlementRoutes(app, ctx),
  // Adjusting entries of reconciliation move between a provider's account and this one.
  contributes: { ledgerAccounts: [RECONCILE_ACCOUNT] },
  demo: ({ db }) => seedSettlementDemo(db),
};
