import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CARD_USAGE_METRICS, type CardUsageStatsDrillPage, type CardUsageStatsReport, type StatisticsReport } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient, makeRole, makeUser, signIn } from '../../system/admin.testkit.ts';
import { seedDemo } from '../../system/index.ts';
import { imbalances, pay, seedCommerceJobs, sellGeneral } from '../commerce/commerce.testkit.ts';
import { cardApi, makeType, seedCardDemo, sellPaid } from '../card/card.testkit.ts';
import { addMember, newPhone } from '../member/member.testkit.ts';
import { seedMemberDemo } from '../member/index.ts';
import { addDays, localOf } from '../venue/index.ts';
import { ok, STATISTICS_KEYS, statisticsStaff, statsApi } from './statistics.testkit.ts';
import { seedStatisticsDemo } from './statistics.seed.ts';

type Staff = Awaited<ReturnType<typeof statisticsStaff>>;
const day = localOf(new Date(), 'Asia/Shanghai').day;

/**
 * The member card screen's card usage tab (issue 31): uses by month and card type, read through the
 * cards module's uses and the ledger's prepaid postings. Each figure equals the sum of its lines;
 * the value used equals the ledger's prepaid debits of the range (the prepaid report's `prepaidOutFen`);
 * a venue sees itself, a parent its children, another organisation nothing.
 */
