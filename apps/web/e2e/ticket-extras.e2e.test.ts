import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Client } from '../../server/test/harness.ts';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { gaSession, ticketApi } from '../../server/src/modules/sport/ticket/ticket.testkit.ts';
import { browserAs, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * Ticketing's catalogue extras at the console (issue 13): a ticket template with a QR code and two
 * fields placed in the designer and previewed as it prints; a performer added and attached to a
 * project; a project's data log. Each test works as the staff of an organisation of its own.
 */
const TEMPLATES = '/sport/views/ticketManagement/ticketTemplate/index';
const PERFORMERS = '/sport/views/ticketManagement/performer/index';
const PROJECTS = '/sport/views/ticketManagement/projects/index';
const projectDetail = (id: number) => `/sport/views/ticketManagement/projects/detail/${id}`;
const SELL = '/sport/views/ticketManagement/sellTicket/index';

describe('ticketing catalogue extras console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  const desk = async (menus: string[]): Promise<{ api: Client; page: Page }> => {
    const staff = await makeStaff(e, ['home', ...menus]);
    const api = await signIn(e.server, staff.code, staff.password);
    const b = await browserAs(e, staff);
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    return { api, page: b.page };
  };

  it('makes a ticket template with a QR code and two fields in the designer and previews it as it prints', async () => {
    const { api, page } = await desk(['sport.ticket.template']);
    const num = (id: string) => page.locator(`[data-testid="${id}"] input, input[data-testid="${id}"]`).first();
    const name = uniq('票面');
    await page.goto(`${e.baseUrl}${TEMPLATES}`);
    await page.getByTestId('ticketTemplate-add').click();
    await page.locator('#ticketTemplate-form_name').fill(name);
    await page.locator('#ticketTemplate-form_widthMm').fill('100');
    await page.getByTestId('ticketTemplate-form-ok').click();
    const row = page.getByTestId('ticketTemplate-table').locator('tr', { hasText: name });
    await row.waitFor();
    await row.getByTestId('ticketTemplate-row-design').click();

    await page.getByTestId('templateDesigner').waitFor();
    await page.getByTestId('templateDesigner-addQr').click();
    await num('templateDesigner-x').fill('70');
    await num('templateDesigner-y').fill('10');
    await page.getByTestId('templateDesigner-addField').click(); // the project's name
    await num('templateDesigner-y').fill('5');
    await num('templateDesigner-x').fill('5');
    await page.getByTestId('templateDesigner-addField').click();
    await page.getByTestId('templateDesigner-field').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '座位' }).click();
    await page.getByTestId('templateDesigner-text').fill('座位 ');
    await num('templateDesigner-y').fill('20');
    await num('templateDesigner-x').fill('5');
    // The QR code dragged 10 mm to the left on the stage (5 px a millimetre at 100 %).
    await page.getByTestId('templateDesigner-stage').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const stage = (await page.locator('[data-testid="templateDesigner-stage"] canvas').first().boundingBox())!;
    const qrCentre = { x: stage.x + (70 + 12.5) * 5, y: stage.y + (10 + 12.5) * 5 };
    await page.mouse.move(qrCentre.x, qrCentre.y);
    await page.mouse.down();
    await page.mouse.move(qrCentre.x - 25, qrCentre.y, { steps: 5 });
    await page.mouse.move(qrCentre.x - 50, qrCentre.y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => num('templateDesigner-x').inputValue()).toMatch(/^60(\.0)?$/);
    await page.getByTestId('templateDesigner-save').click();
    await page.locator('.ant-message').filter({ hasText: '已保存' }).waitFor();

    const saved = await api.json<{
      data: {
        id: number;
        version: number;
        widthMm: number;
        elements: { type: string; field?: string; x: number; y: number; width: number; height: number; text?: string }[];
      }[];
    }>('POST', ticketApi('template/list'), { body: { name } });
    const tpl = saved.body.data[0]!;
    expect(tpl).toMatchObject({ widthMm: 100, version: 2 });
    expect(tpl.elements.map((x) => `${x.type}:${x.field ?? ''}`)).toEqual(['qr:', 'field:project', 'field:seat']);
    expect(tpl.elements[0]).toMatchObject({ x: 60, y: 10, width: 25, height: 25 });
    expect(tpl.elements[2]).toMatchObject({ x: 5, y: 20, text: '座位 ' });

    // The preview: a real QR code of the (sample) ticket code and the fields' sample data.
    await page.getByTestId('templateDesigner-preview').click();
    const face = page.getByTestId('templateDesigner-previewFace');
    await face.waitFor();
    await expect.poll(() => face.getByTestId('ticket-face-field1').textContent()).toBe('城市篮球联赛总决赛');
    await expect.poll(() => face.getByTestId('ticket-face-field2').textContent()).toBe('座位 A看台 3-12');
    const qr = face.getByTestId('ticket-face-qr-qr1');
    expect(await qr.getAttribute('data-code')).toBe('7KQ2M9XW4TB8RZ1C');
    expect(await qr.locator('svg path').count()).toBeGreaterThan(0);
    // Drawn at its size: 100 × 50 mm at 96 dpi.
    // (measured once the dialog's opening zoom has ended)
    await expect.poll(async () => Math.round((await face.boundingBox())!.width)).toBe(Math.round((100 * 96) / 25.4));
    await page.waitForTimeout(300);
    await screenshot(page, 'ticket-template-preview');
    await page.keyboard.press('Escape');

    // The print view: the ticket alone on a page of its size.
    await page.getByTestId('templateDesigner-print').click();
    const printed = page.getByTestId('ticketPrint-face');
    await printed.waitFor();
    await expect.poll(() => printed.getByTestId('ticket-face-field2').textContent()).toBe('座位 A看台 3-12');
    expect(await printed.getByTestId('ticket-face-qr-qr1').locator('svg').count()).toBe(1);
    const pageRule = await page.evaluate(() => document.querySelector('style[data-ticket-page]')?.textContent ?? '');
    expect(pageRule).toContain('size: 100mm 50mm');
    await screenshot(page, 'ticket-template-print');
  });

  it('adds a performer and attaches them to a project', async () => {
    const { api, page } = await desk(['sport.ticket.performer', 'sport.ticket.project']);
    const performer = uniq('歌手');
    await page.goto(`${e.baseUrl}${PERFORMERS}`);
    await page.getByTestId('performer-add').click();
    await page.locator('#performer-form_name').fill(performer);
    await page.locator('#performer-form_role').fill('主唱');
    await page.locator('#performer-form_intro').fill('第一次来本馆演出');
    await page.getByTestId('performer-form-ok').click();
    await page.getByTestId('performer-table').locator('tr', { hasText: performer }).waitFor();

    const project = uniq('演唱会');
    await page.goto(`${e.baseUrl}${PROJECTS}`);
    await page.getByTestId('ticketProject-add').click();
    await page.locator('#ticketProject-form_name').fill(project);
    await page.locator('#ticketProject-form_performerIds').click();
    await page.locator('.ant-select-item-option').filter({ hasText: performer }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('ticketProject-form-ok').click();
    const row = page.getByTestId('ticketProject-table').locator('tr', { hasText: project });
    await row.waitFor();
    await row.getByTestId('ticketProject-row-detail').click();
    await expect.poll(() => page.getByTestId('ticketProject-detail').textContent()).toContain(performer);
    await screenshot(page, 'ticket-project-performers');

    const listed = await api.json<{ data: { performers: string | null; performerIds: number[] }[] }>('POST', ticketApi('project/list'), {
      body: { name: project },
    });
    expect(listed.body.data[0]!.performers).toBe(performer);
    const performers = await api.json<{ data: { id: number; projectCount: number }[] }>('POST', ticketApi('performer/list'), { body: { name: performer } });
    expect(listed.body.data[0]!.performerIds).toEqual([performers.body.data[0]!.id]);
    expect(performers.body.data[0]!.projectCount).toBe(1);
  });

  it('shows a project’s data log: an edit with its fields before and after, a type by its name', async () => {
    const { api, page } = await desk(['sport.ticket.project']);
    const name = uniq('话剧');
    const [drama, musical] = await Promise.all(
      [uniq('话剧类'), uniq('音乐剧类')].map(
        async (n) => (await api.json<{ id: number; name: string }>('POST', ticketApi('type'), { body: { name: n } })).body,
      ),
    );
    const made = await api.json<{ id: number; version: number }>('POST', ticketApi('project'), { body: { name, perBuyerLimit: 4, typeId: drama!.id } });
    await api.json('PUT', ticketApi(`project/${made.body.id}`), {
      body: { name: `${name}·加演`, perBuyerLimit: 6, typeId: musical!.id, version: made.body.version },
    });
    await page.goto(`${e.baseUrl}${projectDetail(made.body.id)}`);
    await page.getByTestId('ticketProject-dataLogTab').click();
    const table = page.getByTestId('dataLog-table');
    const edit = table.locator('tr', { hasText: '修改' });
    await edit.waitFor();
    await expect.poll(() => edit.locator('[data-testid$="-perBuyerLimit"]').textContent()).toBe('每单限购4→6');
    await expect.poll(() => edit.locator('[data-testid$="-name"]').textContent()).toBe(`名称${name}→${name}·加演`);
    await expect.poll(() => edit.locator('[data-testid$="-typeId"]').textContent()).toBe(`类型${drama!.name}→${musical!.name}`);
    await expect.poll(() => table.locator('tr', { hasText: '新增' }).count()).toBe(1);
    await screenshot(page, 'ticket-project-datalog');
  });

  it('shows the purchase notice of the chosen project on the sale screen, read-only', async () => {
    const { api, page } = await desk(['sport.ticket.sell', 'sport.ticket.notice', 'sport.ticket.project']);
    const title = uniq('须知');
    const notice = await api.json<{ id: number }>('POST', ticketApi('notice'), {
      body: { title, content: '**入场**\n- 凭票入场，一人一票\n- 开场前 30 分钟检票' },
    });
    const withNotice = await gaSession(api, 20, 5000, { noticeId: notice.body.id });
    const without = await gaSession(api, 20, 5000);
    await page.goto(`${e.baseUrl}${SELL}`);
    await page.getByTestId('ticket-sell-session').click();
    await page.locator('.ant-select-item-option').filter({ hasText: withNotice.project.name }).click();
    const panel = page.getByTestId('sale-notice');
    await expect.poll(() => panel.textContent()).toContain(title);
    expect(await panel.locator('strong').textContent()).toBe('入场');
    expect(await panel.locator('li').allTextContents()).toEqual(['凭票入场，一人一票', '开场前 30 分钟检票']);
    await page.waitForTimeout(300);
    await screenshot(page, 'ticket-sale-notice');
    // A project without a notice shows none.
    await page.getByTestId('ticket-sell-session').click();
    await page.locator('.ant-select-item-option').filter({ hasText: without.project.name }).click();
    await expect.poll(() => page.getByTestId('ticket-sell-session-info').textContent()).toBeTruthy();
    await expect.poll(() => panel.count()).toBe(0);
  });

  it('opens every catalogue-extras screen, in English and the dark theme too', async () => {
    const { page } = await desk([
      'sport.ticket.performer',
      'sport.ticket.notice',
      'sport.ticket.template',
      'sport.ticket.wantSee',
      'sport.ticket.competitionOrder',
      'sport.ticket.dataManagement',
    ]);
    const screens = [
      ['/sport/views/ticketManagement/performer/index', 'performer-table', '演员管理', 'Performers'],
      ['/sport/views/ticketManagement/ticketPurchaseNotice/index', 'ticketNotice-table', '购票须知', 'Purchase notices'],
      ['/sport/views/ticketManagement/ticketTemplate/index', 'ticketTemplate-table', '票面模板', 'Ticket templates'],
      ['/sport/views/ticketManagement/projects/wantSeeList', 'wantSee-table', '想看名单', 'Want-to-see list'],
      ['/sport/views/ticketManagement/competitionTicketingOrder/index', 'competitionOrder-table', '赛事票务订单', 'Competition orders'],
      ['/sport/views/ticketManagement/dataManagement/index', 'ticketData-table', '票务数据', 'Ticketing data'],
    ] as const;
    // No call of these screens is refused (their filters read with the screens' own permissions).
    const refused: string[] = [];
    page.on('response', async (r) => {
      if (!r.url().includes('/api/')) return;
      const body = (await r.json().catch(() => null)) as { code?: number } | null;
      if (body?.code === 100420) refused.push(r.url());
    });
    for (const [path, table, zh] of screens) {
      await page.goto(`${e.baseUrl}${path}`);
      await page.getByTestId(table).waitFor();
      await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain(zh);
    }
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('theme-switch').click();
    await expect.poll(() => page.evaluate(() => document.querySelector('[data-theme]')?.getAttribute('data-theme'))).toBe('dark');
    for (const [path, table, , en] of screens) {
      await page.goto(`${e.baseUrl}${path}`);
      await page.getByTestId(table).waitFor();
      await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain(en);
    }
    // The last screen (ticketing data) in English: its columns too.
    await expect.poll(() => page.getByTestId('ticketData-table').locator('th').allTextContents()).toContain('Project type');
    await screenshot(page, 'ticket-data-en-dark');
    expect(refused).toEqual([]);
  });
});
