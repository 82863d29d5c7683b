import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { VenueRow } from '@venue/contract';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { ADMIN_PASSWORD, browserAs, makeStaff, screenshot, startE2E, uniq, type E2E, type OwnBrowser, type Staff } from './support.ts';

/**
 * The venue screens (issue 11): a new organisation's staff adds its venue on "my venue", then a
 * site (split into halves), a price rule and a booking rule; on the venue list the shop is closed
 * and the venue locked with a reason. Each test works as the staff of a new organisation, in a
 * browser of its own, on data it makes itself, so any test runs alone.
 */
const MANAGE = '/sport/views/venueManagement/index';
const LIST = '/sport/views/venueManagementList/index';

/** The visible one of several matches (antd keeps closed dropdowns in the page). */
const visible = (l: Locator) => l.filter({ visible: true });

/** Picks an option of an antd select by its text (typing first filters long lists). */
async function pick(page: Page, select: Locator, label: string, type = false): Promise<void> {
  await select.click();
  if (type) await select.pressSequentially(label);
  await visible(page.locator('.ant-select-item-option', { hasText: label }))
    .first()
    .click();
}

describe('venue console', () => {
  let e: E2E;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await e?.close();
  });

  /** The staff of a new organisation with the venue screens, signed in (Chinese, light). */
  const staffPage = async (extraMenus: string[] = []): Promise<{ staff: Staff; page: Page }> => {
    const staff = await makeStaff(e, ['home', 'sport.venue', ...extraMenus]);
    const b = await browserAs(e, staff);
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    return { staff, page: b.page };
  };

  /** A screenshot once dialogs and tab animations are done. */
  const shot = async (page: Page, name: string) => {
    await expect.poll(() => page.locator('.ant-modal-wrap').filter({ visible: true }).count()).toBe(0);
    await page.waitForTimeout(500);
    await screenshot(page, name);
  };

  const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

  it('adds its venue, a site split into halves, a price rule and a booking rule', async () => {
    const { page } = await staffPage();
    const name = uniq('星河体育馆');
    await page.goto(`${e.baseUrl}${MANAGE}`);

    // No venue yet: the empty state offers to add one.
    await page.getByText('当前机构尚未创建场馆').waitFor();
    await page.getByTestId('venue-add').click();
    await page.locator('#venue-form_stadiumName').fill(name);
    await page.locator('#venue-form_mobile').fill('1380013');
    await page.locator('#venue-form_address').fill('滨江路 88 号');
    await pick(page, page.locator('#venue-form_sportcatItems'), '羽毛球');
    await page.keyboard.press('Escape');
    // The map link appears once both coordinates are there.
    await expect.poll(() => page.getByTestId('venue-map-hint').count()).toBe(1);
    await page.locator('#venue-form_longitude').fill('120.2');
    await page.locator('#venue-form_latitude').fill('30.25');
    await expect
      .poll(() => page.getByTestId('venue-map-link').getAttribute('href'))
      .toBe('https://www.openstreetmap.org/?mlat=30.25&mlon=120.2#map=16/30.25/120.2');
    // A bad mobile number is refused in place.
    await page.getByTestId('venue-form-ok').click();
    await visible(page.locator('.ant-form-item-explain-error', { hasText: '格式不正确' }))
      .first()
      .waitFor();
    await page.locator('#venue-form_mobile').fill('13800138000');
    await page.getByTestId('venue-form-ok').click();
    await toast(page, '新增成功').waitFor();

    // The venue's header and its tabs.
    await expect.poll(() => page.getByTestId('venue-name').textContent()).toBe(name);
    await expect.poll(() => page.getByTestId('venue-header').textContent()).toContain('营业时间 08:00-22:00');
    await expect.poll(() => page.locator('#venue-base_stadiumName').inputValue()).toBe(name);
    await shot(page, 'venue-manage-base');

    // The contact tab saves its own fields; saving again with nothing changed sends nothing.
    await page.getByTestId('venue-tab-contact').click();
    await page.locator('#venue-contact_contactName').fill('王经理');
    await page.locator('#venue-contact_email').fill('wang@example');
    await page.getByTestId('venue-contact-save').click();
    await visible(page.locator('.ant-form-item-explain-error', { hasText: '格式不正确' }))
      .first()
      .waitFor();
    await page.locator('#venue-contact_email').fill('wang@example.com');
    await page.getByTestId('venue-contact-save').click();
    await toast(page, '保存成功').waitFor();
    await page.getByTestId('venue-contact-save').click();
    await toast(page, '没有修改，无需保存').waitFor();
    await expect.poll(() => page.locator('#venue-contact_contactName').inputValue()).toBe('王经理');

    // A site: the venue's hours by default.
    await page.getByTestId('venue-tab-siteManage').click();
    await page.getByTestId('site-add').click();
    await page.locator('#site-form_name').fill('1号场');
    await expect.poll(() => page.locator('#site-form').getByText('羽毛球').count()).toBeGreaterThan(0);
    await page.getByTestId('site-form-ok').click();
    await toast(page, '新增成功').waitFor();
    const sites = page.getByTestId('site-table');
    await expect.poll(() => sites.locator('tr', { hasText: '1号场' }).first().textContent()).toContain('每天 08:00-22:00');

    // Split into two halves: they show under it.
    await sites.locator('tr', { hasText: '1号场' }).first().getByTestId('site-row-split').click();
    await expect.poll(() => page.locator('#siteSplit-form_first').inputValue()).toBe('1号场 A');
    await page.getByTestId('siteSplit-form-ok').click();
    await toast(page, '已拆分为两个半场').waitFor();
    await expect.poll(() => sites.locator('tr', { hasText: '1号场 B' }).first().textContent()).toContain('半场');
    await shot(page, 'venue-manage-sites');

    // A price rule for every site: evenings at 80 yuan, the walk-in price.
    await page.getByTestId('venue-tab-prices').click();
    await page.getByTestId('price-add').click();
    await page.locator('#price-form_name').fill('晚场');
    await pick(page, page.locator('#price-form_start'), '18:00', true);
    await pick(page, page.locator('#price-form_end'), '22:00', true);
    await page.locator('#price-form_price').fill('80');
    await page.getByTestId('price-form-ok').click();
    await toast(page, '新增成功').waitFor();
    const row = page.getByTestId('price-table').locator('tr', { hasText: '晚场' }).first();
    await expect.poll(() => row.textContent()).toContain('¥80.00');
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('全部场地');
    expect(text).toContain('18:00-22:00');
    expect(text).toContain('散客价');
    expect(text).toContain('每天');
    await shot(page, 'venue-manage-prices');

    // A booking rule: a week ahead at most; kept after a reload.
    await page.getByTestId('venue-tab-ruleSetting').click();
    await page.locator('#venue-rules_advanceDays').fill('7');
    await page.locator('#venue-rules_maxSlots').fill('0');
    await page.getByTestId('venue-rules-save').click();
    await visible(page.locator('.ant-form-item-explain-error')).first().waitFor();
    await page.locator('#venue-rules_maxSlots').fill('8');
    await page.getByTestId('venue-rules-save').click();
    await toast(page, '保存成功').waitFor();
    await page.reload();
    await page.getByTestId('venue-tab-ruleSetting').click();
    await expect.poll(() => page.locator('#venue-rules_advanceDays').inputValue()).toBe('7');
    await expect.poll(() => page.locator('#venue-rules_maxSlots').inputValue()).toBe('8');
    await shot(page, 'venue-manage-rules');

    // Members and cards come later: their tables are there, empty.
    await page.getByTestId('venue-tab-memberCard').click();
    await expect.poll(() => page.getByTestId('venue-memberCard-table').textContent()).toContain('卡号');
  });

  it('the platform approves an application; the venue opens its shop and is locked with a reason', async () => {
    const { staff, page } = await staffPage();
    const api = await signIn(e.server, staff.code, staff.password);
    const name = uniq('云溪网球中心');
    const made = await api.json<VenueRow>('POST', '/api/stadium/stadiumInfo/insert', { body: { stadiumName: name, sportcatItems: ['tennis'] } });
    expect(made.code, made.msg).toBe(0);

    // A venue's own organisation applies: its shop stays closed until the platform approves.
    await page.goto(`${e.baseUrl}${LIST}`);
    const row = page.getByTestId('venue-table').locator('tr', { hasText: name }).first();
    await expect.poll(() => row.textContent()).toContain('待审核');
    expect(await row.textContent()).toContain('网球');
    expect(await row.getByTestId('venue-shop').isDisabled()).toBe(true);
    expect(await row.getByTestId('venue-row-review').count()).toBe(0);
    await shot(page, 'venue-list');

    // The platform reviews it on its venue list.
    const admin = await browserAs(e, { code: 'admin', password: ADMIN_PASSWORD });
    open.push(admin);
    const ap = admin.page;
    ap.setDefaultTimeout(15_000);
    await ap.waitForURL(/\/home/);
    await ap.goto(`${e.baseUrl}${LIST}`);
    await ap.locator('#venue-search_stadiumName').fill(name);
    await ap.getByTestId('venue-search').click();
    const adminRow = ap.getByTestId('venue-table').locator('tr', { hasText: name }).first();
    await adminRow.getByTestId('venue-row-review').click();
    await ap.locator('#venueReview-form_remark').fill('资料齐全');
    await ap.waitForTimeout(500);
    await screenshot(ap, 'venue-review');
    await ap.getByTestId('venueReview-form-ok').click();
    await toast(ap, '审核完成').waitFor();
    await expect.poll(() => adminRow.textContent()).toContain('已通过');

    // Approved: the venue opens its shop.
    await page.getByTestId('venue-refresh').click();
    await expect.poll(() => row.textContent()).toContain('已通过');
    await row.getByTestId('venue-shop').click();
    await toast(page, '店铺已开启').waitFor();
    await expect.poll(() => row.getByTestId('venue-shop').getAttribute('aria-checked')).toBe('true');

    // The stadium lock: no reason, no lock.
    await row.getByTestId('venue-row-lock').click();
    await page.getByTestId('venueLock-form-ok').click();
    await visible(page.locator('.ant-form-item-explain-error', { hasText: '不能为空' }))
      .first()
      .waitFor();
    await page.locator('#venueLock-form_reason').fill('场地翻新');
    await expect.poll(() => visible(page.locator('.ant-form-item-explain-error')).count()).toBe(0);
    await screenshot(page, 'venue-lock');
    await page.getByTestId('venueLock-form-ok').click();
    await toast(page, '场馆已锁定').waitFor();
    await expect.poll(() => row.getByTestId('venue-locked').count()).toBe(1);

    const after = await api.json<VenueRow>('GET', `/api/stadium/stadiumInfo/list/${made.body.id}`);
    expect(after.body).toMatchObject({ locked: true, lockReason: '场地翻新', shopStatus: 1, applyState: 'approved', reviewRemark: '资料齐全' });
  });

  it("the venue's members and cards tabs list its organisation's members and cards, paged", async () => {
    const { staff, page } = await staffPage(['sport.member.list', 'sport.card.list', 'sport.card.sell', 'sport.card.types', 'sport.order']);
    const api = await signIn(e.server, staff.code, staff.password);
    const ok = async <T>(url: string, body: unknown): Promise<T> => {
      const r = await api.json<T>('POST', url, { body, headers: { 'Idempotency-Key': crypto.randomUUID() } });
      expect(r.code, `${url}: ${r.msg} ${JSON.stringify(r.detail)}`).toBe(0);
      return r.body;
    };
    await ok<VenueRow>('/api/stadium/stadiumInfo/insert', {
      stadiumName: uniq('南湖网球馆'),
      sportcatItems: ['tennis'],
      openTime: '08:00',
      closeTime: '22:00',
    });
    // A member of the organisation and a value card sold to them, paid in cash.
    const name = uniq('周敏');
    const member = await ok<{ id: number }>('/api/sport/member/add', {
      name,
      phone: `138${String(Date.now() % 100_000_000).padStart(8, '0')}`,
      kind: 'individual',
      source: 'desk',
    });
    const type = await ok<{ id: number }>('/api/sport/card/type', { kind: 'value', name: uniq('储值卡'), priceFen: 20000, faceValueFen: 20000 });
    const sold = await ok<{ orderId: number; amountFen: number; cardNo: string }>('/api/sport/card/sell', { typeId: type.id, memberId: member.id });
    await ok(`/api/sport/commerce/order/${sold.orderId}/pay`, { method: 'cash', amountFen: sold.amountFen });

    await page.goto(`${e.baseUrl}${MANAGE}`);
    await page.getByTestId('venue-tab-member').click();
    await expect.poll(() => page.getByTestId('venue-member-table').locator('tbody').textContent()).toContain(name);
    await page.getByTestId('venue-tab-memberCard').click();
    const cards = page.getByTestId('venue-memberCard-table').locator('tbody');
    await expect.poll(() => cards.textContent()).toContain(sold.cardNo);
    expect(await cards.textContent()).toContain(name);
    expect(await cards.textContent()).toContain('¥200.00');
    await shot(page, 'venue-manage-cards');
  });

  it("a template with a price is applied to the sites; accounts, members and today's sessions show as tables", async () => {
    const { staff, page } = await staffPage(['sport.order.main']);
    const api = await signIn(e.server, staff.code, staff.password);
    const made = await api.json<VenueRow>('POST', '/api/stadium/stadiumInfo/insert', {
      body: { stadiumName: uniq('北湖羽毛球馆'), sportcatItems: ['badminton'], openTime: '09:00', closeTime: '21:00' },
    });
    expect(made.code, made.msg).toBe(0);
    for (const name of ['A1', 'A2']) {
      const site = await api.json('POST', '/api/sport/venue/site', { body: { venueId: made.body.id, name, sport: 'badminton' } });
      expect(site.code, site.msg).toBe(0);
    }
    await page.goto(`${e.baseUrl}${MANAGE}`);
    await page.getByTestId('venue-tab-template').click();

    // A template: weekdays only, one price of 60 yuan.
    await page.getByTestId('template-add').click();
    await page.locator('#template-form_name').fill('工作日模板');
    await page.getByTestId('hours-day-6-open').click();
    await page.getByTestId('hours-day-7-open').click();
    await page.getByTestId('tpl-price-add').click();
    await page.getByTestId('tpl-price-0-price').fill('60');
    await page.waitForTimeout(300);
    await screenshot(page, 'venue-manage-template-form');
    await page.getByTestId('template-form-ok').click();
    await toast(page, '新增成功').waitFor();
    const row = page.getByTestId('template-table').locator('tr', { hasText: '工作日模板' }).first();
    await expect.poll(() => row.textContent()).toContain('¥60.00');
    expect(await row.textContent()).toContain('周一-周五 09:00-21:00');
    await shot(page, 'venue-manage-template');

    // Applied to both sites: their hours become the template's.
    await row.getByTestId('template-row-apply').click();
    await pick(page, page.locator('#templateApply-form_siteIds'), 'A1');
    await pick(page, page.locator('#templateApply-form_siteIds'), 'A2');
    await visible(page.locator('.ant-modal-title')).click();
    await page.getByTestId('templateApply-form-ok').click();
    await toast(page, '已套用到 2 个场地').waitFor();
    await page.getByTestId('venue-tab-siteManage').click();
    await expect.poll(() => page.getByTestId('site-table').locator('tr', { hasText: 'A2' }).first().textContent()).toContain('周一-周五 09:00-21:00');

    // Accounts: the organisation's stored-value accounts (none yet) and its recharge orders.
    await page.getByTestId('venue-tab-account').click();
    await expect.poll(() => page.getByTestId('venueAccount-table').textContent()).toContain('账户号');
    await shot(page, 'venue-manage-account');
    await page.getByTestId('venue-account-records').click();
    await expect.poll(() => page.getByTestId('venueRecharge-table').textContent()).toContain('订单号');

    // Members and cards come later: their tables are there, empty; today's sessions: none booked.
    await page.getByTestId('venue-tab-member').click();
    await expect.poll(() => page.getByTestId('venue-member-table').textContent()).toContain('会员等级');
    await page.getByTestId('venue-tab-venueSessions').click();
    await expect.poll(() => page.getByTestId('venue-sessions-table').textContent()).toContain('暂无数据');
    await shot(page, 'venue-manage-sessions');
  });
});
