import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpCall } from './http.ts';

/**
 * A provider that closes a kept-alive connection just as it is reused (its keep-alive time-out
 * racing our next call) resets that connection: the call must go through on a new one.
 */
describe('the providers’ HTTP client', () => {
  let server: http.Server;
  let url: string;
  const seen = new WeakMap<object, number>();
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const n = (seen.get(req.socket) ?? 0) + 1;
      seen.set(req.socket, n);
      // The second request on a connection finds it closed, as after the server's keep-alive time-out.
      if (n > 1) return void req.socket.destroy();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true, body: req.method }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pay`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends a call again on a new connection when a reused one was reset before it reached the server', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const previous = http.globalAgent;
    http.globalAgent = agent;
    try {
      expect(JSON.parse((await httpCall(url, { method: 'POST', body: '{}' })).text)).toEqual({ ok: true, body: 'POST' });
      // The same connection is reused: the server resets it, and the call succeeds on a new one.
      expect(JSON.parse((await httpCall(url, { method: 'POST', body: '{}' })).text)).toEqual({ ok: true, body: 'POST' });
    } finally {
      http.globalAgent = previous;
      agent.destroy();
    }
  });
});
