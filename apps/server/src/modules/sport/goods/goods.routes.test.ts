import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { imbalances } from '../commerce/commerce.testkit.ts';
import { goodsApi, goodsStaff, ok, order, stockedGoods } from './goods.testkit.ts';

/**
 * Goods and categories (issue 27, steps 1 and 2): the fixed calls answer exactly their shapes;
 * categories form a tree that refuses loops and deletes that would orphan goods or categories; goods
 * carry versions, unique codes and barcodes, and keep their history.
 */
describe.each(databases)('goods and categories on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  it('the fixed calls: a sale item made from name, price and unit; the list with what can be sold; stock in answers the movement; an order', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const made = await st.c.json('POST', goodsApi(''), { body: { name: '农夫山泉 550ml', priceFen: 300, unit: '瓶' } });
    expect(made.code, made.msg).toBe(0);
    expect(made.body).toMatchObject({ id: expect.any(Number), name: '农夫山泉 550ml', priceFen: 300, unit: '瓶', status: 'on', onHand: 0, available: 0 });
    expect(made.body.code).toMatch(/^G\d{6,}$/);
    const id = made.body.id as number;
    const moved = await st.c.json('POST', goodsApi('stock/in'), { body: { goodsId: id, stadiumId: st.venue.id, quantity: 24, remark: '供应商送货' } });
    expect(moved.code, moved.msg).toBe(0);
    expect(moved.body).toMatchObject({
      id: expect.any(Number),
      quantity: 24,
      kind: 'purchase_in',
      balanceAfter: 24,
      goodsId: id,
      stadiumId: st.venue.id,
      remark: '供应商送货',
    });
    const list = await st.c.json('POST', goodsApi('list'), { body: { pageNum: 1, pageSize: 10, keyword: '农夫' } });
    expect(list.code, list.msg).toBe(0);
    expect(list.body).toEqual({ total: 1, data: [{ id, name: '农夫山泉 550ml', priceFen: 300, stock: 24 }] });
    const sold = await order(st.c, st.venue.id, [{ goodsId: id, quantity: 2 }]);
    expect(sold.code, sold.msg).toBe(0);
    expect(Object.keys(sold.body).sort()).toEqual(['amount', 'expiresAt', 'orderId', 'orderNo', 'state']);
    expect(sold.body).toMatchObject({ amount: 600, state: 'pending' });
    expect(new Date(sold.body.expiresAt!).getTime()).toBeGreaterThan(Date.now());
    // Held by the pending order: the list's stock is what can still be sold.
    const after = await ok(st.c, 'POST', goodsApi('list'), { pageNum: 1, pageSize: 10, keyword: '农夫' });
    expect(after.data[0].stock).toBe(22);
    const tooMany = await order(st.c, st.venue.id, [{ goodsId: id, quantity: 23 }]);
    expect(tooMany.code).toBe(Code.CONFLICT);
    expect(tooMany.detail.reason).toBe('stock');
    expect(tooMany.msg).toContain('22');
    // The order of the core's list, of type goods, names the line.
    const detail = await ok(st.c, 'GET', `/api/sport/commerce/order/${sold.body.orderId}`);
    expect(detail).toMatchObject({ type: 'goods', venueId: st.venue.id, payableFen: 600 });
    expect(detail.items).toMatchObject([{ kind: 'goods', refId: id, name: '农夫山泉 550ml', quantity: 2, unitPriceFen: 300, holdState: 'held' }]);
  });

  it('categories form a tree: children nested in order, no move under itself, no delete of one with goods or with children left behind', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const balls = await ok(st.c, 'POST', goodsApi('category'), { name: '球类耗材', sort: 2 });
    const rackets = await ok(st.c, 'POST', goodsApi('category'), { name: '球拍器材', sort: 1 });
    const shuttles = await ok(st.c, 'POST', goodsApi('category'), { name: '羽毛球', parentId: balls.id });
    const tubes = await ok(st.c, 'POST', goodsApi('category'), { name: '比赛用球', parentId: shuttles.id });
    const same = await st.c.json('POST', goodsApi('category'), { body: { name: '羽毛球', parentId: balls.id } });
    expect(same.detail.reason).toBe('duplicate');
    // The same name elsewhere in the tree is fine.
    await ok(st.c, 'POST', goodsApi('category'), { name: '羽毛球', parentId: rackets.id });
    const tree = await ok(st.c, 'GET', goodsApi('category/tree'));
    expect(tree.map((n: { name: string }) => n.name)).toEqual(['球拍器材', '球类耗材']);
    expect(tree[1].children[0]).toMatchObject({ id: shuttles.id, parentId: balls.id, children: [{ id: tubes.id, name: '比赛用球', children: [] }] });
    const loop = await st.c.json('PUT', goodsApi(`category/${balls.id}`), { body: { parentId: tubes.id, version: balls.version } });
    expect(loop.code).toBe(Code.FORM_INVALID);
    expect(loop.detail[0].field).toBe('parentId');
    const stale = await st.c.json('PUT', goodsApi(`category/${balls.id}`), { body: { name: '球', version: balls.version + 5 } });
    expect(stale.detail.reason).toBe('stale');
    // Goods in the subtree: the goods page of the top category finds them.
    const g = await ok(st.c, 'POST', goodsApi(''), { name: '亚狮龙7号', priceFen: 12_800, unit: '筒', categoryId: tubes.id });
    const page = await ok(st.c, 'POST', goodsApi('page'), { categoryId: balls.id });
    expect(page.data.map((r: { id: number }) => r.id)).toEqual([g.id]);
    expect(page.data[0]).toMatchObject({ categoryId: tubes.id, categoryName: '比赛用球' });
    expect((await st.c.json('DELETE', goodsApi(`category/${tubes.id}`))).detail.reason).toBe('state');
    expect((await st.c.json('DELETE', goodsApi(`category/${shuttles.id}`))).detail.reason).toBe('state');
    // Moved out, the branch goes whole.
    await ok(st.c, 'PUT', goodsApi(String(g.id)), { categoryId: rackets.id, version: g.version });
    expect(await ok(st.c, 'DELETE', goodsApi(`category/${shuttles.id},${tubes.id}`))).toEqual({ deleted: 2 });
    const left = await ok(st.c, 'GET', goodsApi('category/tree'));
    expect(left[1]).toMatchObject({ name: '球类耗材', children: [] });
    expect(left[0].goodsCount).toBe(1);
  });

  it('goods: versions, unique code and barcode, rental terms kept, an off-sale good not sold, a good with history kept', async () => {
    const st = await goodsStaff(s, admin, platformId);
    const racket = await ok(st.c, 'POST', goodsApi(''), {
      code: 'RKT001',
      barcode: '4550086310017',
      name: '天斧88D',
      priceFen: 128_800,
      unit: '支',
      rentHourFen: 2_000,
      rentDayFen: 10_000,
      depositFen: 50_000,
      lateFeeHourFen: 1_000,
    });
    expect(racket).toMatchObject({ code: 'RKT001', rentHourFen: 2_000, rentDayFen: 10_000, depositFen: 50_000, lateFeeHourFen: 1_000, version: 1 });
    const dupCode = await st.c.json('POST', goodsApi(''), { body: { code: 'RKT001', name: 'x', priceFen: 1, unit: '支' } });
    expect(dupCode.detail).toMatchObject({ reason: 'duplicate', fields: [{ field: 'code' }] });
    const dupBar = await st.c.json('POST', goodsApi(''), { body: { barcode: '4550086310017', name: 'x', priceFen: 1, unit: '支' } });
    expect(dupBar.detail).toMatchObject({ reason: 'duplicate', fields: [{ field: 'barcode' }] });
    const edited = await ok(st.c, 'PUT', goodsApi(String(racket.id)), { priceFen: 118_800, version: racket.version });
    expect(edited).toMatchObject({ priceFen: 118_800, depositFen: 50_000, version: 2 });
    expect((await st.c.json('PUT', goodsApi(String(racket.id)), { body: { priceFen: 1, version: 1 } })).detail.reason).toBe('stale');
    // Stocked, then off sale: not sold; kept (it has a history), the unused one deleted.
    await ok(st.c, 'POST', goodsApi('stock/in'), { goodsId: racket.id, stadiumId: st.venue.id, quantity: 3, remark: null });
    const off = await ok(st.c, 'PUT', goodsApi(String(racket.id)), { status: 'off', version: edited.version });
    const refused = await order(st.c, st.venue.id, [{ goodsId: racket.id, quantity: 1 }]);
    expect(refused.detail.reason).toBe('state');
    expect((await st.c.json('DELETE', goodsApi(String(racket.id)))).detail.reason).toBe('state');
    const spare = await ok(st.c, 'POST', goodsApi(''), { name: '备用', priceFen: 0, unit: '个' });
    expect(await ok(st.c, 'DELETE', goodsApi(String(spare.id)))).toEqual({ deleted: 1 });
    const detail = await ok(st.c, 'GET', goodsApi(String(racket.id)));
    expect(detail).toMatchObject({ status: 'off', onHand: 3, held: 0, available: 3, version: off.version });
    expect(detail.stocks).toMatchObject([{ stadiumId: st.venue.id, onHand: 3, held: 0, available: 3, warehouseName: '默认仓库' }]);
    const en = await st.c.json('DELETE', goodsApi(String(racket.id)), { lang: 'en-US' });
    expect(en.msg).toContain('cannot be deleted');
  });

  it("another organisation's goods, categories and venue answer 100404; a user without the goods screens is refused", async () => {
    const a = await goodsStaff(s, admin, platformId);
    const b = await goodsStaff(s, admin, platformId);
    const bGoods = await stockedGoods(b.c, b.venue.id, 5);
    const bCat = await ok(b.c, 'POST', goodsApi('category'), { name: 'B 分类' });
    expect((await a.c.json('GET', goodsApi(String(bGoods.id)))).code).toBe(Code.NOT_FOUND);
    expect((await a.c.json('POST', goodsApi('stock/in'), { body: { goodsId: bGoods.id, stadiumId: a.venue.id, quantity: 1 } })).code).toBe(Code.NOT_FOUND);
    expect((await order(a.c, b.venue.id, [{ goodsId: bGoods.id, quantity: 1 }])).code).toBe(Code.NOT_FOUND);
    // A's venue, B's good: not found either (the line's good is not the order's organisation's).
    expect((await order(a.c, a.venue.id, [{ goodsId: bGoods.id, quantity: 1 }])).code).toBe(Code.NOT_FOUND);
    const underB = await a.c.json('POST', goodsApi('category'), { body: { name: 'x', parentId: bCat.id } });
    expect(underB.code).toBe(Code.NOT_FOUND);
    const intoB = await a.c.json('POST', goodsApi(''), { body: { name: 'x', priceFen: 1, unit: '个', categoryId: bCat.id } });
    expect(intoB.code).toBe(Code.NOT_FOUND);
    expect((await ok(a.c, 'POST', goodsApi('list'), { pageNum: 1, pageSize: 50 })).data.map((r: { id: number }) => r.id)).not.toContain(bGoods.id);
    // Staff of a role without the goods screens.
    const org = await makeOrg(admin, platformId);
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, ['sport.venue.list']);
    const other = await signIn(s, (await makeUser(admin, org.id, { roleIds: [role.id] })).code, 'Pass1234');
    expect((await other.json('POST', goodsApi('list'), { body: { pageNum: 1, pageSize: 10 } })).code).toBe(Code.FORBIDDEN);
    expect((await other.json('POST', goodsApi('order'), { body: { stadiumId: a.venue.id, items: [{ goodsId: 1, quantity: 1 }] } })).code).toBe(Code.FORBIDDEN);
  });
});
