import { expect } from 'vitest';
import type { Client, TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { makeOrg, makeRole, makeUser, signIn, uniq } from '../../system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../commerce/commerce.testkit.ts';
import { makeVenue, VENUE_KEYS } from '../venue/venue.testkit.ts';

// The demo pro shop (the statistics demo test reads its rentals' deposits).
export { seedGoodsDemo } from './goods.seed.ts';

/** The goods screens (a screen's key grants its buttons too). */
export const GOODS_KEYS = ['sport.goods.list', 'sport.goods.classify', 'sport.goods.stockFlow', 'sport.goods.rentAndSale'];

export const goodsApi = (p: string) => (p ? `/api/sport/goods/${p}` : '/api/sport/goods');

export async function ok<T = any>(
  c: Client,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const r = await c.json<T>(method, url, { ...(body === undefined ? {} : { body }), headers });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

/**
 * A new organisation under `parentId` with its venue and a user who holds the goods, venue and
 * commerce screens; `reviewer`, a second user of the same role (a refund is approved by another user).
 */
export async function goodsStaff(s: TestServer, admin: Client, parentId: number) {
  const org = await makeOrg(admin, parentId);
  const role = await makeRole(admin, org.id);
  await grantMenus(admin, role.id, [...GOODS_KEYS, ...VENUE_KEYS, ...COMMERCE_KEYS]);
  const user = await makeUser(admin, org.id, { roleIds: [role.id] });
  const second = await makeUser(admin, org.id, { roleIds: [role.id] });
  const c = await signIn(s, user.code, 'Pass1234');
  const { venue, sites } = await makeVenue(c, { n: 1 });
  return { orgId: org.id, c, userId: user.id, reviewer: await signIn(s, second.code, 'Pass1234'), venue, sites };
}

/** A good on sale at `priceFen`, with `stock` units bought in to the venue's warehouse. */
export async function stockedGoods(c: Client, stadiumId: number, stock: number, priceFen = 1_000, extra: Record<string, unknown> = {}) {
  const g = await ok<{ id: number; code: string; version: number }>(c, 'POST', goodsApi(''), {
    name: uniq('商品').slice(0, 60),
    priceFen,
    unit: '个',
    ...extra,
  });
  if (stock > 0) await ok(c, 'POST', goodsApi('stock/in'), { goodsId: g.id, stadiumId, quantity: stock, remark: '进货' });
  return g;
}

/** On hand and held of a good in a venue's default warehouse, read straight from the table. */
export async function stockRow(s: TestServer, goodsId: number) {
  const rows = await s.database.query<{ on_hand: number; held: number }>(`select on_hand, held from sport_goods_stock where goods_id = $1`, [goodsId]);
  return rows.map((r) => ({ onHand: Number(r.on_hand), held: Number(r.held) }));
}

export const order = (c: Client, stadiumId: number, items: { goodsId: number; quantity: number }[], headers?: Record<string, string>, memberId?: number) =>
  c.json<{ orderNo: string; orderId: number; amount: number; state: string; expiresAt: string | null }>('POST', goodsApi('order'), {
    body: { stadiumId, items, ...(memberId ? { memberId } : {}) },
    headers,
  });
