import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, orderMoney, pay, sport } from '../commerce/commerce.testkit.ts';
import { makeMember } from '../card/card.testkit.ts';
import { addDays, weekdayOf } from '../venue/index.ts';
import { booking, makeVenue, today } from '../venue/venue.testkit.ts';
import { allDay, approvedGroup, makeCoach, ok, sparringApi, sparringStaff } from './sparring.testkit.ts';

describe.each(databases)('sparring on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const TZ = 'Asia/Shanghai';
  const day = (n = 2) => addDays(today(TZ), n);
  const order = (c: Client, body: Record<string, unknown>, headers?: Record<string, string>) => c.json('POST', sparringApi('order'), { body, headers });

  it('a price group applies only once another user approves it; its asker may not; a rejection keeps the group as it was', async () => {
    const { c, reviewer } = await sparringStaff(s, admin, platformId);
    const form = allDay(20_000);
    const asked = await ok(c, 'POST', sparringApi('priceGroup'), { ...form, remark: null });
    expect(asked).toMatchObject({ action: 'add', state: 'pending', groupId: null, after: { name: form.name, coachLevels: ['senior'] } });
    // Pending: nothing is in force yet, so nothing can be priced.
    expect((await ok(c, 'POST', sparringApi('priceGroup/list'), {})).total).toBe(0);
    // The asker cannot approve their own change (in both languages).
    const self = await c.json('POST', sparringApi(`priceChange/${asked.id}/approve`));
    expect([self.code, self.msg]).toEqual([Code.FORBIDDEN, '不能审核自己提交的变更，请由其他用户审核']);
    const selfEn = await c.json('POST', sparringApi(`priceChange/${asked.id}/approve`), { lang: 'en-US' });
    expect(selfEn.msg).toBe('You cannot approve a change you asked for; another user must approve it');
    expect((await ok(c, 'POST', sparringApi('priceGroup/list'), {})).total).toBe(0);
    // Another user approves: the group is in force.
    const approved = await ok(reviewer, 'POST', sparringApi(`priceChange/${asked.id}/approve`));
    expect(approved).toMatchObject({ state: 'approved', reviewedByName: expect.any(String), requestedByName: expect.any(String) });
    const groups = await ok(c, 'POST', sparringApi('priceGroup/list'), {});
    expect(groups.data).toMatchObject([{ id: approved.groupId, name: form.name, prices: [{ priceFen: 20_000 }], pendingChangeId: null, version: 1 }]);
    const again = await reviewer.json('POST', sparringApi(`priceChange/${asked.id}/approve`));
    expect([again.code, again.detail.reason]).toEqual([Code.CONFLICT, 'state']);

    // A change waits; a second one on the same group is refused until it is reviewed.
    const g = groups.data[0];
    const edit = await ok(c, 'PUT', sparringApi(`priceGroup/${g.id}`), {
      ...form,
      remark: null,
      prices: [{ ...form.prices[0], priceFen: 30_000 }],
      version: 1,
    });
    expect(edit).toMatchObject({ action: 'edit', state: 'pending', before: { prices: [{ priceFen: 20_000 }] }, after: { prices: [{ priceFen: 30_000 }] } });
    const second = await c.json('PUT', sparringApi(`priceGroup/${g.id}`), { body: { ...form, remark: null, version: 1 } });
    expect([second.code, second.detail.reason]).toEqual([Code.CONFLICT, 'state']);
    expect((await ok(c, 'POST', sparringApi('priceGroup/list'), {})).data[0]).toMatchObject({ pendingChangeId: edit.id, prices: [{ priceFen: 20_000 }] });
    // Rejected with a reason: the group keeps its price.
    const rejected = await ok(reviewer, 'POST', sparringApi(`priceChange/${edit.id}/reject`), { reason: '涨价幅度过大' });
    expect(rejected).toMatchObject({ state: 'rejected', reason: '涨价幅度过大' });
    expect((await ok(c, 'POST', sparringApi('priceGroup/list'), {})).data[0]).toMatchObject({
      pendingChangeId: null,
      prices: [{ priceFen: 20_000 }],
      version: 1,
    });
    // A stale version is refused; a removal applies once approved.
    const stale = await c.json('POST', sparringApi(`priceGroup/${g.id}/remove`), { body: { version: 9 } });
    expect(stale.detail.reason).toBe('stale');
    const removal = await ok(c, 'POST', sparringApi(`priceGroup/${g.id}/remove`), { version: 1 });
    await ok(reviewer, 'POST', sparringApi(`priceChange/${removal.id}/approve`));
    expect((await ok(c, 'POST', sparringApi('priceGroup/list'), {})).total).toBe(0);
    // The log: every change, newest first, with who asked and who reviewed.
    const log = await ok(c, 'POST', sparringApi('priceChange/list'), {});
    expect(log.data.map((x: { action: string; state: string }) => `${x.action}:${x.state}`)).toEqual(['remove:approved', 'edit:rejected', 'add:approved']);
    expect((await ok(c, 'POST', sparringApi('priceChange/list'), { state: 'rejected' })).total).toBe(1);
  });

  it('an edit applies only after approval, and only to the version it was made on', async () => {
    const { c, reviewer } = await sparringStaff(s, admin, platformId);
    const form = allDay(20_000);
    const groupId = await approvedGroup(c, reviewer, form);
    const edit = await ok(c, 'PUT', sparringApi(`priceGroup/${groupId}`), {
      ...form,
      remark: null,
      prices: [{ ...form.prices[0], priceFen: 25_000 }],
      version: 1,
    });
    expect((await ok(c, 'POST', sparringApi('priceGroup/list'), {})).data[0].prices[0].priceFen).toBe(20_000);
    await ok(reviewer, 'POST', sparringApi(`priceChange/${edit.id}/approve`));
    expect((await ok(c, 'POST', sparringApi('priceGroup/list'), {})).data[0]).toMatchObject({ version: 2, prices: [{ priceFen: 25_000 }] });
  });

  it('prices a booking from the approved groups by weekday, time band and member level', async () => {
    const { c, reviewer, orgId } = await sparringStaff(s, admin, platformId);
    const coachId = await makeCoach(s, orgId, 'senior');
    const junior = await makeCoach(s, orgId, 'junior');
    const d = day(3);
    await approvedGroup(c, reviewer, {
      name: '高级陪练',
      coachLevels: ['senior', 'head'],
      prices: [
        { weekdays: [], start: '08:00', end: '22:00', memberLevel: null, priceFen: 20_000 },
        { weekdays: [], start: '18:00', end: '22:00', memberLevel: null, priceFen: 26_000 },
        { weekdays: [weekdayOf(d)], start: '08:00', end: '12:00', memberLevel: null, priceFen: 18_000 },
        { weekdays: [], start: '08:00', end: '22:00', memberLevel: 'gold', priceFen: 15_000 },
      ],
    });
    const quote = (body: Record<string, unknown>) => c.json('POST', sparringApi('quote'), { body: { coachId, date: d, ...body } });
    // The day's own morning price, then every day's afternoon price, then the evening band.
    expect((await quote({ start: '11:00', end: '13:00' })).body).toMatchObject({
      amount: 38_000,
      parts: [
        { start: '11:00', end: '12:00', hourFen: 18_000, amountFen: 18_000 },
        { start: '12:00', end: '13:00', hourFen: 20_000, amountFen: 20_000 },
      ],
    });
    expect((await quote({ start: '17:30', end: '19:00' })).body.amount).toBe(10_000 + 26_000);
    // A member of the gold level pays the gold price; a member without a level the walk-in price.
    const gold = await makeMember(s, orgId, { level: 'gold' });
    const plain = await makeMember(s, orgId);
    expect((await quote({ start: '14:00', end: '15:00', memberId: gold })).body.amount).toBe(15_000);
    expect((await quote({ start: '14:00', end: '15:00', memberId: plain })).body.amount).toBe(20_000);
    // A junior coach has no group: refused, naming the start.
    const none = await c.json('POST', sparringApi('quote'), { body: { coachId: junior, date: d, start: '14:00', end: '15:00' } });
    expect([none.code, none.detail[0].field]).toEqual([Code.FORM_INVALID, 'start']);
    // The order is priced the same way on the server.
    const made = await order(c, { coachId, date: d, start: '17:30', end: '19:00', memberId: gold });
    expect(made.body.amount).toBe(22_500);
  });

  it('books a coach, takes payment, refuses the same hour twice, and refunds in full before the start through commerce', async () => {
    const { c, reviewer, orgId } = await sparringStaff(s, admin, platformId);
    const coachId = await makeCoach(s, orgId);
    await approvedGroup(c, reviewer, allDay(20_000));
    const d = day(2);
    const memberId = await makeMember(s, orgId, { name: '王会员' });
    const key = `spar-${Math.random()}`;
    const first = await order(c, { coachId, date: d, start: '10:00', end: '11:00', memberId }, { 'Idempotency-Key': key });
    expect(first.code, first.msg).toBe(0);
    expect(first.body).toMatchObject({ amount: 20_000, state: 'pending', orderNo: expect.any(String), expiresAt: expect.any(String) });
    // The same key again: the same order, nothing more held.
    const retry = await order(c, { coachId, date: d, start: '10:00', end: '11:00', memberId }, { 'Idempotency-Key': key });
    expect(retry.body.orderId).toBe(first.body.orderId);
    // The coach's hour is taken, even in part, by a pending order.
    const taken = await order(c, { coachId, date: d, start: '10:30', end: '11:30', buyerName: '散客' });
    expect([taken.code, taken.detail.reason]).toEqual([Code.CONFLICT, 'taken']);
    // The order list's sparring tab lists it; the sparring list shows the member by name and masked phone.
    const tab = await ok(c, 'POST', sport('order/list'), { type: 'sparring' });
    expect(tab.data.map((o: { id: number }) => o.id)).toContain(first.body.orderId);
    const list = await ok(c, 'POST', sparringApi('list'), {});
    expect(list.data).toMatchObject([
      { orderId: first.body.orderId, coachId, buyerName: '王会员', date: d, start: '10:00', end: '11:00', amount: 20_000, state: 'held' },
    ]);
    expect(list.data[0].buyerPhone).toMatch(/^\d{3}\*{4}\d{4}$/);

    expect((await pay(c, first.body.orderId, { method: 'cash', amountFen: 20_000 })).code).toBe(0);
    const detail = await ok(c, 'GET', sparringApi(`order/${first.body.orderId}`));
    expect(detail).toMatchObject({ state: 'booked', orderState: 'paid', paidFen: 20_000 });

    // Refunded in full before the start: the hour is free again.
    const itemId = (await ok(c, 'GET', sport(`order/${first.body.orderId}`))).items[0].id;
    const applied = await ok(c, 'POST', sport('refund'), { orderId: first.body.orderId, items: [{ itemId, quantity: 1 }], reason: '临时有事' });
    expect(applied.amountFen).toBe(20_000);
    expect((await ok(reviewer, 'POST', sport(`refund/${applied.id}/review`), { approve: true, remark: '同意' })).state).toBe('succeeded');
    expect(await orderMoney(s, first.body.orderId)).toMatchObject({ state: 'refunded', refundedFen: 20_000 });
    expect((await ok(c, 'GET', sparringApi(`order/${first.body.orderId}`))).state).toBe('released');
    expect((await order(c, { coachId, date: d, start: '10:30', end: '11:30', buyerName: '散客' })).code).toBe(0);

    // A cancelled pending order frees its hour too.
    const pending = await order(c, { coachId, date: d, start: '15:00', end: '16:00', buyerName: '散客' });
    expect((await c.json('POST', sport(`order/${pending.body.orderId}/cancel`), { body: {} })).code).toBe(0);
    expect((await order(c, { coachId, date: d, start: '15:00', end: '16:00', buyerName: '散客' })).code).toBe(0);
  });

  it('a session that has begun is not refunded', async () => {
    const { c, reviewer, orgId } = await sparringStaff(s, admin, platformId);
    const coachId = await makeCoach(s, orgId);
    await approvedGroup(c, reviewer, { ...allDay(20_000), prices: [{ weekdays: [], start: '00:00', end: '24:00', memberLevel: null, priceFen: 20_000 }] });
    const made = await order(c, { coachId, date: day(1), start: '10:00', end: '11:00', buyerName: '散客' });
    await pay(c, made.body.orderId, { method: 'cash', amountFen: 20_000 });
    // Begun: the session's start moved into the past (as time would).
    await s.database.query(`update sport_sparring_session set starts_at = now() - interval '1 minute' where order_id = $1`, [made.body.orderId]);
    const itemId = (await ok(c, 'GET', sport(`order/${made.body.orderId}`))).items[0].id;
    const applied = await c.json('POST', sport('refund'), { body: { orderId: made.body.orderId, items: [{ itemId, quantity: 1 }], reason: '不想上了' } });
    expect(applied.code).not.toBe(0);
    expect(await orderMoney(s, made.body.orderId)).toMatchObject({ state: 'paid', refundedFen: 0 });
  });

  it('a site is never double-booked by a booking and a sparring hour, whichever comes first', async () => {
    const { c, reviewer, orgId } = await sparringStaff(s, admin, platformId);
    const coachId = await makeCoach(s, orgId);
    const other = await makeCoach(s, orgId);
    await approvedGroup(c, reviewer, allDay(20_000));
    const { venue, sites } = await makeVenue(c, { n: 1, timeZone: TZ });
    const d = day(2);
    // A booking first: the sparring hour on its site is refused.
    const b = await c.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: d, items: [{ siteId: sites[0]!.id, start: '10:00', end: '11:00' }], buyerName: '顾客' },
    });
    expect(b.code, b.msg).toBe(0);
    const clash = await order(c, { coachId, date: d, start: '10:00', end: '11:00', siteId: sites[0]!.id, buyerName: '散客' });
    expect([clash.code, clash.detail.reason]).toEqual([Code.CONFLICT, 'taken']);
    // Nothing of the refused order holds the coach.
    expect((await order(c, { coachId, date: d, start: '10:00', end: '11:00', buyerName: '散客' })).code).toBe(0);
    // A sparring hour first: the booking of its site is refused, and the grid shows it booked.
    const spar = await order(c, { coachId: other, date: d, start: '14:00', end: '15:00', siteId: sites[0]!.id, buyerName: '散客' });
    expect(spar.code, spar.msg).toBe(0);
    const b2 = await c.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: d, items: [{ siteId: sites[0]!.id, start: '14:00', end: '15:00' }], buyerName: '顾客' },
    });
    expect([b2.code, b2.detail.reason]).toEqual([Code.CONFLICT, 'taken']);
    const grid = await ok(c, 'POST', booking('grid'), { stadiumId: venue.id, date: d });
    expect(grid.slots.find((x: { siteId: number; start: string }) => x.siteId === sites[0]!.id && x.start === '14:00').state).not.toBe('free');
    // Cancelled, the sparring order gives the site back.
    expect((await c.json('POST', sport(`order/${spar.body.orderId}/cancel`), { body: {} })).code).toBe(0);
    const b3 = await c.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: d, items: [{ siteId: sites[0]!.id, start: '14:00', end: '15:00' }], buyerName: '顾客' },
    });
    expect(b3.code, b3.msg).toBe(0);
  });

  it("another organisation's coach, site, order or change answers 100404; malformed input 100400 naming the field", async () => {
    const a = await sparringStaff(s, admin, platformId);
    const b = await sparringStaff(s, admin, platformId);
    const coachA = await makeCoach(s, a.orgId);
    const coachB = await makeCoach(s, b.orgId);
    await approvedGroup(a.c, a.reviewer, allDay(20_000));
    await approvedGroup(b.c, b.reviewer, allDay(20_000));
    const { sites: sitesB } = await makeVenue(b.c, { n: 1 });
    const d = day(2);
    expect((await order(a.c, { coachId: coachB, date: d, start: '10:00', end: '11:00' })).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', sparringApi('quote'), { body: { coachId: coachB, date: d, start: '10:00', end: '11:00' } })).code).toBe(Code.NOT_FOUND);
    expect((await order(a.c, { coachId: coachA, date: d, start: '10:00', end: '11:00', siteId: sitesB[0]!.id })).code).toBe(Code.NOT_FOUND);
    const madeB = await order(b.c, { coachId: coachB, date: d, start: '10:00', end: '11:00' });
    expect((await a.c.json('GET', sparringApi(`order/${madeB.body.orderId}`))).code).toBe(Code.NOT_FOUND);
    const changeB = await ok(b.c, 'POST', sparringApi('priceGroup'), { ...allDay(1), remark: null });
    expect((await a.reviewer.json('POST', sparringApi(`priceChange/${changeB.id}/approve`))).code).toBe(Code.NOT_FOUND);
    expect((await ok(a.c, 'POST', sparringApi('list'), {})).data).toEqual([]);

    const field = async (body: Record<string, unknown>) => {
      const r = await order(a.c, body);
      expect(r.code).toBe(Code.INVALID);
      return r.detail.map((x: { field: string }) => x.field);
    };
    expect(await field({ date: d, start: '10:00', end: '11:00' })).toContain('coachId');
    expect(await field({ coachId: coachA, date: '2026-02-30', start: '10:00', end: '11:00' })).toContain('date');
    expect(await field({ coachId: coachA, date: d, start: '25:00', end: '11:00' })).toContain('start');
    expect(await field({ coachId: coachA, date: d, start: '11:00', end: '10:00' })).toContain('end');
    expect(await field({ coachId: coachA, date: d, start: '10:00', end: '11:00', extra: 1 })).toContain('extra');
    const badGroup = await a.c.json('POST', sparringApi('priceGroup'), { body: { name: 'x', coachLevels: [], prices: [] } });
    expect(badGroup.code).toBe(Code.INVALID);
    // A start already past is a field error.
    const past = await order(a.c, { coachId: coachA, date: addDays(today(TZ), -1), start: '10:00', end: '11:00' });
    expect([past.code, past.detail[0].field]).toEqual([Code.FORM_INVALID, 'items.0.start']);
  });
});
