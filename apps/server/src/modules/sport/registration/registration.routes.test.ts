import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, orderMoney, sport } from '../commerce/commerce.testkit.ts';
import { enterPaid, entryOf, makeEvent, newMember, ok, regApi, registrationStaff } from './registration.testkit.ts';

/**
 * Sports registration (issue 28): entries sold through commerce with a place per session and a year
 * limit per event type, admission by the member's code once, scene changes with capacity, the kit's
 * state machine, cancel giving the place back, tee-time clashes, pickup records, organisation scope.
 */
describe.each(databases)('sports registration on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const heldOf = async (c: Client, eventId: number) =>
    (await ok<{ sessions: { id: number; held: number }[] }>(c, 'GET', regApi(`event/${eventId}`))).sessions.map((x) => x.held);

  it('an entry is sold and paid through commerce; a full session refuses with 100409 taken; cancelling gives the place back and refunds', async () => {
    const st = await registrationStaff(s, admin, platformId);
    const ev = await makeEvent(st.c, st.venue.id, { priceFen: 6_000, sessions: [{ capacity: 1 }, { capacity: 5 }] });
    const made = await ok<{ entryId: number; orderId: number; amount: number; state: string }>(st.c, 'POST', regApi('entry'), {
      sessionId: ev.sessions[0]!.id,
      memberId: st.member.id,
      description: '左手持拍',
    });
    expect(made).toMatchObject({ amount: 6_000, state: 'pending' });
    expect(await entryOf(st.c, made.entryId)).toMatchObject({ state: 'held', orderState: 'pending', description: '左手持拍' });
    expect(await heldOf(st.c, ev.id)).toEqual([1, 0]);
    await ok(st.c, 'POST', sport(`order/${made.orderId}/pay`), { method: 'cash', amountFen: 6_000 });
    expect(await entryOf(st.c, made.entryId)).toMatchObject({ state: 'active', orderState: 'paid' });

    // The session is full: another member is refused, nothing is made.
    const other = await newMember(st.c);
    const full = await st.c.json('POST', regApi('entry'), { body: { sessionId: ev.sessions[0]!.id, memberId: other.id } });
    expect(full.code).toBe(Code.CONFLICT);
    expect(full.detail.reason).toBe('taken');
    expect(full.msg).toContain('名额已满');
    const en = await st.c.json('POST', regApi('entry'), { body: { sessionId: ev.sessions[0]!.id, memberId: other.id }, lang: 'en-US' });
    expect(en.msg).toContain('The session is full');
    expect((await ok<{ total: number }>(st.c, 'POST', regApi('entry/list'), { eventId: ev.id })).total).toBe(1);

    // Cancelling the paid entry refunds it and gives the place back: the other member now enters.
    const e = await entryOf(st.c, made.entryId);
    const cancelled = await ok(st.c, 'POST', regApi(`entry/${made.entryId}/cancel`), { reason: '伤病', version: e.version });
    expect(cancelled).toMatchObject({ state: 'cancelled' });
    expect((await orderMoney(s, made.orderId)).refundedFen).toBe(6_000);
    expect(await heldOf(st.c, ev.id)).toEqual([0, 0]);
    await enterPaid(st.c, ev.sessions[0]!.id, other.id);
    expect(await heldOf(st.c, ev.id)).toEqual([1, 0]);

    // An unpaid entry cancelled through its order gives its place back too.
    const third = await newMember(st.c);
    const pending = await ok<{ entryId: number; orderId: number }>(st.c, 'POST', regApi('entry'), { sessionId: ev.sessions[1]!.id, memberId: third.id });
    expect(await heldOf(st.c, ev.id)).toEqual([1, 1]);
    await ok(st.c, 'POST', sport(`order/${pending.orderId}/cancel`), { reason: 'x' });
    expect(await entryOf(st.c, pending.entryId)).toMatchObject({ state: 'cancelled' });
    expect(await heldOf(st.c, ev.id)).toEqual([1, 0]);
  });

  it('the year limit of an event type: the member may enter N times a calendar year; 100409 yearLimit past it; a cancel gives the use back', async () => {
    const st = await registrationStaff(s, admin, platformId);
    expect(await ok(st.c, 'PUT', regApi('yearLimit'), { stadiumId: st.venue.id, eventType: 'run', yearLimit: 2 })).toContainEqual({
      eventType: 'run',
      yearLimit: 2,
    });
    const a = await makeEvent(st.c, st.venue.id, { eventType: 'run', sessions: [{ capacity: 10 }, { capacity: 10 }] });
    const b = await makeEvent(st.c, st.venue.id, { eventType: 'run', sessions: [{ capacity: 10 }] });
    const other = await makeEvent(st.c, st.venue.id, { eventType: 'tournament', sessions: [{ capacity: 10 }] });
    const first = await enterPaid(st.c, a.sessions[0]!.id, st.member.id);
    await enterPaid(st.c, b.sessions[0]!.id, st.member.id);
    const over = await st.c.json('POST', regApi('entry'), { body: { sessionId: a.sessions[1]!.id, memberId: st.member.id } });
    expect(over.code).toBe(Code.CONFLICT);
    expect(over.detail.reason).toBe('yearLimit');
    expect(over.msg).toContain('年度上限');
    // The refused order took no place.
    expect((await ok<{ sessions: { held: number }[] }>(st.c, 'GET', regApi(`event/${a.id}`))).sessions.map((x) => x.held)).toEqual([1, 0]);
    // Another event type has its own limit (none).
    await enterPaid(st.c, other.sessions[0]!.id, st.member.id);
    // A cancelled entry gives its use back.
    const e = await entryOf(st.c, first.entryId);
    await ok(st.c, 'POST', regApi(`entry/${first.entryId}/cancel`), { version: e.version });
    await enterPaid(st.c, a.sessions[1]!.id, st.member.id);
    // Lifting the limit: entries pass again.
    await ok(st.c, 'PUT', regApi('yearLimit'), { stadiumId: st.venue.id, eventType: 'run', yearLimit: null });
    await enterPaid(st.c, a.sessions[0]!.id, st.member.id);
  });

  it("admission by the member's code once; a second verification says already admitted; scene change checks capacity", async () => {
    const st = await registrationStaff(s, admin, platformId);
    const ev = await makeEvent(st.c, st.venue.id, { sessions: [{ capacity: 5 }, { capacity: 1 }, { capacity: 5 }] });
    const made = await enterPaid(st.c, ev.sessions[0]!.id, st.member.id);
    const blocker = await newMember(st.c);
    await enterPaid(st.c, ev.sessions[1]!.id, blocker.id);

    // Scene change into a full session: refused, nothing moves.
    let e = await entryOf(st.c, made.entryId);
    const full = await st.c.json('POST', regApi(`entry/${made.entryId}/move`), { body: { sessionId: ev.sessions[1]!.id, version: e.version } });
    expect([full.code, full.detail?.reason]).toEqual([Code.CONFLICT, 'taken']);
    expect((await entryOf(st.c, made.entryId)).sessionId).toBe(ev.sessions[0]!.id);
    // Into a session of another event: refused.
    const elsewhere = await makeEvent(st.c, st.venue.id, { sessions: [{ capacity: 5 }] });
    const wrong = await st.c.json('POST', regApi(`entry/${made.entryId}/move`), { body: { sessionId: elsewhere.sessions[0]!.id, version: e.version } });
    expect(wrong.code).toBe(Code.FORM_INVALID);
    // Into a free session: moved, places follow.
    await ok(st.c, 'POST', regApi(`entry/${made.entryId}/move`), { sessionId: ev.sessions[2]!.id, version: e.version });
    expect((await ok<{ sessions: { held: number }[] }>(st.c, 'GET', regApi(`event/${ev.id}`))).sessions.map((x) => x.held)).toEqual([0, 1, 1]);

    // At the door of the old session the member has no entry; at the new one, by member number, admitted once.
    const no = await st.c.json('POST', regApi('verify'), { body: { sessionId: ev.sessions[0]!.id, code: st.member.memberNo } });
    expect(no.code).toBe(Code.CONFLICT);
    const admitted = await ok(st.c, 'POST', regApi('verify'), { sessionId: ev.sessions[2]!.id, code: st.member.memberNo });
    expect(admitted).toMatchObject({ id: made.entryId, admittedTime: expect.any(String), admittedByName: expect.any(String) });
    const again = await st.c.json('POST', regApi('verify'), { body: { sessionId: ev.sessions[2]!.id, code: st.member.phone } });
    expect([again.code, again.detail?.reason]).toEqual([Code.CONFLICT, 'state']);
    expect(again.msg).toContain('已入场');
    // An admitted entry neither moves nor cancels.
    e = await entryOf(st.c, made.entryId);
    expect((await st.c.json('POST', regApi(`entry/${made.entryId}/cancel`), { body: { version: e.version } })).code).toBe(Code.CONFLICT);
    expect((await ok<{ total: number }>(st.c, 'POST', regApi('entry/list'), { eventId: ev.id, admitted: true })).total).toBe(1);
  });

  it('the kit: picked up with a bib, handed, back, returned, each once and in order, with who and when; a bib is one per event', async () => {
    const st = await registrationStaff(s, admin, platformId);
    const ev = await makeEvent(st.c, st.venue.id);
    const a = await enterPaid(st.c, ev.sessions[0]!.id, st.member.id);
    const b = await enterPaid(st.c, ev.sessions[0]!.id, (await newMember(st.c)).id);
    let e = await entryOf(st.c, a.entryId);
    // Out of order: handing before picking up.
    const early = await st.c.json('POST', regApi(`entry/${a.entryId}/kit`), { body: { action: 'hand', version: e.version } });
    expect([early.code, early.detail?.reason]).toEqual([Code.CONFLICT, 'state']);
    expect((await st.c.json('POST', regApi(`entry/${a.entryId}/kit`), { body: { action: 'pickUp', version: e.version } })).code).toBe(Code.FORM_INVALID);
    e = await ok(st.c, 'POST', regApi(`entry/${a.entryId}/kit`), { action: 'pickUp', bibNo: 'A018', version: e.version });
    expect(e).toMatchObject({ kitState: 'pickedUp', bibNo: 'A018' });
    // The same bib for another entry of the event: 100409 duplicate.
    const eb = await entryOf(st.c, b.entryId);
    const dup = await st.c.json('POST', regApi(`entry/${b.entryId}/kit`), { body: { action: 'pickUp', bibNo: 'A018', version: eb.version } });
    expect([dup.code, dup.detail?.reason]).toEqual([Code.CONFLICT, 'duplicate']);
    // An old version: stale.
    const stale = await st.c.json('POST', regApi(`entry/${a.entryId}/kit`), { body: { action: 'hand', version: e.version - 1 } });
    expect(stale.detail?.reason).toBe('stale');
    for (const action of ['hand', 'back', 'return'] as const) e = await ok(st.c, 'POST', regApi(`entry/${a.entryId}/kit`), { action, version: e.version });
    const detail = await ok<{ kitState: string; kitLog: { action: string; operatorName: string; bibNo: string }[] }>(st.c, 'GET', regApi(`entry/${a.entryId}`));
    expect(detail.kitState).toBe('returned');
    expect(detail.kitLog.map((l) => l.action)).toEqual(['pickUp', 'hand', 'back', 'return']);
    expect(detail.kitLog.every((l) => l.operatorName && l.bibNo === 'A018')).toBe(true);
    const done = await st.c.json('POST', regApi(`entry/${a.entryId}/kit`), { body: { action: 'return', version: (await entryOf(st.c, a.entryId)).version } });
    expect(done.code).toBe(Code.CONFLICT);
    // The description dialog.
    const d = await ok(st.c, 'POST', regApi(`entry/${a.entryId}/description`), {
      description: '需要轮椅通道',
      version: (await entryOf(st.c, a.entryId)).version,
    });
    expect(d).toMatchObject({ description: '需要轮椅通道' });
  });

  it('a golf day: overlapping tee times on one bay are refused; a member in two overlapping tee times is flagged as a clash', async () => {
    const st = await registrationStaff(s, admin, platformId);
    const clash = await st.c.json('POST', regApi('event'), {
      body: {
        stadiumId: st.venue.id,
        name: '高尔夫日',
        eventType: 'golf',
        priceFen: 0,
        sessions: [
          { startTime: '2031-05-01T01:00:00Z', endTime: '2031-05-01T03:00:00Z', place: 'A1', capacity: 4 },
          { startTime: '2031-05-01T02:00:00Z', endTime: '2031-05-01T04:00:00Z', place: 'A1', capacity: 4 },
        ],
      },
    });
    expect([clash.code, clash.detail?.reason]).toEqual([Code.CONFLICT, 'taken']);
    const ev = await makeEvent(st.c, st.venue.id, {
      eventType: 'golf',
      priceFen: 0,
      sessions: [
        { capacity: 4, place: 'A1', startsIn: 0 },
        { capacity: 4, place: 'A2', startsIn: 1 },
      ],
    });
    const more = await st.c.json('POST', regApi(`event/${ev.id}/session`), {
      body: {
        startTime: ev.sessions[0]!.startTime,
        endTime: new Date(Date.parse(ev.sessions[0]!.startTime) + 3_600_000).toISOString(),
        place: 'A1',
        capacity: 2,
      },
    });
    expect(more.detail?.reason).toBe('taken');
    // Free events are paid at once; one member in both overlapping tee times is flagged.
    const x = await enterPaid(st.c, ev.sessions[0]!.id, st.member.id);
    const y = await enterPaid(st.c, ev.sessions[1]!.id, st.member.id);
    const sheet = await ok<{ bays: { place: string }[]; clashes: { memberId: number; entryIds: number[] }[] }>(st.c, 'GET', regApi(`event/${ev.id}/clash`));
    expect(sheet.bays.map((b) => b.place)).toEqual(['A1', 'A2']);
    expect(sheet.clashes).toEqual([expect.objectContaining({ memberId: st.member.id, entryIds: [x.entryId, y.entryId].sort((p, q) => p - q) })]);
  });

  it('pickup records: made at the desk by the signed-in user, listed with filters, shown in detail', async () => {
    const st = await registrationStaff(s, admin, platformId);
    const ev = await makeEvent(st.c, st.venue.id);
    const rec = await ok<{ id: number; handedByName: string; eventName: string }>(st.c, 'POST', regApi('pickup'), {
      stadiumId: st.venue.id,
      memberId: st.member.id,
      kind: 'prize',
      itemName: '冠军奖杯',
      eventId: ev.id,
    });
    expect(rec.handedByName).toEqual(expect.any(String));
    await ok(st.c, 'POST', regApi('pickup'), { stadiumId: st.venue.id, memberId: st.member.id, kind: 'gift', itemName: '毛巾', quantity: 2 });
    const list = await ok<{ total: number; data: { itemName: string }[] }>(st.c, 'POST', regApi('pickup/list'), { kind: 'prize' });
    expect(list.data.map((r) => r.itemName)).toEqual(['冠军奖杯']);
    expect((await ok<{ total: number }>(st.c, 'POST', regApi('pickup/list'), { keyword: st.member.phone })).total).toBe(2);
    expect(await ok(st.c, 'GET', regApi(`pickup/${rec.id}`))).toMatchObject({ id: rec.id, memberName: st.member.name, quantity: 1 });
  });

  it("another organisation's event, session, entry and pickup answer not found, and change nothing", async () => {
    const a = await registrationStaff(s, admin, platformId);
    const b = await registrationStaff(s, admin, platformId);
    const evB = await makeEvent(b.c, b.venue.id, { sessions: [{ capacity: 3 }] });
    const entryB = await enterPaid(b.c, evB.sessions[0]!.id, b.member.id);
    const pickB = await ok<{ id: number }>(b.c, 'POST', regApi('pickup'), { stadiumId: b.venue.id, memberId: b.member.id, kind: 'gift', itemName: '水' });
    const nf = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
      expect((await a.c.json(method, url, body === undefined ? {} : { body })).code, url).toBe(Code.NOT_FOUND);
    await nf('GET', regApi(`event/${evB.id}`));
    await nf('GET', regApi(`event/${evB.id}/clash`));
    await nf('POST', regApi(`event/${evB.id}/session`), { startTime: '2031-01-01T01:00:00Z', endTime: '2031-01-01T02:00:00Z', place: 'x', capacity: 1 });
    await nf('POST', regApi('entry'), { sessionId: evB.sessions[0]!.id, memberId: a.member.id });
    await nf('GET', regApi(`entry/${entryB.entryId}`));
    await nf('POST', regApi('verify'), { sessionId: evB.sessions[0]!.id, code: b.member.memberNo });
    await nf('POST', regApi(`entry/${entryB.entryId}/cancel`), { version: 3 });
    await nf('POST', regApi(`entry/${entryB.entryId}/kit`), { action: 'pickUp', bibNo: '1', version: 3 });
    await nf('POST', regApi(`entry/${entryB.entryId}/description`), { description: 'x', version: 3 });
    await nf('PUT', regApi('yearLimit'), { stadiumId: b.venue.id, eventType: 'run', yearLimit: 1 });
    await nf('GET', regApi(`pickup/${pickB.id}`));
    // A's own event cannot take B's member.
    const evA = await makeEvent(a.c, a.venue.id, { sessions: [{ capacity: 3 }] });
    await nf('POST', regApi('entry'), { sessionId: evA.sessions[0]!.id, memberId: b.member.id });
    expect((await ok<{ total: number }>(a.c, 'POST', regApi('entry/list'), { eventId: evB.id })).total).toBe(0);
    expect(await entryOf(b.c, entryB.entryId)).toMatchObject({ state: 'active', admittedTime: null });
  });
});
