import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import { refundPreconditionPort } from '../commerce/index.ts';
import * as invoiceTables from './invoice.table.ts';
import { invoiceRoutes } from './invoice.routes.ts';
import { invoiceJobHandlers, seedInvoiceJobs } from './invoice.jobs.ts';
import { refuseRefundWhileInvoiced } from './invoice.service.ts';
import { seedInvoiceDemo, startDemoInvoicing } from './invoice.seed.ts';

/**
 * E-invoices (issue 29, spec 2.5 invoiceManagement): requested for paid orders, issued through the
 * organisation's e-invoice platform (a signed open-API protocol; its local simulator serves the
 * tests and the demo), credited by red-letter credit notes, then reissued. An invoiced order is
 * refunded only once its invoice is credited (commerce's refund precondition).
 */
export const invoiceManifest: ModuleManifest = {
  name: 'sport/invoice',
  dependsOn: ['system', 'job', 'sport/commerce'],
  // The demo invoices the latest paid orders of the other modules' demos.
  demoAfter: ['sport/commerce', 'sport/booking', 'sport/goods', 'sport/card'],
  ui: contractModule('sport/invoice'),
  tables: { schema: invoiceTables },
  contributes: { jobs: invoiceJobHandlers },
  plug: () => refundPreconditionPort.plug(refuseRefundWhileInvoiced),
  routes: ({ app, ctx }) => invoiceRoutes(app, ctx),
  seed: ({ db }) => seedInvoiceJobs(db),
  // The local platform the demo invoices through, open until shutdown.
  demo: async ({ db, config, ctx }) => {
    const sim = await startDemoInvoicing(db, config, ctx.keys.secretKey);
    await seedInvoiceDemo(db, sim, ctx.keys.secretKey);
    return sim ? () => sim.close() : undefined;
  },
};
