import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { dayIn } from '../../../platform/zone.ts';
import { findOrgByCode, grantDemoMenus } from '../../system/index.ts';
import { timeZoneOf } from '../commerce/index.ts';
import { addDays } from '../venue/index.ts';
import { demoPlaceOf } from './settlement.repository.ts';
import { closeVenueDay, signCloseAs } from './settlement.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'settlement_demo_seeded';
const DEMO_DAYS = 30;
/** The newest days stay open: the manager signs them off in the demo. */
const OPEN_DAYS = 3;

/**
 * The demo centre's daily closes (`SEED_DEMO=1`), once per database: the last month of its first
 * venue closed from the ledger up to today (where the other demos' sales are), every day signed off
 * by `manager` but the last three (today's cannot be signed before it is over).
 */
export async function seedSettlementDemo(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return;
  const scope = oneOrgScope(center.id);
  const { venue, manager } = await demoPlaceOf(db, scope, center.id);
  if (!venue || !manager) return;
  await grantDemoMenus(db, ['clearingSettlement', 'sport.settlement']);
  const today = dayIn(new Date(), await timeZoneOf(db, center.id));
  for (let back = DEMO_DAYS - 1; back >= 0; back--) {
    const close = await closeVenueDay(db, scope, venue, addDays(today, -back));
    if (back >= OPEN_DAYS && close.state === 'open') await signCloseAs(db, scope, close.id, manager.id);
  }
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
