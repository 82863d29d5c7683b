import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type TestServer } from './harness.ts';

/**
 * `/readyz` under a rush (PostgreSQL: PGlite has one connection and no pool): with every pooled
 * connection busy the process is busy, not down, and the balancer must not take it out.
 */
describe.each(databases.filter((k) => k === 'postgres'))('readiness on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { DATABASE_POOL_SIZE: '2' });
  });
  afterAll(async () => s?.close());

  it('answers ready while every connection is busy and queries wait in line, without waiting behind them', async () => {
    await s.database.query('select 1');
    let finished = 0;
    const busy = [1, 2, 3].map(() => s.database.query('select pg_sleep(1.5)').then(() => finished++));
    // The third query waits for a connection.
    await expect.poll(() => s.database.poolUse!().waiting).toBeGreaterThan(0);
    const ready = await s.app.inject({ method: 'GET', url: '/readyz' });
    expect(finished).toBe(0);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
    await Promise.all(busy);
    expect(finished).toBe(3);
  });

  // On PostgreSQL itself: behind PgBouncer (scripts/test.mjs runs this file through it too) the
  // refused database's pool keeps the test server's close waiting on PgBouncer's own retries.
  it.skipIf(process.env.TEST_DATABASE_LISTEN_URL)('answers unavailable when the database refuses connections', async () => {
    const other = await startServer(kind);
    const [{ d }] = (await other.database.query<{ d: string }>('select current_database() as d')) as [{ d: string }];
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`alter database "${d}" with allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [d]);
      const ready = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      await admin.query(`alter database "${d}" with allow_connections true`);
      await admin.end();
      await other.close().catch(() => undefined);
    }
  });
});
