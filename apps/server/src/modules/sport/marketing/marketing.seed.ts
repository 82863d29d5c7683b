import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { actingAs, type Caller } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { createOrder, findOrder, startPayment, type PayDeps } from '../commerce/index.ts';
import { listTemplates } from '../coupon/index.ts';
import { addDays, localOf, sitesOf, findVenue } from '../venue/index.ts';
import { addCampaign } from './marketing.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'marketing_demo_seeded';
const DEMO_KEYS = ['operatManagement', 'sport.marketing'];
const quietLog = { warn: () => undefined, error: () => undefined } as never;

/**
 * The demo centre's campaigns (`SEED_DEMO=1`), once per database: one of each kind (recharge
 * bonus tiers, a first-booking discount, a coupon pack on card purchases, a weekday-noon badminton
 * discount), and two real bookings in the noon band, paid in cash, that used part of its budget.
 */
export async function seedMarketingDemo(db: Db, cfg: { publicUrl?: string; port: number; prefixes: { sport: string } }, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, DEMO_KEYS);
  const caller = actingAs(manager, center.id);
  const deps: PayDeps = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const now = Date.now();
  const from = new Date(now - 14 * 86_400_000).toISOString();
  const to = new Date(now + 60 * 86_400_000).toISOString();
  const common = { validFrom: from, validTo: to, venueIds: [], tiers: [], sports: [], templateIds: [], remark: null };

  await addCampaign(db, caller, {
    ...common,
    name: '储值卡充值多档赠送',
    kind: 'rechargeBonus',
    budgetFen: 500_000,
    tiers: [
      { minFen: 50_000, bonusFen: 5_000 },
      { minFen: 100_000, bonusFen: 15_000 },
    ],
    remark: '与卡类型自带的充值赠送叠加',
  });
  await addCampaign(db, caller, { ...common, name: '新会员首次订场立减15元', kind: 'firstBooking', budgetFen: 300_000, offKind: 'amount', offValue: 1_500 });
  const templates = await listTemplates(db, caller, { pageNum: 1, pageSize: 20, status: 'on' } as never);
  const pack = templates.data.filter((t) => t.kind !== 'times').slice(0, 2);
  if (pack.length) {
    await addCampaign(db, caller, {
      ...common,
      name: '办卡送券礼包',
      kind: 'couponPack',
      budgetFen: 200_000,
      trigger: 'card',
      templateIds: pack.map((t) => t.id),
      remark: '礼包券被使用时按优惠金额计入预算',
    });
  }
  await addCampaign(db, caller, {
    ...common,
    name: '午间羽毛球场地 8 折',
    kind: 'timeBand',
    budgetFen: 100_000,
    offKind: 'percent',
    offValue: 20,
    capFen: 3_000,
    sports: ['badminton'],
    bandStart: '10:00',
    bandEnd: '14:00',
  });
  await bookNoon(db, caller, deps);
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}

/** Two bookings of a badminton court in the noon band the day after tomorrow, paid in cash: the campaign's first uses. */
async function bookNoon(db: Db, caller: Caller, deps: PayDeps): Promise<void> {
  const scope = oneOrgScope(caller.orgId);
  const courts = (await sitesOf(db, scope, { status: 0 })).filter((c) => c.sport === 'badminton');
  let made = 0;
  for (const court of courts.slice(0, 4)) {
    const venue = await findVenue(db, scope, court.venueId);
    if (!venue) continue;
    const day = addDays(localOf(new Date(), venue.timeZone).day, 2);
    for (const [start, end] of [
      ['11:00', '12:00'],
      ['12:00', '13:00'],
    ] as const) {
      if (made >= 2) return;
      try {
        const orderId = await createOrder(
          db,
          caller,
          {
            orgId: venue.orgId,
            type: 'venue',
            venueId: venue.id,
            buyerName: made ? '王女士' : '李先生',
            buyerPhone: null,
            channel: 'console',
            remark: null,
            items: [{ kind: 'venue', refId: court.id, quantity: 1, discountFen: 0, detail: { date: day, start, end } }],
          },
          undefined,
        );
        const order = (await findOrder(db, scope, orderId))!;
        await startPayment(deps, caller, order.id, { method: 'cash', amountFen: order.payableFen }, undefined);
        made++;
      } catch {
        // taken or closed: the next hour or court
      }
    }
  }
}
