import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { actingAs } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { addLink } from './largeScreen.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'largescreen_demo_seeded';

/**
 * The demo display link (`SEED_DEMO=1`), once per database: the demo venue organisation's large
 * screen, made by its manager, who can open the links screen and copy it (the URL is printed too).
 */
export async function seedLargeScreenDemo(db: Db, secretKey: Buffer, publicUrl: string, log: (msg: string) => void): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, ['sport.largeScreen.links']);
  const caller = { ...actingAs(manager, center.id, { platform: true }), platform: false };
  const link = await addLink(db, caller, { name: '前台大屏', orgId: center.id, expiresAt: null }, secretKey);
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
  log(`demo large screen: ${publicUrl}${link.url}`);
}
