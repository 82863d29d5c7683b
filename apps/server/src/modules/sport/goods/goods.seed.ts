import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { actingAs, type Caller } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope, scopeOf } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { afterCommit, createOrder, startPayment, type PayDeps } from '../commerce/index.ts';
import { addDays, findVenue, firstVenueOf, localOf, sitesOf } from '../venue/index.ts';
import { backdateRental, rentalsOfOrders } from './rental.repository.ts';
import { returnRental } from './rental.service.ts';
import { insertDemoCatalogue } from './goods.repository.ts';
import { insertDemoStock, openInOrder } from './stock.repository.ts';
import { venueWarehouse } from './stock.service.ts';
import { sellGoods } from './sale.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'goods_demo_seeded';
const DEMO_KEYS = ['goodsMangement', 'sport.goods'];
const quietLog = { warn: () => undefined, error: () => undefined } as never;

const CATEGORIES = [
  { name: '球拍器材', sort: 1 },
  { name: '球类耗材', sort: 2 },
  { name: '饮品配件', sort: 3 },
];

/** The pro shop's goods: code, barcode, name, category, unit, price (and rental terms for the rackets), deliveries × units over the month. */
const GOODS = [
  {
    code: 'RKT001',
    barcode: '4550086310017',
    name: 'YONEX 天斧88D 羽毛球拍',
    category: '球拍器材',
    unit: '支',
    priceFen: 128_800,
    rentHourFen: 2_000,
    rentDayFen: 8_000,
    depositFen: 50_000,
    lateFeeHourFen: 1_000,
    n: 2,
    per: 5,
  },
  {
    code: 'RKT002',
    barcode: '6931230400028',
    name: '李宁 雷霆80 羽毛球拍',
    category: '球拍器材',
    unit: '支',
    priceFen: 89_900,
    rentHourFen: 1_500,
    depositFen: 30_000,
    lateFeeHourFen: 800,
    n: 2,
    per: 5,
  },
  { code: 'RKT003', barcode: '0887768900039', name: 'Wilson Pro Staff 网球拍', category: '球拍器材', unit: '支', priceFen: 159_900, n: 2, per: 3 },
  { code: 'BAG001', barcode: '4717768510044', name: '威克多 双肩羽毛球包', category: '球拍器材', unit: '个', priceFen: 29_900, n: 2, per: 4 },
  { code: 'SHT001', barcode: '6970168500051', name: '亚狮龙 7号羽毛球（12只）', category: '球类耗材', unit: '筒', priceFen: 12_800, n: 4, per: 20 },
  { code: 'SHT002', barcode: '4717768520067', name: '威克多 比赛级羽毛球（12只）', category: '球类耗材', unit: '筒', priceFen: 9_800, n: 3, per: 20 },
  { code: 'TNB001', barcode: '0733724100071', name: '王子 训练网球（3只）', category: '球类耗材', unit: '罐', priceFen: 4_500, n: 3, per: 24 },
  { code: 'GRP001', barcode: '4550086100088', name: 'YONEX AC102 手胶', category: '球类耗材', unit: '条', priceFen: 1_500, n: 3, per: 30 },
  { code: 'STR001', barcode: '4550086100095', name: 'YONEX BG65 羽毛球线', category: '球类耗材', unit: '条', priceFen: 4_500, n: 2, per: 20 },
  { code: 'DRK001', barcode: '6921168509256', name: '农夫山泉 饮用天然水 550ml', category: '饮品配件', unit: '瓶', priceFen: 300, n: 4, per: 48 },
  { code: 'DRK002', barcode: '4987035331105', name: '宝矿力水特 500ml', category: '饮品配件', unit: '瓶', priceFen: 600, n: 4, per: 24 },
  { code: 'DRK003', barcode: '6920202888883', name: '红牛 维生素功能饮料 250ml', category: '饮品配件', unit: '罐', priceFen: 700, n: 3, per: 24 },
  { code: 'TWL001', barcode: '6941234500127', name: '纯棉运动毛巾', category: '饮品配件', unit: '条', priceFen: 3_500, n: 2, per: 20 },
  { code: 'WRB001', barcode: '6941234500134', name: '运动护腕', category: '饮品配件', unit: '只', priceFen: 2_500, n: 2, per: 20 },
];

/**
 * The demo centre's pro shop (`SEED_DEMO=1`), once per database: 14 goods in 3 categories, a month
 * of deliveries, write-offs and a stock count in the venue's warehouse (set-based: a few statements
 * however many movements), three sales through commerce as the desk makes them: one paid in
 * cash with a bottle of water opened at the counter, two waiting for payment; and three racket
 * rentals paid in cash: one returned, one out, one overdue (rented five hours ago for one); and
 * goods sold with two of tomorrow evening's bookings. About 130 statements
 * (first start on the embedded database costs ~2 ms each): the sales are the facade's own work.
 */
