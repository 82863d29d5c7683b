import { expect } from 'vitest';
import { Client, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { deliverCommerceEvent, EVENT_BEAN } from './events.ts';

// The queue job carrying commerce's events, shipped at start-up (the test server does not seed).
export { seedCommerceJobs } from './commerce.jobs.ts';
// The local payment simulators, for tests and benches that pay through a provider.
export { startPaySimulators, type PaySimulators } from './providers/simulators/index.ts';
// The Alipay bill's zip, written and read (reconciliation's format tests).
export { zipOf } from './providers/simulators/zip.ts';
export { billText } from './providers/alipay.ts';
// The demo's sales, for another module's demo test that needs paid orders of the demo centre.
export { seedCommerceDemo } from './commerce.seed.ts';
// An installation from before the order hooks: its demo is written without them.
export { withoutOrderHooks } from './order-hooks.ts';

/** The commerce screens (a screen's key grants its buttons too). */
export const COMMERCE_KEYS = [
  'sport.order.main',
  'sport.refund.orderRefund',
  'sport.refund.refundReview',
  'sport.finance.capitalFlow',
  'sport.finance.payInfo',
];

export const sport = (p: string) => `/api/sport/commerce/${p}`;

/**
 * A new organisation under `parentId` with a user who holds every commerce permission, and
 * `reviewer`: a second user of the same role (a refund is approved by someone other than its applicant).
 */
export async function commerceStaff(s: TestServer, admin: Client, parentId: number): Promise<{ orgId: number; c: Client; userId: number; reviewer: Client }> {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, COMMERCE_KEYS);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const second = await makeUser(admin, org.id, { roleIds: [role.id] });
  return { orgId: org.id, c: await signIn(s, user.code, 'Pass1234'), userId: user.id, reviewer: await signIn(s, second.code, 'Pass1234') };
}

/** A pending order of `general` items. */
export async function sellGeneral(
  c: Client,
  items: { name: string; unitPriceFen: number; quantity?: number; discountFen?: number }[],
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
) {
  const res = await c.json('POST', sport('order'), { body: { type: 'general', items: items.map((i) => ({ kind: 'general', ...i })), ...extra }, headers });
  expect(res.code, res.msg).toBe(0);
  return res.body;
}

export async function pay(c: Client, orderId: number, body: Record<string, unknown>, headers?: Record<string, string>) {
  return c.json('POST', sport(`order/${orderId}/pay`), { body, headers });
}

/** Ledger transactions whose debits and credits differ (must be none, after every scenario). */
export async function imbalances(s: TestServer): Promise<unknown[]> {
  return s.database.query(
    `select txn_no, sum(case when side = 'debit' then amount_fen else -amount_fen end) as diff from sport_ledger_entry group by txn_no having sum(case when side = 'debit' then amount_fen else -amount_fen end) <> 0`,
  );
}

/** An order's state and money, read straight from the table. */
export async function orderMoney(s: TestServer, id: number) {
  const [o] = await s.database.query<{ state: string; paid_fen: string; refunded_fen: string; overpaid: boolean }>(
    `select state, paid_fen, refunded_fen, overpaid from sport_order where id = $1`,
    [id],
  );
  return { state: o!.state, paidFen: Number(o!.paid_fen), refundedFen: Number(o!.refunded_fen), overpaid: o!.overpaid };
}

/**
 * Delivers the waiting commerce events of an order now, as the scheduler's delivery job would
 * (a test need not run the scheduler to see what a subscriber does). Answers what each delivery said.
 * `handlers` (a LIKE pattern, `statistics.%`) delivers only those subscribers' records: server
 * tests share a worker's modules, so another file's test subscribers may be registered too.
 */
export async function deliverOrderEvents(s: TestServer, orderId: number, handlers = '%'): Promise<string[]> {
  const records = await s.database.query<{ id: string; params: unknown }>(
    `select l.id, l.params from sys_job_log l join sys_job j on j.id = l.job_id
      where j.bean_name = $1 and (l.params -> 'event' ->> 'orderId')::bigint = $2 and not coalesce((l.params ->> 'handled')::boolean, false)
        and l.params ->> 'handler' like $3
      order by l.id`,
    [EVENT_BEAN, orderId, handlers],
  );
  const said: string[] = [];
  for (const r of records) said.push(await deliverCommerceEvent(s.database.db, Number(r.id), r.params));
  return said;
}