describe.each(databases)('card usage statistics on %s', (kind) => {
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

  const usage = (c: Client, body: Record<string, unknown> = {}) => ok<CardUsageStatsReport>(c, statsApi('cardUsage'), { from: day, to: day, ...body });
  /** Every line of a figure, page by page (2 a page), and the sums the call answers. */
  async function drillAll(c: Client, metric: string, body: Record<string, unknown> = {}) {
    const lines: CardUsageStatsDrillPage['data'] = [];
    let answer: CardUsageStatsDrillPage | undefined;
    for (let pageNum = 1; !answer || lines.length < answer.total; pageNum++) {
      answer = await ok<CardUsageStatsDrillPage>(c, statsApi('cardUsage/drill'), { metric, from: day, to: day, pageNum, pageSize: 2, ...body });
      if (!answer.data.length) break;
      lines.push(...answer.data);
    }
    const sum = (k: 'uses' | 'times' | 'amountFen') => lines.reduce((a, l) => a + l[k], 0);
    expect([lines.length, sum('uses'), sum('times'), sum('amountFen')], metric).toEqual([answer!.total, answer!.sumUses, answer!.sumTimes, answer!.sumFen]);
    return { ...answer!, lines };
  }
  /** A figure as its lines give it: the members figure is their count, the others their sum. */
  const figureOf = (d: Awaited<ReturnType<typeof drillAll>>, metric: string) =>
    metric === 'members' ? d.total : metric === 'uses' ? d.sumUses : metric === 'times' ? d.sumTimes : d.sumFen;

  /** A day of card business at the staff's organisation: cards sold and recharged, then used at the venue and away from it. */
  async function cardDay(st: Staff) {
    const [ann, bob] = [await addMember(st.c, { name: '卡用甲', phone: newPhone() }), await addMember(st.c, { name: '卡用乙', phone: newPhone() })];
    const value = await makeType(st.c, { kind: 'value', priceFen: 10_000, faceValueFen: 12_000, validDays: 365 });
    const times = await makeType(st.c, { kind: 'times', priceFen: 10_000, times: 3, validDays: 90 });
    const period = await makeType(st.c, { kind: 'period', priceFen: 8_000, validDays: 30 });
    const gold = await sellPaid(st.c, value.id, ann.id);
    const { accountId } = (await st.c.json<{ accountId: number }>('GET', cardApi(String(gold.cardId)))).body;
    const top = await ok<{ orderId: number }>(st.c, cardApi(`${gold.cardId}/recharge`), { amountFen: 5_000 });
    expect((await pay(st.c, top.orderId, { method: 'cash', amountFen: 5_000 })).code).toBe(0);
    const swim = await sellPaid(st.c, times.id, bob.id);
    const gym = await sellPaid(st.c, period.id, ann.id);
    // Stored value pays a sale at the venue (¥23.45) and one at none (¥6.00).
    for (const [fen, extra] of [
      [2_345, { venueId: st.venue.id }],
      [600, {}],
    ] as const) {
      const o = await sellGeneral(st.c, [{ name: '饮料', unitPriceFen: fen }], { ...extra, memberId: ann.id });
      expect((await pay(st.c, o.id, { method: 'balance', accountId, amountFen: fen })).code).toBe(0);
    }
    // The times card: two check-ins (¥33.33 and ¥33.34 of its price), one at the venue, and pays an order by one use (¥50.00).
    await ok(st.c, cardApi('checkin'), { cardId: swim.cardId, method: 'qr', venueId: st.venue.id });
    await ok(st.c, cardApi('checkin'), { cardId: swim.cardId, method: 'card' });
    const lesson = await sellGeneral(st.c, [{ name: '游泳课', unitPriceFen: 5_000 }], { memberId: bob.id, venueId: st.venue.id });
    expect((await pay(st.c, lesson.id, { method: 'card', cardId: swim.cardId, amountFen: 5_000 })).code).toBe(0);
    // The month card checks in at the venue: a use without money.
    await ok(st.c, cardApi('checkin'), { cardId: gym.cardId, method: 'phone', venueId: st.venue.id });
    return { value, times, period, ann, bob };
  }

  it('each figure of each row equals the sum of its lines; the value used is the ledger’s prepaid debits; a venue’s and no venue’s add up', async () => {
    const st = await statisticsStaff(s, admin, platformId);
    const { value, times, period } = await cardDay(st);
    const r = await usage(st.c);
    expect(r.data.map((x) => [x.month, x.typeId, x.cardKind, x.uses, x.times, x.valueFen, x.members]).sort()).toEqual(
      [
        [day.slice(0, 7), value.id, 'value', 2, 0, 2_945, 1],
        [day.slice(0, 7), times.id, 'times', 3, 3, 3_333 + 3_334 + 5_000, 1],
        [day.slice(0, 7), period.id, 'period', 1, 0, 0, 1],
      ].sort(),
    );
    expect(r.total).toEqual({ uses: 6, times: 3, valueFen: 2_945 + 11_667, members: 2 });

    // Each figure, of the total and of each row (its month and card type), is what its lines add up to.
    for (const metric of CARD_USAGE_METRICS) {
      expect(figureOf(await drillAll(st.c, metric), metric), `total ${metric}`).toBe(r.total[metric]);
      for (const row of r.data) expect(figureOf(await drillAll(st.c, metric, { typeId: row.typeId }), metric), `${row.typeName} ${metric}`).toBe(row[metric]);
    }
    // The value used is what the prepaid accounts were debited over the range, as the prepaid report and its lines have it.
    expect((await ok<{ sumFen: number }>(st.c, statsApi('drill'), { metric: 'prepaidOutFen', from: day, to: day, pageSize: 500 })).sumFen).toBe(
      r.total.valueFen,
    );
    await ok(st.c, statsApi('rebuild'), {});
    const prepaid = await ok<StatisticsReport>(st.c, statsApi('report'), { report: 'prepaidDaily', from: day, to: day });
    expect(prepaid.total.prepaidOutFen).toBe(r.total.valueFen);

    // A line says when, which card, whose, where and what for.
    const uses = await drillAll(st.c, 'uses', { typeId: times.id });
    expect(uses.lines.map((l) => [l.usedFor, l.detail, l.stadiumName, l.times, l.amountFen, l.memberName])).toEqual([
      ['checkin', 'qr', st.venue.stadiumName, 1, 3_333, '卡用乙'],
      ['checkin', 'card', null, 1, 3_334, '卡用乙'],
      ['pay', '游泳课', st.venue.stadiumName, 1, 5_000, '卡用乙'],
    ]);
    expect(uses.lines[2]!.orderNo).toMatch(/\S/);
    expect(uses.lines[0]!.time).toMatch(/^\d\d:\d\d:\d\d$/);
    const members = await drillAll(st.c, 'members');
    expect(members.lines.map((l) => [l.memberName, l.uses, l.amountFen]).sort()).toEqual([
      ['卡用乙', 3, 11_667],
      ['卡用甲', 3, 2_945],
    ]);

    // By venue: the venue's uses and those at no venue add up to the whole.
    const atVenue = await usage(st.c, { stadiumId: st.venue.id });
    const nowhere = await usage(st.c, { stadiumId: 0 });
    expect([atVenue.total.uses, nowhere.total.uses]).toEqual([4, 2]);
    expect(atVenue.total.valueFen + nowhere.total.valueFen).toBe(r.total.valueFen);
    for (const metric of ['uses', 'times', 'valueFen'] as const)
      expect(figureOf(await drillAll(st.c, metric, { stadiumId: st.venue.id }), metric)).toBe(atVenue.total[metric]);
    // Another range sees none of it.
    expect((await usage(st.c, { from: addDays(day, -40), to: addDays(day, -10) })).total).toEqual({ uses: 0, times: 0, valueFen: 0, members: 0 });
  });

  it('a venue sees itself, a parent its children, another organisation nothing; phones masked without the private-data permission; the xlsx in the caller’s language', async () => {
    const parent = await statisticsStaff(s, admin, platformId);
    const child = await statisticsStaff(s, admin, parent.orgId);
    const stranger = await statisticsStaff(s, admin, platformId);
    await cardDay(child);
    const own = await usage(child.c);
    expect(own.total.uses).toBe(6);
    expect(await usage(parent.c)).toEqual(own);
    expect((await usage(parent.c, { stadiumId: child.venue.id })).total).toEqual((await usage(child.c, { stadiumId: child.venue.id })).total);
    expect((await usage(stranger.c)).total).toEqual({ uses: 0, times: 0, valueFen: 0, members: 0 });
    expect((await drillAll(stranger.c, 'uses')).total).toBe(0);
    const foreign = await stranger.c.json('POST', statsApi('cardUsage'), { body: { from: day, to: day, stadiumId: child.venue.id } });
    expect(foreign.code).toBe(100404);
    const reversed = await child.c.json('POST', statsApi('cardUsage/drill'), { body: { metric: 'uses', from: day, to: addDays(day, -1) }, lang: 'en-US' });
    expect([reversed.code, reversed.detail[0].message]).toEqual([969600, 'The end date cannot be before the start date']);

    // A statistics user without the members' private data sees phones masked; the card staff see them whole.
    const role = await makeRole(admin, child.orgId);
    await grantMenus(admin, role.id, [...STATISTICS_KEYS, 'sport.statistics.memberCard']);
    const viewer = await signIn(s, (await makeUser(admin, child.orgId, { roleIds: [role.id] })).code, 'Pass1234');
    const masked = await drillAll(viewer, 'members');
    expect(masked.lines.map((l) => l.memberPhone)).toEqual([expect.stringMatching(/^1\d\d\*{4}\d{4}$/), expect.stringMatching(/^1\d\d\*{4}\d{4}$/)]);
    expect((await drillAll(child.c, 'members')).lines.map((l) => l.memberPhone)).toEqual([
      expect.stringMatching(/^1\d{10}$/),
      expect.stringMatching(/^1\d{10}$/),
    ]);

    const sheet = async (url: string, body: Record<string, unknown>, lang?: 'en-US') => {
      const res = await child.c.call('POST', statsApi(url), { body: { from: day, to: day, ...body }, lang });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: (string | number)[][] = [];
      wb.worksheets[0]!.eachRow((row) => rows.push((row.values as (string | number)[]).slice(1)));
      return rows;
    };
    const table = await sheet('cardUsage/export', {}, 'en-US');
    expect(table[0]).toEqual(['Month', 'Card type', 'Kind', 'Uses', 'Times deducted', 'Value deducted (yuan)', 'Members']);
    expect(table.at(-1)).toEqual(['Total', null, null, 6, 3, own.total.valueFen / 100, 2].map((v) => v ?? undefined));
    const lines = await sheet('cardUsage/drill/export', { metric: 'valueFen' });
    expect(lines[0]).toEqual(['营业日', '时间', '卡号', '卡类型', '会员', '手机号', '场馆', '用途', '订单号', '使用次数', '扣次', '扣减金额（元）']);
    expect(lines).toHaveLength(1 + 5);
    expect(Math.round(lines.slice(1).reduce((a, l) => a + Number(l[11]), 0) * 100)).toBe(own.total.valueFen);
  });

  it('the demo manager sees this month’s card uses, as the card demo made them', async () => {
    const demo = await startServer(kind);
    try {
      await seedDemo(demo.database.db, demo.config);
      await seedMemberDemo(demo.database.db);
      await seedCardDemo(demo.database.db, demo.config, demo.app.ctx.keys.secretKey);
      await seedStatisticsDemo(demo.database.db);
      const mgr = new Client(demo);
      expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
      const month = { from: `${day.slice(0, 7)}-01`, to: day };
      const r = await ok<CardUsageStatsReport>(mgr, statsApi('cardUsage'), month);
      expect(r.total.uses).toBeGreaterThan(0);
      expect(r.total.valueFen).toBeGreaterThan(0);
      const lines = await ok<CardUsageStatsDrillPage>(mgr, statsApi('cardUsage/drill'), { ...month, metric: 'uses', pageSize: 100 });
      expect(lines.sumUses).toBe(r.total.uses);
      expect(lines.data[0]!.typeName).toBe('游泳十次卡');
    } finally {
      await demo.close();
    }
  });
});
