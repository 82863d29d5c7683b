import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Code, conflictDetailOf } from '@venue/contract';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/platform/db.ts';
import { buildApp } from '../src/app.ts';
import { answerIssues, routeRegistry, type RouteRecord } from '../src/platform/http.ts';
import { computeSign } from '../src/platform/keys.ts';
import { seedPlatform } from '../src/modules/system/index.ts';
import { migrationsFolder } from '../src/platform/paths.ts';
import type { SmsProvider } from '../src/modules/auth/index.ts';

export const ADMIN_PASSWORD = 'Admin@12345';

/** The databases every server suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
// TEST_POSTGRES_ONLY: a second pass of some suites on PostgreSQL alone (through PgBouncer: scripts/test.mjs).
export const databases: ('pglite' | 'postgres')[] = !process.env.TEST_DATABASE_URL
  ? ['pglite']
  : process.env.TEST_POSTGRES_ONLY
    ? ['postgres']
    : ['pglite', 'postgres'];

/** Captures SMS texts instead of sending them, as a provider would receive them. */
export class CapturingSms implements SmsProvider {
  sent: { phone: string; text: string }[] = [];
  async send(phone: string, text: string) {
    this.sent.push({ phone, text });
  }
  lastCode(phone: string): string | undefined {
    const m = [...this.sent]
      .reverse()
      .find((s) => s.phone === phone)
      ?.text.match(/\d{6}/);
    return m?.[0];
  }
}

/**
 * TEST_DATABASE_LISTEN_URL: the same server reached directly when TEST_DATABASE_URL is a PgBouncer
 * in transaction mode in front of it. Session-level work (advisory locks, LISTEN, creating and
 * dropping databases) goes there; the servers under test query through the pooler.
 */
// Read when used: the benches set TEST_DATABASE_URL after importing this file.
const directBase = () => process.env.TEST_DATABASE_LISTEN_URL ?? process.env.TEST_DATABASE_URL!;

