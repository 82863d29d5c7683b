import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { Client, startServer, ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { grantMenus } from '../../server/test/grants.ts';
import { expect } from 'vitest';
import { makeOrg, makeRole, makeUser, signIn, uniq } from '../../server/src/modules/system/admin.testkit.ts';
import { seedDemo } from '../../server/src/modules/system/index.ts';
import { makeVenue } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { seedModuleDemos } from '../../server/src/platform/module.ts';
import { JobScheduler } from '../../server/src/modules/job/index.ts';
import { cheapPasswordHashesForTests } from '../../server/src/platform/password.ts';

// Sign-ins of the browser tests check cheap hashes (apps/server/test/setup.ts does the same for the server suites).
cheapPasswordHashesForTests();

export { ADMIN_PASSWORD };

export interface E2E {
  server: TestServer;
  baseUrl: string;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface OwnBrowser {
  context: BrowserContext;
  page: Page;
  /** Closes the browser (its context, and its Chromium when it has one of its own). */
  close(): Promise<void>;
}

/**
 * What the browsers of the running test saw go wrong: API calls that failed or answered an error
 * code, calls slower than a second, requests that never finished, page errors. Printed when a
 * test fails (trail.setup.ts), so a failure on a loaded CI machine says what the console met.
 */
export const trail: string[] = [];
const TRAIL_MAX = 60;
function note(line: string) {
  trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (trail.length > TRAIL_MAX) trail.shift();
}

function watch(context: BrowserContext) {
  const started = new WeakMap<object, number>();
  context.on('request', (r) => started.set(r, Date.now()));
  context.on('requestfailed', (r) => note(`${r.method()} ${r.url()} failed: ${r.failure()?.errorText ?? '?'}`));
  context.on('weberror', (e) => note(`page error: ${e.error().message}`));
  context.on('response', (res) => {
    const r = res.request();
    if (!new URL(r.url()).pathname.startsWith('/api/')) return;
    const ms = Date.now() - (started.get(r) ?? Date.now());
    const line = `${r.method()} ${r.url()} ${res.status()} ${ms} ms`;
    if (res.status() >= 400 || ms > 1000) note(line);
    // A change's answer names its code; big answers (lists, grids) are reads and are not parsed.
    else if (r.method() !== 'GET' && Number(res.headers()['content-length'] ?? 0) <= 4096)
      void res
        .json()
        .then((b: { code?: number; msg?: string }) => note(`${line} code ${b.code}${b.code ? ` ${b.msg}` : ''}`))
        .catch(() => undefined);
  });
}

/**
 * One Chromium per test process, shared by the files it runs: each test's browser is a context of
 * its own (own cookies, storage and cache, as a fresh profile has). Starting Chromium and a profile
 * for every browser cost more CPU than the tests themselves on CI's two cores.
 */
let shared: Promise<Browser> | undefined;
function sharedChromium(): Promise<Browser> {
  shared ??= launchChromium([]).then((b) => {
    b.on('disconnected', () => (shared = undefined));
    return b;
  });
  return shared;
}

/** Debian's old headless shell when it is there (global-setup.ts installs it): it draws no browser window around the page. */
function launchChromium(args: string[]): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', args: [...ARGS, ...args], headless: true });
}

/**
 * A fresh browser (Chinese, 1440×900 unless told), with its first page. With `args`, a Chromium of
 * its own; otherwise a new context of the process's shared one.
 */
export async function openBrowser(opts: { viewport?: { width: number; height: number }; args?: string[]; timezoneId?: string } = {}): Promise<OwnBrowser> {
  const own = opts.args?.length ? await launchChromium(opts.args) : undefined;
  const context = await (own ?? (await sharedChromium())).newContext({
    viewport: opts.viewport ?? { width: 1440, height: 900 },
    locale: 'zh-CN',
    // Less motion, as a user may ask the system for: dialogs open at once, and Chromium draws no
    // animation frames (CI has two slow cores for the server, Chromium and the tests).
    reducedMotion: 'reduce',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  watch(context);
  const page = await context.newPage();
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => undefined);
      await own?.close().catch(() => undefined);
    },
  };
}

/**
 * The real server (fresh PGlite data dir, built console) on a free port, and a fresh Chromium profile.
 * The console is apps/web/dist, or E2E_WEB_DIST: a build of one's own (others may rebuild dist meanwhile).
 */
