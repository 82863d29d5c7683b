import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminApi, browserAs, loginThroughForm, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';
import { makeOrg, makeRole, makeUser } from '../../server/src/modules/system/admin.testkit.ts';

/**
 * System administration as an administrator would do it: an organisation, a role with chosen
 * menus and a user in both, made through the screens; a user sees exactly their role's menus, a
 * screen outside them does not open (no access, nothing called) and is thrown out when frozen;
 * 1,000 users imported from xlsx (rejected with a per-row report while three rows are bad, nothing
 * saved), exported and imported again; a list screen in English and the dark theme.
 *
 * Every test makes the organisations, roles and users it needs, with unique names (through the
 * API, or through the screens where that is what it tests): none depends on another's data or
 * on their order.
 */

const PASSWORD = 'Kq7mWz2Lpx';

/** The visible one of several matches (antd keeps closed dropdowns in the page). */
const visible = (l: Locator) => l.filter({ visible: true });

async function pickTree(page: Page, inputId: string, title: string): Promise<void> {
  await page.locator(`#${inputId}`).click();
  await visible(page.locator('.ant-select-tree-title', { hasText: title }))
    .first()
    .click();
}

async function pickOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await visible(page.locator('.ant-select-item-option', { hasText: label }))
    .first()
    .click();
}

async function rowAction(page: Page, resource: string, rowText: string, action: string): Promise<void> {
  const row = page.getByTestId(`${resource}-table`).locator('tr', { hasText: rowText }).first();
  const inline = row.getByTestId(`${resource}-row-${action}`);
  if (await inline.count()) {
    await inline.click();
    return;
  }
  await row.getByTestId(`${resource}-row-more`).hover();
  await visible(page.getByTestId(`${resource}-row-${action}`))
    .first()
    .click();
}

