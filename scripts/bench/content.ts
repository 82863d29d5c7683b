// Content figures (issue 30), on PostgreSQL (the server runs as its own process with its job
// scheduler, and the bench reads and writes the same database):
//  - content.scheduledPublishLagMs (p99): 60 items scheduled to publish over the next 20 seconds
//    (spread like operators' times), each one's lag from its publish time to when the shipped job
//    `content.schedule` (every 15 s) put it up. Target: at most 60,000.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchPostgresUrl, percentile, scratchDatabase, startServerProcess, stop } from './_support.ts';
import { ADMIN_PASSWORD } from '../../apps/server/test/harness.ts';

const ITEMS = 60;
const SPREAD_MS = 20_000;
const out: Record<string, number | string | null> = {};
const pgBase = await benchPostgresUrl();
if (!pgBase) {
  console.log('skipped (needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  out['content.scheduledPublishLagMs'] = null;
} else {
  const pgdb = await scratchDatabase(pgBase, 'bench_content');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-content-'));
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: pgdb.url, max: 2 });
  pool.on('error', () => undefined); // the database is dropped with force at the end
  const server = await startServerProcess({ DATABASE_URL: pgdb.url, DATA_DIR: dataDir, ADMIN_PASSWORD, SEED_DEMO: '0' });
  try {
    const t0 = Date.now() + 2_000;
    const due = Array.from({ length: ITEMS }, (_, i) => t0 + Math.round((i * SPREAD_MS) / ITEMS));
    const rows = due.map(
      (at, i) =>
        `((select id from sys_org where parent_id is null order by id limit 1), 'notice', 'draft', '{"zhCN":"定时${i}","enUS":"${i}"}', '{"zhCN":"<p>正文</p>","enUS":"<p>Body</p>"}', '${new Date(at).toISOString()}')`,
    );
    await pool.query(`insert into sport_content (org_id, type, state, title, body, publish_at) values ${rows.join(',')}`);
    const deadline = t0 + SPREAD_MS + 90_000;
    let lags: number[] = [];
    for (;;) {
      const r = await pool.query<{ i: string; published_at: Date }>(
        `select title->>'enUS' as i, published_at from sport_content where type = 'notice' and published_at is not null`,
      );
      lags = r.rows.map((x) => x.published_at.getTime() - due[Number(x.i)]!);
      if (lags.length === ITEMS || Date.now() > deadline) break;
      await new Promise((res) => setTimeout(res, 500));
    }
    out['content.scheduledPublishLagMs'] = lags.length === ITEMS ? percentile(lags, 99) : null;
    out['content.scheduledPublished'] = lags.length;
    console.log(
      `${lags.length} of ${ITEMS} scheduled items published; lag p50 ${percentile(lags, 50)} ms, p99 ${percentile(lags, 99)} ms, max ${Math.max(...lags)} ms`,
    );
  } finally {
    await stop(server.child);
    await pool.end();
    await pgdb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(JSON.stringify(out));
