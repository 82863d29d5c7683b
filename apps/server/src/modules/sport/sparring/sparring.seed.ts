import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { actingAs } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { startPayment, timeZoneOf } from '../commerce/index.ts';
import { addDays, localOf, weekdayOf } from '../venue/index.ts';
import { coachesOfOrg, insertChanges, insertGroup } from './sparring.repository.ts';
import { searchMembers } from '../member/index.ts';
import { orderSparring } from './sparring.service.ts';
import type { GroupContent, StoredPrice } from './sparring.table.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'sparring_demo_seeded';
const DEMO_KEYS = ['sport.sparring'];
const quietLog = { warn: () => undefined, error: () => undefined } as never;

/** A level's prices: every day 08:00–22:00, dearer from 18:00 and at weekends, cheaper for gold members. */
function pricesFor(baseFen: number): StoredPrice[] {
  return [
    { weekdays: [], start: '08:00', end: '22:00', memberLevel: null, priceFen: baseFen },
    { weekdays: [], start: '18:00', end: '22:00', memberLevel: null, priceFen: baseFen + 5_000 },
    { weekdays: [6, 7], start: '08:00', end: '22:00', memberLevel: null, priceFen: baseFen + 8_000 },
    { weekdays: [], start: '08:00', end: '22:00', memberLevel: 'gold', priceFen: Math.round(baseFen * 0.8) },
  ];
}

/**
 * The demo centre's sparring (`SEED_DEMO=1`), once per database: an approved price group per level
 * of the demo coaches (the coach module's demo), a price change awaiting approval, and three
 * bookings of the coaches in the days ahead (one paid in cash).
 */
export async function seedSparringDemo(db: Db, cfg: { publicUrl?: string; port: number; prefixes: { sport: string } }, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  const frontdesk = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'frontdesk'));
  if (!center || !manager) return;
  const scope = oneOrgScope(center.id);
  const coaches = await coachesOfOrg(db, scope, center.id);
  if (!coaches.length) return;
  await grantDemoMenus(db, DEMO_KEYS, ['coach']);
  const levels = [...new Set(coaches.map((c) => c.level).filter((l): l is string => !!l))];
  const base = (i: number) => 15_000 + i * 10_000;
  const groups: { id: number; content: GroupContent }[] = [];
  for (const [i, level] of levels.entries()) {
    const content: GroupContent = { name: `${level} 陪练价`, coachLevels: [level], prices: pricesFor(base(i)), remark: '演示价格组' };
    groups.push({ id: (await insertGroup(db, scope, { orgId: center.id, ...content })).id, content });
  }
  // A change awaiting another user's approval: the first group's evening price up by ¥20, asked by the front desk.
  const first = groups[0];
  if (first) {
    const after: GroupContent = {
      ...first.content,
      prices: first.content.prices.map((p) => (p.start === '18:00' ? { ...p, priceFen: p.priceFen + 2_000 } : p)),
    };
    await insertChanges(db, scope, [
      {
        orgId: center.id,
        groupId: first.id,
        groupName: first.content.name,
        action: 'edit',
        before: first.content,
        after,
        baseVersion: 1,
        state: 'pending',
        requestedBy: frontdesk?.id ?? manager.id,
      },
    ]);
  }
  const caller = actingAs(manager, center.id);
  const deps = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const today = localOf(new Date(), await db.transaction((tx) => timeZoneOf(tx, center.id))).day;
  const weekday = (d: string) => weekdayOf(d) <= 5;
  const days = [1, 2, 3, 4, 5].map((n) => addDays(today, n)).filter(weekday);
  const [c1, c2] = coaches;
  const paid = await orderSparring(
    db,
    caller,
    { coachId: c1!.id, date: days[0]!, start: '10:00', end: '11:00', buyerName: '刘先生', buyerPhone: '13812345678', remark: null },
    undefined,
  );
  await startPayment(deps, caller, paid.orderId, { method: 'cash', amountFen: paid.amount }, undefined);
  await orderSparring(
    db,
    caller,
    { coachId: (c2 ?? c1)!.id, date: days[1]!, start: '19:00', end: '21:00', buyerName: '周女士', buyerPhone: '13698765432', remark: null },
    undefined,
  );
  // A member's booking (the demo's gold member: priced at the gold level).
  const zhang = (await searchMembers(db, scope, '13900001111', 5)).find((m) => m.phone === '13900001111');
  if (zhang)
    await orderSparring(
      db,
      caller,
      { coachId: c1!.id, date: days[2] ?? days[1]!, start: '15:00', end: '16:30', memberId: zhang.id, buyerName: null, buyerPhone: null, remark: null },
      undefined,
    );
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
