import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { Code } from '@venue/contract';
import type { Client } from '../../server/test/harness.ts';
import { makeOrg, makeUser, signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { makeVenue, today } from '../../server/src/modules/sport/venue/venue.testkit.ts';
import { addDays } from '../../server/src/modules/sport/venue/index.ts';
import { adminApi, browserAs, screenshot, signedIn, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * Issue 25, blocker 1: a new front-desk user works. The administrator creates, through the
 * console, a user in the front-desk department of a venue organisation with the organisation's
 * preset 前台 role; that user signs in, books a cell on the venue's grid and takes cash. The
 * front-desk role does not reach payment settings or app keys (no menu, 100420 from the API).
 */
const RESERVE = '/sport/views/venueReserve/index';

describe('staff roles of a venue organisation', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const visible = (l: Locator) => l.filter({ visible: true });

  /** A venue organisation (with its preset roles) whose manager made a venue, and its front-desk department. */
  async function venueOrg(admin: Client) {
    const info = await admin.json('GET', '/api/auth/userInfo/0');
    const org = await makeOrg(admin, info.body.currentOrg.orgId, { name: uniq('体育中心') });
    const roles = (await admin.json('POST', '/api/system/role/list', { body: { orgId: org.id, pageSize: 50 } })).body.data as {
      id: number;
      code: string;
      name: string;
    }[];
    const manager = await makeUser(admin, org.id, { roleIds: [roles.find((r) => r.code === 'venue.manager')!.id] });
    const { venue, sites } = await makeVenue(await signIn(e.server, manager.code, 'Pass1234'), { n: 2, priceFen: 5000 });
    const dept = await makeOrg(admin, org.id, { type: 4, name: uniq('前台服务部') });
    return { org, dept, venue, sites };
  }

  async function pickTree(page: Page, inputId: string, title: string) {
    await page.locator(`#${inputId}`).click();
    await page.locator(`#${inputId}`).fill(title);
    await visible(page.locator('.ant-select-tree-title', { hasText: title }))
      .first()
      .click();
  }

  it('a user the administrator creates in 前台服务部 with the front-desk role books a cell and takes cash', async () => {
    const admin = await adminApi(e);
    const { org, dept, venue, sites } = await venueOrg(admin);
    const user = { code: uniq('desk_'), name: uniq('新前台'), password: 'Kq7mWz2Lpx' };

    // The administrator's user form: the department, a password, and the role its venue organisation shares.
    await signedIn(e);
    const page = e.page;
    page.setDefaultTimeout(15_000);
    await page.goto(`${e.baseUrl}/system/user`);
    await page.getByTestId('user-add').click();
    await page.locator('#user-form_code').fill(user.code);
    await page.locator('#user-form_name').fill(user.name);
    await pickTree(page, 'user-form_orgId', dept.name);
    await page.locator('#user-form_password').fill(user.password);
    await page.getByTestId('user-form-roles').click();
    const option = visible(page.locator('.ant-select-item-option', { hasText: `前台 · ${org.name}` })).first();
    await option.click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'staff-user-form-light');
    await page.getByTestId('user-form-ok').click();
    await expect.poll(() => page.getByTestId('user-table').textContent()).toContain(user.code);
    const held = await e.server.database.query<{ code: string; org_id: number }>(
      `select r.code, r.org_id::int as org_id from sys_user_role ur join sys_role r on r.id = ur.role_id join sys_user u on u.id = ur.user_id where u.code = '${user.code}'`,
    );
    expect(held).toEqual([{ code: 'venue.frontdesk', org_id: org.id }]);

    // The new user signs in: the session is in the department, the grid is the venue organisation's venue.
    const b = await browserAs(e, user);
    open.push(b);
    const desk = b.page;
    desk.setDefaultTimeout(15_000);
    await desk.waitForURL(/\/home/);
    await expect.poll(() => desk.locator('.venue-top-org-name').first().textContent()).toContain(dept.name);
    await desk.goto(`${e.baseUrl}${RESERVE}`);
    const [a] = sites;
    const state = () => desk.getByTestId(`cell-${a!.id}-10:00`).getAttribute('data-state');
    await expect.poll(state).not.toBeNull();
    expect(await desk.getByTestId('booking-no-venue').count()).toBe(0);
    await desk.getByTestId('booking-next').click();
    await expect.poll(() => desk.locator('#booking-date').inputValue()).toBe(addDays(today(venue.timeZone), 1));
    await expect.poll(state).toBe('free');
    await desk.getByTestId(`cell-${a!.id}-10:00`).click();
    await expect.poll(() => desk.getByTestId('booking-total').getAttribute('data-fen')).toBe('5000');
    await desk.getByTestId('booking-book').click();
    await desk.locator('#booking-form_buyerName').fill('赵六');
    await desk.locator('#booking-form_buyerPhone').fill('13900002222');
    await desk.getByTestId('booking-form-ok').click();
    await desk.getByTestId('pay-dialog').waitFor();
    await desk.getByTestId('pay-method-cash').click();
    await desk.locator('#pay-form_received').fill('50');
    await desk.getByTestId('pay-submit').click();
    await desk.getByTestId('pay-done').waitFor();
    await desk.getByTestId('pay-finish').click();
    await expect.poll(state).toBe('booked');
    await screenshot(desk, 'staff-frontdesk-booked-light');
    const [order] = await e.server.database.query<{ org_id: number; state: string }>(
      `select o.org_id::int as org_id, o.state from sport_order o join sys_user u on u.id = o.created_by where u.code = '${user.code}'`,
    );
    // Sold for the venue organisation, where its manager sees it.
    expect(order?.org_id).toBe(org.id);
  });

  it('the front-desk role has no payment settings or app keys: no menu, and the API answers 100420', async () => {
    const admin = await adminApi(e);
    const { org, dept } = await venueOrg(admin);
    const roles = (await admin.json('POST', '/api/system/role/list', { body: { forOrgIds: [dept.id], pageSize: 50 } })).body.data as {
      id: number;
      code: string;
    }[];
    const user = await makeUser(admin, dept.id, { roleIds: [roles.find((r) => r.code === 'venue.frontdesk')!.id], password: 'Kq7mWz2Lpx' });
    expect(roles.every((r) => [org.id, dept.id].includes((r as unknown as { orgId: number }).orgId))).toBe(true);
    const b = await browserAs(e, { code: user.code, password: 'Kq7mWz2Lpx' });
    open.push(b);
    const page = b.page;
    await page.waitForURL(/\/home/);
    const menu = page.locator('.ant-layout-sider');
    await expect.poll(() => menu.textContent()).toContain('场馆管理');
    const text = (await menu.textContent()) ?? '';
    // 支付配置 sits under 财务管理, app keys under 应用接入, message channels under 消息管理.
    for (const absent of ['财务管理', '应用接入', '消息管理', '系统管理']) expect(text).not.toContain(absent);
    await screenshot(page, 'staff-frontdesk-menu-light');
    const api = await signIn(e.server, user.code, 'Kq7mWz2Lpx');
    expect((await api.json('GET', '/api/sport/commerce/merchant')).code).toBe(Code.FORBIDDEN);
    expect((await api.json('POST', '/api/system/openApp/list', { body: {} })).code).toBe(Code.FORBIDDEN);
  });
});
