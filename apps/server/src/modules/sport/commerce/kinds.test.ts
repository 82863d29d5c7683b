import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { makeMember } from '../card/card.testkit.ts';
import type { Caller } from '../../../platform/http.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { commerceStaff, imbalances, pay, sport } from './commerce.testkit.ts';
import {
  buyerCheck,
  consumeItem,
  createOrder,
  creditByRule,
  debitByRule,
  openAccount,
  defineLedgerRule,
  itemsOf,
  kindContext,
  findOrder,
  postByRule,
  registerItemKind,
  registerOrderType,
  type NewOrder,
  type PricedItem,
} from './index.ts';

/**
 * Item kinds v2 (issue 24, point 2), through the facade as a module uses it: a typed detail, the
 * priced line handed to hold, a refund quote the refund application follows, prepaid money that
 * becomes revenue by a named ledger rule, registrations that may not replace one another, and a
 * buyer check that refuses when nobody answers it.
 */

// Goods on a shelf (a test kind sold in goods orders; the goods module owns `goods`): the detail is typed, and hold stores what price found (no private map between them).
const shelfDetail = z.strictObject({ shelf: z.string().trim().min(1).max(8), count: z.number().int().min(1).max(99) });
const holds: { priced: unknown; detail: unknown }[] = [];
registerItemKind<z.output<typeof shelfDetail>, PricedItem & { label: string }>({
  kind: 'test_shelf',
  orderTypes: ['goods'],
  detail: shelfDetail,
  async price(_ctx, input) {
    return { name: '护腕', unitPriceFen: 1_000 * input.detail.count, label: `货架 ${input.detail.shelf.toUpperCase()}` };
  },
  async hold(_ctx, item, _order, priced) {
    holds.push({ priced, detail: item.hold });
    return { label: priced.label };
  },
});

// A lesson package: paid into prepaid on confirm, each lesson used moves its share to sales.
const LESSONS = 10;
const unused = (fen: number) => Math.round((fen * (LESSONS - 2)) / LESSONS);
const lessonSold = defineLedgerRule({ name: 'test.lessonSold', txnKind: 'lesson_sold', debit: 'sales', credit: 'prepaid', prefix: 'LS' });
const depositIn = defineLedgerRule({ name: 'test.depositIn', txnKind: 'deposit', debit: 'cash', credit: 'balance', prefix: 'DI' });
const depositOut = defineLedgerRule({ name: 'test.depositOut', txnKind: 'deposit', debit: 'balance', credit: 'cash', prefix: 'DO' });
defineLedgerRule({ name: 'test.lessonUsed', txnKind: 'lesson_used', debit: 'prepaid', credit: 'sales', prefix: 'LU' });
const lessonRefunded = defineLedgerRule({ name: 'test.lessonRefunded', txnKind: 'lesson_refunded', debit: 'prepaid', credit: 'sales', prefix: 'LR' });
// Its order type, as a module's manifest would contribute it.
registerOrderType('test_lessons', 'test');
registerItemKind({
  kind: 'test_lessons',
  orderTypes: ['test_lessons'],
  async price() {
    return { name: '十节课', unitPriceFen: 10_000 };
  },
  async confirm(ctx, item, order) {
    await postByRule(ctx.tx, ctx.scope, lessonSold, { orgId: order.orgId, amountFen: item.amountFen, orderId: order.id, at: ctx.now });
    return true;
  },
  async consume(ctx, item, use) {
    await postByRule(ctx.tx, ctx.scope, 'test.lessonUsed', {
      orgId: item.orgId,
      amountFen: Math.round((item.amountFen * use.quantity) / LESSONS),
      orderId: item.orderId,
      at: ctx.now,
    });
  },
  async release(ctx, item, _quantity, why) {
    // The unused lessons leave prepaid as the refund takes their money back out of sales.
    if (why === 'refund') await postByRule(ctx.tx, ctx.scope, lessonRefunded, { orgId: item.orgId, amountFen: unused(item.amountFen), orderId: item.orderId });
  },
  // A lesson used is not given back: a refund returns the unused lessons' share (here: 2 used).
  async refundQuote(_ctx, _item, _quantity, paidFen) {
    return { amountFen: unused(paidFen), reason: 'test.lessonsUsed' };
  },
});

