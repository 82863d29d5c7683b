import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databases, type Client, type TestServer } from '../../../../test/harness.ts';
import { FakeTime, startJobServer } from '../../job/job.testkit.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { seedCommerceJobs } from './commerce.jobs.ts';
import { findPayment, insertPayment } from './commerce.repository.ts';
import { commerceStaff, pay, sellGeneral, sport } from './commerce.testkit.ts';
import { deliverCommerceEvent, EVENT_BEAN, onCommerceEvent, type CommerceEvent } from './events.ts';
import { succeedPayment } from './money.ts';

/**
 * Commerce's domain events (issue 24, point 4): written in the committing transaction to the job
 * queue, delivered at least once by the scheduler, retried when a handler throws, and seen once in
 * effect by a handler even when its record is delivered twice.
 */

// Subscribers register at start-up; each writes what it saw through the delivery's transaction.
const failOnce = new Set<string>();
const seen = async (tx: Parameters<Parameters<typeof onCommerceEvent>[2]>[0], handler: string, e: CommerceEvent) => {
  await tx.execute(sql`insert into test_event_seen (handler, event_id) values (${handler}, ${e.id})`);
};
onCommerceEvent('payment.succeeded', 'test.payments', (tx, e) => seen(tx, 'test.payments', e));
onCommerceEvent('order.paid', 'test.orders', async (tx, e) => {
  // Throws on its first delivery of each event: the job retries it.
  if (!failOnce.has(e.id)) {
    failOnce.add(e.id);
    throw new Error(`first delivery of ${e.id} refused by the test`);
  }
  await seen(tx, 'test.orders', e);
});
onCommerceEvent('order.cancelled', 'test.cancelled', (tx, e) => seen(tx, 'test.cancelled', e));
onCommerceEvent('refund.succeeded', 'test.refunds', (tx, e) => seen(tx, 'test.refunds', e));

