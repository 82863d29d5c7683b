import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { actingAs, type Caller } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { afterCommit, createOrder, findOrder, refundByRule, startPayment, itemsOf, type PayDeps } from '../commerce/index.ts';
import { addDays, findVenue, firstVenueOf, localOf, sitesOf } from '../venue/index.ts';
import { addTemplate, issueCoupons, sellCoupons } from './coupon.service.ts';
import { firstIssuedCoupon } from './coupon.repository.ts';
import { firstMembersOf } from '../member/index.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'coupon_demo_seeded';
const DEMO_KEYS = ['operatManagement', 'sport.coupon', 'sport.refund.returnBillAndCoupon'];
const quietLog = { warn: () => undefined, error: () => undefined } as never;

/**
 * The demo centre's coupons (`SEED_DEMO=1`), once per database: three templates (a shared welcome
 * code, ten percent off badminton issued to the gold members, a free hour of a court sold as
 * goods); bookings paid with the code and with a gold member's coupon; a coupon order; and a
 * booking refunded whose coupon went back to its member (a returned coupon's row).
 */
export async function seedCouponDemo(db: Db, cfg: { publicUrl?: string; port: number; prefixes: { sport: string } }, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, DEMO_KEYS);
  const caller = actingAs(manager, center.id);
  const deps: PayDeps = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const venueId = (await firstVenueOf(db, oneOrgScope(center.id), center.id))?.id;
  const members = await firstMembersOf(db, oneOrgScope(center.id), center.id, 20);
  if (!venueId || members.length < 3) return;

  const now = Date.now();
  await addTemplate(db, caller, {
    name: '新客满100减20',
    kind: 'amount',
    valueFen: 2_000,
    thresholdFen: 10_000,
    totalLimit: 500,
    perMemberLimit: 1,
    validFrom: new Date(now - 7 * 86_400_000).toISOString(),
    validTo: new Date(now + 90 * 86_400_000).toISOString(),
    code: 'WELCOME20',
    stackable: false,
    refundRule: 'return',
    itemKinds: [],
    venueIds: [],
    sports: [],
    status: 'on',
    remark: '前台共享券码，每位会员限用一次',
  });
  const gold = await addTemplate(db, caller, {
    name: '金卡会员羽毛球九折',
    kind: 'percent',
    valueFen: 0,
    thresholdFen: 0,
    percentOff: 10,
    capFen: 3_000,
    totalLimit: 1_000,
    perMemberLimit: 2,
    validDays: 30,
    stackable: false,
    refundRule: 'return',
    itemKinds: ['venue'],
    venueIds: [],
    sports: ['badminton'],
    status: 'on',
    remark: '按会员等级发放',
  });
  const freeHour = await addTemplate(db, caller, {
    name: '免费一小时场地',
    kind: 'free',
    valueFen: 8_000,
    thresholdFen: 0,
    totalLimit: 200,
    perMemberLimit: 3,
    validDays: 60,
    stackable: false,
    refundRule: 'spend',
    itemKinds: ['venue'],
    venueIds: [],
    sports: [],
    priceFen: 3_000,
    status: 'on',
    remark: '可作为商品售卖',
  });

  // The gold members get the percent coupon; the first member buys two free hours.
  const goldMembers = members.filter((m) => m.level === 'gold');
  await issueCoupons(db, caller, gold.id, {
    batchKey: 'demo-gold-2026',
    ...(goldMembers.length ? { segment: { level: 'gold' } } : { memberIds: members.slice(0, 3).map((m) => m.id) }),
    remark: '金卡会员专享',
  });
  const buyer = members[0]!;
  const sold = await sellCoupons(db, caller, { templateId: freeHour.id, quantity: 2, memberId: buyer.id }, undefined);
  await startPayment(deps, caller, sold.orderId, { method: 'cash', amountFen: sold.amount }, undefined);

  // Bookings with coupons, tomorrow and the day after: the first free two hours of a court each.
  const holder = goldMembers[0] ?? members[1]!;
  const held = await firstIssuedCoupon(db, oneOrgScope(center.id), gold.id, holder.id);
  const plans: { day: number; memberId?: number; coupon: { couponCode?: string; couponIds?: number[] }; refund?: boolean }[] = [
    { day: 1, coupon: { couponCode: 'WELCOME20' } },
    ...(held ? [{ day: 1, memberId: holder.id, coupon: { couponIds: [held] } }] : []),
    { day: 2, memberId: members[2]!.id, coupon: { couponCode: 'WELCOME20' }, refund: true },
  ];
  for (const p of plans) await bookWithCoupon(db, caller, deps, venueId, p);
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}

/** Books two hours of the first court free in the evening with the coupon, pays in cash, and (when asked) refunds it all by rule. */
async function bookWithCoupon(
  db: Db,
  caller: Caller,
  deps: PayDeps,
  venueId: number,
  p: { day: number; memberId?: number; coupon: { couponCode?: string; couponIds?: number[] }; refund?: boolean },
): Promise<void> {
  const scope = oneOrgScope(caller.orgId);
  const venue = await findVenue(db, scope, venueId);
  if (!venue) return;
  const day = addDays(localOf(new Date(), venue.timeZone).day, p.day);
  const courts = (await sitesOf(db, scope, { venueId, status: 0 })).filter((c) => c.sport === 'badminton');
  for (const court of courts.slice(-3)) {
    for (const start of ['14:00', '16:00', '10:00']) {
      const end = `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:00`;
      let orderId: number | undefined;
      try {
        orderId = await createOrder(
          db,
          caller,
          {
            orgId: venue.orgId,
            type: 'venue',
            venueId,
            memberId: p.memberId,
            buyerName: p.memberId ? null : '周先生',
            buyerPhone: null,
            channel: 'console',
            remark: null,
            items: [{ kind: 'venue', refId: court.id, quantity: 1, discountFen: 0, detail: { date: day, start, end } }],
            ...p.coupon,
          },
          undefined,
        );
      } catch {
        continue; // taken or closed: the next hours
      }
      const order = (await findOrder(db, scope, orderId))!;
      await startPayment(deps, caller, order.id, { method: 'cash', amountFen: order.payableFen }, undefined);
      if (p.refund) {
        const work = await db.transaction(async (tx) => {
          const paid = (await findOrder(tx, scope, order.id, { lock: true }))!;
          const items = await itemsOf(tx, scope, order.id);
          return refundByRule(tx, scope, paid, {
            amountFen: paid.payableFen,
            items: items.map((i) => ({ itemId: i.id, quantity: i.quantity, amountFen: i.amountFen })),
            reason: '场地临时维修，整单退款',
            userId: caller.userId,
          });
        });
        await afterCommit(deps)(work);
      }
      return;
    }
  }
}
