// Goods figures (issue 27), on PostgreSQL when one answers (else PGlite):
//  - goods.stockRace.oversold: 200 concurrent orders of 1 unit over HTTP with 50 in stock: units
//    sold beyond the stock (must be 0); goods.stockRace.made: orders made (must be exactly 50, the
//    other 150 answering 100409 `stock`); goods.stockRace.ms: how long the 200 orders took.
//  - goods.stockAtMs: median time of `POST goods/stock/at` (a good's quantity at a past instant, in
//    its two warehouses) over 1,000,000 movements (target <= 50 ms on PostgreSQL); goods.stockAtSqlMs:
//    the same lookup for one warehouse run directly through the database (the query's own cost).
//    The movements are made by one set-based insert, not a loop.
import { benchPostgresUrl, benchStaff, consoleHeaders, freePort, median, ok } from './_support.ts';
import { startServer } from '../../apps/server/test/harness.ts';
import { stockRace } from '../../apps/server/src/modules/sport/goods/goods.race.testkit.ts';

const out: Record<string, number | string> = {};
const pgUrl = await benchPostgresUrl();
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
out['goods.database'] = pgUrl ? 'postgres' : 'pglite';
const port = await freePort();
const s = await startServer(pgUrl ? 'postgres' : 'pglite', { SESSION_CACHE_MS: '', JOB_SCHEDULER: '0' });
try {
  await s.app.listen({ host: '127.0.0.1', port });
  const staff = await benchStaff(s, { code: 'bench-goods', name: '压测球馆商店', role: '前台', menus: /^sport\./ });
  const c = staff.users[0]!;
  const venue = await ok(c, 'POST', '/api/stadium/stadiumInfo/insert', { stadiumName: '压测球馆' });

  // ---------------------------------------------------------------- the race, over HTTP
  const g = await ok(c, 'POST', '/api/sport/goods', { name: '限量球拍', priceFen: 99_900, unit: '支' });
  await ok(c, 'POST', '/api/sport/goods/stock/in', { goodsId: g.id, stadiumId: venue.id, quantity: 50, remark: '到货' });
  const key = s.app.ctx.keys.signKey;
  const url = '/api/sport/goods/order';
  const post = async (body: unknown) => {
    const text = JSON.stringify(body);
    const res = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: consoleHeaders(key, c, 'POST', url, text), body: text });
    return (await res.json()) as { code: number; msg: string; detail?: unknown };
  };
  const race = await stockRace(s, post, { id: g.id, stadiumId: venue.id, stock: 50 }, 200);
  out['goods.stockRace.oversold'] = race.oversold;
  out['goods.stockRace.made'] = race.made;
  out['goods.stockRace.ms'] = Math.round(race.ms);
  console.log(
    `200 concurrent orders of 1 unit, 50 in stock: ${race.made} made, ${race.refused} refused for stock, ${race.other.length} other, ${race.oversold} oversold, least available ${race.leastAvailable}`,
  );
  if (race.oversold !== 0 || race.made !== 50 || race.other.length) throw new Error(`stock race: ${JSON.stringify(race)}`);

  // ---------------------------------------------------------------- 1,000,000 movements, one insert
  const orgId = staff.orgId;
  const front = (await ok(c, 'POST', '/api/sport/goods/warehouse/list', { stadiumId: venue.id }))[0].id as number;
  const back = (await ok(c, 'POST', '/api/sport/goods/warehouse', { stadiumId: venue.id, name: '后仓' })).id as number;
  await s.database.query(
    `insert into sport_goods (org_id, code, name, unit, price_fen) select $1, 'BENCH' || lpad(n::text, 3, '0'), '压测商品' || n, '个', 100 from generate_series(1, 20) n`,
    [orgId],
  );
  const PER = 25_000; // movements per good and warehouse: 20 goods x 2 warehouses x 25,000 = 1,000,000
  const STEP_MIN = 20;
  // Every 4th movement brings 6 in, the others take 1 out: after movement i the balance is 7 * (i / 4 + 1) - i - 1.
  const t0 = performance.now();
  await s.database.query(
    `insert into sport_goods_movement (org_id, goods_id, warehouse_id, kind, quantity, balance_after, occurred_at)
     select $1, g.id, w.id,
            case when i % 4 = 0 then 'purchase_in' else 'sale_out' end,
            case when i % 4 = 0 then 6 else -1 end,
            7 * (i / 4 + 1) - i - 1,
            date_trunc('minute', now()) - interval '400 days' + i * make_interval(mins => ${STEP_MIN})
       from (select id from sport_goods where org_id = $1 and code like 'BENCH%') g
      cross join (select unnest(array[$2::bigint, $3::bigint]) as id) w
      cross join generate_series(0, ${PER - 1}) i`,
    [orgId, front, back],
  );
  await s.database.query(
    `insert into sport_goods_stock (org_id, goods_id, warehouse_id, on_hand)
     select $1, g.id, w.id, 7 * (${PER - 1} / 4 + 1) - ${PER - 1} - 1
       from (select id from sport_goods where org_id = $1 and code like 'BENCH%') g cross join (select unnest(array[$2::bigint, $3::bigint]) as id) w`,
    [orgId, front, back],
  );
  if (pgUrl) await s.database.query('analyze sport_goods_movement');
  const [{ n }] = (await s.database.query<{ n: string }>('select count(*) as n from sport_goods_movement')) as [{ n: string }];
  out['goods.movements'] = Number(n);
  out['goods.movementsInsertMs'] = Math.round(performance.now() - t0);
  console.log(`${Number(n).toLocaleString('en')} movements made by one insert in ${out['goods.movementsInsertMs']} ms`);

  // ---------------------------------------------------------------- quantity at a past instant
  const [{ start }] = (await s.database.query<{ start: Date }>(`select date_trunc('minute', now()) - interval '400 days' as start`)) as [{ start: Date }];
  const target = (await s.database.query<{ id: string }>(`select id from sport_goods where org_id = $1 and code = 'BENCH007'`, [orgId]))[0]!.id;
  const balanceAt = (t: Date) => {
    const i = Math.floor((t.getTime() - new Date(start).getTime()) / (STEP_MIN * 60_000));
    return i < 0 ? 0 : 7 * (Math.floor(Math.min(i, PER - 1) / 4) + 1) - Math.min(i, PER - 1) - 1;
  };
  const apiMs: number[] = [];
  const sqlMs: number[] = [];
  for (let k = 0; k < 60; k++) {
    const at = new Date(new Date(start).getTime() + Math.floor((((k * 7919) % 1000) / 1000) * PER * STEP_MIN * 60_000) + 30_000);
    let t = performance.now();
    const answer = await ok(c, 'POST', '/api/sport/goods/stock/at', { goodsId: Number(target), at: at.toISOString() });
    apiMs.push(performance.now() - t);
    if (answer.quantity !== 2 * balanceAt(at)) throw new Error(`stock at ${at.toISOString()}: ${answer.quantity}, expected ${2 * balanceAt(at)}`);
    t = performance.now();
    await s.database.query(
      `select balance_after from sport_goods_movement where goods_id = $1 and warehouse_id = $2 and occurred_at <= $3 order by occurred_at desc, id desc limit 1`,
      [target, front, at.toISOString()],
    );
    sqlMs.push(performance.now() - t);
  }
  // The first calls warm the plan and the pages: the median of the rest.
  out['goods.stockAtMs'] = Math.round(median(apiMs.slice(10)) * 10) / 10;
  out['goods.stockAtSqlMs'] = Math.round(median(sqlMs.slice(10)) * 100) / 100;
  console.log(
    `stock at a past instant over 1,000,000 movements: ${out['goods.stockAtMs']} ms by the API, ${out['goods.stockAtSqlMs']} ms the query alone (median)`,
  );
} finally {
  await s.close();
}
console.log(JSON.stringify(out));
