import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { JobScheduler } from '../../server/src/modules/job/job.engine.ts';
import { ADMIN_PASSWORD, loginThroughForm, screenshot, startE2E, startJobScheduler, type E2E } from './support.ts';

/** Job scheduling as a person uses it: the cron editor, the job actions, the dispatch record. */
describe('job scheduling', () => {
  let e: E2E;
  let scheduler: JobScheduler;
  let page: Page;
  let jobId = '';

  beforeAll(async () => {
    e = await startE2E();
    scheduler = await startJobScheduler(e.server);
    page = e.page;
    page.setDefaultTimeout(15_000);
    await page.goto(`${e.baseUrl}/login`);
    await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/home/);
  });
  afterAll(async () => {
    await scheduler?.stop();
    await e?.close();
  });

  /** The message toast (antd message) with this text. */
  const toast = (text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });
  const confirmDialog = () => page.locator('.ant-modal-confirm');
  const row = (testId: string): Locator => page.locator(`[data-testid="${testId}"][data-row-key="${jobId}"]`);

  it('creates a cron job in the editor and sees its next 10 fire times before saving', async () => {
    await page.goto(`${e.baseUrl}/job/manager`);
    await page.getByTestId('job-add').click();
    const form = page.getByTestId('job-form');
    await form.waitFor();
    // Saving an empty form: 'cannot be empty' under the name.
    await page.getByTestId('job-form-ok').click();
    await expect.poll(() => form.getByText('不能为空').count()).toBeGreaterThan(0);

    await page.locator('#job-form_jobName').fill('e2e 心跳');
    await page.locator('#job-form_jobGroup').fill('e2e');
    await page.locator('#job-form_beanName').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^noop/ }).click();

    // Every 2 seconds through the Second tab: "from 0, every 2".
    await page.getByTestId('cron-second-kind-step').click();
    await page.getByTestId('cron-second-every').locator('input').or(page.locator('input[data-testid="cron-second-every"]')).first().fill('2');
    await expect.poll(() => page.getByTestId('cron-text').inputValue()).toBe('0/2 * * * * ?');

    // The rule of spec 5, then typing the text updates the tabs.
    await page.getByTestId('cron-text').fill('0/2 * * ? * ?');
    const cronHelp = page.locator('#job-form_cronExpr_help');
    await expect.poll(() => cronHelp.textContent()).toContain('日期和星期不能同时为“不指定”');
    await page.getByTestId('cron-text').fill('0/2 * * * * ?');
    await expect.poll(() => cronHelp.count()).toBe(0);
    await page.getByTestId('cron-tab-day').click();
    const dayEvery = await page.getByTestId('cron-day-kind-every').evaluate((el) => ((el.matches('input') ? el : el.querySelector('input')) as HTMLInputElement).checked);
    expect(dayEvery).toBe(true);

    // A bad field: the server's localised message, no fire times.
    await page.getByTestId('cron-text').fill('0/2 * 25 * * ?');
    await expect.poll(() => page.getByTestId('cron-preview-error').textContent()).toContain('时字段“25”无效');
    await page.getByTestId('cron-text').fill('0/2 * * * * ?');

    const items = page.getByTestId('cron-preview-item');
    await expect.poll(() => items.count()).toBe(10);
    const first = await items.nth(0).textContent();
    const second = await items.nth(1).textContent();
    expect(first).not.toBe(second);
    await page.getByTestId('cron-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'jobs-cron-editor-zh');

    await page.getByTestId('job-form-ok').click();
    await confirmDialog().getByText('确定要新增任务“e2e 心跳”吗？').waitFor();
    await page.getByTestId('confirm-ok').click();
    await toast('新增成功').waitFor();
    const pause = page.locator('[data-testid="job-row-pause"]').first();
    await pause.waitFor();
    jobId = (await pause.getAttribute('data-row-key')) ?? '';
    expect(jobId).not.toBe('');
    await expect.poll(() => page.getByTestId('job-table').textContent()).toContain('0/2 * * * * ?');
  });

  it('pauses (declining first gives the cancel message), resumes and runs it now', async () => {
    await row('job-row-pause').click();
    await confirmDialog().getByText('确定要暂停任务“e2e 心跳”吗？').waitFor();
    await page.getByTestId('confirm-cancel').click();
    await toast('已取消操作').waitFor();

    await row('job-row-pause').click();
    await page.getByTestId('confirm-ok').click();
    await toast('暂停成功').waitFor();
    await row('job-row-resume').waitFor();
    await screenshot(page, 'jobs-list-paused-zh');

    await row('job-row-resume').click();
    await page.getByTestId('confirm-ok').click();
    await toast('恢复成功').waitFor();
    await row('job-row-pause').waitFor();

    await row('job-row-run').click();
    await confirmDialog().getByText('确定要立即执行一次任务“e2e 心跳”吗？').waitFor();
    await page.getByTestId('confirm-ok').click();
    await toast(/已触发执行/).waitFor();
    // The scheduler fires it every 2 s as well: the next fire time is shown.
    await expect.poll(() => page.getByTestId('job-table').textContent()).toMatch(/\d{4}年\d{2}月\d{2}日/);
  });

  it("reads the manual run's dispatch record from the job's row: manual flag set, result success", async () => {
    await row('job-row-more').click();
    await page.locator(`.ant-dropdown:visible [data-testid="job-row-log"]`).click();
    await page.waitForURL(/\/job\/log\?jobId=/);
    await page.getByTestId('jobLog-job-filter').waitFor();
    // Only the manual runs.
    await page.locator('#jobLog-search_manual').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '是' }).click();
    await page.getByTestId('jobLog-search').click();
    const table = page.getByTestId('jobLog-table');
    await expect
      .poll(async () => {
        await page.getByTestId('jobLog-refresh').click();
        return table.locator('tbody tr.ant-table-row').filter({ hasText: '成功' }).count();
      })
      .toBe(1);
    const rec = table.locator('tbody tr.ant-table-row').first();
    expect(await rec.textContent()).toContain('e2e 心跳');
    await screenshot(page, 'jobs-records-zh');

    await page.locator('[data-testid="jobLog-row-view"]').first().click();
    const detail = page.getByTestId('jobLog-detail');
    await detail.waitFor();
    await expect.poll(() => detail.textContent()).toContain('noop');
    const text = (await detail.textContent()) ?? '';
    expect(text).toContain('手动触发是');
    expect(text).toContain('执行结果成功');
    expect(text).toContain('调用方式Bean');
    expect(text).toMatch(/执行实例.+:\d+/);
    await page.waitForTimeout(400);
    await screenshot(page, 'jobs-record-detail-zh');
  });
});
