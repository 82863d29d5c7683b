import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import { registerOrderHooks, registerPriceAdjuster } from '../commerce/index.ts';
import { onCouponUse } from '../coupon/index.ts';
import { registerRechargeBonus } from '../card/index.ts';
import * as marketingTables from './marketing.table.ts';
import { marketingRoutes } from './marketing.routes.ts';
import { campaignAdjuster, campaignCouponListener, campaignOrderHooks, campaignRechargeBonus } from './marketing.effects.ts';
import { seedMarketingDemo } from './marketing.seed.ts';

/**
 * Marketing campaigns (issue 28): recharge bonus tiers (the card module's bonus source), the
 * first-booking and time-band discounts (the commerce core's price adjuster `campaign`), coupon
 * packs on a paid registration or card purchase (issued through the coupon module), each with a
 * budget the database holds as a hard limit, taken in the order's transaction and given back by
 * the order hooks on cancel, time-out and refund.
 */
export const marketingManifest: ModuleManifest = {
  name: 'sport/marketing',
  dependsOn: ['system', 'sport/commerce', 'sport/venue', 'sport/member', 'sport/card', 'sport/coupon'],
  demoAfter: ['sport/booking', 'sport/card', 'sport/coupon', 'sport/registration'],
  ui: contractModule('sport/marketing'),
  tables: { schema: marketingTables },
  plug: () => {
    registerPriceAdjuster(campaignAdjuster);
    registerOrderHooks(campaignOrderHooks);
    registerRechargeBonus(campaignRechargeBonus);
    onCouponUse(campaignCouponListener);
  },
  routes: ({ app, ctx }) => marketingRoutes(app, ctx),
  demo: ({ db, config, ctx }) => seedMarketingDemo(db, config, ctx.keys.secretKey),
};
