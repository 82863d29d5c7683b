// Ticketing figures (issue 13), on PostgreSQL when one answers (else PGlite), over HTTP:
//  - tickets.rush.ordersPerMin: 5,000 general-admission tickets at one level, 64 concurrent buyers
//    each ordering 1–4 tickets (`POST ticket/order`) until sold out; orders made per minute. The
//    orders stay pending (their quota held), which is what a sale's rush does to the database.
//    Each buyer has its own keep-alive connection and a light client (`KeepAliveConnection`): the
//    buyers run in the server's process, and fetch's own cost took a fifth of its CPU.
//  - tickets.rush.oversold: tickets held or sold beyond the quota afterwards (must be 0).
//  - tickets.seatRace.doubleSold: 200 buyers at once racing for 50 seats (1–3 seats each); the
//    winners pay in cash; seats with more than one live ticket, plus seats sold or held whose
//    ticket count differs from one (must be 0).
import { KeepAliveConnection, benchPostgresUrl, consoleHeaders, freePort } from './_support.ts';
import { Client, startServer } from '../../apps/server/test/harness.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
const port = await freePort();
// The production session cache and pool size (the test harness turns the cache off and keeps 5 connections).
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', DATABASE_POOL_SIZE: '', JOB_SCHEDULER: '0' });
try {
  await s.app.listen({ host: '127.0.0.1', port });
  const admin = new Client(s);
  await admin.login();
  const ok = async (c: Client, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const r = await c.json(method, url, body === undefined ? {} : { body });
    if (r.code !== 0) throw new Error(`${url}: ${r.msg} ${JSON.stringify(r.detail)}`);
    return r.body;
  };
  // A box office: an organisation, a role with the order screens and every ticketing route, a clerk.
  const platform = (await ok(admin, 'GET', '/api/system/org/tree'))[0].id;
  const org = await ok(admin, 'POST', '/api/system/org', { code: 'bench-tickets', name: '压测票务', parentId: platform, type: 3 });
  const menuIds: number[] = [];
  const walk = (ns: { id: number; key: string; children?: unknown[] }[]) =>
    ns.forEach((n) => (/^(order|sport\.order|sport\.refund|sport\.finance)/.test(n.key) && menuIds.push(n.id), walk((n.children ?? []) as never)));
  walk(await ok(admin, 'GET', '/api/system/menu/tree'));
  const role = await ok(admin, 'POST', '/api/system/role', { orgId: org.id, code: 'bench_box', name: '售票员', menuIds });
  const apis = await ok(admin, 'POST', '/api/system/api/list', { module: 'ticket', pageSize: 500 });
  for (const a of apis.data as { id: number; grantable: boolean; roleIds: number[] }[])
    if (a.grantable) await ok(admin, 'PUT', `/api/system/api/${a.id}/roles`, { roleIds: [...a.roleIds, role.id] });
  await ok(admin, 'POST', '/api/system/user', { code: 'bench_box', name: '售票员', password: 'Bench@2020x', orgId: org.id, roleIds: [role.id] });
  const c = new Client(s);
  if ((await c.login('bench_box', 'Bench@2020x')).code !== 0) throw new Error('clerk cannot sign in');
  const key = s.app.ctx.keys.signKey;
  type Answer = { code: number; msg: string; detail?: { reason?: string }; body: { orderId: number; amount: number } };
  // Each buyer has its own keep-alive connection, as a browser has.
  const post = async (url: string, body: unknown, connection?: KeepAliveConnection): Promise<Answer> => {
    const text = JSON.stringify(body);
    const via = connection ?? new KeepAliveConnection(port);
    try {
      return JSON.parse((await via.request('POST', url, consoleHeaders(key, c, 'POST', url, text), text)).body) as Answer;
    } finally {
      if (!connection) via.close();
    }
  };
  const startAt = new Date(Date.now() + 30 * 86400_000).toISOString();

  // ---- the rush: 5,000 general-admission tickets, 64 buyers of 1–4 tickets.
  const project = await ok(c, 'POST', '/api/sport/ticket/project', { name: '压测演唱会' });
  const ga = await ok(c, 'POST', '/api/sport/ticket/session', {
    projectId: project.id,
    name: '开售',
    startAt,
    onSale: true,
    levels: [{ name: '看台', priceFen: 28000, quota: 5000 }],
  });
  const levelId = ga.levels[0].id as number;
  // Warm-up on a session of its own (connections, prepared plans), not counted.
  const warm = await ok(c, 'POST', '/api/sport/ticket/session', {
    projectId: project.id,
    name: '热身',
    startAt,
    onSale: true,
    levels: [{ name: '热身', priceFen: 100, quota: 100_000 }],
  });
  const buyers = Array.from({ length: 64 }, () => new KeepAliveConnection(port));
  await Promise.all(
    buyers.map(async (connection) => {
      for (let i = 0; i < 10; i++) await post('/api/sport/ticket/order', { sessionId: warm.id, levelId: warm.levels[0].id, quantity: 1 }, connection);
    }),
  );
  let soldOut = false;
  let orders = 0;
  let tickets = 0;
  let taken = 0;
  const errors: string[] = [];
  let seed = 13;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) % 4) + 1;
  const t0 = performance.now();
  await Promise.all(
    buyers.map(async (connection) => {
      let want = rand();
      while (!soldOut) {
        const r = await post('/api/sport/ticket/order', { sessionId: ga.id, levelId, quantity: want }, connection);
        if (r.code === 0) {
          orders++;
          tickets += want;
          want = rand();
        } else if (r.code === 100409 && r.detail?.reason === 'taken') {
          taken++;
          // Fewer left than asked: ask for one; none left: sold out.
          if (want === 1) soldOut = true;
          else want = 1;
        } else {
          errors.push(`${r.code} ${r.msg}`);
          if (errors.length > 20) soldOut = true;
        }
      }
    }),
  );
  const minutes = (performance.now() - t0) / 60_000;
  buyers.forEach((b) => b.close());
  if (errors.length) throw new Error(`rush errors: ${errors.slice(0, 5).join('; ')}`);
  const [lv] = await s.database.query<{ quota: number; held: number; sold: number; live: string }>(
    `select quota, held, sold, (select count(*) from sport_ticket t where t.level_id = l.id and t.state in ('held','sold','used')) as live from sport_ticket_level l where l.id = $1`,
    [levelId],
  );
  out['tickets.rush.ordersPerMin'] = Math.round(orders / minutes);
  out['tickets.rush.oversold'] = Math.max(0, lv!.held + lv!.sold - lv!.quota, Number(lv!.live) - lv!.quota);
  out['tickets.rush.ticketsHeld'] = Number(lv!.live);
  console.log(
    `rush: ${orders} orders for ${tickets} tickets in ${(minutes * 60).toFixed(1)} s with 64 buyers (${taken} answered taken); ${out['tickets.rush.ordersPerMin']} orders/min; level held ${lv!.held} sold ${lv!.sold} of ${lv!.quota}, live tickets ${lv!.live}; orders left pending (holds)`,
  );

  // ---- the seat race: 200 buyers at once for 50 seats; winners pay.
  const cells = [];
  for (let r = 1; r <= 5; r++)
    for (let n = 1; n <= 10; n++)
      cells.push({ key: `${r}-${n}`, zone: 'Z', row: String(r), no: String(n), x: n * 30, y: r * 30, kind: 'normal', levelKey: 'A' });
  const map = await ok(c, 'POST', '/api/sport/ticket/seatmap', {
    name: '压测座位图',
    document: { width: 400, height: 300, zones: [{ key: 'Z', name: '内场', color: '#ff0000' }], seats: cells },
  });
  const seated = await ok(c, 'POST', '/api/sport/ticket/session', {
    projectId: project.id,
    name: '对号入座',
    startAt,
    seated: true,
    seatmapId: map.id,
    onSale: true,
    levels: [{ name: '内场', priceFen: 50000, levelKeys: ['A'] }],
  });
  const seatIds = ((await ok(c, 'POST', `/api/sport/ticket/session/${seated.id}/seats`, {})).seats as { id: number }[]).map((x) => x.id);
  const pick = (i: number) => {
    const n = 1 + (i % 3);
    return [...new Set(Array.from({ length: n }, (_, k) => seatIds[(i * 17 + k * 7) % 50]!))];
  };
  const race = await Promise.all(Array.from({ length: 200 }, (_, i) => post('/api/sport/ticket/order', { sessionId: seated.id, seatIds: pick(i) })));
  const bad = race.filter((r) => r.code !== 0 && !(r.code === 100409 && r.detail?.reason === 'taken'));
  if (bad.length)
    throw new Error(
      `seat race errors: ${bad
        .slice(0, 5)
        .map((r) => `${r.code} ${r.msg}`)
        .join('; ')}`,
    );
  const winners = race.filter((r) => r.code === 0);
  for (const w of winners) {
    const paid = await post(`/api/sport/commerce/order/${w.body.orderId}/pay`, { method: 'cash', amountFen: w.body.amount });
    if (paid.code !== 0) throw new Error(`pay: ${paid.msg}`);
  }
  const [dbl] = await s.database.query<{ dup: string; mismatch: string; sold: string }>(
    `select
       (select count(*) from (select seat_id from sport_ticket where session_id = $1 and state in ('held','sold','used') group by seat_id having count(*) > 1) d) as dup,
       (select count(*) from sport_ticket_seat st where st.session_id = $1 and st.state in ('held','sold') and (select count(*) from sport_ticket t where t.seat_id = st.id and t.state in ('held','sold','used')) <> 1) as mismatch,
       (select count(*) from sport_ticket_seat where session_id = $1 and state = 'sold') as sold`,
    [seated.id],
  );
  out['tickets.seatRace.doubleSold'] = Number(dbl!.dup) + Number(dbl!.mismatch);
  console.log(
    `seat race: 200 buyers for 50 seats: ${winners.length} orders won and paid, ${race.length - winners.length} taken; ${dbl!.sold} seats sold; double-sold ${out['tickets.seatRace.doubleSold']}`,
  );
  out['tickets.database'] = pgUrl ? 'postgres' : 'pglite';
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
