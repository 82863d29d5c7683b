import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as goodsTables from './goods.table.ts';
import { goodsRoutes } from './goods.routes.ts';
import { goodsKind } from './goods.kinds.ts';
import { GOODS_DEPOSIT, rentKind } from './rental.kinds.ts';
import { goodsJobHandlers, rentalOverdueType, seedGoodsJobs } from './goods.jobs.ts';
import { seedGoodsDemo } from './goods.seed.ts';

/**
 * Goods: categories, goods, warehouses and the stock ledger; goods sold through commerce as item
 * kind `goods`, in the core's `goods` orders (the order list's rent-and-sale tab) and on other
 * modules' orders; goods rented as item kind `rent`, their deposits a liability (`goodsDeposit`)
 * until returned, overdue rentals reminded by a job through messaging. Gates and bracelets are the
 * equipment module's.
 */
export const goodsManifest: ModuleManifest = {
  name: 'sport/goods',
  dependsOn: ['system', 'job', 'message', 'sport/commerce', 'sport/venue'],
  // The demo sells in the demo centre's shop (the venue's demo) to a demo member.
  demoAfter: ['sport/booking', 'sport/member'],
  ui: contractModule('sport/goods'),
  tables: { schema: goodsTables },
  contributes: { kinds: [goodsKind, rentKind], ledgerAccounts: [GOODS_DEPOSIT], jobs: goodsJobHandlers, messageTypes: [rentalOverdueType] },
  seed: ({ db }) => seedGoodsJobs(db),
  routes: ({ app, ctx }) => goodsRoutes(app, ctx),
  demo: ({ db, config, ctx }) => seedGoodsDemo(db, config, ctx.keys.secretKey),
};
