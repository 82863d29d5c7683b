import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import dns from 'node:dns';

/**
 * The one outbound HTTP client for addresses that someone other than the server's administrator
 * chose: HTTP jobs, the ticket feed, the messaging channels (SMS gateway, WeChat, DingTalk and
 * WeCom robots), and the payment merchant gateways; SMTP hosts go through the same address check.
 * A request the server makes on a tenant's behalf must never become a way into its own network:
 *
 * - **An allow-list** (`HttpAllowList`). Entries, comma-separated: a host name
 *   (`executor.example.com`), an IP address (`10.1.2.3`, `[fd00::7]`), a CIDR range
 *   (`10.1.0.0/16`), or `*` (any public address); each may end in `:port` to allow that port only
 *   (`[::1]:9000`, `10.1.0.0/16:8080`, `*:443`). HTTP jobs read `JOB_HTTP_ALLOW` (empty: off);
 *   tenants' channels and gateways read `OUTBOUND_ALLOW` (default `*`: public addresses only).
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
 * - **No redirects** are followed, answers are cut at a size limit, every call has a time limit,
 *   and failures to connect read "connection failed" whatever the cause, so a caller cannot use
 *   it to learn which ports are open.
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
  constructor(
    readonly entry: string,
    setting = 'JOB_HTTP_ALLOW',
  ) {
    super(`${setting}: "${entry}" is not a host, IP address, CIDR range or *, with an optional :port`);
  }
}

interface AddressRule {
  list: net.BlockList;
  port: number | null;
  /** The rule lies inside one special range (an exact special address, or a range within one). */
  special: boolean;
}

/** A parsed allow-list (JOB_HTTP_ALLOW, OUTBOUND_ALLOW). Throws AllowEntryError for an entry it cannot read. */
export class HttpAllowList {
  private readonly names: { name: string; port: number | null }[] = [];
  private readonly rules: AddressRule[] = [];
  private readonly anyPorts: (number | null)[] = [];

  constructor(entries: readonly string[], setting = 'JOB_HTTP_ALLOW') {
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
      if (port !== null && (port < 1 || port > 65535)) throw new AllowEntryError(e, setting);
      if (target === '*') {
        this.anyPorts.push(port);
        continue;
      }
      const cidr = /^(.+)\/(\d{1,3})$/.exec(target);
      if (cidr) {
        const ip = normaliseHost(cidr[1]!);
        const bits = Number(cidr[2]);
        if (!ip || !net.isIP(ip) || bits > (net.isIP(ip) === 6 ? 128 : 32)) throw new AllowEntryError(e, setting);
        const list = new net.BlockList();
        list.addSubnet(ip, bits, familyOf(ip));
        const inside = specialRanges.some((r) => r.family === familyOf(ip) && bits >= r.bits && r.list.check(ip, r.family));
        this.rules.push({ list, port, special: inside });
        continue;
      }
      const host = normaliseHost(target);
      if (!host) throw new AllowEntryError(e, setting);
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

/** The host or one of its addresses is not allowed by the allow-list. */
export class NotAllowedError extends Error {
  constructor(readonly host: string) {
    super(`address not allowed: ${host}`);
  }
}

/** Any failure to reach the other side or read its answer. Deliberately says nothing more. */
export class ConnectionFailedError extends Error {
  constructor() {
    super('connection failed');
  }
}

export type LookupAddress = { address: string; family: number };

export function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => dns.lookup(host, { all: true, verbatim: true }, (err, list) => (err ? reject(err) : resolve(list))));
}

/** A `lookup` for the HTTP agent: resolves, refuses unless every address is allowed, answers only checked addresses. */
export function checkedLookup(allow: HttpAllowList, host: string, port: number): net.LookupFunction {
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

export interface OutboundCall {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The whole call, connection to last byte (default 10 s). */
  timeoutMs?: number;
  /** Answers longer than this fail (default 1 MiB). */
  maxBytes?: number;
  /** TLS client certificate and key (PEM), for the calls that need mutual TLS. */
  clientCert?: { cert: string; key: string };
}

export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  bytes: Buffer;
}

