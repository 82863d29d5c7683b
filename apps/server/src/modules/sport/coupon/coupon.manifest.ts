import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import { registerOrderHooks, registerPriceAdjuster } from '../commerce/index.ts';
import * as couponTables from './coupon.table.ts';
import { couponRoutes } from './coupon.routes.ts';
import { couponKind } from './coupon.kinds.ts';
import { COUPON_COST, couponAdjuster, couponOrderHooks } from './coupon.redeem.ts';
import { couponExpiringType, couponIssuedType, couponJobHandlers, seedCouponJobs } from './coupon.jobs.ts';
import { seedCouponDemo } from './coupon.seed.ts';

/**
 * Coupons (issue 28): templates, batches issued to members or segments, shared codes, coupons
 * redeemed by the commerce core's price adjuster `coupon` (held by the pending order, used when it
 * is paid, released on cancel or time-out, returned or spent on refund, through the core's order
 * hooks), coupons sold as goods (item kind `coupon` in `coupon` orders), their cost in the ledger
 * (`couponCost`), and the messages of coupons issued and expiring.
 */
export const couponManifest: ModuleManifest = {
  name: 'sport/coupon',
  dependsOn: ['system', 'job', 'message', 'sport/commerce', 'sport/venue', 'sport/member'],
  demoAfter: ['sport/booking', 'sport/member', 'sport/goods'],
  ui: contractModule('sport/coupon'),
  tables: { schema: couponTables },
  contributes: {
    kinds: [couponKind],
    orderTypes: ['coupon'],
    ledgerAccounts: [COUPON_COST],
    jobs: couponJobHandlers,
    messageTypes: [couponIssuedType, couponExpiringType],
  },
  plug: () => {
    registerPriceAdjuster(couponAdjuster);
    registerOrderHooks(couponOrderHooks);
  },
  seed: ({ db }) => seedCouponJobs(db),
  routes: ({ app, ctx }) => couponRoutes(app, ctx),
  demo: ({ db, config, ctx }) => seedCouponDemo(db, config, ctx.keys.secretKey),
};
