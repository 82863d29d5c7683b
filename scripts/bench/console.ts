// Console figures in Chromium: a reload of a list screen until its rows show (issue 9, "First paint").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { median, root } from './_support.ts';
import { ADMIN_PASSWORD, startServer } from '../../apps/server/test/harness.ts';
import { seedDemo } from '../../apps/server/src/modules/system/index.ts';

const out: Record<string, number | string | null> = {};
const RUNS = 5;

/**
 * `web.reloadToUsableListMs`: the user list open and signed in, the page is reloaded and the
 * clock (the page's own, from the navigation's start) stops when the list's rows show; median of
 * RUNS runs after one warm-up. The reload has to
 * restore the session, load user info, dictionary and menus, the layout and the screen's chunk,
 * and answer the list call.
 */
async function reloadToUsableList() {
  // BENCH_WEB_DIST: another build to compare (e.g. one made from an older commit).
  const dist = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromiumPath)) {
    console.log('no Chromium: reload of the user list not measured');
    out['web.reloadToUsableListMs'] = null;
    return;
  }
  const s = await startServer('pglite', { WEB_DIST: dist });
  await seedDemo(s.database.db, s.config);
  const { chromium } = await import('playwright-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1440, height: 900 },
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
    await page.goto(`http://127.0.0.1:${port}/login?redirect=%2Fsystem%2Fuser`);
    await page.getByTestId('login-name').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/system\/user/);
    const rows = page.getByTestId('user-table').locator('tbody tr.ant-table-row').first();
    await rows.waitFor({ state: 'visible', timeout: 60_000 });
    // Timed in the page: from the reload's navigation start (performance.now() = 0 there) to the
    // first DOM change that shows a row, so the bench process's own load does not count.
    // (A script string: the bench's TypeScript transform would wrap named functions in helpers the page lacks.)
    await page.addInitScript(`(() => {
      const observer = new MutationObserver(() => {
        if (window.__rowsAt === undefined && document.querySelector('[data-testid="user-table"] tbody tr.ant-table-row')) {
          window.__rowsAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    })();`);
    const times: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      await page.reload({ waitUntil: 'commit' });
      await rows.waitFor({ state: 'visible', timeout: 60_000 });
      const ms = await page.evaluate(() => (window as unknown as { __rowsAt?: number }).__rowsAt ?? Number.NaN);
      if (i > 0) times.push(ms);
    }
    out['web.reloadToUsableListMs'] = Math.round(median(times));
    console.log(`reload of the user list until its rows show: ${times.map(Math.round).join(', ')} ms (median ${Math.round(median(times))})`);
  } finally {
    await ctx.close();
    await s.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

await reloadToUsableList();
console.log(JSON.stringify(out));
process.exit(0);
