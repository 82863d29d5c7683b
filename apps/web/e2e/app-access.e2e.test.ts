import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../server/src/modules/open/index.ts';
import { browserAs, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * App access at the console (issue 14): an application made on its screen shows its secret once,
 * is granted an interface on the grants screen, then a signed call from outside the browser is
 * answered and shows in the call log. Works as the staff of an organisation of its own.
 */
const APPS = '/appAccess/ThirdAppInfoManage';
const GRANTS = '/appAccess/InterfaceAuthManage';
const LOG = '/appAccess/callLog';

describe('app access console', () => {
  let e: E2E;
  let b: OwnBrowser;

  beforeAll(async () => {
    e = await startE2E();
    const staff = await makeStaff(e, ['home', 'appAccess.app', 'appAccess.grant', 'appAccess.log']);
    b = await browserAs(e, staff);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
  });
  afterAll(async () => {
    await b?.close();
    await e?.close();
  });

  it('adds an application (the secret is shown once), grants it the member lookup, and its signed call is answered and logged', async () => {
    const { page } = b;
    const name = uniq('小程序');
    await page.goto(`${e.baseUrl}${APPS}`);
    await page.getByTestId('openApp-add').click();
    await page.locator('#openApp-form_name').fill(name);
    const ip = page.locator('#openApp-form_ipRules');
    await ip.fill('10.0.0.300');
    await ip.press('Enter');
    await page.getByTestId('openApp-form-ok').click();
    // A malformed address is refused on the form, with the rule spelled out.
    await page.locator('#openApp-form_ipRules_help').getByText('a.b.c.d-a.b.c.e').waitFor();
    await page.locator('.ant-select-selection-item-remove').first().click();
    await ip.fill('127.0.0.1');
    await ip.press('Enter');
    await page.getByTestId('openApp-form-ok').click();
    const shown = page.getByTestId('open-app-secret');
    await shown.waitFor();
    const appKey = (await page.getByTestId('open-app-key').textContent())!.trim();
    const secret = (await page.getByTestId('open-app-secret-value').textContent())!.trim();
    expect(appKey).toMatch(/^app_/);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    await screenshot(page, 'app-access-secret');
    await page.getByTestId('inform-ok').click();
    const row = page.getByTestId('openApp-table').locator('tr', { hasText: name });
    await row.waitFor();
    // Shown once: the list and the detail never show it again.
    expect(await page.getByTestId('openApp-table').textContent()).not.toContain(secret);

    const url = '/api/open/v1/member?phone=13700001111';
    const call = async () =>
      (await fetch(`${e.baseUrl}${url}`, { headers: { ...signedHeaders(appKey, secret, 'GET', url), Lang: 'en-US' } })).json() as Promise<{
        code: number;
        msg: string;
      }>;
    expect(await call()).toMatchObject({ code: 300406, msg: 'The application is not granted the interface member.byPhone' });

    await page.goto(`${e.baseUrl}${GRANTS}`);
    await page.getByTestId('grant-apis').waitFor();
    await page.getByTestId('grant-api-member.byPhone').click();
    await page.getByTestId('grant-save').click();
    await page.getByText('授权已保存').waitFor();
    await screenshot(page, 'app-access-grants');
    await expect.poll(async () => (await call()).code).toBe(0);

    await page.goto(`${e.baseUrl}${LOG}`);
    const table = page.getByTestId('openCallLog-table');
    // The refused call and the answered one (the log is written just after each answer).
    await expect
      .poll(async () => {
        await page.getByTestId('openCallLog-refresh').click();
        return (await table.locator('tbody tr', { hasText: 'member.byPhone' }).allTextContents()).map((t) => (t.includes('300406') ? 'refused' : 'ok')).sort();
      })
      .toEqual(['ok', 'refused']);
    await screenshot(page, 'app-access-log');
  });
});
