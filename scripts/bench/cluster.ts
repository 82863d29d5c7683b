// Cluster figures (issue 32), on `npm run cluster` (etcd, Patroni x3, PgBouncer, HAProxy, 3 servers):
//  - cluster.bookingP99Ms: 200 front desks (grid reads and bookings) through HAProxy, p99 of the bookings.
//  - cluster.rollingRestart.failedRequests: the same load while the three processes restart one by one.
//  - cluster.failover.writeGapMs / lostAcknowledgedWrites: kill-primary under a booking load; the
//    longest time without a successful booking, and acknowledged orders missing afterwards.
//  - cluster.ordersPerMin / .oneProcess: booking orders per minute through HAProxy with three
//    processes, then with two of them stopped (same machine, same database).
//  - cluster.ticketRush.ordersPerMin / .oneProcessOrdersPerMin / .ratio: a ticket rush (the 200
//    buyers ordering 1–4 tickets of one show's level, `POST ticket/order`, as bench/tickets.ts) the
//    same way, three processes then one; the ratio is three's figure over one's (target ≥ 1.5).
// Skips with one line when the Debian packages cannot be installed. Leaves the cluster down.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Http, percentile, root, benchVenue } from './_support.ts';
import { addDays, localOf } from '../../apps/server/src/modules/sport/venue/index.ts';
// @ts-expect-error plain ES module without types
import { dir as clusterDir, ensurePackages, ports } from '../cluster.mjs';

const out: Record<string, number | string> = {};
const cluster = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/cluster.mjs', ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

if (process.platform !== 'linux' || !ensurePackages()) {
  console.log('cluster bench skipped: etcd-server, patroni, pgbouncer and haproxy are not installed and cannot be (needs root on Debian 12)');
  console.log('{}');
  process.exit(0);
}

const base = `http://127.0.0.1:${ports.console}`;

interface Answer {
  ok: boolean;
  ms: number;
  body?: { orderId?: number };
}

/** What failed, by HTTP status and answer code (or the connection's error), for the bench's lines. */
const failures = new Map<string, number>();
const failuresSeen = () => [...failures].map(([k, n]) => `${k} ×${n}`).join(', ');

/** One call through HAProxy; a refused connection, a 5xx or an error code is a failure. */
async function call(h: Http, url: string, body: unknown): Promise<Answer> {
  const t0 = performance.now();
  try {
    const r = await h.call('POST', url, body);
    const ok = r.status < 400 && r.code === 0;
    if (!ok) failures.set(`${r.status}/${r.code}`, (failures.get(`${r.status}/${r.code}`) ?? 0) + 1);
    return { ok, ms: performance.now() - t0, body: r.body };
  } catch (err) {
    failures.set(String((err as Error).cause ?? err), (failures.get(String((err as Error).cause ?? err)) ?? 0) + 1);
    return { ok: false, ms: performance.now() - t0 };
  }
}

