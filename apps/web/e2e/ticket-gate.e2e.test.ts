import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { COMMERCE_KEYS } from '../../server/src/modules/sport/commerce/commerce.testkit.ts';
import { TICKET_KEYS, ok, ticketApi } from '../../server/src/modules/sport/ticket/ticket.testkit.ts';
import { GATE_KEYS, makeGate, qrOf, soldTickets } from '../../server/src/modules/sport/ticket/gate/gate.testkit.ts';
import { browserAs, loginThroughForm, makeStaff, openBrowser, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * Gate checking at the console (issue 13): a ticket checked twice at the checking screen is
 * admitted, then refused with its first use; a ticket of a session two weeks away is refused with
 * the session's times and admitted by a supervisor's override with a reason; the offline gate device
 * admits a signed ticket while the browser is offline (shown as OFFLINE), refuses a typed code
 * there, keeps the scans, and uploads them when back online. Each test works as the staff of an
 * organisation of its own, with tickets sold through the API (sessions starting within the hour,
 * inside their gate window, whatever the day).
 */
const CHECK = '/sport/views/ticketManagement/ticketChecking/index';
const OFFLINE = '/sport/views/ticketManagement/ticketChecking/offline';
const LIST = '/sport/views/ticketManagement/ticketList/index';
const COLLECTION = '/sport/views/ticketManagement/ticketCollection/index';
const MENUS = ['home', ...COMMERCE_KEYS, ...TICKET_KEYS, ...GATE_KEYS];

describe('gate checking console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  /** Picks an option of an antd select by its visible text. */
  const pick = async (page: Page, testId: string, text: string) => {
    await page.getByTestId(testId).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).click();
  };

  const setUp = async (n: number) => {
    const staff = await makeStaff(e, MENUS);
    const api = await signIn(e.server, staff.code, staff.password);
    const gate = await makeGate(api, uniq('北门'));
    const sold = await soldTickets(api, n, 10, { name: uniq('总决赛') });
    const b = await browserAs(e, staff);
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    return { staff, api, gate, ...sold, b };
  };

  it('checks one ticket twice: admitted, then refused with when and at which gate it was first used', async () => {
    const { api, gate, project, session, tickets, b } = await setUp(2);
    const page = b.page;
    await page.goto(`${e.baseUrl}${CHECK}`);
    await pick(page, 'check-session', project.name);
    await pick(page, 'check-gate', gate.name);
    await expect.poll(() => page.getByTestId('check-counts').getAttribute('data-sold')).toBe('2');

    const code = page.getByTestId('check-code');
    await code.fill(tickets[0]!.code);
    await code.press('Enter');
    const result = page.getByTestId('check-result');
    await expect.poll(() => result.getAttribute('data-result')).toBe('admitted');
    await expect.poll(() => page.getByTestId('check-counts').getAttribute('data-admitted')).toBe('1');

    await code.fill(tickets[0]!.code);
    await code.press('Enter');
    await expect.poll(() => result.getAttribute('data-reason')).toBe('used');
    expect(await result.getAttribute('data-result')).toBe('refused');
    const firstUse = (await page.getByTestId('check-first-use').textContent()) ?? '';
    expect(firstUse).toContain(gate.name);
    expect(firstUse).toMatch(/首次入场：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await expect.poll(() => page.getByTestId('check-scans').locator('tbody tr.ant-table-row').count()).toBe(2);
    await screenshot(page, 'ticket-check-refused');

    // The signed QR text (what a scanner gun or the camera reads) admits the other ticket.
    await code.fill(await qrOf(api, tickets[1]!.id));
    await code.press('Enter');
    await expect.poll(() => result.getAttribute('data-result')).toBe('admitted');
    await expect.poll(() => page.getByTestId('check-counts').getAttribute('data-admitted')).toBe('2');
    expect((await ok(api, 'GET', ticketApi(`check/summary/${session.id}`))).admitted).toBe(2);

    // An offline device that admitted the first ticket too (uploaded later) shows in the conflicts tab with both admissions.
    const west = await makeGate(api, uniq('西门'));
    const deviceId = uniq('dev-west-');
    const upload = await ok(api, 'POST', ticketApi('check/upload'), {
      deviceId,
      gateId: west.id,
      scans: [{ uid: `${deviceId}-1`, sessionId: session.id, code: await qrOf(api, tickets[0]!.id), scannedAt: new Date().toISOString(), result: 'admitted' }],
    });
    expect(upload.conflicts).toBe(1);
    await page.getByRole('tab', { name: '离线冲突' }).click();
    await pick(page, 'conflict-session', project.name);
    const conflict = page.locator(`[data-testid="conflict-row"][data-code="${tickets[0]!.code}"]`);
    await expect.poll(() => conflict.textContent()).toContain('重复入场');
    const text = (await conflict.textContent()) ?? '';
    // First the online admission at this gate, then the device's at the west gate.
    expect(text.indexOf(gate.name)).toBeLessThan(text.indexOf(west.name));
    expect(text).toContain(`离线 ${deviceId}`);
    expect(await page.locator('[data-testid="conflict-row"]').count()).toBe(1);
    await screenshot(page, 'ticket-gate-conflicts');
    await page.getByRole('tab', { name: '检票', exact: true }).click();

    // Gate settings: a gate added through its form is offered at the check.
    await page.getByRole('tab', { name: '闸口设置' }).click();
    await page.getByTestId('gate-add').click();
    const name = uniq('南门');
    await page.locator('#gate-form_name').fill(name);
    await page.getByTestId('gate-form-ok').click();
    await expect.poll(() => page.getByTestId('gate-table').textContent()).toContain(name);
    await page.getByRole('tab', { name: '检票' }).click();
    await pick(page, 'check-gate', name);
  });

  it("a ticket of a session two weeks away is refused with the session's times; the supervisor admits it with a reason, logged", async () => {
    const { api, gate, b } = await setUp(1);
    const page = b.page;
    const startAt = new Date(Date.now() + 14 * 86400_000);
    const later = await soldTickets(api, 1, 10, { name: uniq('季后赛') }, { startAt: startAt.toISOString() });
    await page.goto(`${e.baseUrl}${CHECK}`);
    await pick(page, 'check-session', later.project.name);
    await pick(page, 'check-gate', gate.name);
    const code = page.getByTestId('check-code');
    await code.fill(later.tickets[0]!.code);
    await code.press('Enter');
    const result = page.getByTestId('check-result');
    await expect.poll(() => result.getAttribute('data-reason')).toBe('outsideWindow');
    expect(await result.getAttribute('data-result')).toBe('refused');
    expect(await result.textContent()).toContain('不在检票时间内');
    const p = (n: number) => String(n).padStart(2, '0');
    const startText = `${startAt.getFullYear()}-${p(startAt.getMonth() + 1)}-${p(startAt.getDate())} ${p(startAt.getHours())}:${p(startAt.getMinutes())}`;
    expect(await page.getByTestId('check-window').textContent()).toContain(`开场 ${startText}`);
    await screenshot(page, 'ticket-check-outside-window');
    // The staff hold the screen with its buttons: the override, with a reason.
    await page.getByTestId('check-override').click();
    await page.locator('#override_reason').fill('嘉宾提前彩排');
    await page.getByTestId('override-ok').click();
    await expect.poll(() => result.getAttribute('data-result')).toBe('admitted');
    expect(await page.getByTestId('check-window').textContent()).toContain('已在检票时间外放行');
    const scans = await ok<{ data: { result: string; reason: string | null; overrideReason: string | null }[] }>(api, 'POST', ticketApi('check/scans'), {
      sessionId: later.session.id,
    });
    expect(scans.data.map((x) => [x.result, x.reason, x.overrideReason])).toEqual([
      ['admitted', null, '嘉宾提前彩排'],
      ['refused', 'outsideWindow', null],
    ]);
  });

  it('the offline device admits a ticket while offline, shows OFFLINE, comes back after a reload with no network, and uploads the scans when back online', async () => {
    const { api, gate, project, session, tickets, b } = await setUp(2);
    const page = b.page;
    await page.goto(`${e.baseUrl}${OFFLINE}`);
    await expect.poll(() => page.getByTestId('offline-status').getAttribute('data-online')).toBe('true');
    await pick(page, 'offline-session', project.name);
    await pick(page, 'offline-gate', gate.name);
    await page.getByTestId('offline-download').click();
    await expect.poll(() => page.getByTestId('offline-package').getAttribute('data-session-id')).toBe(String(session.id));
    // The service worker keeps the page: the device says it reopens offline.
    await expect.poll(() => page.getByTestId('offline-shell').getAttribute('data-ready')).toBe('true');
    const payload = await qrOf(api, tickets[0]!.id);

    await b.context.setOffline(true);
    await expect.poll(() => page.getByTestId('offline-status').getAttribute('data-online')).toBe('false');
    expect(await page.getByTestId('offline-status').textContent()).toContain('离线');
    const code = page.getByTestId('offline-code');
    await code.fill(payload);
    await code.press('Enter');
    const result = page.getByTestId('offline-result');
    await expect.poll(() => result.getAttribute('data-result')).toBe('admitted');
    // The same ticket again on this device: refused; a tampered code: refused.
    await code.fill(payload);
    await code.press('Enter');
    await expect.poll(() => result.getAttribute('data-reason')).toBe('used');
    const [p, body, sig] = payload.split('.') as [string, string, string];
    await code.fill(`${p}.${body}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
    await code.press('Enter');
    await expect.poll(() => result.getAttribute('data-reason')).toBe('badSignature');
    // A typed code carries no signature: refused offline, with what to do.
    await code.fill(tickets[1]!.code);
    await code.press('Enter');
    await expect.poll(() => result.getAttribute('data-reason')).toBe('needsOnline');
    expect(await result.getAttribute('data-result')).toBe('refused');
    expect(await result.textContent()).toContain('手输票码需联网核验');
    await expect.poll(() => page.getByTestId('offline-queue').getAttribute('data-n')).toBe('4');
    await screenshot(page, 'ticket-offline-gate');

    // Reloaded with no network: the page comes back signed in, with its package, its queue and what it admitted.
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-package').getAttribute('data-session-id')).toBe(String(session.id));
    expect(page.url()).toBe(`${e.baseUrl}${OFFLINE}`);
    expect(await page.getByTestId('offline-status').getAttribute('data-online')).toBe('false');
    await expect.poll(() => page.getByTestId('offline-queue').getAttribute('data-n')).toBe('4');
    await code.fill(payload);
    await code.press('Enter');
    await expect.poll(() => result.getAttribute('data-reason')).toBe('used');
    await code.fill(await qrOf(api, tickets[1]!.id));
    await code.press('Enter');
    await expect.poll(() => result.getAttribute('data-result')).toBe('admitted');
    await expect.poll(() => page.getByTestId('offline-queue').getAttribute('data-n')).toBe('6');
    await screenshot(page, 'ticket-offline-gate-reloaded');
    // Nothing reached the server while offline.
    expect((await ok(api, 'GET', ticketApi(`check/summary/${session.id}`))).admitted).toBe(0);

    await b.context.setOffline(false);
    await expect.poll(() => page.getByTestId('offline-status').getAttribute('data-online')).toBe('true');
    await expect.poll(() => page.getByTestId('offline-queue').getAttribute('data-n')).toBe('0');
    expect((await ok(api, 'GET', ticketApi(`check/summary/${session.id}`))).admitted).toBe(2);
    const scans = await ok<{ data: { code: string; result: string; reason: string | null; source: string; gateName: string }[] }>(
      api,
      'POST',
      ticketApi('check/scans'),
      { sessionId: session.id },
    );
    // Newest first.
    expect(scans.data.map((s) => [s.result, s.reason, s.source, s.gateName])).toEqual([
      ['admitted', null, 'offline', gate.name],
      ['refused', 'used', 'offline', gate.name],
      ['refused', 'needsOnline', 'offline', gate.name],
      ['refused', 'badSignature', 'offline', gate.name],
      ['refused', 'used', 'offline', gate.name],
      ['admitted', null, 'offline', gate.name],
    ]);
    // Still signed in once online: the page's own calls work again.
    expect(page.url()).toBe(`${e.baseUrl}${OFFLINE}`);
    await pick(page, 'offline-gate', gate.name);

    // The device keeps its data across a reload (here in English and the dark theme): the session's
    // check data, what it admitted, and its log, all uploaded. Online, a typed code is checked by
    // the server (used already).
    expect(await page.getByTestId('offline-package').textContent()).not.toContain(tickets[0]!.code);
    await page.evaluate(() => {
      localStorage.setItem('lang', 'en-US');
      localStorage.setItem('theme', 'dark');
    });
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-status').textContent()).toContain('ONLINE');
    expect(await page.getByTestId('offline-package').getAttribute('data-session-id')).toBe(String(session.id));
    await code.fill(tickets[0]!.code);
    await code.press('Enter');
    await expect.poll(() => result.getAttribute('data-reason')).toBe('used');
    await expect.poll(() => page.getByTestId('offline-queue').getAttribute('data-n')).toBe('0');
    expect(await page.getByTestId('offline-log').textContent()).toContain('Uploaded');
    await page.waitForTimeout(400);
    await screenshot(page, 'ticket-offline-gate-en-dark');
  });

  /** Runs a row action of the ticket list (inline, or under More). */
  const rowAction = async (page: Page, action: string, id: number) => {
    const inline = page.locator(`button[data-testid="ticket-row-${action}"][data-row-key="${id}"]`);
    if (await inline.count()) return inline.click();
    await page.locator(`[data-testid="ticket-row-more"][data-row-key="${id}"]`).hover();
    await page.locator(`span[data-testid="ticket-row-${action}"][data-row-key="${id}"]`).click();
  };

  it('reprints a ticket from the list with a reason (print view with the signed QR code; the reprint in its detail) and hands over a paper ticket once', async () => {
    const { api, tickets, b } = await setUp(2);
    const page = b.page;
    await ok(api, 'POST', ticketApi('print'), { ticketIds: [tickets[0]!.id] }); // printed at the sale: what follows is a reprint
    await page.goto(`${e.baseUrl}${LIST}`);
    await expect.poll(() => page.getByTestId('ticket-table').textContent()).toContain(tickets[0]!.code);
    await rowAction(page, 'reprint', tickets[0]!.id);
    await page.locator('#reprint_reason').fill('原票污损');
    await page.getByTestId('reprint-ok').click();
    const print = page.getByTestId('ticket-print');
    await print.waitFor();
    const payload = (await print.getAttribute('data-payload'))!;
    expect(payload.startsWith('VT1.')).toBe(true);
    expect(await print.textContent()).toContain(tickets[0]!.code);
    await page.waitForTimeout(400);
    await screenshot(page, 'ticket-reprint-view');
    await page.keyboard.press('Escape');
    await print.waitFor({ state: 'hidden' });

    await page.locator(`[data-testid="ticket-row-view"][data-row-key="${tickets[0]!.id}"]`).click();
    await page.getByTestId('ticket-detail').waitFor();
    await expect.poll(() => page.getByTestId('ticket-reprints').textContent()).toContain('原票污损');
    expect(await page.getByTestId('ticket-signed-qr').getAttribute('data-payload')).toBe(payload);
    await page.keyboard.press('Escape');

    await page.goto(`${e.baseUrl}${COLLECTION}`);
    const code = page.getByTestId('collection-code');
    await code.fill(tickets[1]!.code);
    await code.press('Enter');
    await expect.poll(() => page.getByTestId('collection-ticket').getAttribute('data-code')).toBe(tickets[1]!.code);
    const paperNo = uniq('P');
    await page.locator('#collection-form_paperNo').fill(paperNo);
    await page.locator('#collection-form_remark').fill('窗口 1');
    await page.getByTestId('collection-submit').click();
    await expect.poll(() => page.getByTestId('collection-done').textContent()).toContain(paperNo);
    await expect.poll(() => page.getByTestId('collection-table').textContent()).toContain(paperNo);
    await page.waitForTimeout(400);
    await screenshot(page, 'ticket-collection');
    // The same e-ticket again: collected already, with its paper number.
    await code.fill(tickets[1]!.code);
    await code.press('Enter');
    await expect.poll(() => page.getByTestId('collection-done').textContent()).toContain(paperNo);
    expect(await page.getByTestId('collection-submit').count()).toBe(0);
  });

  /**
   * A camera that films `text` as a QR code: one frame (YUV 4:2:0) drawn in a page with the
   * console's own QR code component, for Chromium's fake capture device.
   */
  const qrCamera = async (page: Page, text: string): Promise<string> => {
    const frame = await page.evaluate(async (payload) => {
      const W = 640;
      const H = 480;
      const svg = document.querySelector('[data-testid="ticket-signed-qr"] svg, [data-testid="ticket-print"] svg');
      if (!svg) throw new Error('no QR code on the page');
      const clone = svg.cloneNode(true) as SVGElement;
      clone.setAttribute('width', '360');
      clone.setAttribute('height', '360');
      const img = new Image();
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = W;
      canvas.height = H;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#fff';
      g.fillRect(0, 0, W, H);
      g.drawImage(img, (W - 360) / 2, (H - 360) / 2, 360, 360);
      const rgba = g.getImageData(0, 0, W, H).data;
      const out = new Uint8Array(W * H * 1.5).fill(128);
      for (let i = 0; i < W * H; i++) out[i] = Math.round(0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!);
      let bin = '';
      for (const b of out) bin += String.fromCharCode(b);
      return { payload, data: btoa(bin) };
    }, text);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'venue-camera-')), 'qr.y4m');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\nFRAME\n'), Buffer.from(frame.data, 'base64')]));
    return file;
  };

  // Chromium's fake camera has failed to deliver a readable frame in about one full-suite run in
  // three (never alone, the code and payload the same): one more try with fresh data, and the failure
  // says what the camera dialog showed.
  it('checks a ticket read by the browser camera', { retry: 1 }, async () => {
    const { staff, gate, project, tickets, b } = await setUp(1);
    // The ticket's signed QR code, as the list's detail shows it, filmed by a fake camera.
    await b.page.goto(`${e.baseUrl}${LIST}`);
    await b.page.locator(`[data-testid="ticket-row-view"][data-row-key="${tickets[0]!.id}"]`).click();
    const shown = b.page.getByTestId('ticket-signed-qr');
    await shown.waitFor();
    const file = await qrCamera(b.page, (await shown.getAttribute('data-payload'))!);
    const cam = await openBrowser({
      args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
    });
    open.push(cam);
    cam.page.setDefaultTimeout(15_000);
    await cam.context.grantPermissions(['camera'], { origin: e.baseUrl });
    await cam.page.goto(`${e.baseUrl}/login`);
    await loginThroughForm(cam.page, staff.code, staff.password);
    await cam.page.waitForURL(/\/home/);
    await cam.page.goto(`${e.baseUrl}${CHECK}`);
    await pick(cam.page, 'check-session', project.name);
    await pick(cam.page, 'check-gate', gate.name);
    await cam.page.getByTestId('check-camera').click();
    const result = cam.page.getByTestId('check-result');
    // Fails with what the camera dialog shows (a refused camera names its reason there).
    await expect
      .poll(
        async () =>
          (await result.count())
            ? await result.getAttribute('data-result')
            : await cam.page
                .locator('.ant-modal')
                .innerText({ timeout: 1000 })
                .catch(() => 'no dialog'),
        { timeout: 30_000 },
      )
      .toBe('admitted');
    expect(await cam.page.getByTestId('check-ticket').textContent()).toContain(tickets[0]!.code);
  });
});
