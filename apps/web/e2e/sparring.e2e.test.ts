import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../server/test/harness.ts';
import { makeUser, signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { adminApi, browserAs, makeStaff, screenshot, setTheme, startE2E, uniq, type E2E, type Staff } from './support.ts';

/**
 * Sparring at the console (issue 26): the sparring list with a booking made through the API, its
 * detail, the book-a-coach dialog, the price groups and the audit of their changes, photographed
 * in both languages and both themes. The staff's organisation, coach, group and order are the test's own.
 */
const LIST = '/sport/views/servicePersonal/rehearsalService/index';
const PRICES = '/sport/views/servicePersonal/priceGroup/index';
const AUDIT = '/sport/views/servicePersonal/audit/index';
const detailPath = (orderId: number) => `/sport/views/servicePersonal/rehearsalService/detail/${orderId}`;
const MENUS = ['home', 'sport.sparring.list', 'sport.sparring.prices', 'sport.sparring.audit', 'sport.order.main', 'sport.coach.list', 'sport.venue.list'];
const api = (p: string) => `/api/sport/sparring/${p}`;

async function ok<T = any>(c: Client, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

describe('sparring screens', () => {
  let e: E2E;
  let staff: Staff;
  let orderId: number;
  beforeAll(async () => {
    e = await startE2E();
    staff = await makeStaff(e, MENUS);
    const admin = await adminApi(e);
    const second = await makeUser(admin, staff.orgId, { roleIds: [staff.roleId], password: staff.password, code: uniq('e2e_') });
    const c = await signIn(e.server, staff.code, staff.password);
    const reviewer = await signIn(e.server, second.code, staff.password);
    const [coach] = await e.server.database.query<{ id: string }>(
      `insert into sport_coach (org_id, name, phone, level) values ($1, '王教练', '13900000777', 'senior') returning id`,
      [staff.orgId],
    );
    const form = {
      name: '高级陪练价',
      coachLevels: ['senior'],
      prices: [
        { weekdays: [], start: '08:00', end: '22:00', memberLevel: null, priceFen: 20_000 },
        { weekdays: [6, 7], start: '08:00', end: '22:00', memberLevel: null, priceFen: 26_000 },
      ],
      remark: null,
    };
    const change = await ok(c, 'POST', api('priceGroup'), form);
    const approved = await ok(reviewer, 'POST', api(`priceChange/${change.id}/approve`));
    await ok(c, 'POST', api(`priceGroup/${approved.groupId}/remove`), { version: 1 });
    const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    orderId = (
      await ok(c, 'POST', api('order'), { coachId: Number(coach!.id), date, start: '10:00', end: '11:30', buyerName: '刘先生', buyerPhone: '13812345678' })
    ).orderId;
  }, 120_000);
  afterAll(async () => e?.close());

  it('lists the booking, shows its detail, the book-a-coach dialog, the price groups and the audit, in both languages and themes', async () => {
    const b = await browserAs(e, staff, LIST);
    const { page } = b;
    try {
      for (const [lang, theme] of [
        ['zh-CN', 'light'],
        ['en-US', 'dark'],
      ] as const) {
        await page.evaluate((l) => localStorage.setItem('lang', l), lang);
        await setTheme(page, theme);
        await page.goto(`${e.baseUrl}${LIST}`);
        await page.getByTestId('sparring-table').getByText('王教练').first().waitFor();
        expect(await page.getByTestId('sparring-table').getByText('138****5678').count()).toBe(1);
        await screenshot(page, `sparring-list-${lang}-${theme}`);
        await page.getByTestId('sparring-book').first().click();
        await page.getByRole('dialog').waitFor();
        await screenshot(page, `sparring-book-${lang}-${theme}`);
        await page.keyboard.press('Escape');
        await page.goto(`${e.baseUrl}${detailPath(orderId)}`);
        await page.getByTestId('sparring-detail').waitFor();
        await screenshot(page, `sparring-detail-${lang}-${theme}`);
        await page.goto(`${e.baseUrl}${PRICES}`);
        await page.getByTestId('sparringGroup-table').getByText('高级陪练价').waitFor();
        await screenshot(page, `sparring-prices-${lang}-${theme}`);
        await page.goto(`${e.baseUrl}${AUDIT}`);
        await page.getByTestId('sparringChange-table').getByText('高级陪练价').first().waitFor();
        await screenshot(page, `sparring-audit-${lang}-${theme}`);
      }
    } finally {
      await b.close();
    }
  }, 180_000);
});
