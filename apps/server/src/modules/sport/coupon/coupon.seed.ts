import type { Config } from '../../../config.ts';
import type { Db } from '../../../platform/db.ts';

/** The demo's coupons (issue 28, point 9). */
export async function seedCouponDemo(_db: Db, _config: Config, _secretKey: Buffer): Promise<void> {}
