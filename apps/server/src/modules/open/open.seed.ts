import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { actingAs } from '../../platform/http.ts';
import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { grantDemoMenus, findOrgByCode } from '../system/index.ts';
import { OPEN_PREFIX, openRouteDefs } from './open.gateway.ts';
import { pageApis, syncApis } from './open.repository.ts';
import { createApp, setGrants } from './open.service.ts';
import { signedHeaders } from './open.sign.ts';
import { dayIn } from '../../platform/zone.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'open_demo_seeded';

/**
 * The demo's third-party application (`SEED_DEMO=1`), once per database: the centre's booking
 * mini-program, granted every open interface, and a few real signed calls (one with a wrong
 * signature) so its call log is not empty. The demo manager runs App access, but for the
 * interface list: that is the platform's.
 */
export async function seedOpenDemo(app: FastifyInstance, db: Db, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return;
  await grantDemoMenus(db, ['appAccess.app', 'appAccess.grant', 'appAccess.log'], ['appAccess']);
  await syncApis(db, openRouteDefs);
  const caller = actingAs({ id: 0, name: 'seed', code: 'seed' }, center.id);
  const made = await createApp(db, caller, secretKey, {
    name: '阳光体育小程序',
    status: 0,
    restriction: 'whitelist',
    ipRules: ['127.0.0.1', '203.0.113.0-203.0.113.255'],
    ratePerMinute: 600,
    remark: '会员在小程序查看场地空闲、查询订单状态',
  });
  const apis = await pageApis(db, {}, { limit: 100, offset: 0 });
  await setGrants(
    db,
    caller,
    made.id,
    apis.rows.map((a) => a.id),
  );

  const get = (path: string, secret = made.secret) =>
    app.inject({ method: 'GET', url: `${OPEN_PREFIX}${path}`, headers: signedHeaders(made.appKey, secret, 'GET', `${OPEN_PREFIX}${path}`) });
  const venues = (await get('v1/venues')).json() as { body?: { data?: { id: number }[] } };
  const venueId = venues.body?.data?.[0]?.id;
  // Today in the centre's time zone (the UTC day is yesterday before 08:00 in Beijing).
  const today = dayIn(new Date(), center.timeZone);
  if (venueId) await get(`v1/venue/${venueId}/grid?date=${today}`);
  await get('v1/member?phone=13900000001');
  await get('v1/order/NO-SUCH-ORDER');
  await get('v1/venues', 'a-wrong-secret');
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
