import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { gatePinOf } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE, oneOrgScope } from '../../../platform/scope.ts';
import { findOrgByCode, grantDemoMenus } from '../../system/index.ts';
import { addDays, firstVenueOf, instantOf, localOf } from '../venue/index.ts';
import { firstUsersOf, insertDecisions, insertDevice, insertGrant, insertNewEvents } from './equipment.repository.ts';
import { GateSim, wallClock } from './gate.sim.ts';
import { firstMembersOf } from '../member/index.ts';

const DEMO_ORG = 'demo-sports-center';
const SEEDED_KEY = 'equipment_demo_seeded';
const DEMO_KEYS = ['equipmentManage', 'sport.equipment', 'sport.gate'];
export const DEMO_GATES = [
  { sn: 'DEMOGATE0001', name: '东门闸机' },
  { sn: 'DEMOGATE0002', name: '西门闸机' },
];

/**
 * The demo centre's gates (`SEED_DEMO=1`), once per database: two gates at its first venue, grants
 * for two staff users and a member, and a week of access log (events with their decisions, a few
 * hundred rows in two statements). Today's last few passes then come in through the device
 * simulator over HTTP, as a gate sends them (the server is listening when demos run).
 */
export async function seedEquipmentDemo(db: Db, app: FastifyInstance): Promise<void> {
  const done = (await db.execute(sql`select 1 from sys_meta where key = ${SEEDED_KEY}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return;
  const center = await findOrgByCode(db, SYSTEM_SCOPE, DEMO_ORG);
  if (!center) return;
  const scope = oneOrgScope(center.id);
  const venue = await firstVenueOf(db, scope, center.id);
  const memberIds = (await firstMembersOf(db, scope, center.id, 4)).map((m) => m.id);
  const userIds = await firstUsersOf(db, scope, center.id, 2);
  if (!venue || !userIds.length) return;
  await grantDemoMenus(db, DEMO_KEYS);
  const gates = [];
  for (const g of DEMO_GATES)
    gates.push(await insertDevice(db, scope, { orgId: center.id, venueId: venue.id, kind: 'gate', sn: g.sn, name: g.name, remark: '演示：模拟闸机' }));
  const today = localOf(new Date(), venue.timeZone).day;
  const all = gates.map((g) => g.id);
  const grants = [];
  for (const userId of userIds)
    grants.push(
      await insertGrant(db, scope, {
        orgId: center.id,
        personKind: 'staff',
        userId,
        pin: gatePinOf('staff', userId),
        deviceIds: all,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        // Staff come in at any hour (early opening, late closing): the demo's pass today is let in whenever the demo is made.
        startMin: 0,
        endMin: 24 * 60,
        validFrom: addDays(today, -30),
        validTo: addDays(today, 335),
      }),
    );
  if (memberIds[0])
    await insertGrant(db, scope, {
      orgId: center.id,
      personKind: 'member',
      memberId: memberIds[0],
      pin: gatePinOf('member', memberIds[0]),
      deviceIds: [all[0]],
      weekdays: [1, 2, 3, 4, 5],
      startMin: 9 * 60,
      endMin: 18 * 60,
      validFrom: addDays(today, -7),
      validTo: addDays(today, 60),
      remark: '工作日白天入场',
    });
  // A week of log: each day a staff member opens in the morning at both gates, members pass, and an unknown PIN is refused.
  const events = [];
  const staffPin = gatePinOf('staff', userIds[0]);
  for (let d = 7; d >= 1; d--) {
    const day = addDays(today, -d);
    const at = (min: number) => instantOf(day, min, venue.timeZone)!;
    for (const [i, gate] of gates.entries()) {
      events.push({ gate, pin: staffPin, at: at(7 * 60 + 5 + i), allowed: true, reason: 'grant', grantedBy: `grant#${grants[0].id}` });
      for (const [k, m] of memberIds.entries())
        events.push({
          gate,
          pin: gatePinOf('member', m),
          at: at(10 * 60 + k * 47 + i * 13),
          allowed: k === 0 && i === 0,
          reason: k === 0 && i === 0 ? 'grant' : 'noRight',
          grantedBy: null,
        });
      events.push({ gate, pin: '99999', at: at(20 * 60 + 30 + i), allowed: false, reason: 'unknownPerson', grantedBy: null });
    }
  }
  const stored = await insertNewEvents(
    db,
    scope,
    events.map((e, n) => ({
      orgId: center.id,
      deviceId: e.gate.id,
      eventKey: `demo:${n}`,
      source: 'rtlog',
      pin: e.pin,
      occurredAt: e.at,
      raw: `time=${wallClock(e.at, venue.timeZone)}\tpin=${e.pin}\tindex=${n}`,
    })),
  );
  const byKey = new Map(stored.map((s, n) => [n, s.id]));
  await insertDecisions(
    db,
    scope,
    events.map((e, n) => {
      const memberId = e.pin.startsWith('M') ? Number(e.pin.slice(1)) : null;
      const userId = e.pin.startsWith('S') ? Number(e.pin.slice(1)) : null;
      return { orgId: center.id, eventId: byKey.get(n)!, allowed: e.allowed, reason: e.reason, grantedBy: e.grantedBy, memberId, userId, opened: false };
    }),
  );
  await db.execute(sql`insert into sys_meta (key, value) values (${SEEDED_KEY}, 1) on conflict (key) do nothing`);
  // Today: the staff member passes the east gate through the simulated device, and the gate polls for its open command.
  const address = app.server.address() as AddressInfo | null;
  if (address && typeof address === 'object') {
    const sim = new GateSim(`http://127.0.0.1:${address.port}`, DEMO_GATES[0].sn);
    try {
      await sim.handshake();
      await sim.event({ pin: staffPin, time: wallClock(new Date(), venue.timeZone) });
      await sim.poll();
    } catch {
      // The demo's log is in place without it.
    }
  }
}