export async function seedGoodsDemo(db: Db, cfg: { publicUrl?: string; port: number; prefixes: { sport: string } }, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  const scope = oneOrgScope(center.id);
  const venue = await firstVenueOf(db, scope, center.id);
  if (!venue) return;
  await grantDemoMenus(db, DEMO_KEYS);
  const made = await insertDemoCatalogue(db, scope, center.id, CATEGORIES, GOODS);
  const warehouse = await venueWarehouse(db, scope, venue);
  const byCode = new Map(made.map((g) => [g.code, g.id]));
  await insertDemoStock(
    db,
    scope,
    center.id,
    warehouse.id,
    GOODS.map((g) => ({ goodsId: byCode.get(g.code)!, deliveries: g.n, perDelivery: g.per })),
    30,
    manager.id,
  );
  const caller = actingAs(manager, center.id);
  const deps = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const sell = (items: [string, number][]) =>
    sellGoods(
      db,
      caller,
      warehouse,
      items.map(([code, quantity]) => ({ goodsId: byCode.get(code)!, quantity })),
      undefined,
      undefined,
    );
  const paid = await sell([
    ['DRK001', 2],
    ['GRP001', 1],
  ]);
  await startPayment(deps, caller, paid.orderId, { method: 'cash', amountFen: paid.amount }, undefined);
  // One bottle of the paid water was drunk at the counter: not refundable.
  await openInOrder(db, scope, paid.orderId, byCode.get('DRK001')!, 1);
  // Waiting for payment (the time-out job gives their units back if nobody pays).
  await sell([['SHT001', 1]]);
  await sell([
    ['TWL001', 1],
    ['WRB001', 2],
  ]);
  // Rentals at the counter: one returned (its deposit refunded), one out, one overdue since this morning.
  const rent = (code: string, quantity: number, basis: 'hour' | 'day', duration: number) =>
    sellGoods(db, caller, warehouse, [], undefined, undefined, [{ goodsId: byCode.get(code)!, quantity, basis, duration }]);
  const rentals = [await rent('RKT001', 1, 'hour', 2), await rent('RKT002', 2, 'hour', 3), await rent('RKT001', 1, 'hour', 1)];
  for (const r of rentals) await startPayment(deps, caller, r.orderId, { method: 'cash', amountFen: r.amount }, undefined);
  const [returned, , overdue] = await rentalsOfOrders(
    db,
    scope,
    rentals.map((r) => r.orderId),
  );
  await returnRental(
    db,
    caller,
    returned!.id,
    { quantity: 1, damagedQty: 0, lostQty: 0, damageFen: 0, remark: '按时归还', version: returned!.version },
    afterCommit(deps),
  );
  await backdateRental(db, scope, overdue!.id, 4 * 60);
  await sellWithBookings(db, caller, venue.id, warehouse.id, byCode, deps);
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}

/**
 * Goods sold with bookings: tomorrow evening's courts booked with water and shuttlecocks on the same
 * order, one paid in cash, one waiting for payment. The first free evening hour of each court is
 * taken (the venue's demo may have booked some); a court with none is skipped.
 */
async function sellWithBookings(db: Db, caller: Caller, venueId: number, warehouseId: number, byCode: Map<string, number>, deps: PayDeps): Promise<void> {
  const scope = scopeOf(caller);
  const venue = await findVenue(db, scope, venueId);
  if (!venue) return;
  const day = addDays(localOf(new Date(), venue.timeZone).day, 1);
  const baskets: [string, number][][] = [
    [
      ['DRK001', 2],
      ['SHT001', 1],
    ],
    [['DRK002', 4]],
  ];
  const courts = await sitesOf(db, scope, { venueId, status: 0 });
  for (const [n, basket] of baskets.entries()) {
    const court = courts[n];
    if (!court) return;
    for (const start of ['20:00', '19:00', '18:00']) {
      const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`;
      const goodsLines = basket.map(([code, quantity]) => ({ kind: 'goods', refId: byCode.get(code)!, quantity, discountFen: 0, detail: { warehouseId } }));
      try {
        let made: { id: number; payableFen: number } | undefined;
        await createOrder(
          db,
          caller,
          {
            orgId: venue.orgId,
            type: 'venue',
            venueId,
            buyerName: n === 0 ? '陈先生' : '刘女士',
            buyerPhone: null,
            channel: 'console',
            remark: null,
            items: [
              { kind: 'venue', refId: court.id, quantity: 1, discountFen: 0, detail: { date: day, start, end } },
              ...goodsLines.sort((a, b) => a.refId - b.refId),
            ],
          },
          undefined,
          (m) => (made = m.order),
        );
        if (made && n === 0) await startPayment(deps, caller, made.id, { method: 'cash', amountFen: made.payableFen }, undefined);
        break;
      } catch {
        // The hour is taken (or closed): the next one.
      }
    }
  }
}
