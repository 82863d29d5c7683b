import { describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases } from '../../../../test/harness.ts';
import { signIn } from '../../system/admin.testkit.ts';
import { orderMoney, pay } from '../commerce/commerce.testkit.ts';
import { addDays, weekdayOf } from '../venue/index.ts';
import { booking, dayTimeZone, hourAhead, plusHour, today } from '../venue/venue.testkit.ts';
import { book, bookingSuite, paidSeries } from './booking.testkit.ts';

/** Fixed bookings, closures, changes and shifts: the front desk beyond single bookings. */
describe.each(databases)('fixed bookings, closures, changes and shifts on %s', (kind) => {
  const suite = bookingSuite(kind);
  const { venueOf } = suite;
  const stateAt = async (c: Client, stadiumId: number, date: string, siteId: number, start: string) =>
    (await c.json('POST', booking('grid'), { body: { stadiumId, date } })).body.slots.find(
      (x: { siteId: number; start: string }) => x.siteId === siteId && x.start === start,
    )?.state;

  it('a fixed series: the preview shows every occurrence and what it conflicts with; skipped or refused; one order per month', async () => {
    const { c, venue, sites } = await venueOf({ n: 2, priceFen: 5000 });
    const from = addDays(today(venue.timeZone), 1);
    const to = addDays(from, 41); // six weeks
    const wd = weekdayOf(from);
    const taken = await book(c, venue.id, addDays(from, 7), sites[0]!.id, '19:00', '20:00');
    const pattern = { stadiumId: venue.id, siteIds: [sites[0]!.id, sites[1]!.id], weekdays: [wd], start: '19:00', end: '21:00', dateFrom: from, dateTo: to };
    const preview = await c.json('POST', booking('fixed/preview'), { body: pattern });
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.body.occurrences).toHaveLength(12);
    expect(preview.body.conflicts).toBe(1);
    expect(preview.body.occurrences.find((o: { conflict: string | null }) => o.conflict)).toMatchObject({
      date: addDays(from, 7),
      siteId: sites[0]!.id,
      conflict: `booked:${taken.orderNo} 顾客`,
    });
    expect(preview.body.totalFen).toBe(11 * 10000);
    const refused = await c.json('POST', booking('fixed'), { body: { pattern, name: '周四羽毛球队', onConflict: 'refuse', billing: 'series' } });
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.detail.reason).toBe('taken');
    expect(await stateAt(c, venue.id, from, sites[1]!.id, '19:00')).toBe('free'); // nothing of it stayed
    const made = await c.json('POST', booking('fixed'), {
      body: { pattern, name: '周四羽毛球队', buyerPhone: '13900000000', onConflict: 'skip', billing: 'month' },
    });
    expect(made.code, made.msg).toBe(0);
    expect(made.body.live).toBe(11);
    expect(made.body.skipped).toEqual([{ date: addDays(from, 7), siteId: sites[0]!.id, reason: `booked:${taken.orderNo} 顾客` }]);
    const months = new Set(preview.body.occurrences.map((o: { date: string }) => o.date.slice(0, 7))).size;
    expect(made.body.orders).toHaveLength(months);
    expect(made.body.orders.reduce((n: number, o: { payableFen: number }) => n + o.payableFen, 0)).toBe(110000);
    expect(await stateAt(c, venue.id, addDays(from, 14), sites[1]!.id, '20:00')).toBe('held');
    // Pay every month; cancel one occurrence (refunded in full), then the rest from week 4.
    for (const o of made.body.orders) expect((await pay(c, o.orderId, { method: 'cash', amountFen: o.payableFen })).code).toBe(0);
    const plan = await c.json('POST', booking('plan'), { body: { stadiumId: venue.id, date: addDays(from, 14) } });
    const claimId = plan.body.bookings[0].slots.find((x: { siteId: number }) => x.siteId === sites[1]!.id).claimId;
    const one = await c.json('POST', booking(`fixed/${made.body.id}/cancel`), { body: { claimIds: [claimId], reason: '队员请假' } });
    expect(one.body).toEqual({ cancelled: 1, refundFen: 10000 });
    expect(await stateAt(c, venue.id, addDays(from, 14), sites[1]!.id, '19:00')).toBe('free');
    const rest = await c.json('POST', booking(`fixed/${made.body.id}/cancel`), { body: { from: addDays(from, 21) } });
    expect(rest.body.cancelled).toBe(6);
    expect(rest.body.refundFen).toBe(60000);
    const list = await c.json('POST', booking('fixed/list'), { body: { stadiumId: venue.id } });
    expect(list.body.data[0]).toMatchObject({ id: made.body.id, live: 4, state: 'active' });
  });

  it('a closure: the impact lists the bookings, their buyers and the refund; saving cancels and refunds them, notes a notice, and blocks the range', async () => {
    const { c, venue, sites } = await venueOf({ n: 2, priceFen: 6000 });
    const day = addDays(today(venue.timeZone), 2);
    const paid = await book(c, venue.id, day, sites[0]!.id, '09:00', '11:00');
    await pay(c, paid.orderId, { method: 'cash', amountFen: 12000 });
    const pending = await book(c, venue.id, day, sites[0]!.id, '14:00', '15:00');
    const outside = await book(c, venue.id, day, sites[1]!.id, '09:00', '10:00');
    await c.json('POST', booking('lock'), {
      body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '16:00', end: '17:00' }], reason: '维护' },
    });
    const range = { stadiumId: venue.id, siteIds: [sites[0]!.id], from: `${day} 08:00`, to: `${day} 18:00` };
    const impact = await c.json('POST', booking('closure/impact'), { body: range });
    expect(impact.code, impact.msg).toBe(0);
    expect(impact.body.bookings.map((b: { orderNo: string; refundFen: number; slots: string[] }) => [b.orderNo, b.refundFen, b.slots])).toEqual([
      [paid.orderNo, 12000, [`${day} 09:00-11:00 ${sites[0]!.name}`]],
      [pending.orderNo, 0, [`${day} 14:00-15:00 ${sites[0]!.name}`]],
    ]);
    expect(impact.body).toMatchObject({ refundFen: 12000, locks: 1 });
    const made = await c.json('POST', booking('closure'), { body: { range, reason: '羽毛球比赛' } });
    expect(made.code, made.msg).toBe(0);
    expect(made.body.notices.map((n: { orderNo: string; refundFen: number }) => [n.orderNo, n.refundFen])).toEqual([
      [paid.orderNo, 12000],
      [pending.orderNo, 0],
    ]);
    expect(made.body.notices[0].message).toContain('羽毛球比赛');
    expect(await orderMoney(suite.s, paid.orderId)).toMatchObject({ state: 'refunded', refundedFen: 12000 });
    expect((await orderMoney(suite.s, pending.orderId)).state).toBe('cancelled');
    expect((await orderMoney(suite.s, outside.orderId)).state).toBe('pending');
    expect(await stateAt(c, venue.id, day, sites[0]!.id, '10:00')).toBe('closed');
    expect(await stateAt(c, venue.id, day, sites[0]!.id, '18:00')).toBe('free');
    expect(
      (await c.json('POST', booking('order'), { body: { stadiumId: venue.id, date: day, items: [{ siteId: sites[0]!.id, start: '12:00', end: '13:00' }] } }))
        .detail.reason,
    ).toBe('taken');
    // Edited forward: a later end closes (and refunds) what it newly covers.
    const late = await book(c, venue.id, day, sites[0]!.id, '19:00', '20:00');
    await pay(c, late.orderId, { method: 'cash', amountFen: 6000 });
    const edited = await c.json('PUT', booking(`closure/${made.body.id}`), { body: { to: `${day} 22:00`, version: made.body.version } });
    expect(edited.code, edited.msg).toBe(0);
    expect(edited.body.to).toBe(`${day} 22:00`);
    expect(edited.body.notices.map((n: { orderNo: string }) => n.orderNo)).toContain(late.orderNo);
    expect((await orderMoney(suite.s, late.orderId)).state).toBe('refunded');
    expect(await stateAt(c, venue.id, day, sites[0]!.id, '21:00')).toBe('closed');
    // Not into the past.
    const back = await c.json('PUT', booking(`closure/${made.body.id}`), { body: { to: `${addDays(day, -5)} 10:00`, version: edited.body.version } });
    expect(back.code).toBe(Code.FORM_INVALID);
  });

  it('a closure whose refunds need review leaves them applied for the reviewer', async () => {
    const { c, venue, sites } = await venueOf({ n: 1, priceFen: 6000 });
    const day = addDays(today(venue.timeZone), 3);
    const paid = await book(c, venue.id, day, sites[0]!.id, '09:00', '10:00');
    await pay(c, paid.orderId, { method: 'cash', amountFen: 6000 });
    const made = await c.json('POST', booking('closure'), {
      body: {
        range: { stadiumId: venue.id, siteIds: [sites[0]!.id], from: `${day} 00:00`, to: `${addDays(day, 1)} 00:00` },
        reason: '停电检修',
        reviewRefunds: true,
      },
    });
    expect(made.code, made.msg).toBe(0);
    const refunds = await c.json('POST', '/api/sport/commerce/refund/list', { body: { orderNo: paid.orderNo } });
    expect(refunds.body.data.map((r: { state: string; amountFen: number }) => [r.state, r.amountFen])).toEqual([['applied', 6000]]);
    expect(await stateAt(c, venue.id, day, sites[0]!.id, '09:00')).toBe('closed');
  });

  it('changes a paid booking: to a dearer slot a difference order; to a cheaper one a refund; not after the change deadline', async () => {
    const { c, venue, sites } = await venueOf({ n: 2, priceFen: 5000 });
    await c.json('POST', '/api/sport/venue/price', {
      body: { venueId: venue.id, name: '晚间', sport: 'badminton', start: '18:00', end: '22:00', priceFen: 8000 },
    });
    const day = addDays(today(venue.timeZone), 2);
    const b = await book(c, venue.id, day, sites[0]!.id, '10:00', '11:00');
    await pay(c, b.orderId, { method: 'cash', amountFen: 5000 });
    const itemId = (await c.json('GET', `/api/sport/commerce/order/${b.orderId}`)).body.items[0].id;
    const up = await c.json('POST', booking('change'), { body: { orderId: b.orderId, itemId, siteId: sites[1]!.id, date: day, start: '19:00', end: '20:00' } });
    expect(up.code, up.msg).toBe(0);
    expect(up.body).toMatchObject({ differenceFen: 3000, refundFen: 0 });
    expect(await stateAt(c, venue.id, day, sites[0]!.id, '10:00')).toBe('free');
    expect(await stateAt(c, venue.id, day, sites[1]!.id, '19:00')).toBe('booked');
    const diff = await c.json('GET', `/api/sport/commerce/order/${up.body.differenceOrderId}`);
    expect(diff.body).toMatchObject({ payableFen: 3000, state: 'pending' });
    expect((await c.json('GET', `/api/sport/commerce/order/${b.orderId}`)).body.items[0].spec).toBe(`${day} 19:00-20:00`);
    // Until the difference is paid (or its order cancelled), the line does not move again.
    const early = await c.json('POST', booking('change'), {
      body: { orderId: b.orderId, itemId, siteId: sites[0]!.id, date: day, start: '08:00', end: '09:00' },
    });
    expect(early.msg).toContain(diff.body.orderNo);
    await pay(c, up.body.differenceOrderId, { method: 'cash', amountFen: 3000 });
    const down = await c.json('POST', booking('change'), {
      body: { orderId: b.orderId, itemId, siteId: sites[0]!.id, date: day, start: '08:00', end: '09:00' },
    });
    expect(down.body).toMatchObject({ differenceFen: 0, refundFen: 3000 }); // worth 8000 now (5000 + 3000 paid), it costs 5000
    const other = await book(c, venue.id, day, sites[1]!.id, '20:00', '21:00');
    await pay(c, other.orderId, { method: 'cash', amountFen: 8000 });
    const otherItem = (await c.json('GET', `/api/sport/commerce/order/${other.orderId}`)).body.items[0].id;
    const cheaper = await c.json('POST', booking('change'), {
      body: { orderId: other.orderId, itemId: otherItem, siteId: sites[1]!.id, date: day, start: '09:00', end: '10:00' },
    });
    expect(cheaper.body).toMatchObject({ differenceOrderId: null, refundFen: 3000 });
    expect(await orderMoney(suite.s, other.orderId)).toMatchObject({ refundedFen: 3000 });
    const taken = await c.json('POST', booking('change'), {
      body: { orderId: other.orderId, itemId: otherItem, siteId: sites[0]!.id, date: day, start: '08:00', end: '09:00' },
    });
    expect(taken.detail.reason).toBe('taken');
    expect(await stateAt(c, venue.id, day, sites[1]!.id, '09:00')).toBe('booked'); // the refused change left it where it was
    // Inside the deadline (a day's notice here), no change.
    await c.json('PUT', '/api/stadium/stadiumInfo/update', {
      body: {
        id: venue.id,
        version: venue.version,
        rules: {
          advanceDays: 30,
          minSlots: 1,
          maxSlots: 16,
          cancelDeadlineMinutes: 120,
          lateCancelRefundPercent: 50,
          changeDeadlineMinutes: 60 * 24 * 7,
          noShowAfterMinutes: 15,
          noShowForfeits: true,
        },
      },
    });
    const late = await c.json('POST', booking('change'), {
      body: { orderId: other.orderId, itemId: otherItem, siteId: sites[1]!.id, date: day, start: '12:00', end: '13:00' },
    });
    expect(late.code).toBe(Code.CONFLICT);
    expect(late.msg).toContain('变更截止');
  });

  /** The workbench's shift calls. */
  const shiftCall = (c: Client, path: string, body?: Record<string, unknown>, lang?: 'zh-CN' | 'en-US') =>
    c.json('POST', `/api/sport/workbench/shift/${path}`, { body, lang });
  /** Another user of the organisation who may sign shifts off. */
  const colleague = async (orgId: number) => {
    const made = await suite.admin.json('POST', '/api/system/user', {
      body: { code: `sig${Date.now() % 100000}${Math.floor(Math.random() * 100)}`, name: '值班经理', password: 'Pass1234', orgId, roleIds: [] },
    });
    expect(made.code, made.msg).toBe(0);
    const { grantUserMenus } = await import('../../../../test/grants.ts');
    await grantUserMenus(suite.admin, made.body.code, ['sport.venue.workbench'], orgId);
    return signIn(suite.s, made.body.code, 'Pass1234');
  };

  it('cash taken at the grid before the workbench is visited belongs to the shift; its refund leaves an empty drawer at zero, not negative', async () => {
    const { c, venue, sites } = await venueOf({ n: 1, priceFen: 18000 });
    const day = addDays(today(venue.timeZone), 1);
    // The operator sells at the grid first: ¥180 in cash, then the buyer cancels (before the deadline: all back in cash).
    const before = Date.now();
    const a = await book(c, venue.id, day, sites[0]!.id, '10:00', '11:00');
    expect((await pay(c, a.orderId, { method: 'cash', amountFen: 18000 })).code).toBe(0);
    const paidBy = Date.now();
    expect((await c.json('POST', booking('cancel'), { body: { orderId: a.orderId } })).code).toBe(0);
    // Only now the workbench: the shift opened at the payment, so both are in it.
    const shift = await shiftCall(c, 'current', { stadiumId: venue.id });
    expect(shift.code, shift.msg).toBe(0);
    expect(shift.body.state).toBe('open');
    expect(new Date(shift.body.openedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(shift.body.openedAt).getTime()).toBeLessThanOrEqual(paidBy);
    const counted = await shiftCall(c, `${shift.body.id}/count`, { countedFen: 0, version: shift.body.version });
    expect(counted.code, counted.msg).toBe(0);
    expect(counted.body).toMatchObject({ state: 'counted', cashFen: 0, handedFen: 0 });
    expect(counted.body.takings.cash ?? 0).toBe(0);
    // Even: handed over without a note.
    const handed = await shiftCall(c, `${shift.body.id}/hand`, { version: counted.body.version });
    expect(handed.code, handed.msg).toBe(0);
    expect(handed.body).toMatchObject({ state: 'handed', cashFen: 0, handedFen: 0, remark: null });

    // A payment of that counted shift refunded later belongs to the shift open when it is paid back.
    const b = await book(c, venue.id, day, sites[0]!.id, '12:00', '13:00');
    expect((await pay(c, b.orderId, { method: 'cash', amountFen: 18000 })).code).toBe(0);
    const second = await shiftCall(c, 'current', { stadiumId: venue.id });
    expect(second.body.id).not.toBe(shift.body.id);
    const secondCount = await shiftCall(c, `${second.body.id}/count`, { countedFen: 18000, version: second.body.version });
    expect(secondCount.body).toMatchObject({ cashFen: 18000, handedFen: 18000 });
    expect((await shiftCall(c, `${second.body.id}/hand`, { version: secondCount.body.version })).body.state).toBe('handed');
    const refundedAt = Date.now();
    expect((await c.json('POST', booking('cancel'), { body: { orderId: b.orderId } })).code).toBe(0);
    const third = await shiftCall(c, 'current', { stadiumId: venue.id });
    expect(third.body.id).not.toBe(second.body.id);
    expect(new Date(third.body.openedAt).getTime()).toBeGreaterThanOrEqual(refundedAt - 1000);
    const thirdCount = await shiftCall(c, `${third.body.id}/count`, { countedFen: 0, version: third.body.version });
    expect(thirdCount.body).toMatchObject({ cashFen: -18000 }); // the cash really left this drawer
    // The shift that took it keeps what it took.
    const list = await shiftCall(c, 'list', { stadiumId: venue.id });
    expect(list.body.data.find((r: { id: number }) => r.id === second.body.id)).toMatchObject({ cashFen: 18000, takings: { cash: 18000 } });
  });

  it('a cash refund is paid out of the drawer since its last count: once the count has taken the cash, none is left to pay out', async () => {
    const { c, venue, sites } = await venueOf({ n: 1, priceFen: 18000 });
    const a = await book(c, venue.id, addDays(today(venue.timeZone), 1), sites[0]!.id, '10:00', '11:00');
    expect((await pay(c, a.orderId, { method: 'cash', amountFen: 18000 })).code).toBe(0);
    const deposit = { payeeName: '押金客户', amountFen: 5000, method: 'cash', reason: '押金退还' };
    // ¥180 in the drawer: a ¥50 cash refund may be applied for.
    const first = await c.json('POST', '/api/sport/commerce/refund/nonOrder', { body: deposit });
    expect(first.code, first.msg).toBe(0);
    // The count takes the drawer's cash; until it takes cash again there is none to pay out.
    const shift = await shiftCall(c, 'current', { stadiumId: venue.id });
    expect((await shiftCall(c, `${shift.body.id}/count`, { countedFen: 18000, version: shift.body.version })).code).toBe(0);
    const after = await c.json('POST', '/api/sport/commerce/refund/nonOrder', { body: deposit });
    expect(after.code).toBe(Code.FORM_INVALID);
    expect(after.msg).toContain('钱箱');
  });

  it('the count is blind: the expected cash is in no answer before the count is recorded, and then it is', async () => {
    const { c, venue, sites } = await venueOf({ n: 1, priceFen: 5000 });
    const shift = await shiftCall(c, 'current', { stadiumId: venue.id });
    expect(shift.code, shift.msg).toBe(0);
    const day = addDays(today(venue.timeZone), 1);
    const a = await book(c, venue.id, day, sites[0]!.id, '10:00', '11:00');
    await pay(c, a.orderId, { method: 'cash', amountFen: 5000, receivedFen: 10000 });
    const b = await book(c, venue.id, day, sites[0]!.id, '11:00', '13:00');
    await pay(c, b.orderId, { method: 'transfer', amountFen: 10000 });
    const live = await shiftCall(c, 'current', { stadiumId: venue.id });
    expect(live.body.id).toBe(shift.body.id);
    // What is not counted by hand is shown; the cash, and the total that would give it away, are not.
    expect(live.body).toMatchObject({ state: 'open', takings: { transfer: 10000 }, cashFen: null, totalFen: null, handedFen: null });
    expect(live.body.takings).not.toHaveProperty('cash');
    const listed = (await shiftCall(c, 'list', { stadiumId: venue.id })).body.data.find((r: { id: number }) => r.id === shift.body.id);
    expect(listed).toMatchObject({ cashFen: null, totalFen: null });
    expect(listed.takings).not.toHaveProperty('cash');
    // The count is recorded; the answer then shows what was expected.
    const counted = await shiftCall(c, `${shift.body.id}/count`, { countedFen: 4500, version: live.body.version });
    expect(counted.code, counted.msg).toBe(0);
    expect(counted.body).toMatchObject({ state: 'counted', takings: { cash: 5000, transfer: 10000 }, cashFen: 5000, totalFen: 15000, handedFen: 4500 });
    // Recorded once: no second count, and the workbench shows the counted shift until it is handed over.
    expect((await shiftCall(c, `${shift.body.id}/count`, { countedFen: 5000, version: counted.body.version })).detail.reason).toBe('state');
    expect((await shiftCall(c, 'current', { stadiumId: venue.id })).body).toMatchObject({ id: shift.body.id, state: 'counted', handedFen: 4500 });
  });

  it('a count that differs needs a note: refused without one (969600 on remark), handed over with one, signed off by someone else', async () => {
    const { c, venue, sites, orgId } = await venueOf({ n: 1, priceFen: 5000 });
    const shift = await shiftCall(c, 'current', { stadiumId: venue.id });
    const a = await book(c, venue.id, addDays(today(venue.timeZone), 1), sites[0]!.id, '10:00', '11:00');
    await pay(c, a.orderId, { method: 'cash', amountFen: 5000 });
    // Handing over before counting is refused.
    expect((await shiftCall(c, `${shift.body.id}/hand`, { handedFen: 5000, version: shift.body.version })).detail.reason).toBe('state');
    const counted = await shiftCall(c, `${shift.body.id}/count`, { countedFen: 23000, version: shift.body.version });
    expect(counted.body).toMatchObject({ cashFen: 5000, handedFen: 23000 }); // ¥180 over
    const bare = await shiftCall(c, `${shift.body.id}/hand`, { version: counted.body.version });
    expect(bare.code).toBe(Code.FORM_INVALID);
    expect(bare.detail).toEqual([{ field: 'remark', message: expect.stringContaining('备注') }]);
    const blank = await shiftCall(c, `${shift.body.id}/hand`, { remark: '   ', version: counted.body.version }, 'en-US');
    expect(blank.code).toBe(Code.FORM_INVALID);
    expect(blank.detail[0]).toMatchObject({ field: 'remark', message: expect.stringContaining('note is required') });
    // The count cannot be changed at hand-over.
    const recount = await shiftCall(c, `${shift.body.id}/hand`, { handedFen: 5000, version: counted.body.version });
    expect(recount.code).toBe(Code.FORM_INVALID);
    expect(recount.detail[0].field).toBe('handedFen');
    // Nothing changed by the refusals: still counted, not signable.
    const signer = await colleague(orgId);
    expect((await shiftCall(signer, `${shift.body.id}/sign`)).detail.reason).toBe('state');
    const handed = await shiftCall(c, `${shift.body.id}/hand`, { handedFen: 23000, remark: '多收的¥180是顾客的押金', version: counted.body.version });
    expect(handed.code, handed.msg).toBe(0);
    expect(handed.body).toMatchObject({ state: 'handed', cashFen: 5000, handedFen: 23000, remark: '多收的¥180是顾客的押金' });
    expect((await shiftCall(c, `${shift.body.id}/sign`)).detail.reason).toBe('state'); // not one's own
    const signed = await shiftCall(signer, `${shift.body.id}/sign`);
    expect(signed.code, signed.msg).toBe(0);
    expect(signed.body).toMatchObject({ state: 'signed', signedByName: '值班经理' });
    // A new shift opens on the next look.
    expect((await shiftCall(c, 'current', { stadiumId: venue.id })).body.id).not.toBe(shift.body.id);
  });

  it.runIf(kind === 'postgres')(
    'races on PostgreSQL: two desks signing in open one shift; of six counts at once one is recorded, the others change nothing',
    async () => {
      const { c, venue, sites } = await venueOf({ n: 1, priceFen: 5000 });
      const a = await book(c, venue.id, addDays(today(venue.timeZone), 1), sites[0]!.id, '10:00', '11:00');
      await pay(c, a.orderId, { method: 'cash', amountFen: 5000 });
      const looks = await Promise.all(Array.from({ length: 6 }, () => shiftCall(c, 'current', { stadiumId: venue.id })));
      expect(looks.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(new Set(looks.map((r) => r.body.id)).size).toBe(1);
      const shift = looks[0]!.body;
      const counts = await Promise.all(
        [4000, 4500, 5000, 5500, 6000, 6500].map((countedFen) => shiftCall(c, `${shift.id}/count`, { countedFen, version: shift.version })),
      );
      const won = counts.filter((r) => r.code === 0);
      expect(won).toHaveLength(1);
      for (const r of counts.filter((x) => x.code !== 0)) expect(['stale', 'state']).toContain(r.detail.reason);
      const listed = (await shiftCall(c, 'list', { stadiumId: venue.id })).body.data;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ state: 'counted', cashFen: 5000, handedFen: won[0]!.body.handedFen });
    },
  );

  it('checking in one day of a fixed series uses that day only: the rest stays booked and can still be cancelled', async () => {
    const tz = dayTimeZone();
    const { c, venue, sites } = await venueOf({ n: 1, timeZone: tz, open: '00:00', close: '24:00', priceFen: 4000 });
    const start = hourAhead(tz);
    const made = await paidSeries(c, venue.id, sites[0]!.id, { from: today(tz), to: addDays(today(tz), 2), start, end: plusHour(start), name: '晨练队' });
    const { order } = made;
    const checked = await c.json('POST', booking('checkin'), { body: { code: order.orderNo } });
    expect(checked.code, checked.msg).toBe(0);
    expect(checked.body.slots.map((x: { state: string }) => x.state)).toEqual(['used']);
    expect((await orderMoney(suite.s, order.orderId)).state).toBe('paid');
    expect((await c.json('POST', booking('checkin'), { body: { code: order.orderNo } })).detail.reason).toBe('state');
    const rest = await c.json('POST', booking(`fixed/${made.id}/cancel`), { body: { from: addDays(today(tz), 1) } });
    expect(rest.body).toEqual({ cancelled: 2, refundFen: 8000 });
  });

  it('changing a line twice prices each change against what the line is worth now, and the line names its new site', async () => {
    const { c, venue, sites } = await venueOf({ n: 2, priceFen: 5000 });
    await c.json('POST', '/api/sport/venue/price', {
      body: { venueId: venue.id, name: '早场', sport: 'badminton', start: '08:00', end: '10:00', priceFen: 3000 },
    });
    await c.json('POST', '/api/sport/venue/price', {
      body: { venueId: venue.id, name: '黄金', sport: 'badminton', start: '18:00', end: '22:00', priceFen: 10000 },
    });
    const day = addDays(today(venue.timeZone), 2);
    const b = await book(c, venue.id, day, sites[0]!.id, '12:00', '13:00');
    await pay(c, b.orderId, { method: 'cash', amountFen: 5000 });
    const itemId = (await c.json('GET', `/api/sport/commerce/order/${b.orderId}`)).body.items[0].id;
    const change = (siteId: number, start: string) =>
      c.json('POST', booking('change'), { body: { orderId: b.orderId, itemId, siteId, date: day, start, end: plusHour(start) } });
    expect((await change(sites[1]!.id, '08:00')).body).toMatchObject({ refundFen: 2000, differenceFen: 0 });
    const item = (await c.json('GET', `/api/sport/commerce/order/${b.orderId}`)).body.items[0];
    expect(item).toMatchObject({ refId: sites[1]!.id, name: sites[1]!.name, refundedFen: 2000 });
    const up = await change(sites[0]!.id, '19:00');
    expect(up.body).toMatchObject({ refundFen: 0, differenceFen: 7000 });
    // The difference order left unpaid and cancelled: the line is worth 3000 again.
    await c.json('POST', `/api/sport/commerce/order/${up.body.differenceOrderId}/cancel`, { body: { reason: '顾客不补差价' } });
    expect((await change(sites[0]!.id, '12:00')).body).toMatchObject({ refundFen: 0, differenceFen: 2000 });
    expect(await orderMoney(suite.s, b.orderId)).toMatchObject({ paidFen: 5000, refundedFen: 2000 });
  });
});
