/**
 * The sport/coupon module's public API: the only file of `modules/sport/coupon/` another module may
 * import (tests may also import `coupon.testkit.ts`). A campaign module issues coupon packs with
 * `issueBatch` (in its own transaction, once per batch key, source `campaign`) and keeps a budget
 * by listening to coupon uses (`onCouponUse`: throwing from `held` refuses the order).
 */

// ---------------------------------------------------------------- what a campaign module uses
export { issueBatch, templateBriefs, listTemplates } from './coupon.service.ts';
export { onCouponUse, type CouponUseListener } from './coupon.redeem.ts';

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { couponManifest } from './coupon.manifest.ts';
