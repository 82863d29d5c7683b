import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OrderDetail, PaymentAnswer } from '@venue/contract';
import type { Client } from '../../server/test/harness.ts';
import { makeUser, signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { startPaySimulators, type PaySimulators } from '../../server/src/modules/sport/commerce/commerce.testkit.ts';
import { adminApi, browserAs, makeStaff, openBrowser, screenshot, startE2E, uniq, type E2E, type OwnBrowser, type Staff } from './support.ts';

/**
 * The commerce core at the console (issue 10): a sale paid in cash, the receipt, the order lists
 * in both languages, a refund applied for and approved, a sale paid by the customer on the scan
 * page (through the local payment simulators). Each test works as a cashier of its own
 * (a new organisation with the order, refund and finance menus), in a browser of its own, on
 * orders it makes itself, so any test runs alone.
 */
const ORDERS = '/sport/views/orderManagement/mainOrder';
const detailPath = (id: number) => `/sport/views/orderManagement/orderDetail/${id}`;
const printPath = (id: number) => `/sport/views/orderManagement/print/${id}`;
const api = (p: string) => `/api/sport/commerce/${p}`;

describe('commerce console', () => {
  let e: E2E;
  let sims: PaySimulators;
  const open: OwnBrowser[] = [];

  beforeAll(async () => {
    e = await startE2E();
    sims = await startPaySimulators();
  });
  afterAll(async () => {
    for (const b of open) await b.close();
    await sims?.close();
    await e?.close();
  });

  interface Cashier {
    staff: Staff;
    page: Page;
    api: Client;
  }

  /** A cashier of a new organisation, signed in at the console (Chinese, light) and through the API. */
  const cashier = async (lang: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<Cashier> => {
    const staff = await makeStaff(e, ['home', 'sport.order', 'sport.refund', 'sport.finance']);
    const b = await browserAs(e, staff);
    open.push(b);
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
    if (lang !== 'zh-CN') {
      await b.page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await b.page.reload();
    }
    return { staff, page: b.page, api: await signIn(e.server, staff.code, staff.password) };
  };

  /** A sale made and paid in cash through the API (for the tests that start from a paid order). */
  const paidOrder = async (c: Client, name: string): Promise<OrderDetail> => {
    const made = await c.json<OrderDetail>('POST', api('order'), {
      body: { type: 'general', buyerName: '李四', items: [{ kind: 'general', name, unitPriceFen: 1500, quantity: 2, discountFen: 0 }] },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(made.code, made.msg).toBe(0);
    const paid = await c.json<PaymentAnswer>('POST', api(`order/${made.body.id}/pay`), {
      body: { method: 'cash', amountFen: 3000, receivedFen: 5000 },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.body.order.state).toBe('paid');
    return made.body;
  };

  const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });

  it('sells a general item at the console and takes cash: the change is shown live and the order becomes paid', async () => {
    const { page } = await cashier();
    const item = uniq('矿泉水');
    await page.goto(`${e.baseUrl}${ORDERS}`);
    await page.getByTestId('order-newSale').click();
    await page.locator('#sale-form_items_0_name').fill(item);
    await page.locator('#sale-form_items_0_unitPrice').fill('12.5');
    await page.locator('#sale-form_items_0_quantity').fill('2');
    await page.locator('#sale-form_items_0_discount').fill('1');
    await expect.poll(() => page.getByTestId('sale-total').textContent()).toBe('¥24.00');
    await page.locator('#sale-form_buyerName').fill('张三');
    // A discount asks for its reason (issue 23): refused without one, kept on the order with it.
    await page.getByTestId('sale-form-ok').click();
    await page.locator('#sale-form_discountReason_help').waitFor();
    await page.locator('#sale-form_discountReason').fill('老顾客');
    await page.getByTestId('sale-form-ok').click();

    // Straight into the pay component: ¥24.00 due, cash by default.
    const dialog = page.getByTestId('pay-dialog');
    await dialog.waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('2400');
    await page.locator('#pay-form_received').fill('30');
    await expect.poll(() => page.getByTestId('pay-change').textContent()).toBe('¥6.00');
    await page.locator('#pay-form_received').fill('50');
    await expect.poll(() => page.getByTestId('pay-change').textContent()).toBe('¥26.00');
    await screenshot(page, 'commerce-pay-cash-zh');
    await page.getByTestId('pay-submit').click();

    await page.getByTestId('pay-done').waitFor();
    expect(await page.getByTestId('pay-order-state').getAttribute('data-value')).toBe('paid');
    expect(await page.getByTestId('pay-done-change').textContent()).toBe('¥26.00');
    await page.getByTestId('pay-finish').click();

    // The list shows it paid.
    const row = page.getByTestId('order-table').locator('tr', { hasText: item });
    await expect.poll(() => row.textContent()).toContain('已支付');
    expect(await row.textContent()).toContain('¥24.00');
  });

  it('a cashier without the discount and comp permissions sees no discount field and no comp method', async () => {
    const staff = await makeStaff(e, ['home', 'sport.order.main.add', 'sport.order.main.pay']);
    const b = await browserAs(e, staff);
    open.push(b);
    const { page } = b;
    page.setDefaultTimeout(15_000);
    await page.waitForURL(/\/home/);
    await page.goto(`${e.baseUrl}${ORDERS}`);
    await page.getByTestId('order-newSale').click();
    const item = uniq('毛巾');
    await page.locator('#sale-form_items_0_name').fill(item);
    await page.locator('#sale-form_items_0_unitPrice').fill('15');
    expect(await page.locator('#sale-form_items_0_discount').count()).toBe(0);
    await page.getByTestId('sale-form-ok').click();
    await page.getByTestId('pay-dialog').waitFor();
    await expect.poll(() => page.getByTestId('pay-due').getAttribute('data-fen')).toBe('1500');
    await page.getByTestId('pay-method-cash').waitFor();
    expect(await page.getByTestId('pay-method-free').count()).toBe(0);
  });

  it('prints the receipt of a paid order: the receipt alone on paper, Print calls window.print()', async () => {
    const { page, api: c, staff } = await cashier();
    const item = uniq('羽毛球');
    const order = await paidOrder(c, item);
    await page.goto(`${e.baseUrl}${detailPath(order.id)}`);
    await page.getByTestId('order-detail-print').click();
    await page.waitForURL(new RegExp(printPath(order.id)));
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    expect(await page.getByTestId('receipt-order-no').textContent()).toBe(order.orderNo);
    const text = (await receipt.textContent()) ?? '';
    expect(text).toContain(item);
    expect(text).toContain(staff.name);
    expect(await page.getByTestId('receipt-payable').textContent()).toBe('¥30.00');
    expect(await page.getByTestId('receipt-change').textContent()).toBe('¥20.00');
    expect(text).toContain('现金');

    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await page.getByTestId('receipt-print').click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // On paper: no button, no menu, no tabs; the receipt is there.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('receipt-print').isVisible()).toBe(false);
    expect(await page.locator('.venue-sider').isVisible()).toBe(false);
    expect(await page.locator('.venue-tabs').isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    await screenshot(page, 'commerce-receipt-print-zh');
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByTestId('receipt-print').isVisible()).toBe(true);
  });

  it('shows the order lists in both languages: titles, columns, states and a type tab', async () => {
    const zh = await cashier('zh-CN');
    const item = uniq('毛巾');
    await paidOrder(zh.api, item);
    await zh.page.goto(`${e.baseUrl}${ORDERS}`);
    const head = () => zh.page.getByTestId('order-table').locator('thead').textContent();
    await expect.poll(head).toContain('订单号');
    for (const col of ['订单类型', '商品', '购买人', '应付金额', '已付金额', '订单状态', '下单时间']) expect(await head()).toContain(col);
    await expect.poll(() => zh.page.getByTestId('order-table').locator('tbody').textContent()).toContain(item);
    const body = (await zh.page.getByTestId('order-table').locator('tbody').textContent()) ?? '';
    expect(body).toContain('普通销售');
    expect(body).toContain('已支付');
    expect(body).toContain('¥30.00');
    expect(await zh.page.locator('.venue-tabs').textContent()).toContain('全部订单');
    await screenshot(zh.page, 'commerce-orders-zh');
    // A type tab: its own item column, and none of the general sale.
    await zh.page.goto(`${e.baseUrl}/sport/views/orderManagement/venueReservation`);
    const venueHead = () => zh.page.getByTestId('order-venueReservation-table').locator('thead').textContent();
    await expect.poll(venueHead).toContain('场地与时段');
    expect(await venueHead()).not.toContain('订单类型');
    await expect.poll(() => zh.page.getByTestId('order-venueReservation-table').textContent()).toContain('暂无数据');

    const en = await cashier('en-US');
    await paidOrder(en.api, item);
    await en.page.goto(`${e.baseUrl}${ORDERS}`);
    const enHead = () => en.page.getByTestId('order-table').locator('thead').textContent();
    await expect.poll(enHead).toContain('Order no.');
    for (const col of ['Order type', 'Items', 'Buyer', 'Payable', 'Paid', 'State', 'Created']) expect(await enHead()).toContain(col);
    await expect.poll(() => en.page.getByTestId('order-table').locator('tbody').textContent()).toContain(item);
    const enBody = (await en.page.getByTestId('order-table').locator('tbody').textContent()) ?? '';
    expect(enBody).toContain('General sale');
    expect(enBody).toContain('Paid');
    expect(enBody).toContain('¥30.00');
    expect(await en.page.locator('.venue-tabs').textContent()).toContain('All orders');
    expect(await en.page.getByTestId('order-newSale').textContent()).toContain('New sale');
    await screenshot(en.page, 'commerce-orders-en');
    await en.page.goto(`${e.baseUrl}/sport/views/orderManagement/venueReservation`);
    await expect.poll(() => en.page.getByTestId('order-venueReservation-table').locator('thead').textContent()).toContain('Sites and times');
  });

  it('shows a type tab for each order type a module sells: general sales has its own tab listing a general sale; coupons and registrations have theirs', async () => {
    const { page, api: c } = await cashier();
    const item = uniq('矿泉水');
    await paidOrder(c, item);
    await page.goto(`${e.baseUrl}${ORDERS}`);
    const tab = (type: string) => page.getByTestId(`order-type-tab-${type}`);
    await expect.poll(() => tab('general').isVisible()).toBe(true);
    expect(await tab('general').textContent()).toBe('普通销售');
    // Every type has a module that sells it now (coupons and registrations came last).
    for (const type of ['venue', 'card', 'ticket', 'course', 'sparring', 'coupon', 'registration']) expect(await tab(type).count(), type).toBe(1);
    await tab('general').click();
    await expect.poll(() => page.getByTestId('order-table').locator('tbody').textContent()).toContain(item);
    await screenshot(page, 'commerce-order-type-tabs-zh');
    // Another type's tab does not list the general sale.
    await tab('card').click();
    await expect.poll(() => page.getByTestId('order-table').locator('tbody').textContent()).toContain('暂无数据');
    // The registration orders' menu screen lists them (with the event's column): the module that sells them is loaded.
    await page.goto(`${e.baseUrl}/sport/views/orderManagement/sportsRegistration`);
    await expect.poll(() => page.getByRole('columnheader', { name: '赛事项目' }).isVisible()).toBe(true);
    expect(await page.getByTestId('order-sportsRegistration-unsold').count()).toBe(0);
  });

  it('refunds with review: applied for from the order detail, approved in the review screen by another user, the order shows refunded', async () => {
    const { page, api: c, staff } = await cashier();
    const item = uniq('球拍');
    const order = await paidOrder(c, item);
    await page.goto(`${e.baseUrl}${detailPath(order.id)}`);
    await expect.poll(() => page.getByTestId('order-detail-state').getAttribute('data-value')).toBe('paid');

    // Both items, back to the original method (cash), with a reason.
    await page.getByTestId('order-detail-refund').click();
    await page.getByTestId('refund-qty-1').fill('2');
    await page.locator('#refund-form_reason').fill('顾客退货');
    await screenshot(page, 'commerce-refund-apply-zh');
    await page.getByTestId('refund-form-ok').click();
    await toast(page, '退款申请已提交，待审核').waitFor();
    await expect.poll(() => page.getByTestId('order-detail-refund-state').getAttribute('data-value')).toBe('applied');

    // The applicant cannot approve their own refund (issue 23).
    const applied = (await c.json('POST', api('refund/list'), { body: { orderNo: order.orderNo } })).body.data[0];
    const own = await c.json('POST', api(`refund/${applied.id}/review`), { body: { approve: true, remark: '自己批准' } });
    expect([own.code, own.msg]).toEqual([100409, '不能审核自己申请的退款，请由其他人审核']);
    // The review screen offers them no approve or reject on it.
    await page.goto(`${e.baseUrl}/sport/views/refundList/refundReview`);
    const ownRow = page.getByTestId('refundReview-table').locator('tr', { hasText: order.orderNo });
    await ownRow.waitFor();
    expect(await ownRow.getByTestId('refundReview-row-approve').count()).toBe(0);
    expect(await ownRow.getByTestId('refundReview-row-reject').count()).toBe(0);

    // Another user of the same role approves it with a remark.
    const password = 'Kq7mWz2Lpx';
    const second = await makeUser(await adminApi(e), staff.orgId, { roleIds: [staff.roleId], password, code: uniq('e2e_') });
    const reviewer = await browserAs(e, { code: second.code, password });
    open.push(reviewer);
    reviewer.page.setDefaultTimeout(15_000);
    await reviewer.page.waitForURL(/\/home/);
    await reviewer.page.goto(`${e.baseUrl}/sport/views/refundList/refundReview`);
    const row = reviewer.page.getByTestId('refundReview-table').locator('tr', { hasText: order.orderNo });
    await row.getByTestId('refundReview-row-approve').click();
    await reviewer.page.locator('#review-form_remark').fill('同意退款');
    await reviewer.page.getByTestId('review-form-ok').click();
    await toast(reviewer.page, '已通过，退款处理中').waitFor();
    await expect.poll(() => row.count()).toBe(0);

    // The order refund list shows it refunded, its drawer the leg and the review.
    await page.goto(`${e.baseUrl}/sport/views/refundList/orderRefund`);
    const refundRow = page.getByTestId('refund-table').locator('tr', { hasText: order.orderNo });
    await expect.poll(() => refundRow.textContent()).toContain('已退款');
    await refundRow.getByTestId('refund-row-view').click();
    const drawer = page.getByTestId('refund-detail');
    await expect.poll(() => drawer.getByTestId('refund-legs').textContent()).toContain('¥30.00');
    expect(await drawer.getByTestId('refund-review-info').textContent()).toContain('同意退款');
    await screenshot(page, 'commerce-refund-detail-zh');

    // Back on the order: refunded in full.
    await page.goto(`${e.baseUrl}${detailPath(order.id)}`);
    await expect.poll(() => page.getByTestId('order-detail-state').getAttribute('data-value')).toBe('refunded');
    expect(await page.getByTestId('order-detail-refunded').getAttribute('data-fen')).toBe('3000');
    await expect.poll(() => page.getByTestId('order-detail-refund-state').getAttribute('data-value')).toBe('succeeded');
  });

  it('sells at the console and the customer pays the QR code on /thirdScanPage in a second page: the pay dialog sees the order paid', async () => {
    const { page, api: c } = await cashier();
    // The cashier's organisation takes Alipay and WeChat Pay through the local simulators.
    for (const provider of ['alipay', 'wechat'] as const) {
      const cfg = sims[provider].merchantConfig();
      const saved = await c.json('PUT', api(`merchant/${provider}`), {
        body: { enabled: true, gateway: cfg.gateway, settings: cfg.settings, secrets: cfg.secrets, version: 0 },
      });
      expect(saved.code, saved.msg).toBe(0);
    }
    const item = uniq('场地');
    await page.goto(`${e.baseUrl}${ORDERS}`);
    await page.getByTestId('order-newSale').click();
    await page.locator('#sale-form_items_0_name').fill(item);
    await page.locator('#sale-form_items_0_unitPrice').fill('80');
    await page.getByTestId('sale-form-ok').click();
    await page.getByTestId('pay-dialog').waitFor();

    // The operator shows a WeChat Pay QR code, then closes it unpaid.
    await page.getByTestId('pay-method-wechat').click();
    await page.getByTestId('pay-submit').click();
    const qr = page.getByTestId('pay-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('data-code')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    await screenshot(page, 'commerce-pay-qr-zh');
    await page.getByTestId('pay-qr-close').click();
    await page.getByTestId('pay-submit').waitFor();
    await expect.poll(() => page.getByTestId('pay-payments').textContent()).toContain('已关闭');

    // The customer scans the order's page on a phone, without a session.
    const scanUrl = (await page.getByTestId('pay-scan-qr').getAttribute('data-url')) ?? '';
    expect(scanUrl.startsWith(`${e.baseUrl}/thirdScanPage?token=`), scanUrl).toBe(true);
    const phone = await openBrowser({ viewport: { width: 390, height: 844 } });
    open.push(phone);
    const p2 = phone.page;
    p2.setDefaultTimeout(15_000);
    await p2.goto(scanUrl);
    await expect.poll(() => p2.getByTestId('scan-due').getAttribute('data-fen')).toBe('8000');
    expect(await p2.getByTestId('scan-subject').textContent()).toContain(item);
    expect(p2.url()).toContain('/thirdScanPage');
    await screenshot(p2, 'commerce-scan-page-zh');
    await p2.getByTestId('scan-pay-alipay').click();
    // The provider's cashier page (the simulator's): pay, and come back to the result page.
    await p2.locator('#sim-pay').click();
    await p2.waitForURL(/\/payCallback\?/);
    await p2.getByTestId('callback-success').waitFor({ timeout: 20_000 });
    await screenshot(p2, 'commerce-pay-callback-zh');

    // The console's dialog, polling the order, sees it paid.
    await page.getByTestId('pay-done').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('pay-order-state').getAttribute('data-value')).toBe('paid');
    await page.getByTestId('pay-finish').click();
    const row = page.getByTestId('order-table').locator('tr', { hasText: item });
    await expect.poll(() => row.textContent()).toContain('已支付');
  });
  it('cancels a pending order from its detail with a reason: the order shows cancelled and why', async () => {
    const { page, api: c } = await cashier();
    const made = await c.json<OrderDetail>('POST', api('order'), {
      body: { type: 'general', buyerName: '赵六', items: [{ kind: 'general', name: '储物柜', unitPriceFen: 1000, quantity: 1, discountFen: 0 }] },
    });
    expect(made.code, made.msg).toBe(0);
    await page.goto(`${e.baseUrl}${detailPath(made.body.id)}`);
    await page.getByTestId('order-detail-cancel').click();
    await page.locator('#cancel-form_reason').fill('顾客不要了');
    await page.getByTestId('cancel-form-ok').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(async () => (await c.json<OrderDetail>('GET', api(`order/${made.body.id}`))).body.state).toBe('cancelled');
    expect((await c.json<OrderDetail>('GET', api(`order/${made.body.id}`))).body.cancelReason).toBe('顾客不要了');
    await page.getByTestId('cancel-form').waitFor({ state: 'detached' });
  });
});
