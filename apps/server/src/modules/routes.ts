import type { ModuleManifest } from '../platform/module.ts';
import { venueRoutes } from './sport/venue/venue.routes.ts';
import { bookingOpenRoutes, bookingRoutes } from './sport/booking/index.ts';
import { memberRoutes } from './sport/member/member.routes.ts';
import { commerceRoutes } from './sport/commerce/commerce.routes.ts';
// After the members' routes: the cards module sets the member level resolver after the members module (import order).
import { cardRoutes } from './sport/card/card.routes.ts';
import { ticketRoutes } from './sport/ticket/ticket.routes.ts';
import { memberOpenRoutes } from './sport/member/member.open.ts';
import { commerceOpenRoutes } from './sport/commerce/commerce.open.ts';
import { venueOpenRoutes } from './sport/venue/venue.open.ts';
import { reserveRoutes } from './sport/ticket/reserve/reserve.routes.ts';
import { ticketCatalogueRoutes } from './sport/ticket/catalogue/catalogue.routes.ts';
import { gateRoutes } from './sport/ticket/gate/gate.routes.ts';
import { distributionRoutes } from './sport/ticket/distribution/distribution.routes.ts';
import { setPaymentOutbound } from './sport/commerce/providers/http.ts';
import { seedCommerceDemo, startDemoPayments } from './sport/commerce/commerce.seed.ts';
import { seedCommerceJobs } from './sport/commerce/commerce.jobs.ts';
import { seedVenueDemo, seedVenueJobs } from './sport/booking/index.ts';
import { seedMemberDemo } from './sport/member/member.seed.ts';
import { seedCardDemo } from './sport/card/card.seed.ts';
import { seedTicketDemo } from './sport/ticket/ticket.seed.ts';
import { seedDistributionDemo } from './sport/ticket/distribution/distribution.seed.ts';
import { seedGateDemo } from './sport/ticket/gate/gate.seed.ts';
import { seedTicketRulesDemo } from './sport/ticket/reserve/reserve.seed.ts';
import { seedTicketCatalogueDemo } from './sport/ticket/catalogue/catalogue.seed.ts';

/** The business modules' routes, until each has its own manifest (issue 24). */
export const sportModules: ModuleManifest = {
  name: 'sport',
  dependsOn: ['system', 'log', 'auth', 'job', 'message', 'open'],
  // Merchant gateways are tenants' addresses: they go by OUTBOUND_ALLOW, as the message channels do.
  plug: ({ config }) => setPaymentOutbound(config.outbound.allow),
  routes: ({ app, ctx }) => {
    commerceRoutes(app, ctx);
    venueRoutes(app, ctx);
    bookingRoutes(app, ctx);
    memberRoutes(app, ctx);
    cardRoutes(app, ctx);
    // Reads opened to third-party applications (/api/open/).
    memberOpenRoutes(app, ctx);
    commerceOpenRoutes(app, ctx);
    venueOpenRoutes(app, ctx);
    bookingOpenRoutes(app, ctx);
    ticketRoutes(app, ctx);
    reserveRoutes(app, ctx);
    ticketCatalogueRoutes(app, ctx);
    gateRoutes(app, ctx);
    distributionRoutes(app, ctx);
  },
  seed: async ({ db }) => {
    await seedCommerceJobs(db);
    await seedVenueJobs(db);
  },
  demo: async ({ db, config, ctx }) => {
    const { secretKey } = ctx.keys;
    const paySims = await startDemoPayments(db, config, secretKey);
    await seedCommerceDemo(db, config, secretKey);
    await seedMemberDemo(db);
    await seedVenueDemo(db, config, secretKey);
    await seedCardDemo(db, config, secretKey);
    await seedTicketDemo(db);
    await seedDistributionDemo(db, config, secretKey);
    await seedGateDemo(db, config, secretKey);
    await seedTicketRulesDemo(db);
    await seedTicketCatalogueDemo(db);
    return paySims ? () => paySims.close() : undefined;
  },
};
