import type { Client, TestServer } from '../../../../test/harness.ts';

// No vitest here: `npm run bench` (scripts/bench/marketing.ts) runs the same race outside the test runner.

type Answer = { code: number; msg: string; detail?: unknown; body?: unknown };

async function call(c: Client, method: 'POST' | 'PUT', url: string, body: unknown): Promise<any> {
  const r = await c.json(method, url, { body });
  if (r.code !== 0) throw new Error(`${url}: ${r.msg} ${JSON.stringify(r.detail)}`);
  return r.body;
}

export interface BudgetRaceResult {
  /** Bookings made with the campaign's discount. */
  discounted: number;
  /** Bookings made at full price (priced after the budget was gone). */
  fullPrice: number;
  /** Refused with 100409 `budget` (the budget went to another order between pricing and placing). */
  refused: number;
  /** Any other answer (must be none: no deadlock, no 5xx, no slot taken). */
  other: string[];
  /** What the campaign row says is used, and its budget. */
  usedFen: number;
  budgetFen: number;
  /** The sum of the campaign's live uses (held or used). */
  usesFen: number;
  ms: number;
}

/**
 * `orders` bookings at once, each of its own hour of a court (so only the budget is contended), under
 * a time-band campaign of `offFen` off every line and a budget of `affordable` such discounts: how many
 * were discounted, sold at full price or refused, and what the database holds of the budget afterwards.
 * `venue` is open all day with badminton sites at ¥50 an hour (`raceVenue`); `c` may add campaigns and book there.
 */
export async function budgetRace(
  s: TestServer,
  c: Client,
  venue: { id: number; siteIds: number[] },
  orders: number,
  affordable: number,
  offFen = 1_000,
): Promise<BudgetRaceResult> {
  if (venue.siteIds.length * 20 < orders) throw new Error('budgetRace: 20 hours a site; give more sites');
  const campaign = await call(c, 'POST', '/api/sport/marketing/campaign', {
    name: '抢预算立减',
    kind: 'timeBand',
    budgetFen: affordable * offFen,
    offKind: 'amount',
    offValue: offFen,
    bandStart: '00:00',
    bandEnd: '24:00',
    validFrom: new Date(Date.now() - 86_400_000).toISOString(),
    validTo: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  // Three days ahead, from 02:00: every hour free and in the future whatever the clock says.
  const day = new Date(Date.now() + 3 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  const hh = (n: number) => `${String(n).padStart(2, '0')}:00`;
  const bodies = Array.from({ length: orders }, (_, i) => ({
    stadiumId: venue.id,
    date: day,
    items: [{ siteId: venue.siteIds[Math.floor(i / 20)]!, start: hh(2 + (i % 20)), end: hh(3 + (i % 20)) }],
    buyerName: '抢预算顾客',
  }));
  const t0 = performance.now();
  const answers: Answer[] = await Promise.all(bodies.map((body) => c.json('POST', '/api/sport/booking/order', { body })));
  const ms = performance.now() - t0;
  const isRefusal = (a: Answer) => a.code === 100409 && (a.detail as { reason?: string } | null)?.reason === 'budget';
  const made = answers.filter((a) => a.code === 0).map((a) => Number((a.body as { amount: number }).amount));
  const [row] = await s.database.query<{ used: string; budget: string; uses: string }>(
    `select used_fen as used, budget_fen as budget,
            (select coalesce(sum(amount_fen), 0) from sport_campaign_use where campaign_id = $1 and state in ('held','used')) as uses
       from sport_campaign where id = $1`,
    [campaign.id],
  );
  return {
    discounted: made.filter((a) => a === 5_000 - offFen).length,
    fullPrice: made.filter((a) => a === 5_000).length,
    refused: answers.filter(isRefusal).length,
    other: answers.filter((a) => a.code !== 0 && !isRefusal(a)).map((a) => `${a.code} ${a.msg}`),
    usedFen: Number(row!.used),
    budgetFen: Number(row!.budget),
    usesFen: Number(row!.uses),
    ms,
  };
}

/** The race's venue for a fresh organisation: open all day, `n` badminton sites at ¥50 an hour. */
export async function raceVenue(c: Client, n: number): Promise<{ id: number; siteIds: number[] }> {
  const venue = await call(c, 'POST', '/api/stadium/stadiumInfo/insert', {
    stadiumName: `抢预算球馆${Math.random().toString(36).slice(2, 7)}`,
    timeZone: 'Asia/Shanghai',
    openTime: '00:00',
    closeTime: '24:00',
    slotMinutes: 60,
    sportcatItems: ['badminton'],
    rules: {
      advanceDays: 30,
      minSlots: 1,
      maxSlots: 16,
      cancelDeadlineMinutes: 120,
      lateCancelRefundPercent: 50,
      changeDeadlineMinutes: 120,
      noShowAfterMinutes: 15,
      noShowForfeits: true,
    },
  });
  const siteIds: number[] = [];
  for (let i = 1; i <= n; i++)
    siteIds.push((await call(c, 'POST', '/api/sport/venue/site', { venueId: venue.id, name: `${i}号场`, sport: 'badminton', sort: i })).id);
  await call(c, 'POST', '/api/sport/venue/price', { venueId: venue.id, name: '全天', sport: 'badminton', start: '00:00', end: '24:00', priceFen: 5_000 });
  return { id: venue.id, siteIds };
}
