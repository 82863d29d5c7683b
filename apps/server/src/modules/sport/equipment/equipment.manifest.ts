import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as equipmentTables from './equipment.table.ts';
import { equipmentRoutes } from './equipment.routes.ts';
import { gateRoutes } from './gate.routes.ts';
import { zktecoAdapter } from './zkteco.adapter.ts';
import { seedEquipmentDemo } from './equipment.seed.ts';
import { BRACELET_DEPOSIT, braceletKind } from './bracelet.kinds.ts';
import { seedBraceletDemo } from './bracelet.seed.ts';

/**
 * Equipment: the devices of venues, gate access grants, and the gates' access log, with the ZKTeco
 * PUSH protocol at `/iclock/*` for the gates, and bracelets issued with a deposit (item kind
 * `bracelet`, the deposit a liability in `braceletDeposit`) that open their holder's gates (issue 27).
 * Golf bays come later.
 */
export const equipmentManifest: ModuleManifest = {
  name: 'sport/equipment',
  // Passes read members, their cards (booking's member-levels port) and bookings (booking's site claims, the core's orders).
  dependsOn: ['system', 'sport/commerce', 'sport/venue', 'sport/member', 'sport/booking'],
  // The bracelets' demo issues one to a paid court booking (the goods demo pays one).
  demoAfter: ['sport/booking', 'sport/member', 'sport/card', 'sport/goods'],
  ui: contractModule('sport/equipment'),
  tables: { schema: equipmentTables },
  contributes: { kinds: [braceletKind], ledgerAccounts: [BRACELET_DEPOSIT] },
  routes: ({ app, ctx }) => {
    equipmentRoutes(app, ctx);
    gateRoutes(app, ctx, zktecoAdapter);
  },
  demo: async ({ db, app, config, ctx }) => {
    await seedEquipmentDemo(db, app);
    await seedBraceletDemo(db, config, ctx.keys.secretKey);
  },
};
