import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import { bookingRoutes } from './booking.routes.ts';
import { bookingOpenRoutes } from './booking.open.ts';
import { seedVenueDemo } from './booking.seed.ts';
import { bookingJobHandlers, seedVenueJobs } from './booking.jobs.ts';
import { closureCancelledType } from './booking.messageTypes.ts';
import { plugBookingPorts, venueSlotKind } from './booking.service.ts';
import * as bookingTables from './booking.table.ts';
import { liveClaimsAhead, venueBooked } from './booking.repository.ts';
import { liveClaimsAheadPort, venueBookedPort } from '../venue/index.ts';
import { operatorDrawerCash } from './shift.service.ts';
import { drawerCashPort } from '../commerce/index.ts';
import { bookingHomeCard } from './booking.home.ts';

/** Booking: the grid, booking orders, fixed bookings, closures and the desk's shifts (its tables: booking.table.ts). */
export const bookingManifest: ModuleManifest = {
  name: 'sport/booking',
  dependsOn: ['system', 'job', 'message', 'open', 'sport/commerce', 'sport/venue'],
  // The demo books for the members' demo members.
  demoAfter: ['sport/member'],
  ui: contractModule('sport/booking'),
  contributes: { kinds: [venueSlotKind], orderTypes: ['venue'], jobs: bookingJobHandlers, homeCards: [bookingHomeCard], messageTypes: [closureCancelledType] },
  tables: { schema: bookingTables },
  routes: ({ app, ctx }) => {
    bookingRoutes(app, ctx);
    bookingOpenRoutes(app, ctx);
  },
  plug: () => {
    plugBookingPorts();
    // The venue's delete checks read booking's claims.
    venueBookedPort.plug(venueBooked);
    liveClaimsAheadPort.plug(liveClaimsAhead);
    // A cash refund is paid out of the applicant's drawer, which the desk's shifts count.
    drawerCashPort.plug(operatorDrawerCash);
  },
  seed: ({ db }) => seedVenueJobs(db),
  demo: ({ db, config, ctx }) => seedVenueDemo(db, config, ctx.keys.secretKey),
};
