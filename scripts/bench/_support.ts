import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeSign } from '../../apps/server/src/platform/keys.ts';
// @ts-expect-error plain ES module without types
import { buildServer, serverBundle } from '../build.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The headers the console sends with a signed, XSRF-protected, signed-in call (for autocannon and raw HTTP loops). */
export function consoleHeaders(signKey: string, c: { token?: string; cookies: Map<string, string> }, method: string, url: string, body: string): Record<string, string> {
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
