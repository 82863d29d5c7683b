import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../../test/harness.ts';
import { grantMenus } from '../../../../../test/grants.ts';
import { adminClient, makeUser, signIn } from '../../../system/admin.testkit.ts';
import { imbalances, pay } from '../../commerce/commerce.testkit.ts';
import { addMember, newPhone } from '../../member/member.testkit.ts';
import { gaSession, gridMap, ok, seatedSession, seatsOf, ticketApi, ticketStaff } from '../ticket.testkit.ts';

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid 18-digit identity card number (its check character computed), distinct per `n`. */
export function idCard(n: number, birth = '19900307'): string {
  const body = `110105${birth}${String(n % 1000).padStart(3, '0')}`;
  const sum = [...body].reduce((acc, ch, i) => acc + Number(ch) * W[i]!, 0);
  return body + '10X98765432'[sum % 11];
}

describe.each(databases)('ticketing rules on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let staff: Awaited<ReturnType<typeof ticketStaff>>;
  let c: Client;
  let approver: Client;
  let approverName: string;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    staff = await ticketStaff(s, admin, platformId);
    await grantMenus(admin, staff.roleId, ['sport.ticket.reserve', 'sport.member.list']);
    c = await signIn(s, staff.code, 'Pass1234');
    const u = await makeUser(admin, staff.orgId, { roleIds: [staff.roleId] });
    approverName = u.name;
    approver = await signIn(s, u.code, 'Pass1234');
  }, 120_000);
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const order = (body: Record<string, unknown>) => c.json('POST', ticketApi('order'), { body });
  const tickets = async (q: Record<string, unknown>) =>
    (await ok(c, 'POST', ticketApi('list'), { pageSize: 100, ...q })).data as {
      id: number;
      state: string;
      channel: string;
      viewerName: string | null;
      viewerIdNo: string | null;
      priceFen: number;
      seatId: number | null;
      refundNo: string | null;
    }[];
  const level = async (id: number) => ok(c, 'GET', ticketApi(`level/${id}`));

  it('real-name: every ticket needs a valid viewer, one live ticket per id number per session (a second order is refused naming the id); the buyer is the viewer of a lone ticket', async () => {
    const { session, levelId } = await gaSession(c, 100, 5000, { realName: 'per_id' });
    const base = { sessionId: session.id, levelId };
    const missing = await order({ ...base, quantity: 2 });
    expect(missing.code).toBe(Code.FORM_INVALID);
    expect(missing.detail[0].field).toBe('viewers');
    expect(missing.msg).toContain('2');
    const bad = await order({ ...base, quantity: 1, viewers: [{ name: '张三', idNo: '110105199003071235' }] });
    expect(bad.code).toBe(Code.FORM_INVALID);
    expect(bad.detail[0].field).toBe('viewers.0.idNo');
    const twice = await order({
      ...base,
      quantity: 2,
      viewers: [
        { name: '张三', idNo: idCard(1) },
        { name: '李四', idNo: idCard(1).toLowerCase() },
      ],
    });
    expect(twice.code).toBe(Code.FORM_INVALID);
    expect(twice.detail[0].field).toBe('viewers.1.idNo');
    const miscount = await order({ ...base, quantity: 2, viewers: [{ name: '张三', idNo: idCard(1) }] });
    expect(miscount.detail[0].field).toBe('viewers');
    expect((await level(levelId)).held).toBe(0);

    const first = await ok(c, 'POST', ticketApi('order'), {
      ...base,
      quantity: 2,
      viewers: [
        { name: '张三', idNo: idCard(1) },
        { name: '李四', idNo: idCard(2) },
      ],
    });
    const mine = await tickets({ orderId: first.orderId });
    expect(mine.map((t) => t.viewerName).sort()).toEqual(['张三', '李四']);
    expect(mine.every((t) => t.viewerIdNo && t.viewerIdNo.includes('*') && !t.viewerIdNo.includes(idCard(1).slice(6, 14)))).toBe(true);
    const again = await order({ ...base, quantity: 1, viewers: [{ name: '李四', idNo: idCard(2) }] });
    expect(again.code).toBe(Code.CONFLICT);
    expect(again.detail.reason).toBe('taken');
    expect(again.msg).toContain(idCard(2));
    expect((await level(levelId)).held).toBe(2);
    // A lone ticket: the buyer's id number names the viewer.
    const lone = await ok(c, 'POST', ticketApi('order'), { ...base, quantity: 1, buyer: { name: '王五', phone: '13800000001', idNo: idCard(3) } });
    expect((await tickets({ orderId: lone.orderId }))[0]!.viewerName).toBe('王五');
    expect((await order({ ...base, quantity: 1, buyer: { name: '王五', idNo: idCard(3) } })).detail.reason).toBe('taken');
    // Cancelled, the order's id numbers may buy again.
    await ok(c, 'POST', `/api/sport/commerce/order/${first.orderId}/cancel`, {});
    expect((await order({ ...base, quantity: 1, viewers: [{ name: '李四', idNo: idCard(2) }] })).code).toBe(0);
  });

  it('real-name: one person is one id number in any form (15 or 18 digits of an identity card; a passport with or without hyphens)', async () => {
    const { session, levelId } = await gaSession(c, 100, 5000, { realName: 'per_id' });
    const base = { sessionId: session.id, levelId, quantity: 1 };
    const id18 = idCard(41);
    const id15 = `${id18.slice(0, 6)}${id18.slice(8, 17)}`; // the same person's pre-1999 number
    await ok(c, 'POST', ticketApi('order'), { ...base, viewers: [{ name: '赵六', idNo: id18 }] });
    const old = await order({ ...base, viewers: [{ name: '赵六', idNo: id15 }] });
    expect(old.code).toBe(Code.CONFLICT);
    expect(old.detail.reason).toBe('taken');
    expect(old.msg).toContain(id15);
    // The other way round, and both forms in one order.
    const id15b = `${idCard(42).slice(0, 6)}${idCard(42).slice(8, 17)}`;
    await ok(c, 'POST', ticketApi('order'), { ...base, viewers: [{ name: '钱七', idNo: id15b }] });
    expect((await order({ ...base, viewers: [{ name: '钱七', idNo: idCard(42) }] })).detail.reason).toBe('taken');
    const both = await order({
      ...base,
      quantity: 2,
      viewers: [
        { name: '孙八', idNo: idCard(43) },
        { name: '孙八', idNo: `${idCard(43).slice(0, 6)}${idCard(43).slice(8, 17)}` },
      ],
    });
    expect(both.code).toBe(Code.FORM_INVALID);
    expect(both.detail[0].field).toBe('viewers.1.idNo');
    // A passport: hyphens and case do not make another person.
    await ok(c, 'POST', ticketApi('order'), { ...base, viewers: [{ name: 'John Smith', idType: '2', idNo: 'E1234-5678' }] });
    expect((await order({ ...base, viewers: [{ name: 'John Smith', idType: '2', idNo: 'e12345678' }] })).detail.reason).toBe('taken');
    expect((await order({ ...base, viewers: [{ name: 'John Smith', idType: '2', idNo: 'E-12-345-678' }] })).detail.reason).toBe('taken');
    expect((await level(levelId)).held).toBe(3);
  });

  it("per-buyer limit with no phone: kept by the buyer's id number (in any form), or by the member", async () => {
    const { session, levelId } = await gaSession(c, 100, 1000, { perBuyerLimit: 3 });
    const id18 = idCard(61);
    const id15 = `${id18.slice(0, 6)}${id18.slice(8, 17)}`;
    const buy = (quantity: number, buyer: Record<string, unknown>) => order({ sessionId: session.id, levelId, quantity, buyer });
    expect((await buy(2, { name: '无手机', idNo: id18 })).code).toBe(0);
    const over = await buy(2, { name: '无手机', idNo: id18 });
    expect(over.code).toBe(Code.FORM_INVALID);
    expect(over.detail[0].field).toBe('quantity');
    expect((await buy(2, { name: '无手机', idNo: id15 })).code).toBe(Code.FORM_INVALID);
    expect((await buy(1, { name: '无手机', idNo: id15 })).code).toBe(0);
    expect((await buy(1, { idNo: id18 })).code).toBe(Code.FORM_INVALID);
    // A member buying with no phone: the member's tickets count.
    const m = await addMember(c, { name: '会员丙', phone: newPhone() });
    const asMember = (quantity: number) => order({ sessionId: session.id, levelId, quantity, memberId: m.id });
    expect((await asMember(3)).code).toBe(0);
    expect((await asMember(1)).code).toBe(Code.FORM_INVALID);
    expect((await level(levelId)).held).toBe(6);
  });

  it('real-name on a seated session: each seat takes its own viewer; another session of the project is another count', async () => {
    const { session, project } = await seatedSession(c, gridMap(1, 1, 4));
    await ok(c, 'PUT', ticketApi(`project/${project.id}`), { realName: 'per_id', version: project.version });
    const seats = await seatsOf(c, session.id);
    const res = await ok(c, 'POST', ticketApi('order'), {
      sessionId: session.id,
      seatIds: [seats[1]!.id, seats[0]!.id],
      viewers: [
        { name: '甲', idNo: idCard(11) },
        { name: '乙', idNo: idCard(12) },
      ],
    });
    const mine = await tickets({ orderId: res.orderId });
    expect(mine.find((t) => t.seatId === seats[1]!.id)!.viewerName).toBe('甲');
    expect(mine.find((t) => t.seatId === seats[0]!.id)!.viewerName).toBe('乙');
    const taken = await order({ sessionId: session.id, seatIds: [seats[2]!.id], viewers: [{ name: '甲', idNo: idCard(11) }] });
    expect(taken.detail.reason).toBe('taken');
    expect((await seatsOf(c, session.id))[2]!.state).toBe('free');
    const other = await ok(c, 'POST', ticketApi('session'), {
      projectId: project.id,
      name: '加场',
      startAt: new Date(Date.now() + 9 * 86400_000).toISOString(),
      onSale: true,
      levels: [{ name: '普通', priceFen: 100, quota: 10 }],
    });
    expect((await order({ sessionId: other.id, levelId: other.levels[0].id, quantity: 1, viewers: [{ name: '甲', idNo: idCard(11) }] })).code).toBe(0);
  });

  it('real-name viewers chosen from member records: the record gives the name and id number; a member with none on record is refused at the field', async () => {
    const { session, levelId } = await gaSession(c, 20, 3000, { realName: 'per_id' });
    const withId = await addMember(c, { name: '会员甲', phone: newPhone(), idType: '1', idNo: idCard(31) });
    const without = await addMember(c, { name: '会员乙', phone: newPhone() });
    const none = await order({ sessionId: session.id, levelId, quantity: 1, viewers: [{ memberId: without.id }] });
    expect(none.code).toBe(Code.FORM_INVALID);
    expect(none.detail[0].field).toBe('viewers.0.memberId');
    expect(none.msg).toContain('会员乙');
    const made = await ok(c, 'POST', ticketApi('order'), {
      sessionId: session.id,
      levelId,
      quantity: 2,
      viewers: [{ memberId: withId.id }, { name: '散客', idNo: idCard(32) }],
    });
    expect((await tickets({ orderId: made.orderId })).map((t) => t.viewerName).sort()).toEqual(['会员甲', '散客']);
    // The member's id number now has a ticket: given by hand it is refused too.
    expect((await order({ sessionId: session.id, levelId, quantity: 1, viewers: [{ name: '冒名', idNo: idCard(31) }] })).detail.reason).toBe('taken');
  });

  it("per-buyer limit counts the buyer's live tickets of the session across orders (by phone); cancelled tickets no longer count", async () => {
    const { session, levelId } = await gaSession(c, 100, 1000, { perBuyerLimit: 3 });
    const buy = (quantity: number, phone = '13900000001') => order({ sessionId: session.id, levelId, quantity, buyer: { name: '买家', phone } });
    const a = await buy(2);
    expect(a.code).toBe(0);
    const over = await buy(2);
    expect(over.code).toBe(Code.FORM_INVALID);
    expect(over.detail[0].field).toBe('quantity');
    expect(over.msg).toContain('3');
    expect((await buy(1)).code).toBe(0);
    expect((await buy(1)).code).toBe(Code.FORM_INVALID);
    expect((await buy(3, '13900000002')).code).toBe(0);
    expect((await buy(4, '13900000003')).code).toBe(Code.FORM_INVALID); // more than the limit in one order
    await ok(c, 'POST', `/api/sport/commerce/order/${a.body.orderId}/cancel`, {});
    expect((await buy(2)).code).toBe(0);
  });

  it.runIf(kind === 'postgres')('per-buyer limit under concurrency: twelve racing orders of one buyer never take more than the limit', async () => {
    const { session, levelId } = await gaSession(c, 100, 1000, { perBuyerLimit: 3 });
    const clients = await Promise.all(Array.from({ length: 4 }, () => signIn(s, staff.code, 'Pass1234')));
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        clients[i % 4]!.json('POST', ticketApi('order'), {
          body: { sessionId: session.id, levelId, quantity: 1, buyer: { name: '抢票', phone: '13700000009' } },
        }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.FORM_INVALID)).toBe(true);
    const [row] = await s.database.query<{ n: string }>(
      `select count(*) as n from sport_ticket where session_id = $1 and buyer_phone = '13700000009' and state in ('held','sold','used')`,
      [session.id],
    );
    expect(Number(row!.n)).toBe(3);
    expect((await level(levelId)).held).toBe(3);
  });

  it('reserved issuing: a request holds its quota with a reason; the requester cannot approve; another user approves (tickets sold at no charge, channel reserved) or rejects (holds released)', async () => {
    const { session, levelId } = await gaSession(c, 10, 8000);
    const noReason = await c.json('POST', ticketApi('reserve'), { body: { sessionId: session.id, levelId, quantity: 2, reason: ' ' } });
    expect(noReason.code).toBe(Code.INVALID);
    expect(noReason.detail[0].field).toBe('reason');
    const req = await ok(c, 'POST', ticketApi('reserve'), { sessionId: session.id, levelId, quantity: 2, reason: '赞助商招待', recipientName: '赞助商' });
    expect(req).toMatchObject({ state: 'pending', quantity: 2, reason: '赞助商招待', requestedBy: staff.userId, valueFen: 16000, reviewedBy: null });
    expect((await level(levelId)).held).toBe(2);
    expect((await level(levelId)).available).toBe(8);
    const own = await c.json('POST', ticketApi(`reserve/${req.id}/review`), { body: { approve: true } });
    expect(own.code).toBe(Code.FORBIDDEN);
    expect((await ok(c, 'GET', ticketApi(`reserve/${req.id}`))).state).toBe('pending');
    // A cashier cannot pay a reservation's order: the money goes back and the order is cancelled.
    const approved = await ok(approver, 'POST', ticketApi(`reserve/${req.id}/review`), { approve: true, remark: '同意' });
    expect(approved).toMatchObject({ state: 'approved', reviewedByName: approverName, reviewRemark: '同意' });
    const issued = await tickets({ orderId: req.orderId });
    expect(issued.map((t) => [t.state, t.channel])).toEqual([
      ['sold', 'reserved'],
      ['sold', 'reserved'],
    ]);
    expect(await level(levelId)).toMatchObject({ held: 0, sold: 2, available: 8 });
    const o = await ok(c, 'GET', `/api/sport/commerce/order/${req.orderId}`);
    expect(o).toMatchObject({ state: 'paid', channel: 'reserved' });
    expect(o.payments.map((p: { method: string }) => p.method)).toEqual(['free']);
    expect((await approver.json('POST', ticketApi(`reserve/${req.id}/review`), { body: { approve: false } })).detail.reason).toBe('state');

    const other = await ok(c, 'POST', ticketApi('reserve'), { sessionId: session.id, levelId, quantity: 3, reason: '工作人员' });
    expect((await level(levelId)).available).toBe(5);
    expect((await ok(approver, 'POST', ticketApi(`reserve/${other.id}/review`), { approve: false, remark: '名额不足' })).state).toBe('rejected');
    expect(await level(levelId)).toMatchObject({ held: 0, available: 8 });
    expect((await tickets({ orderId: other.orderId })).every((t) => t.state === 'cancelled')).toBe(true);
    const list = await ok(c, 'POST', ticketApi('reserve/list'), { sessionId: session.id });
    expect(list.data.map((r: { state: string; reason: string }) => [r.state, r.reason])).toEqual([
      ['rejected', '工作人员'],
      ['approved', '赞助商招待'],
    ]);
    expect((await ok(c, 'POST', ticketApi('reserve/list'), { sessionId: session.id, state: 'approved' })).total).toBe(1);
  });

  it('reserved issuing on a real-name project: a viewer per ticket, checked as a sale checks them (none, twice, an id with a ticket already); approved, the tickets carry them and their ids may not buy again', async () => {
    const { session, levelId } = await gaSession(c, 10, 6000, { realName: 'per_id' });
    const base = { sessionId: session.id, levelId, quantity: 2, reason: '嘉宾实名' };
    const reserve = (body: Record<string, unknown>) => c.json('POST', ticketApi('reserve'), { body: { ...base, ...body } });
    const none = await reserve({});
    expect(none.code).toBe(Code.FORM_INVALID);
    expect(none.detail[0].field).toBe('viewers');
    const twice = await reserve({
      viewers: [
        { name: '嘉宾甲', idNo: idCard(41) },
        { name: '嘉宾乙', idType: '1', idNo: idCard(41) },
      ],
    });
    expect(twice.code).toBe(Code.FORM_INVALID);
    expect(twice.detail[0].field).toBe('viewers.1.idNo');
    expect(twice.msg).toContain(idCard(41));
    // An id number with a live ticket of the session (a normal sale) is refused by the per-id rule.
    await ok(c, 'POST', ticketApi('order'), { sessionId: session.id, levelId, quantity: 1, viewers: [{ name: '观众', idNo: idCard(43) }] });
    const taken = await reserve({
      viewers: [
        { name: '嘉宾甲', idNo: idCard(41) },
        { name: '嘉宾丙', idNo: idCard(43) },
      ],
    });
    expect(taken.code).toBe(Code.CONFLICT);
    expect(taken.detail.reason).toBe('taken');
    expect(taken.detail.fields[0].field).toBe('viewers.1.idNo');
    expect((await level(levelId)).held).toBe(1);
    expect((await ok(c, 'POST', ticketApi('reserve/list'), { sessionId: session.id })).total).toBe(0);

    // A passport is not checked as an identity card; a member gives the name and number on record.
    const member = await addMember(c, { name: '会员嘉宾', phone: newPhone(), idType: '1', idNo: idCard(44) });
    const req = await ok(c, 'POST', ticketApi('reserve'), {
      ...base,
      quantity: 3,
      viewers: [{ name: '嘉宾甲', idNo: idCard(41) }, { name: 'Guest B', idType: '2', idNo: 'E12345678' }, { memberId: member.id }],
    });
    expect(req).toMatchObject({ state: 'pending', quantity: 3 });
    await ok(approver, 'POST', ticketApi(`reserve/${req.id}/review`), { approve: true });
    const issued = await tickets({ orderId: req.orderId });
    expect(issued.map((t) => [t.viewerName, t.state, t.channel]).sort()).toEqual([
      ['Guest B', 'sold', 'reserved'],
      ['会员嘉宾', 'sold', 'reserved'],
      ['嘉宾甲', 'sold', 'reserved'],
    ]);
    expect((await order({ sessionId: session.id, levelId, quantity: 1, viewers: [{ name: '冒名', idNo: idCard(44) }] })).detail.reason).toBe('taken');
    // Another session (not real-name) takes no viewers.
    const plain = await gaSession(c, 5, 1000);
    expect((await ok(c, 'POST', ticketApi('reserve'), { sessionId: plain.session.id, levelId: plain.levelId, quantity: 1, reason: '工作人员' })).state).toBe(
      'pending',
    );
  });

  it("reserved issuing of seats: held at once (another sale is refused), a named approver alone may approve, and a reservation's order paid by a cashier goes back", async () => {
    const { session } = await seatedSession(c, gridMap(1, 1, 3));
    const seats = await seatsOf(c, session.id);
    const approvers = await ok(c, 'GET', ticketApi('reserve/approvers'));
    expect(approvers.map((u: { name: string }) => u.name)).toContain(approverName);
    expect(approvers.map((u: { id: number }) => u.id)).not.toContain(staff.userId);
    const self = await c.json('POST', ticketApi('reserve'), {
      body: { sessionId: session.id, seatIds: [seats[0]!.id], reason: '嘉宾', approverId: staff.userId },
    });
    expect(self.detail[0].field).toBe('approverId');
    const approverId = approvers.find((u: { name: string }) => u.name === approverName).id;
    const req = await ok(c, 'POST', ticketApi('reserve'), { sessionId: session.id, seatIds: [seats[0]!.id], reason: '嘉宾', approverId });
    expect(req.approverName).toBe(approverName);
    expect(req.items).toContain('1-1');
    expect((await seatsOf(c, session.id))[0]!.state).toBe('held');
    expect((await order({ sessionId: session.id, seatIds: [seats[0]!.id] })).detail.reason).toBe('taken');
    // Paid in cash at the desk instead of approved: refused by the ticket kind, the cash goes back, the seat is free.
    const paid = await pay(c, req.orderId, { method: 'cash', amountFen: 38000 });
    expect(paid.code).toBe(0);
    expect((await seatsOf(c, session.id))[0]!.state).toBe('free');
    expect((await ok(c, 'GET', ticketApi(`reserve/${req.id}`))).state).toBe('lapsed');
    expect((await approver.json('POST', ticketApi(`reserve/${req.id}/review`), { body: { approve: true } })).detail.reason).toBe('state');
  });

  it('refund rules: tiers by hours before the start give the refund; refused when not refundable, too close or after the start; a refunded seat is free again', async () => {
    const { session } = await seatedSession(c, gridMap(1, 1, 4));
    const seats = await seatsOf(c, session.id);
    const rules = await ok(c, 'GET', ticketApi(`session/${session.id}/refund-rules`));
    expect(rules.refundRules).toBeNull();
    const bad = await c.json('PUT', ticketApi(`session/${session.id}/refund-rules`), {
      body: {
        refundRules: {
          refundable: true,
          tiers: [
            { hoursBefore: 24, percent: 80 },
            { hoursBefore: 24, percent: 50 },
          ],
        },
        version: rules.version,
      },
    });
    expect(bad.code).toBe(Code.INVALID);
    const set = await ok(c, 'PUT', ticketApi(`session/${session.id}/refund-rules`), {
      refundRules: {
        refundable: true,
        tiers: [
          { hoursBefore: 2, percent: 50 },
          { hoursBefore: 72, percent: 100 },
          { hoursBefore: 24, percent: 80 },
        ],
      },
      version: rules.version,
    });
    expect(set.refundRules.tiers.map((t: { hoursBefore: number }) => t.hoursBefore)).toEqual([72, 24, 2]);
    const sell = async (seatId: number) => {
      const o = await ok(c, 'POST', ticketApi('order'), { sessionId: session.id, seatIds: [seatId] });
      expect((await pay(c, o.orderId, { method: 'cash', amountFen: o.amount })).code).toBe(0);
      return (await tickets({ orderId: o.orderId }))[0]!;
    };
    const t1 = await sell(seats[0]!.id);
    const t2 = await sell(seats[1]!.id);
    const t3 = await sell(seats[2]!.id);
    const moveStart = async (hours: number) => {
      const cur = await ok(c, 'GET', ticketApi(`session/${session.id}`));
      await ok(c, 'PUT', ticketApi(`session/${session.id}`), { startAt: new Date(Date.now() + hours * 3600_000).toISOString(), version: cur.version });
    };
    // 7 days ahead: 100%.
    expect(await ok(c, 'POST', ticketApi(`${t1.id}/refund/quote`))).toMatchObject({ percent: 100, amountFen: 38000 });
    await moveStart(30);
    expect(await ok(c, 'POST', ticketApi(`${t1.id}/refund/quote`))).toMatchObject({ percent: 80, amountFen: 30400, hoursLeft: 29 });
    // The amount the operator saw must still hold.
    const changed = await c.json('POST', ticketApi(`${t1.id}/refund`), { body: { reason: '观众退票', expectFen: 38000 } });
    expect(changed.detail.reason).toBe('state');
    expect(changed.msg).toContain('304');
    const applied = await ok(c, 'POST', ticketApi(`${t1.id}/refund`), { reason: '观众退票', expectFen: 30400 });
    expect(applied).toMatchObject({ amountFen: 30400, state: 'applied' });
    expect((await c.json('POST', ticketApi(`${t1.id}/refund`), { body: { reason: '再退' } })).detail.reason).toBe('state');
    // Waiting for review: the ticket is still sold and its seat taken.
    expect((await seatsOf(c, session.id))[0]!.state).toBe('sold');
    // Approved by someone other than the applicant (issue 23).
    const reviewed = await ok(approver, 'POST', `/api/sport/commerce/refund/${applied.refundId}/review`, { approve: true, remark: '同意' });
    expect(reviewed.state).toBe('succeeded');
    expect((await tickets({ sessionId: session.id })).find((t) => t.id === t1.id)!.state).toBe('refunded');
    expect((await tickets({ sessionId: session.id })).find((t) => t.id === t2.id)!.state).toBe('sold');
    expect((await seatsOf(c, session.id))[0]!.state).toBe('free');
    expect((await order({ sessionId: session.id, seatIds: [seats[0]!.id] })).code).toBe(0);

    await moveStart(1);
    const closed = await c.json('POST', ticketApi(`${t2.id}/refund/quote`));
    expect(closed.detail.reason).toBe('state');
    expect(closed.msg).toContain('2');
    await moveStart(-1);
    const started = await c.json('POST', ticketApi(`${t2.id}/refund`), { body: { reason: '晚了' } });
    expect(started.detail.reason).toBe('state');
    expect(started.msg).toMatch(/开始|started/);
    await moveStart(100);
    const cur = await ok(c, 'GET', ticketApi(`session/${session.id}/refund-rules`));
    await ok(c, 'PUT', ticketApi(`session/${session.id}/refund-rules`), { refundRules: { refundable: false, tiers: [] }, version: cur.version });
    expect((await c.json('POST', ticketApi(`${t3.id}/refund/quote`))).detail.reason).toBe('state');
    expect((await tickets({ sessionId: session.id })).find((t) => t.id === t3.id)!.state).toBe('sold');
  });
});
