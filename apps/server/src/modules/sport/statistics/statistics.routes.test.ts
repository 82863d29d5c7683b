import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_HEADERS,
  isLineDimension,
  isUtilisationReport,
  type ReportDimension,
  STATISTICS_METRICS,
  metricsOf,
  STATISTICS_REPORTS,
  STATISTICS_SCREENS,
  type StatisticsReport,
  type StatisticsReportKey,
  type StatisticsSummary,
} from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { STREAM_AFTER_ROWS } from '../../../platform/xlsx.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, pay, seedCommerceJobs, sellGeneral, sport } from '../commerce/commerce.testkit.ts';
import { makeType, sellPaid } from '../card/card.testkit.ts';
import { addMember, newPhone } from '../member/member.testkit.ts';
import { addDays, localOf } from '../venue/index.ts';
import { booking } from '../venue/venue.testkit.ts';
import { aggregatesOf, deliver, dimAggregatesOf, ok, statisticsStaff, statsApi } from './statistics.testkit.ts';
import { approvedCourse, enrol, makeClass, makeCoach } from '../course/course.testkit.ts';

async function sheetRows(buf: Buffer): Promise<(string | number)[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: (string | number)[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as (string | number)[]).slice(1)));
  return out;
}

/**
 * Statistics through the console's calls on a real database: a mixed business day (a venue
 * booking, sales at and away from the venue, a card, a refund, a cancel) reaches the aggregates
 * through commerce's events; the summary equals the capital flow and the sum of each figure's
 * lines; a rebuild from the ledger and the orders writes the live aggregates again, leaving what a
 * waiting event will add to its delivery; a venue sees itself, a parent its children.
 */
