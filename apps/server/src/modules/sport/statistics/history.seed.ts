import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode } from '../../system/index.ts';
import { dayOf, importPastSales, type PastSale } from '../commerce/index.ts';
import { addDays, weekdayOf } from '../venue/index.ts';
import { historyCatalogue } from './history.repository.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'statistics_history_seeded';
/** How far back the demo's business goes: every chart of a quarter has a shape. */
const HISTORY_DAYS = 90;

/** An hour of a site, by its sport (fen). */
const HOURLY_FEN: Record<string, number> = { badminton: 6000, tennis: 12000, basketball: 20000, football: 40000, swimming: 4000, table_tennis: 3000 };
const GOODS = [
  { name: '矿泉水', priceFen: 300 },
  { name: '运动饮料', priceFen: 600 },
  { name: '毛巾', priceFen: 1500 },
  { name: '羽毛球（筒）', priceFen: 7500 },
];
const METHODS = ['wechat', 'wechat', 'wechat', 'alipay', 'alipay', 'cash'] as const;

/** A small deterministic generator (mulberry32): the demo's history is the same on every machine. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The demo centre's last 90 days of business (`SEED_DEMO=1`, once per database), so that every
 * statistics chart has a believable shape: court bookings (busier at weekends and evenings,
 * growing slowly), course sign-ups, show tickets on weekends and drinks and towels at the desk:
 * about 900 orders, few enough for the first start (the statistics rebuild reads them all).
 * Written in bulk through commerce (`importPastSales`) before the settlement demo closes its days;
 * today's business is the other demos', through the live path.
 */
export async function seedSalesHistory(db: Db): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return;
  const scope = oneOrgScope(center.id);
  const { courts, classes, people } = await historyCatalogue(db, scope, center.id);
  if (!courts.length) return;
  const venueId = courts[0]!.venueId;
  const today = await dayOf(db, center.id);
  const next = random(20261202);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const sales: PastSale[] = [];
  const sale = (day: string, minute: number, type: string, lines: PastSale['lines'], at = venueId) => {
    const member = people.length && next() < 0.35 ? pick(people) : undefined;
    sales.push({ day, minute, venueId: at, type, channel: next() < 0.25 ? 'scan' : 'console', member, lines, method: pick(METHODS) });
  };
  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const weekend = weekdayOf(day) >= 6;
    // Busier at weekends, and a little busier each week of the quarter.
    const busy = (weekend ? 1.6 : 1) * (0.8 + (0.4 * (HISTORY_DAYS - back)) / HISTORY_DAYS);
    const bookings = Math.round((4 + next() * 5) * busy);
    for (let b = 0; b < bookings; b++) {
      const court = pick(courts);
      const hours = next() < 0.3 ? 2 : 1;
      const startHour = weekend ? 8 + Math.floor(next() * 13) : next() < 0.7 ? 17 + Math.floor(next() * 5) : 8 + Math.floor(next() * 9);
      sale(day, startHour * 60 - 5 - Math.floor(next() * 120), 'venue', [
        { kind: 'venue', refId: court.id, name: court.name, quantity: hours, unitPriceFen: HOURLY_FEN[court.sport] ?? 8000 },
      ]);
    }
    if (classes.length && next() < 0.45) {
      const c = pick(classes);
      if (c.priceFen > 0)
        sale(
          day,
          10 * 60 + Math.floor(next() * 480),
          'course',
          [{ kind: 'course', refId: c.id, name: c.name, quantity: 1, unitPriceFen: c.priceFen }],
          c.venueId,
        );
    }
    if (weekend && next() < 0.6) {
      const tickets = 1 + Math.floor(next() * 4);
      for (let t = 0; t < tickets; t++)
        sale(day, 12 * 60 + Math.floor(next() * 360), 'ticket', [
          { kind: 'ticket', refId: null, name: '周末篮球联赛门票', quantity: 1 + Math.floor(next() * 3), unitPriceFen: 8000 },
        ]);
    }
    // The desk's drinks and towels: a few baskets a day.
    const baskets = Math.round((1 + next() * 2) * busy);
    for (let g = 0; g < baskets; g++) {
      const [first, second] = [pick(GOODS), pick(GOODS)];
      const lines = [{ kind: 'goods', refId: null, name: first.name, quantity: 1 + Math.floor(next() * 3), unitPriceFen: first.priceFen }];
      if (second !== first && next() < 0.4) lines.push({ kind: 'goods', refId: null, name: second.name, quantity: 1, unitPriceFen: second.priceFen });
      sale(day, 9 * 60 + Math.floor(next() * 720), 'goods', lines);
    }
  }
  await db.transaction(async (tx) => {
    await importPastSales(tx, scope, center.id, sales);
    await tx.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
  });
}