try {
  const upRun = cluster('up');
  if (upRun.status !== 0) throw new Error(`cluster up failed:\n${upRun.stdout}`);
  // A bench organisation of its own (one venue per organisation), made by the admin, and its clerk.
  const admin = await new Http(base).init();
  await admin.login(fs.readFileSync(path.join(clusterDir, 'data/initial-admin-password.txt'), 'utf8').trim());
  const asAdmin = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await admin.call(method, url, body);
    if (r.code !== 0) throw new Error(`${url}: ${r.code}`);
    return r.body;
  };
  const code = `cluster_${Date.now().toString(36)}`;
  const org = await asAdmin('POST', '/api/system/org', { code, name: '集群压测', parentId: (await asAdmin('GET', '/api/system/org/tree'))[0].id, type: 3 });
  const menuIds: number[] = [];
  const walk = (ns: { id: number; key: string; children?: unknown[] }[]) =>
    ns.forEach((n) => (/^(venue|order|sport\.)/.test(n.key) && menuIds.push(n.id), walk((n.children ?? []) as never)));
  walk(await asAdmin('GET', '/api/system/menu/tree'));
  const role = await asAdmin('POST', '/api/system/role', { orgId: org.id, code, name: '前台', menuIds });
  // The ticketing routes are granted by route (as bench/tickets.ts does), not by menu.
  const ticketApis = await asAdmin('POST', '/api/system/api/list', { module: 'ticket', pageSize: 500 });
  for (const a of ticketApis.data as { id: number; grantable: boolean; roleIds: number[] }[])
    if (a.grantable) await asAdmin('PUT', `/api/system/api/${a.id}/roles`, { roleIds: [...a.roleIds, role.id] });
  await asAdmin('POST', '/api/system/user', { code: `${code}_1`, name: '前台1', password: 'Bench@2020x', orgId: org.id, roleIds: [role.id] });
  const manager = await new Http(base).init();
  await manager.login('Bench@2020x', `${code}_1`);
  const ok = async (url: string, body: unknown) => {
    const r = await manager.call('POST', url, body);
    if (r.code !== 0) throw new Error(`${url}: ${r.code} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const { venue, sites } = await benchVenue(ok, { name: `集群压测${Date.now() % 100000}`, slotMinutes: 30, sites: 40 });
  await ok('/api/sport/venue/price', { venueId: venue.id, name: '全天', sport: 'badminton', start: '08:00', end: '22:00', priceFen: 5000 });

  // Every booking takes a cell nobody else takes: a failure is the cluster's, never a clash.
  const today = localOf(new Date(), 'Asia/Shanghai').day;
  const cells: { date: string; siteId: number; start: string; end: string }[] = [];
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  for (let d = 1; d <= 58; d++)
    for (const siteId of sites) for (let m = 8 * 60; m < 22 * 60; m += 30) cells.push({ date: addDays(today, d), siteId, start: hhmm(m), end: hhmm(m + 30) });
  let next = 0;
  const book = (h: Http) => {
    const cell = cells[next++];
    if (!cell) throw new Error('the bench ran out of free cells');
    return call(h, '/api/sport/booking/order', { stadiumId: venue.id, date: cell.date, items: [{ siteId: cell.siteId, start: cell.start, end: cell.end }] });
  };
  // One show on sale, a level whose quota the rushes do not exhaust: every order contends for its row.
  const project = await ok('/api/sport/ticket/project', { name: '集群抢票' });
  const show = await ok('/api/sport/ticket/session', {
    projectId: project.id,
    name: '开售',
    startAt: new Date(Date.now() + 30 * 86400_000).toISOString(),
    onSale: true,
    levels: [{ name: '看台', priceFen: 28000, quota: 1_000_000 }],
  });
  let asked = 0;
  const ticketOrder = (h: Http) => call(h, '/api/sport/ticket/order', { sessionId: show.id, levelId: show.levels[0].id, quantity: 1 + (asked++ % 4) });
  const grid = (h: Http) => call(h, '/api/sport/booking/grid', { stadiumId: venue.id, date: addDays(today, 1 + (next % 30)) });

  // 200 front desks: each signs in once and alternates grid reads and bookings, a short pause between.
  const desks: Http[] = [];
  for (let i = 0; i < 200; i++) {
    const h = await new Http(base).init();
    h.token = manager.token;
    desks.push(h);
  }
  let lastOkAt = 0;
  /** The desks' loop until `done()` (bounded by `maxMs`): failures, requests, and each booking's time. */
  const load = async (done: () => boolean, maxMs: number, deskCount = desks.length) => {
    const bookings: number[] = [];
    const acknowledged: number[] = [];
    const okAt: number[] = [];
    let failed = 0;
    let requests = 0;
    const until = Date.now() + maxMs;
    await Promise.all(
      desks.slice(0, deskCount).map(async (h, i) => {
        for (let k = i; !done() && Date.now() < until; k++) {
          const r = k % 2 ? await book(h) : await grid(h);
          requests++;
          if (!r.ok) failed++;
          else if (k % 2) {
            bookings.push(r.ms);
            okAt.push((lastOkAt = Date.now()));
            if (r.body?.orderId) acknowledged.push(r.body.orderId);
          }
          await sleep(200);
        }
      }),
    );
    return { bookings, failed, requests, acknowledged, okAt };
  };
  const forMs = (ms: number) => {
    const until = Date.now() + ms;
    return () => Date.now() >= until;
  };

  await load(forMs(3000), 10_000);
  const steady = await load(forMs(15_000), 30_000);
  out['cluster.bookingP99Ms'] = Math.round(percentile(steady.bookings, 99));
  console.log(`200 front desks: ${steady.requests} requests, ${steady.failed} failed, booking p99 ${out['cluster.bookingP99Ms']} ms ${failuresSeen()}`);
  failures.clear();

  // Rolling restart under the same load: the three processes one after another, gracefully.
  let restarted = false;
  const rolling = load(() => restarted, 300_000);
  await sleep(2000);
  for (const n of ['1', '2', '3']) {
    if (cluster('restart-app', n).status !== 0) throw new Error(`restart-app ${n} failed`);
    await sleep(2000);
  }
  restarted = true;
  const r = await rolling;
  out['cluster.rollingRestart.failedRequests'] = r.failed;
  console.log(`rolling restart of 3 processes: ${r.requests} requests, ${r.failed} failed ${failuresSeen()}`);

  // Orders per minute: 3 processes, then 1 (the other two stopped), the same 200 desks without pauses.
  const rush = async () => {
    const t0 = Date.now();
    let made = 0;
    const until = t0 + 20_000;
    await Promise.all(
      desks.map(async (h) => {
        while (Date.now() < until) if ((await book(h)).ok) made++;
      }),
    );
    return Math.round((made * 60_000) / (Date.now() - t0));
  };
  const ticketRush = async () => {
    const t0 = Date.now();
    let made = 0;
    const until = t0 + 20_000;
    await Promise.all(
      desks.map(async (h) => {
        while (Date.now() < until) if ((await ticketOrder(h)).ok) made++;
      }),
    );
    return Math.round((made * 60_000) / (Date.now() - t0));
  };
  out['cluster.ordersPerMin'] = await rush();
  const ticketsThree = await ticketRush();
  out['cluster.ticketRush.ordersPerMin'] = ticketsThree;
  cluster('stop-app', '2');
  cluster('stop-app', '3');
  out['cluster.ordersPerMin.oneProcess'] = await rush();
  const ticketsOne = await ticketRush();
  out['cluster.ticketRush.oneProcessOrdersPerMin'] = ticketsOne;
  out['cluster.ticketRush.ratio'] = Math.round((ticketsThree / Math.max(1, ticketsOne)) * 100) / 100;
  console.log(`booking orders per minute: ${out['cluster.ordersPerMin']} with 3 processes, ${out['cluster.ordersPerMin.oneProcess']} with 1`);
  console.log(
    `ticket rush orders per minute: ${out['cluster.ticketRush.ordersPerMin']} with 3 processes, ${out['cluster.ticketRush.oneProcessOrdersPerMin']} with 1 (×${out['cluster.ticketRush.ratio']}) ${failuresSeen()}`,
  );
  for (const n of ['2', '3']) cluster('restart-app', n);

  // Failover: kill the primary's PostgreSQL under the booking load; every acknowledged order must exist.
  lastOkAt = 0;
  let failedOver = false;
  const killedAt = { t: 0 };
  const writes = load(() => failedOver, 120_000, 100);
  // Killed once bookings are being acknowledged (bounded: the load's own 120 s).
  for (let i = 0; i < 60 && !lastOkAt; i++) await sleep(1000);
  await sleep(2000);
  killedAt.t = Date.now();
  if (cluster('kill-primary').status !== 0) throw new Error('kill-primary failed');
  // Writes until 10 s after the first success following the kill (bounded by the load's 120 s).
  for (let i = 0; i < 110 && lastOkAt <= killedAt.t; i++) await sleep(1000);
  await sleep(10_000);
  failedOver = true;
  const w = await writes;
  const after = w.okAt.filter((t) => t > killedAt.t).sort((a, b) => a - b);
  const before = w.okAt.filter((t) => t <= killedAt.t);
  out['cluster.failover.writeGapMs'] = after.length ? after[0]! - Math.max(killedAt.t - 2000, ...before) : 120_000;
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${ports.pgPrimary}/venue` });
  await db.connect();
  const found = await db.query<{ id: string }>('select id from sport_order where id = any($1::bigint[])', [w.acknowledged]);
  await db.end();
  out['cluster.failover.lostAcknowledgedWrites'] = w.acknowledged.length - found.rowCount!;
  console.log(
    `failover: writes back ${out['cluster.failover.writeGapMs']} ms after the kill; ${w.acknowledged.length} acknowledged orders, ${out['cluster.failover.lostAcknowledgedWrites']} missing`,
  );
} finally {
  cluster('down');
}
console.log(JSON.stringify(out));
