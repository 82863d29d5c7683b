import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import type { Caller } from '../../../platform/http.ts';
import { adminClient, makeUser, signIn } from '../../system/admin.testkit.ts';
import { createOrder, type NewOrder } from '../commerce/index.ts';
import { imbalances, pay } from '../commerce/commerce.testkit.ts';
import { gaSession, gridMap, ok, seatedSession, seatsOf, ticketApi, ticketStaff } from './ticket.testkit.ts';

/**
 * The ticket kinds on the commerce facade (issue 24): a line's `detail` is checked by the kind's
 * schema, a refund of a ticket line anywhere is quoted by its session's refund rules, and a
 * ticket's own refund goes through the core's application (its checks) and review.
 */
describe.each(databases)('ticket kinds on the commerce facade on %s', (kind) => {
  let s: TestServer;
  let staff: Awaited<ReturnType<typeof ticketStaff>>;
  let c: Client;
  let reviewer: Client;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    const { c: admin, platformOrgId } = await adminClient(s);
    staff = await ticketStaff(s, admin, platformOrgId);
    await grantMenus(admin, staff.roleId, ['sport.ticket.reserve']);
    c = await signIn(s, staff.code, 'Pass1234');
    const u = await makeUser(admin, staff.orgId, { roleIds: [staff.roleId] });
    reviewer = await signIn(s, u.code, 'Pass1234');
  }, 120_000);
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const refundsOf = async (orderId: number) =>
    s.database.query<{ amount_fen: string; state: string }>(`select amount_fen, state from sport_refund where order_id = $1 order by id`, [orderId]);
  const itemOf = async (orderId: number) =>
    Number((await s.database.query<{ id: string }>(`select id from sport_order_item where order_id = $1`, [orderId]))[0]!.id);
  const moveStart = async (sessionId: number, hours: number) => {
    const cur = await ok(c, 'GET', ticketApi(`session/${sessionId}`));
    await ok(c, 'PUT', ticketApi(`session/${sessionId}`), { startAt: new Date(Date.now() + hours * 3600_000).toISOString(), version: cur.version });
  };

  it("a ticket line's detail is checked by the ticket kind's schema: a missing session, a malformed viewer or an unknown field answers 100400 naming it, and nothing is sold", async () => {
    const { session, levelId } = await gaSession(c, 10, 5000);
    const caller: Caller = {
      sessionId: 0,
      userId: staff.userId,
      userName: 'seller',
      userCode: staff.code,
      orgId: staff.orgId,
      platform: false,
      admin: false,
      perms: new Set(),
      menuIds: new Set(),
      epoch: 0,
      roles: [],
      mustChangePassword: false,
    };
    const sell = (detail: Record<string, unknown>) =>
      createOrder(
        s.database.db,
        caller,
        {
          orgId: staff.orgId,
          type: 'ticket',
          channel: 'console',
          items: [{ kind: 'ticket', refId: levelId, quantity: 1, discountFen: 0, detail }],
        } as NewOrder,
        undefined,
      ).then(
        () => undefined,
        (e: { code?: number; detail?: { field: string }[] }) => ({ code: e.code, fields: e.detail?.map((d) => d.field) }),
      );
    expect(await sell({})).toEqual({ code: Code.INVALID, fields: ['items.0.detail.sessionId'] });
    expect(await sell({ sessionId: session.id, viewers: [{ name: 'x' }] })).toEqual({ code: Code.INVALID, fields: ['items.0.detail.viewers.0.idNo'] });
    expect(await sell({ sessionId: session.id, price: 1 })).toEqual({ code: Code.INVALID, fields: ['items.0.detail.price'] });
    expect((await ok(c, 'GET', ticketApi(`level/${levelId}`))).available).toBe(10);
    // Well formed, the same line sells.
    expect(await sell({ sessionId: session.id })).toBeUndefined();
    expect((await ok(c, 'GET', ticketApi(`level/${levelId}`))).available).toBe(9);
  });

  it("a refund of a ticket line through the order's refund is quoted by the session's rules: 80% a day ahead, refused once the session began", async () => {
    const { session } = await seatedSession(c, gridMap(1, 1, 2));
    await ok(c, 'PUT', ticketApi(`session/${session.id}/refund-rules`), {
      refundRules: {
        refundable: true,
        tiers: [
          { hoursBefore: 48, percent: 100 },
          { hoursBefore: 24, percent: 80 },
        ],
      },
      version: session.version,
    });
    const seats = await seatsOf(c, session.id);
    const sold = await ok(c, 'POST', ticketApi('order'), { sessionId: session.id, seatIds: [seats[0]!.id] });
    expect((await pay(c, sold.orderId, { method: 'cash', amountFen: sold.amount })).code).toBe(0);
    await moveStart(session.id, 30);
    const itemId = await itemOf(sold.orderId);
    const applied = await ok(c, 'POST', '/api/sport/commerce/refund', { orderId: sold.orderId, items: [{ itemId, quantity: 1 }], reason: '观众退票' });
    expect(applied.amountFen).toBe(30_400);
    expect((await ok(reviewer, 'POST', `/api/sport/commerce/refund/${applied.id}/review`, { approve: true, remark: '同意' })).state).toBe('succeeded');
    expect((await seatsOf(c, session.id))[0]!.state).toBe('free');

    const late = await ok(c, 'POST', ticketApi('order'), { sessionId: session.id, seatIds: [seats[1]!.id] });
    expect((await pay(c, late.orderId, { method: 'cash', amountFen: late.amount })).code).toBe(0);
    await moveStart(session.id, -1);
    const refused = await c.json('POST', '/api/sport/commerce/refund', {
      body: { orderId: late.orderId, items: [{ itemId: await itemOf(late.orderId), quantity: 1 }], reason: '晚了' },
    });
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.detail.reason).toBe('state');
    expect(await refundsOf(late.orderId)).toEqual([]);
  });

  it("a ticket's own refund is the core's refund application: a line whose units are all being refunded is refused, and its applicant may not approve it", async () => {
    const { session, levelId } = await gaSession(c, 10, 10_000);
    const sold = await ok(c, 'POST', ticketApi('order'), { sessionId: session.id, levelId, quantity: 2 });
    expect((await pay(c, sold.orderId, { method: 'cash', amountFen: sold.amount })).code).toBe(0);
    const [t1, t2] = (await ok(c, 'POST', ticketApi('list'), { orderId: sold.orderId })).data as { id: number }[];
    // Both units of the line are already applied for (a small goodwill amount): no ticket of it is left to refund.
    const whole = await ok(c, 'POST', '/api/sport/commerce/refund', {
      orderId: sold.orderId,
      items: [{ itemId: await itemOf(sold.orderId), quantity: 2 }],
      amountFen: 100,
      reason: '整单退',
    });
    const refused = await c.json('POST', ticketApi(`${t1!.id}/refund`), { body: { reason: '观众退票' } });
    expect(refused.code).toBe(Code.FORM_INVALID);
    expect(refused.detail[0].field).toBe('items.0.quantity');
    expect((await refundsOf(sold.orderId)).length).toBe(1);
    await ok(reviewer, 'POST', `/api/sport/commerce/refund/${whole.id}/review`, { approve: false, remark: '不退' });

    // Rejected, the tickets may be refunded one by one; the applicant may not approve their own.
    const applied = await ok(c, 'POST', ticketApi(`${t2!.id}/refund`), { reason: '观众退票' });
    expect(applied).toMatchObject({ amountFen: 10_000, state: 'applied' });
    const own = await c.json('POST', `/api/sport/commerce/refund/${applied.refundId}/review`, { body: { approve: true, remark: '自己批' } });
    expect(own.code).toBe(Code.CONFLICT);
    expect((await ok(reviewer, 'POST', `/api/sport/commerce/refund/${applied.refundId}/review`, { approve: true, remark: '同意' })).state).toBe('succeeded');
    const states = (await ok(c, 'POST', ticketApi('list'), { orderId: sold.orderId })).data.map((t: { id: number; state: string }) => [t.id, t.state]);
    expect(states).toEqual(
      expect.arrayContaining([
        [t1!.id, 'sold'],
        [t2!.id, 'refunded'],
      ]),
    );
  });
});
