import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {
  ConnectionFailedError,
  HttpAllowList,
  NotAllowedError,
  checkedLookup,
  normaliseHost,
  resolveAll,
  type LookupAddress,
} from '../../platform/outbound.ts';

// The allow-list and its address checks are the platform's outbound client (platform/outbound.ts).
export { ConnectionFailedError, HttpAllowList, NotAllowedError } from '../../platform/outbound.ts';

/**
 * HTTP jobs call `executorPath` on `executorIp`:`executorHost`. A job is a request the server
 * makes on an operator's behalf, so it must never become a way into the server's own network:
 *
 * - **Off by default.** `JOB_HTTP_ALLOW` lists what may be called; empty (the default) turns HTTP
 *   jobs off. Entries, comma-separated: a host name (`executor.example.com`), an IP address
 *   (`10.1.2.3`, `[fd00::7]`), a CIDR range (`10.1.0.0/16`), or `*` (any public address); each may
 *   end in `:port` to allow that port only (`[::1]:9000`, `10.1.0.0/16:8080`, `*:443`).
 * - **Normalised first.** Hosts are read by the WHATWG URL parser, which turns every spelling of
 *   an IPv4 address (`127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1`) into the dotted form and
 *   compresses IPv6; addresses are compared with `net.BlockList`, which also matches
 *   IPv4-mapped IPv6 (`::ffff:7f00:1`) against IPv4 rules.
 * - **Special addresses need the address itself.** Loopback, private, link-local (with the cloud
 *   metadata address 169.254.169.254), carrier-grade NAT, multicast, unspecified, reserved and
 *   documentation ranges are called only when the address, or a range inside that special range,
 *   is listed. `*`, a broad range such as `0.0.0.0/0` and a host name never open them: a name
 *   that resolves to `127.0.0.1` is refused unless `127.0.0.1` is listed too.
 * - **Checked where it connects.** Every address a name resolves to must be allowed, and the
 *   connection is made through a `lookup` that answers only those checked addresses (no second
 *   resolution a rebinding DNS server could answer differently).
 * - **No redirects** are followed (a 3xx is a failed run). Port 443 is called over HTTPS, any
 *   other port over HTTP. Failures to connect read "connection failed" whatever the cause, so a
 *   job cannot be used to learn which ports are open.
 */

/** HTTP jobs are off: JOB_HTTP_ALLOW is empty. */
export class HttpDisabledError extends NotAllowedError {
  constructor(host: string) {
    super(host);
    this.message = 'HTTP jobs are off (JOB_HTTP_ALLOW is empty)';
  }
}

/**
 * Checks a job's executor before it is saved: the host normalised, then every address it
 * resolves to (a listed name that does not resolve here is accepted: it is checked again at
 * every run). Answers the normalised host; throws NotAllowedError or HttpDisabledError.
 */
export async function checkExecutor(allow: HttpAllowList, rawHost: string, port: number): Promise<string> {
  if (!allow.enabled) throw new HttpDisabledError(rawHost);
  const host = normaliseHost(rawHost);
  if (!host) throw new NotAllowedError(rawHost);
  if (net.isIP(host)) {
    if (!allow.allowsAddress(host, port)) throw new NotAllowedError(rawHost);
    return host;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch {
    if (allow.listsName(host, port)) return host;
    throw new NotAllowedError(rawHost);
  }
  if (!addresses.length || !addresses.every((a) => allow.allowsAddress(a.address, port, host))) throw new NotAllowedError(rawHost);
  return host;
}

export interface HttpCall {
  host: string;
  port: number;
  path: string;
  method: 'GET' | 'POST';
  data: unknown;
  headers: Record<string, string>;
  signal: AbortSignal;
  /** Keep the start of the answer (the job's "record the answer" option). */
  keepAnswer?: boolean;
}

export interface HttpAnswer {
  status: number;
  /** The first bytes of the answer, as text; empty unless the call asked to keep the answer. */
  bodyStart: string;
}

const BODY_KEEP = 2000;
/** Past this much answer the connection is closed: the status is known, nothing more is kept. */
const BODY_DRAIN_MAX = 1024 * 1024;

function queryOf(data: unknown): string {
  if (data === null || data === undefined) return '';
  if (typeof data !== 'object' || Array.isArray(data)) return new URLSearchParams({ data: JSON.stringify(data) }).toString();
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) q.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return q.toString();
}

/**
 * Calls the executor. The host is checked again here (the allow-list may have changed since the
 * job was saved); a name is resolved by a lookup that answers only allowed addresses. Rejects
 * with NotAllowedError / HttpDisabledError, the signal's reason when aborted, or
 * ConnectionFailedError for anything else.
 */
export function callHttp(allow: HttpAllowList, call: HttpCall): Promise<HttpAnswer> {
  if (!allow.enabled) return Promise.reject(new HttpDisabledError(call.host));
  const host = normaliseHost(call.host);
  if (!host) return Promise.reject(new NotAllowedError(call.host));
  const literal = net.isIP(host) !== 0;
  if (literal && !allow.allowsAddress(host, call.port)) return Promise.reject(new NotAllowedError(call.host));
  const secure = call.port === 443;
  const mod = secure ? https : http;
  let path = call.path.startsWith('/') ? call.path : `/${call.path}`;
  let body: string | undefined;
  if (call.method === 'GET') {
    const q = queryOf(call.data);
    if (q) path += (path.includes('?') ? '&' : '?') + q;
  } else body = JSON.stringify(call.data ?? {});
  const hostHeader = net.isIPv6(host) ? `[${host}]:${call.port}` : `${host}:${call.port}`;
  return new Promise<HttpAnswer>((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      if (call.signal.aborted) reject(call.signal.reason);
      else if (err instanceof NotAllowedError) reject(err);
      else reject(new ConnectionFailedError());
    };
    const req = mod.request(
      {
        host,
        port: call.port,
        path,
        method: call.method,
        signal: call.signal,
        // A fresh connection each time: no pooled socket outlives the check made for this call.
        agent: false,
        lookup: literal ? undefined : checkedLookup(allow, host, call.port),
        servername: secure && !literal ? host : undefined,
        headers: {
          host: hostHeader,
          accept: 'application/json, text/plain, */*',
          'user-agent': 'venue-job-scheduler/2.0',
          ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...call.headers,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        let seen = 0;
        const done = () => {
          if (settled) return;
          settled = true;
          resolve({ status, bodyStart: call.keepAnswer ? Buffer.concat(chunks).subarray(0, BODY_KEEP).toString('utf8') : '' });
        };
        res.on('data', (c: Buffer) => {
          seen += c.length;
          if (call.keepAnswer && kept < BODY_KEEP) {
            chunks.push(c);
            kept += c.length;
          }
          if (seen > BODY_DRAIN_MAX) {
            done();
            req.destroy();
          }
        });
        res.on('end', done);
        res.on('error', fail);
        res.on('close', () => (res.complete ? done() : fail(new ConnectionFailedError())));
      },
    );
    req.on('error', fail);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
