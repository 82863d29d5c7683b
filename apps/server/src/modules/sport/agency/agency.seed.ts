import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { dayIn } from '../../../platform/zone.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { timeZoneOf } from '../commerce/index.ts';
import { addDays, findVenue, firstVenueOf } from '../venue/index.ts';
import { insertContract } from './agency.repository.ts';
import { approveAs, computePeriod, payAs, periodOf } from './agency.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'agency_demo_seeded';

/**
 * The demo centre's tripartite agency (`SEED_DEMO=1`), once per database: a weekly contract of its
 * first venue with a partner (shares from the venue's service contract commission when it has one),
 * and its statements from the ledger: the week before last approved and paid, last week approved
 * (to be paid), this week draft.
 */
export async function seedAgencyDemo(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return;
  const scope = oneOrgScope(center.id);
  const venue = await firstVenueOf(db, scope, center.id);
  const manager = await findVisibleUserByCode(db, scope, 'manager');
  if (!venue || !manager) return;
  await grantDemoMenus(db, ['clearingSettlement', 'sport.agency.contract', 'sport.agency.liquidation', 'sport.agency.settlement']);
  const today = dayIn(new Date(), await timeZoneOf(db, center.id));
  const thisWeek = periodOf('weekly', today);
  const commission = (await findVenue(db, scope, venue.id))?.commissionPercent ?? 0;
  // The platform's commission of the service contract; else a usual 6%. The partner (who runs the courts' coaching) takes 10%.
  const platformBp = (commission || 6) * 100;
  const contract = await insertContract(db, scope, {
    orgId: venue.orgId,
    venueId: venue.id,
    name: '场馆运营三方代理协议',
    partnerName: '动力体育运营有限公司',
    platformBp,
    venueBp: 10_000 - platformBp - 1_000,
    partnerBp: 1_000,
    kindShares: [{ kind: 'goods', platformBp: 300, venueBp: 9_700, partnerBp: 0 }],
    validFrom: addDays(thisWeek.start, -28),
    validTo: null,
    period: 'weekly',
    remark: '每周结算，次周付款',
  });
  const twoBack = await computePeriod(db, scope, contract, addDays(thisWeek.start, -8));
  await approveAs(db, scope, twoBack.id, manager.id);
  await payAs(db, scope, twoBack.id, manager.id, `TRF${twoBack.periodEnd.replaceAll('-', '')}001`);
  const lastWeek = await computePeriod(db, scope, contract, addDays(thisWeek.start, -1));
  await approveAs(db, scope, lastWeek.id, manager.id);
  await computePeriod(db, scope, contract, today);
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
