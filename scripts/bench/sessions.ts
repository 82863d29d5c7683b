// Session invalidation across processes (issue 8, point 7):
//  - api.sessionRevokeVisibleMs: two server processes (the bundle `npm start` runs) on one fresh
//    PostgreSQL database. A session is in constant use on process B while process A forces it
//    offline at a random moment; the figure is the median, over the rounds, of the time from A's
//    answer to the first 401 that B gives. api.sessionRevokeVisibleMaxMs is the longest round.
// Needs PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL / local); without one it prints no figures.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchPostgresUrl, median, startServerProcess, stop } from './_support.ts';
import { computeSign } from '../../apps/server/src/platform/keys.ts';

const ROUNDS = 20;
const ADMIN_PASSWORD = 'Admin@12345';
const out: Record<string, number | string> = {};

/** A console-like client of one server process: its sign key, the XSRF cookie and a bearer token. */
class Http {
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

  async call(method: 'GET' | 'POST' | 'DELETE', urlPath: string, body?: unknown): Promise<{ status: number; code: number; body: any; token: string | null }> {
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

  async login(): Promise<string> {
    const r = await this.call('POST', '/api/auth/login', {
      loginName: 'admin',
      password: ADMIN_PASSWORD,
      others: { appSign: 'venue-console', loginType: 'password' },
    });
    if (r.code !== 0 || !r.token) throw new Error(`login answered ${r.code}`);
    return (this.token = r.token);
  }
}

const pgUrl = await benchPostgresUrl();
if (!pgUrl) {
  console.log('no PostgreSQL answers: two processes cannot share a database, no figures');
  console.log(JSON.stringify(out));
  process.exit(0);
}

const { default: pg } = await import('pg');
const name = `bench_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(pgUrl);
url.pathname = `/${name}`;
const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'bench-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'bench-b-'))];
const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: url.toString(),
  ADMIN_PASSWORD,
  SEED_DEMO: '0',
  LOGIN_RATE_PER_MINUTE: '100000',
  DATABASE_POOL_SIZE: '5',
});
// One after the other: the first migrates and seeds, the second finds it done.
const a = await startServerProcess(env(dirs[0]!));
const b = await startServerProcess(env(dirs[1]!));

try {
  const onA = await new Http(`http://127.0.0.1:${a.port}`).init();
  await onA.login();
  const visible: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const victimOnA = await new Http(`http://127.0.0.1:${a.port}`).init();
    const token = await victimOnA.login();
    const victimOnB = await new Http(`http://127.0.0.1:${b.port}`).init();
    victimOnB.token = token;
    const rows = (await onA.call('POST', '/api/system/online/list', { pageSize: 100 })).body.data as { sessionId: number; current: boolean }[];
    const sessionId = Math.max(...rows.filter((r) => !r.current).map((r) => r.sessionId));

    // The session in constant use on B, as a busy console uses it.
    let refusedAt: number | undefined;
    const busy = (async () => {
      for (;;) {
        const r = await victimOnB.call('GET', '/api/auth/userInfo/0');
        if (r.status === 401) return (refusedAt = performance.now());
        if (r.code !== 0) throw new Error(`userInfo on B answered ${r.code}`);
      }
    })();
    // Forced offline at a random moment relative to B's cache.
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 600));
    const forced = await onA.call('DELETE', `/api/system/online/${sessionId}`);
    const answeredAt = performance.now();
    if (forced.code !== 0) throw new Error(`force offline answered ${forced.code}`);
    await busy;
    visible.push(Math.max(0, refusedAt! - answeredAt));
  }
  out['api.sessionRevokeVisibleMs'] = Math.round(median(visible));
  out['api.sessionRevokeVisibleMaxMs'] = Math.round(Math.max(...visible));
  console.log(`forced logout on A seen as 401 on B after ${visible.map(Math.round).join(', ')} ms`);
} finally {
  await stop(b.child);
  await stop(a.child);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}

console.log(JSON.stringify(out));
process.exit(0);