describe.each(databases)('statistics on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    await seedCommerceJobs(s.database.db);
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());
  afterEach(async () => expect(await imbalances(s)).toEqual([]));

  const day = localOf(new Date(), 'Asia/Shanghai').day;
  const summary = (c: Client, body: Record<string, unknown> = {}) => ok<StatisticsSummary>(c, statsApi('summary'), { from: day, to: day, ...body });
  /** Every line of a metric, page by page (3 a page), with the totals the call answers. */
  async function drillAll(c: Client, metric: string, body: Record<string, unknown> = {}) {
    const lines: { amountFen: number; quantity: number }[] = [];
    let answer: { total: number; sumFen: number; sumQuantity: number } | undefined;
    for (let pageNum = 1; !answer || lines.length < answer.total; pageNum++) {
      const p = await ok<{ total: number; sumFen: number; sumQuantity: number; data: { amountFen: number; quantity: number }[] }>(c, statsApi('drill'), {
        metric,
        from: day,
        to: day,
        pageNum,
        pageSize: 3,
        ...body,
      });
      answer = p;
      if (!p.data.length) break;
      lines.push(...p.data);
    }
    return {
      ...answer!,
      lines: lines.length,
      linesFen: lines.reduce((a, l) => a + l.amountFen, 0),
      linesQuantity: lines.reduce((a, l) => a + l.quantity, 0),
    };
  }
  async function paidGeneral(c: Client, items: { name: string; unitPriceFen: number; quantity?: number }[], extra: Record<string, unknown> = {}) {
    const o = await sellGeneral(c, items, extra);
    expect((await pay(c, o.id, { method: 'cash', amountFen: o.payableFen })).code).toBe(0);
    return o as { id: number; payableFen: number };
  }

  it('a mixed business day: the summary equals the capital flow and each figure the sum of its lines; a rebuild equals the live aggregates', async () => {
    const st = await statisticsStaff(s, admin, platformId);
    const stadiumId = st.venue.id;
    const atVenue = await paidGeneral(
      st.c,
      [
        { name: '毛巾', unitPriceFen: 500, quantity: 2 },
        { name: '场地服务', unitPriceFen: 3_001 },
      ],
      { venueId: stadiumId },
    );
    const away = await paidGeneral(st.c, [{ name: '矿泉水', unitPriceFen: 300, quantity: 3 }]);
    const booked = await st.c.json('POST', booking('order'), {
      body: { stadiumId, date: addDays(day, 1), items: [{ siteId: st.sites[0]!.id, start: '10:00', end: '12:00' }], buyerName: '顾客' },
    });
    expect(booked.code, booked.msg).toBe(0);
    expect((await pay(st.c, booked.body.orderId, { method: 'cash', amountFen: booked.body.amount })).code).toBe(0);
    const member = await addMember(st.c, { name: '统计会员', phone: newPhone() });
    const card = await sellPaid(st.c, (await makeType(st.c, { kind: 'times', priceFen: 10_000, times: 5, validDays: 30 })).id, member.id);
    const refunded = await paidGeneral(st.c, [{ name: '教练费', unitPriceFen: 8_000 }], { venueId: stadiumId });
    const applied = await st.c.json('POST', sport('refund'), { body: { orderId: refunded.id, amountFen: 2_500, reason: '少上一节' } });
    expect(applied.code, applied.msg).toBe(0);
    expect((await st.reviewer.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: true, remark: '同意' } })).code).toBe(0);
    const cancelled = await sellGeneral(st.c, [{ name: '护腕', unitPriceFen: 1_500 }], { venueId: stadiumId });
    expect((await st.c.json('POST', sport(`order/${cancelled.id}/cancel`), { body: { reason: '不要了' } })).code).toBe(0);
    // Paid, its events not yet delivered: the live figures lack it, and so does a rebuild.
    const late = await paidGeneral(st.c, [{ name: '储物柜', unitPriceFen: 200 }], { venueId: stadiumId });
    await deliver(s, [atVenue.id, away.id, booked.body.orderId, card.orderId, refunded.id, cancelled.id]);

    const live = await aggregatesOf(s, [st.orgId]);
    const liveDims = await dimAggregatesOf(s, [st.orgId]);
    expect(live.length).toBeGreaterThan(0);
    expect(liveDims.length).toBeGreaterThan(0);
    const before = await summary(st.c);
    expect(await ok(st.c, statsApi('rebuild'), {})).toMatchObject({ orgs: 1, rows: live.length });
    expect(await aggregatesOf(s, [st.orgId])).toEqual(live);
    expect(await dimAggregatesOf(s, [st.orgId])).toEqual(liveDims);
    await deliver(s, [late.id]);
    const after = await summary(st.c);
    expect(after.revenueFen - before.revenueFen).toBe(200);
    expect(after.orders - before.orders).toBe(1);
    const delivered = await aggregatesOf(s, [st.orgId]);
    await ok(st.c, statsApi('rebuild'), {});
    expect(await aggregatesOf(s, [st.orgId])).toEqual(delivered);

    // The figures: as sold, and as the capital flow shows them.
    const paidFen = atVenue.payableFen + away.payableFen + booked.body.amount + card.amountFen + refunded.payableFen + 200;
    expect(after).toEqual({ revenueFen: paidFen, refundFen: 2_500, orders: 6, bookings: 1, ticketsSold: 0, cardsSold: 1, newMembers: 1 });
    const takings = await st.c.json('POST', sport('takings/summary'), { body: { dayFrom: day, dayTo: day } });
    expect([takings.body.total.takenFen, takings.body.total.refundedFen]).toEqual([after.revenueFen, after.refundFen]);

    // Each figure is the sum of its lines, for the organisation and for its venue.
    for (const filter of [{}, { stadiumId }]) {
      const figures = await summary(st.c, filter);
      for (const metric of STATISTICS_METRICS) {
        const d = await drillAll(st.c, metric, filter);
        expect([d.lines, d.linesFen, d.linesQuantity], metric).toEqual([d.total, d.sumFen, d.sumQuantity]);
        expect(metric.endsWith('Fen') ? d.sumFen : d.sumQuantity, `${metric} ${JSON.stringify(filter)}`).toBe(figures[metric]);
      }
    }
    const venueOnly = await summary(st.c, { stadiumId });
    expect(venueOnly.revenueFen).toBe(atVenue.payableFen + booked.body.amount + refunded.payableFen + 200);

    // The dashboard's days by kind add up to the same money.
    const days = await ok<{ data: { kind: string; revenueFen: number; refundFen: number }[] }>(st.c, statsApi('days'), { from: day, to: day });
    expect(days.data.reduce((a, r) => a + r.revenueFen, 0)).toBe(after.revenueFen);
    expect(days.data.find((r) => r.kind === 'venue')?.revenueFen).toBe(booked.body.amount);
  });

  /** What a report row's figure drills with: its days, its venue, and its kinds (the report's, or the row's own). */
  function drillOfRow(report: StatisticsReportKey, key: string, range: { from: string; to: string }) {
    const def: { dimension: string; kinds?: readonly string[] } = STATISTICS_REPORTS[report];
    const kinds = def.dimension === 'kind' ? [key] : def.kinds ? [...def.kinds] : undefined;
    if (isLineDimension(def.dimension as ReportDimension)) return { ...range, kinds, dim: def.dimension, dimKey: key };
    if (def.dimension === 'day') return { from: key, to: key, kinds };
    if (def.dimension === 'month') {
      const last = new Date(Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)), 0)).toISOString().slice(0, 10);
      return { from: range.from > `${key}-01` ? range.from : `${key}-01`, to: range.to < last ? range.to : last, kinds };
    }
    if (def.dimension === 'venue') return { ...range, stadiumId: Number(key), kinds };
    return { ...range, kinds };
  }

  it.each(Object.keys(STATISTICS_SCREENS) as (keyof typeof STATISTICS_SCREENS)[])(
    'the %s screen: each figure of each tab equals the sum of its drill-down lines, the total the sum of the rows, and a rebuild changes none',
    async (screen) => {
      const st = await statisticsStaff(s, admin, platformId);
      const stadiumId = st.venue.id;
      // A booking, a card, a sale at no venue, a refunded sale at the venue.
      // Two sites on one order, partly refunded: the money split over the sites by amount, to the fen.
      const mixed = await st.c.json('POST', booking('order'), {
        body: {
          stadiumId,
          date: addDays(day, 1),
          items: [
            { siteId: st.sites[0]!.id, start: '09:00', end: '11:00' },
            { siteId: st.sites[1]!.id, start: '10:00', end: '11:00' },
          ],
          buyerName: '顾客',
        },
      });
      expect(mixed.code, mixed.msg).toBe(0);
      expect((await pay(st.c, mixed.body.orderId, { method: 'cash', amountFen: mixed.body.amount })).code).toBe(0);
      const bookingBack = await st.c.json('POST', sport('refund'), { body: { orderId: mixed.body.orderId, amountFen: 1_001, reason: '少打一小时' } });
      expect(bookingBack.code, bookingBack.msg).toBe(0);
      expect((await st.reviewer.json('POST', sport(`refund/${bookingBack.body.id}/review`), { body: { approve: true, remark: '同意' } })).code).toBe(0);
      // Two classes of one course with two coaches: by coach and by course.
      const courseId = await approvedCourse(st.c, st.reviewer, stadiumId, 12_345);
      const enrolled: number[] = [];
      for (const coach of ['统计教练甲', '统计教练乙']) {
        const cls = await makeClass(st.c, courseId, await makeCoach(s, st.orgId, coach), 5);
        const learner = await addMember(st.c, { name: `学员${coach}`, phone: newPhone() });
        const e = await enrol(st.c, cls, learner.id);
        expect(e.code, e.msg).toBe(0);
        expect((await pay(st.c, e.body.orderId!, { method: 'cash', amountFen: 12_345 })).code).toBe(0);
        enrolled.push(e.body.orderId!);
      }
      const away = await paidGeneral(st.c, [{ name: '矿泉水', unitPriceFen: 333, quantity: 3 }]);
      const member = await addMember(st.c, { name: '报表会员', phone: newPhone() });
      const card = await sellPaid(st.c, (await makeType(st.c, { kind: 'times', priceFen: 9_999, times: 5, validDays: 30 })).id, member.id);
      const refunded = await paidGeneral(st.c, [{ name: '教练费', unitPriceFen: 7_001 }], { venueId: stadiumId });
      const applied = await st.c.json('POST', sport('refund'), { body: { orderId: refunded.id, amountFen: 1_234, reason: '少上一节' } });
      expect(applied.code, applied.msg).toBe(0);
      expect((await st.reviewer.json('POST', sport(`refund/${applied.body.id}/review`), { body: { approve: true, remark: '同意' } })).code).toBe(0);
      await deliver(s, [mixed.body.orderId, away.id, card.orderId, refunded.id, ...enrolled]);
      const range = { from: addDays(day, -3), to: day };
      const summaryNow = await summary(st.c, range);

      // Utilisation tabs read opening hours and bookings, not the ledger (utilisation.routes.test.ts).
      const reports = STATISTICS_SCREENS[screen].filter((k): k is StatisticsReportKey => !isUtilisationReport(k));
      const before = new Map<string, StatisticsReport>();
      for (const report of reports) {
        const r = await ok<StatisticsReport>(st.c, statsApi('report'), { report, ...range });
        before.set(report, r);
        const metrics = metricsOf(STATISTICS_REPORTS[report]);
        for (const metric of metrics) {
          // A balance's total is what is held at the range's end: the lines up to it.
          if (metric.endsWith('HeldFen')) expect(r.total[metric], `${report} total ${metric}`).toBe((await drillAll(st.c, metric, range)).sumFen);
          else expect(r.total[metric], `${report} total ${metric}`).toBe(r.data.reduce((a, x) => a + x[metric], 0));
        }
        for (const row of r.data) {
          for (const metric of metrics) {
            const d = await drillAll(st.c, metric, drillOfRow(report, row.key, range));
            expect([d.lines, d.linesFen, d.linesQuantity]).toEqual([d.total, d.sumFen, d.sumQuantity]);
            expect(metric.endsWith('Fen') ? d.sumFen : d.sumQuantity, `${report} ${row.key} ${metric}`).toBe(row[metric]);
          }
        }
        // A report of every kind's business adds up to the summary's money (a deposit or prepaid report has figures of its own).
        if (!('kinds' in STATISTICS_REPORTS[report]) && !('metrics' in STATISTICS_REPORTS[report]))
          expect([r.total.revenueFen, r.total.refundFen]).toEqual([summaryNow.revenueFen, summaryNow.refundFen]);
      }
      // A line dimension's keys add up to its kind, to the fen: the sites and sports to the bookings, the coaches and courses to the courses.
      const sameAs = (a: StatisticsReport, b: StatisticsReport) =>
        expect([a.total.revenueFen, a.total.refundFen, a.total.items]).toEqual([b.total.revenueFen, b.total.refundFen, b.total.items]);
      if (screen === 'bookingBusiness') {
        const bySite = before.get('bookingSite')!;
        expect(bySite.data.map((r) => r.label).sort()).toEqual(st.sites.map((x) => x.name).sort());
        expect(bySite.total.refundFen).toBe(1_001);
        sameAs(bySite, before.get('bookingVenue')!);
        sameAs(before.get('bookingSport')!, before.get('bookingVenue')!);
      }
      if (screen === 'coursebusinessStatistics') {
        const byCoach = before.get('courseCoach')!;
        expect(byCoach.data.map((r) => [r.label, r.revenueFen, r.items]).sort()).toEqual([
          ['统计教练乙', 12_345, 1],
          ['统计教练甲', 12_345, 1],
        ]);
        expect(before.get('courseCurriculum')!.data.map((r) => [r.key, r.revenueFen])).toEqual([[String(courseId), 24_690]]);
        sameAs(byCoach, before.get('courseMonthly')!);
      }
      const liveDims = await dimAggregatesOf(s, [st.orgId]);
      await ok(st.c, statsApi('rebuild'), {});
      for (const report of reports) expect(await ok(st.c, statsApi('report'), { report, ...range })).toEqual(before.get(report));
      expect(await dimAggregatesOf(s, [st.orgId])).toEqual(liveDims);
    },
  );

  it('exports a figure’s lines and a report as xlsx in the caller’s language: the lines add up to the figure, the report ends with its total', async () => {
    const st = await statisticsStaff(s, admin, platformId);
    const sold = [
      await paidGeneral(st.c, [{ name: '毛巾', unitPriceFen: 1_234, quantity: 2 }], { venueId: st.venue.id }),
      await paidGeneral(st.c, [{ name: '矿泉水', unitPriceFen: 300 }]),
    ];
    await deliver(
      s,
      sold.map((o) => o.id),
    );
    const figures = await summary(st.c);
    const lines = await st.c.call('POST', statsApi('drill/export'), { body: { metric: 'revenueFen', from: day, to: day } });
    expect([lines.statusCode, String(lines.headers['content-type'])]).toEqual([200, expect.stringContaining('spreadsheetml')]);
    expect(decodeURIComponent(String(lines.headers['content-disposition']))).toMatch(/统计明细_\d{14}\.xlsx/);
    // A small export is built whole: its length and its row count are known before it is sent.
    expect([lines.headers[EXPORT_HEADERS.totalRows], Number(lines.headers['content-length'])]).toEqual(['2', lines.rawPayload.length]);
    const rows = await sheetRows(lines.rawPayload);
    expect(rows[0]).toEqual(['营业日', '场馆编号', '单号', '订单号', '类别', '名称', '金额（元）', '数量']);
    expect(rows).toHaveLength(3);
    expect(Math.round(rows.slice(1).reduce((a, r) => a + Number(r[6]), 0) * 100)).toBe(figures.revenueFen);

    const report = await st.c.call('POST', statsApi('report/export'), { body: { report: 'businessByKind', from: day, to: day }, lang: 'en-US' });
    const table = await sheetRows(report.rawPayload);
    expect(table[0]).toEqual(['Item', 'Revenue (yuan)', 'Refunds (yuan)', 'Orders', 'Quantity']);
    expect(table.slice(1).map((r) => r[0])).toEqual(['Goods and services', 'Total']);
    expect(table.at(-1)![1]).toBe(figures.revenueFen / 100);
    // A line dimension's sheet is titled by its dimension, in the caller's language.
    const bySport = await sheetRows((await st.c.call('POST', statsApi('report/export'), { body: { report: 'bookingSport', from: day, to: day } })).rawPayload);
    expect(bySport).toEqual([
      ['运动类型', '收入（元）', '退款（元）', '数量'],
      ['合计', 0, 0, 0],
    ]);
  });

  it('streams a large export into the answer: the count in a header first, then every line of the figure, as the drill lists them', async () => {
    const st = await statisticsStaff(s, admin, platformId);
    const n = STREAM_AFTER_ROWS + 1_000;
    // Paid orders in bulk (the drill of orders lists them; no ledger needed for that figure).
    await s.database.query(
      `insert into sport_order (org_id, venue_id, order_no, type, buyer_kind, channel, total_fen, payable_fen, paid_fen, state, item_summary, created_at, paid_at)
       select $1::bigint, $2::bigint, 'EXP' || $1::text || '-' || lpad(g::text, 6, '0'), 'general', 'walkin', 'desk', 100 + g % 900, 100 + g % 900, 100 + g % 900, 'paid', '导出 ' || g, now(), now()
         from generate_series(1, $3::int) g`,
      [st.orgId, st.venue.id, n],
    );
    const drill = await ok<{ total: number; sumFen: number; data: { orderNo: string; amountFen: number }[] }>(st.c, statsApi('drill'), {
      metric: 'orders',
      from: day,
      to: day,
      pageNum: 1,
      pageSize: 500,
    });
    expect(drill.total).toBe(n);
    const res = await st.c.call('POST', statsApi('drill/export'), { body: { metric: 'orders', from: day, to: day }, lang: 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers[EXPORT_HEADERS.totalRows]).toBe(String(n));
    // Sent while written: no length, an expected size near the file's.
    expect(res.headers['content-length']).toBeUndefined();
    const expected = Number(res.headers[EXPORT_HEADERS.expectedBytes]);
    expect(expected / res.rawPayload.length).toBeGreaterThan(0.8);
    expect(expected / res.rawPayload.length).toBeLessThan(1.25);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['Business day', 'Venue id', 'Document', 'Order no.', 'Kind', 'Name', 'Amount (yuan)', 'Quantity']);
    expect(rows).toHaveLength(n + 1);
    expect(rows.slice(1, 501).map((r) => r[3])).toEqual(drill.data.map((l) => l.orderNo));
    expect(Math.round(rows.slice(1).reduce((a, r) => a + Number(r[6]), 0) * 100)).toBe(drill.sumFen);
  });

  it('a venue sees itself, a parent its children; another organisation sees nothing of it; bad ranges are refused in both languages', async () => {
    const parent = await statisticsStaff(s, admin, platformId);
    const child = await statisticsStaff(s, admin, parent.orgId);
    const stranger = await statisticsStaff(s, admin, platformId);
    const sold = await paidGeneral(child.c, [{ name: '球拍', unitPriceFen: 12_300 }], { venueId: child.venue.id });
    await deliver(s, [sold.id]);
    expect((await summary(child.c)).revenueFen).toBe(12_300);
    expect((await summary(parent.c)).revenueFen).toBe(12_300);
    expect((await summary(parent.c, { stadiumId: child.venue.id })).revenueFen).toBe(12_300);
    expect((await summary(stranger.c)).revenueFen).toBe(0);
    expect((await drillAll(stranger.c, 'revenueFen')).total).toBe(0);
    // By site: the child's booking shows to the child and the parent, and to no one else, nor its lines.
    const booked = await child.c.json('POST', booking('order'), {
      body: { stadiumId: child.venue.id, date: addDays(day, 1), items: [{ siteId: child.sites[0]!.id, start: '08:00', end: '09:00' }], buyerName: '顾客' },
    });
    expect(booked.code, booked.msg).toBe(0);
    expect((await pay(child.c, booked.body.orderId, { method: 'cash', amountFen: booked.body.amount })).code).toBe(0);
    await deliver(s, [booked.body.orderId]);
    const bySite = { report: 'bookingSite', from: day, to: day };
    const siteKey = { dim: 'site', dimKey: String(child.sites[0]!.id) };
    for (const c of [child.c, parent.c]) {
      expect((await ok<StatisticsReport>(c, statsApi('report'), bySite)).data.map((r) => [r.key, r.revenueFen])).toEqual([
        [siteKey.dimKey, booked.body.amount],
      ]);
      expect((await drillAll(c, 'revenueFen', siteKey)).sumFen).toBe(booked.body.amount);
    }
    expect((await ok<StatisticsReport>(stranger.c, statsApi('report'), bySite)).data).toEqual([]);
    expect((await drillAll(stranger.c, 'revenueFen', siteKey)).total).toBe(0);
    expect((await drillAll(stranger.c, 'items', siteKey)).total).toBe(0);
    const notByLine = await parent.c.json('POST', statsApi('drill'), { body: { metric: 'orders', from: day, to: day, ...siteKey }, lang: 'en-US' });
    expect([notByLine.code, notByLine.detail[0].field]).toEqual([969600, 'metric']);
    const keyless = await parent.c.json('POST', statsApi('drill'), { body: { metric: 'items', from: day, to: day, dim: 'site' } });
    expect([keyless.code, keyless.detail[0].field]).toEqual([969600, 'dimKey']);
    const foreign = await stranger.c.json('POST', statsApi('summary'), { body: { from: day, to: day, stadiumId: child.venue.id } });
    expect(foreign.code).toBe(100404);

    const reversed = await parent.c.json('POST', statsApi('summary'), { body: { from: day, to: addDays(day, -1) } });
    expect([reversed.code, reversed.detail[0].field, reversed.detail[0].message]).toEqual([969600, 'to', '结束日期不能早于开始日期']);
    const tooLong = await parent.c.json('POST', statsApi('drill'), { body: { metric: 'orders', from: addDays(day, -400), to: day }, lang: 'en-US' });
    expect([tooLong.code, tooLong.detail[0].message]).toEqual([969600, 'A statistics range is at most 366 days']);
    const badMetric = await parent.c.json('POST', statsApi('drill'), { body: { metric: 'profit', from: day, to: day } });
    expect(badMetric.code).toBe(100400);
    // A rebuild of one organisation leaves the others' aggregates alone.
    const others = await aggregatesOf(s, [parent.orgId, child.orgId]);
    expect(await ok(stranger.c, statsApi('rebuild'), {})).toMatchObject({ orgs: 1 });
    expect(await aggregatesOf(s, [parent.orgId, child.orgId])).toEqual(others);
  });
});
