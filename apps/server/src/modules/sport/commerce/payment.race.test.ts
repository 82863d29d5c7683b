import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { commerceStaff, imbalances, orderMoney, pay, sellGeneral, sport } from './commerce.testkit.ts';
import { expireOrders } from './order.service.ts';
import { startPaySimulators, type PaySimulators } from './providers/simulators/index.ts';

/**
 * Notifications of one order racing each other, and racing the order's cancel or time-out
 * (issue 23, medium 6). Every path locks the order first, then its payments, then the rest: the
 * loser waits for the winner and answers from its result, never a deadlock (HTTP 500 to the
 * provider, which then retries). PostgreSQL only: PGlite runs one transaction at a time.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const ROUNDS = 30;

describe.each(databases)('payment notifications racing on %s', (kind) => {
  let s: TestServer;
  let sims: PaySimulators;
  let mgr: Client;
  beforeAll(async () => {
    if (kind !== 'postgres') return;
    const port = await freePort();
    s = await startServer(kind, { PUBLIC_URL: `http://127.0.0.1:${port}` });
    await s.app.listen({ host: '127.0.0.1', port });
    sims = await startPaySimulators({ wechat: { notifyRetryDelaysMs: [0] } });
    const { c: admin, platformOrgId } = await adminClient(s);
    ({ c: mgr } = await commerceStaff(s, admin, platformOrgId));
    const cfg = sims.wechat.merchantConfig();
    const saved = await mgr.json('PUT', sport('merchant/wechat'), {
      body: { enabled: true, gateway: cfg.gateway, settings: cfg.settings, secrets: cfg.secrets, version: 0 },
    });
    expect(saved.code, saved.msg).toBe(0);
  });
  afterAll(async () => {
    await sims?.close();
    await s?.close();
  });

  it.runIf(kind === 'postgres')(
    `two payment notifications of one order, ${ROUNDS} rounds: both answered as received, the order paid once`,
    async () => {
      const failures: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const order = await sellGeneral(mgr, [{ name: `两笔通知 ${round}`, unitPriceFen: 1000 }]);
        const a = await pay(mgr, order.id, { method: 'wechat', flow: 'qr', amountFen: 600 });
        const b = await pay(mgr, order.id, { method: 'wechat', flow: 'qr', amountFen: 400 });
        expect(a.code, a.msg).toBe(0);
        expect(b.code, b.msg).toBe(0);
        const nos = [a.body.payment.paymentNo, b.body.payment.paymentNo];
        for (const no of nos) await sims.wechat.pay(no, { notify: false });
        const sent = await Promise.all(nos.map((no) => sims.wechat.notify(no)));
        for (const r of sent) if (r?.status !== 200 || !r.accepted) failures.push(`round ${round}: HTTP ${r?.status} ${r?.answer.slice(0, 80)}`);
        const m = await orderMoney(s, order.id);
        if (m.state !== 'paid' || m.paidFen !== 1000 || m.refundedFen !== 0 || m.overpaid) failures.push(`round ${round}: order ${JSON.stringify(m)}`);
      }
      expect(failures).toEqual([]);
      expect(await imbalances(s)).toEqual([]);
    },
    120_000,
  );

  it.runIf(kind === 'postgres')(
    `a notification racing the order's cancel or time-out, ${ROUNDS} rounds: the loser waits; paid, or cancelled with the money going back`,
    async () => {
      const failures: string[] = [];
      const outcomes = new Set<string>();
      for (let round = 0; round < ROUNDS; round++) {
        const order = await sellGeneral(mgr, [{ name: `通知与取消 ${round}`, unitPriceFen: 800 }]);
        const started = await pay(mgr, order.id, { method: 'wechat', flow: 'qr', amountFen: 800 });
        const no = started.body.payment.paymentNo;
        await sims.wechat.pay(no, { notify: false });
        const byTimeout = round % 2 === 1;
        const [sent, cancelled] = await Promise.all([
          sims.wechat.notify(no),
          byTimeout
            ? expireOrders(s.database.db, async () => undefined, new Date(Date.now() + 16 * 60_000)).then(() => ({ code: 0 }))
            : mgr.json('POST', sport(`order/${order.id}/cancel`), { body: { reason: '顾客离开' } }),
        ]);
        if (sent?.status !== 200 || !sent.accepted) failures.push(`round ${round}: notification HTTP ${sent?.status} ${sent?.answer.slice(0, 80)}`);
        if (cancelled.code !== 0 && !(cancelled.code === Code.CONFLICT)) failures.push(`round ${round}: cancel ${cancelled.code}`);
        const m = await orderMoney(s, order.id);
        outcomes.add(`${byTimeout ? 'timeout' : 'cancel'}:${m.state}`);
        if (m.state === 'paid') expect(m).toEqual({ state: 'paid', paidFen: 800, refundedFen: 0, overpaid: false });
        else {
          // Cancelled first: the money that arrived is credited and goes back by itself.
          expect(m.state).toBe('cancelled');
          expect(m.paidFen).toBe(800);
          expect(m.overpaid).toBe(true);
          const [r] = await s.database.query<{ n: string }>(`select count(*) as n from sport_refund where order_id = $1 and automatic and amount_fen = 800`, [
            order.id,
          ]);
          expect(Number(r!.n)).toBe(1);
        }
      }
      expect(failures).toEqual([]);
      await sims.wechat.idle();
      expect(await imbalances(s)).toEqual([]);
    },
    180_000,
  );
});
