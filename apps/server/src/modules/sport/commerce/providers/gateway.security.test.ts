import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { startServer, type Client, type TestServer } from '../../../../../test/harness.ts';
import { adminClient } from '../../../system/admin.testkit.ts';
import { commerceStaff } from '../commerce.testkit.ts';
import { setPaymentOutbound } from './http.ts';
import { providerOf } from './index.ts';
import { ProviderError, type MerchantConfig, type ProviderName } from './provider.ts';
import { startPaySimulators, type PaySimulators } from './simulators/index.ts';

/**
 * Issue 23, High 4: a merchant gateway is a tenant's address. Every provider's calls go through
 * the platform's outbound client: no loopback in any spelling, no redirects, the same words
 * whether a port is open or closed, nothing of the answer's text kept; the local simulators only
 * through the gateways they registered.
 */

async function startTarget(reply: (res: http.ServerResponse) => void) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push(`${req.method} ${req.url}`);
      reply(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, hits, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const spellings = (port: number) => [
  `http://127.0.0.1:${port}`,
  `http://127.1:${port}`,
  `http://0x7f000001:${port}`,
  `http://2130706433:${port}`,
  `http://0177.0.0.1:${port}`,
  `http://[::1]:${port}`,
  `http://[::ffff:127.0.0.1]:${port}`,
  `http://localhost:${port}`,
  `http://localhost.:${port}`,
  `http://0.0.0.0:${port}`,
];
const PROVIDERS: ProviderName[] = ['alipay', 'wechat', 'aggregate'];
const gatewayAt = (provider: ProviderName, base: string) => (provider === 'alipay' ? `${base}/gateway.do` : base);

async function failure(provider: ProviderName, cfg: MerchantConfig): Promise<ProviderError> {
  const e = await providerOf(provider)
    .query(cfg, 'T-SSRF-1')
    .then(
      () => undefined,
      (err: unknown) => err,
    );
  expect(e, `${provider} ${cfg.gateway}`).toBeInstanceOf(ProviderError);
  return e as ProviderError;
}

describe('merchant gateways go through the outbound client', () => {
  let sims: PaySimulators;
  let victim: Awaited<ReturnType<typeof startTarget>>;
  let redirector: Awaited<ReturnType<typeof startTarget>>;
  let talkative: Awaited<ReturnType<typeof startTarget>>;
  let closed: number;

  beforeAll(async () => {
    sims = await startPaySimulators();
    victim = await startTarget((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"10000","msg":"VICTIM-SECRET"}'));
    redirector = await startTarget((res) => res.writeHead(302, { location: `http://127.0.0.1:${victim.port}/gateway.do` }).end());
    talkative = await startTarget((res) =>
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"message":"INTERNAL-SECRET password=hunter2","return_code":"FAIL","return_msg":"INTERNAL-SECRET"}'),
    );
    closed = await closedPort();
    // As the server's OUTBOUND_ALLOW would list them: the redirecting and talkative endpoints, never the victim.
    setPaymentOutbound(['*', `127.0.0.1:${redirector.port}`, `127.0.0.1:${talkative.port}`]);
  });
  afterAll(async () => {
    setPaymentOutbound(['*']);
    await sims?.close();
    await Promise.all([victim, redirector, talkative].map((t) => t?.close()));
  });

  it('every provider refuses every spelling of loopback with the same words, whether the port is open or closed', async () => {
    for (const provider of PROVIDERS) {
      const words = new Set<string>();
      for (const base of [...spellings(victim.port), ...spellings(closed)]) {
        const e = await failure(provider, { ...sims[provider].merchantConfig(), gateway: gatewayAt(provider, base) });
        words.add(e.message);
        expect(e.raw).toBeUndefined();
      }
      expect([...words], provider).toHaveLength(1);
      expect([...words][0]).toMatch(/connection failed$/);
    }
    expect(victim.hits).toEqual([]);
  });

  it("a redirect is not followed, and nothing of an answer's text comes back", async () => {
    for (const provider of PROVIDERS) {
      const moved = await failure(provider, { ...sims[provider].merchantConfig(), gateway: gatewayAt(provider, `http://127.0.0.1:${redirector.port}`) });
      const told = await failure(provider, { ...sims[provider].merchantConfig(), gateway: gatewayAt(provider, `http://127.0.0.1:${talkative.port}`) });
      expect(`${moved.message} ${JSON.stringify(moved.raw ?? null)} ${told.message} ${JSON.stringify(told.raw ?? null)}`, provider).not.toMatch(
        /VICTIM-SECRET|INTERNAL-SECRET|hunter2/,
      );
    }
    expect(redirector.hits.length).toBe(3);
    expect(victim.hits).toEqual([]);
  });

  it('a simulator is reachable through the gateway it registered, not through another path of its address', async () => {
    const ok = await providerOf('aggregate').query(sims.aggregate.merchantConfig(), 'T-SSRF-2');
    expect(ok.state).toBe('not_found');
    // The demo's attack: a gateway naming the simulator's cashier ("the customer paid") or control paths.
    for (const provider of PROVIDERS) {
      for (const path of ['/cashier/P-1/pay', '/sim/pay', '/gateway.do?x=']) {
        const e = await failure(provider, { ...sims[provider].merchantConfig(), gateway: `${sims[provider].url}${path}` });
        expect(e.message, `${provider} ${path}`).toMatch(/connection failed$/);
      }
    }
  });
});

describe('saving a merchant gateway', () => {
  let s: TestServer;
  let mgr: Client;
  beforeAll(async () => {
    s = await startServer('pglite');
    const { c: admin, platformOrgId } = await adminClient(s);
    ({ c: mgr } = await commerceStaff(s, admin, platformOrgId));
  });
  afterAll(async () => s?.close());

  it("a loopback, private or query-carrying gateway is refused naming the field, in the caller's language", async () => {
    const sims = await startPaySimulators();
    try {
      for (const provider of PROVIDERS) {
        const cfg = sims[provider].merchantConfig();
        for (const base of [...spellings(4000), 'http://169.254.169.254', 'http://10.0.0.7', `${sims[provider].url}/cashier/P-1/pay`]) {
          const res = await mgr.json('PUT', `/api/sport/commerce/merchant/${provider}`, {
            lang: 'en-US',
            body: { enabled: true, gateway: gatewayAt(provider, base), settings: cfg.settings, secrets: cfg.secrets, version: 0 },
          });
          expect(res.code, `${provider} ${base}`).toBe(Code.FORM_INVALID);
          expect(res.detail, `${provider} ${base}`).toEqual([
            {
              field: 'gateway',
              message:
                'This gateway may not be called: give an http(s) address without a query; loopback, private and reserved addresses must be listed by an administrator in the server setting OUTBOUND_ALLOW',
            },
          ]);
        }
        const zh = await mgr.json('PUT', `/api/sport/commerce/merchant/${provider}`, {
          body: { enabled: true, gateway: gatewayAt(provider, 'http://127.1:80'), settings: cfg.settings, secrets: cfg.secrets, version: 0 },
        });
        expect(zh.msg).toContain('不允许连接该网关地址');
        // The simulator this process started, through its own gateway: accepted.
        const ok = await mgr.json('PUT', `/api/sport/commerce/merchant/${provider}`, {
          body: { enabled: true, gateway: cfg.gateway, settings: cfg.settings, secrets: cfg.secrets, version: 0 },
        });
        expect(ok.code, ok.msg).toBe(0);
      }
    } finally {
      await sims.close();
    }
  });
});
