import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as ticketTables from './ticket.table.ts';
import * as catalogueTables from './catalogue/catalogue.table.ts';
import * as templateTables from './catalogue/template.table.ts';
import * as distributionTables from './distribution/distribution.table.ts';
import * as gateTables from './gate/gate.table.ts';
import * as reserveTables from './reserve/reserve.table.ts';
import { ticketRoutes } from './ticket.routes.ts';
import { reserveRoutes } from './reserve/reserve.routes.ts';
import { ticketCatalogueRoutes } from './catalogue/catalogue.routes.ts';
import { gateRoutes } from './gate/gate.routes.ts';
import { distributionRoutes } from './distribution/distribution.routes.ts';
import { seedTicketDemo } from './ticket.seed.ts';
import { seedDistributionDemo } from './distribution/distribution.seed.ts';
import { seedGateDemo } from './gate/gate.seed.ts';
import { seedTicketRulesDemo } from './reserve/reserve.seed.ts';
import { seedTicketCatalogueDemo } from './catalogue/catalogue.seed.ts';
import { ticketKind } from './sale.service.ts';
import { distTicketKind, ticketPackageKind } from './distribution/distribution.service.ts';
import { ticketHomeCard } from './ticket.home.ts';
import { ticketOfMemberAt } from './ticket.repository.ts';
import { gateTicketPort } from '../equipment/index.ts';

/** Ticketing: catalogue, sessions, seat maps, selling, reserved issuing, distribution, gate checking. */
export const ticketManifest: ModuleManifest = {
  name: 'sport/ticket',
  dependsOn: ['system', 'job', 'sport/commerce', 'sport/member', 'sport/venue', 'sport/equipment'],
  ui: contractModule('sport/ticket'),
  tables: { schema: { ...ticketTables, ...catalogueTables, ...templateTables, ...distributionTables, ...gateTables, ...reserveTables } },
  // What it sells through commerce, in orders of type `ticket`: box-office tickets, distributors' quota tickets, packages.
  contributes: { kinds: [ticketKind, distTicketKind, ticketPackageKind], orderTypes: ['ticket'], homeCards: [ticketHomeCard] },
  // The gates (equipment): a member's ticket for a session of the venue opens them in its gate window.
  plug: () => gateTicketPort.plug(ticketOfMemberAt),
  routes: ({ app, ctx }) => {
    ticketRoutes(app, ctx);
    reserveRoutes(app, ctx);
    ticketCatalogueRoutes(app, ctx);
    gateRoutes(app, ctx);
    distributionRoutes(app, ctx);
  },
  demo: async ({ db, config, ctx }) => {
    const { secretKey } = ctx.keys;
    await seedTicketDemo(db);
    await seedDistributionDemo(db, config, secretKey);
    await seedGateDemo(db, config, secretKey);
    await seedTicketRulesDemo(db);
    await seedTicketCatalogueDemo(db);
  },
};