function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database on the TEST_DATABASE_URL server (empty, or a copy of `template`), with a way to drop it. */
export async function freshPostgres(prefix = 't', opts: { template?: string } = {}): Promise<{ url: string; listenUrl?: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const base = directBase();
  const name = `${prefix}_${Date.now().toString(36)}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  await admin.end();
  return {
    url: withDatabase(process.env.TEST_DATABASE_URL!, name),
    listenUrl: process.env.TEST_DATABASE_LISTEN_URL && withDatabase(directBase(), name),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  sms: CapturingSms;
  dataDir: string;
  close(): Promise<void>;
}

/** The migrations' digest: a template database is named by it, so a changed migration makes a new one. */
function migrationsDigest(extra = ''): string {
  const digest = crypto.createHash('sha256').update(extra);
  for (const f of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(migrationsFolder, f);
    if (fs.statSync(file).isFile()) digest.update(f).update(fs.readFileSync(file));
  }
  return digest.digest('hex').slice(0, 16);
}

/**
 * Where test databases and browser profiles live: /dev/shm when it is a roomy tmpfs (it is on the
 * CI machines), else the temp directory. Every server of the suites starts from a copy of a
 * 7,000-file embedded database and deletes it at the end: in memory that is a tenth of a second, on a
 * busy disk one to three seconds each way.
 */
export const scratchDir = ((): string => {
  try {
    const fsStat = fs.statfsSync('/dev/shm');
    if (fsStat.bavail * fsStat.bsize >= 4 * 2 ** 30) return '/dev/shm';
  } catch {
    // no /dev/shm (not Linux)
  }
  return os.tmpdir();
})();

let pgliteTemplate: Promise<string> | undefined;

/**
 * An empty PGlite database with every migration applied, to copy: a new cluster (initdb inside
 * WebAssembly) and the migrations take 4–8 s per server, a copy of the 46 MB directory a quarter
 * of a second. Made once per run and shared by the test processes through the temp directory.
 */
function migratedPgliteDir(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const version = JSON.parse(fs.readFileSync(path.join(path.dirname(pglite), '../package.json'), 'utf8')).version as string;
    const dir = path.join(scratchDir, `venue-pglite-${migrationsDigest(version)}`);
    if (fs.existsSync(path.join(dir, 'ready'))) return dir;
    const work = fs.mkdtempSync(path.join(scratchDir, 'venue-pglite-build-'));
    const database = await openDatabase({ dataDir: work });
    await database.close();
    fs.writeFileSync(path.join(work, 'ready'), '');
    try {
      // Whole or not at all: another process that finished first keeps its copy.
      fs.renameSync(work, dir);
    } catch {
      fs.rmSync(work, { recursive: true, force: true });
    }
    return dir;
  })();
  return pgliteTemplate;
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The same on the TEST_DATABASE_URL server: a database with every migration applied, which new
 * test databases are created from (`create database … template`, 0.35 s instead of 2.3 s of
 * migrations). Test processes take turns under an advisory lock to make it once per run.
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `venue_tpl_${migrationsDigest()}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: directBase() });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(727275)');
      if (!(await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) {
        const building = `${name}_build`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const database = await openDatabase({ databaseUrl: withDatabase(directBase(), building), dataDir: os.tmpdir() });
        await database.close();
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock(727275)').catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
}

/** A real server on a fresh database (own data dir, own PostgreSQL database). */
export async function startServer(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  opts: { logStream?: { write(line: string): unknown } } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(scratchDir, 'venue-test-'));
  // A suite that brings its own server (the replica test's throwaway primary) names it in DATABASE_URL.
  const pgdb = kind === 'postgres' && !env.DATABASE_URL ? await freshPostgres('t', { template: await migratedPostgresTemplate() }) : undefined;
  if (kind === 'pglite') fs.cpSync(path.join(await migratedPgliteDir(), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  // SESSION_CACHE_MS 0: suites change the database behind the server (raw SQL grants, deleted sessions)
  // and expect its next answer to show it, where another process would see it within the cache's
  // lifetime; session-cache.test.ts runs with the cache.
  // DATABASE_POOL_SIZE 5: two suites at once each run several servers on one PostgreSQL.
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    LOGIN_RATE_PER_MINUTE: '10000',
    SESSION_CACHE_MS: '0',
    DATABASE_POOL_SIZE: '5',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...(pgdb?.listenUrl ? { DATABASE_LISTEN_URL: pgdb.listenUrl } : {}),
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    readUrl: config.databaseReadUrl,
    readMaxLagMs: config.databaseReadMaxLagMs,
    dataDir,
    poolSize: config.poolSize,
  });
  const sms = new CapturingSms();
  const app = await buildApp({ config, database, sms, logStream: opts.logStream });
  await seedPlatform(database.db, config, () => undefined);
  await app.ready();
  return {
    app,
    config,
    database,
    sms,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await pgdb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The declared route a request reaches (by method and path, query left out). Where several
 * patterns match, a static segment beats a parameter at the first place they differ, as in
 * Fastify's router (`user/resetPwd` before `user/:id`).
 */
export function routeOf(method: string, url: string): RouteRecord | undefined {
  const path = url.split('?')[0]!;
  const parts = path.split('/');
  let best: { rank: string; route: RouteRecord } | undefined;
  for (const r of routeRegistry) {
    if (r.method !== method) continue;
    const pattern = r.url.split('/');
    if (pattern.length !== parts.length) continue;
    if (!pattern.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i]))) continue;
    const rank = pattern.map((seg) => (seg.startsWith(':') ? '1' : '0')).join('');
    if (!best || rank < best.rank) best = { rank, route: r };
  }
  return best?.route;
}

/**
 * Fails the test when a successful answer's body does not match the route's response schema
 * (packages/contract): a field of the wrong type, a missing one, or one the schema does not
 * declare. Every server test so checks the contract the console's types come from.
 */
