// Statistics figures (issue 31), on PostgreSQL when one answers (else PGlite):
//  - stats.monthReport1MOrdersMs: p95 of a month's summary of one organisation whose aggregates
//    hold 12 months of 50 venues (written in bulk with generate_series, as a million orders would
//    leave them: 50 venues × 365 days × 6 item kinds);
//  - stats.dashboardMs: the dashboard's calls at once (today, yesterday, last week, the month and
//    the month before, the month's days by kind), p95;
//  - stats.rebuildFromLedgerMs: a rebuild from the ledger and the orders of STATS_BENCH_ORDERS
//    orders (default a million, as the issue asks: on a 2-core machine their bulk insert takes about
//    75 s and the rebuild 40 s) with their lines, payments and entries;
//  - stats.liveLagMs: a payment's commit to the summary counting it (its event delivered as the
//    scheduler's delivery job does, then the summary read).
import { benchPostgresUrl, benchStaff } from './_support.ts';
import { startServer } from '../../apps/server/test/harness.ts';
import { deliverOrderEvents, seedCommerceJobs } from '../../apps/server/src/modules/sport/commerce/commerce.testkit.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['stats.database'] = pgUrl ? 'postgres' : 'pglite';
const ORDERS = Number(process.env.STATS_BENCH_ORDERS ?? 1_000_000);
out['stats.rebuildOrders'] = ORDERS;
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
const p95 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
// Business days of the organisation's time zone (yyyy-MM-dd).
const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);
try {
  await seedCommerceJobs(s.database.db);
  const staff = await benchStaff(s, { code: 'bench-stats', name: '压测统计球馆', role: '经理', menus: /^(sport\.|stadium|home)/ });
  const c = staff.users[0]!;
  const org = staff.orgId;
  const post = async (p: string, body: unknown) => {
    const r = await c.json('POST', `/api/sport/statistics/${p}`, { body });
    if (r.code !== 0) throw new Error(`${p}: ${r.msg}`);
    return r.body;
  };

  // A payment's commit to the summary counting it.
  const today = new Date();
  const lags: number[] = [];
  for (let i = 0; i < 5; i++) {
    const o = await c.json('POST', '/api/sport/commerce/order', { body: { type: 'general', items: [{ kind: 'general', name: '毛巾', unitPriceFen: 700 }] } });
    const before = (await post('summary', { from: day(today), to: day(today) })).revenueFen;
    const t0 = performance.now();
    const paid = await c.json('POST', `/api/sport/commerce/order/${o.body.id}/pay`, { body: { method: 'cash', amountFen: 700 } });
    if (o.code !== 0 || paid.code !== 0) throw new Error(`sale: ${o.msg} ${paid.msg}`);
    await deliverOrderEvents(s, o.body.id);
    const after = (await post('summary', { from: day(today), to: day(today) })).revenueFen;
    if (after - before !== 700) throw new Error(`the payment is not counted: ${before} → ${after}`);
    lags.push(performance.now() - t0);
  }
  out['stats.liveLagMs'] = Math.round(p95(lags));

  // A year of aggregates: 50 venues, 6 kinds a day.
  await s.database.query(
    `insert into sport_stat_daily (org_id, venue_id, day, kind, revenue_fen, refund_fen, payments, refunds, orders, items)
     select $1, v, current_date - d, k, 10000 + (v * d) % 5000, (v + d) % 7 * 100, 5, (v + d) % 2, 5, 6
       from generate_series(1, 50) v, generate_series(0, 364) d, unnest(array['venue','ticket','card','course','goods','general']) k`,
    [org],
  );
  const monthAgo = new Date(Date.now() - 29 * 86_400_000);
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await post('summary', { from: day(monthAgo), to: day(today) });
    times.push(performance.now() - t0);
  }
  out['stats.monthReport1MOrdersMs'] = Math.round(p95(times));
  const dash: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    const d = (n: number) => day(new Date(Date.now() - n * 86_400_000));
    await Promise.all([
      post('summary', { from: d(0), to: d(0) }),
      post('summary', { from: d(1), to: d(1) }),
      post('summary', { from: d(7), to: d(7) }),
      post('summary', { from: d(29), to: d(0) }),
      post('summary', { from: d(59), to: d(30) }),
      post('days', { from: d(29), to: d(0) }),
    ]);
    dash.push(performance.now() - t0);
  }
  out['stats.dashboardMs'] = Math.round(p95(dash));

  // Orders, lines, payments and their ledger entries in bulk, over 12 months.
  const t1 = performance.now();
  await s.database.query(
    `insert into sport_order (org_id, order_no, type, buyer_kind, channel, total_fen, payable_fen, paid_fen, state, item_summary, created_at, paid_at)
     select $1, 'SB' || g, 'general', 'walkin', 'desk', 1000 + g % 500, 1000 + g % 500, 1000 + g % 500, 'paid', 'bench', now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day'
       from generate_series(1, $2::int) g`,
    [org, ORDERS],
  );
  await s.database.query(
    `insert into sport_order_item (org_id, order_id, line_no, kind, name, quantity, unit_price_fen, amount_fen)
     select org_id, id, 1, (array['venue','ticket','card','course','goods','general'])[1 + id % 6], 'bench', 1, total_fen, total_fen from sport_order where org_id = $1 and order_no like 'SB%'`,
    [org],
  );
  await s.database.query(
    `insert into sport_payment (org_id, order_id, payment_no, method, flow, amount_fen, state, created_at, succeeded_at)
     select org_id, id, 'PB' || id, 'cash', 'direct', total_fen, 'succeeded', paid_at, paid_at from sport_order where org_id = $1 and order_no like 'SB%'`,
    [org],
  );
  await s.database.query(
    `insert into sport_ledger_entry (org_id, txn_no, txn_kind, account, side, amount_fen, order_id, payment_id, business_day)
     select p.org_id, p.payment_no, 'payment', a.account, a.side, p.amount_fen, p.order_id, p.id, (p.succeeded_at at time zone 'Asia/Shanghai')::date
       from sport_payment p, (values ('cash', 'debit'), ('sales', 'credit')) a(account, side) where p.org_id = $1 and p.payment_no like 'PB%'`,
    [org],
  );
  console.log(`${ORDERS} orders with lines, payments and ledger entries written in ${Math.round(performance.now() - t1)} ms`);
  const t2 = performance.now();
  const rebuilt = await post('rebuild', {});
  out['stats.rebuildFromLedgerMs'] = Math.round(performance.now() - t2);
  console.log(`rebuilt ${rebuilt.rows} daily rows`);
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
