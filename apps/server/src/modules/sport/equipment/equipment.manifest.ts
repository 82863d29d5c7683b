import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as equipmentTables from './equipment.table.ts';
import { equipmentRoutes } from './equipment.routes.ts';
import { gateRoutes } from './gate.routes.ts';
import { zktecoAdapter } from './zkteco.adapter.ts';
import { seedEquipmentDemo } from './equipment.seed.ts';

/**
 * Equipment: the devices of venues, gate access grants, and the gates' access log, with the ZKTeco
 * PUSH protocol at `/iclock/*` for the gates (issue 27). Bracelets and golf bays come later.
 */
export const equipmentManifest: ModuleManifest = {
  name: 'sport/equipment',
  // Passes read members, their cards (booking's member-levels port) and bookings (booking's site claims, the core's orders).
  dependsOn: ['system', 'sport/commerce', 'sport/venue', 'sport/member', 'sport/booking'],
  demoAfter: ['sport/booking', 'sport/member', 'sport/card'],
  ui: contractModule('sport/equipment'),
  tables: { schema: equipmentTables },
  routes: ({ app, ctx }) => {
    equipmentRoutes(app, ctx);
    gateRoutes(app, ctx, zktecoAdapter);
  },
  demo: ({ db, app }) => seedEquipmentDemo(db, app),
};
