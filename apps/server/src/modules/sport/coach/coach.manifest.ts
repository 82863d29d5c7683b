import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as coachTables from './coach.table.ts';
import { coachRoutes } from './coach.routes.ts';
import { seedCoachDemo } from './coach.seed.ts';

/** Coaches: profiles, sports, venues, qualifications, status, a coach's schedule; coach time is claimed through commerce. */
export const coachManifest: ModuleManifest = {
  name: 'sport/coach',
  dependsOn: ['system', 'sport/commerce', 'sport/venue'],
  ui: contractModule('sport/coach'),
  tables: { schema: coachTables },
  routes: ({ app, ctx }) => coachRoutes(app, ctx),
  // The demo coaches work at the demo venue, which the booking module's demo adds.
  demoAfter: ['sport/booking'],
  demo: ({ db }) => seedCoachDemo(db),
};
