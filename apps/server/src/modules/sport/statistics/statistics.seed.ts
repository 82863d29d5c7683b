import type { Db } from '../../../platform/db.ts';
import { grantDemoMenus } from '../../system/index.ts';
import { seedSalesHistory } from './history.seed.ts';
import { rebuildStatistics } from './statistics.service.ts';

/**
 * The statistics demo (`SEED_DEMO=1`): the demo manager gets the directory and every statistics
 * screen under it (the dashboard, the report screens, the deposit screen) with their buttons, and
 * the aggregates are rebuilt over the demo centre's last 90 days (`seedSalesHistory`) and what the
 * other demos sold, rented and issued today (its manifest runs it after them).
 */
export async function seedStatisticsDemo(db: Db): Promise<void> {
  await grantDemoMenus(db, ['statistics', 'sport.statistics']);
  await seedSalesHistory(db);
  await rebuildStatistics(db);
}
