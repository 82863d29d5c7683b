import { sql } from 'drizzle-orm';
import type { Config } from '../../../../config.ts';
import type { Db } from '../../../../platform/db.ts';
import { actingAs } from '../../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../../system/index.ts';
import { startPayment } from '../../commerce/index.ts';
import { firstFreeSeatIds, levelsOfSessions } from '../ticket.repository.ts';
import { statsSessions, upsertExternalItem } from './distribution.repository.ts';
import { addDistributor, addPackage, giveQuota, sellFromQuota, sellPackage } from './distribution.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'ticket_dist_demo_seeded';
const quietLog = { warn: () => undefined, error: () => undefined } as never;

/** The demo manager's distribution screens (the distributors screen with its quota and feed buttons). */
export const DIST_DEMO_KEYS = [
  'sport.ticket.distributor',
  'sport.ticket.externalItem',
  'sport.ticket.package',
  'sport.ticket.projectSales',
  'sport.ticket.projectSalesStatistics',
];

/**
 * The demo distribution (`SEED_DEMO=1`), once per database, after the demo ticketing: two
 * distributors (大麦 with a feed address, 携程) with quotas on the demo final (general admission
 * from the standing level, and twenty seats of the second-class level), paid distributor sales,
 * an external item as if pulled from 大麦's feed (no network at seed time), and a two-session
 * package with one sold.
 */
export async function seedDistributionDemo(db: Db, cfg: Config, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, DIST_DEMO_KEYS);
  const scope = oneOrgScope(center.id);
  const sessions = await statsSessions(db, scope, {});
  const ga = sessions.find((s) => !s.session.seated)?.session;
  const seated = sessions.find((s) => s.session.seated)?.session;
  if (!ga || !seated) return;
  const levels = await levelsOfSessions(db, scope, [ga.id, seated.id]);
  const gaLevel = levels.find((l) => l.sessionId === ga.id);
  const second = levels.filter((l) => l.sessionId === seated.id).sort((a, b) => b.priceFen - a.priceFen)[1];
  if (!gaLevel || !second) return;
  const caller = actingAs(manager, center.id);
  const pay = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const feedUrl = 'https://feeds.damai.example/venue-ticket-feed.json';
  const damai = await addDistributor(db, caller, {
    name: '大麦网分销',
    contact: '陈经理',
    phone: '13800011111',
    commissionPct: 8,
    feedUrl,
    status: 0,
    remark: '线上渠道，月结',
  });
  const ctrip = await addDistributor(db, caller, {
    name: '携程门票',
    contact: '刘经理',
    phone: '13800022222',
    commissionPct: 6.5,
    feedUrl: null,
    status: 0,
    remark: null,
  });
  const damaiGa = await giveQuota(db, caller, { distributorId: damai.id, levelId: gaLevel.id, quantity: 300 });
  const ctripGa = await giveQuota(db, caller, { distributorId: ctrip.id, levelId: gaLevel.id, quantity: 200 });
  // The level's first twenty free seats, read alone (not the session's 2,400 seats).
  const free = await firstFreeSeatIds(db, oneOrgScope(center.id), seated.id, second.id, 20);
  const damaiSeats = await giveQuota(db, caller, { distributorId: damai.id, levelId: second.id, seatIds: free });
  const paid = async (o: { orderId: number; amount: number }) => startPayment(pay, caller, o.orderId, { method: 'cash', amountFen: o.amount }, undefined);
  for (const [quotaId, distributorId, quantity, name] of [
    [damaiGa.id, damai.id, 6, '赵敏'],
    [damaiGa.id, damai.id, 4, '孙强'],
    [ctripGa.id, ctrip.id, 5, '钱芳'],
  ] as const)
    await paid(await sellFromQuota(db, caller, distributorId, { quotaId, quantity, buyer: { name, phone: null }, remark: null }, undefined));
  await paid(
    await sellFromQuota(db, caller, damai.id, { quotaId: damaiSeats.id, seatIds: damaiSeats.seats.slice(0, 2).map((s) => s.id), remark: null }, undefined),
  );
  await upsertExternalItem(db, scope, {
    orgId: center.id,
    distributorId: damai.id,
    externalId: 'DM-20261220',
    name: '2026 城市半程马拉松',
    venueName: '滨江公园',
    sessions: [
      {
        id: 'DM-20261220-S1',
        name: '半程组',
        startAt: '2026-12-20T07:30:00+08:00',
        levels: [
          { id: 'L1', name: '普通报名', priceFen: 16800, stock: 420 },
          { id: 'L2', name: '精英组', priceFen: 28800, stock: 35 },
        ],
      },
    ],
    stock: 455,
    minPriceFen: 16800,
    maxPriceFen: 28800,
    sourceUrl: feedUrl,
    refreshedAt: new Date(),
  });
  const pkg = await addPackage(db, caller, {
    name: '总决赛两场联票',
    priceFen: 40000,
    stock: 100,
    onSale: true,
    remark: '站票一张加一等座一张',
    parts: [{ levelId: gaLevel.id }, { levelId: second.id }],
  });
  await paid(await sellPackage(db, caller, pkg.id, { quantity: 1, buyer: { name: '吴昊', phone: null }, remark: null }, undefined));
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
