import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, orderMoney, sport } from '../commerce/commerce.testkit.ts';
import { booking } from '../venue/venue.testkit.ts';
import { wallClock } from './gate.sim.ts';
import { braceletStaff, equipmentApi, issuePaid, newBraceletCode, ok, simOf } from './equipment.testkit.ts';

const DEPOSIT = 5_000;

/**
 * Bracelets (issue 27): issued with a deposit taken through a `goods` order and held as a liability
 * (`braceletDeposit`) while out; returned (refunded less a damage charge) or lost (kept); every change
 * a row of the log; one code out once (also under a race, on PostgreSQL); an active bracelet opens
 * its holder's gates through the device simulator, a returned one does not.
 */
describe.each(databases)('bracelets on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  /** The net balance of a ledger account of an organisation (credits less debits: what a liability or revenue holds). */
  const credited = async (orgId: number, account: string) => {
    const [r] = await s.database.query<{ n: string | null }>(
      `select sum(case when side = 'credit' then amount_fen else -amount_fen end) as n from sport_ledger_entry where org_id = $1 and account = $2`,
      [orgId, account],
    );
    return Number(r?.n ?? 0);
  };
  const logOf = async (c: Client, body: Record<string, unknown> = {}) =>
    (await ok<{ total: number; data: Record<string, unknown>[] }>(c, 'POST', equipmentApi('bracelet/log/list'), { pageNum: 1, pageSize: 50, ...body })).data;

  it('issued with a deposit held as a liability; returned with a damage charge, the rest refunded; every change in the log', async () => {
    const st = await braceletStaff(s, admin, platformId);
    const code = newBraceletCode();
    const made = await ok<{ orderId: number; amount: number; state: string }>(st.c, 'POST', equipmentApi('bracelet/issue'), {
      stadiumId: st.venue.id,
      code: code.toLowerCase(),
      holderKind: 'member',
      memberId: st.member.id,
      depositFen: DEPOSIT,
    });
    expect(made).toMatchObject({ amount: DEPOSIT, state: 'pending' });
    // Not paid yet: nothing in the log, no liability.
    expect(await logOf(st.c, { code })).toEqual([]);
    expect(await credited(st.orgId, 'braceletDeposit')).toBe(0);
    await ok(st.c, 'POST', sport(`order/${made.orderId}/pay`), { method: 'cash', amountFen: made.amount });
    let log = await logOf(st.c, { code });
    expect(log).toEqual([expect.objectContaining({ action: 'issued', code, amountFen: DEPOSIT, holderKind: 'member', braceletState: 'active' })]);
    expect(log[0]!.holderName).toBe(st.member.name);
    expect(log[0]!.operatorName).toEqual(expect.any(String));
    expect(await credited(st.orgId, 'braceletDeposit')).toBe(DEPOSIT);
    expect(await credited(st.orgId, 'sales')).toBe(0);

    // An ordinary refund of the deposit line is refused: the return settles it.
    const [item] = await s.database.query<{ id: string }>('select id from sport_order_item where order_id = $1', [made.orderId]);
    const refund = await st.c.json('POST', sport('refund'), {
      body: { orderId: made.orderId, items: [{ itemId: Number(item!.id), quantity: 1 }], to: 'original', reason: '不要了' },
    });
    expect(refund.code).toBe(Code.FORM_INVALID);

    const b = log[0]! as { braceletId: number; braceletVersion: number };
    const back = await ok(st.c, 'POST', equipmentApi(`bracelet/${b.braceletId}/return`), { damageFen: 1_200, remark: '表带划破', version: b.braceletVersion });
    expect(back).toMatchObject({ state: 'returned', damageFen: 1_200 });
    log = await logOf(st.c, { code });
    expect(log.map((r) => [r.action, r.amountFen])).toEqual([
      ['returned', DEPOSIT - 1_200],
      ['damaged', 1_200],
      ['issued', DEPOSIT],
    ]);
    expect(log[0]!.refundNo).toMatch(/^R/);
    expect((await orderMoney(s, made.orderId)).refundedFen).toBe(DEPOSIT - 1_200);
    // The liability is empty; the damage charge is revenue.
    expect(await credited(st.orgId, 'braceletDeposit')).toBe(0);
    expect(await credited(st.orgId, 'sales')).toBe(1_200);

    // The old version, or a second return, is refused.
    const again = await st.c.json('POST', equipmentApi(`bracelet/${b.braceletId}/return`), { body: { version: b.braceletVersion } });
    expect(again.code).toBe(Code.CONFLICT);
    // Filters: by action and by holder.
    expect((await logOf(st.c, { code, action: 'damaged' })).map((r) => r.action)).toEqual(['damaged']);
    expect(await logOf(st.c, { holder: st.member.name as string, action: 'issued' })).toHaveLength(1);
  });

  it('lost: the deposit is kept; one code is out once, and may be issued again once it is back', async () => {
    const st = await braceletStaff(s, admin, platformId);
    const code = newBraceletCode();
    const body = { stadiumId: st.venue.id, code, holderKind: 'member', memberId: st.member.id, depositFen: DEPOSIT };
    const first = await issuePaid(st.c, body);
    const twice = await st.c.json('POST', equipmentApi('bracelet/issue'), { body });
    expect(twice.code).toBe(Code.CONFLICT);
    expect(twice.msg).toContain(code);
    await ok(st.c, 'POST', equipmentApi(`bracelet/${first.braceletId}/lost`), { remark: '丢了', version: first.version });
    expect(await credited(st.orgId, 'braceletDeposit')).toBe(0);
    expect(await credited(st.orgId, 'sales')).toBe(DEPOSIT);
    expect((await orderMoney(s, first.orderId)).refundedFen).toBe(0);
    expect((await logOf(st.c, { code })).map((r) => [r.action, r.amountFen, r.braceletState])).toEqual([
      ['lost', DEPOSIT, 'lost'],
      ['issued', DEPOSIT, 'lost'],
    ]);
    // A lost bracelet cannot be returned afterwards.
    const late = await st.c.json('POST', equipmentApi(`bracelet/${first.braceletId}/return`), { body: { version: first.version + 1 } });
    expect(late.detail.reason).toBe('state');
    // Found again, the same code is issued anew.
    const second = await issuePaid(st.c, body);
    expect(second.braceletId).not.toBe(first.braceletId);
    expect(await credited(st.orgId, 'braceletDeposit')).toBe(DEPOSIT);
    // A code shaped like a person's PIN is refused; a booking holder needs a paid booking's order.
    expect((await st.c.json('POST', equipmentApi('bracelet/issue'), { body: { ...body, code: 'M1234' } })).code).toBe(Code.INVALID);
    const noBooking = await st.c.json('POST', equipmentApi('bracelet/issue'), {
      body: { stadiumId: st.venue.id, code: newBraceletCode(), holderKind: 'booking', orderNo: second.orderNo, depositFen: DEPOSIT },
    });
    expect(noBooking.code).toBe(Code.FORM_INVALID);
    expect(noBooking.detail[0].field).toBe('orderNo');
  });

  it("an issued bracelet opens its holder's gate through the device; returned, it is refused as inactive", async () => {
    const st = await braceletStaff(s, admin, platformId);
    await ok(st.c, 'POST', equipmentApi('gate/grant'), {
      personKind: 'member',
      memberId: st.member.id,
      deviceIds: [st.gate.id],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startTime: '00:00',
      endTime: '24:00',
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
    });
    const sim = await simOf(s, st.gate.sn);
    const code = newBraceletCode();
    const b = await issuePaid(st.c, { stadiumId: st.venue.id, code, holderKind: 'member', memberId: st.member.id, depositFen: DEPOSIT });
    const last = async () =>
      (
        await ok(st.c, 'POST', equipmentApi('gate/log/list'), {
          pageNum: 1,
          pageSize: 1,
          deviceId: st.gate.id,
          sortField: 'receivedTime',
          sortOrder: 'descend',
        })
      ).data[0];
    await sim.event({ pin: code, time: wallClock(new Date(), st.venue.timeZone) });
    expect(await last()).toMatchObject({ pin: code, result: 'allowed', reason: 'grant', opened: true, personName: st.member.name });
    expect((await last()).grantedBy).toMatch(new RegExp(`^bracelet#${code}/grant#`));
    expect(await sim.poll()).toHaveLength(1);

    await ok(st.c, 'POST', equipmentApi(`bracelet/${b.braceletId}/return`), { version: b.version });
    await sim.event({ pin: code, time: wallClock(new Date(Date.now() + 1000), st.venue.timeZone) });
    expect(await last()).toMatchObject({ pin: code, result: 'denied', reason: 'braceletInactive', opened: false });
    expect(await sim.poll()).toEqual([]);
    // A code no bracelet ever had names nobody.
    await sim.event({ pin: 'NOSUCH01', time: wallClock(new Date(Date.now() + 2000), st.venue.timeZone) });
    expect(await last()).toMatchObject({ result: 'denied', reason: 'unknownPerson' });
  });

  it("a bracelet issued to a booking opens the booking's venue gate from half an hour before it starts", async () => {
    const st = await braceletStaff(s, admin, platformId, { n: 1, open: '00:00', close: '24:00' });
    const { venue, sites, gate } = st;
    const sim = await simOf(s, gate.sn);
    // The next whole hour of the venue's day (not the last hour, whose slot would end tomorrow).
    const now = new Date();
    const local = wallClock(now, venue.timeZone);
    const hour = Number(local.slice(11, 13)) + 1;
    if (hour >= 23) return;
    const startsAt = new Date(now.getTime() + (60 - Number(local.slice(14, 16))) * 60_000 - Number(local.slice(17, 19)) * 1000);
    const order = await ok<{ orderId: number; orderNo: string; amount: number }>(st.c, 'POST', booking('order'), {
      stadiumId: venue.id,
      date: local.slice(0, 10),
      items: [{ siteId: sites[0]!.id, start: `${String(hour).padStart(2, '0')}:00`, end: `${String(hour + 1).padStart(2, '0')}:00` }],
    });
    await ok(st.c, 'POST', sport(`order/${order.orderId}/pay`), { method: 'cash', amountFen: order.amount });
    const code = newBraceletCode();
    await issuePaid(st.c, { stadiumId: venue.id, code, holderKind: 'booking', orderNo: order.orderNo, depositFen: DEPOSIT });
    expect((await logOf(st.c, { holder: order.orderNo }))[0]).toMatchObject({ code, holderKind: 'booking', bookingOrderNo: order.orderNo });
    const last = async () =>
      (await ok(st.c, 'POST', equipmentApi('gate/log/list'), { pageNum: 1, pageSize: 1, deviceId: gate.id, sortField: 'receivedTime', sortOrder: 'descend' }))
        .data[0];
    await sim.event({ pin: code, time: wallClock(new Date(startsAt.getTime() - 10 * 60_000), venue.timeZone) });
    expect(await last()).toMatchObject({ result: 'allowed', reason: 'booking', grantedBy: `bracelet#${code}/booking#${order.orderNo}` });
    // An hour and a half before: too early.
    await sim.event({ pin: code, time: wallClock(new Date(startsAt.getTime() - 90 * 60_000), venue.timeZone) });
    expect(await last()).toMatchObject({ result: 'denied', reason: 'noRight' });
  });

  it("another organisation's bracelet answers not found", async () => {
    const a = await braceletStaff(s, admin, platformId);
    const other = await braceletStaff(s, admin, platformId);
    const b = await issuePaid(a.c, { stadiumId: a.venue.id, code: newBraceletCode(), holderKind: 'member', memberId: a.member.id, depositFen: DEPOSIT });
    for (const [method, url, body] of [
      ['GET', `bracelet/${b.braceletId}`, undefined],
      ['POST', `bracelet/${b.braceletId}/return`, { version: b.version }],
      ['POST', `bracelet/${b.braceletId}/lost`, { version: b.version }],
    ] as const) {
      const r = await other.c.json(method, equipmentApi(url), body === undefined ? {} : { body });
      expect(r.code, url).toBe(Code.NOT_FOUND);
    }
    expect(await logOf(other.c)).toEqual([]);
    // Another organisation's member as holder: not found, no order made.
    const foreign = await other.c.json('POST', equipmentApi('bracelet/issue'), {
      body: { stadiumId: other.venue.id, code: newBraceletCode(), holderKind: 'member', memberId: a.member.id, depositFen: DEPOSIT },
    });
    expect(foreign.code).toBe(Code.NOT_FOUND);
  });

  it.runIf(kind === 'postgres')('five operators issue one code at once: one order is made, four are refused as a duplicate', async () => {
    const st = await braceletStaff(s, admin, platformId);
    const code = newBraceletCode();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        st.c.json('POST', equipmentApi('bracelet/issue'), {
          body: { stadiumId: st.venue.id, code, holderKind: 'member', memberId: st.member.id, depositFen: DEPOSIT },
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.CONFLICT && a.detail.reason === 'duplicate')).toHaveLength(4);
    const [{ n }] = await s.database.query<{ n: string }>(`select count(*) as n from sport_bracelet where org_id = $1 and code = $2`, [st.orgId, code]);
    expect(Number(n)).toBe(1);
  });
});
