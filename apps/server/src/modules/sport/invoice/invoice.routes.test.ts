import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient } from '../../system/admin.testkit.ts';
import { imbalances, sellGeneral, sport } from '../commerce/commerce.testkit.ts';
import { syncInvoices } from './invoice.service.ts';
import { invoiceApi, invoiceStaff, ok, paidOrder, startEinvoiceSimulator, type EinvoiceSimHandle } from './invoice.testkit.ts';

const COMPANY_TAX_NO = '91350100M000100Y43';

/**
 * E-invoices (issue 29) through the console's calls, against the local platform simulator: the
 * fixed call and its 100409 `invoiced`, issuing followed to the end, tax per line, company titles,
 * a credit note then a reissue, a refund that waits for the credit note, and the organisation's scope.
 */
describe.each(databases)('invoices on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  let sim: EinvoiceSimHandle;
  let st: Awaited<ReturnType<typeof invoiceStaff>>;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
    sim = await startEinvoiceSimulator();
    st = await invoiceStaff(s, admin, platformId, sim);
  });
  afterAll(async () => {
    expect(await imbalances(s)).toEqual([]);
    await sim?.close();
    await s?.close();
  });

  const detail = (c: Client, id: number) => ok(c, 'GET', invoiceApi(String(id)));
  const refresh = (c: Client, id: number) => ok(c, 'POST', invoiceApi(`${id}/refresh`));

  it('the fixed call answers {id, state, orderId}; a second request for the order answers 100409 invoiced; the platform issues it with a PDF', async () => {
    const order = await paidOrder(st.c);
    const first = await st.c.json('POST', invoiceApi(), { body: { orderId: order.id, title: '张晓明', email: 'zhang@example.com' } });
    expect(first.code, first.msg).toBe(0);
    expect(first.body).toEqual({ id: expect.any(Number), state: 'issuing', orderId: order.id });
    const id = (first.body as { id: number }).id;

    const second = await st.c.json('POST', invoiceApi(), { body: { orderId: order.id, title: '张晓明' } });
    expect(second.code).toBe(Code.CONFLICT);
    expect(second.detail).toMatchObject({ reason: 'invoiced' });
    expect(second.msg).toContain(order.orderNo);

    // In progress until the platform is done: the serial is known, the number not yet.
    const sent = await detail(st.c, id);
    expect(sent).toMatchObject({ state: 'issuing', orderNo: order.orderNo, titleKind: 'personal', serialNo: expect.any(String), invoiceNo: null });
    const issued = await refresh(st.c, id);
    expect(issued).toMatchObject({ state: 'issued', invoiceNo: expect.stringMatching(/^\d{20}$/), pdfUrl: expect.stringMatching(/\.pdf$/) });
    const pdf = await fetch(issued.pdfUrl);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);

    // Still live once issued; the list shows it.
    expect((await st.c.json('POST', invoiceApi(), { body: { orderId: order.id, title: '张晓明' } })).detail).toMatchObject({ reason: 'invoiced' });
    const list = await ok<{ total: number; data: { id: number; state: string }[] }>(st.c, 'POST', invoiceApi('list'), { keyword: order.orderNo });
    expect(list.data).toEqual([expect.objectContaining({ id, state: 'issued' })]);
  });

  it('an Idempotency-Key repeated answers the first invoice; one serial at the platform per order number', async () => {
    const order = await paidOrder(st.c);
    const headers = { 'Idempotency-Key': `inv-${order.id}-a` };
    const a = await ok(st.c, 'POST', invoiceApi(), { orderId: order.id, title: '李雷' }, headers);
    const b = await ok(st.c, 'POST', invoiceApi(), { orderId: order.id, title: '李雷' }, headers);
    expect(b).toEqual(a);
    expect(sim.serialsOf(order.orderNo)).toBe(1);
  });

  it('tax per line, round half up on tax-inclusive amounts: the lines add up to the invoice to the fen', async () => {
    const order = await paidOrder(st.c, [
      { name: '网球场地(2小时)', unitPriceFen: 10_000 },
      { name: '矿泉水', unitPriceFen: 333, quantity: 3 },
      { name: '护腕', unitPriceFen: 9 },
    ]);
    const { id } = await ok(st.c, 'POST', invoiceApi(), { orderId: order.id, title: '韩梅梅' });
    const inv = await detail(st.c, id);
    // 6%: 10000 × 600 / 10600 = 566.04 → 566; 999 → 56.55 → 57; 9 → 0.509 → 1.
    expect(inv.lines.map((l: { amountFen: number; taxFen: number; taxRateBp: number }) => [l.amountFen, l.taxRateBp, l.taxFen])).toEqual([
      [10_000, 600, 566],
      [999, 600, 57],
      [9, 600, 1],
    ]);
    expect(inv).toMatchObject({ amountFen: 11_008, taxFen: 624 });
    // The platform checked the lines against the totals before it gave a serial.
    expect((await refresh(st.c, id)).state).toBe('issued');
  });

  it("a company's title needs a valid unified social credit code; a personal one none; only paid orders", async () => {
    const order = await paidOrder(st.c);
    const bad = await st.c.json('POST', invoiceApi(), { body: { orderId: order.id, title: '某某公司', taxNo: '91350100M000100Y44' } });
    expect(bad.code).toBe(Code.FORM_INVALID);
    expect(JSON.stringify(bad.detail)).toContain('taxNo');
    const missing = await st.c.json('POST', invoiceApi(), { body: { orderId: order.id, title: '某某公司', titleKind: 'company' } });
    expect(missing.code).toBe(Code.FORM_INVALID);
    const en = await st.c.json('POST', invoiceApi(), { body: { orderId: order.id, title: 'Acme', taxNo: 'NOT-A-CODE' }, lang: 'en-US' });
    expect(en.msg).toContain('unified social credit code');
    expect((await st.c.json('POST', invoiceApi('list'), { body: { orderId: order.id } })).body).toMatchObject({ total: 0 });

    const { id } = await ok(st.c, 'POST', invoiceApi(), { orderId: order.id, title: '福州某某体育有限公司', taxNo: COMPANY_TAX_NO.toLowerCase() });
    expect(await detail(st.c, id)).toMatchObject({ titleKind: 'company', taxNo: COMPANY_TAX_NO });

    const pending = (await sellGeneral(st.c, [{ name: '储物柜', unitPriceFen: 500 }])) as { id: number };
    const unpaid = await st.c.json('POST', invoiceApi(), { body: { orderId: pending.id, title: '张三' } });
    expect(unpaid.code).toBe(Code.CONFLICT);
    expect(unpaid.detail).toMatchObject({ reason: 'state' });
  });

  it('a refund of an invoiced order waits for the credit note; credited, the refund goes and the order may be invoiced again', async () => {
    const order = await paidOrder(st.c);
    const { id } = await ok(st.c, 'POST', invoiceApi(), { orderId: order.id, title: '王芳' });
    const issued = await refresh(st.c, id);
    const refundBody = { orderId: order.id, items: [], amountFen: 2_000, to: 'original', reason: '场地临时关闭' };
    const refused = await st.c.json('POST', sport('refund'), { body: refundBody });
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.msg).toContain('先红冲');

    // A credit note at an old version is refused; at the current one it goes to the platform.
    expect((await st.c.json('POST', invoiceApi(`${id}/credit`), { body: { reason: '退款', version: issued.version - 1 } })).detail).toMatchObject({
      reason: 'stale',
    });
    const crediting = await ok(st.c, 'POST', invoiceApi(`${id}/credit`), { reason: '场地关闭退款', version: issued.version });
    expect(crediting).toMatchObject({ state: 'crediting', redConfirmNo: expect.any(String) });
    expect((await st.c.json('POST', sport('refund'), { body: refundBody })).msg).toContain('正在红冲');
    // The sync job follows the credit note, as the refresh call does.
    expect(await syncInvoices(s.database.db, s.app.ctx.keys.secretKey)).toMatchObject({ failed: 0 });
    const credited = await detail(st.c, id);
    expect(credited).toMatchObject({
      state: 'credited',
      redInvoiceNo: expect.any(String),
      redPdfUrl: expect.stringMatching(/\.pdf$/),
      creditReason: '场地关闭退款',
    });
    expect((await st.c.json('POST', sport('refund'), { body: refundBody })).code).toBe(0);

    // Reissued (another title): a new invoice of the same order, the platform's request number the order's `-2`.
    const again = await ok(st.c, 'POST', invoiceApi(`${id}/reissue`), { title: '王芳（重开）' });
    expect(again).toEqual({ id: expect.any(Number), state: 'issuing', orderId: order.id });
    expect(sim.serialsOf(`${order.orderNo}-2`)).toBe(1);
    expect((await refresh(st.c, again.id)).state).toBe('issued');
  });

  it('a refused invoice fails and leaves the order free to be invoiced again', async () => {
    const order = await paidOrder(st.c);
    sim.failNext('购方名称与税号不符');
    const { id } = await ok(st.c, 'POST', invoiceApi(), { orderId: order.id, title: '赵六' });
    expect(await refresh(st.c, id)).toMatchObject({ state: 'failed', failReason: '购方名称与税号不符' });
    const next = await ok(st.c, 'POST', invoiceApi(), { orderId: order.id, title: '赵六' });
    expect((await refresh(st.c, next.id)).state).toBe('issued');
  });

  it("scoped to the organisation: another organisation's invoices and orders are not found; the platform sees every one", async () => {
    const order = await paidOrder(st.c);
    const { id } = await ok(st.c, 'POST', invoiceApi(), { orderId: order.id, title: '钱七' });
    const other = await invoiceStaff(s, admin, platformId, sim);
    expect((await other.c.json('GET', invoiceApi(String(id)))).code).toBe(Code.NOT_FOUND);
    expect((await other.c.json('POST', invoiceApi(`${id}/refresh`))).code).toBe(Code.NOT_FOUND);
    expect((await other.c.json('POST', invoiceApi(), { body: { orderId: order.id, title: '钱七' } })).code).toBe(Code.NOT_FOUND);
    expect((await ok(other.c, 'POST', invoiceApi('list'), {})).total).toBe(0);
    expect((await ok(admin, 'POST', invoiceApi('list'), { orderId: order.id })).data).toEqual([expect.objectContaining({ id })]);
  });
});
