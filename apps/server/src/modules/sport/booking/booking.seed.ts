import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { actingAs, type Caller } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, grantDemoMenus, findVisibleUserByCode } from '../../system/index.ts';
import { startPayment, timeRange } from '../commerce/index.ts';
import { addPriceRule, addSite, addVenue, splitSite, addDays, instantOf, localOf } from '../venue/index.ts';
import { insertClaims, type NewClaim } from './booking.repository.ts';
import { bookSlots, checkIn, lockSlots } from './booking.service.ts';
import { createSeries } from './series.service.ts';
import { searchMembers } from '../member/index.ts';
import { createClosure } from './closure.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'venue_demo_seeded';
/** The venue screens the demo venue manager can open (their buttons come with them). */
const DEMO_KEYS = ['sport.venue', 'venue'];
const quietLog = { warn: () => undefined, error: () => undefined } as never;

/**
 * The demo venue (`SEED_DEMO=1`), once per database: the centre's venue with badminton, tennis and
 * a basketball court split into halves, open 08:00–22:00 in hour slots, priced by weekday, evening,
 * weekend and holiday, and a few bookings (paid, unpaid) and a lock over the next days.
 */
export async function seedVenueDemo(db: Db, cfg: { publicUrl?: string; port: number; prefixes: { sport: string } }, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  await grantDemoMenus(db, DEMO_KEYS);
  // The platform adds the demo venue (it has joined), then the manager runs it.
  const platform = actingAs(manager, center.id, { platform: true });
  const caller: Caller = { ...platform, platform: false };
  const venue = await addVenue(db, platform, {
    orgId: center.id,
    stadiumName: '阳光体育中心',
    mobile: '13800138000',
    phone: '021-62345678',
    address: '上海市徐汇区漕溪北路 1200 号',
    longitude: 121.4365,
    latitude: 31.1883,
    timeZone: 'Asia/Shanghai',
    sportcatItems: ['badminton', 'tennis', 'basketball'],
    slotMinutes: 60,
    openTime: '08:00',
    closeTime: '22:00',
    description: '室内羽毛球馆、室外网球场与标准篮球场，提供器材租赁与教练服务。',
    contactName: '王经理',
    contactPhone: '13800138000',
    email: 'service@sunshine-sports.example',
    legalPerson: '王建国',
    licenseNo: '91310104MA1FL0XX1Q',
    partnerName: null,
    partnerPhone: null,
    contractNo: 'FW-2026-0018',
    contractFrom: '2026-01-01',
    contractTo: '2028-12-31',
    commissionPercent: 3,
    rules: {
      advanceDays: 30,
      minSlots: 1,
      maxSlots: 16,
      cancelDeadlineMinutes: 120,
      lateCancelRefundPercent: 50,
      changeDeadlineMinutes: 120,
      noShowAfterMinutes: 15,
      noShowForfeits: true,
    },
  });
  const site = (name: string, sport: 'badminton' | 'tennis' | 'basketball', sort: number) =>
    addSite(db, caller, { venueId: venue.id, name, sport, capacity: sport === 'basketball' ? 20 : 4, status: 0, sort, remark: null });
  const courts = [];
  for (let i = 1; i <= 4; i++) courts.push(await site(`羽毛球${i}号场`, 'badminton', i));
  const tennis = await site('网球1号场', 'tennis', 10);
  const basket = await site('篮球全场', 'basketball', 20);
  const [halfA] = await splitSite(db, caller, basket.id, ['篮球A半场', '篮球B半场']);
  const rule = (r: {
    name: string;
    sport?: 'badminton' | 'tennis' | 'basketball';
    siteId?: number;
    weekdays?: number[];
    dayKind?: 'any' | 'holiday' | 'normal' | 'workday';
    start: string;
    end: string;
    priceFen: number;
    level?: string;
  }) =>
    addPriceRule(db, caller, {
      venueId: venue.id,
      weekdays: [],
      dayKind: 'any',
      level: null,
      validFrom: null,
      validTo: null,
      enabled: true,
      siteId: null,
      sport: null,
      ...r,
    });
  await rule({ name: '羽毛球 日间', sport: 'badminton', start: '08:00', end: '18:00', priceFen: 6000 });
  await rule({ name: '羽毛球 晚间', sport: 'badminton', start: '18:00', end: '22:00', priceFen: 8000 });
  await rule({ name: '羽毛球 周末', sport: 'badminton', weekdays: [6, 7], start: '08:00', end: '22:00', priceFen: 9000 });
  await rule({ name: '羽毛球 节假日', sport: 'badminton', dayKind: 'holiday', start: '08:00', end: '22:00', priceFen: 10000 });
  await rule({ name: '羽毛球 金卡会员', sport: 'badminton', level: 'gold', start: '08:00', end: '22:00', priceFen: 5000 });
  await rule({ name: '网球', sport: 'tennis', start: '08:00', end: '22:00', priceFen: 12000 });
  await rule({ name: '篮球全场', siteId: basket.id, start: '08:00', end: '22:00', priceFen: 30000 });
  await rule({ name: '篮球半场', sport: 'basketball', start: '08:00', end: '22:00', priceFen: 16000 });

  const today = localOf(new Date(), venue.timeZone).day;
  const tomorrow = addDays(today, 1);
  const deps = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const book = (date: string, items: { siteId: number; start: string; end: string }[], buyerName: string, buyerPhone: string) =>
    bookSlots(db, caller, { stadiumId: venue.id, date, items, buyerName, buyerPhone, remark: null }, undefined);
  const a = await book(tomorrow, [{ siteId: courts[0]!.id, start: '19:00', end: '21:00' }], '张晓明', '13900001111');
  await startPayment(deps, caller, a.orderId, { method: 'cash', amountFen: a.amount, receivedFen: a.amount }, undefined);
  // 李娜 books as a member (gold: the member price) when the members are there.
  const linaId = (await searchMembers(db, oneOrgScope(center.id), '13700002222', 1))[0]?.id;
  const b = linaId
    ? await bookSlots(
        db,
        caller,
        {
          stadiumId: venue.id,
          date: tomorrow,
          items: [
            { siteId: courts[1]!.id, start: '10:00', end: '11:00' },
            { siteId: courts[2]!.id, start: '10:00', end: '11:00' },
          ],
          memberId: linaId,
          buyerName: '李娜',
          buyerPhone: '13700002222',
          remark: null,
        },
        undefined,
      )
    : await book(
        tomorrow,
        [
          { siteId: courts[1]!.id, start: '10:00', end: '11:00' },
          { siteId: courts[2]!.id, start: '10:00', end: '11:00' },
        ],
        '李娜',
        '13700002222',
      );
  await startPayment(deps, caller, b.orderId, { method: 'cash', amountFen: b.amount, receivedFen: b.amount }, undefined);
  const c = await book(tomorrow, [{ siteId: basket.id, start: '15:00', end: '17:00' }], '星火篮球队', '13600003333');
  await startPayment(deps, caller, c.orderId, { method: 'cash', amountFen: c.amount, receivedFen: c.amount }, undefined);
  await book(addDays(today, 2), [{ siteId: halfA!.id, start: '09:00', end: '10:00' }], '赵同学', '13500004444'); // left unpaid: it times out
  await lockSlots(db, caller, {
    stadiumId: venue.id,
    date: addDays(today, 2),
    items: [{ siteId: tennis.id, start: '08:00', end: '10:00' }],
    reason: '网球场地面维护',
  });
  // Today's arrivals, when the day has hours left: one checked in, one still to come.
  const now = localOf(new Date(), venue.timeZone).minutes;
  if (now < 17 * 60) {
    const at = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const first = Math.max(8, Math.ceil((now + 30) / 60));
    const arrived = await book(today, [{ siteId: courts[2]!.id, start: at(first), end: at(first + 1) }], '周杰', '13800005555');
    await startPayment(deps, caller, arrived.orderId, { method: 'cash', amountFen: arrived.amount, receivedFen: arrived.amount }, undefined);
    await checkIn(db, caller, arrived.orderNo);
    const coming = await book(today, [{ siteId: courts[3]!.id, start: at(first + 1), end: at(first + 3) }], '吴敏', '13800006666');
    await startPayment(deps, caller, coming.orderId, { method: 'cash', amountFen: coming.amount, receivedFen: coming.amount }, undefined);
  }
  // A tennis club plays Tuesdays and Thursdays for eight weeks, billed by month; a court is closed for waxing.
  await createSeries(db, caller, {
    pattern: {
      stadiumId: venue.id,
      siteIds: [tennis.id],
      weekdays: [2, 4],
      start: '19:00',
      end: '21:00',
      dateFrom: addDays(today, 3),
      dateTo: addDays(today, 58),
    },
    name: '周二周四网球俱乐部',
    buyerName: '刘教练',
    buyerPhone: '13800007777',
    onConflict: 'skip',
    billing: 'month',
    remark: null,
  });
  await createClosure(
    db,
    caller,
    {
      range: { stadiumId: venue.id, siteIds: [courts[3]!.id], from: `${addDays(today, 5)} 08:00`, to: `${addDays(today, 5)} 12:00` },
      reason: '地板打蜡保养',
      reviewRefunds: false,
    },
    async () => undefined,
  );
  await seedPlayedHours(db, center.id, venue.id, venue.timeZone, [...courts, tennis], manager.id);
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}

