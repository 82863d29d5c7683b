import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Client } from '../../server/test/harness.ts';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { gridMap, seatedSession, seatsOf, ticketApi } from '../../server/src/modules/sport/ticket/ticket.testkit.ts';
import { browserAs, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * The ticketing catalogue at the console (issue 13): a project, a general-admission session and its
 * level made through the screens; two seats of a seated session (made through the API) blocked on
 * its seat map. Each test works as the staff of an organisation of its own.
 */
const PROJECTS = '/sport/views/ticketManagement/projects/index';
const TYPES = '/sport/views/ticketManagement/projectType/index';
const seatsPath = (id: number) => `/sport/views/ticketManagement/projects/session/detail/${id}`;
/** The catalogue's menus only: the project screen's buttons bring the session, level and seat-map permissions the detail and the seats need. */
const MENUS = ['home', 'sport.ticket.projectType', 'sport.ticket.project'];

describe('ticketing catalogue console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const desk = async (): Promise<{ api: Client; page: Page }> => {
    const staff = await makeStaff(e, MENUS);
    const api = await signIn(e.server, staff.code, staff.password);
    const b = await browserAs(e, staff);
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    return { api, page: b.page };
  };

  it('adds a project type with a child type, a project of it, a general-admission session and its level through the screens', async () => {
    const { api, page } = await desk();
    const name = uniq('演出');
    const typeName = uniq('音乐会');
    await page.goto(`${e.baseUrl}${TYPES}`);
    await page.getByTestId('ticketType-add').click();
    await page.locator('#ticketType-form_name').fill(typeName);
    await page.getByTestId('ticketType-form-ok').click();
    const typeRow = page.getByTestId('ticketType-table').locator('tr', { hasText: typeName });
    await typeRow.waitFor();
    await typeRow.getByTestId('ticketType-row-addChild').click();
    await page.locator('#ticketType-form_name').fill('交响乐');
    await page.getByTestId('ticketType-form-ok').click();
    await page.getByTestId('ticketType-table').locator('tr', { hasText: '交响乐' }).waitFor();
    const types = await api.json<{ data: { id: number; name: string; parentId: number | null }[] }>('POST', ticketApi('type/list'), {});
    const parent = types.body.data.find((x) => x.name === typeName)!;
    expect(types.body.data.find((x) => x.name === '交响乐')?.parentId).toBe(parent.id);

    await page.goto(`${e.baseUrl}${PROJECTS}`);
    await page.getByTestId('ticketProject-add').click();
    await page.locator('#ticketProject-form_name').fill(name);
    await page.locator('#ticketProject-form_perBuyerLimit').fill('6');
    await page.locator('#ticketProject-form_typeId').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `${typeName} / 交响乐` })
      .click();
    await page.getByTestId('ticketProject-form-ok').click();
    const row = page.getByTestId('ticketProject-table').locator('tr', { hasText: name });
    await row.waitFor();

    await row.getByTestId('ticketProject-row-detail').click();
    await page.getByTestId('ticketProject-detail').filter({ hasText: name }).waitFor();
    await page.getByTestId('ticketSession-add').click();
    await page.locator('#ticketSession-form_name').fill('首演');
    await page.locator('#ticketSession-form_startAt').click();
    await page.locator('#ticketSession-form_startAt').fill('2030-05-01 19:30');
    await page.locator('.ant-picker-ok button').click();
    // The gate window: gates open 3 hours before the start (120 by default), close at the end.
    expect(await page.locator('#ticketSession-form_gateOpenMinutes').inputValue()).toBe('120');
    await page.locator('#ticketSession-form_gateOpenMinutes').fill('180');
    await page.getByTestId('ticketSession-form-ok').click();
    const sessionRow = page.getByTestId('ticketSession-table').locator('tr', { hasText: '首演' });
    await sessionRow.waitFor();

    await page.locator('[data-testid^="ticketLevel-add-"]').first().click();
    await page.locator('#ticketLevel-form_name').fill('普通票');
    await page.locator('#ticketLevel-form_priceFen').fill('120.5');
    await page.locator('#ticketLevel-form_quota').fill('300');
    await page.getByTestId('ticketLevel-form-ok').click();
    const levelRow = page.locator('[data-testid^="ticketLevels-"] tr', { hasText: '普通票' });
    await levelRow.waitFor();
    await expect.poll(() => levelRow.textContent()).toContain('¥120.50');
    await expect.poll(() => sessionRow.textContent()).toContain('300');
    await page.waitForTimeout(400);
    await screenshot(page, 'ticket-project-detail');

    // What the screens made, as the server has it.
    const projects = await api.json<{ data: { id: number; name: string; perBuyerLimit: number | null; performers: string | null; sessionCount: number }[] }>(
      'POST',
      ticketApi('project/list'),
      { body: { name } },
    );
    expect(projects.body.data).toHaveLength(1);
    expect(projects.body.data[0]).toMatchObject({ perBuyerLimit: 6, performers: null, sessionCount: 1, typeName: '交响乐' });
    const sessions = await api.json<{
      data: { name: string; seated: boolean; startAt: string; capacity: number; levels: { name: string; price: number; available: number }[] }[];
    }>('POST', ticketApi('session/list'), { body: { projectId: projects.body.data[0]!.id } });
    expect(sessions.body.data).toHaveLength(1);
    expect(sessions.body.data[0]).toMatchObject({ name: '首演', seated: false, capacity: 300, levels: [{ name: '普通票', price: 12050, available: 300 }] });
    expect(new Date(sessions.body.data[0]!.startAt).getTime()).toBe(new Date(2030, 4, 1, 19, 30).getTime());
    const detail = await api.json<{ data: { gateOpenMinutes: number; gateCloseMinutes: number }[] }>('POST', ticketApi('session/list'), {
      body: { projectId: projects.body.data[0]!.id, detail: true },
    });
    expect(detail.body.data[0]).toMatchObject({ gateOpenMinutes: 180, gateCloseMinutes: 0 });

    // Listed with its session.
    await page.goto(`${e.baseUrl}${PROJECTS}`);
    await expect.poll(() => page.getByTestId('ticketProject-table').locator('tr', { hasText: name }).textContent()).toContain('1');
  });

  it('blocks two seats of a seated session on its map', async () => {
    const { api, page } = await desk();
    // Two rows of two seats, price area A (level 内场).
    const { session } = await seatedSession(api, gridMap(1, 2, 2));
    await page.goto(`${e.baseUrl}${seatsPath(session.id)}`);
    await page.getByTestId('seatmap-canvas').waitFor();
    await expect.poll(() => page.getByTestId('sessionSeats-count-free').textContent()).toBe('4');
    await expect.poll(() => page.getByTestId('sessionSeats-count-blocked').textContent()).toBe('0');

    await page.getByTestId('sessionSeats-zone').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '1区' }).click();
    await page.getByTestId('sessionSeats-row').click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^1$/ }).click();
    await page.getByTestId('sessionSeats-selectRow').click();
    await expect.poll(() => page.getByTestId('sessionSeats-selected').textContent()).toContain('2');
    await page.getByTestId('sessionSeats-block').click();

    await expect.poll(() => page.getByTestId('sessionSeats-count-blocked').textContent()).toBe('2');
    await expect.poll(() => page.getByTestId('sessionSeats-count-free').textContent()).toBe('2');
    await page.waitForTimeout(400);
    await screenshot(page, 'ticket-session-seats');
    const seats = await seatsOf(api, session.id);
    expect(
      seats
        .filter((s) => s.state === 'blocked')
        .map((s) => `${s.row}-${s.no}`)
        .sort(),
    ).toEqual(['1-1', '1-2']);
    expect(seats.filter((s) => s.state === 'free')).toHaveLength(2);
  });
});
