import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { computeSign } from '../src/platform/keys.ts';
import { databases, freshPostgres } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

interface Proc {
  child: ChildProcess;
  port: number;
  log: () => string;
  exited: Promise<number | null>;
}

async function start(dataDir: string, env: Record<string, string> = {}, pollMs = 50): Promise<Proc> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO: '0', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Three minutes, however often it polls (a fresh embedded database with the demo seed takes most of it on a loaded machine).
  for (let i = 0; i < 180_000 / pollMs; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, port, log: () => out, exited };
    } catch {}
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error('server did not become ready');
}

/** Prepares a sign-in over real HTTP, as the console does (runtime config and XSRF cookie first); the answer sends it. */
async function loginRequest(port: number, loginName: string, password: string) {
  const base = `http://127.0.0.1:${port}`;
  const cfgRes = await fetch(`${base}/config.json`);
  const cfg = (await cfgRes.json()) as { signKey: string };
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cfgRes.headers.get('set-cookie') ?? '')![1]!;
  const body = JSON.stringify({ loginName, password, others: {} });
  return async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        timestamp: ts,
        sign: computeSign(cfg.signKey, ts, 'POST', '/api/auth/login', body),
        'x-xsrf-token': xsrf,
        cookie: `XSRF-TOKEN=${xsrf}`,
      },
      body,
    });
    return { status: res.status, json: (await res.json()) as { code: number }, token: res.headers.get('authorization') };
  };
}

async function login(port: number, loginName: string, password: string) {
  return (await loginRequest(port, loginName, password))();
}

/** A signed POST with the bearer token of a sign-in (the XSRF cookie of `config.json`). */
async function postAs(port: number, token: string, url: string, payload: unknown) {
  const base = `http://127.0.0.1:${port}`;
  const cfgRes = await fetch(`${base}/config.json`);
  const cfg = (await cfgRes.json()) as { signKey: string };
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cfgRes.headers.get('set-cookie') ?? '')![1]!;
  const body = JSON.stringify(payload);
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      timestamp: ts,
      sign: computeSign(cfg.signKey, ts, 'POST', url, body),
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
      authorization: `Bearer ${token}`,
    },
    body,
  });
  return (await res.json()) as { code: number; msg: string; body: { total: number; data: { name: string }[] } };
}

const loginsSeen = (log: string) => log.split('\n').filter((l) => l.includes('incoming request') && l.includes('/api/auth/login')).length;

describe('process lifecycle on the embedded database', { timeout: 240_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-life-'));
  let proc: Proc | undefined;
  afterAll(() => {
    proc?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates admin with a random password written once to the data dir', async () => {
    proc = await start(dataDir);
    const file = path.join(dataDir, 'initial-admin-password.txt');
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(proc.log()).toContain(password);
    const res = await login(proc.port, 'admin', password);
    expect(res.json.code).toBe(0);
    expect(res.token).toBeTruthy();
  });

  it('finishes an in-flight request on SIGTERM, closes the database and keeps the data', async () => {
    const password = fs.readFileSync(path.join(dataDir, 'initial-admin-password.txt'), 'utf8').trim();
    const send = await loginRequest(proc!.port, 'admin', password);
    const seen = loginsSeen(proc!.log());
    const inFlight = send();
    // SIGTERM once the server has the request (its log says so), however loaded the machine is.
    for (let i = 0; i < 3000 && loginsSeen(proc!.log()) === seen; i++) await new Promise((r) => setTimeout(r, 5));
    proc!.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.json.code).toBe(0);
    const code = await proc!.exited;
    if (code !== 0) console.log(proc!.log().split('\n').slice(-8).join('\n'));
    expect(code).toBe(0);
    expect(proc!.log()).toContain('closed cleanly');

    proc = await start(dataDir);
    // The same password works: the admin was not created again, and the sessions survived.
    const again = await login(proc.port, 'admin', password);
    expect(again.json.code).toBe(0);
    const unknown = await fetch(`http://127.0.0.1:${proc.port}/api/nothing/here`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: number }).code).toBe(100404);
    expect(unknown.headers.get('x-request-id')).toBeTruthy();
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });

  it('with SHUTDOWN_DRAIN_MS, answers /readyz 503 after SIGTERM and still serves requests while the balancer drains it', async () => {
    const password = fs.readFileSync(path.join(dataDir, 'initial-admin-password.txt'), 'utf8').trim();
    proc = await start(dataDir, { SHUTDOWN_DRAIN_MS: '60000' });
    const send = await loginRequest(proc.port, 'admin', password);
    proc.child.kill('SIGTERM');
    let ready = await fetch(`http://127.0.0.1:${proc.port}/readyz`);
    for (let i = 0; i < 3000 && ready.status === 200; i++) {
      await new Promise((r) => setTimeout(r, 10));
      ready = await fetch(`http://127.0.0.1:${proc.port}/readyz`);
    }
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe('draining');
    expect((await send()).json.code).toBe(0);
    expect(proc.log()).toContain('shutting down: draining');
    proc.child.kill('SIGKILL');
  });
});

