import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { actingAs, type Caller } from '../../../platform/http.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, findVisibleUserByCode, grantDemoMenus } from '../../system/index.ts';
import { startPayment } from '../commerce/index.ts';
import { addDays, firstVenueOf, instantOf, localOf } from '../venue/index.ts';
import { firstMembersOf } from '../member/index.ts';
import { entryRepo } from './registration.repository.ts';
import { addEvent, addPickup, enter, kitStep, putYearLimit, verifyEntry } from './registration.service.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'registration_demo_seeded';
const quietLog = { warn: () => undefined, error: () => undefined } as never;
export const DEMO_EVENT = '周末羽毛球公开赛';

/**
 * The demo centre's events (`SEED_DEMO=1`), once per database, made by `manager` through the
 * module's own calls: a badminton tournament (two sessions next weekend, a year limit of 2 per
 * member) with paid entries, two admitted at the door by member number, a kit picked up and handed;
 * a golf day with two bays; two pickup records at the desk.
 */
export async function seedRegistrationDemo(db: Db, cfg: { publicUrl?: string; port: number; prefixes: { sport: string } }, secretKey: Buffer): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  const manager = center && (await findVisibleUserByCode(db, oneOrgScope(center.id), 'manager'));
  if (!center || !manager) return;
  const scope = oneOrgScope(center.id);
  const venue = await firstVenueOf(db, scope, center.id);
  const people = await firstMembersOf(db, scope, center.id, 3);
  if (!venue || people.length < 3) return;
  await grantDemoMenus(db, ['sport.registration', 'sport.pickup'], ['operatManagement']);
  const caller: Caller = actingAs(manager, center.id);
  const deps = { db, secretKey, origin: cfg.publicUrl ?? `http://127.0.0.1:${cfg.port}`, sportPrefix: cfg.prefixes.sport, log: quietLog };
  const saturday = addDays(localOf(new Date(), venue.timeZone).day, 7);
  const at = (day: string, min: number) => instantOf(day, min, venue.timeZone)!;

  await putYearLimit(db, caller, { stadiumId: venue.id, eventType: 'tournament', yearLimit: 2 });
  const cup = await addEvent(db, caller, {
    stadiumId: venue.id,
    name: DEMO_EVENT,
    eventType: 'tournament',
    priceFen: 8_000,
    description: '单打淘汰赛，含参赛包（号码布、T 恤）',
    sessions: [
      { startTime: at(saturday, 9 * 60), endTime: at(saturday, 12 * 60), place: '1 号馆', capacity: 16 },
      { startTime: at(addDays(saturday, 1), 9 * 60), endTime: at(addDays(saturday, 1), 12 * 60), place: '1 号馆', capacity: 16 },
    ],
  });
  await addEvent(db, caller, {
    stadiumId: venue.id,
    name: '会员高尔夫日',
    eventType: 'golf',
    priceFen: 20_000,
    description: '打位开球，每打位 4 人',
    sessions: [
      { startTime: at(saturday, 14 * 60), endTime: at(saturday, 16 * 60), place: 'A1', capacity: 4 },
      { startTime: at(saturday, 14 * 60), endTime: at(saturday, 16 * 60), place: 'A2', capacity: 4 },
    ],
  });
  const first = cup.sessions[0]!;
  const entries = [];
  for (const m of people.slice(0, 3)) {
    const made = await enter(db, caller, { sessionId: first.id, memberId: m.id, description: null }, undefined);
    await startPayment(deps, caller, made.orderId, { method: 'cash', amountFen: made.amount }, undefined);
    entries.push(made.entryId);
  }
  await verifyEntry(db, caller, { sessionId: first.id, code: people[0]!.memberNo });
  await verifyEntry(db, caller, { sessionId: first.id, code: people[1]!.memberNo });
  const kit = await kitStep(db, caller, entries[0]!, {
    action: 'pickUp',
    bibNo: 'A001',
    remark: null,
    version: (await entryRepo.find(db, scope, entries[0]!))!.version,
  });
  await kitStep(db, caller, entries[0]!, { action: 'hand', remark: '检录处发放', version: kit.version });

  await addPickup(db, caller, {
    stadiumId: venue.id,
    memberId: people[0]!.id,
    kind: 'prize',
    itemName: '冠军奖杯',
    quantity: 1,
    eventId: cup.id,
    remark: null,
  });
  await addPickup(db, caller, { stadiumId: venue.id, memberId: people[2]!.id, kind: 'gift', itemName: '运动毛巾', quantity: 2, remark: '报名赠品' });
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
}
