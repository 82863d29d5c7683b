import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases } from '../../../../test/harness.ts';
import { signIn } from '../../system/admin.testkit.ts';
import { orderMoney, pay, sport } from '../commerce/commerce.testkit.ts';
import { createOrder, type NewOrder } from '../commerce/index.ts';
import type { Caller } from '../../../platform/http.ts';
import { markNoShows } from './booking.service.ts';
import { addDays } from '../venue/index.ts';
import { booking, dayTimeZone, hourAhead, plusHour, stadium, today, venueApi, venueStaff } from '../venue/venue.testkit.ts';
import { bookingSuite } from './booking.testkit.ts';

describe.each(databases)('venues and booking on %s', (kind) => {
  /** Each test's venue belongs to an organisation of its own (one venue per organisation). */
  const suite = bookingSuite(kind);
  const { venueOf } = suite;
  let mgr: Client;
  beforeAll(async () => {
    ({ c: mgr } = await venueStaff(suite.s, suite.admin, suite.platformId));
  });
  const tomorrowOf = (tz: string) => addDays(today(tz), 1);
  const grid = async (c: Client, stadiumId: number, date: string, extra: Record<string, unknown> = {}) => {
    const res = await c.json('POST', booking('grid'), { body: { stadiumId, date, ...extra } });
    expect(res.code, res.msg).toBe(0);
    return res.body as {
      sites: { id: number; name: string }[];
      slots: { siteId: number; start: string; end: string; state: string; price: number; ruleName?: string }[];
    };
  };
  const cell = (g: Awaited<ReturnType<typeof grid>>, siteId: number, start: string) => g.slots.find((x) => x.siteId === siteId && x.start === start)!;

  it('a venue line’s detail is read by its contract schema: a malformed one answers 100400 on the detail’s field and holds nothing', async () => {
    const v = await venueOf();
    const day = tomorrowOf(v.venue.timeZone);
    // A module's own call (createOrder is what booking's routes call), with the detail as it is given.
    const caller: Caller = {
      sessionId: 0,
      userId: v.userId,
      userName: 'c',
      userCode: v.code,
      orgId: v.orgId,
      platform: false,
      admin: false,
      perms: new Set(),
      menuIds: new Set(),
      epoch: 0,
      roles: [],
      mustChangePassword: false,
    };
    const order = (detail: Record<string, unknown>): NewOrder => ({
      orgId: v.orgId,
      type: 'venue',
      venueId: v.venue.id,
      channel: 'console',
      buyerName: null,
      buyerPhone: null,
      remark: null,
      items: [{ kind: 'venue', refId: v.sites[0]!.id, quantity: 1, discountFen: 0, detail }],
    });
    const refusal = (detail: Record<string, unknown>) =>
      createOrder(suite.s.database.db, caller, order(detail), undefined).then(
        () => undefined,
        (e: { codeName?: string; detail?: { field: string; message: string }[] }) => ({ codeName: e.codeName, fields: e.detail?.map((d) => d.field) }),
      );
    expect(await refusal({ date: day, start: '25:00', end: '10:00' })).toEqual({ codeName: 'INVALID', fields: ['items.0.detail.start'] });
    expect(await refusal({ start: '09:00', end: '10:00' })).toEqual({ codeName: 'INVALID', fields: ['items.0.detail.date'] });
    expect(await refusal({ date: day, start: '09:00', end: '10:00', seriesId: -1 })).toEqual({ codeName: 'INVALID', fields: ['items.0.detail.seriesId'] });
    expect(cell(await grid(v.c, v.venue.id, day), v.sites[0]!.id, '09:00').state).toBe('free');
    // Well formed, the same line holds its slot.
    expect(await refusal({ date: day, start: '09:00', end: '10:00' })).toBeUndefined();
    expect(cell(await grid(v.c, v.venue.id, day), v.sites[0]!.id, '09:00').state).not.toBe('free');
  });

  it('a member booked at their level pays the level price, and the order line records the level as its source beside the walk-in price', async () => {
    const v = await venueOf({ n: 1, priceFen: 5000 });
    const rule = await v.c.json('POST', venueApi('price'), {
      body: { venueId: v.venue.id, name: '银卡价', sport: 'badminton', start: '08:00', end: '22:00', level: 'silver', priceFen: 4000 },
    });
    expect(rule.code, rule.msg).toBe(0);
    const [m] = await suite.s.database.query<{ id: string }>(
      `insert into sport_member (org_id, member_no, name, phone, kind, level) values ($1, $2, '银卡会员', $3, 'individual', 'silver') returning id`,
      [v.orgId, `M${v.orgId}`, `139${String(v.orgId).padStart(8, '0')}`],
    );
    const day = tomorrowOf(v.venue.timeZone);
    const items = [{ siteId: v.sites[0]!.id, start: '10:00', end: '12:00' }];
    const booked = await v.c.json('POST', booking('order'), { body: { stadiumId: v.venue.id, date: day, memberId: Number(m!.id), items } });
    expect(booked.code, booked.msg).toBe(0);
    expect(booked.body.amount).toBe(8000);
    const order = (await v.c.json('GET', sport(`order/${booked.body.orderId}`))).body;
    expect(order).toMatchObject({ totalFen: 8000, discountFen: 0, payableFen: 8000 });
    expect(order.items[0]).toMatchObject({ unitPriceFen: 8000, adjustments: [{ source: 'member', reason: 'silver', amountFen: 2000, inPrice: true }] });
    // A walk-in pays everybody's price and the line has no adjustment.
    const walkIn = await v.c.json('POST', booking('order'), {
      body: { stadiumId: v.venue.id, date: day, items: [{ ...items[0]!, start: '14:00', end: '15:00' }] },
    });
    expect(walkIn.body.amount).toBe(5000);
    expect((await v.c.json('GET', sport(`order/${walkIn.body.orderId}`))).body.items[0].adjustments).toEqual([]);
  });

  it('runs the stadium calls of spec 7.5: insert, pagelist, list by id and by organisation, update with version, shop status, delete', async () => {
    const staff = await venueStaff(suite.s, suite.admin, suite.platformId);
    const none = await staff.c.json('GET', stadium(`list/orgId/${staff.orgId}`));
    expect(none.code).toBe(0);
    expect(none.body).toBeNull();
    const added = await staff.c.json('POST', stadium('insert'), {
      body: { stadiumName: '城东网球中心', mobile: '13800001234', sportcatItems: ['tennis'], timeZone: 'Europe/London' },
    });
    expect(added.code, added.msg).toBe(0);
    // An organisation's own venue is its application to join: it works at once, its shop waits for approval.
    expect(added.body).toMatchObject({
      stadiumName: '城东网球中心',
      applyState: 'applied',
      shopStatus: 0,
      timeZone: 'Europe/London',
      slotMinutes: 60,
      siteCount: 0,
    });
    const second = await staff.c.json('POST', stadium('insert'), { body: { stadiumName: '第二个' } });
    expect(second.code).toBe(Code.CONFLICT);
    expect(second.detail.reason).toBe('duplicate');
    expect((await staff.c.json('GET', stadium(`list/orgId/${staff.orgId}`))).body.id).toBe(added.body.id);
    expect((await staff.c.json('GET', stadium(`list/${added.body.id}`))).body.stadiumName).toBe('城东网球中心');
    const page = await staff.c.json('POST', stadium('pagelist'), { body: { stadiumName: '网球' } });
    expect(page.body.data.map((v: { id: number }) => v.id)).toEqual([added.body.id]);
    const shop = await staff.c.json('POST', stadium('updateShopStatus'), { body: { id: added.body.id, shopStatus: 1 } });
    expect(shop.code).toBe(Code.CONFLICT);
    expect(shop.msg).toContain('尚未通过');
    const approved = await suite.admin.json('POST', stadium('review'), { body: { id: added.body.id, approve: true, remark: '资料齐全' } });
    expect(approved.body.applyState).toBe('approved');
    expect((await staff.c.json('POST', stadium('review'), { body: { id: added.body.id, approve: true } })).code).toBe(Code.FORBIDDEN);
    const opened = await staff.c.json('POST', stadium('updateShopStatus'), { body: { id: added.body.id, shopStatus: 1 } });
    expect(opened.body.shopStatus).toBe(1);
    const edited = await staff.c.json('PUT', stadium('update'), { body: { id: added.body.id, version: opened.body.version, phone: '020-1234567' } });
    expect(edited.code, edited.msg).toBe(0);
    const stale = await staff.c.json('PUT', stadium('update'), { body: { id: added.body.id, version: opened.body.version, phone: '020-7654321' } });
    expect(stale.detail.reason).toBe('stale');
    const badZone = await staff.c.json('PUT', stadium('update'), { body: { id: added.body.id, version: edited.body.version, timeZone: 'Mars/Olympus' } });
    expect(badZone.code).toBe(Code.FORM_INVALID);
    // The platform's service contract (serviceManagement): the platform sets it, not the venue.
    const own = await staff.c.json('PUT', stadium('update'), { body: { id: added.body.id, version: edited.body.version, commissionPercent: 1 } });
    expect(own.code).toBe(Code.FORBIDDEN);
    const badContract = await suite.admin.json('PUT', stadium('update'), {
      body: { id: added.body.id, version: edited.body.version, contractFrom: '2027-01-01', contractTo: '2026-01-01' },
    });
    expect(badContract.detail[0].field).toBe('contractTo');
    const contract = await suite.admin.json('PUT', stadium('update'), {
      body: { id: added.body.id, version: edited.body.version, contractNo: 'FW-1', contractFrom: '2026-01-01', contractTo: '2027-12-31', commissionPercent: 5 },
    });
    expect(contract.body).toMatchObject({ contractNo: 'FW-1', contractFrom: '2026-01-01', contractTo: '2027-12-31', commissionPercent: 5 });
    // Another organisation's venue is not found, and stays.
    expect((await mgr.json('GET', stadium(`list/${added.body.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await mgr.json('DELETE', stadium(`delete/${added.body.id}`))).code).toBe(Code.NOT_FOUND);
    expect((await staff.c.json('DELETE', stadium(`delete/${added.body.id}`))).body.deleted).toBe(1);
  });

  it('draws the grid: sites across, hour slots from 08:00 to 22:00 with their prices, by the most specific rule', async () => {
    const { c: mgr, venue, sites } = await venueOf({ n: 2, priceFen: 6000 });
    await mgr.json('POST', venueApi('price'), { body: { venueId: venue.id, name: '晚间', sport: 'badminton', start: '18:00', end: '22:00', priceFen: 8000 } });
    await mgr.json('POST', venueApi('price'), {
      body: { venueId: venue.id, name: '2号场晚间', siteId: sites[1]!.id, start: '20:00', end: '22:00', priceFen: 9000 },
    });
    const day = tomorrowOf(venue.timeZone);
    const g = await grid(mgr, venue.id, day);
    expect(g.sites).toEqual(sites.map((x) => ({ id: x.id, name: x.name })));
    expect(g.slots.filter((x) => x.siteId === sites[0]!.id).map((x) => x.start)).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
    ]);
    expect(Object.keys(g.slots[0]!).sort()).toEqual(['end', 'price', 'siteId', 'start', 'state']);
    expect(cell(g, sites[0]!.id, '08:00')).toEqual({ siteId: sites[0]!.id, start: '08:00', end: '09:00', state: 'free', price: 6000 });
    expect(cell(g, sites[0]!.id, '20:00').price).toBe(8000);
    expect(cell(g, sites[1]!.id, '20:00').price).toBe(9000);
    // With detail, the console sees which rule set each price.
    const d = await grid(mgr, venue.id, day, { detail: true });
    expect(cell(d, sites[1]!.id, '20:00').ruleName).toBe('2号场晚间');
    expect(cell(d, sites[1]!.id, '19:00').ruleName).toBe('晚间');
  });

  it('prices public holidays and make-up work days by the organisation’s holiday calendar', async () => {
    const { c, orgId, venue, sites } = await venueOf({ n: 1, priceFen: 6000 });
    for (const r of [
      { name: '周末', weekdays: [6, 7], priceFen: 9000 },
      { name: '节假日', dayKind: 'holiday', priceFen: 12000 },
      { name: '调休上班', dayKind: 'workday', priceFen: 7000 },
    ])
      expect((await c.json('POST', venueApi('price'), { body: { venueId: venue.id, sport: 'badminton', start: '08:00', end: '22:00', ...r } })).code).toBe(0);
    // 2027-10-01 is a Friday off; 2027-10-09 a Saturday worked.
    const set = await suite.admin.json('PUT', '/api/system/holiday/days', {
      body: {
        orgId,
        days: [
          { day: '2027-10-01', kind: 1 },
          { day: '2027-10-09', kind: 0 },
        ],
      },
    });
    expect(set.code, set.msg).toBe(0);
    const price = async (day: string) => cell(await grid(c, venue.id, day), sites[0]!.id, '10:00').price;
    expect(await price('2027-09-30')).toBe(6000);
    expect(await price('2027-10-01')).toBe(12000);
    expect(await price('2027-10-02')).toBe(9000);
    expect(await price('2027-10-09')).toBe(7000);
  });

  it('a venue in Europe/London: the day clocks go forward has one hour slot fewer', async () => {
    const { c, venue, sites } = await venueOf({ n: 1, timeZone: 'Europe/London', open: '00:00', close: '24:00' });
    const starts = async (day: string) => (await grid(c, venue.id, day)).slots.filter((x) => x.siteId === sites[0]!.id).map((x) => x.start);
    expect(await starts('2027-03-27')).toHaveLength(24);
    const spring = await starts('2027-03-28');
    expect(spring).toHaveLength(23);
    expect(spring).not.toContain('01:00');
    expect(await starts('2027-10-31')).toHaveLength(24);
  });

  it('books two cells as a walk-in: a pending order holds them; cash pays it and they show booked', async () => {
    const { c: mgr, venue, sites } = await venueOf({ n: 2, priceFen: 6000 });
    const day = tomorrowOf(venue.timeZone);
    const res = await mgr.json('POST', booking('order'), {
      body: {
        stadiumId: venue.id,
        date: day,
        items: [
          { siteId: sites[0]!.id, start: '10:00', end: '11:00' },
          { siteId: sites[1]!.id, start: '10:00', end: '12:00' },
        ],
        buyerName: '王先生',
      },
    });
    expect(res.code, res.msg).toBe(0);
    expect(Object.keys(res.body).sort()).toEqual(['amount', 'expiresAt', 'orderId', 'orderNo', 'state']);
    expect(res.body).toMatchObject({ amount: 18000, state: 'pending' });
    let g = await grid(mgr, venue.id, day);
    expect([
      cell(g, sites[0]!.id, '10:00').state,
      cell(g, sites[1]!.id, '10:00').state,
      cell(g, sites[1]!.id, '11:00').state,
      cell(g, sites[0]!.id, '11:00').state,
    ]).toEqual(['held', 'held', 'held', 'free']);
    expect((await pay(mgr, res.body.orderId, { method: 'cash', amountFen: 18000, receivedFen: 20000 })).body.payment.changeFen).toBe(2000);
    g = await grid(mgr, venue.id, day);
    expect(cell(g, sites[1]!.id, '11:00').state).toBe('booked');
    const detail = await mgr.json('GET', `/api/sport/commerce/order/${res.body.orderId}`);
    expect(detail.body.items.map((i: { name: string; spec: string; amountFen: number }) => [i.name, i.spec, i.amountFen])).toEqual([
      [sites[0]!.name, `${day} 10:00-11:00`, 6000],
      [sites[1]!.name, `${day} 10:00-12:00`, 12000],
    ]);
  });

  it('never books one cell twice: the second operator gets 100409 taken and sees it taken', async () => {
    const { c: mgr, code, venue, sites } = await venueOf({ n: 1 });
    const other = await signIn(suite.s, code, 'Pass1234');
    const day = tomorrowOf(venue.timeZone);
    const body = { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '15:00', end: '16:00' }] };
    expect((await mgr.json('POST', booking('order'), { body })).code).toBe(0);
    const second = await other.json('POST', booking('order'), { body: { ...body, items: [{ siteId: sites[0]!.id, start: '14:00', end: '16:00' }] } });
    expect(second.code).toBe(Code.CONFLICT);
    expect(second.detail.reason).toBe('taken');
    expect(second.msg).toContain('14:00-16:00');
    // Nothing of the refused order stays: 14:00 is still free.
    const g = await grid(other, venue.id, day);
    expect([cell(g, sites[0]!.id, '14:00').state, cell(g, sites[0]!.id, '15:00').state]).toEqual(['free', 'held']);
  });

  it('split sites: the full court blocks its halves and a half blocks the full court', async () => {
    const { c: mgr, venue, sites } = await venueOf({ n: 1 });
    const full = sites[0]!;
    const halves = await mgr.json('POST', venueApi(`site/${full.id}/split`), { body: { names: ['A半场', 'B半场'] } });
    expect(halves.code, halves.msg).toBe(0);
    const [a, b] = halves.body as { id: number; parentId: number }[];
    expect(a!.parentId).toBe(full.id);
    const day = tomorrowOf(venue.timeZone);
    const order = (items: { siteId: number; start: string; end: string }[]) =>
      mgr.json('POST', booking('order'), { body: { stadiumId: venue.id, date: day, items } });
    expect((await order([{ siteId: full.id, start: '09:00', end: '10:00' }])).code).toBe(0);
    expect((await order([{ siteId: a!.id, start: '09:00', end: '10:00' }])).detail.reason).toBe('taken');
    expect((await order([{ siteId: b!.id, start: '10:00', end: '11:00' }])).code).toBe(0);
    expect((await order([{ siteId: a!.id, start: '10:00', end: '11:00' }])).code).toBe(0); // the other half is free
    expect((await order([{ siteId: full.id, start: '10:00', end: '11:00' }])).detail.reason).toBe('taken');
    const g = await grid(mgr, venue.id, day);
    expect([cell(g, a!.id, '09:00').state, cell(g, b!.id, '09:00').state, cell(g, full.id, '10:00').state, cell(g, full.id, '11:00').state]).toEqual([
      'held',
      'held',
      'held',
      'free',
    ]);
    // A merged pair works the same way.
    const merged = await mgr.json('POST', venueApi('site/merge'), { body: { siteIds: [a!.id, b!.id], name: 'x' } });
    expect(merged.code).toBe(Code.CONFLICT);
  });

  it('keeps the booking window, the slot counts and whole slots', async () => {
    const { c: mgr, venue, sites } = await venueOf({ n: 1, rules: { advanceDays: 3, minSlots: 2, maxSlots: 3 } });
    const day = tomorrowOf(venue.timeZone);
    const order = (date: string, start: string, end: string) =>
      mgr.json('POST', booking('order'), { body: { stadiumId: venue.id, date, items: [{ siteId: sites[0]!.id, start, end }] } });
    const far = await order(addDays(day, 5), '09:00', '11:00');
    expect(far.code).toBe(Code.FORM_INVALID);
    expect(far.msg).toContain('3');
    expect((await order(day, '09:00', '10:00')).detail[0].message).toContain('至少');
    expect((await order(day, '09:00', '13:00')).detail[0].message).toContain('最多');
    expect((await order(day, '09:30', '11:30')).code).toBe(Code.FORM_INVALID);
    expect((await order(day, '21:00', '23:00')).code).toBe(Code.FORM_INVALID);
    expect((await order(addDays(day, -2), '09:00', '11:00')).code).toBe(Code.FORM_INVALID); // yesterday
    expect((await order(day, '09:00', '11:00')).code).toBe(0);
  });

  it('locks slots with a reason (no order) and unlocks them; a locked cell cannot be booked', async () => {
    const { c: mgr, venue, sites } = await venueOf({ n: 1 });
    const day = tomorrowOf(venue.timeZone);
    const locked = await mgr.json('POST', booking('lock'), {
      body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '12:00', end: '13:00' }], reason: '地板维护' },
    });
    expect(locked.code, locked.msg).toBe(0);
    const g = await grid(mgr, venue.id, day, { detail: true });
    expect(cell(g, sites[0]!.id, '12:00')).toMatchObject({ state: 'locked', reason: '地板维护', orderId: null });
    expect(
      (await mgr.json('POST', booking('order'), { body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '12:00', end: '13:00' }] } }))
        .detail.reason,
    ).toBe('taken');
    expect((await mgr.json('POST', booking('unlock'), { body: { claimIds: locked.body.claimIds } })).code).toBe(0);
    expect(cell(await grid(mgr, venue.id, day), sites[0]!.id, '12:00').state).toBe('free');
  });

  it('cancels: a pending booking frees its slots; a paid one is refunded in full before the deadline and by the late share after', async () => {
    const { c: mgr, venue, sites } = await venueOf({ n: 1, priceFen: 5000, rules: { cancelDeadlineMinutes: 60 * 24 * 3, lateCancelRefundPercent: 30 } });
    const day = tomorrowOf(venue.timeZone);
    const book = async (c: Client, stadiumId: number, siteId: number, start: string) => {
      const r = await c.json('POST', booking('order'), { body: { stadiumId, date: day, items: [{ siteId, start, end: plusHour(start) }] } });
      expect(r.code, r.msg).toBe(0);
      return r.body as { orderId: number };
    };
    const pending = await book(mgr, venue.id, sites[0]!.id, '08:00');
    const c1 = await mgr.json('POST', booking('cancel'), { body: { orderId: pending.orderId, reason: '顾客改期' } });
    expect(c1.body).toEqual({ orderId: pending.orderId, state: 'cancelled', refundFen: 0, feeFen: 0 });
    expect(cell(await grid(mgr, venue.id, day), sites[0]!.id, '08:00').state).toBe('free');
    // Inside the 3-day deadline: 30% comes back, 70% is kept as the fee.
    const late = await book(mgr, venue.id, sites[0]!.id, '09:00');
    await pay(mgr, late.orderId, { method: 'cash', amountFen: 5000 });
    const c2 = await mgr.json('POST', booking('cancel'), { body: { orderId: late.orderId } });
    expect(c2.body).toMatchObject({ refundFen: 1500, feeFen: 3500, state: 'part_refunded' });
    expect(await orderMoney(suite.s, late.orderId)).toMatchObject({ paidFen: 5000, refundedFen: 1500 });
    expect(cell(await grid(mgr, venue.id, day), sites[0]!.id, '09:00').state).toBe('free');
  });

  it('a paid booking cancelled before the deadline is refunded in full, and a cancelled one cannot be cancelled again', async () => {
    const { c: mgr, venue, sites } = await venueOf({ n: 1, priceFen: 4000 });
    const day = addDays(today(venue.timeZone), 2);
    const r = await mgr.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '10:00', end: '12:00' }] },
    });
    await pay(mgr, r.body.orderId, { method: 'cash', amountFen: 8000 });
    const c = await mgr.json('POST', booking('cancel'), { body: { orderId: r.body.orderId } });
    expect(c.body).toMatchObject({ refundFen: 8000, feeFen: 0, state: 'refunded' });
    const again = await mgr.json('POST', booking('cancel'), { body: { orderId: r.body.orderId } });
    expect(again.code).toBe(Code.CONFLICT);
    expect(again.detail.reason).toBe('state');
  });

  it('checks in a paid booking of today by its order number; an unpaid one is refused; the plan shows the arrival', async () => {
    const tz = dayTimeZone();
    const { c: mgr, venue, sites } = await venueOf({ n: 1, timeZone: tz, open: '00:00', close: '24:00' });
    const start = hourAhead(tz);
    const r = await mgr.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: today(tz), items: [{ siteId: sites[0]!.id, start, end: plusHour(start) }], buyerName: '李雷' },
    });
    expect(r.code, r.msg).toBe(0);
    const unpaid = await mgr.json('POST', booking('checkin'), { body: { code: r.body.orderNo } });
    expect(unpaid.code).toBe(Code.CONFLICT);
    expect(unpaid.msg).toContain('尚未支付');
    await pay(mgr, r.body.orderId, { method: 'cash', amountFen: r.body.amount });
    const ok = await mgr.json('POST', booking('checkin'), { body: { code: r.body.orderNo } });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.body).toMatchObject({ orderNo: r.body.orderNo, orderState: 'completed', buyer: '李雷' });
    expect(ok.body.slots[0]).toMatchObject({ start, state: 'used' });
    expect(ok.body.checkedInAt).toBeTruthy();
    expect((await mgr.json('POST', booking('checkin'), { body: { code: r.body.orderNo } })).msg).toContain('已核销');
    const plan = await mgr.json('POST', booking('plan'), { body: { stadiumId: venue.id, date: today(tz) } });
    expect(plan.body.bookings.map((b: { orderNo: string; checkedInAt: string | null }) => [b.orderNo, !!b.checkedInAt])).toEqual([[r.body.orderNo, true]]);
  });

  it('records a no-show after the slot began and the venue’s minutes passed; a forfeited one completes its order', async () => {
    const tz = dayTimeZone();
    const { c: mgr, venue, sites } = await venueOf({ n: 1, timeZone: tz, open: '00:00', close: '24:00', rules: { noShowAfterMinutes: 15 } });
    const start = hourAhead(tz);
    const r = await mgr.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: today(tz), items: [{ siteId: sites[0]!.id, start, end: plusHour(start) }] },
    });
    await pay(mgr, r.body.orderId, { method: 'cash', amountFen: r.body.amount });
    expect(await markNoShows(suite.s.database.db, new Date())).toBe(0);
    const later = new Date(Date.now() + 3 * 3600_000);
    expect(await markNoShows(suite.s.database.db, later)).toBeGreaterThanOrEqual(1);
    const plan = await mgr.json('POST', booking('plan'), { body: { stadiumId: venue.id, date: today(tz) } });
    expect(plan.body.bookings.find((b: { orderId: number }) => b.orderId === r.body.orderId).slots[0].state).toBe('no_show');
    expect((await orderMoney(suite.s, r.body.orderId)).state).toBe('completed');
  });

  it('an unpaid booking that times out frees its slots, and money arriving later is refunded', async () => {
    const { c: mgr, venue, sites } = await venueOf({ n: 1 });
    const day = tomorrowOf(venue.timeZone);
    const r = await mgr.json('POST', booking('order'), {
      body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '16:00', end: '17:00' }] },
    });
    const { expireOrders } = await import('../commerce/index.ts');
    await expireOrders(suite.s.database.db, async () => undefined, new Date(Date.now() + 3600_000));
    expect((await orderMoney(suite.s, r.body.orderId)).state).toBe('cancelled');
    expect(cell(await grid(mgr, venue.id, day), sites[0]!.id, '16:00').state).toBe('free');
    // Someone else takes it; then the late cash for the first order is refused as the order is no longer pending.
    expect(
      (await mgr.json('POST', booking('order'), { body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '16:00', end: '17:00' }] } }))
        .code,
    ).toBe(0);
    expect((await pay(mgr, r.body.orderId, { method: 'cash', amountFen: 5000 })).code).toBe(Code.CONFLICT);
  });

  it('copies a template’s hours and prices to a new site', async () => {
    const { c: mgr, venue } = await venueOf({ n: 0 });
    const t = await mgr.json('POST', venueApi('template'), {
      body: {
        venueId: venue.id,
        name: '标准场',
        hours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '09:00', close: '12:00' })),
        prices: [{ start: '09:00', end: '12:00', priceFen: 7000 }],
      },
    });
    expect(t.code, t.msg).toBe(0);
    const site = await mgr.json('POST', venueApi('site'), { body: { venueId: venue.id, name: '新场', sport: 'tennis', templateId: t.body.id } });
    expect(site.code, site.msg).toBe(0);
    const g = await grid(mgr, venue.id, tomorrowOf(venue.timeZone));
    expect(g.slots.filter((x) => x.siteId === site.body.id).map((x) => [x.start, x.price])).toEqual([
      ['09:00', 7000],
      ['10:00', 7000],
      ['11:00', 7000],
    ]);
    const misaligned = await mgr.json('POST', venueApi('site'), {
      body: { venueId: venue.id, name: '错', sport: 'tennis', hours: [{ day: 1, open: '09:30', close: '12:00' }] },
    });
    expect(misaligned.code).toBe(Code.FORM_INVALID);
  });

  it.runIf(kind === 'postgres')('20 operators racing for one cell: exactly one books it', async () => {
    const { code, venue, sites } = await venueOf({ n: 1 });
    const clients = await Promise.all(Array.from({ length: 20 }, () => signIn(suite.s, code, 'Pass1234')));
    const day = tomorrowOf(venue.timeZone);
    const results = await Promise.all(
      clients.map((c) =>
        c.json('POST', booking('order'), { body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '19:00', end: '20:00' }] } }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === Code.CONFLICT && r.detail.reason === 'taken')).toHaveLength(19);
    const [row] = await suite.s.database.query<{ n: string }>(`select count(*) as n from sport_slot_claim where venue_id = $1 and state <> 'released'`, [
      venue.id,
    ]);
    expect(Number(row!.n)).toBe(1);
  });
});
