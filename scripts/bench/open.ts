// Open API figures (issue 14), on PostgreSQL when one answers (else PGlite):
//  - open.signedCallOverheadRatio: a venue's booking grid read by a third-party application
//    (`GET /api/open/v1/venue/{id}/grid`, signed: key, HMAC, time, nonce claimed in the database,
//    address, grant, rate, call log) over the same grid read by the console (`POST booking/grid`,
//    signed as the console signs, bearer session). Both run the same service; ratio of the median
//    latencies over HTTP (keep-alive), sampled in pairs so both see the same
//    moments of a noisy machine.
import { benchPostgresUrl, consoleHeaders, freePort, median } from './_support.ts';
import { Client, startServer } from '../../apps/server/test/harness.ts';
import { localOf } from '../../apps/server/src/modules/sport/venue/index.ts';
import { signedHeaders } from '../../apps/server/src/modules/open/index.ts';

const SAMPLES = 1500;
const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
const port = await freePort();
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
try {
  await s.app.listen({ host: '127.0.0.1', port });
  const admin = new Client(s);
  await admin.login();
  const ok = async (c: Client, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const r = await c.json(method, url, body === undefined ? {} : { body });
    if (r.code !== 0) throw new Error(`${url}: ${r.msg} ${JSON.stringify(r.detail)}`);
    return r.body;
  };
  const platform = (await ok(admin, 'GET', '/api/system/org/tree'))[0].id;
  const org = await ok(admin, 'POST', '/api/system/org', { code: 'bench-open', name: '开放接口压测', parentId: platform, type: 3 });
  const menuIds: number[] = [];
  const walk = (ns: { id: number; key: string; children?: unknown[] }[]) =>
    ns.forEach((n) => (/^(venue|sport\.venue|appAccess)/.test(n.key) && menuIds.push(n.id), walk((n.children ?? []) as never)));
  walk(await ok(admin, 'GET', '/api/system/menu/tree'));
  const role = await ok(admin, 'POST', '/api/system/role', { orgId: org.id, code: 'bench_open', name: '前台', menuIds });
  await ok(admin, 'POST', '/api/system/user', { code: 'bench_open', name: '前台', password: 'Bench@2020x', orgId: org.id, roleIds: [role.id] });
  const c = new Client(s);
  if ((await c.login('bench_open', 'Bench@2020x')).code !== 0) throw new Error('clerk cannot sign in');
  const venue = await ok(c, 'POST', '/api/stadium/stadiumInfo/insert', { stadiumName: '开放场馆', slotMinutes: 60, openTime: '08:00', closeTime: '22:00' });
  for (let i = 1; i <= 8; i++) await ok(c, 'POST', '/api/sport/venue/site', { venueId: venue.id, name: `${i}号场`, sport: 'badminton', sort: i });
  await ok(c, 'POST', '/api/sport/venue/price', { venueId: venue.id, name: '全天', sport: 'badminton', start: '08:00', end: '22:00', priceFen: 5000 });
  const app = await ok(c, 'POST', '/api/system/openApp', { name: '压测应用', ipRules: ['127.0.0.1'], ratePerMinute: 100_000 });
  const grid = (await ok(c, 'GET', '/api/system/openApp/interfaces')).find((a: { code: string }) => a.code === 'venue.grid');
  // The grants screen's call needs the grant permission: the role holds every App access screen.
  await ok(c, 'PUT', `/api/system/openApp/${app.id}/grants`, { apiIds: [grid.id] });

  const date = localOf(new Date(), 'Asia/Shanghai').day;
  const key = s.app.ctx.keys.signKey;
  const consoleUrl = '/api/sport/booking/grid';
  const consoleBody = JSON.stringify({ stadiumId: venue.id, date });
  const openUrl = `/api/open/v1/venue/${venue.id}/grid?date=${date}`;
  const consoleCall = async () => {
    const t0 = performance.now();
    const r = (await (
      await fetch(`http://127.0.0.1:${port}${consoleUrl}`, {
        method: 'POST',
        headers: consoleHeaders(key, c, 'POST', consoleUrl, consoleBody),
        body: consoleBody,
      })
    ).json()) as { code: number };
    if (r.code !== 0) throw new Error(`console grid: ${JSON.stringify(r).slice(0, 200)}`);
    return performance.now() - t0;
  };
  const openCall = async () => {
    const t0 = performance.now();
    const r = (await (await fetch(`http://127.0.0.1:${port}${openUrl}`, { headers: signedHeaders(app.appKey, app.secret, 'GET', openUrl) })).json()) as {
      code: number;
    };
    if (r.code !== 0) throw new Error(`open grid: ${JSON.stringify(r).slice(0, 200)}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 200; i++) {
    await consoleCall();
    await openCall();
  }
  const consoleMs: number[] = [];
  const openMs: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    // Alternate which goes first, so neither always meets a warm cache the other left.
    if (i % 2) {
      consoleMs.push(await consoleCall());
      openMs.push(await openCall());
    } else {
      openMs.push(await openCall());
      consoleMs.push(await consoleCall());
    }
  }
  console.log(`grid of 8 sites: console ${median(consoleMs).toFixed(2)} ms, open ${median(openMs).toFixed(2)} ms (medians of ${SAMPLES})`);
  out['open.signedCallOverheadRatio'] = Number((median(openMs) / median(consoleMs)).toFixed(2));
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
