/**
 * The sport/marketing module's public API: the only file of `modules/sport/marketing/` another
 * module may import (tests may also import `marketing.testkit.ts`). Campaigns act on orders through
 * the ports and registries of commerce, cards and coupons, so this is only the manifest.
 */
export { marketingManifest } from './marketing.manifest.ts';
