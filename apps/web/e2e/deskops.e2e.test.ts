import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledShot, startE2E, venueDesk, type E2E, type OwnBrowser } from './support.ts';

/**
 * The take-a-number queue (issue 30): numbers taken at the desk, the next one called, and the
 * hall's display showing the called number in large type.
 */
const QUEUE = '/sport/views/queuedNumber/index';

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

    await page.getByTestId('queue-display').click();
    await page.waitForURL(new RegExp(`/queuedNumber/display/${venue.id}`));
    await expect.poll(() => page.getByTestId('queue-board-now').innerText()).toContain('请 1 号到 1号窗口');
    expect(await page.getByTestId('queue-board').innerText()).toContain('等候 1 人');
    await settledShot(page, 'queue-display-zh-light');
  });
});
