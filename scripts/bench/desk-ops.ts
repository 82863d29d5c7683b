// Queue figures (issue 30), on PostgreSQL only (three processes must share one database):
//  - queue.take.duplicates: three server processes (the bundle `npm start` runs) on one fresh
//    database, and 100 takes of a number at one venue at once, spread round-robin over the three:
//    how many numbers were given twice (must be 0; the numbers must be 1..100);
//    queue.take.ms: how long the 100 takes took.
// Without PostgreSQL it prints no figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchPostgresUrl, Http, scratchDatabase, startServerProcess, stop } from './_support.ts';
import { takeRace } from '../../apps/server/src/modules/sport/desk-ops/deskops.race.testkit.ts';

const ADMIN_PASSWORD = 'Admin@12345';
const out: Record<string, number | string> = {};

const pgUrl = await benchPostgresUrl();
if (!pgUrl) {
  console.log('no PostgreSQL answers: three processes cannot share a database, no figures');
  console.log(JSON.stringify(out));
  process.exit(0);
}

const scratch = await scratchDatabase(pgUrl);
const dirs = [0, 1, 2].map((i) => fs.mkdtempSync(path.join(os.tmpdir(), `bench-queue-${i}-`)));
const env = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: scratch.url, ADMIN_PASSWORD, SEED_DEMO: '0', DATABASE_POOL_SIZE: '10' });
// One after the other: the first migrates and seeds, the others find it done.
const servers = [];
for (const d of dirs) servers.push(await startServerProcess(env(d)));

try {
  const clients = await Promise.all(servers.map((s) => new Http(`http://127.0.0.1:${s.port}`).init()));
  // One session (sessions live in the database), used on every process.
  const token = await clients[0]!.login(ADMIN_PASSWORD);
  for (const c of clients) c.token = token;
  const venue = await clients[0]!.call('POST', '/api/stadium/stadiumInfo/insert', {
    stadiumName: '压测叫号球馆',
    timeZone: 'Asia/Shanghai',
    openTime: '00:00',
    closeTime: '24:00',
    slotMinutes: 60,
    sportcatItems: ['badminton'],
  });
  if (venue.code !== 0) throw new Error(`venue answered ${venue.code}`);
  const asClient = clients.map((c) => ({
    json: async (method: 'POST', urlPath: string, opts: { body?: unknown }) => {
      const r = await c.call(method, urlPath, opts.body);
      return { code: r.code, msg: String(r.code), body: r.body };
    },
  }));
  const r = await takeRace(asClient as never, venue.body.id, 100);
  const wrong = r.numbers.length !== 100 || [...r.numbers].sort((a, b) => a - b).some((n, i) => n !== i + 1);
  out['queue.take.duplicates'] = r.duplicates;
  out['queue.take.ms'] = Math.round(r.ms);
  console.log(
    `100 concurrent takes over 3 processes: ${r.numbers.length} numbers, ${r.duplicates} duplicates, ${r.other.length} refused, ${Math.round(r.ms)} ms`,
  );
  if (wrong || r.other.length) throw new Error(`queue take race: ${JSON.stringify({ ...r, numbers: undefined, other: r.other.slice(0, 3) })}`);
} finally {
  for (const s of servers) await stop(s.child);
  await scratch.drop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}

console.log(JSON.stringify(out));
process.exit(0);
