import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as goodsTables from './goods.table.ts';
import { goodsRoutes } from './goods.routes.ts';
import { goodsKind } from './goods.kinds.ts';
import { seedGoodsDemo } from './goods.seed.ts';

/**
 * Goods: categories, goods, warehouses and the stock ledger; goods sold through commerce as item
 * kind `goods`, in the core's `goods` orders (the order list's rent-and-sale tab) and on other
 * modules' orders. Rentals, gates and bracelets come later (issue 27).
 */
export const goodsManifest: ModuleManifest = {
  name: 'sport/goods',
  dependsOn: ['system', 'sport/commerce', 'sport/venue'],
  // The demo sells in the demo centre's shop (the venue's demo) to a demo member.
  demoAfter: ['sport/booking', 'sport/member'],
  ui: contractModule('sport/goods'),
  tables: { schema: goodsTables },
  contributes: { kinds: [goodsKind] },
  routes: ({ app, ctx }) => goodsRoutes(app, ctx),
  demo: ({ db, config, ctx }) => seedGoodsDemo(db, config, ctx.keys.secretKey),
};
