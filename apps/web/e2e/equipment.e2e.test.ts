import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gatePinOf } from '@venue/contract';
import type { Client } from '../../server/test/harness.ts';
import { GateSim, wallClock } from '../../server/src/modules/sport/equipment/index.ts';
import { addMember, newPhone } from '../../server/src/modules/sport/member/member.testkit.ts';
import { setTheme, settledShot, startE2E, uniq, venueDesk, type E2E, type OwnBrowser, type VenueDesk } from './support.ts';

/**
 * The equipment screens (issue 27, spec equipmentManage): a gate added at the console shows
 * offline until its simulated device calls, then online; a member's access grant is listed with
 * its gates and hours, edited and deleted, under the pass rules in words; the access log shows the
 * simulated gate's passes with their decisions and filters them by result; in English and dark.
 */
const DEVICES = '/sport/views/equipmentManage/equipmentList/index';
const PERSONNEL = '/sport/views/equipmentManage/gateAccessPersonnel/index';
const LOG = '/sport/views/equipmentManage/gateAccessLog/index';
const MENUS = ['home', 'sport.equipment.list', 'sport.gate.personnel', 'sport.gate.log', 'sport.member.list', 'sport.venue.manage', 'sport.venue.list'];

async function ok<T = any>(c: Client, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const r = await c.json<T>(method, url, body === undefined ? {} : { body });
  expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
  return r.body;
}

describe('equipment console', () => {
  let e: E2E;
  let d: VenueDesk;
  let page: Page;
  const open: OwnBrowser[] = [];
  const sn = `E2E${Date.now().toString(36).toUpperCase()}`;
  const gateName = uniq('东门闸机').slice(0, 30);
  let gateId = 0;

  beforeAll(async () => {
    e = await startE2E();
    d = await venueDesk(e, open, MENUS);
    page = d.page;
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const table = (key: string) => page.locator(`[data-testid=${key}-table] tbody tr`);
  /** The gate the first test adds at the console, or (when a test runs alone) one added through the API. */
  const gate = async () => {
    if (!gateId)
      gateId = (await ok<{ id: number }>(d.api, 'POST', '/api/sport/equipment/device', { stadiumId: d.venue.id, kind: 'gate', sn, name: gateName })).id;
    return gateId;
  };

  it('adds a gate at the console: offline until its device calls, then online', async () => {
    await page.goto(`${e.baseUrl}${DEVICES}`);
    await page.getByTestId('device-add').click();
    await page.locator('#device-form_stadiumId').click();
    await page.locator('.ant-select-item-option').filter({ hasText: d.venue.stadiumName }).first().click();
    await page.locator('#device-form_kind').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '闸机' }).first().click();
    await page.locator('#device-form_sn').fill(sn);
    await page.locator('#device-form_name').fill(gateName);
    await page.getByTestId('device-form-ok').click();
    const row = table('device').filter({ hasText: gateName });
    await row.waitFor();
    expect(await row.innerText()).toContain('离线');
    expect(await page.getByTestId('device-online-hint').innerText()).toContain('120');
    const found = await ok<{ data: { id: number; sn: string }[] }>(d.api, 'POST', '/api/sport/equipment/device/list', {
      pageNum: 1,
      pageSize: 10,
      keyword: sn,
    });
    gateId = found.data[0]!.id;
    const sim = new GateSim(e.baseUrl, sn);
    expect((await sim.handshake()).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId(`device-online-${gateId}`).getAttribute('data-value')).toBe('online');
    await settledShot(page, 'equipment-list-light');
  });

  it('lists a member grant with its gates and hours under the pass rules, edits and deletes it', async () => {
    const member = await addMember(d.api, { name: uniq('闸机会员').slice(0, 20), phone: newPhone() });
    const grant = await ok<{ id: number }>(d.api, 'POST', '/api/sport/equipment/gate/grant', {
      personKind: 'member',
      memberId: member.id,
      deviceIds: [await gate()],
      weekdays: [1, 2, 3, 4, 5],
      startTime: '09:00',
      endTime: '18:00',
      validFrom: '2026-01-01',
      validTo: '2030-12-31',
    });
    await page.goto(`${e.baseUrl}${PERSONNEL}`);
    expect(await page.getByTestId('gate-rules').innerText()).toContain('通行规则');
    expect(await page.getByTestId('gate-rules').innerText()).toContain('有效会员卡');
    const row = table('gateGrant').filter({ hasText: member.name });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(gateName);
    expect(text).toContain('09:00–18:00');
    expect(text).toContain('周一、周二、周三、周四、周五');
    await page.locator(`[data-testid=gateGrant-row-edit][data-row-key="${grant.id}"]`).click();
    await page.locator('#gateGrant-form_endTime').fill('20:30');
    await page.getByTestId('gateGrant-form-ok').click();
    await expect.poll(() => row.innerText()).toContain('09:00–20:30');
    await page.locator(`[data-testid=gateGrant-row-delete][data-row-key="${grant.id}"]`).click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('shows the gate passes pushed by the simulated device with their decisions, filtered by result, in English and dark', async () => {
    const member = await addMember(d.api, { name: uniq('通行会员').slice(0, 20), phone: newPhone() });
    await ok(d.api, 'POST', '/api/sport/equipment/gate/grant', {
      personKind: 'member',
      memberId: member.id,
      deviceIds: [await gate()],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startTime: '00:00',
      endTime: '24:00',
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
    });
    const sim = new GateSim(e.baseUrl, sn);
    const now = wallClock(new Date());
    const { lines } = await sim.event({ pin: gatePinOf('member', member.id), time: now }, { pin: 'M999999999', time: now });
    await sim.pushLines('rtlog', lines); // resent: stored once
    expect(await sim.poll()).toHaveLength(1);
    await page.goto(`${e.baseUrl}${LOG}`);
    const rows = table('gateLog');
    await expect.poll(() => rows.count()).toBe(2);
    const allowed = rows.filter({ hasText: member.name });
    expect(await allowed.innerText()).toContain('放行');
    expect(await allowed.innerText()).toContain('通行授权');
    expect(await rows.filter({ hasText: 'M999999999' }).innerText()).toContain('拒绝');
    await page.locator('#gateLog-search_result').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '拒绝' }).click();
    await page.getByTestId('gateLog-search').click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('未知人员');

    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await page.goto(`${e.baseUrl}${LOG}`);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.filter({ hasText: member.name }).innerText()).toContain('Allowed');
    await settledShot(page, 'equipment-gate-log-dark');
    await page.goto(`${e.baseUrl}${PERSONNEL}`);
    expect(await page.getByTestId('gate-rules').innerText()).toContain('Pass rules');
    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await setTheme(page, 'light');
  });
});
