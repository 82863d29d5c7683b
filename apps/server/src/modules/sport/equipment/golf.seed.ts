import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../platform/db.ts';
import { actingAs, type Caller } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { bookDemo } from '../booking/index.ts';
import { addDays, addPriceRule, addSite, firstVenueOf, localOf } from '../venue/index.ts';
import { insertDevice } from './equipment.repository.ts';
import { GolfSim } from './golf.sim.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'golf_demo_seeded';
const BAYS = 12;
/** Bay 7's controller reports a ball jam. */
const FAULTY_BAY = 7;
export const demoGolfSn = (bay: number) => `DEMOGOLF${String(bay).padStart(4, '0')}`;

/**
 * The demo centre's golf range (`SEED_DEMO=1`): twelve golf bays (golf sites of its venue, priced
 * 08:00–22:00) each with a controller, once per database; bookings today at the next hour (one
 * checked in: in use) and tomorrow, when the day has hours left. At every start of a demo server the
 * simulated controllers report every 30 s (so they stay online), bay 7's with a fault; the answer
 * stops them at shutdown.
 */
export async function seedGolfDemo(db: Db, app: FastifyInstance, config: Config, secretKey: Buffer): Promise<(() => Promise<void>) | undefined> {
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return undefined;
  const scope = oneOrgScope(center.id);
  const venue = await firstVenueOf(db, scope, center.id);
  const manager = await findVisibleUserByCode(db, scope, 'manager');
  if (!venue || !manager) return undefined;
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (!done.rows.length) {
    await grantDemoMenus(db, ['sport.golf'], ['equipmentManage']);
    const caller: Caller = { ...actingAs(manager, center.id, { platform: true }), platform: false };
    const bays = [];
    for (let i = 1; i <= BAYS; i++)
      bays.push(await addSite(db, caller, { venueId: venue.id, name: `${i}号打位`, sport: 'golf', capacity: 1, status: 0, sort: 100 + i, remark: null }));
    await addPriceRule(db, caller, {
      venueId: venue.id,
      name: '高尔夫打位',
      sport: 'golf',
      siteId: null,
      weekdays: [],
      dayKind: 'any',
      level: null,
      validFrom: null,
      validTo: null,
      enabled: true,
      start: '08:00',
      end: '22:00',
      priceFen: 8000,
    });
    for (const [i, bay] of bays.entries())
      await insertDevice(db, scope, {
        orgId: center.id,
        venueId: venue.id,
        kind: 'golf_controller',
        sn: demoGolfSn(i + 1),
        name: `打位控制器 ${i + 1}`,
        siteId: bay.id,
        remark: '演示：模拟打位控制器',
      });
    const { day, minutes } = localOf(new Date(), venue.timeZone);
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const next = Math.max(8, Math.floor(minutes / 60) + 1);
    const today =
      next <= 21
        ? [
            { siteId: bays[1].id, date: day, start: hh(next), end: hh(next + 1), buyerName: '陈立', buyerPhone: '13800007777' },
            { siteId: bays[2].id, date: day, start: hh(next), end: hh(next + 1), buyerName: '刘洋', buyerPhone: '13800008888', checkIn: true },
            { siteId: bays[4].id, date: day, start: hh(next), end: hh(Math.min(next + 2, 22)), buyerName: '孙莉', buyerPhone: '13800009999' },
          ]
        : [];
    await bookDemo(db, config, secretKey, venue.id, [
      ...today,
      { siteId: bays[0].id, date: addDays(day, 1), start: '10:00', end: '12:00', buyerName: '周杰', buyerPhone: '13800005555' },
    ]);
    await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
  }
  // The controllers, simulated over HTTP as the devices call (the server is listening when demos run).
  const address = app.server.address() as AddressInfo | null;
  if (!address || typeof address !== 'object') return undefined;
  const sims = Array.from({ length: BAYS }, (_, i) => new GolfSim(`http://127.0.0.1:${address.port}`, demoGolfSn(i + 1)));
  await Promise.all(sims.map((s, i) => (i + 1 === FAULTY_BAY ? s.fault('BALL_JAM') : s.ok()).catch(() => undefined)));
  for (const s of sims) s.start(30_000);
  return async () => {
    for (const s of sims) s.stop();
  };
}
