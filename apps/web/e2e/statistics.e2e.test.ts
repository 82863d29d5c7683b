import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATISTICS_SCREENS } from '@venue/contract';
import { Client } from '../../server/test/harness.ts';
import { deliverOrderEvents, seedCommerceJobs } from '../../server/src/modules/sport/commerce/commerce.testkit.ts';
import { EQUIPMENT_KEYS, issuePaid, newBraceletCode } from '../../server/src/modules/sport/equipment/equipment.testkit.ts';
import { addMember, MEMBER_KEYS, newPhone } from '../../server/src/modules/sport/member/member.testkit.ts';
import { booking, makeVenue, VENUE_KEYS } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { approvedCourse, COURSE_KEYS, enrol, makeClass, makeCoach } from '../../server/src/modules/sport/course/course.testkit.ts';
import { addDays, localOf } from '../../server/src/modules/sport/venue/index.ts';
import { seedModuleDemos } from '../../server/src/platform/module.ts';
import { browserAs, makeStaff, setTheme, settledShot, startE2E, type E2E, type OwnBrowser } from './support.ts';

/**
 * The home dashboard (issue 31): a sale paid through the commerce calls reaches today's revenue
 * card once its event is delivered, without a reload (the screen refreshes by itself), the trend's table view lists
 * it by item kind; the screen in both themes.
 */
const DASHBOARD = '/sport/views/dashboard/index';

describe('statistics dashboard', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];
  beforeAll(async () => {
    e = await startE2E();
    // The queue job that delivers commerce's events (the statistics' source), shipped at a real start.
    await seedCommerceJobs(e.server.database.db);
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  it('shows a payment on today’s revenue card without a reload, the trend as a table, in light and dark', async () => {
    const staff = await makeStaff(e, ['home', 'sport.statistics.dashboard', 'sport.order.main']);
    const b = await browserAs(e, staff, DASHBOARD);
    open.push(b);
    const page = b.page;
    await page.goto(`${e.baseUrl}${DASHBOARD}`);
    const revenue = page.getByTestId('stats-today-revenueFen');
    await expect.poll(() => revenue.innerText()).toContain('¥0.00');

    const api = new Client(e.server);
    expect((await api.login(staff.code, staff.password)).code).toBe(0);
    const order = await api.json('POST', '/api/sport/commerce/order', {
      body: { type: 'general', items: [{ kind: 'general', name: '毛巾', unitPriceFen: 1_250 }] },
    });
    expect(order.code, order.msg).toBe(0);
    expect((await api.json('POST', `/api/sport/commerce/order/${order.body.id}/pay`, { body: { method: 'cash', amountFen: 1_250 } })).code).toBe(0);
    // Delivered as the scheduler's delivery job would (this test server's scheduler started before the job was shipped).
    await deliverOrderEvents(e.server, order.body.id);
    await expect.poll(() => revenue.innerText(), { timeout: 15_000 }).toContain('¥12.50');
    // The figures say the time their data is as of (the answers' X-Data-As-Of).
    await expect.poll(() => page.getByTestId('stats-today-as-of').innerText()).toMatch(/^数据截至 \d\d:\d\d:\d\d$/);

    await page.getByTestId('stats-view').getByText('表格').click();
    await expect.poll(() => page.getByTestId('stats-days').innerText()).toContain('商品/服务');
    await settledShot(page, 'dashboard-zh-light');

    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await expect.poll(() => page.getByTestId('stats-today-revenueFen').innerText()).toContain('¥12.50');
    await expect.poll(() => page.getByTestId('stats-kinds').innerText()).toContain('Goods and services');
    await settledShot(page, 'dashboard-en-dark');
  });
});

/**
 * The spec 2.5 statistics screens: each opens from its menu path with its tabs, and a figure opens
 * onto its lines, which add up to it; the revenue of a sale shows on the business totals, a bracelet's
 * deposit on the deposit screen.
 */
