// The seat-map designer in Chromium (issue 13): frames per second while panning and zooming a
// 10,000-seat map. `npm run bench -- seatmap`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { median, root } from './_support.ts';
import { ADMIN_PASSWORD, Client, startServer } from '../../apps/server/test/harness.ts';
import { seedDemo } from '../../apps/server/src/modules/system/index.ts';
import { generatedDocument } from '../../apps/web/src/features/sport/ticket/seatmap/seatmap.geometry.ts';

const out: Record<string, number | string | null> = {};
const SEATS = 10_000;
const PAN_MS = 4000;
const ZOOM_MS = 3000;
const RUNS = 3;

/**
 * Runs in the page (a script string: the bench's TypeScript transform would wrap functions in
 * helpers the page lacks). Drives the designer's own input handlers once per animation frame, as a
 * user's drag or wheel would, for `ms`; answers the frame times. Panning is a middle-button drag on
 * the stage (pointer events), zooming is wheel events over it.
 */
const drive = (mode: 'pan' | 'zoom' | 'idle', ms: number) => `(() => new Promise((resolve) => {
  const box = document.querySelector('[data-testid="seatmap-canvas"]');
  const content = box.querySelector('.konvajs-content');
  const r = box.getBoundingClientRect();
  let x = r.left + r.width / 2, y = r.top + r.height / 2;
  const opts = (more) => Object.assign({ clientX: x, clientY: y, bubbles: true, cancelable: true, pointerId: 1, pointerType: 'mouse', isPrimary: true }, more);
  if (${JSON.stringify(mode)} === 'pan') content.dispatchEvent(new PointerEvent('pointerdown', opts({ button: 1, buttons: 4 })));
  const times = [];
  const t0 = performance.now();
  const frame = (now) => {
    times.push(now);
    const k = times.length;
    if (now - t0 > ${ms}) {
      if (${JSON.stringify(mode)} === 'pan') window.dispatchEvent(new PointerEvent('pointerup', opts({ button: 1, buttons: 0 })));
      resolve(times);
      return;
    }
    if (${JSON.stringify(mode)} === 'pan') {
      x += Math.cos(k / 40) * 14;
      y += Math.sin(k / 25) * 9;
      window.dispatchEvent(new PointerEvent('pointermove', opts({ button: -1, buttons: 4 })));
    } else if (${JSON.stringify(mode)} === 'zoom') {
      content.dispatchEvent(new WheelEvent('wheel', { clientX: x + Math.cos(k / 20) * 200, clientY: y, deltaY: Math.sin(k / 15) * 60, bubbles: true, cancelable: true }));
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}))()`;

function fpsOf(times: number[]): number {
  if (times.length < 2) return 0;
  return ((times.length - 1) * 1000) / (times.at(-1)! - times[0]!);
}

async function designerFps() {
  const dist = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromiumPath)) {
    console.log('no Chromium: the seat-map designer not measured');
    out['seatmap.designer.fps10k'] = null;
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
    const admin = new Client(s);
    const login = await admin.login();
    if (login.code !== 0) throw new Error(`admin sign-in answered ${login.code}`);
    const made = await admin.json('POST', '/api/sport/ticket/seatmap', { body: { name: 'bench 10k', document: generatedDocument(SEATS) } });
    if (made.code !== 0) throw new Error(`seat map not made: ${made.code} ${made.msg}`);
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (s.app.server.address() as { port: number }).port;
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const at = `/sport/views/ticketManagement/seatMaps/drawSeat/${made.body.id}`;
    await page.goto(`http://127.0.0.1:${port}/login?redirect=${encodeURIComponent(at)}`);
    await page.getByTestId('login-name').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/drawSeat/);
    await page.locator(`[data-testid="seatmap-designer"][data-seats="${SEATS}"]`).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const pan: number[] = [];
    const zoom: number[] = [];
    const idle: number[] = [];
    // Fitted (every seat in view: the most drawing), then at 100 % (numbers shown, most culled).
    for (let i = 0; i < RUNS; i++) {
      await page.getByTestId('seatmap-fit').click();
      await page.waitForTimeout(200);
      pan.push(fpsOf((await page.evaluate(drive('pan', PAN_MS))) as number[]));
      zoom.push(fpsOf((await page.evaluate(drive('zoom', ZOOM_MS))) as number[]));
      idle.push(fpsOf((await page.evaluate(drive('idle', ZOOM_MS))) as number[]));
    }
    await page.getByTestId('seatmap-fit').click();
    for (let i = 0; i < 4; i++) await page.getByTestId('seatmap-zoom-in').click();
    const close = fpsOf((await page.evaluate(drive('pan', PAN_MS))) as number[]);
    const fps = Math.min(median(pan), median(zoom));
    out['seatmap.designer.fps10k'] = Math.round(fps * 10) / 10;
    out['seatmap.designer.panFps10k'] = Math.round(median(pan) * 10) / 10;
    out['seatmap.designer.zoomFps10k'] = Math.round(median(zoom) * 10) / 10;
    out['seatmap.designer.panCloseFps10k'] = Math.round(close * 10) / 10;
    // The same page doing nothing: the frame rate this machine gives Chromium right now (a busy
    // machine lowers both; the ratio says how much the designer itself costs).
    out['seatmap.designer.idleFps'] = Math.round(median(idle) * 10) / 10;
    out['seatmap.designer.fps10kRatio'] = Math.round((fps / median(idle)) * 100) / 100;
    console.log(
      `${SEATS} seats, fitted: pan ${pan.map((f) => f.toFixed(1)).join(', ')} fps; zoom ${zoom.map((f) => f.toFixed(1)).join(', ')} fps; panning zoomed in: ${close.toFixed(1)} fps; idle page ${idle.map((f) => f.toFixed(1)).join(', ')} fps`,
    );
  } finally {
    await ctx.close();
    await s.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

await designerFps();
console.log(JSON.stringify(out));
process.exit(0);
