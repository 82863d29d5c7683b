import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import dns from 'node:dns';

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

type Family = 'ipv4' | 'ipv6';
const familyOf = (ip: string): Family => (net.isIP(ip) === 6 ? 'ipv6' : 'ipv4');

/** Special-purpose ranges (IANA IPv4/IPv6 special-purpose registries, plus multicast). */
const SPECIAL: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['::', 96], // unspecified, loopback and IPv4-compatible
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const specialRanges = SPECIAL.map(([ip, bits]) => {
  const b = new net.BlockList();
  b.addSubnet(ip, bits, familyOf(ip));
  return { list: b, bits, family: familyOf(ip) };
});
const special = new net.BlockList();
for (const [ip, bits] of SPECIAL) special.addSubnet(ip, bits, familyOf(ip));

/** Loopback, private, link-local, multicast, unspecified, reserved or documentation address. */
export function isSpecialAddress(ip: string): boolean {
  return special.check(ip, familyOf(ip));
}

/**
 * A host as typed (name, IPv4 in any spelling, IPv6 with or without brackets) in its normal
 * form: lower-case name without a trailing dot, dotted IPv4, compressed IPv6 without brackets.
 * Null when it is not a bare host (a port, path, credentials or bad characters).
 */
export function normaliseHost(raw: string): string | null {
  let h = raw.trim();
  if (!h || h.length > 255) return null;
  if (net.isIP(h) === 6) h = `[${h}]`;
  if (/[\s/\\?#@]/.test(h) || (!h.startsWith('[') && h.includes(':'))) return null;
  let url: URL;
  try {
    url = new URL(`http://${h}/`);
  } catch {
    return null;
  }
  if (url.port || url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  let host = url.hostname;
  if (host.startsWith('[')) host = host.slice(1, -1);
  else host = host.replace(/\.$/, '');
  if (!host || (!net.isIP(host) && !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host))) return null;
  return host;
}

export class AllowEntryError extends Error {
  constructor(readonly entry: string) {
    super(`JOB_HTTP_ALLOW: "${entry}" is not a host, IP address, CIDR range or *, with an optional :port`);
  }
}

interface AddressRule {
  list: net.BlockList;
  port: number | null;
  /** The rule lies inside one special range (an exact special address, or a range within one). */
  special: boolean;
}

/** The parsed JOB_HTTP_ALLOW. Throws AllowEntryError for an entry it cannot read. */
export class HttpAllowList {
  private readonly names: { name: string; port: number | null }[] = [];
  private readonly rules: AddressRule[] = [];
  private readonly anyPorts: (number | null)[] = [];

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const e = raw.trim();
      if (!e) continue;
      const m = /^(.*?)(?::(\d{1,5}))?$/.exec(e)!;
      let target = m[1]!;
      let port: number | null = m[2] ? Number(m[2]) : null;
      // A bare IPv6 address has colons of its own: `::1` is an address, not `:` port 1.
      if (port !== null && !target.startsWith('[') && target.includes(':')) {
        target = e;
        port = null;
      }
      if (port !== null && (port < 1 || port > 65535)) throw new AllowEntryError(e);
      if (target === '*') {
        this.anyPorts.push(port);
        continue;
      }
      const cidr = /^(.+)\/(\d{1,3})$/.exec(target);
      if (cidr) {
        const ip = normaliseHost(cidr[1]!);
        const bits = Number(cidr[2]);
        if (!ip || !net.isIP(ip) || bits > (net.isIP(ip) === 6 ? 128 : 32)) throw new AllowEntryError(e);
        const list = new net.BlockList();
        list.addSubnet(ip, bits, familyOf(ip));
        const inside = specialRanges.some((r) => r.family === familyOf(ip) && bits >= r.bits && r.list.check(ip, r.family));
        this.rules.push({ list, port, special: inside });
        continue;
      }
      const host = normaliseHost(target);
      if (!host) throw new AllowEntryError(e);
      if (net.isIP(host)) {
        const list = new net.BlockList();
        list.addAddress(host, familyOf(host));
        this.rules.push({ list, port, special: true });
      } else this.names.push({ name: host, port });
    }
  }

  /** False when nothing is listed: HTTP jobs are off. */
  get enabled(): boolean {
    return this.names.length + this.rules.length + this.anyPorts.length > 0;
  }

  /** Whether a connection to `ip`:`port`, made for the job host `name` (normalised), is allowed. */
  allowsAddress(ip: string, port: number, name?: string | null): boolean {
    const family = net.isIP(ip);
    if (!family) return false;
    const fam: Family = family === 6 ? 'ipv6' : 'ipv4';
    const portOk = (p: number | null) => p === null || p === port;
    const byRule = (needSpecial: boolean) => this.rules.some((r) => portOk(r.port) && (!needSpecial || r.special) && r.list.check(ip, fam));
    if (isSpecialAddress(ip)) return byRule(true);
    if (byRule(false) || this.anyPorts.some(portOk)) return true;
    return !!name && this.names.some((n) => n.name === name && portOk(n.port));
  }

  /** Whether the host name is listed by name (for any port or this one). */
  listsName(name: string, port: number): boolean {
    return this.names.some((n) => n.name === name && (n.port === null || n.port === port));
  }
}

/** The host or one of its addresses is not allowed by JOB_HTTP_ALLOW. */
export class NotAllowedError extends Error {
  constructor(readonly host: string) {
    super(`address not allowed: ${host}`);
  }
}

/** HTTP jobs are off: JOB_HTTP_ALLOW is empty. */
export class HttpDisabledError extends NotAllowedError {
  constructor(host: string) {
    super(host);
    this.message = 'HTTP jobs are off (JOB_HTTP_ALLOW is empty)';
  }
}

/** Any failure to reach the executor or read its answer. Deliberately says nothing more. */
export class ConnectionFailedError extends Error {
  constructor() {
    super('connection failed');
  }
}

type LookupAddress = { address: string; family: number };

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => dns.lookup(host, { all: true, verbatim: true }, (err, list) => (err ? reject(err) : resolve(list))));
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

/** A `lookup` for the HTTP agent: resolves, refuses unless every address is allowed, answers only checked addresses. */
function checkedLookup(allow: HttpAllowList, host: string, port: number): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    resolveAll(hostname).then(
      (list) => {
        if (!list.length || !list.every((a) => allow.allowsAddress(a.address, port, host))) return callback(new NotAllowedError(host), '', 0);
        const wanted = options.family === 4 || options.family === 6 ? list.filter((a) => a.family === options.family) : list;
        if (!wanted.length) return callback(new ConnectionFailedError(), '', 0);
        if (options.all) return callback(null, wanted);
        callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      () => callback(new ConnectionFailedError(), '', 0),
    );
  }) as unknown as net.LookupFunction;
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
