import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Client } from '../../server/test/harness.ts';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { browserAs, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * The seat-map designer (issue 13, "Seat maps"): a map is added in the list and drawn in the
 * designer (two zones, a row each, a wheelchair seat, two price areas picked with a marquee), saved
 * as a version, and reopened with the same seats and levels. Each test works as the staff of an
 * organisation of its own with the seat-map screen only.
 */
const LIST = '/sport/views/ticketManagement/seatMaps/index';
const MENUS = ['home', 'sport.ticket.seatmap'];

/** A point of the canvas, as fractions of its box. */
async function at(page: Page, fx: number, fy: number) {
  const box = (await page.getByTestId('seatmap-canvas').boundingBox())!;
  return { x: Math.round(box.x + box.width * fx), y: Math.round(box.y + box.height * fy) };
}

async function marquee(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

describe('seat-map designer', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  it('designs a map with two zones and a wheelchair seat, assigns price areas, saves a version and reopens it the same', async () => {
    const staff = await makeStaff(e, MENUS);
    const b = await browserAs(e, staff, `/login?redirect=${encodeURIComponent(LIST)}`);
    open.push(b);
    const { page } = b;
    await page.waitForURL(/seatMaps\/index/);

    // Add a map in the list, then open it in the designer.
    const name = uniq('座位图');
    await page.getByTestId('seatmap-add').click();
    await page.locator('#seatmap-form_name').fill(name);
    await page.getByTestId('seatmap-form-ok').click();
    const row = page.getByTestId('seatmap-table').locator('tr', { hasText: name });
    await row.getByTestId('seatmap-row-edit').click();
    await page.waitForURL(/seatMaps\/drawSeat\/\d+/);
    const id = Number(/drawSeat\/(\d+)/.exec(page.url())![1]);
    const designer = page.getByTestId('seatmap-designer');
    await expect.poll(() => designer.getAttribute('data-seats')).toBe('0');

    // A floor plan under the seats (a small PNG), drawn at half opacity.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGP4z8AARww4OQD1MQv1NXv7ggAAAABJRU5ErkJggg==', 'base64');
    await page.locator('.seatmap-panel input[type=file]').setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.locator('.seatmap-panel .ant-slider').count()).toBe(1);

    // Zone 1: a row of five seats where the canvas is clicked.
    await page.getByTestId('seatmap-zone-add').click();
    await page.locator('#seatmap-row_count').fill('5');
    await page.getByTestId('seatmap-row-place').click();
    const p1 = await at(page, 0.35, 0.35);
    await page.mouse.click(p1.x, p1.y);
    await expect.poll(() => designer.getAttribute('data-seats')).toBe('5');
    // Zone 2: another row.
    await page.getByTestId('seatmap-zone-add').click();
    await page.getByTestId('seatmap-row-place').click();
    const p2 = await at(page, 0.35, 0.65);
    await page.mouse.click(p2.x, p2.y);
    await expect.poll(() => designer.getAttribute('data-seats')).toBe('10');
    await expect.poll(() => page.getByTestId('seatmap-zone-count-z1').textContent()).toBe('5');
    await expect.poll(() => page.getByTestId('seatmap-zone-count-z2').textContent()).toBe('5');

    // The middle seat of zone 1 (it sits where the row was placed) becomes a wheelchair seat.
    await page.mouse.click(p1.x, p1.y);
    await expect.poll(() => page.getByTestId('seatmap-selection').textContent()).toContain('已选 1 个座位');
    await page.getByTestId('seatmap-kind').click();
    await page.locator('.ant-select-item-option[title="轮椅席"]').click();
    await expect.poll(() => page.getByTestId('seatmap-kind-wheelchair').getAttribute('data-count')).toBe('1');

    // Price areas: a marquee over each row, then its key.
    await marquee(page, { x: p1.x - 90, y: p1.y - 20 }, { x: p1.x + 90, y: p1.y + 20 });
    await expect.poll(() => page.getByTestId('seatmap-selection').textContent()).toContain('已选 5 个座位');
    await page.locator('#seatmap-level-key').fill('A');
    await page.getByTestId('seatmap-level-assign').click();
    await marquee(page, { x: p2.x + 90, y: p2.y + 20 }, { x: p2.x - 90, y: p2.y - 20 });
    await expect.poll(() => page.getByTestId('seatmap-selection').textContent()).toContain('已选 5 个座位');
    await page.locator('#seatmap-level-key').fill('B');
    await page.getByTestId('seatmap-level-assign').click();
    await expect.poll(() => page.getByTestId('seatmap-level-A').getAttribute('data-count')).toBe('5');
    await expect.poll(() => page.getByTestId('seatmap-level-B').getAttribute('data-count')).toBe('5');

    // Undo takes the last level back; redo gives it again (keyboard).
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('seatmap-level-B').count()).toBe(0);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => page.getByTestId('seatmap-level-B').getAttribute('data-count')).toBe('5');
    await screenshot(page, 'seatmap-designer');

    // Save: a new version.
    await page.getByTestId('seatmap-save').click();
    await expect.poll(() => designer.getAttribute('data-version')).toBe('2');
    await expect.poll(() => designer.getAttribute('data-dirty')).toBe('0');

    // The server has the same seats, kinds and levels.
    const c: Client = await signIn(e.server, staff.code, staff.password);
    const saved = await c.json('GET', `/api/sport/ticket/seatmap/${id}`);
    expect(saved.code, saved.msg).toBe(0);
    const seats = saved.body.document.seats as { zone: string; row: string; no: string; kind: string; levelKey?: string | null }[];
    expect(seats).toHaveLength(10);
    expect(seats.filter((s) => s.zone === 'z1').every((s) => s.levelKey === 'A')).toBe(true);
    expect(seats.filter((s) => s.zone === 'z2').every((s) => s.levelKey === 'B')).toBe(true);
    expect(seats.filter((s) => s.kind === 'wheelchair').map((s) => [s.zone, s.no])).toEqual([['z1', '3']]);
    expect(saved.body.document.zones.map((z: { key: string }) => z.key)).toEqual(['z1', 'z2']);
    expect(saved.body.document.background).toMatchObject({ opacity: 0.5 });
    expect(saved.body.document.background.url).toMatch(/^\/files\//);

    // Reopened, the designer shows the same map.
    await page.reload();
    await expect.poll(() => page.getByTestId('seatmap-designer').getAttribute('data-seats')).toBe('10');
    await expect.poll(() => page.getByTestId('seatmap-level-A').getAttribute('data-count')).toBe('5');
    await expect.poll(() => page.getByTestId('seatmap-level-B').getAttribute('data-count')).toBe('5');
    await expect.poll(() => page.getByTestId('seatmap-kind-wheelchair').getAttribute('data-count')).toBe('1');
    await expect.poll(() => page.getByTestId('seatmap-zone-count-z2').textContent()).toBe('5');
    await page.getByTestId('seatmap-versions').click();
    await expect.poll(() => page.getByTestId('seatmap-versions-table').locator('tbody tr.ant-table-row').count()).toBe(2);
  });

  it('moves a seat by dragging it; leaving with the change unsaved asks first, and undoing it lets the designer go', async () => {
    const staff = await makeStaff(e, MENUS);
    const c: Client = await signIn(e.server, staff.code, staff.password);
    const seats = [1, 2, 3].map((n) => ({ key: `s${n}`, zone: 'z1', row: '1', no: String(n), x: 900 + n * 40, y: 600, kind: 'normal' }));
    const made = await c.json('POST', '/api/sport/ticket/seatmap', {
      body: { name: uniq('map'), document: { width: 2000, height: 1200, zones: [{ key: 'z1', name: 'A', color: '#1677ff' }], seats } },
    });
    expect(made.code, made.msg).toBe(0);
    const b = await browserAs(e, staff, `/login?redirect=${encodeURIComponent(`/sport/views/ticketManagement/seatMaps/drawSeat/${made.body.id}`)}`);
    open.push(b);
    const { page } = b;
    const designer = page.getByTestId('seatmap-designer');
    await expect.poll(() => designer.getAttribute('data-seats')).toBe('3');
    // Zoomed to fit the paper; the middle seat (980, 600) is found from the view the designer shows.
    await page.getByTestId('seatmap-fit').click();
    const box = (await page.getByTestId('seatmap-canvas').boundingBox())!;
    const scale = Math.min((box.width - 80) / 2000, (box.height - 80) / 1200);
    const sx = box.x + box.width / 2 + (980 - 1000) * scale;
    const sy = box.y + box.height / 2 + (600 - 600) * scale;
    await page.mouse.move(sx, sy);
    await page.mouse.down();
    await page.mouse.move(sx + 30, sy + 30, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => designer.getAttribute('data-dirty')).toBe('1');
    await expect.poll(() => page.getByTestId('seatmap-selection').textContent()).toContain('已选 1 个座位');

    await page.getByTestId('seatmap-back').click();
    await page.getByTestId('seatmap-stay').click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    expect(page.url()).toMatch(/drawSeat/);
    await page.keyboard.press('Control+z');
    await expect.poll(() => designer.getAttribute('data-dirty')).toBe('0');
    await page.getByTestId('seatmap-back').click();
    await page.waitForURL(/seatMaps\/index/);
  });
});