describe('process lifecycle when the reader of its output goes away', { timeout: 240_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-life-pipe-'));
  const running: Proc[] = [];
  afterAll(() => {
    for (const p of running) p.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The forced-exit deadline of main.ts, and a margin for a loaded machine. */
  const GRACE_MS = 15_000;
  const within = (p: Proc) => Promise.race([p.exited, new Promise<string>((r) => setTimeout(() => r('still running'), GRACE_MS + 15_000))]);

  /** Makes the server write far more log lines than a pipe holds (each names an 8 KB path). */
  async function logALot(port: number) {
    const long = `/api/${'x'.repeat(8000)}`;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`http://127.0.0.1:${port}${long}`).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    return answers.filter((s) => s === 404).length;
  }

  it('answers and stops on SIGTERM while the reader has stopped reading (the pipe is full)', async () => {
    const proc = await start(dataDir);
    running.push(proc);
    proc.child.stdout!.removeAllListeners('data');
    proc.child.stdout!.pause();
    expect(await logALot(proc.port)).toBe(100);
    // Still serving while its log lines wait.
    expect((await fetch(`http://127.0.0.1:${proc.port}/healthz`)).status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await within(proc)).toBe(0);
  });

  it('stops on SIGTERM after the reader closed the pipe', async () => {
    const proc = await start(dataDir);
    running.push(proc);
    proc.child.stdout!.removeAllListeners('data');
    proc.child.stdout!.pause();
    expect(await logALot(proc.port)).toBe(100);
    // The reader exits: its end of the pipe closes with lines still unread.
    proc.child.stdout!.destroy();
    proc.child.kill('SIGTERM');
    expect(await within(proc)).toBe(0);
  });
});

describe.each(databases)('ready means ready: the demo seed on %s', { timeout: 300_000 }, (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-life-ready-'));
  let proc: Proc | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    proc?.child.kill('SIGKILL');
    if (proc) await proc.exited;
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the moment /readyz answers 200, the demo manager signs in and lists all 4 demo ticket sessions', async () => {
    const env: Record<string, string> = { SEED_DEMO: '1' };
    if (kind === 'postgres') {
      const db = await freshPostgres('life');
      drop = db.drop;
      env.DATABASE_URL = db.url;
    }
    // Polled often, so the first 200 is acted on at once (a ready answered while the seed still writes shows here).
    proc = await start(dataDir, env, 10);
    const signIn = await login(proc.port, 'manager', 'Demo@2020');
    expect(signIn.json.code).toBe(0);
    const sessions = await postAs(proc.port, signIn.token!, '/api/sport/ticket/session/list', { pageNum: 1, pageSize: 50 });
    expect(sessions.code, sessions.msg).toBe(0);
    expect(sessions.body.total).toBe(4);
  });
});
