import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type OpsReportRow } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { pay, seedCommerceJobs, sellGeneral, sport } from '../commerce/commerce.testkit.ts';
import { deliver } from '../statistics/statistics.testkit.ts';
import { addDays, localOf, weekdayOf } from '../venue/index.ts';
import { reportApi, reportStaff } from './opsreport.testkit.ts';

/**
 * Operations reports through the console's calls on a real database: generated from the
 * statistics and the ledger (figures equal to the summary, settlement equal to the sales), edited
 * with sections and adjusted figures (a note required), every edit a version in the log, an old
 * version refused, one report per venue, kind and period, another organisation's report not found;
 * regenerated for the same period, keeping the operator's sections and adjustments.
 */
describe.each(databases)('operations reports on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    await seedCommerceJobs(s.database.db);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  const today = localOf(new Date(), 'Asia/Shanghai').day;
  const monday = addDays(today, 1 - weekdayOf(today));
  async function ok<T = OpsReportRow>(c: Client, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
    const r = await c.json<T>(method, url, body === undefined ? {} : { body });
    expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
    return r.body;
  }
  async function paidAt(c: Client, venueId: number, items: { name: string; unitPriceFen: number; quantity?: number }[]) {
    const o = await sellGeneral(c, items, { venueId });
    expect((await pay(c, o.id, { method: 'cash', amountFen: o.payableFen })).code).toBe(0);
    return o as { id: number; payableFen: number };
  }

  it('a weekly report: the figures of the statistics and the ledger for Monday..Sunday; edited with a log of who changed which fields; an old version is stale', async () => {
    const st = await reportStaff(s, admin, platformId);
    const a = await paidAt(st.c, st.venue.id, [{ name: '毛巾', unitPriceFen: 500, quantity: 2 }]);
    const b = await paidAt(st.c, st.venue.id, [{ name: '场地服务', unitPriceFen: 3_001 }]);
    const away = await sellGeneral(st.c, [{ name: '矿泉水', unitPriceFen: 300 }]);
    expect((await pay(st.c, away.id, { method: 'cash', amountFen: away.payableFen })).code).toBe(0);
    await deliver(s, [a.id, b.id, away.id]);

    // Any day of the week gives the week's Monday to Sunday.
    const r = await ok(st.c, 'POST', reportApi('generate'), { kind: 'weekly', stadiumId: st.venue.id, from: today });
    expect([r.from, r.to, r.version]).toEqual([monday, addDays(monday, 6), 1]);
    const stats = await ok<Record<string, number>>(st.c, 'POST', '/api/sport/statistics/summary', {
      stadiumId: st.venue.id,
      from: monday,
      to: addDays(monday, 6),
    });
    expect(r.generated).toEqual({
      revenueFen: stats.revenueFen,
      refundFen: stats.refundFen,
      netFen: stats.revenueFen - stats.refundFen,
      orders: stats.orders,
      bookings: stats.bookings,
      ticketsSold: stats.ticketsSold,
      cardsSold: stats.cardsSold,
      newMembers: stats.newMembers,
    });
    // Only the venue's sales: the one away from it is not in the report.
    expect([r.generated.revenueFen, r.generated.orders]).toEqual([a.payableFen + b.payableFen, 2]);
    expect(r.settlement.totals).toEqual({ grossFen: a.payableFen + b.payableFen, refundFen: 0, netFen: a.payableFen + b.payableFen });
    expect(r.settlement.byMethod).toEqual([{ method: 'cash', netFen: a.payableFen + b.payableFen }]);
    expect(r.settlement.ledger.entries).toBe(2);

    // The same week again is a conflict; the list shows the report once.
    const again = await st.c.json('POST', reportApi('generate'), { body: { kind: 'weekly', stadiumId: st.venue.id, from: addDays(monday, 2) } });
    expect([again.code, again.detail.reason]).toEqual([Code.CONFLICT, 'duplicate']);
    expect((await ok<{ total: number }>(st.c, 'POST', reportApi('list'), { kind: 'weekly' })).total).toBe(1);
    expect((await ok<{ total: number }>(st.c, 'POST', reportApi('list'), { kind: 'final' })).total).toBe(0);

    // An adjusted figure needs a note; nothing changes without one.
    const noNote = await st.c.json('PUT', reportApi(String(r.id)), { body: { version: 1, adjustments: { orders: { value: 3, note: '' } } }, lang: 'en-US' });
    expect([noNote.code, noNote.detail[0].field, noNote.msg]).toEqual([Code.FORM_INVALID, 'adjustments.orders.note', 'Say why the figure is adjusted']);
    expect((await ok(st.c, 'GET', reportApi(String(r.id)))).version).toBe(1);

    const edited = await ok(st.c, 'PUT', reportApi(String(r.id)), {
      version: 1,
      sections: { summary: '客流平稳', plan: '推出午间时段' },
      adjustments: { orders: { value: 3, note: '一笔线下单补录' } },
    });
    expect([edited.version, edited.figures.orders, edited.generated.orders, edited.sections]).toEqual([2, 3, 2, { summary: '客流平稳', plan: '推出午间时段' }]);
    // A second operator at the old version is refused; at the new one, they drop the adjustment.
    const stale = await st.other.json('PUT', reportApi(String(r.id)), { body: { version: 1, sections: { summary: '覆盖' } } });
    expect([stale.code, stale.detail.reason]).toEqual([Code.CONFLICT, 'stale']);
    const dropped = await ok(st.other, 'PUT', reportApi(String(r.id)), { version: 2, adjustments: { orders: null }, sections: { plan: '' } });
    expect([dropped.version, dropped.figures.orders, dropped.adjustments, dropped.sections]).toEqual([3, 2, {}, { summary: '客流平稳' }]);

    const log = await ok<{ data: { version: number; userName: string; fields: string[] }[] }>(st.c, 'GET', reportApi(`${r.id}/log`));
    expect(log.data.map((v) => [v.version, v.userName, v.fields])).toEqual([
      [1, st.userName, ['generated']],
      [2, st.userName, ['sections.summary', 'sections.plan', 'adjustments.orders']],
      [3, st.otherName, ['sections.plan', 'adjustments.orders']],
    ]);

    // Export: an xlsx of the list.
    const file = await st.c.call('POST', reportApi('export'), { body: { kind: 'weekly' } });
    expect(file.headers['content-disposition']).toContain('.xlsx');
  });

  it('regenerate: the same period read again (a sale delivered since), sections and adjustments kept, at the version seen, logged', async () => {
    const st = await reportStaff(s, admin, platformId);
    const other = await reportStaff(s, admin, platformId);
    const a = await paidAt(st.c, st.venue.id, [{ name: '球拍租赁', unitPriceFen: 2_000 }]);
    await deliver(s, [a.id]);
    const r = await ok(st.c, 'POST', reportApi('generate'), { kind: 'weekly', stadiumId: st.venue.id, from: today });
    expect([r.generated.revenueFen, r.generated.orders]).toEqual([2_000, 1]);
    const edited = await ok(st.c, 'PUT', reportApi(String(r.id)), {
      version: 1,
      sections: { summary: '周末客流高' },
      adjustments: { newMembers: { value: 4, note: '前台纸质登记' } },
    });
    expect(edited.version).toBe(2);

    const b = await paidAt(st.c, st.venue.id, [{ name: '饮料', unitPriceFen: 600, quantity: 3 }]);
    await deliver(s, [b.id]);
    // At an old version: refused, nothing read again.
    const stale = await st.other.json('POST', reportApi(`${r.id}/regenerate`), { body: { version: 1 } });
    expect([stale.code, stale.detail.reason]).toEqual([Code.CONFLICT, 'stale']);
    expect((await ok(st.c, 'GET', reportApi(String(r.id)))).generated.revenueFen).toBe(2_000);
    // Another organisation does not find it.
    expect((await other.c.json('POST', reportApi(`${r.id}/regenerate`), { body: { version: 2 } })).code).toBe(Code.NOT_FOUND);

    const again = await ok(st.other, 'POST', reportApi(`${r.id}/regenerate`), { version: 2 });
    expect([again.version, again.from, again.to]).toEqual([3, r.from, r.to]);
    expect([again.generated.revenueFen, again.generated.orders, again.figures.revenueFen]).toEqual([3_800, 2, 3_800]);
    expect(again.settlement.totals).toEqual({ grossFen: 3_800, refundFen: 0, netFen: 3_800 });
    // The operator's work stays: the section and the adjusted figure beside the one read again.
    expect([again.sections, again.adjustments, again.figures.newMembers]).toEqual([
      { summary: '周末客流高' },
      { newMembers: { value: 4, note: '前台纸质登记' } },
      4,
    ]);
    // Nothing new since: still a version of its own, naming no figure.
    expect((await ok(st.c, 'POST', reportApi(`${r.id}/regenerate`), { version: 3 })).version).toBe(4);

    const log = await ok<{ data: { version: number; userName: string; fields: string[] }[] }>(st.c, 'GET', reportApi(`${r.id}/log`));
    expect(log.data.slice(2).map((v) => [v.version, v.userName, v.fields])).toEqual([
      [3, st.otherName, ['regenerated', 'generated.revenueFen', 'generated.netFen', 'generated.orders', 'settlement']],
      [4, st.userName, ['regenerated']],
    ]);
  });

  it('a final report: a chosen period, checked; another organisation neither finds the report nor reports on the venue', async () => {
    const st = await reportStaff(s, admin, platformId);
    const other = await reportStaff(s, admin, platformId);
    const o = await paidAt(st.c, st.venue.id, [{ name: '教练费', unitPriceFen: 8_000 }]);
    await deliver(s, [o.id]);
    const applied = await st.c.json('POST', sport('refund'), { body: { orderId: o.id, amountFen: 2_500, reason: '少上一节' } });
    expect(applied.code, applied.msg).toBe(0);
    expect((await st.other.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: true, remark: '同意' } })).code).toBe(0);
    await deliver(s, [o.id]);

    const noEnd = await st.c.json('POST', reportApi('generate'), { body: { kind: 'final', stadiumId: st.venue.id, from: today }, lang: 'zh-CN' });
    expect([noEnd.code, noEnd.detail[0].field, noEnd.msg]).toEqual([Code.FORM_INVALID, 'to', '决算报告请选择结束日期']);
    const reversed = await st.c.json('POST', reportApi('generate'), { body: { kind: 'final', stadiumId: st.venue.id, from: today, to: addDays(today, -1) } });
    expect([reversed.code, reversed.detail[0].field]).toEqual([Code.FORM_INVALID, 'to']);

    const r = await ok(st.c, 'POST', reportApi('generate'), { kind: 'final', stadiumId: st.venue.id, from: addDays(today, -30), to: today });
    expect([r.kind, r.generated.revenueFen, r.generated.refundFen, r.generated.netFen]).toEqual(['final', 8_000, 2_500, 5_500]);
    expect(r.settlement.totals).toEqual({ grossFen: 8_000, refundFen: 2_500, netFen: 5_500 });

    expect((await other.c.json('GET', reportApi(String(r.id)))).code).toBe(Code.NOT_FOUND);
    expect((await other.c.json('PUT', reportApi(String(r.id)), { body: { version: 1, sections: { summary: 'x' } } })).code).toBe(Code.NOT_FOUND);
    expect((await other.c.json('GET', reportApi(`${r.id}/log`))).code).toBe(Code.NOT_FOUND);
    expect((await other.c.json('POST', reportApi('generate'), { body: { kind: 'final', stadiumId: st.venue.id, from: today, to: today } })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await ok<{ total: number }>(other.c, 'POST', reportApi('list'), { kind: 'final' })).total).toBe(0);
  });
});
