import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaySimulators, startAlipaySimulator, type PaySimulators } from './index.ts';
import { providerOf } from '../index.ts';
import { PROVIDERS } from '../provider.ts';

const no = (p: string) => `${p}${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);

/** A notify endpoint that refuses the first `refuse` notifications, then accepts (Alipay's words). */
async function flakyAlipayEndpoint(refuse: number) {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let b = '';
    req.on('data', (c) => (b += c));
    req.on('end', () => {
      bodies.push(b);
      res.end(bodies.length > refuse ? 'success' : 'fail');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/n`, bodies, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('the payment simulators', () => {
  let sims: PaySimulators;
  beforeAll(async () => {
    sims = await startPaySimulators({ alipay: { notifyRetryDelaysMs: [0, 50, 50, 50] } });
  });
  afterAll(async () => sims?.close());

  it('start all three on 127.0.0.1, each with merchant settings its adapter can use', async () => {
    for (const name of PROVIDERS) {
      const s = sims[name];
      expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const cfg = s.merchantConfig();
      expect(cfg.provider).toBe(name);
      expect((await providerOf(name).query(cfg, no('Q'))).state).toBe('not_found');
    }
  });

  it('a notification is retried until the merchant answers success', async () => {
    const ep = await flakyAlipayEndpoint(2);
    try {
      const cfg = sims.alipay.merchantConfig();
      const outTradeNo = no('RT');
      await providerOf('alipay').precreate(cfg, { outTradeNo, amountFen: 100, subject: 'x', notifyUrl: ep.url, expiresAt: inMinutes(5) });
      const first = await sims.alipay.pay(outTradeNo);
      expect(first).toMatchObject({ accepted: false, answer: 'fail', attempt: 1 });
      await sims.alipay.idle();
      expect(sims.alipay.notifications(outTradeNo).map((n) => [n.attempt, n.accepted])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
      expect(new Set(ep.bodies).size).toBe(1); // the same notification each time
    } finally {
      await ep.close();
    }
  });

  it('a payment can be held back and notified late; the control endpoints do the same over HTTP', async () => {
    const ep = await flakyAlipayEndpoint(0);
    try {
      const cfg = sims.alipay.merchantConfig();
      const outTradeNo = no('LT');
      await providerOf('alipay').precreate(cfg, { outTradeNo, amountFen: 100, subject: 'x', notifyUrl: ep.url, expiresAt: inMinutes(5) });
      const paid = await fetch(`${sims.alipay.url}/sim/pay`, { method: 'POST', body: JSON.stringify({ outTradeNo, notify: false }) }).then(
        (r) => r.json() as Promise<any>,
      );
      expect(paid.sent).toBeNull();
      expect((await providerOf('alipay').query(cfg, outTradeNo)).state).toBe('succeeded');
      expect(ep.bodies).toHaveLength(0);
      const late = await fetch(`${sims.alipay.url}/sim/notify`, { method: 'POST', body: JSON.stringify({ outTradeNo }) }).then((r) => r.json() as Promise<any>);
      expect(late.sent).toMatchObject({ accepted: true, label: 'genuine' });
      const replay = await fetch(`${sims.alipay.url}/sim/replay`, { method: 'POST', body: JSON.stringify({ outTradeNo, times: 2 }) }).then(
        (r) => r.json() as Promise<any>,
      );
      expect(replay.sent).toHaveLength(2);
      const listed = await fetch(`${sims.alipay.url}/sim/notifications?outTradeNo=${outTradeNo}`).then((r) => r.json() as Promise<any>);
      expect(listed.sent.map((s: any) => s.label)).toEqual(['genuine', 'replay', 'replay']);
      const again = await fetch(`${sims.alipay.url}/sim/pay`, { method: 'POST', body: JSON.stringify({ outTradeNo }) });
      expect(again.status).toBe(409);
    } finally {
      await ep.close();
    }
  });

  it('the cashier page shows the amount and a pay button; a trade past its time is closed', async () => {
    const cfg = sims.wechat.merchantConfig();
    const outTradeNo = no('EX');
    const { qrCode } = await providerOf('wechat').precreate(cfg, {
      outTradeNo,
      amountFen: 1234,
      subject: '<b>场地</b>',
      notifyUrl: 'http://127.0.0.1:9/n',
      expiresAt: new Date(Date.now() + 1500),
    }); // time_expire has whole seconds
    const page = await fetch(qrCode).then((r) => r.text());
    expect(page).toContain('¥12.34');
    expect(page).toContain('&lt;b&gt;场地&lt;/b&gt;');
    expect(page).toContain('id="sim-pay"');
    await new Promise((r) => setTimeout(r, 1600));
    expect((await providerOf('wechat').query(cfg, outTradeNo)).state).toBe('closed');
    expect(await fetch(qrCode).then((r) => r.text())).not.toContain('id="sim-pay"');
  });

  it('a simulator restarted with its keys keeps the merchant settings valid', async () => {
    const first = await startAlipaySimulator();
    const keys = first.keys;
    const before = first.merchantConfig();
    await first.close();
    const second = await startAlipaySimulator({ keys });
    try {
      const after = second.merchantConfig();
      expect(after.secrets).toEqual(before.secrets);
      expect(after.settings).toEqual(before.settings);
      expect((await providerOf('alipay').query({ ...before, gateway: after.gateway }, no('K'))).state).toBe('not_found');
    } finally {
      await second.close();
    }
  });
});
