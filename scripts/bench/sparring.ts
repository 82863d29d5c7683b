// Sparring figures (issue 26), on PostgreSQL when one answers (else PGlite):
//  - sparring.coachRace.successes: 100 concurrent bookings of one coach hour over HTTP (overlapping
//    hours, 10 operators' worth of calls): how many were made (must be exactly 1; the rest 100409 taken).
//  - sparring.coachRace.taken: how many answered 100409 `taken` (must be 99).
//  - sparring.coachRace.ms: how long the 100 bookings took.
import { benchPostgresUrl, consoleHeaders, freePort, benchStaff, ok } from './_support.ts';
import { Client, startServer } from '../../apps/server/test/harness.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['sparring.database'] = pgUrl ? 'postgres' : 'pglite';
const port = await freePort();
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
try {
  await s.app.listen({ host: '127.0.0.1', port });
  // A venue's front desk and a second user (who approves the price group), with the sparring screens.
  const staff = await benchStaff(s, { code: 'bench-sparring', name: '压测陪练', role: '前台', menus: /^(coach|order|sport\.)/, users: 2 });
  const org = { id: staff.orgId };
  const [c, reviewer] = staff.users as [Client, ...Client[]];

  const [coach] = await s.database.query<{ id: string }>(
    `insert into sport_coach (org_id, name, phone, level) values ($1, '压测教练', '13900008888', 'senior') returning id`,
    [org.id],
  );
  const coachId = Number(coach!.id);
  const change = await ok(c, 'POST', '/api/sport/sparring/priceGroup', {
    name: '压测价格',
    coachLevels: ['senior'],
    prices: [{ weekdays: [], start: '00:00', end: '24:00', memberLevel: null, priceFen: 20_000 }],
    remark: null,
  });
  await ok(reviewer, 'POST', `/api/sport/sparring/priceChange/${change.id}/approve`);
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

  const key = s.app.ctx.keys.signKey;
  const url = '/api/sport/sparring/order';
  const post = async (body: unknown) => {
    const text = JSON.stringify(body);
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: consoleHeaders(key, c, 'POST', url, text), body: text });
    return (await res.json()) as { code: number; msg: string; detail?: { reason?: string } };
  };
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) => post({ coachId, date, start: i % 2 ? '10:00' : '10:30', end: i % 2 ? '11:00' : '11:30', buyerName: `客${i}` })),
  );
  out['sparring.coachRace.ms'] = Math.round(performance.now() - t0);
  const successes = results.filter((r) => r.code === 0).length;
  const taken = results.filter((r) => r.code === 100409 && r.detail?.reason === 'taken').length;
  out['sparring.coachRace.successes'] = successes;
  out['sparring.coachRace.taken'] = taken;
  console.log(`100 concurrent bookings of one coach hour: ${successes} made, ${taken} taken, ${100 - successes - taken} other`);
  if (successes !== 1) throw new Error(`expected exactly 1 success, got ${successes}`);
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
