import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { deskApi } from '../../server/src/modules/sport/desk-ops/deskops.testkit.ts';
import { makeRole, makeUser, uniq } from '../../server/src/modules/system/admin.testkit.ts';
import { adminApi, axeViolations, screenshot, setTheme, settledShot, startE2E, venueDesk, type E2E, type OwnBrowser } from './support.ts';

/**
 * Desk operations (issue 30): the take-a-number queue (numbers taken at the desk, the next one
 * called, and the hall's display on a page of its own showing the called number in large type),
 * work orders assigned to a user or a role picked by name, and incidents reported with photos.
 */
const QUEUE = '/sport/views/queuedNumber/index';
const WORK_ORDERS = '/sport/views/content/workOrder/index';
const INCIDENTS = '/sport/views/eventReporting/index';
const PHOTO = path.join(import.meta.dirname, 'fixtures', 'incident-photo.png');

/** Picks the option showing `label` of the select `#id`, typing part of it first (the search asks the server). */
async function pickByName(page: Page, id: string, typed: string, label: string): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).pressSequentially(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

describe('queued number at the desk', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  it('takes two numbers, calls the next, and the display shows number 1 called at the desk', async () => {
    const { page, venue } = await venueDesk(e, open, ['home', 'sport.deskops.queue', 'sport.venue.manage', 'sport.venue.list']);
    await page.goto(`${e.baseUrl}${QUEUE}`);
    await page.getByTestId('queue-desk').waitFor();
    await page.getByTestId('queue-take').click();
    await page.getByTestId('queue-take').click();
    const rows = page.locator('[data-testid=queue-table] tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByTestId('queue-call-next').click();
    await page.getByTestId('queue-recall-1').waitFor();
    expect(await rows.first().innerText()).toContain('已叫号');

    // The display opens in a tab of its own, signed in, without the console's menu and top bar.
    const opened = page.context().waitForEvent('page');
    await page.getByTestId('queue-display').click();
    const display = await opened;
    open.push({ page: display, close: () => display.close() } as OwnBrowser);
    await display.waitForURL(new RegExp(`/queuedNumber/display/${venue.id}$`));
    await expect.poll(() => display.getByTestId('queue-board-now').innerText()).toContain('请 1 号到 1号窗口');
    expect(await display.getByTestId('queue-board').innerText()).toContain('等候 1 人');
    expect(await display.getByTestId('side-menu').count()).toBe(0);
    expect(await display.getByTestId('admin-layout').count()).toBe(0);
    await settledShot(display, 'queue-display-zh-light');
    expect(await axeViolations(display)).toEqual([]);
    await setTheme(display, 'dark');
    await expect.poll(() => display.getByTestId('queue-board-now').innerText()).toContain('请 1 号到 1号窗口');
    await settledShot(display, 'queue-display-zh-dark');
  });

  it('assigns work orders to a user and to a role picked by name, and reports an incident with a photo shown as a thumbnail', async () => {
    const { page, staff, api } = await venueDesk(e, open, [
      'home',
      'sport.deskops.workOrder',
      'sport.deskops.incident',
      'system.user',
      'system.role',
      'sport.venue.manage',
      'sport.venue.list',
    ]);
    const admin = await adminApi(e);
    const helper = await makeUser(admin, staff.orgId, { name: uniq('维修员') });
    const crew = await makeRole(admin, staff.orgId);
    const category = (await api.json('POST', deskApi('workCategory'), { body: { name: uniq('设备报修'), slaHours: 24 } })).body as { id: number; name: string };

    await page.goto(`${e.baseUrl}${WORK_ORDERS}`);
    const table = page.locator('[data-testid=work-order-table] tbody');
    const orders = [
      ['user', uniq('灯坏了')],
      ['role', uniq('地面湿滑')],
    ] as const;
    for (const [kind, title] of orders) {
      await page.getByTestId('work-order-add').click();
      await pickByName(page, 'work-order-form_categoryId', category.name.slice(0, 4), category.name);
      await page.locator('#work-order-form_title').fill(title);
      if (kind === 'user') await pickByName(page, 'work-order-form_assigneeUserId', helper.name.slice(0, 5), helper.name);
      else {
        await page.getByRole('radio', { name: '角色' }).check();
        await pickByName(page, 'work-order-form_assigneeRoleId', crew.name.slice(0, 4), crew.name);
      }
      await page.getByTestId('work-order-form-ok').click();
      await expect.poll(() => table.locator('tr').filter({ hasText: title }).innerText()).toContain(kind === 'user' ? helper.name : crew.name);
    }
    // The list's export holds both orders with their assignees by name.
    const download = page.waitForEvent('download');
    await page.getByTestId('work-order-export').click();
    const sheet = new ExcelJS.Workbook();
    await sheet.xlsx.readFile((await (await download).path())!);
    const cells = (sheet.worksheets[0]!.getSheetValues() as unknown[][]).flat().map(String);
    expect(cells).toEqual(expect.arrayContaining([...orders.map(([, title]) => title), helper.name, crew.name]));

    await page.goto(`${e.baseUrl}${INCIDENTS}`);
    const title = uniq('看台护栏松动');
    await page.getByTestId('incident-add').click();
    await page.locator('#incident-form_stadiumId').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.locator('#incident-form_kind').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '损坏' }).click();
    await page.locator('#incident-form_title').fill(title);
    const upload = page.getByTestId('incident-photo-upload');
    await upload.locator('input[type=file]').setInputFiles(PHOTO);
    await upload.locator('.ant-upload-list-item-done').waitFor();
    await screenshot(page, 'incident-add-photo-zh-light');
    // Enter on the date, the last field left, saves the complete form.
    await page.locator('#incident-form_occurredAt').click();
    await page.locator('#incident-form_occurredAt').fill(new Date().toISOString().slice(0, 10));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const row = page.locator('[data-testid=incident-table] tbody tr').filter({ hasText: title });
    // The list shows the stored photo, read back through the incident.
    const thumb = row.locator('img[src^="blob:"]');
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await settledShot(page, 'incident-list-photo-zh-light');
    // So does its detail, larger.
    await row.getByTestId('incident-row-view').click();
    await page.locator('.ant-drawer img[src^="blob:"]').waitFor();
  });
});
