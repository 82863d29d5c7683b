import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { cardStaff } from '../card/card.testkit.ts';
import { MEMBER_KEYS } from '../member/member.testkit.ts';
import type { UnitClaim } from '../booking/index.ts';
import { booking, dayTimeZone, makeVenue, venueApi, VENUE_KEYS } from '../venue/venue.testkit.ts';
import { wallClock } from './gate.sim.ts';
import { GolfSim } from './golf.sim.ts';
import { bayStateOf, parseGolfReport } from './golf.service.ts';
import { baseUrlOf, EQUIPMENT_KEYS, equipmentApi, newSn, ok } from './equipment.testkit.ts';

const claim = (state: string, minutesFromNow = 0): UnitClaim => ({
  claimId: 1,
  siteId: 1,
  unitId: 1,
  kind: 'booking',
  state,
  orderId: 9,
  reason: null,
  from: new Date(Date.now() + minutesFromNow * 60_000),
  to: new Date(Date.now() + (minutesFromNow + 60) * 60_000),
});
const site = { id: 1, name: '1号打位', status: 0 };
const healthy = { id: 5, name: 'c', online: true, reportedState: 'ok', reportedCode: null };

describe('a golf bay state', () => {
  it('is faulty before in use before booked before free', () => {
    expect(bayStateOf({ site, controller: healthy, claims: [] })).toMatchObject({ state: 'free', fault: null });
    expect(bayStateOf({ site, claims: [] })).toMatchObject({ state: 'free' }); // no controller: nothing says it is broken
    expect(bayStateOf({ site, controller: healthy, claims: [claim('booked', 20)] })).toMatchObject({ state: 'booked' });
    expect(bayStateOf({ site, controller: healthy, claims: [claim('held')] })).toMatchObject({ state: 'booked' });
    expect(bayStateOf({ site, controller: healthy, claims: [claim('booked', 30), claim('used')] })).toMatchObject({ state: 'inUse' });
    expect(bayStateOf({ site, controller: { ...healthy, reportedState: 'fault' }, claims: [claim('used')] })).toMatchObject({
      state: 'faulty',
      fault: 'fault',
    });
    expect(bayStateOf({ site, controller: { ...healthy, online: false }, claims: [] })).toMatchObject({ state: 'faulty', fault: 'offline' });
    expect(bayStateOf({ site: { ...site, status: 1 }, controller: healthy, claims: [] })).toMatchObject({ state: 'faulty', fault: 'closed' });
    // A no-show is no booking of the bay any more.
    expect(bayStateOf({ site, controller: healthy, claims: [claim('no_show')] })).toMatchObject({ state: 'free' });
  });

  it('reads a controller report: ok, or a fault with its code; anything else is no report', () => {
    expect(parseGolfReport('state=ok\n')).toEqual({ state: 'ok', code: null });
    expect(parseGolfReport('state=fault\ncode=BALL_JAM\n')).toEqual({ state: 'fault', code: 'BALL_JAM' });
    expect(parseGolfReport('state=FAULT&code=E1')).toEqual({ state: 'fault', code: 'E1' });
    expect(parseGolfReport('state=fault\ncode=<script>')).toEqual({ state: 'fault', code: null });
    expect(parseGolfReport('state=maybe')).toBeUndefined();
    expect(parseGolfReport('')).toBeUndefined();
  });
});

type Bays = {
  stadiumId: number;
  bays: {
    siteId: number;
    name: string;
    state: string;
    fault: string | null;
    faultCode: string | null;
    deviceName: string | null;
    online: boolean;
    booking: { orderNo: string; buyerName: string | null; startTime: string; endTime: string } | null;
  }[];
};

