import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STATISTICS_REPORTS, STATISTICS_SCREENS, metricsOf, type StatisticsReport, type StatisticsReportKey } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { grantMenus } from '../../../../test/grants.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, seedCommerceJobs, sport } from '../commerce/commerce.testkit.ts';
import { CARD_KEYS, makeType, sellPaid } from '../card/card.testkit.ts';
import { goodsApi, goodsStaff, ok as goodsOk, stockedGoods } from '../goods/goods.testkit.ts';
import { addMember, MEMBER_KEYS, newPhone } from '../member/member.testkit.ts';
import { addDays, localOf } from '../venue/index.ts';
import { aggregatesOf, deliver, ok, STATISTICS_KEYS, statsApi } from './statistics.testkit.ts';
import { foldRecentLiabilities } from './statistics.service.ts';
import { seedModules } from '../../../platform/module.ts';

/**
 * Deposits and prepaid balances (issue 31's `deposit` screen and the member cards' usage): taken,
 * returned, kept and held come from the deposit accounts' ledger postings, recharged, used and
 * held from the prepaid accounts'. Each figure of each tab equals the sum of its drill-down lines
 * (a balance: every line up to the row's last day); the rebuild from the ledger writes the live
 * aggregates again; another organisation sees none of it.
 */
describe.each(databases)('deposit and prepaid statistics on %s', (kind) => {
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
  const range = { from: addDays(day, -3), to: day };
  /** An account's balance straight from the ledger (credits less debits). */
  const held = async (orgId: number, accounts: string[]) => {
    const [r] = await s.database.query<{ n: string | null }>(
      `select sum(case when side = 'credit' then amount_fen else -amount_fen end) as n from sport_ledger_entry where org_id = $1 and account = any($2::text[])`,
      [orgId, `{${accounts.join(',')}}`],
    );
    return Number(r?.n ?? 0);
  };
  async function drillAll(c: Client, metric: string, body: Record<string, unknown>) {
    let sum = 0;
    let lines = 0;
    let answer: { total: number; sumFen: number } | undefined;
    for (let pageNum = 1; !answer || lines < answer.total; pageNum++) {
      const p = await ok<{ total: number; sumFen: number; data: { amountFen: number }[] }>(c, statsApi('drill'), { metric, pageNum, pageSize: 2, ...body });
      answer = p;
      if (!p.data.length) break;
      lines += p.data.length;
      sum += p.data.reduce((a, l) => a + l.amountFen, 0);
    }
    expect([lines, sum]).toEqual([answer!.total, answer!.sumFen]);
    return answer!;
  }
  function drillOfRow(report: StatisticsReportKey, key: string) {
    const def = STATISTICS_REPORTS[report];
    if (def.dimension === 'day') return { from: key, to: key };
    if (def.dimension === 'month') {
      const last = new Date(Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)), 0)).toISOString().slice(0, 10);
      return { from: range.from > `${key}-01` ? range.from : `${key}-01`, to: range.to < last ? range.to : last };
    }
    return { ...range, stadiumId: Number(key) };
  }

  /** A venue renting rackets (¥200 deposit each) and selling a times card, its events delivered. */
  async function business() {
    const st = await goodsStaff(s, admin, platformId);
    const [roleId] = (await s.database.query<{ role_id: string }>('select role_id from sys_user_role where user_id = $1', [st.userId])).map((r) =>
      Number(r.role_id),
    );
    await grantMenus(admin, roleId!, [...STATISTICS_KEYS, ...MEMBER_KEYS, ...CARD_KEYS]);
    const racket = await stockedGoods(st.c, st.venue.id, 5, 30_000, { name: '统计球拍', rentHourFen: 1_000, rentDayFen: 5_000, depositFen: 20_000 });
    const made = await st.c.json('POST', goodsApi('counter/order'), {
      body: { stadiumId: st.venue.id, rentals: [{ goodsId: racket.id, quantity: 3, basis: 'day', duration: 1 }] },
    });
    expect(made.code, made.msg).toBe(0);
    await goodsOk(st.c, 'POST', sport(`order/${made.body.orderId}/pay`), { method: 'cash', amountFen: made.body.amount });
    const rental = async () => (await goodsOk(st.c, 'POST', goodsApi('rental/list'), { orderId: made.body.orderId })).data[0];
    // One back whole (its deposit returned), one damaged (¥50 kept, ¥150 returned), one still out.
    await goodsOk(st.c, 'POST', goodsApi(`rental/${(await rental()).id}/return`), { quantity: 1, version: (await rental()).version });
    const r = await rental();
    await goodsOk(st.c, 'POST', goodsApi(`rental/${r.id}/return`), { quantity: 1, damagedQty: 1, damageFen: 5_000, version: r.version });
    const member = await addMember(st.c, { name: '押金会员', phone: newPhone() });
    const card = await sellPaid(st.c, (await makeType(st.c, { kind: 'times', priceFen: 8_800, times: 4, validDays: 30 })).id, member.id);
    await deliver(s, [made.body.orderId, card.orderId]);
    return st;
  }

  it('the deposit screen: taken, returned, kept and held as the ledger has them, each figure the sum of its lines; a rebuild equals the live figures', async () => {
    const st = await business();
    const r = await ok<StatisticsReport>(st.c, statsApi('report'), { report: 'depositDaily', ...range });
    expect(r.data.map((x) => x.key)).toEqual([day]);
    expect(r.total).toMatchObject({ depositInFen: 60_000, depositBackFen: 35_000, depositKeptFen: 5_000, depositHeldFen: 20_000 });
    expect(r.total.depositHeldFen).toBe(await held(st.orgId, ['goodsDeposit', 'braceletDeposit']));
    const byVenue = await ok<StatisticsReport>(st.c, statsApi('report'), { report: 'depositVenue', ...range });
    expect(byVenue.data).toEqual([expect.objectContaining({ key: String(st.venue.id), label: expect.any(String), depositHeldFen: 20_000 })]);

    // A later range with no deposit business still holds what is out; its days show nothing moved.
    const later = await ok<StatisticsReport>(st.c, statsApi('report'), { report: 'depositVenue', from: addDays(day, 1), to: addDays(day, 2) });
    expect(later.total).toMatchObject({ depositInFen: 0, depositBackFen: 0, depositHeldFen: 20_000 });
    expect((await ok<StatisticsReport>(st.c, statsApi('report'), { report: 'depositDaily', from: addDays(day, 1), to: addDays(day, 2) })).data).toEqual([]);

    const before = new Map<string, StatisticsReport>();
    for (const report of [...STATISTICS_SCREENS.deposit, 'prepaidMonthly', 'prepaidDaily'] as StatisticsReportKey[]) {
      const rep = await ok<StatisticsReport>(st.c, statsApi('report'), { report, ...range });
      before.set(report, rep);
      expect(rep.data.length, report).toBeGreaterThan(0);
      for (const metric of metricsOf(STATISTICS_REPORTS[report])) {
        if (metric.endsWith('HeldFen')) expect(rep.total[metric], `${report} total ${metric}`).toBe((await drillAll(st.c, metric, range)).sumFen);
        else expect(rep.total[metric], `${report} total ${metric}`).toBe(rep.data.reduce((a, x) => a + x[metric], 0));
        for (const row of rep.data)
          expect((await drillAll(st.c, metric, drillOfRow(report, row.key))).sumFen, `${report} ${row.key} ${metric}`).toBe(row[metric]);
      }
    }
    // Prepaid: the card sold is held until used, as its ledger account says.
    const prepaid = before.get('prepaidMonthly')!.total;
    expect(prepaid.prepaidInFen).toBeGreaterThanOrEqual(8_800);
    expect(prepaid.prepaidHeldFen).toBe(await held(st.orgId, ['balance', 'prepaid']));

    const live = await aggregatesOf(s, [st.orgId]);
    await ok(st.c, statsApi('rebuild'), {});
    expect(await aggregatesOf(s, [st.orgId])).toEqual(live);
    for (const [report, rep] of before) expect(await ok(st.c, statsApi('report'), { report, ...range }), report).toEqual(rep);
  });

  it('a posting with no event of its own is added by the fold job; an entry is added once however often it runs', async () => {
    const st = await business();
    const live = await aggregatesOf(s, [st.orgId]);
    // Take the organisation's entries out of the live figures as if no delivery had added them yet.
    await s.database.query('delete from sport_stat_folded where org_id = $1', [st.orgId]);
    await s.database.query(
      'update sport_stat_daily set deposit_in_fen = 0, deposit_back_fen = 0, deposit_kept_fen = 0, prepaid_in_fen = 0, prepaid_out_fen = 0 where org_id = $1',
      [st.orgId],
    );
    const emptied = await ok<StatisticsReport>(st.c, statsApi('report'), { report: 'depositDaily', ...range });
    expect(emptied.total.depositHeldFen).toBe(0);
    expect(await foldRecentLiabilities(s.database.db)).toBeGreaterThanOrEqual(1);
    await foldRecentLiabilities(s.database.db);
    expect(await aggregatesOf(s, [st.orgId])).toEqual(live);
    // Shipped scheduled every minute: what main.ts does at start-up makes the job.
    await seedModules(s.app.modules);
    const jobs = await s.database.query<{ cron_expr: string; status: number }>(`select cron_expr, status from sys_job where bean_name = 'statistics.fold'`);
    expect(jobs).toEqual([{ cron_expr: '0 * * * * ?', status: 0 }]);
  });

  it('another organisation sees none of the deposits; the report exports in the caller’s language', async () => {
    const st = await business();
    const stranger = await business();
    const mine = await ok<StatisticsReport>(st.c, statsApi('report'), { report: 'depositMonthly', ...range });
    expect(mine.total.depositHeldFen).toBe(20_000);
    // The stranger's own business only: the same shape, none of the first organisation's lines.
    const theirs = await ok<{ sumFen: number; data: { orgId: number }[] }>(stranger.c, statsApi('drill'), {
      metric: 'depositInFen',
      ...range,
      pageNum: 1,
      pageSize: 50,
    });
    expect(theirs.sumFen).toBe(60_000);
    expect(theirs.data.map((l) => l.orgId)).toEqual(theirs.data.map(() => stranger.orgId));
    expect((await ok<StatisticsReport>(stranger.c, statsApi('report'), { report: 'depositMonthly', ...range })).total.depositHeldFen).toBe(20_000);
    const foreign = await stranger.c.json('POST', statsApi('report'), { body: { report: 'depositVenue', ...range, stadiumId: st.venue.id } });
    expect(foreign.code).toBe(100404);

    const file = await st.c.call('POST', statsApi('report/export'), { body: { report: 'depositDaily', ...range }, lang: 'en-US' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Item', 'Deposits taken (yuan)', 'Deposits returned (yuan)', 'Deposits kept (yuan)', 'Deposits held (yuan)']);
    expect(rows.at(-1)).toEqual(['Total', 600, 350, 50, 200]);
  });
});
