// Gate figures (issue 27), on PostgreSQL when one answers (else PGlite), through the ZKTeco PUSH
// device simulator over HTTP (apps/server/src/modules/sport/equipment/gate.sim.ts):
//  - gate.events.perSec: distinct events stored per second while 4 simulated gates push 250 events
//    each in batches of 25, every batch sent twice and the batches out of order (2,000 lines for
//    1,000 events), each new event decided (grants, cards, bookings) and its open command queued,
//    the gates polling between batches (target >= 100);
//  - gate.events.duplicatesStored: rows stored beyond one per device and event key (must be 0);
//  - gate.decisionP95Ms: 95th percentile of one real-time pass, pushed alone and answered (stored,
//    decided, its open command queued), over 200 passes (target <= 200).
import { benchPostgresUrl, benchStaff, freePort, ok, percentile } from './_support.ts';
import { startServer } from '../../apps/server/test/harness.ts';
import { GateSim, wallClock } from '../../apps/server/src/modules/sport/equipment/index.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['gate.database'] = pgUrl ? 'postgres' : 'pglite';
const port = await freePort();
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0', LOG_LEVEL: 'silent' });
try {
  await s.app.listen({ host: '127.0.0.1', port });
  const base = `http://127.0.0.1:${port}`;
  const staff = await benchStaff(s, { code: 'bench-gate', name: '压测闸机球馆', role: '管理员', menus: /^sport\./ });
  const c = staff.users[0]!;
  const venue = await ok(c, 'POST', '/api/stadium/stadiumInfo/insert', { stadiumName: '压测闸机场馆' });
  const stamp = Date.now().toString(36).toUpperCase();
  const gates: { id: number; sn: string }[] = [];
  for (let i = 0; i < 4; i++)
    gates.push(await ok(c, 'POST', '/api/sport/equipment/device', { stadiumId: venue.id, kind: 'gate', sn: `BENCH${stamp}${i}`, name: `压测闸机${i + 1}` }));
  const pins: string[] = [];
  for (let i = 0; i < 20; i++) {
    const m = await ok(c, 'POST', '/api/sport/member', {
      name: `压测会员${i}`,
      phone: `139${String(Date.now() % 1e4).padStart(4, '0')}${String(i).padStart(4, '0')}`,
    });
    await ok(c, 'POST', '/api/sport/equipment/gate/grant', {
      personKind: 'member',
      memberId: m.id,
      deviceIds: gates.map((g) => g.id),
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startTime: '00:00',
      endTime: '24:00',
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
    });
    pins.push(`M${m.id}`);
  }
  pins.push('M999999999', '12345'); // refused: nobody, and a PIN of no person

  // ---------------------------------------------------------------- throughput with resends and out-of-order batches
  const PER_GATE = 250;
  const BATCH = 25;
  const sims = gates.map((g) => new GateSim(base, g.sn));
  for (const sim of sims) await sim.handshake();
  const t0 = performance.now();
  await Promise.all(
    sims.map(async (sim, gi) => {
      const batches: string[][] = [];
      for (let b = 0; b < PER_GATE / BATCH; b++) {
        const lines = [];
        for (let k = 0; k < BATCH; k++) {
          const n = b * BATCH + k;
          lines.push(sim.rtlogLine({ pin: pins[(n * 7 + gi) % pins.length]!, time: wallClock(new Date(Date.now() - 30_000 + n * 10)) }));
        }
        batches.push(lines);
      }
      // Out of order: odd batches first, then even ones; every batch twice (the device never saw the answer).
      const order = [...batches.filter((_, i) => i % 2), ...batches.filter((_, i) => i % 2 === 0)];
      for (const lines of order) {
        for (let r = 0; r < 2; r++) {
          const a = await sim.pushLines('rtlog', lines);
          if (a.status !== 200) throw new Error(`push: ${a.status} ${a.text}`);
        }
        await sim.poll();
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const ids = gates.map((g) => g.id);
  const [counts] = await s.database.query<{ n: number; k: number }>(
    `select count(*)::int as n, count(distinct (device_id, event_key))::int as k from sport_gate_event where device_id = any($1::bigint[])`,
    [`{${ids.join(',')}}`],
  );
  const stored = Number(counts!.n);
  if (Number(counts!.k) !== gates.length * PER_GATE) throw new Error(`stored ${counts!.k} distinct events, expected ${gates.length * PER_GATE}`);
  out['gate.events.perSec'] = Math.round(Number(counts!.k) / seconds);
  out['gate.events.duplicatesStored'] = stored - Number(counts!.k);
  console.log(
    `${gates.length} gates, ${gates.length * PER_GATE * 2} lines pushed (each batch twice, out of order): ${counts!.k} events stored in ${seconds.toFixed(2)} s, ${out['gate.events.duplicatesStored']} duplicates`,
  );

  // ---------------------------------------------------------------- one pass at a time
  const ms: number[] = [];
  const sim = sims[0]!;
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    const { answer } = await sim.event({ pin: pins[i % 20]!, time: wallClock(new Date()) });
    ms.push(performance.now() - t);
    if (answer?.status !== 200) throw new Error(`pass: ${answer?.status} ${answer?.text}`);
    if (i % 10 === 9) await sim.poll();
  }
  out['gate.decisionP95Ms'] = Math.round(percentile(ms.slice(20), 95) * 10) / 10;
  console.log(`one pass pushed, stored, decided and its door queued: p95 ${out['gate.decisionP95Ms']} ms over ${ms.length - 20}`);
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
