import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsReport, StatisticsSummary, StatisticsUtilisation, TrainingReport } from '@venue/contract';
import { Client, databases, startServer, type TestServer } from '../../../../test/harness.ts';
import { seedDemo } from '../../system/index.ts';
import { seedVenueDemo } from '../booking/index.ts';
import { seedMemberDemo } from '../member/index.ts';
import { seedGoodsDemo } from '../goods/goods.testkit.ts';
import { seedBraceletDemo } from '../equipment/equipment.testkit.ts';
import { seedCoachDemo } from '../coach/coach.testkit.ts';
import { seedCourseDemo } from '../course/course.testkit.ts';
import { addDays, localOf, weekdayOf } from '../venue/index.ts';
import { seedStatisticsDemo } from './statistics.seed.ts';
import { ok, statsApi } from './statistics.testkit.ts';

/**
 * The deposit screen over the demo: the rentals (returned, out, overdue) and the bracelets (out,
 * returned, lost) take, return and keep deposits; the demo manager opens the screen and sees what
 * the deposit accounts hold.
 */
describe.each(databases)('statistics demo data on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    await seedDemo(s.database.db, s.config);
    await seedMemberDemo(s.database.db);
    await seedVenueDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedGoodsDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedBraceletDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedCoachDemo(s.database.db);
    await seedCourseDemo(s.database.db, s.config, s.app.ctx.keys.secretKey);
    await seedStatisticsDemo(s.database.db);
  });
  afterAll(async () => s?.close());

  it('the demo manager opens the deposit screen: rental and bracelet deposits taken, returned, kept and held as the ledger has them', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const [menu] = await s.database.query<{ n: string }>(
      `select count(*) as n from sys_role_menu rm join sys_menu m on m.id = rm.menu_id join sys_role r on r.id = rm.role_id
        where r.code = 'venue_manager' and m.key in ('sport.statistics.deposit', 'sport.statistics.memberCard', 'sport.statistics.deposit.export')`,
    );
    expect(Number(menu!.n)).toBe(3);
    const day = localOf(new Date(), 'Asia/Shanghai').day;
    // The demo's last weeks (a rental may be backdated into the day before).
    const month = addDays(day, -60);
    const r = await ok<StatisticsReport>(mgr, statsApi('report'), { report: 'depositDaily', from: month, to: day });
    const [ledger] = await s.database.query<{ held: string; kept: string }>(
      `select sum(case when side = 'credit' then amount_fen else -amount_fen end) as held,
              sum(case when side = 'debit' and txn_kind = 'deposit_kept' then amount_fen else 0 end) as kept
         from sport_ledger_entry where account in ('goodsDeposit', 'braceletDeposit') and org_id = (select id from sys_org where code = 'demo-sports-center')`,
    );
    expect(r.total.depositHeldFen).toBe(Number(ledger!.held));
    expect(r.total.depositHeldFen).toBeGreaterThan(0);
    expect(r.total.depositBackFen).toBeGreaterThan(0);
    expect(r.total.depositKeptFen).toBe(Number(ledger!.kept));
    expect(r.total.depositKeptFen).toBeGreaterThan(0);
    const lines = await ok<{ data: { kind: string }[] }>(mgr, statsApi('drill'), { metric: 'depositInFen', from: month, to: day, pageNum: 1, pageSize: 100 });
    expect(new Set(lines.data.map((l) => l.kind))).toEqual(new Set(['goodsDeposit', 'braceletDeposit']));
  });

  it('the demo manager sees bookings by sport and by site, courses by coach and by course, each row named', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const day = localOf(new Date(), 'Asia/Shanghai').day;
    const range = { from: addDays(day, -60), to: addDays(day, 1) };
    for (const report of ['bookingSport', 'bookingSite', 'courseCoach', 'courseCurriculum']) {
      const r = await ok<StatisticsReport>(mgr, statsApi('report'), { report, ...range });
      expect(r.data.length, report).toBeGreaterThan(0);
      expect(r.total.revenueFen, report).toBeGreaterThan(0);
      if (report !== 'bookingSport') for (const row of r.data) expect(row.label, `${report} ${row.key}`).toBeTruthy();
    }
  });

  it('the demo manager sees the last 90 days of business: every day sold, weekends busier, courts, courses, tickets and goods, each figure the sum of its lines', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const today = localOf(new Date(), 'Asia/Shanghai').day;
    const range = { from: addDays(today, -90), to: addDays(today, -1) };
    const days = await ok<StatisticsReport>(mgr, statsApi('report'), { report: 'businessTotal', ...range });
    const sold = days.data.filter((r) => r.revenueFen > 0);
    expect(sold).toHaveLength(90);
    const mean = (rows: typeof sold) => rows.reduce((a, r) => a + r.revenueFen, 0) / rows.length;
    expect(mean(sold.filter((r) => weekdayOf(r.key) >= 6))).toBeGreaterThan(mean(sold.filter((r) => weekdayOf(r.key) < 6)));
    const kinds = await ok<StatisticsReport>(mgr, statsApi('report'), { report: 'businessByKind', ...range });
    for (const k of ['venue', 'course', 'ticket', 'goods']) expect(kinds.data.find((r) => r.key === k)?.revenueFen, k).toBeGreaterThan(0);
    const summary = await ok<StatisticsSummary>(mgr, statsApi('summary'), range);
    expect(summary.revenueFen).toBe(days.total.revenueFen);
    const lines = await ok<{ total: number; sumFen: number }>(mgr, statsApi('drill'), { metric: 'revenueFen', ...range, pageNum: 1, pageSize: 1 });
    expect(lines.sumFen).toBe(summary.revenueFen);
    const [ledger] = await s.database.query<{ fen: string }>(
      `select sum(amount_fen) as fen from sport_ledger_entry where txn_kind = 'payment' and account = 'sales' and side = 'credit'
          and business_day between $1 and $2 and org_id = (select id from sys_org where code = 'demo-sports-center')`,
      [range.from, range.to],
    );
    expect(summary.revenueFen).toBe(Number(ledger!.fen));
  });

  it('the demo manager sees lessons rated (one low) and attended, this month or last month', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const day = localOf(new Date(), 'Asia/Shanghai').day;
    const first = `${day.slice(0, 8)}01`;
    const lastDay = addDays(first, -1);
    const presets = [
      { from: first, to: day },
      { from: `${lastDay.slice(0, 8)}01`, to: lastDay },
    ];
    const totals = async (report: string, by?: string) => {
      const [now, before] = await Promise.all(presets.map((range) => ok<TrainingReport>(mgr, statsApi('training'), { report, by, ...range })));
      for (const r of [now!, before!])
        for (const row of r.data) {
          expect(row.label, `${report} ${row.key}`).toBeTruthy();
          // Those who came were expected (the settlement demo's class records attendance without enrolments).
          expect(row.attended, `${report} ${row.key}`).toBeLessThanOrEqual(row.expected);
        }
      return [now!.total, before!.total];
    };
    for (const by of ['coach', 'course']) {
      const [now, before] = await totals('courseEvaluation', by);
      expect(now!.evaluations + before!.evaluations, by).toBeGreaterThanOrEqual(5);
      expect(now!.lowRatings + before!.lowRatings, by).toBeGreaterThanOrEqual(1);
    }
    const [now, before] = await totals('courseAttendance');
    expect(now!.attended + before!.attended).toBeGreaterThanOrEqual(6);
    expect(now!.absent + before!.absent).toBeGreaterThanOrEqual(1);
    expect(now!.leave + before!.leave).toBeGreaterThanOrEqual(1);
  });

  it('the demo manager sees site utilisation today and this week, by venue and by sport, and the lines of the booked hours', async () => {
    const mgr = new Client(s);
    expect((await mgr.login('manager', 'Demo@2020')).code).toBe(0);
    const day = localOf(new Date(), 'Asia/Shanghai').day;
    const monday = addDays(day, 1 - (new Date(`${day}T00:00:00Z`).getUTCDay() || 7));
    for (const range of [
      { from: day, to: day },
      { from: monday, to: day },
    ]) {
      for (const report of ['venueOpening', 'projectOpening']) {
        const r = await ok<StatisticsUtilisation>(mgr, statsApi('utilisation'), { report, ...range });
        expect(r.total.utilisation, `${report} ${range.from}`).toBeGreaterThan(0);
        expect(r.total.bookedMinutes).toBeLessThan(r.total.openMinutes);
      }
      const lines = await ok<{ sumMinutes: number }>(mgr, statsApi('utilisation/drill'), { ...range, pageNum: 1, pageSize: 5 });
      expect(lines.sumMinutes).toBe((await ok<StatisticsUtilisation>(mgr, statsApi('utilisation'), { report: 'venueOpening', ...range })).total.bookedMinutes);
    }
  });
});
