import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeSign } from '../../apps/server/src/platform/keys.ts';
import { Client, type TestServer } from '../../apps/server/test/harness.ts';
// @ts-expect-error plain ES module without types
import { buildServer, serverBundle } from '../build.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The headers the console sends with a signed, XSRF-protected, signed-in call (for autocannon and raw HTTP loops). */
export function consoleHeaders(
  signKey: string,
  c: { token?: string; cookies: Map<string, string> },
  method: string,
  url: string,
  body: string,
): Record<string, string> {
  const ts = String(Math.floor(Date.now() / 1000));
  const xsrf = c.cookies.get('XSRF-TOKEN') ?? '';
  return {
    'content-type': 'application/json',
    lang: 'zh-CN',
    timestamp: ts,
    sign: computeSign(signKey, ts, method, url, body),
    'x-xsrf-token': xsrf,
    cookie: `XSRF-TOKEN=${xsrf}`,
    authorization: `Bearer ${c.token}`,
  };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** A PostgreSQL URL for benches: BENCH_DATABASE_URL, TEST_DATABASE_URL, or the local server when it answers. */
export async function benchPostgresUrl(): Promise<string | undefined> {
  const candidate = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return candidate;
  } catch {
    return undefined;
  }
}

/** A new, empty database on the `base` PostgreSQL server (a bench's own), with a way to drop it. */
export async function scratchDatabase(base: string, prefix = 'bench'): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  const onServer = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/** Starts the server process as `npm start` does (the bundle) and answers when /readyz says ready. */
export async function startServerProcess(env: Record<string, string>): Promise<{ child: ChildProcess; ms: number; port: number }> {
  await buildServer();
  const port = Number(env.PORT ?? (await freePort()));
  const t0 = performance.now();
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (r.ok) return { child, ms: performance.now() - t0, port };
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * One keep-alive HTTP/1.1 connection that sends one request at a time and reads each answer to
 * its Content-Length: as light as autocannon's client. Load benches run their buyers in the
 * server's process, so fetch's own cost (WHATWG streams, a connection pool) would be counted
 * against the server.
 */
export class KeepAliveConnection {
  private socket?: net.Socket;
  private received = Buffer.alloc(0);
  private waiting?: { resolve: (a: { status: number; body: string; ms: number }) => void; reject: (e: Error) => void };
  private sentAt = 0;

  constructor(private readonly port: number) {}

  private async open(): Promise<net.Socket> {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = net.connect(this.port, '127.0.0.1');
    socket.setNoDelay(true);
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (e) => this.waiting?.reject(e));
    socket.on('close', () => this.waiting?.reject(new Error('connection closed')));
    this.socket = socket;
    return socket;
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length ? Buffer.concat([this.received, chunk]) : chunk;
    const headEnd = this.received.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.received.subarray(0, headEnd).toString('latin1');
    const match = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!match) return this.waiting?.reject(new Error(`answer without content-length: ${head.slice(0, 200)}`));
    const end = headEnd + 4 + Number(match[1]);
    if (this.received.length < end) return;
    const body = this.received.subarray(headEnd + 4, end).toString('utf8');
    this.received = this.received.subarray(end);
    const w = this.waiting;
    this.waiting = undefined;
    w?.resolve({ status: Number(head.split(' ')[1]), body, ms: performance.now() - this.sentAt });
  }

  /** Sends one request; `ms` is the time from its bytes written to the answer's last byte read. */
  async request(method: string, url: string, headers: Record<string, string>, body = ''): Promise<{ status: number; body: string; ms: number }> {
    const socket = await this.open();
    const text =
      `${method} ${url} HTTP/1.1\r\nhost: 127.0.0.1:${this.port}\r\nconnection: keep-alive\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.sentAt = performance.now();
      socket.write(text);
    });
  }

  close(): void {
    this.socket?.destroy();
  }
}

/** The body of a call that must succeed; anything else throws with the server's message and detail. */
export async function ok(c: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<any> {
  const r = await c.json(method, url, body === undefined ? {} : { body });
  if (r.code !== 0) throw new Error(`${url}: ${r.msg} ${JSON.stringify(r.detail)}`);
  return r.body;
}

/**
 * A venue organisation of the bench (`code`, `name`), a role named `role` with every menu whose key
 * matches `menus`, and `users` signed-in users of it (codes `<code>_1`, `<code>_2`, …), with the
 * platform administrator signed in too.
 */
export async function benchStaff(
  s: TestServer,
  o: { code: string; name: string; role: string; menus: RegExp; users?: number },
): Promise<{ admin: Client; orgId: number; users: Client[] }> {
  const admin = new Client(s);
  await admin.login();
  const platform = (await ok(admin, 'GET', '/api/system/org/tree'))[0].id;
  const org = await ok(admin, 'POST', '/api/system/org', { code: o.code, name: o.name, parentId: platform, type: 3 });
  const menuIds: number[] = [];
  const walk = (ns: { id: number; key: string; children?: unknown[] }[]) =>
    ns.forEach((n) => (o.menus.test(n.key) && menuIds.push(n.id), walk((n.children ?? []) as never)));
  walk(await ok(admin, 'GET', '/api/system/menu/tree'));
  const roleCode = o.code.replace(/-/g, '_');
  const role = await ok(admin, 'POST', '/api/system/role', { orgId: org.id, code: roleCode, name: o.role, menuIds });
  const users: Client[] = [];
  for (let i = 1; i <= (o.users ?? 1); i++) {
    const code = `${roleCode}_${i}`;
    await ok(admin, 'POST', '/api/system/user', { code, name: `${o.role}${i}`, password: 'Bench@2020x', orgId: org.id, roleIds: [role.id] });
    const c = new Client(s);
    if ((await c.login(code, 'Bench@2020x')).code !== 0) throw new Error(`${code} cannot sign in`);
    users.push(c);
  }
  return { admin, orgId: org.id, users };
}

/**
 * A bench venue through the console's calls (`post` answers the body of a call that must succeed):
 * open `open`–`close` (08:00–22:00 unless told), the booking rules every bench uses, and `sites`
 * badminton courts named 1号场, 2号场, …
 */
export async function benchVenue(
  post: (url: string, body: unknown) => Promise<any>,
  o: { name: string; slotMinutes: number; sites?: number; advanceDays?: number; open?: string; close?: string; timeZone?: string; sportcatItems?: string[] },
): Promise<{ venue: { id: number; orgId: number }; sites: number[] }> {
  const venue = await post('/api/stadium/stadiumInfo/insert', {
    stadiumName: o.name,
    ...(o.timeZone ? { timeZone: o.timeZone } : {}),
    ...(o.sportcatItems ? { sportcatItems: o.sportcatItems } : {}),
    slotMinutes: o.slotMinutes,
    openTime: o.open ?? '08:00',
    closeTime: o.close ?? '22:00',
    rules: {
      advanceDays: o.advanceDays ?? 60,
      minSlots: 1,
      maxSlots: 16,
      cancelDeadlineMinutes: 120,
      lateCancelRefundPercent: 50,
      changeDeadlineMinutes: 120,
      noShowAfterMinutes: 15,
      noShowForfeits: true,
    },
  });
  const sites: number[] = [];
  for (let i = 1; i <= (o.sites ?? 0); i++)
    sites.push((await post('/api/sport/venue/site', { venueId: venue.id, name: `${i}号场`, sport: 'badminton', sort: i })).id);
  return { venue, sites };
}

/** A console-like client of one server process: its sign key, the XSRF cookie and a bearer token. */
export class Http {
  signKey = '';
  xsrf = '';
  token: string | undefined;
  constructor(readonly base: string) {}

  async init(): Promise<this> {
    const r = await fetch(`${this.base}/config.json`);
    this.signKey = ((await r.json()) as { signKey: string }).signKey;
    this.xsrf = /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')![1]!;
    return this;
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    urlPath: string,
    body?: unknown,
  ): Promise<{ status: number; code: number; body: any; token: string | null }> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = {
      lang: 'zh-CN',
      timestamp: ts,
      sign: computeSign(this.signKey, ts, method, urlPath, raw),
      'x-xsrf-token': this.xsrf,
      cookie: `XSRF-TOKEN=${this.xsrf}`,
      ...(raw ? { 'content-type': 'application/json' } : {}),
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
    };
    const r = await fetch(`${this.base}${urlPath}`, { method, headers, body: raw || undefined });
    const json = (await r.json()) as { code: number; body: unknown };
    return { status: r.status, code: json.code, body: json.body, token: r.headers.get('authorization') };
  }

  async login(password: string, loginName = 'admin'): Promise<string> {
    const r = await this.call('POST', '/api/auth/login', {
      loginName,
      password,
      others: { appSign: 'venue-console', loginType: 'password' },
    });
    if (r.code !== 0 || !r.token) throw new Error(`login answered ${r.code}`);
    return (this.token = r.token);
  }
}
