// Daily close figures (issue 29), on PostgreSQL when one answers (else PGlite):
//  - settlement.close50VenuesMs: 50 venues (each of its own organisation), each with 10 sales paid
//    part in cash and part by transfer today, then every venue's day closed one after the other
//    through `POST {sport}settlement/close` (target <= 30,000); each close is checked against the
//    sales to the fen.
// The reconciliation keys (settlement.reconcile100kMs, …falsePositives, …missed) are not built yet.
import { benchPostgresUrl, benchStaff, ok } from './_support.ts';
import { startServer } from '../../apps/server/test/harness.ts';

const VENUES = 50;
const SALES = 10;
const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['settlement.database'] = pgUrl ? 'postgres' : 'pglite';
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0', LOG_LEVEL: 'silent' });
try {
  const stamp = Date.now().toString(36);
  const places = [];
  for (let v = 0; v < VENUES; v++) {
    const staff = await benchStaff(s, { code: `bench-close-${stamp}-${v}`, name: `压测日结球馆${v}`, role: '管理员', menus: /^sport\./ });
    const c = staff.users[0]!;
    const venue = await ok(c, 'POST', '/api/stadium/stadiumInfo/insert', { stadiumName: `压测日结场馆${v}` });
    let cash = 0;
    let transfer = 0;
    for (let i = 0; i < SALES; i++) {
      const price = 1000 + 37 * i + v;
      const order = await ok(c, 'POST', '/api/sport/commerce/order', {
        type: 'general',
        venueId: venue.id,
        items: [{ kind: 'general', name: '压测商品', unitPriceFen: price }],
      });
      const part = Math.floor(price / 3);
      await ok(c, 'POST', `/api/sport/commerce/order/${order.id}/pay`, { method: 'cash', amountFen: part });
      await ok(c, 'POST', `/api/sport/commerce/order/${order.id}/pay`, { method: 'transfer', amountFen: price - part });
      cash += part;
      transfer += price - part;
    }
    places.push({ c, venueId: venue.id as number, timeZone: venue.timeZone as string, cash, transfer });
  }
  const t0 = performance.now();
  for (const p of places) {
    const day = new Date().toLocaleDateString('en-CA', { timeZone: p.timeZone ?? 'Asia/Shanghai' });
    const closed = await ok(p.c, 'POST', '/api/sport/settlement/close', { stadiumId: p.venueId, date: day });
    if (closed.totals.byMethod.cash !== p.cash || closed.totals.byMethod.transfer !== p.transfer)
      throw new Error(`venue ${p.venueId}: closed ${JSON.stringify(closed.totals.byMethod)}, sold cash ${p.cash} and transfer ${p.transfer}`);
  }
  out['settlement.close50VenuesMs'] = Math.round(performance.now() - t0);
  console.log(`${VENUES} venues of ${SALES} sales each closed in ${out['settlement.close50VenuesMs']} ms, every close equal to its sales`);
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
