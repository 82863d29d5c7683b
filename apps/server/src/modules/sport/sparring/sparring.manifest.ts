import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as sparringTables from './sparring.table.ts';
import { sparringRoutes } from './sparring.routes.ts';
import { sparringKind } from './sparring.kinds.ts';
import { seedSparringDemo } from './sparring.seed.ts';

/** Sparring: a coach booked by the hour, price groups with approved changes, sparring orders. */
export const sparringManifest: ModuleManifest = {
  name: 'sport/sparring',
  // Booking: a site's time is claimed through its slot claims; member levels price members' hours.
  dependsOn: ['system', 'sport/commerce', 'sport/venue', 'sport/booking', 'sport/coach'],
  ui: contractModule('sport/sparring'),
  tables: { schema: sparringTables },
  // A coach's hours sold in `sparring` orders (the order list's sparringOrder tab lists them).
  contributes: { kinds: [sparringKind], orderTypes: ['sparring'] },
  routes: ({ app, ctx }) => sparringRoutes(app, ctx),
  demoAfter: ['sport/coach'],
  demo: ({ db, config, ctx }) => seedSparringDemo(db, config, ctx.keys.secretKey),
};