/**
 * The week's play so far, so the statistics' utilisation shows today and this week whenever the
 * demo is loaded: about a third of the badminton and tennis hours of the last seven days up to now,
 * checked in (`used`). The desk cannot sell a slot that has begun, so the demo writes these claims
 * itself, without an order (walk-ins the desk let play).
 */
async function seedPlayedHours(db: Db, orgId: number, venueId: number, timeZone: string, played: { id: number }[], by: number): Promise<void> {
  const now = localOf(new Date(), timeZone);
  const rows: NewClaim[] = [];
  for (let back = 0; back <= 6; back++) {
    const day = addDays(now.day, -back);
    for (const [i, site] of played.entries()) {
      for (let h = 8; h < 22; h++) {
        if ((h + i + back) % 3 !== 0 || (back === 0 && (h + 1) * 60 > now.minutes)) continue;
        const [from, to] = [instantOf(day, h * 60, timeZone), instantOf(day, (h + 1) * 60, timeZone)];
        if (!from || !to) continue;
        rows.push({
          ...{ orgId, venueId, siteId: site.id, unitId: site.id, day, startMin: h * 60, endMin: (h + 1) * 60, during: timeRange(from, to) },
          ...{ kind: 'booking', state: 'used', reason: '现场散客', createdBy: by, checkedInAt: from },
        });
      }
    }
  }
  // One statement for the week (some 140 hours).
  await insertClaims(db, oneOrgScope(orgId), rows);
}

