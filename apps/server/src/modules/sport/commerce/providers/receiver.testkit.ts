/**
 * For the provider tests: a merchant-side notification endpoint on 127.0.0.1 that verifies each
 * notification with the adapter, as the core's notify route does, and answers in the provider's
 * words. It keeps what it parsed and what it refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MerchantConfig, Notification, PayProvider } from './provider.ts';

export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  parsed?: Notification;
  error?: Error;
}

export interface Receiver {
  url: string;
  received: Received[];
  parsed(): Notification[];
  refused(): Received[];
  /** Resolves when `n` notifications parsed (or rejects after `ms`). */
  waitParsed(n: number, ms?: number): Promise<Notification[]>;
  close(): Promise<void>;
}

export async function startReceiver(provider: PayProvider, cfg: () => MerchantConfig): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const rec: Received = { headers: req.headers, body };
      let accepted = false;
      try {
        const key = provider.notifyMerchantKey(req.headers, body);
        if (key !== cfg().settings[provider.merchantKeyField]) throw new Error(`merchant key ${key} is not ours`);
        rec.parsed = provider.parseNotify(cfg(), req.headers, body);
        accepted = true;
      } catch (e) {
        rec.error = e as Error;
      }
      received.push(rec);
      const reply = provider.notifyReply(accepted);
      res.writeHead(reply.status, { 'content-type': reply.contentType });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify/${provider.name}`;
  const parsed = () => received.filter((r) => r.parsed).map((r) => r.parsed!);
  return {
    url,
    received,
    parsed,
    refused: () => received.filter((r) => r.error),
    async waitParsed(n, ms = 10_000) {
      const until = Date.now() + ms;
      while (parsed().length < n) {
        if (Date.now() > until)
          throw new Error(
            `only ${parsed().length} of ${n} notifications parsed; refused: ${received
              .filter((r) => r.error)
              .map((r) => r.error!.message)
              .join('; ')}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
      return parsed();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