export async function startE2E(env: Record<string, string> = {}): Promise<E2E> {
  const server = await startServer('pglite', {
    WEB_DIST: process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../dist'),
    // The console gives up on a call after this long. CI's two cores run the server, Chromium and
    // the test at once, where a call can take seconds: a given-up call fails a test for nothing.
    REQUEST_TIMEOUT_MS: '30000',
    ...env,
  });
  await seedDemo(server.database.db, server.config);
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await openBrowser();
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    context: browser.context,
    page: browser.page,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** Signs in through the login form. */
export async function loginThroughForm(page: Page, loginName: string, password: string): Promise<void> {
  await page.getByTestId('login-name').fill(loginName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * The state a test starts from, so that it runs alone and in any order: signed out, with no
 * session on the server, no cookies and no stored language or theme, at /login.
 */
export async function signedOut(e: E2E): Promise<void> {
  await e.server.database.query('delete from sys_session');
  await e.context.clearCookies();
  await e.page.goto(`${e.baseUrl}/login`);
  await e.page.evaluate(() => localStorage.clear());
  await e.page.goto(`${e.baseUrl}/login`);
  await e.page.getByTestId('login-name').waitFor();
}

/** Signed in afresh as admin through the form, on the home screen with its calls done. */
export async function signedIn(e: E2E): Promise<void> {
  await signedOut(e);
  await loginThroughForm(e.page, 'admin', ADMIN_PASSWORD);
  await e.page.waitForURL(/\/home/);
  await e.page.waitForLoadState('networkidle');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../../../test-results');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * The in-process test server does not schedule jobs by itself (main.ts starts the scheduler
 * after listen): start one on its database, ticking fast. Stop it before closing the server.
 */
export async function startJobScheduler(server: TestServer): Promise<JobScheduler> {
  const scheduler = new JobScheduler({ db: server.database.db, config: server.config, tickMs: 50, leaseMs: 3000, misfireMs: 1000, shutdownGraceMs: 2000 });
  await scheduler.start();
  return scheduler;
}

export { uniq };

/** The API as the administrator, through the routes: a test makes its own data with it. */
export async function adminApi(e: E2E): Promise<Client> {
  const c = new Client(e.server);
  const res = await c.login();
  if (res.code !== 0) throw new Error(`admin sign-in answered ${res.code}`);
  return c;
}

export interface Staff {
  code: string;
  name: string;
  password: string;
  orgId: number;
  roleId: number;
}

/**
 * A user of the test's own: in a new organisation under the platform, holding a new role with the
 * menus under `menuKeys` (each key and what is below it), with unique names.
 */
export async function makeStaff(e: E2E, menuKeys: string[]): Promise<Staff> {
  const admin = await adminApi(e);
  const info = await admin.json('GET', '/api/auth/userInfo/0');
  const org = await makeOrg(admin, info.body.currentOrg.orgId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, menuKeys);
  const password = 'Kq7mWz2Lpx';
  const user = await makeUser(admin, org.id, { roleIds: [role.id], password, code: uniq('e2e_') });
  return { code: user.code, name: user.name, password, orgId: org.id, roleId: role.id };
}

/** A fresh browser profile (1440×900, Chinese), signed in through the login form at `at`. */
export async function browserAs(e: E2E, who: { code: string; password: string }, at = '/login', opts: { timezoneId?: string } = {}): Promise<OwnBrowser> {
  const browser = await openBrowser(opts);
  await browser.page.goto(`${e.baseUrl}${at}`);
  await loginThroughForm(browser.page, who.code, who.password);
  // Signed in before the caller reloads or navigates: a reload meanwhile cuts the sign-in's answer off.
  await browser.page.waitForURL((u) => !u.pathname.startsWith('/login'));
  return browser;
}

const require = createRequire(import.meta.url);
// Evaluated through the browser's debugging protocol: the console's CSP forbids inline scripts.
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Serious and critical violations of WCAG 2 A and AA on the page as it is. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations;
  });
  if (process.env.AXE_DUMP)
    fs.appendFileSync(
      process.env.AXE_DUMP,
      `${JSON.stringify({ url: page.url(), found: found.filter((v) => v.impact === 'serious' || v.impact === 'critical') }, null, 1)}\n`,
    );
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`)
          .join(' | ')}`,
    );
}