/** A booking another module's demo makes (the golf bays'): a site, today's or another day's slots, a buyer; paid in cash, checked in when asked. */
export interface DemoBooking {
  siteId: number;
  date: string;
  start: string;
  end: string;
  buyerName: string;
  buyerPhone: string;
  checkIn?: boolean;
}

/**
 * Books, pays (cash) and optionally checks in bookings as the demo centre's manager, through the
 * booking service as the desk does, for other modules' demos (`SEED_DEMO=1`). Answers the order
 * numbers; a booking the grid refuses (a begun slot, the day's hours over) is skipped.
 */
export async function bookDemo(
  db: Db,
  cfg: { publicUrl?: string; port: number; prefixes: { sport: string } },
  secretKey: Buffer,
  venueId: number,
  bookings: readonly DemoBooking[],
): Promise<string[]> {
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return [];
  const caller: Caller = { ...actingAs(manager, center.id, { platform: true }), platform: false };
  const deps = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const done: string[] = [];
  for (const b of bookings) {
    try {
      const o = await bookSlots(
        db,
        caller,
        {
          stadiumId: venueId,
          date: b.date,
          items: [{ siteId: b.siteId, start: b.start, end: b.end }],
          buyerName: b.buyerName,
          buyerPhone: b.buyerPhone,
          remark: null,
        },
        undefined,
      );
      await startPayment(deps, caller, o.orderId, { method: 'cash', amountFen: o.amount, receivedFen: o.amount }, undefined);
      if (b.checkIn) await checkIn(db, caller, o.orderNo);
      done.push(o.orderNo);
    } catch {
      // Not bookable now (the slot began, the day is over): the demo goes without it.
    }
  }
  return done;
}