describe('registrations', () => {
  // Kinds, accounts and order types are contributed by the manifests: a built app has registered them.
  let s: TestServer | undefined;
  beforeAll(async () => {
    s = await startServer(databases[0]!);
  });
  afterAll(async () => s?.close());
  it('a second kind, ledger rule, or the core’s own recharge under another module’s name throws at start-up', () => {
    const again = { kind: 'test_shelf', orderTypes: ['goods'], price: async () => ({ name: 'x', unitPriceFen: 1 }) };
    expect(() => registerItemKind(again)).toThrow(/item kind test_shelf is registered twice/);
    expect(() => registerItemKind({ ...again, kind: 'recharge' })).toThrow(/item kind recharge is registered twice/);
    expect(() => defineLedgerRule({ name: 'test.lessonUsed', txnKind: 'x', debit: 'prepaid', credit: 'sales', prefix: 'LX' })).toThrow(/registered twice/);
    expect(() => defineLedgerRule({ name: 'test.nowhere', txnKind: 'x', debit: 'nowhere', credit: 'sales', prefix: 'NW' })).toThrow(
      /no ledger account nowhere/,
    );
  });
});

describe.each(databases)('item kinds v2 on %s', (db) => {
  let s: TestServer;
  let orgId: number;
  let userId: number;
  let c: Client;
  let reviewer: Client;
  beforeAll(async () => {
    s = await startServer(db);
    const { c: admin, platformOrgId } = await adminClient(s);
    ({ orgId, c, userId, reviewer } = await commerceStaff(s, admin, platformOrgId));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const callerOf = (): Caller => ({
    sessionId: 0,
    userId,
    userName: 'c',
    userCode: 'c',
    orgId,
    platform: false,
    admin: false,
    perms: new Set(),
    menuIds: new Set(),
    epoch: 0,
    roles: ['cashier'],
    mustChangePassword: false,
  });
  const order = (type: NewOrder['type'], items: NewOrder['items'], extra: Partial<NewOrder> = {}): NewOrder => ({
    type,
    channel: 'console',
    buyerName: null,
    buyerPhone: null,
    remark: null,
    items,
    ...extra,
  });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: { code?: number; detail?: { field: string; message: string }[] }) => ({ code: e.code, fields: e.detail?.map((f) => f.field) }),
    );
  const orderCount = async () => (await s.database.query<{ n: number }>(`select count(*)::int as n from sport_order where org_id = $1`, [orgId]))[0]!.n;

  it('a bad detail answers 100400 naming items.N.detail.<field>, and nothing is made', async () => {
    const before = await orderCount();
    const bad = order('goods', [
      { kind: 'test_shelf', quantity: 1, discountFen: 0, detail: { shelf: 'a3', count: 1 } },
      { kind: 'test_shelf', quantity: 1, discountFen: 0, detail: { shelf: '', count: 0 } },
    ]);
    expect(await refusal(createOrder(s.database.db, callerOf(), bad, undefined))).toEqual({
      code: Code.INVALID,
      fields: ['items.1.detail.shelf', 'items.1.detail.count'],
    });
    const extra = order('goods', [{ kind: 'test_shelf', quantity: 1, discountFen: 0, detail: { shelf: 'a3', count: 1, price: 0 } }]);
    expect(await refusal(createOrder(s.database.db, callerOf(), extra, undefined))).toEqual({ code: Code.INVALID, fields: ['items.0.detail.price'] });
    expect(await orderCount()).toBe(before);
  });

  it('price reads the typed detail and hold gets the line as price answered it', async () => {
    holds.length = 0;
    const id = await createOrder(
      s.database.db,
      callerOf(),
      order('goods', [{ kind: 'test_shelf', quantity: 1, discountFen: 0, detail: { shelf: ' b7 ', count: 2 } }]),
      undefined,
    );
    expect(holds).toEqual([{ priced: { name: '护腕', unitPriceFen: 2_000, label: '货架 B7' }, detail: { shelf: 'b7', count: 2 } }]);
    const [item] = await itemsOf(s.database.db, scopeOf(callerOf()), id);
    expect(item).toMatchObject({ unitPriceFen: 2_000, hold: { label: '货架 B7' }, holdState: 'held' });
  });

  it('a lesson used moves its share from prepaid to sales by its rule; a refund gives back what the kind quotes', async () => {
    const id = await createOrder(s.database.db, callerOf(), order('test_lessons', [{ kind: 'test_lessons', quantity: 1, discountFen: 0 }]), undefined);
    expect((await pay(c, id, { method: 'cash', amountFen: 10_000 })).body.order.state).toBe('paid');
    const scope = scopeOf(callerOf());
    await s.database.db.transaction(async (tx) => {
      const o = (await findOrder(tx, scope, id))!;
      const [item] = await itemsOf(tx, scope, id);
      await consumeItem(kindContext(tx, scope, o), item!, { quantity: 2, ref: 'lesson 1-2' });
    });
    const rows = await s.database.query<{ txn_no: string; txn_kind: string; account: string; side: string; amount_fen: string }>(
      `select txn_no, txn_kind, account, side, amount_fen from sport_ledger_entry where order_id = $1 and txn_kind like 'lesson%' order by id`,
      [id],
    );
    expect(rows.map((r) => [r.txn_no.slice(0, 2), r.txn_kind, r.account, r.side, Number(r.amount_fen)])).toEqual([
      ['LS', 'lesson_sold', 'sales', 'debit', 10_000],
      ['LS', 'lesson_sold', 'prepaid', 'credit', 10_000],
      ['LU', 'lesson_used', 'prepaid', 'debit', 2_000],
      ['LU', 'lesson_used', 'sales', 'credit', 2_000],
    ]);
    // Numbered by the core's document numbers, after the rule's prefix.
    expect(rows[0]!.txn_no).toMatch(/^LS\d{20}$/);

    const [item] = await itemsOf(s.database.db, scope, id);
    const applied = await c.json('POST', sport('refund'), { body: { orderId: id, items: [{ itemId: item!.id, quantity: 1 }], reason: '不学了' } });
    expect(applied.code, applied.msg).toBe(0);
    expect(applied.body.amountFen).toBe(8_000);
    expect((await reviewer.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: true, remark: '同意' } })).code).toBe(0);
    // Sold, two lessons used, the rest refunded: nothing is left in prepaid, and the two lessons are the sale.
    const net = await s.database.query<{ account: string; net: string }>(
      `select account, sum(case when side = 'credit' then amount_fen else -amount_fen end) as net from sport_ledger_entry where order_id = $1 group by account order by account`,
      [id],
    );
    expect(Object.fromEntries(net.map((r) => [r.account, Number(r.net)]))).toEqual({ cash: -2_000, prepaid: 0, sales: 2_000 });
  });

  it('with no module answering the buyer check, an order naming a member is refused and nothing is made', async () => {
    const memberId = await makeMember(s, orgId);
    const plugged = buyerCheck.get();
    buyerCheck.reset();
    try {
      const before = await orderCount();
      const sale = order('goods', [{ kind: 'test_shelf', quantity: 1, discountFen: 0, detail: { shelf: 'c1', count: 1 } }], { memberId });
      expect(await refusal(createOrder(s.database.db, callerOf(), sale, undefined))).toEqual({ code: Code.FORM_INVALID, fields: ['memberId'] });
      expect(await orderCount()).toBe(before);
    } finally {
      buyerCheck.plug(plugged);
    }
    // Plugged again (the members module), the same member may buy.
    const sale = order('goods', [{ kind: 'test_shelf', quantity: 1, discountFen: 0, detail: { shelf: 'c1', count: 1 } }], { memberId });
    expect(await createOrder(s.database.db, callerOf(), sale, undefined)).toBeGreaterThan(0);
  });
  it('stored value moves only with its ledger entry: a debit the balance cannot cover changes and posts nothing', async () => {
    const scope = scopeOf(callerOf());
    const account = await openAccount(s.database.db, scope, { orgId, holderName: '押金' });
    const [short, after] = await s.database.db.transaction(async (tx) => {
      await creditByRule(tx, scope, depositIn, { orgId, accountId: account.id, amountFen: 5_000 });
      return [
        await debitByRule(tx, scope, depositOut, { orgId, accountId: account.id, amountFen: 8_000 }),
        await debitByRule(tx, scope, 'test.depositOut', { orgId, accountId: account.id, amountFen: 3_000 }),
      ];
    });
    expect(short).toBeUndefined();
    expect(after?.balanceFen).toBe(2_000);
    const rows = await s.database.query<{ txn_no: string; account: string; side: string; amount_fen: string }>(
      `select txn_no, account, side, amount_fen from sport_ledger_entry where account_id = $1 order by id`,
      [account.id],
    );
    expect(rows.map((r) => [r.txn_no.slice(0, 2), r.account, r.side, Number(r.amount_fen)])).toEqual([
      ['DI', 'cash', 'debit', 5_000],
      ['DI', 'balance', 'credit', 5_000],
      ['DO', 'balance', 'debit', 3_000],
      ['DO', 'cash', 'credit', 3_000],
    ]);
  });
});
