import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsUtilisation, UtilisationDrillPage, UtilisationLine } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeOrg, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { pay } from '../commerce/commerce.testkit.ts';
import { addDays } from '../venue/index.ts';
import { booking, today, venueApi } from '../venue/venue.testkit.ts';
import { STATISTICS_KEYS, ok, statisticsStaff, statsApi } from './statistics.testkit.ts';

/**
 * Utilisation ("venue opening", "project opening") on a real database: open site time from the
 * sites' hours less closures, booked time from the claims that occupy a site (paid, unpaid held, a
 * court booked whole on both halves; a lock counts nowhere); each booked figure equals the sum of
 * its lines; a parent organisation sees its children's venues, a venue only itself.
 */
describe.each(databases)('statistics utilisation on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  /** Every booked line of a range, page by page (3 a page), with the totals the call answers. */
  async function drillAll(c: Client, body: Record<string, unknown>) {
    const lines: UtilisationLine[] = [];
    let answer: UtilisationDrillPage | undefined;
    for (let pageNum = 1; !answer || lines.length < answer.total; pageNum++) {
      answer = await ok<UtilisationDrillPage>(c, statsApi('utilisation/drill'), { ...body, pageNum, pageSize: 3 });
      if (!answer.data.length) break;
      lines.push(...answer.data);
    }
    return { total: answer!.total, sumMinutes: answer!.sumMinutes, lines };
  }
  const order = async (c: Client, stadiumId: number, date: string, items: { siteId: number; start: string; end: string }[], paid: boolean) => {
    const o = await c.json('POST', booking('order'), { body: { stadiumId, date, items, buyerName: '利用率' } });
    expect(o.code, o.msg).toBe(0);
    if (paid) expect((await pay(c, o.body.orderId, { method: 'cash', amountFen: o.body.amount })).code).toBe(0);
    return o.body as { orderNo: string };
  };

  it('open and booked site time by venue and by sport; each booked figure is the sum of its lines; a parent sees its children, a venue itself', async () => {
    const parent = await makeOrg(admin, platformId);
    const role = await makeRole(admin, parent.id);
    await grantMenus(admin, role.id, STATISTICS_KEYS);
    const boss = await signIn(s, (await makeUser(admin, parent.id, { roleIds: [role.id] })).code, 'Pass1234');
    const a = await statisticsStaff(s, admin, parent.id);
    const b = await statisticsStaff(s, admin, parent.id);
    // A third court of venue A split into halves: it opens (and is booked) through its halves.
    const court = await a.c.json('POST', venueApi('site'), { body: { venueId: a.venue.id, name: '全场', sport: 'badminton', sort: 9 } });
    expect(court.code, court.msg).toBe(0);
    const halves = await a.c.json('POST', venueApi(`site/${court.body.id}/split`), { body: { names: ['A半场', 'B半场'] } });
    expect(halves.code, halves.msg).toBe(0);

    const day = addDays(today(a.venue.timeZone), 1);
    const [s0, s1] = [a.sites[0]!, a.sites[1]!];
    const paid = await order(a.c, a.venue.id, day, [{ siteId: s0.id, start: '10:00', end: '12:00' }], true);
    const held = await order(a.c, a.venue.id, day, [{ siteId: s1.id, start: '09:00', end: '10:00' }], false);
    const whole = await order(a.c, a.venue.id, day, [{ siteId: court.body.id, start: '18:00', end: '19:00' }], true);
    const locked = await a.c.json('POST', booking('lock'), {
      body: { stadiumId: a.venue.id, date: day, items: [{ siteId: s1.id, start: '14:00', end: '15:00' }], reason: '维护' },
    });
    expect(locked.code, locked.msg).toBe(0);
    const closed = await a.c.json('POST', booking('closure'), {
      body: { range: { stadiumId: a.venue.id, siteIds: [s0.id], from: `${day} 20:00`, to: `${day} 22:00` }, reason: '灯光检修' },
    });
    expect(closed.code, closed.msg).toBe(0);
    await order(b.c, b.venue.id, day, [{ siteId: b.sites[0]!.id, start: '08:00', end: '09:00' }], true);

    const range = { from: day, to: day };
    // Venue A: four units (two sites, two halves) open all day, less the closure; booked 2 h paid, 1 h held, 1 h on both halves.
    const mine = await ok<StatisticsUtilisation>(a.c, statsApi('utilisation'), { report: 'venueOpening', ...range });
    expect(mine.data).toEqual([{ key: String(a.venue.id), label: a.venue.stadiumName, openMinutes: 4 * 1440 - 120, bookedMinutes: 300, utilisation: 5.3 }]);
    expect(mine.total).toMatchObject({ key: 'total', openMinutes: 4 * 1440 - 120, bookedMinutes: 300 });
    const lines = await drillAll(a.c, { ...range, stadiumId: a.venue.id });
    expect(lines.lines.map((l) => [l.siteName, l.start, l.end, l.state, l.orderNo, l.minutes])).toEqual([
      [a.sites[0]!.name, '10:00', '12:00', 'booked', paid.orderNo, 120],
      [a.sites[1]!.name, '09:00', '10:00', 'held', held.orderNo, 60],
      ['A半场', '18:00', '19:00', 'booked', whole.orderNo, 60],
      ['B半场', '18:00', '19:00', 'booked', whole.orderNo, 60],
    ]);
    expect([lines.total, lines.sumMinutes, lines.lines.reduce((n, l) => n + l.minutes, 0)]).toEqual([4, 300, 300]);

    // The parent: both children's venues, each row's booked time the sum of its lines, the total the sum of the rows.
    for (const report of ['venueOpening', 'projectOpening'] as const) {
      const r = await ok<StatisticsUtilisation>(boss, statsApi('utilisation'), { report, ...range });
      for (const row of r.data) {
        const filter = report === 'venueOpening' ? { stadiumId: Number(row.key) } : { sport: row.key };
        const d = await drillAll(boss, { ...range, ...filter });
        expect([d.lines.length, d.lines.reduce((n, l) => n + l.minutes, 0)], `${report} ${row.key}`).toEqual([d.total, d.sumMinutes]);
        expect(d.sumMinutes, `${report} ${row.key}`).toBe(row.bookedMinutes);
      }
      expect([r.total.openMinutes, r.total.bookedMinutes]).toEqual([
        r.data.reduce((n, x) => n + x.openMinutes, 0),
        r.data.reduce((n, x) => n + x.bookedMinutes, 0),
      ]);
      expect((await drillAll(boss, range)).sumMinutes).toBe(r.total.bookedMinutes);
      expect(r.total.bookedMinutes, report).toBe(360);
      if (report === 'venueOpening') expect(r.data.map((x) => Number(x.key)).sort((x, y) => x - y)).toEqual([a.venue.id, b.venue.id].sort((x, y) => x - y));
      else expect(r.data.map((x) => x.key)).toEqual(['badminton']);
    }
    // A venue sees only itself: not its sibling's venue, nor its lines.
    expect((await drillAll(a.c, range)).sumMinutes).toBe(300);
    expect((await a.c.json('POST', statsApi('utilisation'), { body: { report: 'venueOpening', ...range, stadiumId: b.venue.id } })).code).toBe(100404);
    expect((await a.c.json('POST', statsApi('utilisation/drill'), { body: { ...range, stadiumId: b.venue.id } })).code).toBe(100404);

    // The exports: the table in the caller's language with its total last, and every booked line.
    const sheet = async (url: string, body: object, lang?: 'en-US' | 'zh-CN') => {
      const res = await a.c.call('POST', statsApi(url), { body, lang });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const out: unknown[][] = [];
      wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    expect(await sheet('utilisation/export', { report: 'projectOpening', ...range }, 'en-US')).toEqual([
      ['Sport', 'Open (hours)', 'Booked (hours)', 'Utilisation (%)'],
      ['Badminton', 94, 5, 5.3],
      ['Total', 94, 5, 5.3],
    ]);
    const exported = await sheet('utilisation/drill/export', range);
    expect(exported[0]).toEqual(['营业日', '场馆', '场地', '运动类型', '开始', '结束', '类别', '状态', '订单号', '小时']);
    expect(exported.slice(1).map((r) => r[9])).toEqual([2, 1, 1, 1]);
  });

  it('a public holiday opens by the holiday hours, a weekday by its own, a make-up Saturday by Saturday’s', async () => {
    const st = await statisticsStaff(s, admin, platformId);
    const site = st.sites[0]!;
    const week = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '08:00', close: '22:00' }));
    const hours = [...week, { day: 8, open: '10:00', close: '16:00' }];
    const put = await st.c.json('PUT', venueApi(`site/${site.id}`), { body: { hours, version: 1 } });
    expect(put.code, put.msg).toBe(0);
    // 2027-10-01 is a Friday off; 2027-10-09 a Saturday worked (its Saturday hours: no holiday hours).
    const set = await admin.json('PUT', '/api/system/holiday/days', {
      body: {
        orgId: st.orgId,
        days: [
          { day: '2027-10-01', kind: 1 },
          { day: '2027-10-09', kind: 0 },
        ],
      },
    });
    expect(set.code, set.msg).toBe(0);
    // The second site keeps its all-day hours (no holiday hours: a holiday opens by its weekday).
    const open = async (day: string) =>
      (await ok<StatisticsUtilisation>(st.c, statsApi('utilisation'), { report: 'venueOpening', from: day, to: day })).total.openMinutes;
    expect(await open('2027-09-30')).toBe(14 * 60 + 1440);
    expect(await open('2027-10-01')).toBe(6 * 60 + 1440);
    expect(await open('2027-10-09')).toBe(14 * 60 + 1440);
  });
});
