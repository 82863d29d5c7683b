import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedVenueDemo } from '../booking/index.ts';
import { seedMemberDemo } from '../member/index.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { seedGoodsDemo } from './goods.seed.ts';

describe.each(databases)('goods demo data on %s', (kind) => {
  let s: TestServer;
  let goodsMs = 0;
  let againMs = 0;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    const before = await s.database.query<{ n: string }>(`select count(*) as n from sport_goods`);
    expect(Number(before[0]!.n)).toBe(0);
    const t0 = performance.now();
    await seedGoodsDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    goodsMs = performance.now() - t0;
    const t1 = performance.now();
    await seedGoodsDemo(s.database.db, s.config, s.app.ctx.keys.secretKey); // once per database
    againMs = performance.now() - t1;
  });
  afterAll(async () => {
    if (s) expect(await imbalances(s)).toEqual([]);
    await s?.close();
  });

  it('a pro shop: 14 goods in 3 categories, a month of movements whose balances add up, three sales (one paid with a bottle opened, two held), three rentals (returned, out, overdue), goods with two bookings, the manager reaches the screens', async () => {
    console.info(`goods demo on ${kind}: ${Math.round(goodsMs)} ms (again: ${Math.round(againMs)} ms)`);
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const tree = await mgr.json('GET', '/api/sport/goods/category/tree');
    expect(tree.code, tree.msg).toBe(0);
    expect(tree.body.map((c: { name: string; goodsCount: number }) => [c.name, c.goodsCount])).toEqual([
      ['球拍器材', 4],
      ['球类耗材', 5],
      ['饮品配件', 5],
    ]);
    const list = await mgr.json('POST', '/api/sport/goods/list', { body: { pageNum: 1, pageSize: 50 } });
    expect(list.body.total).toBe(14);
    expect(list.body.data.every((g: { stock: number }) => g.stock > 0)).toBe(true);
    // Every good's ledger adds up to its balances, and the stock row agrees with the last one.
    const off = await s.database.query(
      `select m.goods_id from sport_goods_movement m
        group by m.goods_id
       having sum(m.quantity) <> (select s.on_hand from sport_goods_stock s where s.goods_id = m.goods_id)
           or sum(m.quantity) <> (select m2.balance_after from sport_goods_movement m2 where m2.goods_id = m.goods_id order by m2.occurred_at desc, m2.id desc limit 1)`,
    );
    expect(off).toEqual([]);
    const span = await s.database.query<{ first: Date; kinds: string[] }>(
      `select min(occurred_at) as first, array_agg(distinct kind order by kind) as kinds from sport_goods_movement`,
    );
    expect(Date.now() - new Date(span[0]!.first).getTime()).toBeGreaterThan(25 * 86_400_000);
    expect(span[0]!.kinds).toEqual(['adjust', 'damage', 'purchase_in', 'rent_out', 'return_in', 'sale_out']);
    const sales = await mgr.json('POST', '/api/sport/goods/sale/list', { body: { pageNum: 1, pageSize: 20 } });
    expect(sales.body.data.map((x: { state: string }) => x.state).sort()).toEqual(['held', 'held', 'held', 'held', 'sold', 'sold', 'sold', 'sold']);
    expect(sales.body.data.some((x: { openedQty: number }) => x.openedQty === 1)).toBe(true);
    const rentals = await mgr.json('POST', '/api/sport/goods/rental/list', { body: { pageNum: 1, pageSize: 20 } });
    expect(rentals.code, rentals.msg).toBe(0);
    // Those out first, the overdue one at the top.
    expect(rentals.body.data.map((r: { state: string; overdue: boolean }) => [r.state, r.overdue])).toEqual([
      ['out', true],
      ['out', false],
      ['returned', false],
    ]);
    // Only the deposits of the rackets still out are held: 2 × 300.00 and 1 × 500.00.
    const [held] = await s.database.query<{ n: string }>(
      `select sum(case when side = 'credit' then amount_fen else -amount_fen end) as n from sport_ledger_entry where account = 'goodsDeposit'`,
    );
    expect(Number(held!.n)).toBe(2 * 30_000 + 50_000);
    // Goods sold with tomorrow evening's bookings: on the bookings' own orders, one paid.
    const withBookings = await s.database.query<{ state: string; kinds: string[] }>(
      `select o.state, array_agg(distinct i.kind order by i.kind) as kinds from sport_order o join sport_order_item i on i.order_id = o.id
        where o.type = 'venue' and exists (select 1 from sport_order_item g where g.order_id = o.id and g.kind = 'goods') group by o.id, o.state order by o.id`,
    );
    expect(withBookings.map((o) => [o.state, o.kinds])).toEqual([
      ['paid', ['goods', 'venue']],
      ['pending', ['goods', 'venue']],
    ]);
    const menu = JSON.stringify((await mgr.json('POST', '/api/adapter/menu-exec/query', { body: { appSign: 'venue-console' } })).body);
    for (const path of [
      '/sport/views/goodsMangement/goodsList/index',
      '/sport/views/goodsMangement/classify/index',
      '/sport/views/goodsMangement/stockFlow/index',
      '/sport/views/goodsMangement/rentAndSale/index',
    ])
      expect(menu).toContain(path);
  });
});
