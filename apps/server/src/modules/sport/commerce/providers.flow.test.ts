import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code, PROVIDER_METHODS, type ProviderMethod } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { commerceStaff, imbalances, orderMoney, pay, sellGeneral, sport } from './commerce.testkit.ts';
import { expireOrders } from './order.service.ts';
import { sweepProviders } from './payment.service.ts';
import { startPaySimulators, type PaySimulators } from './providers/simulators/index.ts';

/**
 * Each provider end to end through its local simulator: real signed HTTP both ways, the
 * notification route included (the server listens, the simulator posts to it).
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const AUTH_CODES: Record<ProviderMethod, string> = { alipay: '281234567890123456', wechat: '134567890123456789', aggregate: '134567890123456788' };

/** Polls until `ok`; `nudge` runs between polls (the sweeping job's work, for what heard nothing). */
async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, nudge?: () => Promise<unknown>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
    await nudge?.();
  }
}

describe.each(databases)('payment providers through their simulators on %s', (kind) => {
  let s: TestServer;
  let sims: PaySimulators;
  let mgr: Client;
  let reviewer: Client;
  beforeAll(async () => {
    const port = await freePort();
    // 127.0.0.1:9 (nothing listens there) plays a provider that cannot be reached: listed, as an administrator would.
    s = await startServer(kind, { PUBLIC_URL: `http://127.0.0.1:${port}`, OUTBOUND_ALLOW: '*,127.0.0.1:9' });
    await s.app.listen({ host: '127.0.0.1', port });
    sims = await startPaySimulators();
    const { c: admin, platformOrgId } = await adminClient(s);
    ({ c: mgr, reviewer } = await commerceStaff(s, admin, platformOrgId));
    for (const p of PROVIDER_METHODS) {
      const cfg = sims[p].merchantConfig();
      const saved = await mgr.json('PUT', sport(`merchant/${p}`), {
        body: { enabled: true, gateway: cfg.gateway, settings: cfg.settings, secrets: cfg.secrets, version: 0 },
      });
      expect(saved.code, saved.msg).toBe(0);
      // Secrets never come back: only whether each is set.
      expect(JSON.stringify(saved.body)).not.toContain(Object.values(cfg.secrets)[0]!.slice(20, 60));
      expect(Object.values(saved.body.secretsSet).every(Boolean)).toBe(true);
    }
  });
  afterAll(async () => {
    await sims?.close();
    await s?.close();
  });
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  // What the commerce.syncPayments job does every 30 s, run at once.
  const sweep = () =>
    sweepProviders({ db: s.database.db, secretKey: s.app.ctx.keys.secretKey, origin: s.config.publicUrl!, sportPrefix: '/api/sport/', log: s.app.log }, 0);
  const paymentsOf = (orderId: number) =>
    s.database.query<{ state: string; method: string }>(`select state, method from sport_payment where order_id = $1 order by id`, [orderId]);
  const detail = async (id: number) => (await mgr.json('GET', sport(`order/${id}`))).body;

  describe.each(PROVIDER_METHODS)('%s', (provider) => {
    it('QR paid: the customer pays on the cashier page, the notification credits once, ten replays change nothing', async () => {
      const order = await sellGeneral(mgr, [{ name: `QR ${provider}`, unitPriceFen: 1999 }]);
      const started = await pay(mgr, order.id, { method: provider, flow: 'qr', amountFen: 1999 });
      expect(started.code, started.msg).toBe(0);
      expect(started.body.payment).toMatchObject({ state: 'created', flow: 'qr' });
      expect(started.body.payment.qrCode).toContain(`${sims[provider].url}/cashier/`);
      const no = started.body.payment.paymentNo;
      const first = await sims[provider].pay(no);
      expect(first?.accepted).toBe(true);
      expect(await orderMoney(s, order.id)).toMatchObject({ state: 'paid', paidFen: 1999 });
      const replays = await sims[provider].replay(no, 10, { concurrent: true });
      expect(replays.every((r) => r.accepted)).toBe(true);
      expect(await orderMoney(s, order.id)).toMatchObject({ state: 'paid', paidFen: 1999, overpaid: false });
      const d = await detail(order.id);
      expect(d.ledger.filter((e: { account: string }) => e.account === provider)).toHaveLength(1);
      expect(d.payments[0].providerTradeNo).toBeTruthy();
    });

    it('refuses a notification with a wrong signature, a tampered one and a wrong amount; the order stays unpaid', async () => {
      const order = await sellGeneral(mgr, [{ name: `bad ${provider}`, unitPriceFen: 500 }]);
      const no = (await pay(mgr, order.id, { method: provider, flow: 'qr', amountFen: 500 })).body.payment.paymentNo;
      await sims[provider].pay(no, { notify: false }); // paid at the provider; its notification held back
      const refused = [await sims[provider].sendBadSignature(no), await sims[provider].sendTampered(no), await sims[provider].sendWrongAmount(no, 1)];
      expect(refused.map((r) => `${r.label}:${r.accepted}`)).toEqual(['bad-signature:false', 'tampered:false', 'wrong-amount:false']);
      expect(await orderMoney(s, order.id)).toMatchObject({ state: 'pending', paidFen: 0 });
      const inbox = await s.database.query<{ outcome: string }>(`select outcome from sport_pay_notify where out_trade_no = $1`, [no]);
      expect(inbox.map((r) => r.outcome)).toEqual(['amount_mismatch']);
      // The genuine notification still credits it.
      expect((await sims[provider].notify(no))?.accepted).toBe(true);
      expect(await orderMoney(s, order.id)).toMatchObject({ state: 'paid', paidFen: 500 });
    });

    it('barcode paid at once; a closed unpaid QR payment stays closed', async () => {
      const order = await sellGeneral(mgr, [{ name: `barcode ${provider}`, unitPriceFen: 800 }]);
      const paid = await pay(mgr, order.id, { method: provider, flow: 'barcode', authCode: AUTH_CODES[provider], amountFen: 800 });
      expect(paid.code, paid.msg).toBe(0);
      expect(paid.body.payment.state).toBe('succeeded');
      expect(paid.body.order.state).toBe('paid');
      const other = await sellGeneral(mgr, [{ name: `close ${provider}`, unitPriceFen: 300 }]);
      const open = await pay(mgr, other.id, { method: provider, flow: 'qr', amountFen: 300 });
      const closed = await mgr.json('POST', sport(`payment/${open.body.payment.id}/close`));
      expect(closed.body.payment.state).toBe('closed');
      expect(sims[provider].trade(open.body.payment.paymentNo)?.state).not.toBe('succeeded');
      expect(await orderMoney(s, other.id)).toMatchObject({ state: 'pending', paidFen: 0 });
    });

    it('a barcode payment waiting for the customer is polled until paid', async () => {
      const order = await sellGeneral(mgr, [{ name: `wait ${provider}`, unitPriceFen: 900 }]);
      sims[provider].nextMicropayPaying(2);
      const started = await pay(mgr, order.id, { method: provider, flow: 'barcode', authCode: AUTH_CODES[provider], amountFen: 900 });
      expect(started.body.payment.state).toBe('created');
      const done = await until(
        async () => (await mgr.json('GET', sport(`payment/${started.body.payment.id}`))).body,
        (b) => b.payment.state !== 'created',
      );
      expect(done.payment.state).toBe('succeeded');
      expect(done.order.state).toBe('paid');
    });

    it('refunds in part then in full through the provider, after review', async () => {
      const order = await sellGeneral(mgr, [{ name: `refund ${provider}`, unitPriceFen: 1000 }]);
      const no = (await pay(mgr, order.id, { method: provider, flow: 'qr', amountFen: 1000 })).body.payment.paymentNo;
      await sims[provider].pay(no);
      for (const [amountFen, state] of [
        [300, 'part_refunded'],
        [700, 'refunded'],
      ] as const) {
        const applied = await mgr.json('POST', sport('refund'), { body: { orderId: order.id, amountFen, reason: '退款测试' } });
        await reviewer.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: true, remark: '同意' } });
        // Some providers answer "processing" and finish by notification or query.
        const done = await until(
          async () => (await mgr.json('GET', sport(`refund/${applied.body.id}`))).body,
          (r) => r.state === 'succeeded',
          sweep,
        );
        expect(done.legs).toMatchObject([{ method: provider, amountFen, state: 'succeeded' }]);
        expect((await orderMoney(s, order.id)).state).toBe(state);
      }
      const flow = (await detail(order.id)).ledger.filter((e: { account: string; side: string }) => e.account === provider && e.side === 'credit');
      expect(flow.map((e: { amountFen: number }) => e.amountFen).sort()).toEqual([300, 700]);
    });

    it('a late notification after the order timed out is credited and refunded automatically', async () => {
      const order = await sellGeneral(mgr, [{ name: `late ${provider}`, unitPriceFen: 650 }]);
      const no = (await pay(mgr, order.id, { method: provider, flow: 'qr', amountFen: 650 })).body.payment.paymentNo;
      await sims[provider].pay(no, { notify: false });
      // The time-out job cancels the order; its call to close the payment is lost.
      await expireOrders(s.database.db, async () => undefined, new Date(Date.now() + 16 * 60_000));
      expect((await orderMoney(s, order.id)).state).toBe('cancelled');
      expect((await sims[provider].notify(no))?.accepted).toBe(true);
      const after = await until(
        () => detail(order.id),
        (d) => d.refunds[0]?.state === 'succeeded',
        sweep,
      );
      expect(after).toMatchObject({ state: 'cancelled', overpaid: true, paidFen: 650, refundedFen: 650 });
      expect(after.refunds[0]).toMatchObject({ automatic: true, amountFen: 650 });
    });
  });

  it('mixed payment: stored value, then WeChat for the rest', async () => {
    const acct = (await mgr.json('POST', sport('account'), { body: { holderName: '混合支付' } })).body.id;
    const top = await mgr.json('POST', sport(`account/${acct}/recharge`), { body: { amountFen: 500 } });
    await pay(mgr, top.body.id, { method: 'cash', amountFen: 500 });
    const order = await sellGeneral(mgr, [{ name: '混合', unitPriceFen: 1500 }]);
    expect((await pay(mgr, order.id, { method: 'balance', accountId: acct, amountFen: 500 })).body.order.state).toBe('pending');
    const tooMuch = await pay(mgr, order.id, { method: 'wechat', flow: 'qr', amountFen: 1001 });
    expect(tooMuch.code).toBe(Code.FORM_INVALID);
    const no = (await pay(mgr, order.id, { method: 'wechat', flow: 'qr', amountFen: 1000 })).body.payment.paymentNo;
    await sims.wechat.pay(no);
    expect(await orderMoney(s, order.id)).toMatchObject({ state: 'paid', paidFen: 1500 });
    expect((await paymentsOf(order.id)).map((p) => `${p.method}:${p.state}`)).toEqual(['balance:succeeded', 'wechat:succeeded']);
  });

  it('a refund whose call failed on the way stays open, and the query job finishes it', async () => {
    const order = await sellGeneral(mgr, [{ name: '超时退款', unitPriceFen: 700 }]);
    const no = (await pay(mgr, order.id, { method: 'aggregate', flow: 'qr', amountFen: 700 })).body.payment.paymentNo;
    await sims.aggregate.pay(no);
    // The provider is unreachable while the refund is approved: its outcome is unknown, so it stays open.
    const cfg = sims.aggregate.merchantConfig();
    const version = (await mgr.json('GET', sport('merchant'))).body.find((m: { provider: string }) => m.provider === 'aggregate').version;
    const down = await mgr.json('PUT', sport('merchant/aggregate'), {
      body: { enabled: true, gateway: 'http://127.0.0.1:9', settings: cfg.settings, version },
    });
    expect(down.code, down.msg).toBe(0);
    const applied = await mgr.json('POST', sport('refund'), { body: { orderId: order.id, amountFen: 700, reason: '网络中断' } });
    const approved = await reviewer.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: true, remark: 'ok' } });
    expect(approved.body).toMatchObject({ state: 'approved', legs: [{ state: 'processing' }] });
    await mgr.json('PUT', sport('merchant/aggregate'), { body: { enabled: true, gateway: cfg.gateway, settings: cfg.settings, version: version + 1 } });
    const done = await until(
      async () => (await mgr.json('GET', sport(`refund/${applied.body.id}`))).body,
      (r) => r.state === 'succeeded',
      sweep,
    );
    expect(done.state).toBe('succeeded');
    expect(await orderMoney(s, order.id)).toMatchObject({ state: 'refunded', refundedFen: 700 });
  });

  it('the scan page: the customer picks a method and pays at the provider; no session needed', async () => {
    const order = await sellGeneral(mgr, [{ name: '扫码付', unitPriceFen: 4200 }]);
    const token = new URL(order.scanUrl).searchParams.get('token')!;
    const anon = new Client(s);
    const shown = await anon.json('GET', `/api/sport/pay/scan/${token}`);
    expect(shown.body).toMatchObject({ orderNo: order.orderNo, dueFen: 4200, state: 'pending', methods: ['alipay', 'wechat', 'aggregate'] });
    expect(JSON.stringify(shown.body)).not.toContain('buyer');
    const go = await anon.json('POST', `/api/sport/pay/scan/${token}/pay`, { body: { method: 'alipay', returnUrl: 'http://127.0.0.1/payCallback' } });
    expect(go.code, go.msg).toBe(0);
    expect(go.body.payUrl).toContain('/cashier/');
    await sims.alipay.pay(go.body.paymentNo);
    expect((await anon.json('GET', `/api/sport/pay/scan/${token}`)).body).toMatchObject({ state: 'paid', dueFen: 0 });
    expect((await anon.json('GET', `/api/sport/pay/scan/${'x'.repeat(32)}`)).code).toBe(Code.NOT_FOUND);
  });
});
