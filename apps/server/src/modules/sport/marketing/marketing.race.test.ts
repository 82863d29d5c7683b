import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { marketingStaff } from './marketing.testkit.ts';
import { budgetRace } from './marketing.race.testkit.ts';

/**
 * The budget race (PostgreSQL: real concurrency). A time-band campaign of ¥10 off each booking with
 * a budget of 10 such discounts, and 40 bookings of 40 different hours at once: exactly 10 are
 * discounted, the others are refused with 100409 `budget` or (priced once it was gone) sold at full
 * price, and the campaign's used amount equals its budget, never more.
 */
describe.each(databases)('campaign budget race on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  it.runIf(kind === 'postgres')('40 bookings at once against a budget of 10 discounts: exactly 10 discounted, the budget never passed', async () => {
    const st = await marketingStaff(s, admin, platformId, 2);
    const r = await budgetRace(s, st.c, { id: st.venue.id, siteIds: st.sites.map((x) => x.id) }, 40, 10);
    expect(r.other, r.other.join('; ')).toEqual([]);
    expect(r.discounted).toBe(10);
    expect(r.discounted + r.fullPrice + r.refused).toBe(40);
    expect([r.usedFen, r.usesFen, r.budgetFen]).toEqual([10_000, 10_000, 10_000]);
  });
});
