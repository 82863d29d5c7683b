import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledShot, startE2E, venueDesk, type E2E, type OwnBrowser } from './support.ts';

/**
 * Operations reports (issue 30): a weekly report generated for this week at the staff's venue,
 * opened, edited (a section and an adjusted figure with its note), and the operation log shows the
 * generation and the edit with the fields changed; regenerated, it keeps the edits.
 */
const WEEKLY = '/sport/views/operatManagement/weeklyOperationsReport/index';

describe('weekly operations report', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  it('generates, edits and shows the log', async () => {
    const { page, staff } = await venueDesk(e, open, ['home', 'sport.opsReport.weekly', 'sport.venue.list']);
    await page.goto(`${e.baseUrl}${WEEKLY}`);
    // The screen's chunk loads first on a busy machine.
    await page.getByTestId('ops-report-weekly-table').waitFor({ timeout: 60_000 });
    await page.getByTestId('ops-report-weekly-add').click();
    await page.locator('#ops-report-weekly-form_stadiumId').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.locator('#ops-report-weekly-form_from').click();
    await page.locator('.ant-picker-dropdown .ant-picker-today-btn, .ant-picker-dropdown .ant-picker-now-btn').first().click();
    await page.getByTestId('ops-report-weekly-form-ok').click();
    const rows = page.locator('[data-testid=ops-report-weekly-table] tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);

    await page.getByTestId('ops-report-weekly-row-detail').first().click();
    await page.getByTestId('ops-report-detail').waitFor();
    expect(await page.getByTestId('ops-report-version').innerText()).toContain('1');
    await page.getByTestId('ops-report-edit').click();
    await page.getByTestId('ops-report-section-summary').fill('本周客流平稳');
    await page.getByTestId('ops-report-adjust-orders').fill('5');
    await page.getByTestId('ops-report-note-orders').fill('线下单补录');
    await settledShot(page, 'ops-report-edit-zh-light');
    await page.getByTestId('ops-report-save').click();
    await expect.poll(() => page.getByTestId('ops-report-version').innerText()).toContain('2');
    expect(await page.getByTestId('ops-report-text-summary').innerText()).toBe('本周客流平稳');
    expect(await page.getByTestId('ops-report-figure-orders').innerText()).toBe('5');

    await page.getByRole('tab', { name: '操作日志' }).click();
    const log = page.getByTestId('ops-report-log');
    await expect.poll(() => log.innerText()).toContain('总体情况、订单数');
    expect(await log.innerText()).toContain('生成报告');
    expect(await log.innerText()).toContain(staff.name);

    // Regenerated: the period read again, a version and a log line of its own, the edits kept.
    await page.getByTestId('ops-report-regenerate').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('ops-report-version').innerText()).toContain('3');
    await expect.poll(() => log.innerText()).toContain('重新生成');
    await page.getByRole('tab', { name: '数据' }).click();
    expect(await page.getByTestId('ops-report-text-summary').innerText()).toBe('本周客流平稳');
    expect(await page.getByTestId('ops-report-figure-orders').innerText()).toBe('5');
    await page.getByRole('tab', { name: '结算报告' }).click();
    await page.getByTestId('ops-report-settlement').waitFor();
    await settledShot(page, 'ops-report-settlement-zh-light');
  });
});
