import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import dns from 'node:dns/promises';

/**
 * HTTP jobs call `executorPath` on `executorIp`:`executorHost`. Only addresses that the
 * configuration allows (JOB_HTTP_ALLOW: host names, IP addresses and CIDR ranges, `*` for
 * any) are called, so a job can never be used as an open proxy into the network. A host name
 * that is not listed by name is resolved and every address must be allowed; the call then
 * goes to the checked address (no second lookup an attacker could rebind). Redirects are not
 * followed. Port 443 is called over HTTPS, any other port over HTTP.
 */
export class HttpAllowList {
  private readonly names = new Set<string>();
  private readonly blocks = new net.BlockList();
  readonly any: boolean;

  constructor(entries: readonly string[]) {
    let any = false;
    for (const raw of entries) {
      const e = raw.trim().toLowerCase();
      if (!e) continue;
      if (e === '*') any = true;
      else if (e.includes('/')) {
        const [ip, bits] = e.split('/') as [string, string];
        const family = net.isIP(ip);
        if (family) this.blocks.addSubnet(ip, Number(bits), family === 6 ? 'ipv6' : 'ipv4');
      } else if (net.isIP(e)) this.blocks.addAddress(e, net.isIP(e) === 6 ? 'ipv6' : 'ipv4');
      else this.names.add(e);
    }
    this.any = any;
  }

  allowsAddress(ip: string): boolean {
    if (this.any) return true;
    const family = net.isIP(ip);
    if (!family) return false;
    return this.blocks.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  }

  allowsName(host: string): boolean {
    return this.any || this.names.has(host.toLowerCase());
  }
}

export class NotAllowedError extends Error {
  constructor(readonly host: string) {
    super(`address not allowed: ${host}`);
  }
}

/** Resolves the executor host to an address the allow-list accepts, or throws NotAllowedError. */
export async function resolveAllowed(allow: HttpAllowList, host: string): Promise<string> {
  const h = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(h)) {
    if (!allow.allowsAddress(h)) throw new NotAllowedError(host);
    return h;
  }
  if (!/^[a-z0-9.-]{1,253}$/i.test(h)) throw new NotAllowedError(host);
  let addresses: { address: string }[];
  try {
    addresses = await dns.lookup(h, { all: true });
  } catch {
    if (allow.allowsName(h)) throw new Error(`cannot resolve ${h}`);
    throw new NotAllowedError(host);
  }
  if (!addresses.length) throw new Error(`cannot resolve ${h}`);
  if (allow.allowsName(h)) return (addresses.find((a) => net.isIPv4(a.address)) ?? addresses[0]!).address;
  if (!addresses.every((a) => allow.allowsAddress(a.address))) throw new NotAllowedError(host);
  return addresses[0]!.address;
}

export interface HttpCall {
  host: string;
  port: number;
  path: string;
  method: 'GET' | 'POST';
  data: unknown;
  headers: Record<string, string>;
  signal: AbortSignal;
}

export interface HttpAnswer {
  status: number;
  /** The first bytes of the answer, as text. */
  bodyStart: string;
}

const BODY_KEEP = 2000;

function queryOf(data: unknown): string {
  if (data === null || data === undefined) return '';
  if (typeof data !== 'object' || Array.isArray(data)) return new URLSearchParams({ data: JSON.stringify(data) }).toString();
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) q.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return q.toString();
}

/** Calls the executor at an already checked address. Rejects on network errors and on abort. */
export function callHttp(address: string, call: HttpCall): Promise<HttpAnswer> {
  const secure = call.port === 443;
  const mod = secure ? https : http;
  let path = call.path.startsWith('/') ? call.path : `/${call.path}`;
  let body: string | undefined;
  if (call.method === 'GET') {
    const q = queryOf(call.data);
    if (q) path += (path.includes('?') ? '&' : '?') + q;
  } else body = JSON.stringify(call.data ?? {});
  const hostHeader = net.isIPv6(call.host) ? `[${call.host}]:${call.port}` : `${call.host}:${call.port}`;
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = mod.request(
      {
        host: address,
        port: call.port,
        path,
        method: call.method,
        signal: call.signal,
        servername: secure && !net.isIP(call.host) ? call.host : undefined,
        headers: {
          host: hostHeader,
          accept: 'application/json, text/plain, */*',
          'user-agent': 'venue-job-scheduler/2.0',
          ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...call.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < BODY_KEEP) {
            chunks.push(c);
            size += c.length;
          }
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bodyStart: Buffer.concat(chunks).subarray(0, BODY_KEEP).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
