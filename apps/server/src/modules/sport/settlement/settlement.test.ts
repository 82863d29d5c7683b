import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, pay, sellGeneral, sport } from '../commerce/commerce.testkit.ts';
import { settlementApi, settlementStaff } from './settlement.testkit.ts';

type Answer = { code: number; msg: string; body: any; detail: any };
const must = (r: Answer) => {
  expect(r.code, `${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
};
const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
const todayIn = (timeZone: string, shift = 0) => new Date(Date.now() + shift * 86_400_000).toLocaleDateString('en-CA', { timeZone });

/**
 * The daily close (issue 29): a venue's business day closed from the ledger, by payment method
 * and item kind, equal to the ledger to the fen after sales, refunds and several methods; once per
 * venue and day (also racing, on PostgreSQL); signed off once the day is over and never changed
 * after (a later refund counts on its own day); another organisation's venue is not found.
 */
describe.each(databases)('daily close on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const close = async (c: Client, stadiumId: number, date: string) => must(await c.json('POST', settlementApi('close'), { body: { stadiumId, date } }));
  const sell = async (c: Client, venueId: number, lines: { name: string; unitPriceFen: number; quantity?: number }[], pays: Record<string, unknown>[]) => {
    const order = await sellGeneral(c, lines, { venueId });
    for (const p of pays) must(await pay(c, order.id, p));
    return order as { id: number; items: { id: number }[] };
  };
  const refund = async (c: Client, reviewer: Client, orderId: number, amountFen: number) => {
    const applied = must(await c.json('POST', sport('refund'), { body: { orderId, amountFen, reason: '场地临时关闭' } }));
    must(await reviewer.json('POST', sport(`refund/${applied.id}/review`), { body: { approve: true, remark: '同意' } }));
  };
  /** The day's money in less money out per method, straight from the ledger's money entries of the venue's orders. */
  const ledgerOf = async (venueId: number, day: string) => {
    const rows = await s.database.query<{ method: string; fen: string }>(
      `select p.method, sum(case when l.side = 'debit' then l.amount_fen else -l.amount_fen end) as fen
         from sport_ledger_entry l join sport_payment p on p.id = l.payment_id join sport_order o on o.id = l.order_id
        where o.venue_id = $1 and l.business_day = $2
          and ((l.txn_kind = 'payment' and l.side = 'debit') or (l.txn_kind = 'refund' and l.side = 'credit'))
        group by p.method`,
      [venueId, day],
    );
    return Object.fromEntries(rows.map((r) => [r.method, Number(r.fen)]));
  };
  const merged = (a: Record<string, number>, b: Record<string, number>) => {
    const out = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
    return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0));
  };

  it('answers the fixed call with totals equal to the ledger of the day, to the fen, after sales, refunds and several methods; again the same close', async () => {
    const st = await settlementStaff(s, admin, platformId);
    const day = todayIn(st.venue.timeZone);
    const empty = await close(st.c, st.venue.id, day);
    expect(empty).toEqual({ closeId: expect.any(Number), state: 'open', totals: { byMethod: {}, byKind: {} } });

    const a = await sell(
      st.c,
      st.venue.id,
      [{ name: '毛巾', unitPriceFen: 1500, quantity: 2 }],
      [
        { method: 'cash', amountFen: 1000 },
        { method: 'transfer', amountFen: 2000 },
      ],
    );
    await sell(st.c, st.venue.id, [{ name: '饮料', unitPriceFen: 333, quantity: 3 }], [{ method: 'cash', amountFen: 999 }]);
    await refund(st.c, st.reviewer, a.id, 700);
    // A sale of no venue is no venue's close's.
    const elsewhere = await sellGeneral(st.c, [{ name: '球拍', unitPriceFen: 8800 }]);
    must(await pay(st.c, elsewhere.id, { method: 'transfer', amountFen: 8800 }));

    const first = await close(st.c, st.venue.id, day);
    expect(first.closeId).toBe(empty.closeId);
    // Money in less money out: the refund went back through the newest payment (transfer).
    expect(first.totals.byMethod).toEqual({ cash: 1999, transfer: 1300 });
    expect(first.totals.byKind).toEqual({ general: 3299 });
    expect(first.totals.byMethod).toEqual(await ledgerOf(st.venue.id, day));
    expect(sum(first.totals.byKind)).toBe(sum(first.totals.byMethod));
    // The capital flow's takings of the day say the same, with the sale of no venue.
    const takings = must(await st.c.json('POST', sport('takings/summary'), { body: { dayFrom: day, dayTo: day } }));
    expect(Object.fromEntries(takings.methods.map((m: { method: string; netFen: number }) => [m.method, m.netFen]))).toEqual(
      merged(first.totals.byMethod, { transfer: 8800 }),
    );
    // Again: the same close, the same figures.
    expect(await close(st.c, st.venue.id, day)).toEqual(first);

    const listed = must(await st.c.json('POST', settlementApi('close/list'), { body: { pageNum: 1, pageSize: 10, stadiumId: st.venue.id } }));
    expect(listed).toMatchObject({ total: 1, data: [{ id: first.closeId, day, state: 'open', netFen: 3299, stadiumName: st.venue.stadiumName }] });
    const detail = must(await st.c.json('GET', settlementApi(`close/${first.closeId}`)));
    expect(detail).toMatchObject({ totals: first.totals, ledgerEntries: 4, digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(detail.ledgerLastId).toBeGreaterThan(detail.ledgerFirstId);
    // Today is not over: no sign-off yet.
    const early = await st.c.json('POST', settlementApi(`close/${first.closeId}/sign`), { body: { version: detail.version } });
    expect([early.code, early.detail[0].field]).toEqual([Code.FORM_INVALID, 'id']);
  });

  it('signed once the day is over and never changed after: a refund of that day counts on the day it is paid back', async () => {
    const st = await settlementStaff(s, admin, platformId);
    const today = todayIn(st.venue.timeZone);
    const yesterday = todayIn(st.venue.timeZone, -1);
    const sold = await sell(st.c, st.venue.id, [{ name: '场地费', unitPriceFen: 6000 }], [{ method: 'cash', amountFen: 6000 }]);
    // The sale as it would have been made yesterday: its ledger entries on yesterday's business day.
    await s.database.query(`update sport_ledger_entry set business_day = $2 where order_id = $1`, [sold.id, yesterday]);
    const past = await close(st.c, st.venue.id, yesterday);
    expect(past.totals).toEqual({ byMethod: { cash: 6000 }, byKind: { general: 6000 } });
    const { version } = must(await st.c.json('GET', settlementApi(`close/${past.closeId}`)));
    const stale = await st.c.json('POST', settlementApi(`close/${past.closeId}/sign`), { body: { version: version + 1 } });
    expect([stale.code, stale.detail?.reason]).toEqual([Code.CONFLICT, 'stale']);
    const signed = must(await st.c.json('POST', settlementApi(`close/${past.closeId}/sign`), { body: { version } }));
    expect(signed).toMatchObject({ state: 'signed', signedByName: expect.any(String), signedAt: expect.any(String) });
    const twice = await st.reviewer.json('POST', settlementApi(`close/${past.closeId}/sign`), { body: { version: signed.version } });
    expect([twice.code, twice.detail?.reason]).toEqual([Code.CONFLICT, 'state']);

    await refund(st.c, st.reviewer, sold.id, 2500);
    expect(await close(st.c, st.venue.id, yesterday)).toEqual({ closeId: past.closeId, state: 'signed', totals: past.totals });
    expect(must(await st.c.json('GET', settlementApi(`close/${past.closeId}`))).digest).toBe(signed.digest);
    const now = await close(st.c, st.venue.id, today);
    expect(now.totals).toEqual({ byMethod: { cash: -2500 }, byKind: { general: -2500 } });
    expect(now.totals.byMethod).toEqual(await ledgerOf(st.venue.id, today));
  });

  it('refuses a day not begun, and another organisation’s venue or close is not found', async () => {
    const st = await settlementStaff(s, admin, platformId);
    const stranger = await settlementStaff(s, admin, platformId);
    const ahead = await st.c.json('POST', settlementApi('close'), { body: { stadiumId: st.venue.id, date: todayIn(st.venue.timeZone, 2) } });
    expect([ahead.code, ahead.detail[0].field]).toEqual([Code.FORM_INVALID, 'date']);
    const bad = await st.c.json('POST', settlementApi('close'), { body: { stadiumId: st.venue.id, date: '2026-02-30' } });
    expect(bad.code).toBe(Code.INVALID);
    const theirs = await st.c.json('POST', settlementApi('close'), { body: { stadiumId: stranger.venue.id, date: todayIn(st.venue.timeZone) } });
    expect(theirs.code).toBe(Code.NOT_FOUND);
    const made = await close(stranger.c, stranger.venue.id, todayIn(st.venue.timeZone));
    expect((await st.c.json('GET', settlementApi(`close/${made.closeId}`))).code).toBe(Code.NOT_FOUND);
    expect(await s.database.query(`select id from sport_settlement_close where venue_id = $1`, [st.venue.id])).toEqual([]);
  });

  it.runIf(kind === 'postgres')('six operators close one day at once: one close, all answered with it', async () => {
    const st = await settlementStaff(s, admin, platformId);
    await sell(st.c, st.venue.id, [{ name: '饮料', unitPriceFen: 500 }], [{ method: 'cash', amountFen: 500 }]);
    const day = todayIn(st.venue.timeZone);
    const all = await Promise.all([st.c, st.reviewer, st.c, st.reviewer, st.c, st.reviewer].map((c) => close(c, st.venue.id, day)));
    expect(new Set(all.map((a) => a.closeId)).size).toBe(1);
    for (const a of all) expect(a.totals.byMethod).toEqual({ cash: 500 });
    expect(await s.database.query(`select id from sport_settlement_close where venue_id = $1 and day = $2`, [st.venue.id, day])).toHaveLength(1);
  });
});
