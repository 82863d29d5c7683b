import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatePinOf } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { cardApi, cardStaff, makeMember, makeType, sellPaid } from '../card/card.testkit.ts';
import { MEMBER_KEYS } from '../member/member.testkit.ts';
import { booking, makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';
import { wallClock } from './gate.sim.ts';
import { TICKET_KEYS, gaSession, ticketApi } from '../ticket/ticket.testkit.ts';
import { COURSE_KEYS, approvedCourse, enrol, makeClass, makeCoach } from '../course/course.testkit.ts';
import { EQUIPMENT_KEYS, equipmentApi, newSn, ok, simOf } from './equipment.testkit.ts';

/**
 * A pass decided from what the member holds at that gate then, through the other modules' public
 * faces: a usable card for the venue opens the gate (frozen, it does not); a paid booking of one of
 * the venue's sites opens it from half an hour before; a staff grant outside its hours is refused
 * as such; a walk-in with nothing is refused.
 */
describe.each(databases)('gate passes on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  async function place() {
    const st = await cardStaff(s, admin, platformId, [...EQUIPMENT_KEYS, ...VENUE_KEYS, ...MEMBER_KEYS, ...TICKET_KEYS, ...COURSE_KEYS]);
    const { venue, sites } = await makeVenue(st.c, { open: '00:00', close: '24:00' });
    const gate = await ok<{ id: number; sn: string }>(st.c, 'POST', equipmentApi('device'), { stadiumId: venue.id, kind: 'gate', sn: newSn(), name: '南门' });
    return { ...st, venue, sites, gate, sim: await simOf(s, gate.sn) };
  }
  /** The event received last (the log's default order is by the device's time, which a test sets back). */
  const last = async (c: Client, gateId: number) =>
    (await ok(c, 'POST', equipmentApi('gate/log/list'), { pageNum: 1, pageSize: 1, deviceId: gateId, sortField: 'receivedTime', sortOrder: 'descend' }))
      .data[0];

  it('a usable card for the venue opens the gate, whatever its type (this one names no price level); frozen, it does not; a member with nothing is refused', async () => {
    const p = await place();
    const type = await makeType(p.c, { kind: 'value', priceFen: 1000, faceValueFen: 1000 });
    const holder = await makeMember(s, p.orgId);
    const sold = await sellPaid(p.c, type.id, holder);
    await p.sim.event({ pin: gatePinOf('member', holder), time: wallClock(new Date()) });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'allowed', reason: 'card', grantedBy: `card#${sold.cardNo}`, opened: true });
    expect(await p.sim.poll()).toHaveLength(1);
    await ok(p.c, 'POST', cardApi(`${sold.cardId}/freeze`), {});
    await p.sim.event({ pin: gatePinOf('member', holder), time: wallClock(new Date()) });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'denied', reason: 'noRight', opened: false });
    const nobody = await makeMember(s, p.orgId);
    await p.sim.event({ pin: gatePinOf('member', nobody), time: wallClock(new Date()) });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'denied', reason: 'noRight' });
    expect(await p.sim.poll()).toEqual([]);
  });

  it('a paid booking at the venue opens its gate from half an hour before; an unpaid one does not; a staff grant outside its hours is refused as such', async () => {
    const p = await place();
    const now = new Date();
    // The next whole hour of the venue's day (the test avoids the last hour, whose slot would end tomorrow).
    const local = wallClock(now, p.venue.timeZone);
    const hour = Number(local.slice(11, 13)) + 1;
    if (hour >= 23) return;
    const day = local.slice(0, 10);
    const start = `${String(hour).padStart(2, '0')}:00`;
    const end = `${String(hour + 1).padStart(2, '0')}:00`;
    const startsAt = new Date(now.getTime() + (60 - Number(local.slice(14, 16))) * 60_000 - Number(local.slice(17, 19)) * 1000);
    const member = await makeMember(s, p.orgId);
    const order = await ok<{ orderId: number; orderNo: string; amount: number }>(p.c, 'POST', booking('order'), {
      stadiumId: p.venue.id,
      date: day,
      items: [{ siteId: p.sites[0]!.id, start, end }],
      memberId: member,
    });
    const at = wallClock(new Date(startsAt.getTime() - 10 * 60_000), p.venue.timeZone);
    await p.sim.event({ pin: gatePinOf('member', member), time: at });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'denied', reason: 'noRight' }); // held, not paid
    await ok(p.c, 'POST', `/api/sport/commerce/order/${order.orderId}/pay`, { method: 'cash', amountFen: order.amount });
    await p.sim.event({ pin: gatePinOf('member', member), time: at });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'allowed', reason: 'booking', grantedBy: `booking#${order.orderNo}` });
    // An hour and a half before: too early.
    await p.sim.event({ pin: gatePinOf('member', member), time: wallClock(new Date(startsAt.getTime() - 90 * 60_000), p.venue.timeZone) });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'denied' });

    // A staff grant for the small hours only.
    await ok(p.c, 'POST', equipmentApi('gate/grant'), {
      personKind: 'staff',
      userId: p.userId,
      deviceIds: [p.gate.id],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startTime: '00:00',
      endTime: '00:01',
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
    });
    await p.sim.event({ pin: gatePinOf('staff', p.userId), time: wallClock(new Date(startsAt.getTime() - 5 * 60_000), p.venue.timeZone) });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'denied', reason: 'outsideHours' });
  });

  it('a ticket for a session at the venue opens the gate in its gate window; a lesson of a paid class from half an hour before; unpaid or another day, neither', async () => {
    const p = await place();
    const pin = (m: number) => gatePinOf('member', m);
    const now = new Date();
    // A show at the venue in half an hour (its gate opens two hours before), and one next week.
    const tonight = await gaSession(p.c, 10, 8_000, { venueId: p.venue.id }, { startAt: new Date(now.getTime() + 30 * 60_000).toISOString() });
    const nextWeek = await gaSession(p.c, 10, 8_000, { venueId: p.venue.id });
    const fan = await makeMember(s, p.orgId);
    const early = await makeMember(s, p.orgId);
    const buy = async (g: typeof tonight, memberId: number) => {
      const o = await ok<{ orderId: number; amount: number }>(p.c, 'POST', ticketApi('order'), {
        sessionId: g.session.id,
        levelId: g.levelId,
        quantity: 1,
        memberId,
      });
      await ok(p.c, 'POST', `/api/sport/commerce/order/${o.orderId}/pay`, { method: 'cash', amountFen: o.amount });
      return o.orderId;
    };
    const fanOrder = await buy(tonight, fan);
    await buy(nextWeek, early);
    const [{ code }] = await s.database.query<{ code: string }>('select code from sport_ticket where order_id = $1', [fanOrder]);
    await p.sim.event({ pin: pin(fan), time: wallClock(now, p.venue.timeZone) });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'allowed', reason: 'ticket', grantedBy: `ticket#${code}`, opened: true });
    await p.sim.event({ pin: pin(early), time: wallClock(now, p.venue.timeZone) });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'denied', reason: 'noRight' });

    // A swimming class whose lesson starts in ten minutes: enrolled and paid opens; enrolled and unpaid does not.
    const course = await approvedCourse(p.c, p.reviewer, p.venue.id, 10_000);
    const cls = await makeClass(p.c, course, await makeCoach(s, p.orgId), 5, { firstStart: new Date(now.getTime() + 10 * 60_000), count: 1 });
    const pupil = await makeMember(s, p.orgId);
    const seat = await enrol(p.c, cls, pupil);
    expect(seat.code, seat.msg).toBe(0);
    await p.sim.event({ pin: pin(pupil), time: wallClock(now, p.venue.timeZone) });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'denied', reason: 'noRight' });
    const [order] = await s.database.query<{ payable_fen: string }>('select payable_fen from sport_order where id = $1', [seat.body.orderId]);
    await ok(p.c, 'POST', `/api/sport/commerce/order/${seat.body.orderId}/pay`, { method: 'cash', amountFen: Number(order!.payable_fen) });
    await p.sim.event({ pin: pin(pupil), time: wallClock(now, p.venue.timeZone) });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'allowed', reason: 'class', opened: true });
    // An hour before the lesson is too early.
    await p.sim.event({ pin: pin(pupil), time: wallClock(new Date(now.getTime() - 60 * 60_000), p.venue.timeZone) });
    expect(await last(p.c, p.gate.id)).toMatchObject({ result: 'denied', reason: 'noRight' });
  });

  it('grants: a staff grant needs its person, its times in order and gates of the organisation; an old version is stale', async () => {
    const p = await place();
    const base = {
      personKind: 'staff',
      userId: p.userId,
      deviceIds: [p.gate.id],
      weekdays: [1],
      startTime: '08:00',
      endTime: '20:00',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
    };
    const noPerson = await p.c.json('POST', equipmentApi('gate/grant'), { body: { ...base, userId: undefined } });
    expect(noPerson.code).toBe(969600);
    expect(noPerson.detail[0].field).toBe('userId');
    const backwards = await p.c.json('POST', equipmentApi('gate/grant'), { body: { ...base, startTime: '20:00', endTime: '08:00' } });
    expect(backwards.detail[0].field).toBe('endTime');
    const days = await p.c.json('POST', equipmentApi('gate/grant'), { body: { ...base, validTo: '2025-01-01' } });
    expect(days.detail[0].field).toBe('validTo');
    const made = await ok<{ id: number; version: number; pin: string; gateNames: string; weekdays: number[] }>(p.c, 'POST', equipmentApi('gate/grant'), base);
    expect(made).toMatchObject({ pin: gatePinOf('staff', p.userId), gateNames: '南门', weekdays: [1] });
    await ok(p.c, 'PUT', equipmentApi(`gate/grant/${made.id}`), { weekdays: [1, 3], version: made.version });
    const stale = await p.c.json('PUT', equipmentApi(`gate/grant/${made.id}`), { body: { weekdays: [2], version: made.version } });
    expect(stale.detail.reason).toBe('stale');
    const dup = await p.c.json('POST', equipmentApi('device'), { body: { stadiumId: p.venue.id, kind: 'gate', sn: p.gate.sn, name: '重复' } });
    expect(dup.detail.reason).toBe('duplicate');
  });
});
