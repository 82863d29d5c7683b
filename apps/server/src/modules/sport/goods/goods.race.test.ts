import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { goodsApi, goodsStaff, stockedGoods, stockRow } from './goods.testkit.ts';
import { payAll, stockRace } from './goods.race.testkit.ts';

/**
 * The stock race (PostgreSQL: real concurrency): 200 orders of 1 unit at once with 50 in stock.
 * Exactly 50 are made, the other 150 answer 100409 `stock`, the stock row is never seen below zero
 * available; paying the 50 at once books 50 sale-out movements whose balances are 49 … 0, each once.
 */
describe.each(databases)('the stock race on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  it.runIf(kind === 'postgres')(
    '200 orders of 1 unit at once, 50 in stock: exactly 50 made, 150 refused for stock, never negative; 50 payments at once',
    async () => {
      const st = await goodsStaff(s, admin, platformId);
      const g = await stockedGoods(st.c, st.venue.id, 50, 300);
      const answers: { code: number; body: { orderId: number } }[] = [];
      const r = await stockRace(
        s,
        async (body) => {
          const a = await st.c.json('POST', goodsApi('order'), { body });
          answers.push(a);
          return a;
        },
        { id: g.id, stadiumId: st.venue.id, stock: 50 },
      );
      expect(r.other, r.other.join('; ')).toEqual([]);
      expect([r.made, r.refused, r.oversold]).toEqual([50, 150, 0]);
      expect(r.leastAvailable).toBeGreaterThanOrEqual(0);
      expect(await stockRow(s, g.id)).toEqual([{ onHand: 50, held: 50 }]);
      const paid = await payAll(
        st.c,
        answers.filter((a) => a.code === 0).map((a) => a.body.orderId),
        300,
      );
      expect(paid.filter((p) => p.code !== 0).map((p) => p.msg)).toEqual([]);
      expect(await stockRow(s, g.id)).toEqual([{ onHand: 0, held: 0 }]);
      const balances = await s.database.query<{ b: number }>(
        `select balance_after as b from sport_goods_movement where goods_id = $1 and kind = 'sale_out' order by id`,
        [g.id],
      );
      expect(balances.map((x) => Number(x.b))).toEqual(Array.from({ length: 50 }, (_, i) => 49 - i));
    },
  );
});
