import net from 'node:net';
import { Code } from '@venue/contract';
import { startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { oneOrgScope } from '../../../platform/scope.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { commerceStaff, pay, sellGeneral, sport } from './commerce.testkit.ts';
import { findPayment, succeedPayment } from './index.ts';
import { expireOrders } from './order.service.ts';
import { startPaySimulators, type PaySimulators } from './providers/simulators/index.ts';

/**
 * The money races of issue 24 (point 8), shared by `payment.race.test.ts` and the bench
 * (`commerce.notifyRace.*`): a real server on PostgreSQL with its log captured, the WeChat
 * simulator (one delivery attempt per notification, so a refused one is seen, not retried away),
 * and a venue with a cashier and a second reviewer.
 */
export interface RaceRig {
  s: TestServer;
  sims: PaySimulators;
  mgr: Client;
  reviewer: Client;
  /** Every line the server logged (warn and above). */
  log: string[];
  close(): Promise<void>;
}

/** What a series of races left behind. */
export interface RaceReport {
  /** Answers with HTTP 500 or 100500, notifications not accepted, deadlocks in the log. */
  errors: string[];
  /** Orders left between states (see `stuckOrders`). */
  stuck: string[];
  /** How the orders ended, e.g. `paid`, `cancelled:refunded`, `cancelled:closed`, `refunded`. */
  outcomes: Record<string, number>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

export async function raceRig(): Promise<RaceRig> {
  const port = await freePort();
  const log: string[] = [];
  const s = await startServer(
    'postgres',
    { PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' },
    { logStream: { write: (line: string) => log.push(line) } },
  );
  await s.app.listen({ host: '127.0.0.1', port });
  const sims = await startPaySimulators({ wechat: { notifyRetryDelaysMs: [0] } });
  const { c: admin, platformOrgId } = await adminClient(s);
  const { c: mgr, reviewer } = await commerceStaff(s, admin, platformOrgId);
  const cfg = sims.wechat.merchantConfig();
  const saved = await mgr.json('PUT', sport('merchant/wechat'), {
    body: { enabled: true, gateway: cfg.gateway, settings: cfg.settings, secrets: cfg.secrets, version: 0 },
  });
  if (saved.code !== 0) throw new Error(`merchant settings: ${saved.msg}`);
  return {
    s,
    sims,
    mgr,
    reviewer,
    log,
    close: async () => {
      await sims.close();
      await s.close();
    },
  };
}

const DEADLOCK = /deadlock|40P01/i;

/** A console answer that is a server error (HTTP 500 answers 100500). */
const serverError = (r: { code: number }) => r.code === Code.INTERNAL;

/**
 * Orders that are not where a finished race leaves them: paid in full with nothing refunded;
 * cancelled with no money and its payments closed; cancelled with all its money refunded by
 * itself; or refunded in full. An open payment of a settled order, a refund not finished or a
 * refund leg still processing is stuck too.
 */
export async function stuckOrders(s: TestServer, ids: number[]): Promise<{ stuck: string[]; outcomes: Record<string, number> }> {
  const rows = await s.database.query<{
    id: string;
    state: string;
    payable_fen: string;
    paid_fen: string;
    refunded_fen: string;
    overpaid: boolean;
    open_payments: string;
    credits: string;
    open_refunds: string;
    open_legs: string;
  }>(
    `select o.id, o.state, o.payable_fen, o.paid_fen, o.refunded_fen, o.overpaid,
       (select count(*) from sport_payment p where p.order_id = o.id and p.state = 'created') as open_payments,
       (select count(*) from sport_ledger_entry e where e.order_id = o.id and e.txn_kind = 'payment' and e.side = 'debit') as credits,
       (select count(*) from sport_refund r where r.order_id = o.id and r.state in ('applied', 'approved')) as open_refunds,
       (select count(*) from sport_refund_leg l join sport_refund r on r.id = l.refund_id where r.order_id = o.id and l.state = 'processing') as open_legs
     from sport_order o where o.id = any($1::bigint[]) order by o.id`,
    [ids],
  );
  const stuck: string[] = [];
  const outcomes: Record<string, number> = {};
  for (const r of rows) {
    const [payable, paid, refunded] = [Number(r.payable_fen), Number(r.paid_fen), Number(r.refunded_fen)];
    const settled = Number(r.open_payments) === 0 && Number(r.open_refunds) === 0 && Number(r.open_legs) === 0;
    // Each succeeded payment is credited once: the order's paid amount is what its credits say.
    let outcome: string | undefined;
    if (r.state === 'paid' && paid === payable && refunded === 0 && !r.overpaid) outcome = 'paid';
    else if (r.state === 'cancelled' && paid === 0 && refunded === 0) outcome = 'cancelled:closed';
    else if (r.state === 'cancelled' && paid > 0 && refunded === paid && r.overpaid) outcome = 'cancelled:refunded';
    else if (r.state === 'refunded' && paid === payable && refunded === paid) outcome = 'refunded';
    if (!outcome || !settled) stuck.push(`order ${r.id}: ${JSON.stringify(r)}`);
    else outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return { stuck, outcomes };
}

/** Runs `rounds` races, then lets the simulator finish (refunds pay back by their notifications) and reports. */
async function races(rig: RaceRig, rounds: number, round: (n: number, errors: string[]) => Promise<number>): Promise<RaceReport> {
  const errors: string[] = [];
  const ids: number[] = [];
  const logFrom = rig.log.length;
  const sentFrom = rig.sims.wechat.notifications().length;
  for (let n = 0; n < rounds; n++) ids.push(await round(n, errors));
  await rig.sims.wechat.idle();
  for (const sent of rig.sims.wechat.notifications().slice(sentFrom))
    if (sent.status !== 200 || !sent.accepted) errors.push(`${sent.kind} notification of ${sent.outTradeNo}: HTTP ${sent.status} ${sent.answer.slice(0, 80)}`);
  for (const line of rig.log.slice(logFrom)) if (DEADLOCK.test(line)) errors.push(`log: ${line.slice(0, 300)}`);
  return { errors, ...(await stuckOrders(rig.s, ids)) };
}

/** Two payments of one order (600 and 400 fen) paid at the provider, their notifications sent at once. */
export function raceTwoNotifications(rig: RaceRig, rounds: number): Promise<RaceReport> {
  return races(rig, rounds, async (n) => {
    const order = await sellGeneral(rig.mgr, [{ name: `两笔通知 ${n}`, unitPriceFen: 1000 }]);
    const a = await pay(rig.mgr, order.id, { method: 'wechat', flow: 'qr', amountFen: 600 });
    const b = await pay(rig.mgr, order.id, { method: 'wechat', flow: 'qr', amountFen: 400 });
    if (a.code !== 0 || b.code !== 0) throw new Error(`round ${n}: pay ${a.code} ${b.code}`);
    const nos: string[] = [a.body.payment.paymentNo, b.body.payment.paymentNo];
    for (const no of nos) await rig.sims.wechat.pay(no, { notify: false });
    await Promise.all(nos.map((no) => rig.sims.wechat.notify(no)));
    return order.id;
  });
}

/** A paid-at-the-provider payment's notification against the operator's cancel (even rounds) or the time-out job (odd rounds). */
export function raceNotificationCancel(rig: RaceRig, rounds: number): Promise<RaceReport> {
  return races(rig, rounds, async (n, errors) => {
    const order = await sellGeneral(rig.mgr, [{ name: `通知与取消 ${n}`, unitPriceFen: 800 }]);
    const started = await pay(rig.mgr, order.id, { method: 'wechat', flow: 'qr', amountFen: 800 });
    if (started.code !== 0) throw new Error(`round ${n}: pay ${started.code}`);
    const no: string = started.body.payment.paymentNo;
    await rig.sims.wechat.pay(no, { notify: false });
    const [, cancelled] = await Promise.all([
      rig.sims.wechat.notify(no),
      n % 2
        ? expireOrders(rig.s.database.db, async () => undefined, new Date(Date.now() + 16 * 60_000)).then(() => ({ code: 0, msg: '' }))
        : rig.mgr.json('POST', sport(`order/${order.id}/cancel`), { body: { reason: '顾客离开' } }),
    ]);
    // The loser of the race is refused as "not pending" (the order was paid first), never a server error.
    if (cancelled.code !== 0 && cancelled.code !== Code.CONFLICT) errors.push(`round ${n}: cancel answered ${cancelled.code} ${cancelled.msg}`);
    if (serverError(cancelled)) errors.push(`round ${n}: cancel answered a server error`);
    return order.id;
  });
}

/**
 * A paid order's refund in full, approved by the reviewer while the provider's late repeat of the
 * payment's notification arrives; the refund's own notification follows from the simulator.
 */
export function raceRefundNotification(rig: RaceRig, rounds: number): Promise<RaceReport> {
  return races(rig, rounds, async (n, errors) => {
    const order = await sellGeneral(rig.mgr, [{ name: `退款与迟到通知 ${n}`, unitPriceFen: 1200 }]);
    const started = await pay(rig.mgr, order.id, { method: 'wechat', flow: 'qr', amountFen: 1200 });
    if (started.code !== 0) throw new Error(`round ${n}: pay ${started.code}`);
    const no: string = started.body.payment.paymentNo;
    await rig.sims.wechat.pay(no);
    const applied = await rig.mgr.json('POST', sport('refund'), { body: { orderId: order.id, amountFen: 1200, to: 'original', reason: '顾客退场' } });
    if (applied.code !== 0) throw new Error(`round ${n}: refund apply ${applied.code} ${applied.msg}`);
    const [, approved] = await Promise.all([
      rig.sims.wechat.notify(no),
      rig.reviewer.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: true, remark: '同意' } }),
    ]);
    if (approved.code !== 0) errors.push(`round ${n}: approval answered ${approved.code} ${approved.msg}`);
    return order.id;
  });
}

/**
 * Two settlements of one order's payments through the facade at once (`succeedPayment`, each in
 * its own transaction, neither locking the order itself: what a module that confirms payments of
 * its own does). The facade takes the order's lock first, so the second waits for the first;
 * before, each held its payment and the ledger's key-share lock on the order and waited for the
 * other's order lock: a deadlock.
 */
export function raceFacadeSettlements(rig: RaceRig, rounds: number): Promise<RaceReport> {
  return races(rig, rounds, async (n, errors) => {
    const order = await sellGeneral(rig.mgr, [{ name: `两个模块结算 ${n}`, unitPriceFen: 1000 }]);
    const a = await pay(rig.mgr, order.id, { method: 'wechat', flow: 'qr', amountFen: 600 });
    const b = await pay(rig.mgr, order.id, { method: 'wechat', flow: 'qr', amountFen: 400 });
    if (a.code !== 0 || b.code !== 0) throw new Error(`round ${n}: pay ${a.code} ${b.code}`);
    const scope = oneOrgScope(order.orgId);
    const db = rig.s.database.db;
    const payments = await Promise.all([a, b].map(async (p) => (await findPayment(db, scope, p.body.payment.id))!));
    // The provider has the money (a later query or notification finds them credited).
    for (const p of payments) await rig.sims.wechat.pay(p.paymentNo, { notify: false });
    await Promise.all(
      payments.map((p) =>
        db
          .transaction((tx) => succeedPayment(tx, scope, p))
          // Drizzle wraps the database's error: its cause says what happened (deadlock detected).
          .catch((e: Error) => errors.push(`round ${n}: settling ${p.paymentNo} failed: ${((e.cause as Error | undefined) ?? e).message.slice(0, 120)}`)),
      ),
    );
    return order.id;
  });
}
