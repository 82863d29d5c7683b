// Member card figures (issue 12), on PostgreSQL when one answers (else PGlite):
//  - cards.balanceRace.overdrafts: 100 concurrent payments of 10 yuan against a 500-yuan card, over
//    HTTP; the card's balance below 0, or more money paid than it held (must be 0).
//  - cards.balanceRace.successes: how many of them succeeded (must be exactly 50).
//  - cards.balanceRace.ms: how long the 100 payments took.
import { benchPostgresUrl, consoleHeaders, freePort, benchStaff, ok } from './_support.ts';
import { Client, startServer } from '../../apps/server/test/harness.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['cards.database'] = pgUrl ? 'postgres' : 'pglite';
const port = await freePort();
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
try {
  await s.app.listen({ host: '127.0.0.1', port });
  // A venue's front desk with the card and order screens.
  const staff = await benchStaff(s, { code: 'bench-cards', name: '压测会员卡', role: '前台', menus: /^(member|order|sport\.)/, users: 1 });
  const org = { id: staff.orgId };
  const [c] = staff.users as [Client, ...Client[]];

  // A 500-yuan stored-value card, sold and paid in cash.
  const [m] = await s.database.query<{ id: string }>(
    `insert into sport_member (org_id, member_no, name, phone) values ($1, 'BENCH-1', '压测会员', '13900009999') returning id`,
    [org.id],
  );
  const memberId = Number(m!.id);
  const type = await ok(c, 'POST', '/api/sport/card/type', { name: '500元储值卡', kind: 'value', priceFen: 50_000, faceValueFen: 50_000 });
  const sold = await ok(c, 'POST', '/api/sport/card/sell', { typeId: type.id, memberId });
  await ok(c, 'POST', `/api/sport/commerce/order/${sold.orderId}/pay`, { method: 'cash', amountFen: 50_000 });
  const card = await ok(c, 'GET', `/api/sport/card/${sold.cardId}`);
  if (card.balanceFen !== 50_000) throw new Error(`card holds ${card.balanceFen}`);

  // 100 orders of 10 yuan, then 100 payments from the card at once over HTTP.
  const orders: number[] = [];
  for (let i = 0; i < 100; i++)
    orders.push(
      (await ok(c, 'POST', '/api/sport/commerce/order', { type: 'general', memberId, items: [{ kind: 'general', name: '饮料', unitPriceFen: 1_000 }] })).id,
    );
  const key = s.app.ctx.keys.signKey;
  const post = async (url: string, body: unknown) => {
    const text = JSON.stringify(body);
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: consoleHeaders(key, c, 'POST', url, text), body: text });
    return (await res.json()) as { code: number; msg: string };
  };
  const t0 = performance.now();
  const results = await Promise.all(
    orders.map((id) => post(`/api/sport/commerce/order/${id}/pay`, { method: 'balance', amountFen: 1_000, accountId: card.accountId })),
  );
  out['cards.balanceRace.ms'] = Math.round(performance.now() - t0);
  const successes = results.filter((r) => r.code === 0).length;
  const refusals = results.filter((r) => r.code === 969600).length;
  const [acc] = await s.database.query<{ balance_fen: string }>(`select balance_fen from sport_balance_account where id = $1`, [card.accountId]);
  const balance = Number(acc!.balance_fen);
  const [paid] = await s.database.query<{ n: string; fen: string }>(
    `select count(*) as n, coalesce(sum(amount_fen), 0) as fen from sport_payment where account_id = $1 and state = 'succeeded'`,
    [card.accountId],
  );
  const paidFen = Number(paid!.fen);
  const [led] = await s.database.query<{ fen: string }>(
    `select coalesce(sum(case when side = 'credit' then amount_fen else -amount_fen end), 0) as fen from sport_ledger_entry where account_id = $1 and account = 'balance'`,
    [card.accountId],
  );
  out['cards.balanceRace.successes'] = successes;
  out['cards.balanceRace.overdrafts'] = (balance < 0 ? 1 : 0) + Math.max(0, Math.ceil((paidFen - 50_000) / 1_000)) + (Number(led!.fen) !== balance ? 1 : 0);
  console.log(
    `100 concurrent 10-yuan payments against a 500-yuan card: ${successes} paid, ${refusals} refused (insufficient), ${100 - successes - refusals} other; balance ${balance} fen, paid ${paidFen} fen, ledger ${led!.fen} fen`,
  );
  if (successes !== 50) throw new Error(`expected exactly 50 successes, got ${successes}`);
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
