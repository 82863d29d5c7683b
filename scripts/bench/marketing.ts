// Campaign figures (issue 28), on PostgreSQL when one answers (else PGlite):
//  - campaign.budgetOverrunFen: a time-band campaign of ¥10 off each booking with a budget of 50
//    such discounts, and 200 bookings of 200 different court hours at once: what the campaign used
//    beyond its budget, or what its live uses add up to beyond it (must be 0, with exactly 50
//    bookings discounted; the others refused with 100409 `budget` or sold at full price);
//    campaign.race.ms: how long the 200 bookings took.
import { benchPostgresUrl, benchStaff } from './_support.ts';
import { startServer } from '../../apps/server/test/harness.ts';
import { budgetRace, raceVenue } from '../../apps/server/src/modules/sport/marketing/marketing.race.testkit.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['campaign.database'] = pgUrl ? 'postgres' : 'pglite';
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
try {
  const staff = await benchStaff(s, { code: 'bench-campaign', name: '压测营销球馆', role: '运营', menus: /^(sport\.|stadium)/ });
  const c = staff.users[0]!;
  const venue = await raceVenue(c, 10);
  const r = await budgetRace(s, c, venue, 200, 50);
  out['campaign.budgetOverrunFen'] = Math.max(0, r.usedFen - r.budgetFen, r.usesFen - r.budgetFen, (r.discounted - 50) * 1_000);
  out['campaign.race.discounted'] = r.discounted;
  out['campaign.race.ms'] = Math.round(r.ms);
  console.log(
    `200 concurrent bookings, budget of 50 discounts: ${r.discounted} discounted, ${r.refused} refused for the budget, ${r.fullPrice} at full price, ${r.other.length} other; used ${r.usedFen} of ${r.budgetFen} fen`,
  );
  if (r.discounted !== 50 || r.other.length) throw new Error(`budget race: ${JSON.stringify({ ...r, other: r.other.slice(0, 3) })}`);
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
