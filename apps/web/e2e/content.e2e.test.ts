import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAs, makeStaff, setTheme, settledShot, startE2E, type E2E, type OwnBrowser } from './support.ts';

/**
 * Content (issue 30): a news item written in both languages in the editor is listed as a draft,
 * published from its row, and shown as published; the list in the dark theme.
 */
const NEWS = '/sport/views/notification/news/index';

describe('content console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  it('writes a news item in both languages, publishes it, and sees it published in the dark theme', async () => {
    const staff = await makeStaff(e, ['home', 'sport.notification.news']);
    const b = await browserAs(e, staff, NEWS);
    open.push(b);
    const page = b.page;
    await setTheme(page, 'dark');
    await page.goto(`${e.baseUrl}${NEWS}`);
    const title = `新馆开放${Date.now().toString(36).slice(-4)}`;
    await page.getByTestId('content-news-add').click();
    await page.getByTestId('content-title-zhCN').fill(title);
    await page.getByTestId('content-body-zhCN').fill('<p>新增 12 片场地<script>alert(1)</script></p>');
    await page.getByRole('tab', { name: 'English' }).click();
    await page.getByTestId('content-title-enUS').fill(`New hall ${title}`);
    await page.getByTestId('content-body-enUS').fill('<p>12 new courts</p>');
    await page.getByTestId('content-form-ok').click();
    const row = page.locator('[data-testid=content-news-table] tbody tr').filter({ hasText: title });
    await row.first().waitFor();
    expect(await row.first().innerText()).toContain('草稿');
    await row.first().getByTestId('content-news-row-publish').click();
    await expect.poll(() => row.first().innerText()).toContain('已发布');
    await settledShot(page, 'content-news-zh-dark');
  });
});
