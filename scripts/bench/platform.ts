// Walking-skeleton figures: start-up, menu query overhead, login screen weight.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import { spawnSync } from 'node:child_process';
import { benchPostgresUrl, consoleHeaders, median, root, startServerProcess, stop } from './_support.ts';
import { ADMIN_PASSWORD, Client, startServer } from '../../apps/server/test/harness.ts';
import { MENU_SQL } from '../../apps/server/src/modules/system/index.ts';

const out: Record<string, number | string | null> = {};

async function startup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD, SEED_DEMO: '1' };
  const first = await startServerProcess(env);
  await stop(first.child);
  const restarts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await startServerProcess(env);
    restarts.push(r.ms);
    await stop(r.child);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  out['startup.firstStartMs'] = Math.round(first.ms);
  out['startup.restartMs'] = Math.round(median(restarts));
  console.log(`first start ${Math.round(first.ms)} ms, restarts ${restarts.map(Math.round).join(', ')} ms`);
}

function get(agent: http.Agent, port: number, method: string, urlPath: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - t0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function menuQuery() {
  const pgUrl = await benchPostgresUrl();
  const kind = pgUrl ? 'postgres' : 'pglite';
  if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
  // SESSION_CACHE_MS unset: the production default (the test harness turns the session cache off).
  const s = await startServer(kind, { SESSION_CACHE_MS: '' });
  try {
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (s.app.server.address() as { port: number }).port;
    const c = new Client(s);
    await c.login();
    const info = (await c.json('GET', '/api/auth/userInfo/0')).body;
    const body = JSON.stringify({ appSign: 'venue-console', orgId: info.currentOrg.orgId });
    const url = '/api/adapter/menu-exec/query';
    const headers = consoleHeaders(s.app.ctx.keys.signKey, c, 'POST', url, body);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const N = 2000;
    for (let i = 0; i < 200; i++) await get(agent, port, 'POST', url, headers, body);
    for (let i = 0; i < 200; i++) await s.database.query(MENU_SQL);
    const httpMs: number[] = [];
    const sqlMs: number[] = [];
    for (let i = 0; i < N; i++) {
      httpMs.push(await get(agent, port, 'POST', url, headers, body));
      const t0 = performance.now();
      await s.database.query(MENU_SQL);
      sqlMs.push(performance.now() - t0);
    }
    agent.destroy();
    out['api.menuQuery.httpMedianMs'] = Number(median(httpMs).toFixed(3));
    out['api.menuQuery.sqlMedianMs'] = Number(median(sqlMs).toFixed(3));
    out['api.menuQuery.overheadRatio'] = Number((median(httpMs) / median(sqlMs)).toFixed(2));
    out['api.menuQuery.database'] = kind;
    console.log(`menu-exec/query over HTTP ${median(httpMs).toFixed(3)} ms vs driver ${median(sqlMs).toFixed(3)} ms on ${kind}`);
  } finally {
    await s.close();
  }
}

async function loginWeight() {
  const dist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromiumPath)) {
    console.log('no Chromium: login weight not measured');
    out['web.loginJsGzipKB'] = null;
    out['web.loginCssGzipKB'] = null;
    return;
  }
  const s = await startServer('pglite', { WEB_DIST: dist });
  const { chromium } = await import('playwright-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (s.app.server.address() as { port: number }).port;
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const files = new Set<string>();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (/\.(js|css)$/.test(u.pathname)) files.add(u.pathname);
    });
    const t0 = performance.now();
    await page.goto(`http://127.0.0.1:${port}/login`);
    await page.getByTestId('login-submit').waitFor({ state: 'visible' });
    out['web.loginUsableMs'] = Math.round(performance.now() - t0);
    await page.waitForLoadState('networkidle');
    let js = 0;
    let css = 0;
    for (const f of files) {
      const size = zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
      if (f.endsWith('.js')) js += size;
      else css += size;
    }
    out['web.loginJsGzipKB'] = Number((js / 1024).toFixed(1));
    out['web.loginCssGzipKB'] = Number((css / 1024).toFixed(1));
    console.log(`login loads ${files.size} files: JS ${(js / 1024).toFixed(1)} KB, CSS ${(css / 1024).toFixed(1)} KB gzip`);
  } finally {
    await ctx.close();
    await s.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

await startup();
await menuQuery();
await loginWeight();
console.log(JSON.stringify(out));
process.exit(0);
