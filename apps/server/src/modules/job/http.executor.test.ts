import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ConnectionFailedError, HttpAllowList, HttpDisabledError, NotAllowedError, callHttp, checkExecutor, type HttpCall } from './http.executor.ts';

/**
 * What an HTTP job may reach (audit finding: loopback SSRF). A real executor listens on
 * 127.0.0.1 and counts what reaches it: a refused call must never arrive there.
 */
describe('HTTP job executor: what a job may call', () => {
  let server: http.Server;
  let port = 0;
  let closedPort = 0;
  let hits = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits++;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ secret: 'internal-admin-token', path: req.url }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const call = (host: string, over: Partial<HttpCall> = {}): HttpCall => ({
    host,
    port,
    path: '/hook',
    method: 'POST',
    data: { a: 1 },
    headers: {},
    signal: AbortSignal.timeout(5000),
    ...over,
  });

  /** Eleven-plus ways to write "this machine" that the audit got through. */
  const loopback = [
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '0x7f.1',
    '127.000.000.001',
    '%31%32%37.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:127.0.0.1]',
    '[::1]',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::7f00:1',
    '0',
    '0.0.0.0',
    '[::]',
    'localhost',
    'LOCALHOST.',
  ];

  it('refuses every spelling of loopback even when any public address, every range and the name localhost are listed', async () => {
    const wide = new HttpAllowList(['*', '0.0.0.0/0', '[::]/0', 'localhost']);
    for (const host of loopback) {
      await expect(checkExecutor(wide, host, port), host).rejects.toBeInstanceOf(NotAllowedError);
      await expect(callHttp(wide, call(host)), host).rejects.toBeInstanceOf(NotAllowedError);
    }
    // Cloud metadata, private and link-local addresses, however written, are special too.
    for (const host of [
      '169.254.169.254',
      '2852039166',
      '[::ffff:169.254.169.254]',
      '10.0.0.1',
      '192.168.1.1',
      '172.16.0.1',
      '100.64.0.1',
      '[fd00::1]',
      '[fe80::1]',
      '224.0.0.1',
    ]) {
      await expect(checkExecutor(wide, host, 80), host).rejects.toBeInstanceOf(NotAllowedError);
    }
    expect(hits).toBe(0);
  });

  it('a listed local executor is reached under any spelling of its address, and only on the listed port', async () => {
    const allow = new HttpAllowList([`127.0.0.1:${port}`]);
    for (const host of ['127.0.0.1', '127.1', '2130706433', '0x7f000001', '::ffff:7f00:1']) {
      expect(await checkExecutor(allow, host, port)).toBe(host === '::ffff:7f00:1' ? '::ffff:7f00:1' : '127.0.0.1');
      const before = hits;
      const ans = await callHttp(allow, call(host));
      expect(ans.status).toBe(200);
      expect(hits).toBe(before + 1);
    }
    await expect(checkExecutor(allow, '127.0.0.1', port + 1)).rejects.toBeInstanceOf(NotAllowedError);
    await expect(callHttp(allow, call('127.0.0.1', { port: closedPort }))).rejects.toBeInstanceOf(NotAllowedError);
    // Listing a special range by CIDR is an explicit choice too.
    expect(await checkExecutor(new HttpAllowList(['127.0.0.0/8']), '127.1', port)).toBe('127.0.0.1');
  });

  it('keeps the answer only when the call asks for it', async () => {
    const allow = new HttpAllowList([`127.0.0.1:${port}`]);
    expect(await callHttp(allow, call('127.0.0.1'))).toEqual({ status: 200, bodyStart: '' });
    const kept = await callHttp(allow, call('127.0.0.1', { keepAnswer: true }));
    expect(kept.bodyStart).toContain('internal-admin-token');
  });

  it('a host name listed alone does not open the private address it resolves to (DNS rebinding)', async () => {
    // Rule: a name entry lets that name reach public addresses; a special address it resolves to
    // must itself be listed (or a range inside the special range).
    const nameOnly = new HttpAllowList([`localhost:${port}`]);
    const before = hits;
    await expect(checkExecutor(nameOnly, 'localhost', port)).rejects.toBeInstanceOf(NotAllowedError);
    await expect(callHttp(nameOnly, call('localhost'))).rejects.toBeInstanceOf(NotAllowedError);
    expect(hits).toBe(before);
    // Listing the addresses too makes the name usable; the connection goes to a checked address.
    const withAddress = new HttpAllowList(['localhost', `127.0.0.1:${port}`, `[::1]:${port}`]);
    expect(await checkExecutor(withAddress, 'localhost', port)).toBe('localhost');
    expect((await callHttp(withAddress, call('localhost'))).status).toBe(200);
    expect(hits).toBe(before + 1);
  });

  it('says "connection failed" whatever went wrong, so ports cannot be scanned through the record', async () => {
    const allow = new HttpAllowList(['127.0.0.0/8', 'no-such-host.invalid']);
    const reset = net.createServer((sock) => sock.destroy());
    await new Promise<void>((r) => reset.listen(0, '127.0.0.1', r));
    const resetPort = (reset.address() as AddressInfo).port;
    try {
      const errors = await Promise.all(
        [call('127.0.0.1', { port: closedPort }), call('127.0.0.1', { port: resetPort }), call('no-such-host.invalid')].map((c) =>
          callHttp(allow, c).then(
            () => null,
            (e: unknown) => e,
          ),
        ),
      );
      for (const e of errors) {
        expect(e).toBeInstanceOf(ConnectionFailedError);
        expect((e as Error).message).toBe('connection failed');
        expect(e as object).not.toHaveProperty('code');
      }
    } finally {
      await new Promise<void>((r) => reset.close(() => r()));
    }
  });

  it('is off by default: the default configuration lists nothing and refuses every HTTP call', async () => {
    const config = loadConfig({});
    expect(config.jobs.httpAllow).toEqual([]);
    const allow = new HttpAllowList(config.jobs.httpAllow);
    expect(allow.enabled).toBe(false);
    await expect(checkExecutor(allow, 'example.com', 443)).rejects.toBeInstanceOf(HttpDisabledError);
    await expect(callHttp(allow, call('127.0.0.1'))).rejects.toBeInstanceOf(HttpDisabledError);
    // A setting that cannot be read stops the start instead of silently allowing something else.
    expect(() => loadConfig({ JOB_HTTP_ALLOW: '10.0.0.0/99' })).toThrow(/JOB_HTTP_ALLOW/);
    expect(() => loadConfig({ JOB_HTTP_ALLOW: 'http://example.com/' })).toThrow(/JOB_HTTP_ALLOW/);
    expect(loadConfig({ JOB_HTTP_ALLOW: 'hooks.example.com, 10.0.5.0/24:8080, [fd00::7]:9000, *:443' }).jobs.httpAllow).toHaveLength(4);
  });
});
