import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, browserAs, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * The service registry at the console (issue 14), as the staff of an organisation of its own:
 * an application and a service of it added through the dialogs, the service list showing the
 * application by name through the organisation's translation item; an environment with a group
 * and an instance, and a delete declined.
 */
describe('service registry console', () => {
  let e: E2E;
  let b: OwnBrowser;

  beforeAll(async () => {
    e = await startE2E();
    const staff = await makeStaff(e, ['home', 'registry']);
    // The organisation's dictionary translation of application ids (what the demo seeds for its centre).
    const admin = await adminApi(e);
    const item = await admin.json('POST', '/api/system/registry/translation', {
      body: {
        orgId: staff.orgId,
        code: 'registryApp',
        queryApi: 'system/registry/app/list',
        cacheApi: 'system/registry/app',
        matchColumn: 'id',
        column1: 'name',
        column2: 'code',
      },
    });
    expect(item.code, item.msg).toBe(0);
    b = await browserAs(e, staff);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
  });
  afterAll(async () => {
    await b?.close();
    await e?.close();
  });

  it('adds an application and a service of it; the service list shows the application by its name, renamed at once', async () => {
    const { page } = b;
    const appName = uniq('会员中心');
    const appCode = uniq('member-');
    await page.goto(`${e.baseUrl}/system/registry/app`);
    await page.getByTestId('registryApp-add').click();
    await page.locator('#registryApp-form_name').fill(appName);
    await page.locator('#registryApp-form_code').fill('bad code');
    await page.locator('#registryApp-form_description').fill('会员注册、会员卡与积分');
    await page.getByTestId('registryApp-form-ok').click();
    // The code rule of the contract, on the form before anything is sent.
    await page.locator('#registryApp-form_code_help').getByText('字母').waitFor();
    await page.locator('#registryApp-form_code').fill(appCode);
    await page.getByTestId('registryApp-form-ok').click();
    const appRow = page.getByTestId('registryApp-table').locator('tr', { hasText: appName });
    await appRow.waitFor();
    expect(await appRow.textContent()).toMatch(/ak_[\w-]{16}/);

    const serviceName = uniq('会员查询');
    await page.goto(`${e.baseUrl}/system/registry/service`);
    await page.getByTestId('registryService-add').click();
    await page.locator('#registryService-form_appId').click();
    await page.locator('.ant-select-item-option', { hasText: appName }).click();
    await page.locator('#registryService-form_name').fill(serviceName);
    await page.locator('#registryService-form_code').fill(uniq('member-query-'));
    await page.locator('#registryService-form_context').fill('member');
    await page.getByTestId('registryService-form-ok').click();
    await page.locator('#registryService-form_context_help').waitFor();
    await page.locator('#registryService-form_context').fill('/member');
    await page.getByTestId('registryService-form-ok').click();
    const serviceRow = page.getByTestId('registryService-table').locator('tr', { hasText: serviceName });
    await serviceRow.waitFor();
    // The stored application id, translated by the item: the name and the code.
    await serviceRow.getByTestId('registry-app-name').getByText(appName).waitFor();
    expect(await serviceRow.getByTestId('registry-app-name').textContent()).toContain(appCode);
    await screenshot(page, 'registry-services');

    // Renamed in its own tab: the write under the item's cache update interface clears the cached
    // translation, and the service list (kept alive in its tab) shows the new name.
    await page.getByTestId('tab').filter({ hasText: '应用管理' }).click();
    await page.getByTestId('registryApp-table').locator('tr', { hasText: appName }).getByTestId('registryApp-row-edit').click();
    const renamed = uniq('会员平台');
    await page.locator('#registryApp-form_name').fill(renamed);
    await page.getByTestId('registryApp-form-ok').click();
    await page.getByTestId('registryApp-table').locator('tr', { hasText: renamed }).waitFor();
    await page.getByTestId('tab').filter({ hasText: '服务管理' }).click();
    await serviceRow.getByTestId('registry-app-name').getByText(renamed).waitFor();
  });

  it('adds an environment with a group and an instance, and keeps it when the delete is cancelled', async () => {
    const { page } = b;
    const envName = uniq('测试环境');
    await page.goto(`${e.baseUrl}/system/registry/env`);
    await page.getByTestId('registryEnv-add').click();
    await page.locator('#registryEnv-form_name').fill(envName);
    await page.locator('#registryEnv-form_code').fill(uniq('test-'));
    await page.getByTestId('registryEnv-form-ok').click();
    const envRow = page.getByTestId('registryEnv-table').locator('tr', { hasText: envName });
    await envRow.waitFor();

    await envRow.getByTestId('registryEnv-row-groups').click();
    const drawer = page.getByTestId('registry-env-groups');
    await drawer.getByTestId('registryGroup-add').click();
    await page.locator('#registryGroup-form_code').fill('web');
    await page.locator('#registryGroup-form_name').fill('应用服务器');
    await page.getByTestId('registryGroup-form-ok').click();
    await drawer.getByTestId('registryGroup-table').locator('tr', { hasText: '应用服务器' }).waitFor();

    await drawer.getByRole('tab', { name: '实例' }).click();
    await drawer.getByTestId('registryInstance-add').click();
    await page.locator('#registryInstance-form_groupId').click();
    await page.locator('.ant-select-item-option', { hasText: '应用服务器' }).click();
    await page.locator('#registryInstance-form_code').fill('web-01');
    await page.locator('#registryInstance-form_ip').fill('10.0.0.300');
    await page.locator('#registryInstance-form_port').fill('8080');
    await page.getByTestId('registryInstance-form-ok').click();
    await page.locator('#registryInstance-form_ip_help').getByText('IP').waitFor();
    await page.locator('#registryInstance-form_ip').fill('10.0.0.30');
    await page.getByTestId('registryInstance-form-ok').click();
    await drawer.getByTestId('registryInstance-table').locator('tr', { hasText: '10.0.0.30' }).waitFor();
    await page.getByTestId('registryInstance-form-ok').waitFor({ state: 'hidden' });
    await screenshot(page, 'registry-env-instances');
    await page.locator('.ant-drawer-close').click();
    // The list counts the group and the instance.
    await expect.poll(async () => (await envRow.locator('td').allTextContents()).join('|')).toMatch(/\|1\|1\|/);

    await envRow.getByTestId('registryEnv-row-remove').click();
    await page.getByTestId('confirm-cancel').click();
    await page.getByText('已取消操作').waitFor();
    await page.getByTestId('registryEnv-refresh').click();
    await envRow.waitFor();
    expect(await page.getByTestId('registryEnv-table').locator('tr', { hasText: envName }).count()).toBe(1);
  });
});
