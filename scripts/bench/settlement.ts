// Daily close figures (issue 29), on PostgreSQL when one answers (else PGlite):
//  - settlement.close50VenuesMs: 50 venues (each of its own organisation), each with 10 sales paid
//    part in cash and part by transfer today, then every venue's day closed one after the other
//    through `POST {sport}settlement/close` (target <= 30,000); each close is checked against the
//    sales to the fen.
//  - settlement.reconcile100kMs: a WeChat Pay bill of 100,000 payments served by the simulator
//    (gzip, SHA1 checked), against 100,000 payments and their ledger entries, with 50 mismatches
//    seeded (10 of each: only ours, only theirs, amount, fee, another day), reconciled through
//    `POST {sport}settlement/reconcile` (target <= 10,000); settlement.reconcile.falsePositives and
//    …missed: mismatches reported that were not seeded, and seeded ones not reported (both 0).
import { benchPostgresUrl, benchStaff, ok } from './_support.ts';
import { startServer } from '../../apps/server/test/harness.ts';
import { startPaySimulators } from '../../apps/server/src/modules/sport/commerce/commerce.testkit.ts';

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

  // ---------------------------------------------------------------- reconciliation of a 100,000-line bill
  const LINES = 100_000;
  const sims = await startPaySimulators();
  try {
    const staff = await benchStaff(s, { code: `bench-rec-${stamp}`, name: '压测对账球馆', role: '管理员', menus: /^sport\./ });
    const c = staff.users[0]!;
    const cfg = sims.wechat.merchantConfig();
    await ok(c, 'PUT', '/api/sport/commerce/merchant/wechat', {
      enabled: true,
      gateway: cfg.gateway,
      settings: cfg.settings,
      secrets: cfg.secrets,
      version: 0,
    });
    const order = await ok(c, 'POST', '/api/sport/commerce/order', { type: 'general', items: [{ kind: 'general', name: '压测对账', unitPriceFen: 100 }] });
    const cst = (shift: number) => new Date(Date.now() + 8 * 3600_000 + shift * 86_400_000).toISOString().slice(0, 10);
    const day = cst(-1);
    const before = cst(-2);
    const no = (i: number) => `BR${stamp}${String(i).padStart(6, '0')}`;
    const fen = (i: number) => 100 + (i % 9973);
    // Our side: payments 0..LINES-1 succeeded through WeChat Pay, booked on `day` (the last ten on the day before).
    await s.database.query(
      `insert into sport_payment (org_id, order_id, payment_no, method, flow, provider, amount_fen, state, provider_trade_no, succeeded_at)
       select $1, $2, $3 || lpad(g::text, 6, '0'), 'wechat', 'qr', 'wechat', 100 + (g % 9973), 'succeeded', 'T' || $3 || g, now() - interval '1 day'
         from generate_series(0, $4 - 1) g`,
      [staff.orgId, order.id, `BR${stamp}`, LINES],
    );
    await s.database.query(
      `insert into sport_ledger_entry (org_id, txn_no, txn_kind, account, side, amount_fen, business_day, order_id, payment_id)
       select p.org_id, p.payment_no, 'payment', a.account, a.side, p.amount_fen,
              case when right(p.payment_no, 6)::int >= $3 - 10 then $4::date else $5::date end, p.order_id, p.id
         from sport_payment p, (values ('wechat', 'debit'), ('sales', 'credit')) a(account, side)
        where p.org_id = $1 and p.payment_no like $2`,
      [staff.orgId, `BR${stamp}%`, LINES, before, day],
    );
    // Their side: the same trades on `day`, but for the first ten (only ours), with ten of their own (only theirs),
    // ten amounts and ten fees changed. The last ten are booked the day before by us (another day).
    const paidAt = new Date(`${day}T12:00:00+08:00`);
    const expected = new Set<string>();
    const trades = [];
    for (let i = 0; i < LINES; i++) {
      if (i < 10) {
        expected.add(`only_ours:${no(i)}`);
        continue;
      }
      const t: { outTradeNo: string; amountFen: number; paidAt: Date; feeFen?: number } = { outTradeNo: no(i), amountFen: fen(i), paidAt };
      if (i < 20) {
        t.amountFen += 1;
        expected.add(`amount:${no(i)}`);
      } else if (i < 30) {
        t.feeFen = Math.floor((fen(i) * 6000 + 500_000) / 1_000_000) + 1;
        expected.add(`fee:${no(i)}`);
      } else if (i >= LINES - 10) expected.add(`other_day:${no(i)}`);
      trades.push(t);
    }
    for (let i = 0; i < 10; i++) {
      trades.push({ outTradeNo: `BX${stamp}${i}`, amountFen: 500 + i, paidAt });
      expected.add(`only_theirs:BX${stamp}${i}`);
    }
    sims.wechat.record(trades);
    const t1 = performance.now();
    const r = await ok(c, 'POST', '/api/sport/settlement/reconcile', { provider: 'wechat', date: day });
    out['settlement.reconcile100kMs'] = Math.round(performance.now() - t1);
    // The answer names the provider's trade number (ours when the provider has none): back to our numbers.
    const ourNoOf = new Map<string, string>();
    for (const t of trades) ourNoOf.set(sims.wechat.trade(t.outTradeNo)!.tradeNo, t.outTradeNo);
    for (let i = 0; i < 10; i++) ourNoOf.set(`T${`BR${stamp}`}${i}`, no(i));
    const reported = new Set<string>(r.mismatches.map((m: { kind: string; tradeNo: string }) => `${m.kind}:${ourNoOf.get(m.tradeNo) ?? m.tradeNo}`));
    out['settlement.reconcile.falsePositives'] = [...reported].filter((k) => !expected.has(k)).length;
    out['settlement.reconcile.missed'] = [...expected].filter((k) => !reported.has(k)).length;
    console.log(
      `${LINES} bill lines reconciled in ${out['settlement.reconcile100kMs']} ms: ${r.matched} matched, ${r.mismatches.length} mismatches, ` +
        `${out['settlement.reconcile.falsePositives']} false positives, ${out['settlement.reconcile.missed']} missed`,
    );
  } finally {
    await sims.close();
  }
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