/**
 * A server with the demo venue's records (as SEED_DEMO=1 loads them), so the screens show what they
 * hold, and the demo venue's manager signed in, on the home screen, in a browser of their own.
 */
export async function demoManager(): Promise<{ e: E2E; b: OwnBrowser }> {
  const e = await startE2E();
  await seedModuleDemos(e.server.app.modules);
  const b = await browserAs(e, { code: 'manager', password: 'Demo@2020' });
  await b.page.waitForURL(/\/home/);
  return { e, b };
}

/** On the ticket sale screen, picks the demo's seated session and waits for its seat map (the screen's working state). */
export async function pickSeatedSession(page: Page): Promise<void> {
  await page.getByTestId('ticket-sell-session').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /对号入座|Reserved seating/ })
    .first()
    .click();
  await page.getByTestId('seatmap-canvas').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
}

/** The booking grid (spec 7.3's venue reservation screen). */
export const BOOKING_GRID = '/sport/views/venueReserve/index';

export interface VenueDesk {
  staff: Staff;
  api: Client;
  venue: Awaited<ReturnType<typeof makeVenue>>['venue'];
  sites: { id: number; name: string }[];
  page: Page;
}

/**
 * Front-desk staff of a new organisation (with `menus`) whose venue is made through the API before
 * they sign in (the console loads the current venue at sign-in), on the home screen of a browser
 * of their own (`viewport`, else 1440×900), which goes into `open` to be closed after the file.
 */
export async function venueDesk(
  e: E2E,
  open: OwnBrowser[],
  menus: string[],
  venueOpts: Parameters<typeof makeVenue>[1] = {},
  viewport?: { width: number; height: number },
): Promise<VenueDesk> {
  const staff = await makeStaff(e, menus);
  const api = await signIn(e.server, staff.code, staff.password);
  const { venue, sites } = await makeVenue(api, venueOpts);
  let b: OwnBrowser;
  if (viewport) {
    b = await openBrowser({ viewport });
    await b.page.goto(`${e.baseUrl}/login`);
    await loginThroughForm(b.page, staff.code, staff.password);
  } else b = await browserAs(e, staff);
  open.push(b);
  b.page.setDefaultTimeout(15_000);
  await b.page.waitForURL(/\/home/);
  return { staff, api, venue, sites, page: b.page };
}

/** A booking grid cell's state (free, held, booked, locked …), or null before the grid shows it. */
export const cellState = (page: Page, siteId: number, start: string) => page.getByTestId(`cell-${siteId}-${start}`).getAttribute('data-state');

/** Opens the booking grid, waits for its cells and steps one day on, to `tomorrow`. */
export async function gridTomorrow(e: E2E, page: Page, siteId: number, tomorrow: string): Promise<void> {
  await page.goto(`${e.baseUrl}${BOOKING_GRID}`);
  await expect.poll(() => cellState(page, siteId, '10:00')).not.toBeNull();
  await page.getByTestId('booking-next').click();
  await expect.poll(() => page.locator('#booking-date').inputValue()).toBe(tomorrow);
}

/** A screenshot once transitions (colours, dialogs) have settled. */
export async function settledShot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

/** Switches the console's theme (the page reloads to apply it). */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
}

/**
 * In the booking dialog: the member buyer kind, then the member found by `keyword` (part of their
 * name or phone) whose option shows `name`. The kind's button is clicked again when the member
 * field has not shown: on a loaded machine the first click can land while the dialog's zoom-in
 * still moves it.
 */
export async function bookForMemberIn(page: Page, keyword: string, name: string): Promise<void> {
  const field = page.locator('#booking-form_memberId');
  await expect
    .poll(async () => {
      if (await field.isVisible()) return true;
      await page.getByTestId('booking-kind-member').click();
      return field.isVisible();
    })
    .toBe(true);
  await field.fill(keyword);
  await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
}

/**
 * A keyboard-wedge barcode scanner: the code's keys and Enter in one burst, as a scanner sends them
 * (typed key by key from the test, a loaded machine can space two keys further apart than any scanner).
 */
export async function scanBarcode(page: Page, code: string): Promise<void> {
  await page.evaluate((text) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...text.split(''), 'Enter'])
      target.dispatchEvent(new KeyboardEvent('keydown', { key, code: key === 'Enter' ? 'Enter' : `Key${key.toUpperCase()}`, bubbles: true, cancelable: true }));
  }, code);
}
