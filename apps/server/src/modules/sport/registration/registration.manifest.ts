import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as registrationTables from './registration.table.ts';
import { registrationRoutes } from './registration.routes.ts';
import { registrationKind } from './registration.kinds.ts';
import { seedRegistrationDemo } from './registration.seed.ts';

/**
 * Sports registration (issue 28): events of a venue with sessions, members' entries sold through
 * commerce (item kind `registration` in `registration` orders, a session's places a commerce
 * counter, a year limit per event type checked in the order's transaction), admission at the door
 * by the member's code, the kit's state machine, scene changes; and the desk's pickup records.
 */
export const registrationManifest: ModuleManifest = {
  name: 'sport/registration',
  dependsOn: ['system', 'sport/commerce', 'sport/venue', 'sport/member'],
  // The demo enters demo members in an event of the demo centre.
  demoAfter: ['sport/booking', 'sport/member'],
  ui: contractModule('sport/registration'),
  tables: { schema: registrationTables },
  contributes: { kinds: [registrationKind], orderTypes: ['registration'] },
  routes: ({ app, ctx }) => registrationRoutes(app, ctx),
  demo: ({ db, config, ctx }) => seedRegistrationDemo(db, config, ctx.keys.secretKey),
};
