import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import { onCommerceEvent } from '../commerce/index.ts';
import * as statisticsTables from './statistics.table.ts';
import { HANDLERS } from './statistics.repository.ts';
import { statisticsRoutes } from './statistics.routes.ts';
import { cardUsageRoutes } from './cardUsage.routes.ts';
import { seedStatisticsJobs, statisticsJobHandlers } from './statistics.jobs.ts';
import { onOrderCancelled, onOrderPaid, onPayment, onRefund } from './statistics.service.ts';
import { seedStatisticsDemo } from './statistics.seed.ts';

/**
 * Statistics (issue 31): daily aggregates per organisation, venue, business day and item kind,
 * added to from commerce's events in each delivery's transaction and rebuilt from the ledger and
 * the orders on demand (a route, a job); the summary, its drill-down lines, and the home dashboard.
 */
export const statisticsManifest: ModuleManifest = {
  name: 'sport/statistics',
  dependsOn: ['system', 'job', 'message', 'sport/commerce', 'sport/venue', 'sport/member', 'sport/coach', 'sport/course', 'sport/card'],
  ui: contractModule('sport/statistics'),
  tables: { schema: statisticsTables },
  contributes: { jobs: statisticsJobHandlers },
  plug: () => {
    onCommerceEvent('payment.succeeded', HANDLERS.payment, onPayment);
    onCommerceEvent('refund.succeeded', HANDLERS.refund, onRefund);
    onCommerceEvent('order.paid', HANDLERS.paid, onOrderPaid);
    onCommerceEvent('order.cancelled', HANDLERS.cancelled, onOrderCancelled);
  },
  routes: ({ app, ctx }) => {
    statisticsRoutes(app, ctx);
    cardUsageRoutes(app, ctx);
  },
  seed: ({ db }) => seedStatisticsJobs(db),
  // The demo manager sees the statistics screens, over the demo's sales as the ledger has them.
  demoAfter: [
    'sport/commerce',
    'sport/booking',
    'sport/card',
    'sport/ticket',
    'sport/course',
    'sport/sparring',
    'sport/coupon',
    'sport/goods',
    'sport/equipment',
  ],
  demo: ({ db }) => seedStatisticsDemo(db),
};
