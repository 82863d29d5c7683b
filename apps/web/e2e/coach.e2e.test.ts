import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { oneOrgScope } from '../../server/src/platform/scope.ts';
import { claimCoachTime } from '../../server/src/modules/sport/coach/index.ts';
import { browserAs, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * Coaches at the console (issue 26): a manager adds a coach with a qualification that expires
 * soon and sees the list say so in words; the coach schedule shows the week's claimed time of a
 * coach and what holds it. Each test works as the staff of an organisation of its own.
 */
const LIST = '/sport/views/coachManagement/index';
const SCHEDULE = '/sport/views/servicePersonal/coachClassSchedule/index';
const MENUS = ['home', 'sport.coach.list', 'sport.coach.schedule', 'sport.venue.manage', 'sport.venue.list'];

const shanghaiDay = (plus = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + plus * 86_400_000));

describe('coaches console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(400);
    await screenshot(page, name);
  };
  const look = async (page: Page, lang: 'zh-CN' | 'en-US', theme: 'light' | 'dark') => {
    await page.evaluate(([l, t]) => (localStorage.setItem('lang', l!), localStorage.setItem('theme', t!)), [lang, theme]);
    await page.reload();
  };

  it('adds a coach with a qualification expiring in 10 days; the list says so in words, in both languages and themes', async () => {
    const staff = await makeStaff(e, MENUS);
    const b = await browserAs(e, staff);
    open.push(b);
    const page = b.page;
    await page.waitForURL(/\/home/);
    await page.goto(`${e.baseUrl}${LIST}`);
    await page.getByTestId('coach-add').click();
    const name = uniq('王教练');
    await page.locator('#coach-form_name').fill(name);
    await page.locator('#coach-form_phone').fill(`139${String(Date.now()).slice(-8)}`);
    await page.getByTestId('coach-qual-add').click();
    await page.locator('#coach-qual-0-name').fill('救护员证');
    await page.locator('#coach-qual-0-expiresOn').click();
    await page.locator('#coach-qual-0-expiresOn').fill(shanghaiDay(10));
    await shot(page, 'coach-add-light');
    // Enter takes the typed date and saves the form.
    await page.locator('#coach-qual-0-expiresOn').press('Enter');
    const row = page.getByTestId('coach-table').locator('tr').filter({ hasText: name });
    await expect.poll(() => row.textContent()).toContain('资质将于 10 天后到期');

    await look(page, 'en-US', 'dark');
    await expect.poll(() => page.getByTestId('coach-table').locator('tr').filter({ hasText: name }).textContent()).toContain('Expires in 10 days');
    await shot(page, 'coach-list-dark-en');
    await look(page, 'zh-CN', 'light');
    await expect.poll(() => page.getByTestId('coach-table').locator('tr').filter({ hasText: name }).textContent()).toContain('初级教练');
    await shot(page, 'coach-list-light');
  });

  it("the schedule shows a coach's week and what holds each range", async () => {
    const staff = await makeStaff(e, MENUS);
    const c = await signIn(e.server, staff.code, staff.password);
    const added = await c.json('POST', '/api/sport/coach', { body: { name: uniq('陈教练'), phone: `138${String(Date.now()).slice(-8)}`, level: 'senior' } });
    expect(added.code, added.msg).toBe(0);
    const day = shanghaiDay(0);
    const from = new Date(`${day}T10:00:00+08:00`);
    const to = new Date(`${day}T11:00:00+08:00`);
    await e.server.database.db.transaction((tx) =>
      claimCoachTime(tx, oneOrgScope(staff.orgId), { coachId: added.body.id, from, to, holderKind: 'sparring', holderId: 1 }),
    );
    // The browser's clock is in Los Angeles: the week shown is still the one holding the venue's (Beijing) today.
    const b = await browserAs(e, staff, '/login', { timezoneId: 'America/Los_Angeles' });
    open.push(b);
    const page = b.page;
    await page.waitForURL(/\/home/);
    await page.goto(`${e.baseUrl}${SCHEDULE}`);
    const row = page.getByTestId(`coach-schedule-row-${added.body.id}`);
    await expect.poll(() => row.textContent()).toContain('10:00–11:00 陪练');
    await shot(page, 'coach-schedule-light');
    await look(page, 'en-US', 'dark');
    await expect.poll(() => page.getByTestId(`coach-schedule-row-${added.body.id}`).textContent()).toContain('10:00–11:00 Sparring');
    await shot(page, 'coach-schedule-dark-en');
    await look(page, 'zh-CN', 'light');
  });
});
