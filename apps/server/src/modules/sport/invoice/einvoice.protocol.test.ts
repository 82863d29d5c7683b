import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../commerce/index.ts';
import { einvoice, signedForm, type PlatformConfig } from './einvoice.client.ts';
import { ROUTER_PATH, sign, signText } from './einvoice.protocol.ts';
import { startEinvoiceSimulator, type EinvoiceSimHandle } from './einvoice.sim.ts';
import { lineTaxFen } from './invoice.tax.ts';

/** The e-invoice platform's client against the local simulator: signed requests, the serial, the state, the red-letter credit note. */
describe('the e-invoice platform protocol', () => {
  let sim: EinvoiceSimHandle;
  let cfg: PlatformConfig;
  beforeAll(async () => {
    sim = await startEinvoiceSimulator();
    cfg = sim.platformConfig();
  });
  afterAll(async () => sim?.close());

  const blue = (requestNo: string) => ({
    requestNo,
    sellerTaxNo: cfg.sellerTaxNo,
    sellerName: cfg.sellerName,
    buyerType: '0' as const,
    buyerName: '张晓明',
    totalAmount: '100.00',
    totalTax: '5.66',
    items: [{ name: '场地费', quantity: 1, amount: '100.00', taxRate: '0.0600', tax: '5.66' }],
  });
  /** A raw form posted to the router (what another client, or an attacker, would send). */
  const post = async (form: Record<string, string>) => {
    const r = await fetch(sim.url + ROUTER_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    return (await r.json()) as { code: string; msg: string };
  };

  it('signs the sorted non-empty parameters (HMAC-SHA256, upper-case hex)', () => {
    expect(signText({ b: '2', a: '1', sign: 'x', c: '' })).toBe('a=1&b=2');
    expect(sign({ appKey: 'k', method: 'invoice.query' }, 'secret', 'HMAC-SHA256')).toMatch(/^[0-9A-F]{64}$/);
    expect(sign({ appKey: 'k', method: 'invoice.query' }, 'secret', 'MD5')).toMatch(/^[0-9A-F]{32}$/);
  });

  it('issue answers a serial; the same request number answers the same serial; queried, it is issued with a PDF', async () => {
    const no = `T${Date.now()}`;
    const a = await einvoice.issue(cfg, blue(no));
    expect(a.status).toBe('ISSUING');
    expect((await einvoice.issue(cfg, blue(no))).serialNo).toBe(a.serialNo);
    expect(sim.serialsOf(no)).toBe(1);
    // The same request number with other content is refused.
    await expect(einvoice.issue(cfg, { ...blue(no), buyerName: '别人' })).rejects.toMatchObject({ code: '2001' });
    const s = await einvoice.query(cfg, a.serialNo);
    expect(s).toMatchObject({ status: 'ISSUED', requestNo: no, invoiceNo: expect.any(String), pdfUrl: expect.stringContaining(a.serialNo) });
  });

  it('a red-letter confirmation, then the credit note, issued in turn', async () => {
    const a = await einvoice.issue(cfg, blue(`T${Date.now()}r`));
    await expect(einvoice.redConfirm(cfg, a.serialNo, '开错')).rejects.toMatchObject({ code: '2003' }); // not issued yet
    await einvoice.query(cfg, a.serialNo);
    const c = await einvoice.redConfirm(cfg, a.serialNo, '开错');
    expect(c.status).toBe('CONFIRMED');
    const red = await einvoice.redIssue(cfg, c.confirmNo, `${a.serialNo}-R`);
    expect(red.status).toBe('ISSUING');
    expect(await einvoice.query(cfg, red.serialNo)).toMatchObject({ status: 'ISSUED', invoiceNo: expect.any(String) });
  });

  it('refuses a bad signature, a replayed nonce, an old timestamp and a wrong app key; the client refuses an answer it cannot verify', async () => {
    const good = signedForm(cfg, 'invoice.query', { serialNo: 'none' });
    expect((await post({ ...signedForm({ ...cfg, secret: 'not-the-secret' }, 'invoice.query', { serialNo: 'x' }) })).code).toBe('1002');
    expect((await post({ ...good, bizContent: JSON.stringify({ serialNo: 'other' }) })).code).toBe('1002'); // changed after signing
    expect((await post(good)).code).toBe('2002'); // signed right: no such serial
    expect((await post(good)).code).toBe('1003'); // the same nonce again
    expect((await post(signedForm(cfg, 'invoice.query', {}, Date.now() - 11 * 60_000))).code).toBe('1001');
    expect((await post(signedForm({ ...cfg, appKey: 'other' }, 'invoice.query', {}))).code).toBe('1005');
    expect(sim.refusals()).toEqual(expect.arrayContaining(['1002', '1003', '1001', '1005']));
    // A client with the wrong secret cannot verify the platform's answer: it is not read.
    const err = await einvoice.query({ ...cfg, secret: 'wrong' }, 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).code).toBe('SIGN');
  });

  it('line tax rounds half up: round(amount × rate / (1 + rate)) in integer fen', () => {
    expect(lineTaxFen(10_000, 600)).toBe(566);
    expect(lineTaxFen(999, 600)).toBe(57);
    expect(lineTaxFen(9, 600)).toBe(1);
    expect(lineTaxFen(8, 600)).toBe(0);
    expect(lineTaxFen(11_300, 1300)).toBe(1300);
    expect(lineTaxFen(5_000, 0)).toBe(0);
    // Exact halves go up: 3 × 20% / 120% = 0.5, 9 × 20% / 120% = 1.5.
    expect(lineTaxFen(3, 2_000)).toBe(1);
    expect(lineTaxFen(9, 2_000)).toBe(2);
  });
});
