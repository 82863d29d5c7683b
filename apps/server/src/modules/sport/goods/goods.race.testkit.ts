import type { Client, TestServer } from '../../../../test/harness.ts';

// No vitest here: `npm run bench` (scripts/bench/goods.ts) runs the same race outside the test runner.

export interface StockRaceResult {
  /** Orders made (must be the stock: every unit sold once). */
  made: number;
  /** Refused with 100409 `stock`. */
  refused: number;
  /** Any other answer (must be 0: no deadlock, no 5xx). */
  other: string[];
  /** Units held beyond what was on hand, or sold lines beyond the stock (must be 0). */
  oversold: number;
  /** The least `on_hand - held` seen while the orders ran (never below 0). */
  leastAvailable: number;
  ms: number;
}

/**
 * `orders` buyers at once, each ordering 1 unit of a good with `stock` units (by `post`, the test
 * client's call or raw HTTP), while a watcher reads the stock row: then what was made, refused and
 * held, and whether anything was sold twice.
 */
export async function stockRace(
  s: TestServer,
  post: (body: unknown) => Promise<{ code: number; msg: string; detail?: unknown }>,
  goods: { id: number; stadiumId: number; stock: number },
  orders = 200,
): Promise<StockRaceResult> {
  const row = async () =>
    (await s.database.query<{ on_hand: number; held: number }>('select on_hand, held from sport_goods_stock where goods_id = $1', [goods.id])).map((r) => ({
      onHand: Number(r.on_hand),
      held: Number(r.held),
    }))[0]!;
  let running = true;
  let leastAvailable = Number.MAX_SAFE_INTEGER;
  const watcher = (async () => {
    while (running) {
      const r = await row();
      leastAvailable = Math.min(leastAvailable, r.onHand - r.held);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const t0 = performance.now();
  const answers = await Promise.all(Array.from({ length: orders }, () => post({ stadiumId: goods.stadiumId, items: [{ goodsId: goods.id, quantity: 1 }] })));
  const ms = performance.now() - t0;
  running = false;
  await watcher;
  const after = await row();
  leastAvailable = Math.min(leastAvailable, after.onHand - after.held);
  const [lines] = await s.database.query<{ n: string }>(`select coalesce(sum(quantity), 0) as n from sport_goods_sale where goods_id = $1 and state = 'held'`, [
    goods.id,
  ]);
  const made = answers.filter((a) => a.code === 0).length;
  const refused = answers.filter((a) => a.code === 100409 && (a.detail as { reason?: string } | null)?.reason === 'stock').length;
  return {
    made,
    refused,
    other: answers
      .filter((a) => a.code !== 0 && !(a.code === 100409 && (a.detail as { reason?: string } | null)?.reason === 'stock'))
      .map((a) => `${a.code} ${a.msg}`),
    oversold: Math.max(0, after.held - after.onHand) + Math.max(0, Number(lines!.n) - goods.stock) + Math.max(0, made - goods.stock),
    leastAvailable,
    ms,
  };
}

/** Pays every order at once (cash): each payment turns its hold into a sale-out movement under the stock row's lock. */
export async function payAll(c: Client, orderIds: number[], amountFen: number) {
  return Promise.all(orderIds.map((id) => c.json('POST', `/api/sport/commerce/order/${id}/pay`, { body: { method: 'cash', amountFen } })));
}
