import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverStation } from '../../server/src/modules/message/index.ts';
import { findVisibleUserByCode } from '../../server/src/modules/system/index.ts';
import { SYSTEM_SCOPE } from '../../server/src/platform/scope.ts';
import { loginThroughForm, makeStaff, openBrowser, screenshot, startE2E, uniq, type E2E, type Staff } from './support.ts';

/** A message delivered by the server (as the send queue's station channel does) while the page is open. */
async function deliver(e: E2E, staff: Staff, title: string): Promise<void> {
  const user = (await findVisibleUserByCode(e.server.database.db, SYSTEM_SCOPE, staff.code))!;
  await e.server.database.db.transaction((tx) =>
    deliverStation(tx, {
      orgId: staff.orgId,
      userIds: [user.id],
      type: 'booking.cancelled',
      title,
      content: 'Court 3, Saturday 09:00',
      link: '/message/station',
      sourceKey: uniq('e2e'),
    }),
  );
}

describe('station messages in the console', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ SOCKET: '1' });
  });
  afterAll(async () => e?.close());

  it('with the socket on, the bell count rises at once when a message is delivered; the list marks it read', async () => {
    const staff = await makeStaff(e, ['home', 'message.station']);
    const b = await openBrowser();
    try {
      const { page } = b;
      await page.goto(`${e.baseUrl}/login`);
      await loginThroughForm(page, staff.code, staff.password);
      await page.waitForURL(/\/home/);
      const bell = page.getByTestId('station-messages');
      await expect.poll(() => bell.getAttribute('data-unread')).toBe('0');
      const title = uniq('Booking cancelled ');
      await deliver(e, staff, title);
      // Well inside the 30 s poll: only the push can bring it this fast.
      await expect.poll(() => bell.getAttribute('data-unread'), { timeout: 5000 }).toBe('1');
      await bell.click();
      await page.getByTestId('station-popover').getByText(title).waitFor();
      await screenshot(page, 'station-bell');
      await page.getByTestId('station-view-all').click();
      await page.waitForURL(/\/message\/station/);
      const row = page.getByTestId('station-table').locator('tr', { hasText: title });
      await row.getByTestId('station-row-read').click();
      await expect.poll(() => bell.getAttribute('data-unread')).toBe('0');
      await expect.poll(() => row.getByTestId('station-row-read').count()).toBe(0);
    } finally {
      await b.close();
    }
  });

  it('with the socket off, the console polls and the count rises on the next poll', async () => {
    const staff = await makeStaff(e, ['home']);
    const b = await openBrowser();
    try {
      const { page } = b;
      // The same server, published as socket-off: the console must fall back to polling.
      await page.route('**/config.json', async (route) => {
        const res = await route.fetch();
        await route.fulfill({ response: res, json: { ...(await res.json()), socket: false } });
      });
      await page.clock.install();
      await page.goto(`${e.baseUrl}/login`);
      await loginThroughForm(page, staff.code, staff.password);
      await page.waitForURL(/\/home/);
      const bell = page.getByTestId('station-messages');
      await expect.poll(() => bell.getAttribute('data-unread')).toBe('0');
      await deliver(e, staff, uniq('Polled '));
      await deliver(e, staff, uniq('Polled '));
      await page.clock.fastForward(5000);
      expect(await bell.getAttribute('data-unread')).toBe('0');
      await page.clock.fastForward(30_000);
      await expect.poll(() => bell.getAttribute('data-unread'), { timeout: 5000 }).toBe('2');
    } finally {
      await b.close();
    }
  });
});
