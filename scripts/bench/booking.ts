// Booking figures (issue 11), on PostgreSQL when one answers (else PGlite):
//  - booking.contention.successes: 200 concurrent `POST booking/order` for one cell (must be 1).
//  - booking.gridMs: `POST booking/grid` of a venue of 30 sites x 28 half-hour slots, median over HTTP.
//  - booking.ordersPerSec: `POST booking/order` for distinct cells, 16 connections, counted as the
//    orders that really exist afterwards per second.
import { benchPostgresUrl, consoleHeaders, freePort, median, benchStaff, ok, benchVenue } from './_support.ts';
import { Client, startServer } from '../../apps/server/test/harness.ts';
import { addDays, localOf } from '../../apps/server/src/modules/sport/venue/index.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
const port = await freePort();
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
try {
  await s.app.listen({ host: '127.0.0.1', port });
  // A venue's front desk: an organisation, a role with the venue screens, a clerk.
  const staff = await benchStaff(s, { code: 'bench-booking', name: '压测场馆', role: '前台', menus: /^(venue|order|sport\.)/, users: 1 });
  const [c] = staff.users as [Client, ...Client[]];
  const { venue, sites } = await benchVenue((url, body) => ok(c, 'POST', url, body), { name: '压测场馆', slotMinutes: 30, sites: 30 });
  await ok(c, 'POST', '/api/sport/venue/price', { venueId: venue.id, name: '日间', sport: 'badminton', start: '08:00', end: '18:00', priceFen: 4000 });
  await ok(c, 'POST', '/api/sport/venue/price', { venueId: venue.id, name: '晚间', sport: 'badminton', start: '18:00', end: '22:00', priceFen: 6000 });
  await ok(c, 'POST', '/api/sport/venue/price', {
    venueId: venue.id,
    name: '周末',
    sport: 'badminton',
    weekdays: [6, 7],
    start: '08:00',
    end: '22:00',
    priceFen: 7000,
  });
  const today = localOf(new Date(), 'Asia/Shanghai').day;
  const key = s.app.ctx.keys.signKey;
  const post = async (url: string, body: unknown) => {
    const text = JSON.stringify(body);
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: consoleHeaders(key, c, 'POST', url, text), body: text });
    return (await res.json()) as { code: number; msg: string; detail?: { reason?: string } };
  };

  // 200 concurrent attempts on one cell.
  const cellDay = addDays(today, 1);
  const attempt = { stadiumId: venue.id, date: cellDay, items: [{ siteId: sites[0], start: '19:00', end: '19:30' }] };
  const results = await Promise.all(Array.from({ length: 200 }, () => post('/api/sport/booking/order', attempt)));
  const successes = results.filter((r) => r.code === 0).length;
  const taken = results.filter((r) => r.code === 100409 && r.detail?.reason === 'taken').length;
  const claims = Number(
    (await s.database.query<{ n: string }>(`select count(*) as n from sport_slot_claim where venue_id = $1 and state <> 'released'`, [venue.id]))[0]!.n,
  );
  out['booking.contention.successes'] = successes;
  out['booking.contention.liveClaims'] = claims;
  console.log(`200 concurrent attempts on one cell: ${successes} booked, ${taken} taken, ${200 - successes - taken} other; live claims ${claims}`);

  // The grid of one venue-day: 30 sites x 28 slots, with some bookings on it.
  const gridBody = { stadiumId: venue.id, date: cellDay };
  const g = await ok(c, 'POST', '/api/sport/booking/grid', gridBody);
  if (g.sites.length !== 30 || g.slots.length !== 30 * 28) throw new Error(`grid is ${g.sites.length} x ${g.slots.length / g.sites.length}`);
  for (let i = 0; i < 20; i++) await post('/api/sport/booking/grid', gridBody);
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    const r = await post('/api/sport/booking/grid', gridBody);
    times.push(performance.now() - t0);
    if (r.code !== 0) throw new Error(r.msg);
  }
  out['booking.gridMs'] = Math.round(median(times) * 10) / 10;
  console.log(`grid of 30 sites x 28 slots: median ${out['booking.gridMs']} ms over HTTP`);

  // Orders of distinct cells, 16 connections at once, for 8 seconds.
  const cells: { date: string; siteId: number; start: string; end: string }[] = [];
  for (let d = 2; d <= 40; d++)
    for (const siteId of sites)
      for (let m = 8 * 60; m < 22 * 60; m += 30)
        cells.push({
          date: addDays(today, d),
          siteId,
          start: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
          end: `${String(Math.floor((m + 30) / 60)).padStart(2, '0')}:${String((m + 30) % 60).padStart(2, '0')}`,
        });
  let next = 0;
  let failed = 0;
  const count = async () => Number((await s.database.query<{ n: string }>(`select count(*) as n from sport_order where venue_id = $1`, [venue.id]))[0]!.n);
  const runFor = async (ms: number) => {
    const until = Date.now() + ms;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (Date.now() < until) {
          const cell = cells[next++]!;
          const r = await post('/api/sport/booking/order', {
            stadiumId: venue.id,
            date: cell.date,
            items: [{ siteId: cell.siteId, start: cell.start, end: cell.end }],
          });
          if (r.code !== 0) failed++;
        }
      }),
    );
  };
  await runFor(2000);
  const before = await count();
  const t0 = performance.now();
  await runFor(8000);
  const seconds = (performance.now() - t0) / 1000;
  const made = (await count()) - before;
  if (failed) throw new Error(`${failed} orders of free cells failed`);
  out['booking.ordersPerSec'] = Math.round(made / seconds);
  console.log(`orders of distinct cells with 16 connections: ${out['booking.ordersPerSec']}/s (${made} orders)`);
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