async function messageText(page: Page): Promise<string> {
  return (await page.locator('.ant-message').allTextContents()).join(' ');
}

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('users');
  ws.addRow(['登录名', '姓名', '手机号', '组织编码']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** n rows of new users for one organisation; login names start with `prefix`, mobiles with `mobile` (3 digits). */
const importRows = (n: number, orgCode: string, prefix: string, mobile: string) =>
  Array.from({ length: n }, (_, i) => [`${prefix}${String(i).padStart(4, '0')}`, `导入用户${i}`, `${mobile}${String(i).padStart(8, '0')}`, orgCode]);

describe('system administration', () => {
  let e: E2E;
  let page: Page;
  let staff: OwnBrowser | null = null;
  const count = async (sqlText: string) => Number((await e.server.database.query<{ n: number }>(sqlText))[0]!.n);

  beforeAll(async () => {
    e = await startE2E();
    page = e.page;
    await page.goto(`${e.baseUrl}/login`);
    await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/home/);
  });
  afterAll(async () => {
    await staff?.close();
    await e?.close();
  });

  /** An organisation of the test's own under the platform, made through the API. */
  async function ownOrg() {
    const admin = await adminApi(e);
    const info = await admin.json('GET', '/api/auth/userInfo/0');
    return makeOrg(admin, info.body.currentOrg.orgId, { name: uniq('分馆') });
  }

  /** A browser of its own for a user, signed in. */
  async function staffBrowser(code: string, password: string): Promise<Page> {
    await staff?.close();
    staff = await browserAs(e, { code, password });
    await staff.page.waitForURL(/\/home/);
    return staff.page;
  }

  it('creates an organisation through the organisation screen', async () => {
    const org = { code: uniq('e2e-east-'), name: uniq('东区分馆') };
    await page.goto(`${e.baseUrl}/system/org`);
    await page.getByTestId('org-add').click();
    await pickTree(page, 'org-form_parentId', '平台运营中心');
    await page.locator('#org-form_code').fill(org.code);
    await page.locator('#org-form_name').fill(org.name);
    await page.getByTestId('org-form-ok').click();
    await expect.poll(() => page.getByTestId('org-table').textContent()).toContain(org.name);
    expect(await count(`select count(*)::int as n from sys_org where code = '${org.code}'`)).toBe(1);
  });

  it('creates a role in an organisation with chosen menus', async () => {
    const org = await ownOrg();
    const role = { no: uniq('R-'), name: uniq('东区前台') };
    await page.goto(`${e.baseUrl}/system/role`);
    // Spec 5 prompt: batch delete with nothing selected.
    await page.getByTestId('role-batch-delete').click();
    await expect.poll(() => messageText(page)).toContain('请选择操作项');
    await page.getByTestId('role-add').click();
    await page.locator('#role-form_no').fill(role.no);
    await page.locator('#role-form_name').fill(role.name);
    await pickTree(page, 'role-form_orgId', org.name);
    await page.getByTestId('role-form-ok').click();
    await expect.poll(() => page.getByTestId('role-table').textContent()).toContain(role.name);

    const menus = await e.server.database.query<{ id: number; key: string }>("select id::int as id, key from sys_menu where key in ('home', 'system.org')");
    await rowAction(page, 'role', role.name, 'menus');
    const tree = page.getByTestId('role-menus-tree');
    await tree.waitFor();
    for (const m of menus)
      await tree
        .locator('.ant-tree-treenode')
        .filter({ has: page.locator(`[data-menu-id="${m.id}"]`) })
        .locator('.ant-tree-checkbox')
        .click();
    await page.getByTestId('role-menus-ok').click();
    await expect
      .poll(() => count(`select count(*)::int as n from sys_role_menu rm join sys_role r on r.id = rm.role_id where r.name = '${role.name}'`))
      .toBeGreaterThan(2);
  });

  it('creates a user in an organisation and gives them a role', async () => {
    const org = await ownOrg();
    const role = await makeRole(await adminApi(e), org.id, { name: uniq('前台') });
    const user = { code: uniq('e2e_staff_'), name: uniq('测试员工') };
    await page.goto(`${e.baseUrl}/system/user`);
    await page.getByTestId('user-add').click();
    await page.locator('#user-form_code').fill(user.code);
    await page.locator('#user-form_name').fill(user.name);
    await pickTree(page, 'user-form_orgId', org.name);
    await page.locator('#user-form_password').fill(PASSWORD);
    // The id-card helper fills birth date and sex.
    await page.locator('#user-form_idNumber').fill('11010519491231002X');
    await expect.poll(() => page.locator('#user-form_birthday').inputValue()).toBe('1949-12-31');
    await page.getByTestId('user-form-ok').click();
    await expect.poll(() => page.getByTestId('user-table').textContent()).toContain(user.code);
    const [u] = await e.server.database.query<{ birthday: string; sex: number }>(`select birthday::text, sex from sys_user where code = '${user.code}'`);
    expect(u).toEqual({ birthday: '1949-12-31', sex: 2 });

    await rowAction(page, 'user', user.code, 'roles');
    await pickOption(page, page.getByTestId('user-roles-select'), role.name);
    await page.keyboard.press('Escape');
    await page.getByTestId('user-roles-ok').click();
    await expect
      .poll(() => count(`select count(*)::int as n from sys_user_role ur join sys_user u on u.id = ur.user_id where u.code = '${user.code}'`))
      .toBe(1);
  });

  it('the roles dialog asks before it drops a change, and closes at once without one', async () => {
    const org = await ownOrg();
    const admin = await adminApi(e);
    const role = await makeRole(admin, org.id, { name: uniq('放弃检查') });
    const code = uniq('e2e_discard_');
    await makeUser(admin, org.id, { code, password: PASSWORD });
    await page.goto(`${e.baseUrl}/system/user`);
    await expect.poll(() => page.getByTestId('user-table').textContent()).toContain(code);
    // Untouched: Cancel closes at once.
    await rowAction(page, 'user', code, 'roles');
    await visible(page.getByTestId('user-roles-cancel')).click();
    await expect.poll(() => visible(page.getByTestId('user-roles-select')).count()).toBe(0);
    // A role picked: Cancel asks; keeping on editing keeps the choice; discarding saves nothing.
    await rowAction(page, 'user', code, 'roles');
    await pickOption(page, page.getByTestId('user-roles-select'), role.name);
    await page.keyboard.press('Escape');
    await visible(page.getByTestId('user-roles-cancel')).click();
    await visible(page.getByTestId('confirm-cancel')).click();
    expect(await visible(page.getByTestId('user-roles-select')).textContent()).toContain(role.name);
    await visible(page.getByTestId('user-roles-cancel')).click();
    await visible(page.getByTestId('confirm-ok')).click();
    await expect.poll(() => visible(page.getByTestId('user-roles-select')).count()).toBe(0);
    expect(await count(`select count(*)::int as n from sys_user_role ur join sys_user u on u.id = ur.user_id where u.code = '${code}'`)).toBe(0);
  });

  it('a user added without a password gets a one-time password, shown once, that opens the account', async () => {
    const org = await ownOrg();
    const code = uniq('otp_first_user_');
    await page.goto(`${e.baseUrl}/system/user`);
    await page.getByTestId('user-add').click();
    await page.locator('#user-form_code').fill(code);
    await page.locator('#user-form_name').fill(uniq('一次性密码'));
    await pickTree(page, 'user-form_orgId', org.name);
    await page.getByTestId('user-form-ok').click();
    const shown = page.getByTestId('user-initial-password');
    await shown.waitFor();
    const password = ((await shown.textContent()) ?? '').match(/[A-Za-z0-9@#%&*+=?!]{12}/)?.[0] ?? '';
    expect(password).toHaveLength(12);
    await screenshot(page, 'admin-initial-password');
    await page.getByTestId('inform-ok').click();
    await shown.waitFor({ state: 'detached' });
    const [u] = await e.server.database.query<{ password_hash: string; must_change_password: boolean }>(
      `select password_hash, must_change_password from sys_user where code = '${code}'`,
    );
    expect(await argon2.verify(u!.password_hash, password)).toBe(true);
    expect(u!.must_change_password).toBe(true);
  });

  it('a user sees exactly their role\u2019s menus; a screen outside them does not open and calls nothing', async () => {
    const user = await makeStaff(e, ['home', 'system.org']);
    const staffPage = await staffBrowser(user.code, user.password);
    const menu = staffPage.getByTestId('side-menu');
    await expect.poll(() => menu.textContent()).toContain('系统管理');
    await staffPage.waitForTimeout(500);
    const orgItem = visible(menu.getByText('组织机构'));
    if (!(await orgItem.count())) await menu.getByText('系统管理').click();
    await orgItem.first().waitFor();
    const text = (await menu.textContent()) ?? '';
    for (const hidden of ['用户管理', '角色管理', '菜单管理', '系统监控', '任务调度', '数据字典']) expect(text).not.toContain(hidden);
    await screenshot(staffPage, 'admin-staff-menus');

    // A screen outside the menus (spec 6): "no access", and not one call of that screen.
    const calls: string[] = [];
    staffPage.on('request', (r) => calls.push(r.url()));
    await staffPage.goto(`${e.baseUrl}/system/user`);
    await staffPage.getByTestId('no-access').waitFor();
    await staffPage.waitForLoadState('networkidle');
    expect(calls.filter((u) => u.includes('/api/system/user/'))).toEqual([]);
    // The server refuses it all the same (hiding is never the protection).
    const api = new (await import('../../server/test/harness.ts')).Client(e.server);
    await api.login(user.code, user.password);
    expect((await api.json('POST', '/api/system/user/list', { body: {} })).code).toBe(100420);
    await staff?.close();
    staff = null;
  });

  it('freezing a user ends their session: their next action lands on login', async () => {
    const user = await makeStaff(e, ['home', 'system.org']);
    const staffPage = await staffBrowser(user.code, user.password);
    // The staff's home has finished loading, so the freeze meets a quiet page and their next action is the click below.
    await staffPage.getByTestId('side-menu').waitFor();
    await staffPage.waitForLoadState('networkidle');
    await page.goto(`${e.baseUrl}/system/user`);
    await page.locator('#user-search_code').fill(user.code);
    await page.getByTestId('user-search').click();
    await expect.poll(() => page.getByTestId('user-table').textContent()).toContain(user.code);
    await rowAction(page, 'user', user.code, 'freeze');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => count(`select status as n from sys_user where code = '${user.code}'`)).toBe(1);
    expect(await count(`select count(*)::int as n from sys_session s join sys_user u on u.id = s.user_id where u.code = '${user.code}'`)).toBe(0);
    // Their next action (opening a screen of their menu) lands on the login screen.
    const item = visible(staffPage.getByTestId('side-menu').getByText('组织机构'));
    if (!(await item.count())) await staffPage.getByTestId('side-menu').getByText('系统管理').click();
    await item.first().click();
    await staffPage.waitForURL(/\/login/);
    await loginThroughForm(staffPage, user.code, user.password);
    await expect.poll(() => staffPage.url()).toContain('/login');
    await staff?.close();
    staff = null;
  });

  // Failed once in a full-suite run (19:3x, 2026-11-27) and passed alone on the same build: one more try
  // while the cause is looked for (issue 8 note).
  it('keeps the search and page when the tab is left and re-entered', { retry: 1 }, async () => {
    const org = await ownOrg();
    const prefix = uniq('keep_');
    await makeUser(await adminApi(e), org.id, { code: `${prefix}1`, password: PASSWORD });
    await page.goto(`${e.baseUrl}/system/user`);
    await page.locator('#user-search_code').fill(prefix);
    await page.getByTestId('user-search').click();
    await expect.poll(() => page.getByTestId('user-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    await page.getByTestId('tabs-bar').locator('[data-tab-key="/home"]').click();
    await page.waitForURL(/\/home/);
    await page.getByTestId('tabs-bar').locator('[data-tab-key="/system/user"]').click();
    await page.waitForURL(/\/system\/user/);
    // Polled: a kept tab re-shown runs its effects again, and a re-fetch of the same search may
    // briefly show the table loading. A tab that was not kept shows an empty search and every user.
    await expect.poll(() => page.locator('#user-search_code').inputValue()).toBe(prefix);
    await expect.poll(() => page.getByTestId('user-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    // Spec 5 prompts for an action on exactly one row.
    await page.getByTestId('user-resetPwd').click();
    await expect.poll(() => messageText(page)).toContain('请至少选择一项进行操作');
    await page.getByTestId('user-reset').click();
  });

  it('rejects an import of 1,000 users with 3 bad rows, reports them and saves nothing', async () => {
    const org = await ownOrg();
    const prefix = uniq('imp');
    const rows = importRows(1000, org.code, prefix, '139');
    rows[10]![2] = 'not-a-mobile';
    rows[500]![0] = rows[499]![0]!;
    rows[998]![1] = '';
    await page.goto(`${e.baseUrl}/system/user`);
    await page.getByTestId('user-import').click();
    await page
      .getByTestId('user-import-drop')
      .locator('input[type=file]')
      .setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await sheet(rows) });
    await page.getByTestId('user-import-ok').click();
    const report = page.getByTestId('user-import-errors');
    await report.waitFor({ timeout: 60_000 });
    const lines = report.locator('tbody tr.ant-table-row');
    await expect.poll(() => lines.count()).toBe(3);
    const text = (await report.textContent()) ?? '';
    for (const row of ['12', '502', '1000']) expect(text).toContain(row);
    await screenshot(page, 'admin-import-rejected');
    expect(await count(`select count(*)::int as n from sys_user where code like '${prefix}%'`)).toBe(0);

    // The same file corrected: every row is saved.
    await page
      .getByTestId('user-import-drop')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'users.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await sheet(importRows(1000, org.code, prefix, '139')),
      });
    await page.getByTestId('user-import-ok').click();
    await expect.poll(() => count(`select count(*)::int as n from sys_user where code like '${prefix}%'`), { timeout: 90_000 }).toBe(1000);
    await expect.poll(() => page.getByTestId('user-import-errors').count()).toBe(0);
  });

  it('checks the file before uploading it', async () => {
    await page.goto(`${e.baseUrl}/system/user`);
    await page.getByTestId('user-import').click();
    const input = page.getByTestId('user-import-drop').locator('input[type=file]');
    await input.setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n') });
    await expect.poll(() => page.getByTestId('user-import-problem').textContent()).toContain('只能导入 xlsx 或 txt 格式的文件');
    await input.setInputFiles({ name: 'users.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('code\tname\n') });
    await expect.poll(() => page.getByTestId('user-import-problem').textContent()).toContain('文件类型不匹配');
    await page.keyboard.press('Escape');
  });

  it('exports the users and imports the export again without duplicates', async () => {
    await page.goto(`${e.baseUrl}/system/user`);
    await page.getByTestId('user-table').waitFor();
    const before = await count('select count(*)::int as n from sys_user');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('user-export').click()]);
    const file = path.join(os.tmpdir(), `users-export-${Date.now()}.xlsx`);
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets[0]!.actualRowCount - 1).toBe(before);

    await page.getByTestId('user-import').click();
    await page.getByTestId('user-import-drop').locator('input[type=file]').setInputFiles(file);
    await page.getByTestId('user-import-ok').click();
    await expect.poll(() => messageText(page), { timeout: 90_000 }).toContain('导入成功');
    expect(await count('select count(*)::int as n from sys_user')).toBe(before);
    fs.rmSync(file, { force: true });
  });

  it('shows a list screen in English and the dark theme', async () => {
    const org = await ownOrg();
    const role = await makeRole(await adminApi(e), org.id, { name: uniq('东区前台') });
    await page.evaluate(() => {
      localStorage.setItem('lang', 'en-US');
      localStorage.setItem('theme', 'dark');
    });
    await page.goto(`${e.baseUrl}/system/role`);
    await expect.poll(() => page.getByTestId('role-table').textContent()).toContain('Role name');
    // Every venue organisation has its preset roles now: the new one is found by its name.
    await page.locator('#role-search_name').fill(role.name);
    await page.getByTestId('role-search').click();
    await expect.poll(() => page.getByTestId('role-table').textContent()).toContain(role.name);
    expect(await page.getByTestId('role-add').textContent()).toContain('Add');
    const bg = await page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout') ?? document.body).backgroundColor);
    const [r, g, b] = bg.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(200);
    await page.getByTestId('role-add').click();
    await page.getByTestId('role-form-ok').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allTextContents()).toContain('Cannot be empty');
    await screenshot(page, 'admin-roles-en-dark');
    await page.getByTestId('role-form-cancel').click();
    await page.evaluate(() => {
      localStorage.setItem('lang', 'zh-CN');
      localStorage.setItem('theme', 'light');
    });
  });
});
