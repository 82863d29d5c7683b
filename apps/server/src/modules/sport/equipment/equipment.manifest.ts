import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as equipmentTables from './equipment.table.ts';
import { equipmentRoutes } from './equipment.routes.ts';
import { gateRoutes } from './gate.routes.ts';
import { golfRoutes } from './golf.routes.ts';
import { zktecoAdapter } from './zkteco.adapter.ts';
import { seedEquipmentDemo } from './equipment.seed.ts';
import { seedGolfDemo } from './golf.seed.ts';
import { BRACELET_DEPOSIT, braceletKind } from './bracelet.kinds.ts';
import { seedBraceletDemo } from './bracelet.seed.ts';

/**
 * Equipment: the devices of venues, gate access grants, and the gates' access log, with the ZKTeco
 * PUSH protocol at `/iclock/*` for the gates; bracelets issued with a deposit (item kind
 * `bracelet`, the deposit a liability in `braceletDeposit`) that open their holder's gates; golf
 * bays with their controllers' `/golf/state` (issue 27).
 */
export const equipmentManifest: ModuleManifest = {
  name: 'sport/equipment',
  // Golf controllers' changes are pushed to open consoles through messaging's live socket.
  // Passes read members and bookings (booking's site claims, the core's orders); cards, tickets and lessons answer the gates' ports.
  dependsOn: ['system', 'message', 'sport/commerce', 'sport/venue', 'sport/member', 'sport/booking'],
  // The bracelets' demo issues one to a paid court booking (the goods demo pays one).
  demoAfter: ['sport/booking', 'sport/member', 'sport/card', 'sport/goods'],
  ui: contractModule('sport/equipment'),
  tables: { schema: equipmentTables },
  contributes: { kinds: [braceletKind], ledgerAccounts: [BRACELET_DEPOSIT] },
  routes: ({ app, ctx }) => {
    equipmentRoutes(app, ctx);
    gateRoutes(app, ctx, zktecoAdapter);
    golfRoutes(app, ctx);
  },
  demo: async ({ db, app, config, ctx }) => {
    await seedEquipmentDemo(db, app);
    await seedBraceletDemo(db, config, ctx.keys.secretKey);
    // The golf range's simulated controllers keep reporting: what it answers stops them.
    return seedGolfDemo(db, app, config, ctx.keys.secretKey);
  },
};
