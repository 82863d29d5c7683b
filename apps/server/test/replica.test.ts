import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_HEADERS, type StatisticsSummary } from '@venue/contract';
import { startServer, type Client, type TestServer } from './harness.ts';
import { postgresBin, startReplicaPair, type ReplicaPair } from './replica.ts';
import { LAG_CHECK_MS } from '../src/platform/reporting.ts';
import { adminClient } from '../src/modules/system/admin.testkit.ts';
import { pay, seedCommerceJobs, sellGeneral } from '../src/modules/sport/commerce/commerce.testkit.ts';
import { deliver, statisticsStaff, statsApi } from '../src/modules/sport/statistics/statistics.testkit.ts';
import { localOf } from '../src/modules/sport/venue/index.ts';

/**
 * Reports on a real streaming replica (issue 32, point 3): a throwaway primary and a standby made
 * with `pg_basebackup -R` (test/replica.ts). With the standby's replay paused the reports lag behind
 * the primary and say so in `X-Data-As-Of`, while payments decide on the primary; past the lag limit
 * the reports read the primary and the fallback is counted in /metrics; an idle primary is no lag.
 */
const bin = postgresBin();
const MAX_LAG_MS = 6_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(!bin)(
  bin ? 'reports on a streaming replica' : 'reports on a streaming replica (skipped: no PostgreSQL binaries in /usr/lib/postgresql/*/bin)',
  () => {
    let pair: ReplicaPair;
    let s: TestServer;
    let c: Client;
    const day = localOf(new Date(), 'Asia/Shanghai').day;

    beforeAll(async () => {
      pair = await startReplicaPair(bin!);
      s = await startServer('postgres', {
        DATABASE_URL: pair.primaryUrl,
        DATABASE_READ_URL: pair.standbyUrl,
        DATABASE_READ_MAX_LAG_MS: String(MAX_LAG_MS),
        JOB_SCHEDULER: '0',
      });
      await seedCommerceJobs(s.database.db);
      const { c: admin, platformOrgId } = await adminClient(s);
      ({ c } = await statisticsStaff(s, admin, platformOrgId));
    }, 60_000);
    afterAll(async () => {
      await s?.close();
      pair?.stop();
    });

    /** The day's summary as the console reads it, with the time its data is as of. */
    async function summary(): Promise<{ revenueFen: number; asOf: number }> {
      const res = await c.call('POST', statsApi('summary'), { body: { from: day, to: day } });
      const env = res.json() as { code: number; body: StatisticsSummary };
      expect(env.code).toBe(0);
      const asOf = res.headers[REPORT_HEADERS.dataAsOf];
      expect(asOf, 'X-Data-As-Of').toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      return { revenueFen: env.body.revenueFen, asOf: Date.parse(String(asOf)) };
    }
    async function metric(name: string): Promise<number | undefined> {
      const text = (await s.app.inject({ method: 'GET', url: '/metrics' })).body;
      const m = text.match(new RegExp(`^${name} (\\S+)$`, 'm'));
      return m ? Number(m[1]) : undefined;
    }
    async function paidSale(yuan: number): Promise<number> {
      const o = await sellGeneral(c, [{ name: `sale ${yuan}`, unitPriceFen: yuan * 100 }]);
      expect((await pay(c, o.id, { method: 'cash', amountFen: o.payableFen })).code).toBe(0);
      await deliver(s, [o.id]);
      return o.id;
    }
    const primaryLsn = () => pair.sql('primary', 'select pg_current_wal_lsn()');
    const replayed = (lsn: string) => pair.sql('standby', `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn`) === 't';
    const received = (lsn: string) => pair.sql('standby', `select pg_last_wal_receive_lsn() >= '${lsn}'::pg_lsn`) === 't';

    it('reads the replica, says how old its data is, and reads the primary once the replica lags past the limit', async () => {
      await paidSale(10);
      const lsn = primaryLsn();
      await until('the standby to replay the first sale', () => replayed(lsn));
      expect((await summary()).revenueFen).toBe(1_000);
      expect(await metric('venue_db_replica_fallbacks_total')).toBe(0);

      pair.sql('standby', 'select pg_wal_replay_pause()');
      await until('replay to pause', () => pair.sql('standby', 'select pg_get_wal_replay_pause_state()') === 'paused');
      const saleAt = Date.now();
      const second = await paidSale(20);
      const after = primaryLsn();
      await until('the standby to receive the second sale', () => received(after));
      // The lag is checked afresh, not taken from the check before the sale.
      await sleep(LAG_CHECK_MS + 100);

      // The report is the replica's: the second sale is not in it, and it says its data is older than the sale.
      const lagging = await summary();
      expect(lagging.revenueFen).toBe(1_000);
      expect(lagging.asOf).toBeLessThan(saleAt);
      expect(await metric('venue_db_replica_fallbacks_total')).toBe(0);
      const onPrimary = await s.database.query<{ revenue: number }>(`select sum(revenue_fen)::int as revenue from sport_stat_daily where day = $1`, [day]);
      expect(onPrimary[0]!.revenue).toBe(3_000);

      // What decides money reads the primary: the order the replica has not seen is paid, and only once.
      const o = await sellGeneral(c, [{ name: 'while the replica lags', unitPriceFen: 500 }]);
      expect((await pay(c, o.id, { method: 'cash', amountFen: o.payableFen })).code).toBe(0);
      expect((await pay(c, o.id, { method: 'cash', amountFen: o.payableFen })).code).not.toBe(0);
      expect(pair.sql('standby', `select count(*) from sport_order where id in (${second}, ${o.id})`)).toBe('0');
      await deliver(s, [o.id]);

      // Past the limit the report reads the primary: every sale, as of now, and the fallback counted.
      let fallback = await summary();
      await until('the report to fall back to the primary', async () => (fallback = await summary()).revenueFen === 3_500, MAX_LAG_MS + 10_000);
      expect(fallback.asOf).toBeGreaterThanOrEqual(saleAt);
      expect(await metric('venue_db_replica_fallbacks_total')).toBeGreaterThan(0);
      expect(await metric('venue_db_replica_lag_seconds')).toBeGreaterThan(MAX_LAG_MS / 1000);

      // Replay again: once caught up the reports are the replica's again (no more fallbacks).
      pair.sql('standby', 'select pg_wal_replay_resume()');
      const now = primaryLsn();
      await until('the standby to catch up', () => replayed(now));
      await sleep(LAG_CHECK_MS + 100);
      const fallbacks = await metric('venue_db_replica_fallbacks_total');
      expect((await summary()).revenueFen).toBe(3_500);
      expect(await metric('venue_db_replica_fallbacks_total')).toBe(fallbacks);
    }, 60_000);

    it('an idle primary is no lag: the replica has all there is, however long ago the last write was', async () => {
      await until(
        'the last replayed write to be older than the lag limit',
        () => Number(pair.sql('standby', 'select extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000')) > MAX_LAG_MS + 500,
        MAX_LAG_MS + 10_000,
      );
      const fallbacks = await metric('venue_db_replica_fallbacks_total');
      const r = await summary();
      expect(r.revenueFen).toBe(3_500);
      expect(await metric('venue_db_replica_fallbacks_total')).toBe(fallbacks);
      expect(await metric('venue_db_replica_lag_seconds')).toBe(0);
    }, 30_000);
  },
);

/**
 * Who reads through the reporting reader: reports and exports only. A new use is a decision (it
 * must not decide money, stock, seats, holds or limits): add it here when it is one.
 */
describe('the reporting reader', () => {
  it('is read only by report and export routes', () => {
    const src = path.resolve(import.meta.dirname, '../src/modules');
    const users = (fs.readdirSync(src, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /reportingDb\(|\.reporting\b/.test(fs.readFileSync(path.join(src, f), 'utf8')))
      .sort();
    expect(users).toEqual([
      'sport/agency/agency.routes.ts',
      'sport/course/consign.routes.ts',
      'sport/course/settlement.routes.ts',
      'sport/large-screen/largeScreen.routes.ts',
      'sport/ops-report/opsreport.routes.ts',
      'sport/statistics/cardUsage.routes.ts',
      'sport/statistics/statistics.routes.ts',
      'sport/ticket/catalogue/catalogue.routes.ts',
    ]);
  });
});
