// Commerce core figures (issue 10), on PostgreSQL when one answers (else PGlite):
//  - orders.createPerSec: `POST commerce/order` with one `general` item, 16 connections (autocannon
//    in a worker thread), counted as the orders that really exist afterwards per second.
//  - pay.notify.duplicateCredits: a WeChat QR payment paid at the local simulator, its notification
//    then replayed 100 times concurrently to the server: credits beyond the first (must be 0).
//  - ledger.imbalances: ledger transactions whose debits differ from their credits after the bench.
import autocannon from 'autocannon';
import { benchPostgresUrl, consoleHeaders, freePort } from './_support.ts';
import { Client, startServer } from '../../apps/server/test/harness.ts';
import { startPaySimulators } from '../../apps/server/src/modules/sport/commerce/commerce.testkit.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
const port = await freePort();
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', PUBLIC_URL: `http://127.0.0.1:${port}` });
const sims = await startPaySimulators();
try {
  await s.app.listen({ host: '127.0.0.1', port });
  // Orders are sold by venue staff: a venue, a cashier role with the commerce screens, a cashier.
  const admin = new Client(s);
  await admin.login();
  const ok = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const r = await admin.json(method, url, body === undefined ? {} : { body });
    if (r.code !== 0) throw new Error(`${url}: ${r.msg}`);
    return r.body;
  };
  const platform = (await ok('GET', '/api/system/org/tree'))[0].id;
  const venue = await ok('POST', '/api/system/org', { code: 'bench-venue', name: '压测场馆', parentId: platform, type: 3 });
  const menuIds: number[] = [];
  const walk = (ns: { id: number; key: string; children?: unknown[] }[]) =>
    ns.forEach((n) => (/^(order|refund|finance|sport\.)/.test(n.key) && menuIds.push(n.id), walk((n.children ?? []) as never)));
  walk(await ok('GET', '/api/system/menu/tree'));
  const role = await ok('POST', '/api/system/role', { orgId: venue.id, code: 'bench_cashier', name: '收银', menuIds });
  await ok('POST', '/api/system/user', { code: 'bench_cashier', name: '收银员', password: 'Bench@2020x', orgId: venue.id, roleIds: [role.id] });
  const c = new Client(s);
  if ((await c.login('bench_cashier', 'Bench@2020x')).code !== 0) throw new Error('cashier cannot sign in');

  // Orders created per second, 16 connections.
  const url = '/api/sport/commerce/order';
  const body = JSON.stringify({ type: 'general', items: [{ kind: 'general', name: '矿泉水', unitPriceFen: 300 }] });
  const headers = consoleHeaders(s.app.ctx.keys.signKey, c, 'POST', url, body);
  const count = async () => Number((await s.database.query<{ n: string }>('select count(*) as n from sport_order'))[0]!.n);
  const run = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url: `http://127.0.0.1:${port}${url}`, method: 'POST', headers, body, connections: 16, pipelining: 1, duration, workers: 1 }, (err, r) =>
        err ? reject(err) : resolve(r),
      ),
    );
  await run(2);
  const before = await count();
  const t0 = performance.now();
  const res = await run(8);
  const seconds = (performance.now() - t0) / 1000;
  if (res.non2xx || res.errors) throw new Error(`autocannon saw ${res.non2xx} non-2xx and ${res.errors} errors`);
  const made = (await count()) - before;
  out['orders.createPerSec'] = Math.round(made / seconds);
  console.log(`orders created with 16 connections: ${out['orders.createPerSec']}/s (${made} orders, ${res.requests.total} answers, p99 ${res.latency.p99} ms)`);

  // One notification replayed 100 times at once.
  const cfg = sims.wechat.merchantConfig();
  const saved = await c.json('PUT', '/api/sport/commerce/merchant/wechat', {
    body: { enabled: true, gateway: cfg.gateway, settings: cfg.settings, secrets: cfg.secrets, version: 0 },
  });
  if (saved.code !== 0) throw new Error(`merchant settings: ${saved.msg}`);
  const order = await c.json('POST', url, { body: { type: 'general', items: [{ kind: 'general', name: '场地费', unitPriceFen: 8800 }] } });
  const started = await c.json('POST', `/api/sport/commerce/order/${order.body.id}/pay`, { body: { method: 'wechat', flow: 'qr', amountFen: 8800 } });
  const no = started.body.payment.paymentNo as string;
  await sims.wechat.pay(no);
  const replays = await sims.wechat.replay(no, 100, { concurrent: true });
  const credits = Number(
    (
      await s.database.query<{ n: string }>(
        `select count(*) as n from sport_ledger_entry e join sport_payment p on p.id = e.payment_id where p.payment_no = $1 and e.txn_kind = 'payment' and e.side = 'debit'`,
        [no],
      )
    )[0]!.n,
  );
  const paid = Number((await s.database.query<{ paid_fen: string }>('select paid_fen from sport_order where id = $1', [order.body.id]))[0]!.paid_fen);
  out['pay.notify.duplicateCredits'] = credits - 1 + (paid === 8800 ? 0 : 1);
  console.log(`100 replays (${replays.filter((r) => r.accepted).length} accepted): ${credits} credit(s), order paid ${paid} fen`);

  const imbalances = await s.database.query(
    `select txn_no from sport_ledger_entry group by txn_no having sum(case when side = 'debit' then amount_fen else -amount_fen end) <> 0`,
  );
  out['ledger.imbalances'] = imbalances.length;
} finally {
  await sims.close();
  await s.close();
}
console.log(JSON.stringify(out));