describe.each(databases)('commerce events on %s', (kind) => {
  let s: TestServer;
  let c: Client;
  let reviewer: Client;
  let time: FakeTime | undefined;
  beforeAll(async () => {
    failOnce.clear(); // ids repeat from one database's run to the next
    ({ s } = await startJobServer(kind));
    await seedCommerceJobs(s.database.db);
    await s.database.query(`create table test_event_seen (handler text not null, event_id text not null)`);
    const { c: admin, platformOrgId } = await adminClient(s);
    ({ c, reviewer } = await commerceStaff(s, admin, platformOrgId));
  });
  afterEach(async () => {
    await time?.stop();
    time = undefined;
  });
  afterAll(async () => s?.close());

  // This file's subscribers' records (the app's modules subscribe too: statistics, courses).
  type Rec = { id: string; result: string; detail: string | null; params: { handler: string; event: CommerceEvent; handled?: boolean } };
  const recordsOf = (orderId: number) =>
    s.database.query<Rec>(
      `select l.id, l.result, l.detail, l.params from sys_job_log l join sys_job j on j.id = l.job_id
       where j.bean_name = $1 and (l.params -> 'event' ->> 'orderId')::bigint = $2 and l.params ->> 'handler' like 'test.%' order by l.id`,
      [EVENT_BEAN, orderId],
    );
  const effects = (eventId: string) =>
    s.database.query<{ handler: string }>(`select handler from test_event_seen where event_id = $1 order by handler`, [eventId]);

  it('a second handler of the same name is refused at start-up', () => {
    expect(() => onCommerceEvent('order.paid', 'test.orders', async () => undefined)).toThrow(/registered twice/);
  });

  it('an event is written only when its transaction commits: a rolled-back payment writes none, a committed one its events', async () => {
    const order = await sellGeneral(c, [{ name: '毛巾', unitPriceFen: 500 }]);
    const scope = SYSTEM_SCOPE;
    const payIn = (tx: Parameters<Parameters<typeof s.database.db.transaction>[0]>[0], n: string) =>
      insertPayment(tx, scope, {
        orgId: order.orgId,
        orderId: order.id,
        paymentNo: `P-event-${n}-${order.id}`,
        method: 'cash',
        flow: 'direct',
        amountFen: 500,
        state: 'created',
      }).then((p) => succeedPayment(tx, scope, p));
    await expect(
      s.database.db.transaction(async (tx) => {
        await payIn(tx, 'rolled-back');
        throw new Error('the sale failed after the payment');
      }),
    ).rejects.toThrow('the sale failed');
    expect(await recordsOf(order.id)).toEqual([]);
    await s.database.db.transaction((tx) => payIn(tx, 'committed'));
    const records = await recordsOf(order.id);
    const payment = await s.database.query<{ id: string }>(`select id from sport_payment where payment_no = $1`, [`P-event-committed-${order.id}`]);
    expect(records.map((r) => [r.params.handler, r.params.event.id, r.result]).sort()).toEqual(
      [
        ['test.orders', `order.paid:${order.id}`, 'normal'],
        ['test.payments', `payment.succeeded:${payment[0]!.id}`, 'normal'],
      ].sort(),
    );
  });

  it('the scheduler delivers each event to its subscribers; a handler that throws is retried and then handles it once', async () => {
    const order = await sellGeneral(c, [{ name: '场地费', unitPriceFen: 3000 }]);
    expect((await pay(c, order.id, { method: 'cash', amountFen: 3000 })).code).toBe(0);
    time = new FakeTime(s);
    await time.start();
    // The order's subscriber refuses each event once: its retry comes 5 s later (what waits behind it, after).
    await time.advance(30_000);
    expect(failOnce.has(`order.paid:${order.id}`)).toBe(true);
    const paymentEvent = (await recordsOf(order.id)).find((r) => r.params.handler === 'test.payments')!.params.event.id;
    expect(await effects(paymentEvent)).toEqual([{ handler: 'test.payments' }]);
    expect(await effects(`order.paid:${order.id}`)).toEqual([{ handler: 'test.orders' }]);
    const records = await recordsOf(order.id);
    expect(records.map((r) => r.result)).toEqual(['success', 'success']);
    expect(records.find((r) => r.params.handler === 'test.orders')!.detail).toContain('refused by the test');

    // A refund of it and a cancelled order reach their subscribers too.
    const applied = await c.json('POST', sport('refund'), { body: { orderId: order.id, amountFen: 1000, reason: '少打一小时' } });
    expect(applied.code, applied.msg).toBe(0);
    expect((await reviewer.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: true, remark: '同意' } })).code).toBe(0);
    const other = await sellGeneral(c, [{ name: '矿泉水', unitPriceFen: 300 }]);
    expect((await c.json('POST', sport(`order/${other.id}/cancel`), { body: { reason: '不要了' } })).code).toBe(0);
    await time.advance(20_000);
    expect(await effects(`refund.succeeded:${applied.body.id}`)).toEqual([{ handler: 'test.refunds' }]);
    expect(await effects(`order.cancelled:${other.id}`)).toEqual([{ handler: 'test.cancelled' }]);
  });

  it('a record delivered twice (its process died before the result was written) is handled once in effect', async () => {
    const order = await sellGeneral(c, [{ name: '储物柜', unitPriceFen: 200 }]);
    expect((await pay(c, order.id, { method: 'cash', amountFen: 200 })).code).toBe(0);
    const record = (await recordsOf(order.id)).find((r) => r.params.handler === 'test.payments')!;
    const first = await deliverCommerceEvent(s.database.db, Number(record.id), record.params);
    const again = await deliverCommerceEvent(s.database.db, Number(record.id), record.params);
    expect(first).toContain('handled by test.payments');
    expect(again).toContain('handled by test.payments already');
    expect(await effects(record.params.event.id)).toEqual([{ handler: 'test.payments' }]);
    expect(await findPayment(s.database.db, SYSTEM_SCOPE, record.params.event.paymentId!)).toMatchObject({ state: 'succeeded' });
  });
});