/** The call ran out of time (the other side may have acted on it). */
export class OutboundTimeoutError extends Error {
  constructor() {
    super('timed out');
  }
}

/** The port a URL connects to. */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/**
 * Checks a URL before it is saved: http(s) only, no credentials, the host normalised, then every
 * address it resolves to (a name that does not resolve here is accepted: it is checked again at
 * every call). Throws NotAllowedError.
 */
export async function checkUrl(allow: HttpAllowList, raw: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new NotAllowedError(raw);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw new NotAllowedError(raw);
  await checkHost(allow, url.hostname, portOf(url));
  return url;
}

/** Checks a host and port (an SMTP server): every address it resolves to must be allowed. Answers the checked addresses (empty when the name does not resolve now). */
export async function checkHost(allow: HttpAllowList, rawHost: string, port: number): Promise<LookupAddress[]> {
  const host = normaliseHost(rawHost);
  if (!host) throw new NotAllowedError(rawHost);
  if (net.isIP(host)) {
    if (!allow.allowsAddress(host, port)) throw new NotAllowedError(rawHost);
    return [{ address: host, family: net.isIP(host) }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch {
    return [];
  }
  if (!addresses.length || !addresses.every((a) => allow.allowsAddress(a.address, port, host))) throw new NotAllowedError(rawHost);
  return addresses;
}

const OUT_TIMEOUT_MS = 10_000;
const OUT_MAX_BYTES = 1024 * 1024;

/**
 * One request to a URL someone else chose. Rejects with NotAllowedError (the address is not
 * allowed: nothing was sent), OutboundTimeoutError (the time limit passed: the request may have
 * arrived), or ConnectionFailedError (anything else, whatever the cause). A 3xx is answered as
 * it is, never followed.
 */
export function outboundRequest(allow: HttpAllowList, rawUrl: string, call: OutboundCall): Promise<OutboundAnswer> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.reject(new NotAllowedError(rawUrl));
  }
  const mod = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
  if (!mod || url.username || url.password) return Promise.reject(new NotAllowedError(rawUrl));
  const host = normaliseHost(url.hostname);
  if (!host) return Promise.reject(new NotAllowedError(rawUrl));
  const port = portOf(url);
  const literal = net.isIP(host) !== 0;
  if (literal && !allow.allowsAddress(host, port)) return Promise.reject(new NotAllowedError(url.hostname));
  const body = call.body === undefined ? undefined : Buffer.from(call.body, 'utf8');
  const maxBytes = call.maxBytes ?? OUT_MAX_BYTES;
  const signal = AbortSignal.timeout(call.timeoutMs ?? OUT_TIMEOUT_MS);
  return new Promise<OutboundAnswer>((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      if (signal.aborted) reject(new OutboundTimeoutError());
      else if (err instanceof NotAllowedError) reject(err);
      else reject(new ConnectionFailedError());
    };
    const req = mod.request(
      {
        host,
        port,
        path: `${url.pathname}${url.search}`,
        method: call.method,
        signal,
        // A fresh connection each time: no pooled socket outlives the check made for this call.
        agent: false,
        lookup: literal ? undefined : checkedLookup(allow, host, port),
        servername: mod === https && !literal ? host : undefined,
        ...(call.clientCert && mod === https ? { cert: call.clientCert.cert, key: call.clientCert.key } : {}),
        headers: {
          host: url.host,
          accept: 'application/json',
          ...call.headers,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) return void req.destroy(new ConnectionFailedError());
          chunks.push(c);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: bytes.toString('utf8'), bytes });
        });
        res.on('error', fail);
        res.on('close', () => (res.complete ? undefined : fail(new ConnectionFailedError())));
      },
    );
    req.on('error', fail);
    if (body) req.write(body);
    req.end();
  });
}
