import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { addDays, localOf, weekdayOf } from '../venue/index.ts';
import { demoRefs } from './opsreport.repository.ts';
import { createReport, editReportAs } from './opsreport.service.ts';

const DEMO_ORG = 'demo-sports-center';

/**
 * The demo centre's reports (`SEED_DEMO=1`), once per database: last week's weekly report at the
 * first venue, edited once by `manager` (sections and an adjusted figure, so its log has two
 * versions), and a final report of last month, both generated from the demo's sales.
 */
export async function seedOpsReportDemo(db: Db): Promise<void> {
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  const scope = oneOrgScope(center.id);
  const { venue, reports } = await demoRefs(db, scope);
  if (!venue || reports) return;
  await grantDemoMenus(db, ['sport.opsReport'], ['operatManagement']);
  const by = { userId: manager.id, userName: manager.name };
  const today = localOf(new Date(), venue.timeZone).day;
  const lastMonday = addDays(today, 1 - weekdayOf(today) - 7);
  const weekly = await createReport(db, scope, venue, 'weekly', { from: lastMonday, to: addDays(lastMonday, 6) }, by);
  await editReportAs(db, scope, by, weekly, {
    version: 1,
    sections: {
      summary: '上周客流平稳，周末羽毛球场满场；会员卡续费较前周增加。',
      problems: '周六晚间淋浴热水不足，已报修（见工单）。',
      plan: '本周推出工作日午间打折时段，跟进淋浴维修。',
    },
    adjustments: { newMembers: { value: 12, note: '含前台线下登记未录入系统的 2 位会员' } },
  });
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(firstOfMonth, -1);
  await createReport(db, scope, venue, 'final', { from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd }, by);
}