describe('statistics report screens', () => {
  let e: E2E;
  let b: OwnBrowser;
  const SCREENS = Object.keys(STATISTICS_SCREENS);
  beforeAll(async () => {
    e = await startE2E();
    await seedCommerceJobs(e.server.database.db);
    // The demo venue (as SEED_DEMO=1 loads it): its manager's utilisation tabs; other tests make organisations of their own.
    await seedModuleDemos(e.server.app.modules);
  });
  afterAll(async () => {
    await b?.close();
    await e?.close();
  });

  it('opens each screen and drills its total revenue onto lines that add up to it', async () => {
    const staff = await makeStaff(e, [
      'home',
      'sport.order.main',
      ...EQUIPMENT_KEYS,
      ...VENUE_KEYS,
      ...MEMBER_KEYS,
      ...SCREENS.map((s) => `sport.statistics.${s}`),
    ]);
    const api = new Client(e.server);
    expect((await api.login(staff.code, staff.password)).code).toBe(0);
    const order = await api.json('POST', '/api/sport/commerce/order', {
      body: { type: 'general', items: [{ kind: 'general', name: '毛巾', unitPriceFen: 2_345 }] },
    });
    expect(order.code, order.msg).toBe(0);
    expect((await api.json('POST', `/api/sport/commerce/order/${order.body.id}/pay`, { body: { method: 'cash', amountFen: 2_345 } })).code).toBe(0);
    await deliverOrderEvents(e.server, order.body.id);
    // A bracelet out to a member: its ¥30.00 deposit is taken (the payment is revenue like any line).
    const { venue } = await makeVenue(api, { n: 1 });
    const member = await addMember(api, { name: '押金会员', phone: newPhone() });
    const bracelet = await issuePaid(api, { stadiumId: venue.id, code: newBraceletCode(), holderKind: 'member', memberId: member.id, depositFen: 3_000 });
    await deliverOrderEvents(e.server, bracelet.orderId);

    b = await browserAs(e, staff, `/sport/views/statistics/${SCREENS[0]}/index`);
    const page = b.page;
    for (const screen of SCREENS) {
      await page.goto(`${e.baseUrl}/sport/views/statistics/${screen}/index`);
      await page.getByTestId(`stats-screen-${screen}`).waitFor();
      // The deposit screen's figures are the deposit accounts' (taken, returned, kept, held), the member cards' first tab the prepaid accounts'.
      const first = screen === 'deposit' ? 'depositInFen' : screen === 'memberCard' ? 'prepaidInFen' : 'revenueFen';
      const figure = page.getByTestId(`stats-fig-total-${first}`);
      await figure.waitFor();
      const shown = await figure.innerText();
      if (screen === 'bookingBusiness') expect(shown).toBe('¥53.45');
      if (screen === 'deposit') expect(shown).toBe('¥30.00');
      await figure.click();
      const drill = page.getByTestId('stats-drill-sum');
      await expect.poll(() => drill.innerText(), { message: screen }).toContain(shown);
      if (screen === 'bookingBusiness') await settledShot(page, 'statistics-drill-zh-light');
      await page.keyboard.press('Escape');
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await page.goto(`${e.baseUrl}/sport/views/statistics/venue/index`);
    await expect.poll(() => page.getByTestId('stats-report').innerText()).toContain('Total');
    await expect.poll(() => page.getByTestId('stats-report-as-of').innerText()).toMatch(/^Data as of \d\d:\d\d:\d\d$/);
    await settledShot(page, 'statistics-venue-en-dark');
    await page.goto(`${e.baseUrl}/sport/views/statistics/deposit/index`);
    await expect.poll(() => page.getByTestId('stats-report').innerText()).toContain('Deposits held');
    await settledShot(page, 'statistics-deposit-en-dark');
  });

  it('shows bookings by sport and by site, courses by coach; a site’s revenue drills onto its share of the booking, in both languages and themes', async () => {
    const staff = await makeStaff(e, [
      'home',
      'sport.order.main',
      ...VENUE_KEYS,
      ...MEMBER_KEYS,
      ...COURSE_KEYS,
      'sport.statistics.bookingBusiness',
      'sport.statistics.coursebusinessStatistics',
    ]);
    const api = new Client(e.server);
    expect((await api.login(staff.code, staff.password)).code).toBe(0);
    const { venue, sites } = await makeVenue(api, { n: 2, open: '00:00', close: '24:00', priceFen: 5_000 });
    // One order of two sites (two hours and one): ¥150.00, of which the first site's share is ¥100.00.
    const day = localOf(new Date(), 'Asia/Shanghai').day;
    const booked = await api.json('POST', booking('order'), {
      body: {
        stadiumId: venue.id,
        date: addDays(day, 1),
        items: [
          { siteId: sites[0]!.id, start: '09:00', end: '11:00' },
          { siteId: sites[1]!.id, start: '09:00', end: '10:00' },
        ],
        buyerName: '顾客',
      },
    });
    expect(booked.code, booked.msg).toBe(0);
    expect(booked.body.amount).toBe(15_000);
    expect((await api.json('POST', `/api/sport/commerce/order/${booked.body.orderId}/pay`, { body: { method: 'cash', amountFen: 15_000 } })).code).toBe(0);
    await deliverOrderEvents(e.server, booked.body.orderId);
    const courseId = await approvedCourse(api, api, venue.id, 88_800);
    const cls = await makeClass(api, courseId, await makeCoach(e.server, staff.orgId, '王教练'), 5);
    const learner = await addMember(api, { name: '统计学员', phone: newPhone() });
    const enrolled = await enrol(api, cls, learner.id);
    expect(enrolled.code, enrolled.msg).toBe(0);
    expect((await api.json('POST', `/api/sport/commerce/order/${enrolled.body.orderId}/pay`, { body: { method: 'cash', amountFen: 88_800 } })).code).toBe(0);
    await deliverOrderEvents(e.server, enrolled.body.orderId!);

    const own = await browserAs(e, staff, '/sport/views/statistics/bookingBusiness/index');
    const page = own.page;
    try {
      await page.getByTestId('stats-screen-bookingBusiness').waitFor();
      await page.getByRole('tab', { name: '按运动类型' }).click();
      await expect.poll(() => page.getByTestId('stats-report').innerText()).toContain('羽毛球');
      await expect.poll(() => page.getByTestId('stats-fig-badminton-revenueFen').innerText()).toBe('¥150.00');
      await page.getByRole('tab', { name: '按场地' }).click();
      const site = page.getByTestId(`stats-fig-${sites[0]!.id}-revenueFen`);
      await expect.poll(() => site.innerText()).toBe('¥100.00');
      await expect.poll(() => page.getByTestId('stats-report').innerText()).toContain(sites[1]!.name);
      await settledShot(page, 'statistics-by-site-zh-light');
      await site.click();
      await expect.poll(() => page.getByTestId('stats-drill-sum').innerText()).toContain('¥100.00');
      await expect.poll(() => page.getByTestId('stats-drill').innerText()).toContain(booked.body.orderNo);
      // A site's share is listed under its item kind, not an account.
      expect(await page.getByTestId('stats-drill').innerText()).toContain('场地预订');
      await settledShot(page, 'statistics-by-site-drill-zh-light');
      await page.keyboard.press('Escape');

      await page.goto(`${e.baseUrl}/sport/views/statistics/coursebusinessStatistics/index`);
      await expect.poll(() => page.getByTestId('stats-report').innerText()).toContain('王教练');
      await settledShot(page, 'statistics-by-coach-zh-light');

      await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
      await setTheme(page, 'dark');
      await page.getByRole('tab', { name: 'By course' }).click();
      await expect.poll(() => page.getByTestId(`stats-fig-${courseId}-revenueFen`).innerText()).toBe('¥888.00');
      await settledShot(page, 'statistics-by-course-en-dark');
      await page.goto(`${e.baseUrl}/sport/views/statistics/bookingBusiness/index`);
      await page.getByRole('tab', { name: 'By sport' }).click();
      await expect.poll(() => page.getByTestId('stats-report').innerText()).toContain('Badminton');
      await settledShot(page, 'statistics-by-sport-en-dark');
    } finally {
      await own.close();
    }
  });

  it('the demo manager opens the member cards’ monthly usage and drills this month’s uses onto their lines, in both languages and themes', async () => {
    const own = await browserAs(e, { code: 'manager', password: 'Demo@2020' }, '/sport/views/statistics/memberCard/index');
    const page = own.page;
    try {
      await page.getByTestId('stats-screen-memberCard').waitFor();
      await page.getByRole('tab', { name: '月度使用' }).click();
      // The card demo's check-in of the swimming card this month: one use, one time, a tenth of its ¥300.00.
      await expect.poll(() => page.getByTestId('stats-report').innerText()).toContain('游泳十次卡');
      await expect.poll(() => page.getByTestId('stats-fig-total-valueFen').innerText()).toBe('¥30.00');
      const uses = page.getByTestId('stats-fig-total-uses');
      const shown = await uses.innerText();
      await uses.click();
      await expect.poll(() => page.getByTestId('stats-drill-sum').innerText()).toContain(`合计 ${shown}`);
      await expect.poll(() => page.getByTestId('stats-drill').innerText()).toContain('入场签到（刷卡）');
      await settledShot(page, 'statistics-card-usage-drill-zh-light');
      await page.keyboard.press('Escape');
      await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
      await setTheme(page, 'dark');
      await page.getByRole('tab', { name: 'Monthly usage' }).click();
      await page.getByTestId('stats-report-view').getByText('Chart').click();
      await page.locator('canvas').first().waitFor();
      await settledShot(page, 'statistics-card-usage-chart-en-dark');
    } finally {
      await own.close();
    }
  });

  it('the demo manager sees today’s site utilisation and drills its booked hours onto the booking lines, in both languages and themes', async () => {
    const own = await browserAs(e, { code: 'manager', password: 'Demo@2020' }, '/sport/views/statistics/bookingBusiness/index');
    const page = own.page;
    try {
      await page.getByTestId('stats-screen-bookingBusiness').waitFor();
      await page.getByTestId('stats-preset').getByText('今天').click();
      await page.getByRole('tab', { name: '场馆开放利用率' }).click();
      const rate = page.getByTestId('stats-fig-total-utilisation');
      await expect.poll(() => rate.innerText()).toMatch(/^\d+\.\d%$/);
      expect(await rate.innerText()).not.toBe('0.0%');
      const booked = page.getByTestId('stats-fig-total-bookedMinutes');
      const hours = await booked.innerText();
      await booked.click();
      await expect.poll(() => page.getByTestId('stats-drill-sum').innerText()).toContain(`合计 ${hours} 小时`);
      await expect.poll(() => page.getByTestId('stats-drill').innerText()).toContain('阳光体育中心');
      await settledShot(page, 'statistics-utilisation-drill-zh-light');
      await page.keyboard.press('Escape');

      await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
      await setTheme(page, 'dark');
      await page.getByTestId('stats-preset').getByText('This week').click();
      await page.getByRole('tab', { name: 'Project opening' }).click();
      await expect.poll(() => page.getByTestId('stats-report').innerText()).toContain('Badminton');
      await page.getByTestId('stats-report-view').getByText('Chart').click();
      await page.locator('canvas').first().waitFor();
      // ECharts draws its bars in over a second.
      await page.waitForTimeout(1_000);
      await settledShot(page, 'statistics-utilisation-chart-en-dark');
    } finally {
      await own.close();
    }
  });

  it('exports a figure of thousands of lines with a progress note that ends with the row count', async () => {
    const staff = await makeStaff(e, ['home', 'sport.statistics.bookingBusiness']);
    const n = 6_000;
    // Paid orders in bulk, and today's aggregate counting them (as their events would have).
    await e.server.database.query(
      `insert into sport_order (org_id, order_no, type, buyer_kind, channel, total_fen, payable_fen, paid_fen, state, item_summary, created_at, paid_at)
       select $1::bigint, 'E2X' || $1::text || '-' || lpad(g::text, 6, '0'), 'general', 'walkin', 'desk', 500, 500, 500, 'paid', '导出 ' || g, now(), now()
         from generate_series(1, $2::int) g`,
      [staff.orgId, n],
    );
    await e.server.database.query(
      `insert into sport_stat_daily (org_id, venue_id, day, kind, revenue_fen, refund_fen, payments, refunds, orders, items)
       values ($1::bigint, 0, (now() at time zone 'Asia/Shanghai')::date, 'general', 0, 0, 0, 0, $2::int, 0)`,
      [staff.orgId, n],
    );
    const own = await browserAs(e, staff, '/sport/views/statistics/bookingBusiness/index');
    const page = own.page;
    try {
      await page.getByTestId('stats-fig-total-orders').click();
      await expect.poll(() => page.getByTestId('stats-drill-sum').innerText()).toContain(`${n}`);
      const download = page.waitForEvent('download');
      await page.getByTestId('stats-drill-export').click();
      const file = await download;
      const note = page.getByTestId('task-progress');
      await expect.poll(() => note.getAttribute('data-status')).toBe('success');
      expect(await note.innerText()).toContain('导出完成：共 6,000 行');
      await settledShot(page, 'statistics-export-progress-zh-light');
      expect(decodeURIComponent(file.suggestedFilename())).toMatch(/^统计明细_\d{14}\.xlsx$/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
      expect(wb.worksheets[0]!.actualRowCount).toBe(n + 1);
    } finally {
      await own.close();
    }
  });

  // The course demo's lessons one to three weeks ago, rated and attended.
  it('the demo manager opens evaluation and attendance and drills the low ratings onto their evaluations', async () => {
    const own = await browserAs(e, { code: 'manager', password: 'Demo@2020' });
    const page = own.page;
    try {
      await page.goto(`${e.baseUrl}/sport/views/statistics/coursebusinessStatistics/index`);
      await page.getByTestId('stats-screen-coursebusinessStatistics').waitFor();
      // The demo's rated and attended lessons are 6 to 21 days old: all in this month from its 22nd, else in last month too.
      const dom = Number(localOf(new Date(), 'Asia/Shanghai').day.slice(8));
      await page
        .getByTestId('stats-preset')
        .getByText(dom >= 22 ? '本月' : '上月')
        .click();
      await page.getByRole('tab', { name: '评价统计' }).click();
      const low = page.getByTestId('stats-fig-total-lowRatings');
      await expect.poll(() => low.innerText()).toMatch(/^[1-9]\d*$/);
      const lows = await low.innerText();
      await low.click();
      const drill = page.getByTestId('stats-training-drill');
      await expect.poll(() => drill.innerText()).toContain('迟到了没跟上热身');
      expect(await page.getByTestId('stats-drill-sum').innerText()).toContain(`共 ${lows} 条评价`);
      // The member's phone masked, as the console shows it elsewhere.
      expect(await drill.innerText()).toMatch(/1\d\d\*{4}\d{4}/);
      await settledShot(page, 'statistics-evaluation-drill-zh-light');
      await page.keyboard.press('Escape');
      await page.getByTestId('stats-training-by').getByText('按课程').click();
      await expect.poll(() => page.getByTestId('stats-report').innerText()).toContain('少儿游泳启蒙');
      await settledShot(page, 'statistics-evaluation-by-course-zh-light');

      await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
      await setTheme(page, 'dark');
      await page.getByRole('tab', { name: 'Attendance' }).click();
      await page
        .getByTestId('stats-preset')
        .getByText(dom >= 22 ? 'This month' : 'Last month')
        .click();
      await expect.poll(() => page.getByTestId('stats-report').innerText()).toContain('Attendance rate');
      await page.getByTestId('stats-fig-total-absent').click();
      await expect.poll(() => page.getByTestId('stats-training-drill').innerText()).toContain('Absent');
      await page.keyboard.press('Escape');
      await settledShot(page, 'statistics-attendance-en-dark');
      await page.getByTestId('stats-report-view').getByText('Chart').click();
      await settledShot(page, 'statistics-attendance-chart-en-dark');
    } finally {
      await own.close();
    }
  });
});
