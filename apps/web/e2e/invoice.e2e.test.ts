import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paidOrder, startEinvoiceSimulator, usePlatform, type EinvoiceSimHandle } from '../../server/src/modules/sport/invoice/invoice.testkit.ts';
import { signIn } from '../../server/src/modules/system/admin.testkit.ts';
import { browserAs, makeStaff, setTheme, settledShot, startE2E, type E2E, type OwnBrowser } from './support.ts';

/**
 * Invoices (issue 29, invoiceManagement): an invoice is requested from a paid order's detail for a
 * company, issued by the platform (the local simulator), its lines and tax shown with the PDF link;
 * then credited by a red-letter credit note and reissued.
 */
const MENUS = ['home', 'sport.invoice', 'sport.order.main'];
const TAX_NO = '91350100M000100Y43';

describe('invoice console', () => {
  let e: E2E;
  let b: OwnBrowser;
  let page: Page;
  let sim: EinvoiceSimHandle;
  let order: { id: number; orderNo: string };

  beforeAll(async () => {
    e = await startE2E();
    sim = await startEinvoiceSimulator();
    const staff = await makeStaff(e, MENUS);
    await usePlatform(e.server, staff.orgId, sim);
    order = await paidOrder(await signIn(e.server, staff.code, staff.password), [
      { name: '网球场地(2小时)', unitPriceFen: 10_000 },
      { name: '矿泉水', unitPriceFen: 333, quantity: 3 },
    ]);
    b = await browserAs(e, staff);
    page = b.page;
    page.setDefaultTimeout(15_000);
    await page.waitForURL(/\/home/);
  });
  afterAll(async () => {
    await b?.close();
    await sim?.close();
    await e?.close();
  });

  const row = () => page.locator('[data-testid=invoice-table] tbody tr').filter({ hasText: order.orderNo });
  const stateIs = async (text: string) => expect.poll(() => row().first().innerText()).toContain(text);

  it("requests a company invoice from the order's detail; the platform issues it; the detail shows the lines, the tax and the PDF", async () => {
    await page.goto(`${e.baseUrl}/sport/views/orderManagement/orderDetail/${order.id}`);
    await page.getByTestId('order-detail-invoice').click();
    await page.getByTestId('invoice-request-dialog').waitFor();
    await page.getByTestId('invoice-request-dialog').getByText('企业').click();
    await page.locator('#invoice-request_title').fill('福州某某体育有限公司');
    await page.locator('#invoice-request_taxNo').fill(TAX_NO);
    await page.getByTestId('invoice-request-ok').click();
    await page.getByTestId('invoice-request-dialog').waitFor({ state: 'detached' });
    await stateIs('开票中');

    await row().first().getByTestId('invoice-row-refresh').click();
    await stateIs('已开票');
    expect(await row().first().getByTestId('invoice-pdf').getAttribute('href')).toMatch(/\.pdf$/);
    await row().first().getByTestId('invoice-row-view').click();
    await page.getByTestId('invoice-lines').waitFor();
    // 6%: 10000 → 566, 999 → 57.
    expect(await page.getByTestId('invoice-tax-total').innerText()).toContain('6.23');
    await settledShot(page, 'invoice-detail-light');
    await page.keyboard.press('Escape');
  });

  it('credits the invoice with a red-letter credit note, then reissues it', async () => {
    await row().first().getByTestId('invoice-row-credit').click();
    await page.locator('#invoice-credit_reason').fill('抬头开错');
    await page.getByTestId('invoice-credit-ok').click();
    await page.getByTestId('confirm-ok').click();
    await stateIs('红冲中');
    await row().first().getByTestId('invoice-row-refresh').click();
    await stateIs('已红冲');
    await row().first().getByTestId('invoice-row-reissue').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => row().count()).toBe(2);
    expect(await row().first().innerText()).toContain('开票中');
    await setTheme(page, 'dark');
    await expect.poll(() => row().count()).toBe(2);
    await settledShot(page, 'invoice-list-dark');
  });
});
