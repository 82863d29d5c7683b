import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as equipmentTables from './equipment.table.ts';
import { equipmentRoutes } from './equipment.routes.ts';
import { gateRoutes } from './gate.routes.ts';
import { golfRoutes } from './golf.routes.ts';
import { zktecoAdapter } from './zkteco.adapter.ts';
import { seedEquipmentDemo } from './equipment.seed.ts';
import { seedGolfDemo } from './golf.seed.ts';

/**
 * Equipment: the devices of venues, gate access grants, and the gates' access log, with the ZKTeco
 * PUSH protocol at `/iclock/*` for the gates, and golf bays with their controllers' `/golf/state` (issue 27).
 * Bracelets come later.
 */
export const equipmentManifest: ModuleManifest = {
  name: 'sport/equipment',
  // Golf controllers' changes are pushed to open consoles through messaging's live socket.
  // Passes read members, their cards (booking's member-levels port) and bookings (booking's site claims, the core's orders).
  dependsOn: ['system', 'message', 'sport/commerce', 'sport/venue', 'sport/member', 'sport/booking'],
  demoAfter: ['sport/booking', 'sport/member', 'sport/card'],
  ui: contractModule('sport/equipment'),
  tables: { schema: equipmentTables },
  routes: ({ app, ctx }) => {
    equipmentRoutes(app, ctx);
    gateRoutes(app, ctx, zktecoAdapter);
    golfRoutes(app, ctx);
  },
  demo: async ({ db, app, config, ctx }) => {
    await seedEquipmentDemo(db, app);
    return seedGolfDemo(db, app, config, ctx.keys.secretKey);
  },
};
