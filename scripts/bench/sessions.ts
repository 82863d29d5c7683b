// Session invalidation across processes (issue 8, point 7):
//  - api.sessionRevokeVisibleMs: two server processes (the bundle `npm start` runs) on one fresh
//    PostgreSQL database. A session is in constant use on process B while process A forces it
//    offline at a random moment; the figure is the median, over the rounds, of the time from A's
//    answer to the first 401 that B gives. api.sessionRevokeVisibleMaxMs is the longest round.
// Needs PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL / local); without one it prints no figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchPostgresUrl, Http, median, scratchDatabase, startServerProcess, stop } from './_support.ts';

const ROUNDS = 20;
const ADMIN_PASSWORD = 'Admin@12345';
const out: Record<string, number | string> = {};

const pgUrl = await benchPostgresUrl();
if (!pgUrl) {
  console.log('no PostgreSQL answers: two processes cannot share a database, no figures');
  console.log(JSON.stringify(out));
  process.exit(0);
}

const scratch = await scratchDatabase(pgUrl);
const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'bench-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'bench-b-'))];
const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: scratch.url,
  ADMIN_PASSWORD,
  SEED_DEMO: '0',
  LOGIN_RATE_PER_MINUTE: '100000',
  DATABASE_POOL_SIZE: '5',
});
// One after the other: the first migrates and seeds, the second finds it done.
const a = await startServerProcess(env(dirs[0]!));
const b = await startServerProcess(env(dirs[1]!));

try {
  const onA = await new Http(`http://127.0.0.1:${a.port}`).init();
  await onA.login(ADMIN_PASSWORD);
  const visible: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const victimOnA = await new Http(`http://127.0.0.1:${a.port}`).init();
    const token = await victimOnA.login(ADMIN_PASSWORD);
    const victimOnB = await new Http(`http://127.0.0.1:${b.port}`).init();
    victimOnB.token = token;
    const rows = (await onA.call('POST', '/api/system/online/list', { pageSize: 100 })).body.data as { sessionId: number; current: boolean }[];
    const sessionId = Math.max(...rows.filter((r) => !r.current).map((r) => r.sessionId));

    // The session in constant use on B, as a busy console uses it.
    let refusedAt: number | undefined;
    const busy = (async () => {
      for (;;) {
        const r = await victimOnB.call('GET', '/api/auth/userInfo/0');
        if (r.status === 401) return (refusedAt = performance.now());
        if (r.code !== 0) throw new Error(`userInfo on B answered ${r.code}`);
      }
    })();
    // Forced offline at a random moment relative to B's cache.
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 600));
    const forced = await onA.call('DELETE', `/api/system/online/${sessionId}`);
    const answeredAt = performance.now();
    if (forced.code !== 0) throw new Error(`force offline answered ${forced.code}`);
    await busy;
    visible.push(Math.max(0, refusedAt! - answeredAt));
  }
  out['api.sessionRevokeVisibleMs'] = Math.round(median(visible));
  out['api.sessionRevokeVisibleMaxMs'] = Math.round(Math.max(...visible));
  console.log(`forced logout on A seen as 401 on B after ${visible.map(Math.round).join(', ')} ms`);
} finally {
  await stop(b.child);
  await stop(a.child);
  await scratch.drop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}

console.log(JSON.stringify(out));
process.exit(0);
