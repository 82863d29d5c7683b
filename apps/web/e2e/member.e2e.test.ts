import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { adminApi, browserAs, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser, type Staff } from './support.ts';

/**
 * The member screens (issue 12): staff of a new organisation registers a member through the form
 * (the id-card helper fills birthday and sex; a bad id number is refused in place) and uploads a
 * face image, which the list shows with the masked phone and the face state; a member is put on
 * the black list and shows on the lists screen. Each test makes its own organisation and data.
 */
const LIST = '/sport/views/member/memberList/index';
const LISTS = '/sport/views/member/blackWhiteList/index';
const ENTERPRISE = '/sport/views/member/enterpriseMember/index';

const visible = (l: Locator) => l.filter({ visible: true });

// ---------------------------------------------------------------- a real PNG, made here

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** A width×height RGB PNG: a face-coloured disc on a blue background. */
function makePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const inside = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (Math.min(width, height) / 3) ** 2;
      const [r, g, b] = inside ? [236, 188, 150] : [64, 120, 200];
      raw.set([r, g, b], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A phone of its own (unique enough per run; each test is in a new organisation anyway). */
let phoneSeq = 0;
const phoneOf = () => `139${String((Date.now() + phoneSeq++) % 100_000_000).padStart(8, '0')}`;
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

describe('member console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];
  const files: string[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    for (const f of files) fs.rmSync(f, { force: true });
    await e?.close();
  });

  /** Takes buttons (menu keys) back from a role, as an administrator does on the role screen. */
  const withoutButtons = async (staff: Staff, keys: string[]) => {
    const admin = await adminApi(e);
    const tree = await admin.json<{ id: number; key: string; children?: unknown[] }[]>('GET', '/api/system/menu/tree');
    const ids: number[] = [];
    const walk = (nodes: { id: number; key: string; children?: unknown[] }[]) => {
      for (const n of nodes) {
        if (keys.includes(n.key)) ids.push(n.id);
        walk((n.children ?? []) as typeof nodes);
      }
    };
    walk(tree.body);
    expect(ids).toHaveLength(keys.length);
    if (!ids.length) return;
    const held = await admin.json<{ menuIds: number[] }>('GET', `/api/system/role/${staff.roleId}/menus`);
    const res = await admin.json('PUT', `/api/system/role/${staff.roleId}/menus`, { body: { menuIds: held.body.menuIds.filter((id) => !ids.includes(id)) } });
    expect(res.code, res.msg).toBe(0);
  };

  /** The staff of a new organisation with the given member screens, signed in (Chinese, light). */
  const staffPage = async (menus: string[]): Promise<{ staff: Staff; page: Page }> => {
    const staff = await makeStaff(e, ['home', ...menus]);
    // Without the private permission: phones and id numbers come masked.
    await withoutButtons(staff, menus.includes('sport.member.list') ? ['sport.member.list.private'] : []);
    const b = await browserAs(e, staff);
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    return { staff, page: b.page };
  };

  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(400);
    await screenshot(page, name);
  };
  const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const rowOf = (page: Page, table: string, text: string) => page.getByTestId(table).locator('tr.ant-table-row', { hasText: text }).first();

  it('creates a member through the form and uploads a face image: the list shows the masked phone and the face state', async () => {
    const { page } = await staffPage(['sport.member.list']);
    const name = uniq('林晓');
    const phone = phoneOf();
    await page.goto(`${e.baseUrl}${LIST}`);
    await page.getByTestId('member-table').waitFor();

    await page.getByTestId('member-add').click();
    await page.locator('#member-form_name').fill(name);
    await page.locator('#member-form_phone').fill(phone);
    // The id-card helper fills birthday and sex as the number is typed.
    await page.locator('#member-form_idNo').fill('110105194912310021');
    await expect.poll(() => page.locator('#member-form_birthday').inputValue()).not.toBe('');
    await expect.poll(() => page.locator('#member-form_sex input[value="2"]').isChecked()).toBe(true);
    await page.locator('#member-form_tags').fill('羽毛球');
    await page.keyboard.press('Enter');
    // A wrong check digit is refused by the server, shown at the field.
    await page.getByTestId('member-form-ok').click();
    await visible(page.locator('#member-form_idNo_help .ant-form-item-explain-error')).first().waitFor();
    await page.locator('#member-form_idNo').fill('11010519491231002X');
    await page.getByTestId('member-form-ok').click();
    await toast(page, '新增成功').waitFor();

    // The list: masked phone, the tag, no face yet.
    const row = rowOf(page, 'member-table', name);
    await expect.poll(() => row.textContent()).toContain(masked(phone));
    expect(await row.textContent()).not.toContain(phone);
    expect(await row.textContent()).toContain('羽毛球');
    expect(await row.textContent()).toContain('未上传');
    await shot(page, 'member-list');

    // The face: a real PNG, reviewed, and its log.
    const png = path.join(os.tmpdir(), `${uniq('face')}.png`);
    fs.writeFileSync(png, makePng(160, 200));
    files.push(png);
    // The face action is under "more" in the row.
    const key = await row.getAttribute('data-row-key');
    await row.getByTestId('member-row-more').hover();
    await visible(page.locator(`[data-testid="member-row-face"][data-row-key="${key}"]`)).click();
    const dialog = page.getByTestId('memberFace-dialog');
    await dialog.getByTestId('memberFace-state').waitFor();
    await dialog.locator('input[type=file]').setInputFiles(png);
    await toast(page, '人脸照片已上传，等待审核').waitFor();
    await expect.poll(() => dialog.getByTestId('memberFace-state').textContent()).toBe('待审核');
    await dialog.getByTestId('memberFace-image-img').waitFor();
    await shot(page, 'member-face');
    await dialog.getByTestId('memberFace-pass').click();
    await expect.poll(() => dialog.getByTestId('memberFace-state').textContent()).toBe('已通过');
    await dialog.getByTestId('memberFace-log').click();
    const log = page.getByTestId('memberFace-log-table');
    await expect.poll(() => log.locator('tr.ant-table-row').count()).toBe(2);
    expect(await log.textContent()).toContain('审核通过');
    // Escape closes the log, then the face dialog: one press per open dialog, each once the last has closed.
    await expect
      .poll(async () => {
        const open = await page.locator('.ant-modal-wrap').filter({ visible: true }).count();
        if (open) await page.keyboard.press('Escape');
        return open;
      })
      .toBe(0);
    await expect.poll(() => rowOf(page, 'member-table', name).textContent()).toContain('已通过');

    // The member's page: masked phone, birthday from the id card.
    await rowOf(page, 'member-table', name).getByTestId('member-name').click();
    await page.waitForURL(/userManagement\/userInfo\/\d+/);
    await expect.poll(() => page.getByTestId('member-detail-name').textContent()).toBe(name);
    // The tab names whose page it is, so two members' pages can be told apart.
    await expect.poll(() => page.locator('[data-testid="tab"][aria-current="page"]').textContent()).toContain(name);
    await expect.poll(() => page.getByTestId('member-detail-phone').textContent()).toBe(masked(phone));
    expect(await page.getByTestId('member-detail-base').textContent()).toContain('1949');
    await shot(page, 'member-detail');
  });

  it('gives a company card to an entrant with a limit of 100 yuan: the distribute log shows it, and it is taken back', async () => {
    const { staff, page } = await staffPage(['sport.member.enterprise', 'sport.card.list', 'sport.card.sell', 'sport.card.types', 'sport.order']);
    const api = await signIn(e.server, staff.code, staff.password);
    const ok = async <T = any>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
      const r = await api.json<T>(method, url, body === undefined ? {} : { body, headers: { 'Idempotency-Key': crypto.randomUUID() } });
      expect(r.code, `${method} ${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
      return r.body;
    };
    // A company, its entrant, a value card type and a card sold to the company, paid in cash.
    const companyName = uniq('星河科技');
    const entrantName = uniq('许诺');
    const company = await ok<{ id: number }>('POST', '/api/sport/member/add', { name: companyName, phone: phoneOf(), kind: 'corporate', source: 'desk' });
    const added = await ok<{ added: number }>('POST', `/api/sport/member/${company.id}/entrants`, { member: { name: entrantName, phone: phoneOf() } });
    expect(added.added).toBe(1);
    const entrants = await ok<{ data: { id: number; name: string }[] }>('POST', `/api/sport/member/${company.id}/entrants/list`, {});
    const entrantId = entrants.data.find((m) => m.name === entrantName)!.id;
    const type = await ok<{ id: number }>('POST', '/api/sport/card/type', { kind: 'value', name: uniq('企业储值卡'), priceFen: 50000, faceValueFen: 50000 });
    const sold = await ok<{ orderId: number; amountFen: number; cardId: number; cardNo: string }>('POST', '/api/sport/card/sell', {
      typeId: type.id,
      memberId: company.id,
    });
    await ok('POST', `/api/sport/commerce/order/${sold.orderId}/pay`, { method: 'cash', amountFen: sold.amountFen });

    // The company's drawer, its cards: give the card to the entrant.
    await page.goto(`${e.baseUrl}${ENTERPRISE}`);
    await rowOf(page, 'enterprise-table', companyName).getByTestId('enterprise-row-entrants').click();
    const drawer = page.getByTestId('enterprise-entrants');
    await drawer.getByTestId('enterprise-tab-distribute').click();
    const cardRow = drawer.getByTestId('member-cards-table').locator('tr.ant-table-row', { hasText: sold.cardNo });
    await cardRow.getByTestId('member-card-distribute').click();
    const about = visible(page.getByTestId('distribute-card'));
    await about.waitFor();
    expect(await about.textContent()).toContain('500.00');
    // Nothing picked: refused in place.
    await page.getByTestId('distribute-form-ok').click();
    await visible(page.locator('#distribute-form_entrantId_help .ant-form-item-explain-error')).first().waitFor();
    await page.locator('#distribute-form_entrantId').fill(entrantName);
    await visible(page.locator('.ant-select-item-option').filter({ hasText: entrantName })).click();
    await page.locator('#distribute-form_limitFen').fill('100');
    await shot(page, 'member-distribute');
    await page.getByTestId('distribute-form-ok').click();
    await toast(page, `已将 ${sold.cardNo} 分配给 ${entrantName}`).waitFor();
    await expect.poll(() => page.locator('.ant-modal-wrap').filter({ visible: true }).count()).toBe(0);

    // The log row, under the card (opened for it); the entrant holds a share of 100 yuan.
    const log = drawer.getByTestId(`member-distributions-${sold.cardId}`);
    const given = log.locator('tr.ant-table-row', { hasText: entrantName }).first();
    await expect.poll(() => given.textContent()).toContain('分配');
    const text = (await given.textContent()) ?? '';
    expect(text).toContain('100.00');
    expect(text).toContain(staff.name);
    const detail = await ok<{ shares: { memberId: number; limitFen: number | null }[] }>('GET', `/api/sport/card/${sold.cardId}`);
    expect(detail.shares).toEqual([expect.objectContaining({ memberId: entrantId, limitFen: 10000 })]);

    // Taken back: a second row, and the share is gone.
    await given.getByTestId('member-distribution-takeBack').click();
    await visible(page.getByTestId('confirm-ok')).click();
    await toast(page, `已从 ${entrantName} 收回`).waitFor();
    await expect.poll(() => log.locator('tr.ant-table-row').count()).toBe(2);
    expect(await log.locator('tr.ant-table-row').first().textContent()).toContain('收回');
    expect(await log.getByTestId('member-distribution-takeBack').count()).toBe(0);
    expect((await ok<{ shares: unknown[] }>('GET', `/api/sport/card/${sold.cardId}`)).shares).toEqual([]);
  });

  it('black-lists a member with a reason; the lists screen shows the entry', async () => {
    const { staff, page } = await staffPage(['sport.member.list', 'sport.member.lists']);
    const name = uniq('周航');
    const api = await signIn(e.server, staff.code, staff.password);
    const added = await api.json('POST', '/api/sport/member/add', { body: { name, phone: phoneOf() } });
    expect(added.code, added.msg).toBe(0);

    await page.goto(`${e.baseUrl}${LIST}`);
    await page.locator('#member-search_keyword').fill(name);
    await page.getByTestId('member-search').click();
    const row = rowOf(page, 'member-table', name);
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('member-addToList').click();
    await page.getByTestId('memberListAdd-members').waitFor();
    // The reason is required.
    await page.getByTestId('memberListAdd-form-ok').click();
    await visible(page.locator('#memberListAdd-form_reason_help .ant-form-item-explain-error')).first().waitFor();
    await page.locator('#memberListAdd-form_reason').fill('多次爽约');
    await page.getByTestId('memberListAdd-form-ok').click();
    await toast(page, '已加入 1 位会员').waitFor();
    await expect.poll(() => rowOf(page, 'member-table', name).getByTestId('member-black').count()).toBe(1);

    await page.goto(`${e.baseUrl}${LISTS}`);
    const entry = rowOf(page, 'blackList-table', name);
    await expect.poll(() => entry.textContent()).toContain('多次爽约');
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('生效中');
    expect(text).toContain('长期');
    expect(text).toContain(staff.name);
    await shot(page, 'member-lists');

    // Removed from the list: the entry stays, as removed.
    await entry.getByTestId('blackList-row-remove').click();
    await visible(page.getByTestId('confirm-ok')).click();
    await toast(page, '已移出 1 条记录').waitFor();
    await expect.poll(() => rowOf(page, 'blackList-table', name).textContent()).toContain('已移除');
  });
});