describe.each(databases)('golf bays on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  async function place() {
    const st = await cardStaff(s, admin, platformId, [...EQUIPMENT_KEYS, ...VENUE_KEYS, ...MEMBER_KEYS]);
    const { venue, sites } = await makeVenue(st.c, { n: 1, open: '00:00', close: '24:00', timeZone: dayTimeZone() });
    const bays: { id: number; name: string }[] = [];
    for (let i = 1; i <= 3; i++) bays.push(await ok(st.c, 'POST', venueApi('site'), { venueId: venue.id, name: `${i}号打位`, sport: 'golf', sort: 10 + i }));
    await ok(st.c, 'POST', venueApi('price'), { venueId: venue.id, name: '打位', sport: 'golf', start: '00:00', end: '24:00', priceFen: 5000 });
    const controller = (bay: number, name: string) =>
      ok<{ id: number; sn: string }>(st.c, 'POST', equipmentApi('device'), {
        stadiumId: venue.id,
        kind: 'golf_controller',
        sn: newSn(),
        name,
        siteId: bays[bay]!.id,
      });
    const c1 = await controller(0, '控制器1');
    const c2 = await controller(1, '控制器2');
    const base = await baseUrlOf(s);
    return { ...st, venue, court: sites[0]!, bays, c1, c2, sim1: new GolfSim(base, c1.sn), sim2: new GolfSim(base, c2.sn) };
  }
  const baysOf = (c: Client, stadiumId: number) => ok<Bays>(c, 'POST', equipmentApi('golf/bays'), { stadiumId });

  it('shows each golf bay free, booked, in use or faulty, with the booking and the controller, from the controllers and the bookings', async () => {
    const p = await place();
    let v = await baysOf(p.c, p.venue.id);
    // Only the golf sites, in their order; a controller that never called is offline, so its bay is faulty.
    expect(v.bays.map((b) => [b.name, b.state, b.fault])).toEqual([
      ['1号打位', 'faulty', 'offline'],
      ['2号打位', 'faulty', 'offline'],
      ['3号打位', 'free', null],
    ]);
    expect((await p.sim1.ok()).status).toBe(200);
    expect((await p.sim2.fault('BALL_JAM')).text).toBe('OK');
    v = await baysOf(p.c, p.venue.id);
    expect(v.bays[0]).toMatchObject({ state: 'free', online: true, deviceName: '控制器1', booking: null });
    expect(v.bays[1]).toMatchObject({ state: 'faulty', fault: 'fault', faultCode: 'BALL_JAM' });

    // A booking of bay 1 at the venue's next hour (under an hour ahead): booked; paid, still booked; checked in: in use.
    const local = wallClock(new Date(), p.venue.timeZone);
    const hour = Number(local.slice(11, 13)) + 1;
    if (hour > 23) return; // the next hour would be tomorrow's
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const order = await ok<{ orderId: number; orderNo: string; amount: number }>(p.c, 'POST', booking('order'), {
      stadiumId: p.venue.id,
      date: local.slice(0, 10),
      items: [{ siteId: p.bays[0]!.id, start: hh(hour), end: hour === 23 ? '24:00' : hh(hour + 1) }],
      buyerName: '高球客',
      buyerPhone: '13811112222',
    });
    v = await baysOf(p.c, p.venue.id);
    expect(v.bays[0]).toMatchObject({ state: 'booked', booking: { orderNo: order.orderNo, buyerName: '高球客' } });
    expect(wallClock(new Date(v.bays[0]!.booking!.startTime), p.venue.timeZone).slice(11, 16)).toBe(hh(hour));
    await ok(p.c, 'POST', `/api/sport/commerce/order/${order.orderId}/pay`, { method: 'cash', amountFen: order.amount });
    expect((await baysOf(p.c, p.venue.id)).bays[0]!.state).toBe('booked');
    await ok(p.c, 'POST', booking('checkin'), { code: order.orderNo });
    expect((await baysOf(p.c, p.venue.id)).bays[0]).toMatchObject({ state: 'inUse', booking: { buyerName: '高球客' } });
    // The fault cleared: bay 2 is free again.
    await p.sim2.ok();
    expect((await baysOf(p.c, p.venue.id)).bays[1]).toMatchObject({ state: 'free', fault: null, faultCode: null });
  });

  it('tells open consoles of the venue after commit: a controller state that changed (not a repeat), a booking, its payment, its check-in', async () => {
    const p = await place();
    const heard: string[] = [];
    const stop = await s.database.listen('console_live', (payload) => heard.push(payload));
    const wait = async (n: number) => {
      for (let i = 0; i < 100 && heard.length < n; i++) await new Promise((r) => setTimeout(r, 20));
    };
    try {
      const mine = () => heard.map((h) => JSON.parse(h) as { o: number; v: number }).filter((h) => h.v === p.venue.id);
      await p.sim1.fault('E1');
      await wait(1);
      expect(mine()).toEqual([{ o: p.orgId, v: p.venue.id }]);
      await p.sim1.fault('E1'); // the same report again: nothing changed
      await p.sim1.ok();
      await wait(2);
      expect(mine()).toHaveLength(2);
      const local = wallClock(new Date(), p.venue.timeZone);
      const hour = Number(local.slice(11, 13)) + 1;
      if (hour > 22) return;
      const order = await ok<{ orderId: number; orderNo: string; amount: number }>(p.c, 'POST', booking('order'), {
        stadiumId: p.venue.id,
        date: local.slice(0, 10),
        items: [{ siteId: p.bays[2]!.id, start: `${String(hour).padStart(2, '0')}:00`, end: `${String(hour + 1).padStart(2, '0')}:00` }],
        buyerName: '高球客',
        buyerPhone: '13811112222',
      });
      await wait(3);
      expect(mine()).toHaveLength(3);
      await ok(p.c, 'POST', `/api/sport/commerce/order/${order.orderId}/pay`, { method: 'cash', amountFen: order.amount });
      await wait(4);
      await ok(p.c, 'POST', booking('checkin'), { code: order.orderNo });
      await wait(5);
      // Each a transaction of its own: one hint each.
      expect(mine()).toHaveLength(5);
    } finally {
      await stop();
    }
  });

  it('refuses what is no bay: a bay for a gate, a site of another sport, a second controller of a bay; unknown devices and bad reports store nothing', async () => {
    const p = await place();
    const gate = await p.c.json('POST', equipmentApi('device'), {
      body: { stadiumId: p.venue.id, kind: 'gate', sn: newSn(), name: '闸机', siteId: p.bays[2]!.id },
    });
    expect([gate.code, gate.detail?.[0]?.field]).toEqual([969600, 'siteId']);
    const court = await p.c.json('POST', equipmentApi('device'), {
      body: { stadiumId: p.venue.id, kind: 'golf_controller', sn: newSn(), name: 'x', siteId: p.court.id },
    });
    expect([court.code, court.detail?.[0]?.field]).toEqual([969600, 'siteId']);
    const second = await p.c.json('POST', equipmentApi('device'), {
      body: { stadiumId: p.venue.id, kind: 'golf_controller', sn: newSn(), name: 'x', siteId: p.bays[0]!.id },
    });
    expect(second.detail.reason).toBe('duplicate');
    const base = await baseUrlOf(s);
    expect((await new GolfSim(base, newSn()).ok()).status).toBe(401);
    const aGate = await ok<{ sn: string }>(p.c, 'POST', equipmentApi('device'), { stadiumId: p.venue.id, kind: 'gate', sn: newSn(), name: '闸机' });
    expect((await new GolfSim(base, aGate.sn).fault()).status).toBe(401); // a gate is no golf controller
    const bad = await fetch(`${base}/golf/state?SN=${p.c1.sn}`, { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(bad.status).toBe(400);
    expect((await baysOf(p.c, p.venue.id)).bays[0]).toMatchObject({ state: 'faulty', fault: 'offline' });
    // Another organisation's venue: 100404.
    const other = await cardStaff(s, admin, platformId, [...EQUIPMENT_KEYS, ...VENUE_KEYS]);
    expect((await other.c.json('POST', equipmentApi('golf/bays'), { body: { stadiumId: p.venue.id } })).code).toBe(100404);
  });
});
