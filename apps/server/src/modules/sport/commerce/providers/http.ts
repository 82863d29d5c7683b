/**
 * The adapters' one HTTP client: node:http / node:https with a time-out, a size limit and, for
 * the WeChat v2 calls under /secapi/, a TLS client certificate. The answer is kept as raw bytes
 * and text, because signatures are checked over the exact text the provider sent.
 */
import http from 'node:http';
import https from 'node:https';
import { ProviderError } from './provider.ts';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  bytes: Buffer;
}

export interface HttpCall {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** TLS client certificate and key (PEM), for the calls that need mutual TLS. */
  clientCert?: { cert: string; key: string };
}

const MAX_BYTES = 20 * 1024 * 1024;

export function httpCall(url: string, call: HttpCall): Promise<HttpAnswer> {
  const u = new URL(url);
  const lib = u.protocol === 'https:' ? https : u.protocol === 'http:' ? http : undefined;
  if (!lib) return Promise.reject(new ProviderError(`unsupported URL: ${url}`, 'HTTP'));
  const body = call.body === undefined ? undefined : Buffer.from(call.body, 'utf8');
  const headers: Record<string, string | number> = { accept: 'application/json', 'user-agent': 'venue-pay/1', ...call.headers };
  if (body) headers['content-length'] = body.length;
  const once = (retry: boolean): Promise<HttpAnswer> =>
    new Promise((resolve, reject) => {
      const req = lib.request(
        u,
        {
          method: call.method,
          headers,
          timeout: call.timeoutMs ?? 10_000,
          ...(call.clientCert && u.protocol === 'https:' ? { cert: call.clientCert.cert, key: call.clientCert.key } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_BYTES) {
              req.destroy(new ProviderError('answer too large', 'HTTP'));
              return;
            }
            chunks.push(c);
          });
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text: bytes.toString('utf8'), bytes });
          });
          res.on('error', (e) => reject(new ProviderError(`HTTP error: ${e.message}`, 'HTTP')));
        },
      );
      req.on('timeout', () => req.destroy(new ProviderError(`time-out calling ${u.origin}${u.pathname}`, 'TIMEOUT')));
      req.on('error', (e) => {
        // A kept-alive connection the server closed as we reused it: the request never reached
        // it (Node's documented case), so it is sent once more on a new connection.
        if (retry && req.reusedSocket && (e as NodeJS.ErrnoException).code === 'ECONNRESET') return void once(false).then(resolve, reject);
        reject(e instanceof ProviderError ? e : new ProviderError(`HTTP error: ${e.message}`, 'HTTP'));
      });
      if (body) req.write(body);
      req.end();
    });
  return once(true);
}

/** One header's value (the first, when repeated), looked up without regard to case. */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === want) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}
