import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { JobScheduler } from '../../server/src/modules/job/index.ts';
import { beanJob, createJob } from '../../server/src/modules/job/job.testkit.ts';
import { ADMIN_PASSWORD, adminApi, loginThroughForm, screenshot, startE2E, startJobScheduler, uniq, type E2E } from './support.ts';

/**
 * Job scheduling as a person uses it: the cron editor, the job actions, the dispatch record. Each
 * test works on a job of its own (made through the API where the editor is not what it tests).
 */
describe('job scheduling', () => {
  let e: E2E;
  let scheduler: JobScheduler;
  let page: Page;

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
  const row = (jobId: string | number, testId: string): Locator => page.locator(`[data-testid="${testId}"][data-row-key="${jobId}"]`);
  /** A running job of the test's own, every 2 seconds, shown in the job list. */
  const ownJob = async (name: string) => {
    const job = await createJob(await adminApi(e), beanJob({ jobName: name, jobGroup: 'e2e', triggerType: 'cron', cronExpr: '0/2 * * * * ?', status: 0 }));
    await page.goto(`${e.baseUrl}/job/manager`);
    await page.locator('#job-search_jobName').fill(name);
    await page.getByTestId('job-search').click();
    await row(job.id, 'job-row-pause').waitFor();
    return { id: job.id };
  };

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
    const dayEvery = await page
      .getByTestId('cron-day-kind-every')
      .evaluate((el) => ((el.matches('input') ? el : el.querySelector('input')) as HTMLInputElement).checked);
    expect(dayEvery).toBe(true);

    // A bad field: the same check as the server's (the contract's grammar), said under the text, no fire times.
    await page.getByTestId('cron-text').fill('0/2 * 25 * * ?');
    await expect.poll(() => cronHelp.textContent()).toContain('时字段“25”无效，取值 0-23');
    expect(await page.getByTestId('cron-preview-item').count()).toBe(0);
    // Issue 33: a step as large as the range is refused here as on the server; WED is valid on both.
    await page.getByTestId('cron-text').fill('0 0 /24 ? * 2-6');
    await expect.poll(() => cronHelp.textContent()).toContain('时字段“/24”无效');
    await page.getByTestId('cron-text').fill('0 0 9 ? * MON,WED,FRI');
    await expect.poll(() => cronHelp.count()).toBe(0);
    await expect.poll(() => page.getByTestId('cron-preview-item').count()).toBe(10);
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
    expect((await pause.getAttribute('data-row-key')) ?? '').not.toBe('');
    await expect.poll(() => page.getByTestId('job-table').textContent()).toContain('0/2 * * * * ?');
  });

  it('pauses (declining first gives the cancel message), resumes and runs it now', async () => {
    const name = uniq('e2e 暂停');
    const { id } = await ownJob(name);
    await row(id, 'job-row-pause').click();
    await confirmDialog().getByText(`确定要暂停任务“${name}”吗？`).waitFor();
    await page.getByTestId('confirm-cancel').click();
    await toast('已取消操作').waitFor();

    await row(id, 'job-row-pause').click();
    await page.getByTestId('confirm-ok').click();
    await toast('暂停成功').waitFor();
    await row(id, 'job-row-resume').waitFor();
    await screenshot(page, 'jobs-list-paused-zh');

    await row(id, 'job-row-resume').click();
    await page.getByTestId('confirm-ok').click();
    await toast('恢复成功').waitFor();
    await row(id, 'job-row-pause').waitFor();

    await row(id, 'job-row-run').click();
    await confirmDialog().getByText(`确定要立即执行一次任务“${name}”吗？`).waitFor();
    await page.getByTestId('confirm-ok').click();
    await toast(/已触发执行/).waitFor();
    // The scheduler fires it every 2 s as well: the next fire time is shown.
    await expect.poll(() => page.getByTestId('job-table').textContent()).toMatch(/\d{4}年\d{2}月\d{2}日/);
  });

  it("reads the manual run's dispatch record from the job's row: manual flag set, result success", async () => {
    const name = uniq('e2e 手动');
    const { id } = await ownJob(name);
    // Run once by hand (the previous test does it on the screen).
    expect((await (await adminApi(e)).json('POST', `/api/system/job/${id}/run`, { body: {} })).code).toBe(0);
    await row(id, 'job-row-more').click();
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
    expect(await rec.textContent()).toContain(name);
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

  it('draws a job stream, is refused a cycle with the server message, runs it and shows each step', async () => {
    const pick = async (testId: string, text: string | RegExp) => {
      await page.getByTestId(testId).click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .last()
        .locator('.ant-select-item-option')
        .filter({ hasText: text })
        .first()
        .click();
      await page.waitForTimeout(200);
    };
    // A job of the test's own for both steps (it fires once a year by itself).
    const step = uniq('e2e 步骤');
    await createJob(await adminApi(e), beanJob({ jobName: step, jobGroup: 'e2e', triggerType: 'cron', cronExpr: '0 0 0 1 1 ?', status: 0 }));
    await page.goto(`${e.baseUrl}/job/stream`);
    await page.getByTestId('jobStream-add').click();
    await page.locator('#stream-form_name').fill('e2e 流程');
    await page.getByTestId('stream-add-node').click();
    await page.getByTestId('stream-add-node').click();
    await pick('stream-node-job-0', step);
    // The same job twice is fine: nodes are keyed, not jobs.
    await pick('stream-node-job-1', step);
    await page.getByTestId('stream-add-edge').click();
    await page.getByTestId('stream-add-edge').click();
    await pick('stream-edge-from-1', /^n2/);
    await pick('stream-edge-to-1', /^n1/);
    await page.getByTestId('stream-form-ok').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('stream-server-error').textContent()).toContain('任务流不能有循环：n1 → n2 → n1');

    await page.getByTestId('stream-edge-remove-1').click();
    await expect.poll(() => page.locator('[data-testid="flow-edge"]').count()).toBe(1);
    await page.getByTestId('stream-form-ok').click();
    await page.getByTestId('confirm-ok').click();
    await toast('新增成功').waitFor();

    await page.locator('[data-testid="jobStream-row-run"]').first().click();
    await confirmDialog().getByText('确定要立即运行一次任务流“e2e 流程”吗？').waitFor();
    await page.getByTestId('confirm-ok').click();
    const run = page.getByTestId('stream-run-detail');
    await run.waitFor();
    await expect.poll(() => page.getByTestId('stream-run-status').getAttribute('data-status')).toBe('success');
    const states = await page
      .getByTestId('stream-step-state')
      .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-node-key')}:${el.getAttribute('data-state')}`));
    expect(states).toEqual(['n1:success', 'n2:success']);
    await page.waitForTimeout(400);
    await screenshot(page, 'jobs-stream-run-zh');
  });

  // Last: it leaves the form open.
  it('the preview shows how daylight saving moves the fires of a job in Warsaw (issue 33)', async () => {
    await page.goto(`${e.baseUrl}/job/manager`);
    await page.getByTestId('job-add').click();
    await page.getByTestId('job-form').waitFor();
    await page.locator('#job-form_startTime').click();
    await page.locator('#job-form_startTime').fill('2030-10-26 12:00:00');
    await page.locator('.ant-picker-ok button').click();
    await page.locator('#job-form_timeZone').click();
    await page.locator('#job-form_timeZone').fill('Europe/Warsaw');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Europe\/Warsaw$/ })
      .click();
    // 2030-10-27: clocks go back at 03:00; 02:00 and 02:30 occur twice and run once each, on the first pass.
    await page.getByTestId('cron-text').fill('0 0,30 2 * * ?');
    const notes = page.getByTestId('cron-preview-dst');
    await expect.poll(() => notes.count()).toBe(2);
    expect(await notes.evaluateAll((els) => els.map((el) => el.getAttribute('data-dst')))).toEqual(['once', 'once']);
    expect(await notes.first().textContent()).toContain('UTC+02:00');
    expect(await notes.first().textContent()).toContain('该时刻出现两次，只在第一次执行');
    const items = page.getByTestId('cron-preview-item');
    expect(await items.nth(0).textContent()).toContain('2030-10-27 02:00:00');
    expect(await items.nth(2).textContent()).toContain('2030-10-28 02:00:00');
    // A job of every hour (on 27 October) runs on both passes, each marked with its offset.
    await page.getByTestId('cron-text').fill('0 0 * 27 10 ?');
    await expect.poll(() => notes.evaluateAll((els) => els.map((el) => el.getAttribute('data-dst')))).toEqual(['first', 'second']);
    expect(await notes.nth(1).textContent()).toContain('UTC+01:00');
    await page.getByTestId('cron-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'jobs-cron-dst-zh');
  });
});