export function checkAnswer(method: string, url: string, envelope: { code?: number; body?: unknown } | null): void {
  if (!envelope || (envelope.code !== Code.OK && envelope.code !== Code.OK_NOTICE)) return;
  const schema = routeOf(method, url)?.response;
  if (!schema || schema === 'file') return;
  const issues = answerIssues(schema, envelope.body);
  if (issues.length) {
    const list = issues
      .slice(0, 10)
      .map((i) => `  ${i.field || '(body)'}: ${i.message}`)
      .join('\n');
    throw new Error(`${method} ${url}: the answer does not match its response schema:\n${list}`);
  }
}

/** checkAnswer on a JSON answer as it came back (Client.call, file uploads). */
export function checkResponse(method: string, url: string, res: LightMyRequestResponse): void {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return;
  let envelope: { code?: number; body?: unknown } | null;
  try {
    envelope = res.json();
  } catch {
    return;
  }
  checkAnswer(method, url, envelope);
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  lang?: 'zh-CN' | 'en-US';
  /** Skip the Sign/Timestamp headers, or send a wrong one. */
  sign?: 'none' | 'bad' | 'stale';
  xsrf?: boolean;
  raw?: string;
}

/**
 * A browser-like client: keeps cookies (XSRF-TOKEN, captcha), signs every call as the
 * console does, and sends the bearer token after login.
 */
export class Client {
  token: string | undefined;
  cookies = new Map<string, string>();
  constructor(readonly server: TestServer) {}

  private absorb(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string }[]) this.cookies.set(c.name, c.value);
  }

  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: CallOptions = {}): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('XSRF-TOKEN')) this.absorb(await this.server.app.inject({ method: 'GET', url: '/config.json' }));
    const qs = opts.query ? '?' + new URLSearchParams(opts.query).toString() : '';
    const fullUrl = url + qs;
    const raw = opts.raw ?? (opts.body === undefined ? '' : JSON.stringify(opts.body));
    let ts = String(Math.floor(Date.now() / 1000));
    if (opts.sign === 'stale') ts = String(Math.floor(Date.now() / 1000) - 1000);
    const headers: Record<string, string> = { lang: opts.lang ?? 'zh-CN', ...(raw ? { 'content-type': 'application/json' } : {}) };
    if (opts.sign !== 'none') {
      headers.timestamp = ts;
      headers.sign = opts.sign === 'bad' ? 'deadbeef' : computeSign(this.server.app.ctx.keys.signKey, ts, method, fullUrl, raw);
    }
    if (opts.xsrf !== false && method !== 'GET') headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await this.server.app.inject({
      method,
      url: fullUrl,
      payload: raw || undefined,
      headers: { ...headers, ...opts.headers },
      cookies: Object.fromEntries(this.cookies),
    });
    this.absorb(res);
    checkResponse(method, fullUrl, res);
    return res;
  }

  async json<T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts: CallOptions = {},
  ): Promise<{ code: number; msg: string; detail: any; body: T; status: number }> {
    const res = await this.call(method, url, opts);
    const env = res.json();
    // Every 100409 says why (issue 8, point 6): {reason, fields}.
    if (env?.code === Code.CONFLICT && !conflictDetailOf(env.detail))
      throw new Error(`${method} ${url}: 100409 without detail.reason: ${JSON.stringify(env.detail)}`);
    return { ...env, status: res.statusCode };
  }

  async login(loginName = 'admin', password = ADMIN_PASSWORD, authCode?: string) {
    const res = await this.call('POST', '/api/auth/login', {
      body: { loginName, password, others: { appSign: 'venue-console', loginType: 'password', authCode } },
    });
    const token = res.headers.authorization as string | undefined;
    if (token) this.token = token;
    return { ...res.json(), status: res.statusCode, token };
  }
}

export const sys = (p: string) => `/api/system/${p}`;
export const auth = (p: string) => `/api/auth/${p}`;
export const adapter = (p: string) => `/api/adapter/${p}`;
