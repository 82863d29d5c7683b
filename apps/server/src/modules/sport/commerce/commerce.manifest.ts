import { contractModule } from '@venue/contract';
import { contributionsOf, type ModuleManifest } from '../../../platform/module.ts';
import * as commerceTables from './commerce.table.ts';
import * as claimTables from './claims.table.ts';
import * as counterTables from './counters.table.ts';
import { commerceRoutes } from './commerce.routes.ts';
import { commerceOpenRoutes } from './commerce.open.ts';
import { takingsRoutes } from './takings.routes.ts';
import { commerceHomeCards } from './commerce.home.ts';
import { seedCommerceDemo, startDemoPayments } from './commerce.seed.ts';
import { commerceJobHandlers, seedCommerceJobs } from './commerce.jobs.ts';
import { setPaymentOutbound } from './providers/http.ts';
import { registerItemKind } from './item-kinds.ts';
import { registerOrderType } from './order.service.ts';
import { generalKind, rechargeKind } from './core-kinds.ts';
import { CORE_LEDGER_ACCOUNTS, CORE_PAY_METHODS, registerLedgerContributions } from './ledger.ts';
import { commerceGauges } from './commerce.gauges.ts';

/** The commerce core: orders, payments, refunds, stored value, the ledger, merchant settings; what every business module sells through. */
export const commerceManifest: ModuleManifest = {
  name: 'sport/commerce',
  dependsOn: ['system', 'job', 'open'],
  ui: contractModule('sport/commerce'),
  tables: { schema: { ...commerceTables, ...claimTables, ...counterTables } },
  contributes: {
    jobs: commerceJobHandlers,
    gauges: commerceGauges,
    homeCards: commerceHomeCards,
    // The core's own kinds, and its order types: the generic sale's, and `card`, which its own
    // account recharge sells in (the cards module sells its cards in it too). Other modules declare theirs.
    kinds: [generalKind, rechargeKind],
    orderTypes: ['general', 'goods', 'card'],
    ledgerAccounts: CORE_LEDGER_ACCOUNTS,
    payMethods: CORE_PAY_METHODS,
  },
  // Merchant gateways are tenants' addresses: they go by OUTBOUND_ALLOW, as the message channels do.
  plug: ({ config, modules }) => {
    setPaymentOutbound(config.outbound.allow);
    // The ledger accounts and payment methods of every module, then what the modules sell through
    // commerce, from their manifests (the loader refused a name two declare).
    registerLedgerContributions(
      modules.flatMap((m) => (m.contributes?.ledgerAccounts ?? []).map((account) => ({ account, owner: m.name }))),
      modules.flatMap((m) => (m.contributes?.payMethods ?? []).map((method) => ({ ...method, owner: m.name }))),
    );
    for (const m of modules) for (const type of m.contributes?.orderTypes ?? []) registerOrderType(type, m.name);
    for (const kind of contributionsOf(modules, 'kinds')) registerItemKind(kind);
  },
  routes: ({ app, ctx }) => {
    commerceRoutes(app, ctx);
    takingsRoutes(app, ctx);
    // Reads opened to third-party applications (/api/open/).
    commerceOpenRoutes(app, ctx);
  },
  seed: ({ db }) => seedCommerceJobs(db),
  // The local payment simulators the demo pays through, open until shutdown (their first keys made
  // on the thread pool while the demo's orders, which need no simulator, are written).
  demo: async ({ db, config, ctx }) => {
    const [sims] = await Promise.all([startDemoPayments(db, config, ctx.keys.secretKey), seedCommerceDemo(db, config, ctx.keys.secretKey)]);
    return sims ? () => sims.close() : undefined;
  },
};
