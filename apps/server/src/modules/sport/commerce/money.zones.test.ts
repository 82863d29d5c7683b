import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { adminClient, makeOrg } from '../../system/admin.testkit.ts';
import { dayOf, TIME_ZONE_TTL_MS } from './money.ts';

/**
 * Business days follow the organisation's time zone as it is now (issue 24, point 10): the zone
 * was cached for the process's life, so a venue that corrected its zone kept the old business day
 * until a restart.
 */
describe.each(databases)('organisation time zones on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());
  afterEach(() => vi.useRealTimers());

  it('a changed time zone decides the next business day without a restart', async () => {
    const { c: admin, platformOrgId } = await adminClient(s);
    const org = await makeOrg(admin, platformOrgId);
    await s.database.query(`update sys_org set time_zone = 'Asia/Shanghai' where id = $1`, [org.id]);
    // 17:30 UTC: already the next day in Shanghai, still this day in London. Each database's run
    // has its own week (the process's cache outlives one test server; organisation ids repeat).
    const [day0, day1] = kind === 'pglite' ? ['2026-11-29', '2026-11-30'] : ['2026-12-06', '2026-12-07'];
    const at = Date.parse(`${day0}T17:30:00Z`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    const day = () => s.database.db.transaction((tx) => dayOf(tx, org.id));
    expect(await day()).toBe(day1);
    await s.database.query(`update sys_org set time_zone = 'Europe/London' where id = $1`, [org.id]);
    vi.setSystemTime(at + TIME_ZONE_TTL_MS + 1000);
    expect(await day()).toBe(day0);
  });
});
