import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as venueTables from './venue.table.ts';
import { venueRoutes } from './venue.routes.ts';
import { venueOpenRoutes } from './venue.open.ts';

/** Venues, sites, opening hours and price rules (booking sells their time). */
export const venueManifest: ModuleManifest = {
  name: 'sport/venue',
  dependsOn: ['system', 'open', 'sport/commerce'],
  ui: contractModule('sport/venue'),
  tables: { schema: venueTables },
  routes: ({ app, ctx }) => {
    venueRoutes(app, ctx);
    venueOpenRoutes(app, ctx);
  },
};
