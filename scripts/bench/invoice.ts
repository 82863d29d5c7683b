// E-invoice figures (issue 29), on PostgreSQL when one answers (else PGlite), through the local
// e-invoice platform simulator over HTTP (apps/server/src/modules/sport/invoice/einvoice.sim.ts):
//  - invoice.issuePerMin: invoices requested for paid orders (`POST {sport}invoice`: the order's
//    lock, the lines and tax, the signed issue call) and followed to issued (`refresh`: the signed
//    query), 8 at a time, per minute of wall clock (target >= 1,000);
//  - invoice.duplicates: invoices beyond one per order, and serials beyond one per order number at
//    the platform, after 50 racing requests for each of 20 orders (must be 0).
import { benchPostgresUrl, benchStaff, ok } from './_support.ts';
import { startServer } from '../../apps/server/test/harness.ts';
import { putPlatform, startEinvoiceSimulator } from '../../apps/server/src/modules/sport/invoice/index.ts';
import { SYSTEM_SCOPE } from '../../apps/server/src/platform/scope.ts';
import { sealSecret } from '../../apps/server/src/platform/keys.ts';
import type { Client } from '../../apps/server/test/harness.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['invoice.database'] = pgUrl ? 'postgres' : 'pglite';
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0', LOG_LEVEL: 'silent' });
const sim = await startEinvoiceSimulator();

/** Runs `work` over `items`, `n` at a time. */
async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function paidOrders(c: Client, count: number): Promise<{ id: number; orderNo: string }[]> {
  const made: { id: number; orderNo: string }[] = [];
  await pool(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const o = await ok(c, 'POST', '/api/sport/commerce/order', {
        type: 'general',
        items: [
          { kind: 'general', name: '场地费', unitPriceFen: 8_000 + i },
          { kind: 'general', name: '饮料', unitPriceFen: 333, quantity: 3 },
        ],
      });
      await ok(c, 'POST', `/api/sport/commerce/order/${o.id}/pay`, { method: 'cash', amountFen: o.payableFen });
      made.push({ id: o.id, orderNo: o.orderNo });
    },
  );
  return made;
}

try {
  const staff = await benchStaff(s, { code: 'bench-invoice', name: '压测开票球馆', role: '管理员', menus: /^sport\./ });
  const c = staff.users[0]!;
  const p = sim.platformConfig();
  await putPlatform(s.database.db, SYSTEM_SCOPE, {
    orgId: staff.orgId,
    gateway: p.gateway,
    appKey: p.appKey,
    secretEnc: sealSecret(s.app.ctx.keys.secretKey, p.secret),
    sellerTaxNo: p.sellerTaxNo,
    sellerName: p.sellerName,
  });

  // ---------------------------------------------------------------- issue rate
  const orders = await paidOrders(c, 400);
  const t0 = performance.now();
  let issued = 0;
  await pool(orders, 8, async (o) => {
    const inv = await ok(c, 'POST', '/api/sport/invoice', { orderId: o.id, title: '压测个人' });
    const done = await ok(c, 'POST', `/api/sport/invoice/${inv.id}/refresh`);
    if (done.state !== 'issued') throw new Error(`invoice ${inv.id}: ${done.state}`);
    issued += 1;
  });
  const minutes = (performance.now() - t0) / 60_000;
  out['invoice.issuePerMin'] = Math.round(issued / minutes);
  console.log(`${issued} invoices requested and issued through the simulator in ${(minutes * 60).toFixed(1)} s`);

  // ---------------------------------------------------------------- 50 racing requests per order
  const raced = await paidOrders(c, 20);
  for (const o of raced) await Promise.all(Array.from({ length: 50 }, () => c.json('POST', '/api/sport/invoice', { body: { orderId: o.id, title: '并发' } })));
  const rows = await s.database.query<{ order_id: string; n: number }>(
    `select order_id, count(*)::int as n from sport_invoice where order_id = any($1::bigint[]) group by order_id`,
    [`{${raced.map((o) => o.id).join(',')}}`],
  );
  if (rows.length !== raced.length) throw new Error(`${rows.length} of ${raced.length} orders invoiced`);
  const extraRows = rows.reduce((sum, r) => sum + Number(r.n) - 1, 0);
  const extraSerials = raced.reduce((sum, o) => sum + Math.max(0, sim.serialsOf(o.orderNo) - 1), 0);
  out['invoice.duplicates'] = extraRows + extraSerials;
  console.log(`${raced.length} orders × 50 racing requests: ${extraRows} extra invoices, ${extraSerials} extra serials`);
} finally {
  await sim.close();
  await s.close();
}
console.log(JSON.stringify(out));
