import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { alipay, alipayNotifySignContent, alipaySignContent, billText, rsa2Sign, rsa2Verify, privateKeyPem } from './alipay.ts';
import { startAlipaySimulator, type AlipaySimHandle } from './simulators/alipay.sim.ts';
import { startReceiver, type Receiver } from './receiver.testkit.ts';
import { NotifySignatureError, ProviderError, type MerchantConfig } from './provider.ts';
import { cstDay } from './money.ts';
import { zipOf } from './simulators/zip.ts';

const no = (p: string) => `${p}${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);

describe('Alipay signing rules (published protocol)', () => {
  it('sorts the parameters by name, drops sign and empty values, keeps sign_type in requests', () => {
    // The example of the open platform's "sign it yourself" page.
    const content = alipaySignContent({
      method: 'alipay.mobile.public.menu.add',
      app_id: '2014072300007148',
      charset: 'GBK',
      sign_type: 'RSA2',
      timestamp: '2014-07-24 03:07:50',
      biz_content: '{"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"}]}',
      version: '1.0',
      sign: 'ignored',
      app_auth_token: '',
    });
    expect(content).toBe(
      'app_id=2014072300007148&biz_content={"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"}]}&charset=GBK&method=alipay.mobile.public.menu.add&sign_type=RSA2&timestamp=2014-07-24 03:07:50&version=1.0',
    );
  });

  it('leaves sign_type out of a notification', () => {
    expect(alipayNotifySignContent({ b: '2', a: '1', sign_type: 'RSA2', sign: 'x', c: '' })).toBe('a=1&b=2');
  });

  it('signs with SHA256withRSA and reads bare base64 PKCS#1 keys', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const bare = privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64');
    const sig = rsa2Sign('a=1&b=2', privateKeyPem(bare));
    expect(rsa2Verify('a=1&b=2', sig, publicKey)).toBe(true);
    expect(rsa2Verify('a=1&b=3', sig, publicKey)).toBe(false);
  });

  it('reads the bill from a zip and skips the summary file', () => {
    const zip = zipOf([
      { name: 'x_业务明细.csv', data: Buffer.from('detail,1') },
      { name: 'x_业务明细(汇总).csv', data: Buffer.from('summary') },
    ]);
    expect(billText(zip)).toBe('detail,1');
  });
});

describe('Alipay adapter against the simulator', () => {
  let sim: AlipaySimHandle;
  let rx: Receiver;
  let cfg: MerchantConfig;
  beforeAll(async () => {
    sim = await startAlipaySimulator({ notifyRetryDelaysMs: [0, 100, 200] });
    cfg = sim.merchantConfig();
    rx = await startReceiver(alipay, () => cfg);
  });
  afterAll(async () => {
    await sim?.close();
    await rx?.close();
  });

  it('QR: precreate, the customer pays on the cashier page, the notification verifies with the amount', async () => {
    const outTradeNo = no('AQ');
    const { qrCode } = await alipay.precreate(cfg, { outTradeNo, amountFen: 1, subject: '场地 1号', notifyUrl: rx.url, expiresAt: inMinutes(15) });
    expect(qrCode).toBe(`${sim.url}/cashier/${outTradeNo}`);
    expect((await alipay.query(cfg, outTradeNo)).state).toBe('paying');
    const page = await fetch(qrCode).then((r) => r.text());
    expect(page).toContain('¥0.01');
    expect(page).toContain('id="sim-pay"');
    const res = await fetch(`${qrCode}/pay?return=${encodeURIComponent('http://127.0.0.1:1/done')}`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://127.0.0.1:1/done');
    const n = (await rx.waitParsed(1)).find((x) => x.outTradeNo === outTradeNo)!;
    expect(n).toMatchObject({ kind: 'pay', state: 'succeeded', amountFen: 1 });
    expect(sim.notifications(outTradeNo)[0]).toMatchObject({ accepted: true, answer: 'success' });
    const q = await alipay.query(cfg, outTradeNo);
    expect(q).toMatchObject({ state: 'succeeded', paidFen: 1, tradeNo: n.tradeNo });
  });

  it('a replay parses to the same notifyId; a bad signature, a tampered body and a wrong amount are told apart', async () => {
    const outTradeNo = no('AR');
    await alipay.precreate(cfg, { outTradeNo, amountFen: 12345, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(15) });
    const before = rx.parsed().length;
    await sim.pay(outTradeNo);
    const [first] = (await rx.waitParsed(before + 1)).slice(before);
    expect(first!.amountFen).toBe(12345);
    const replays = await sim.replay(outTradeNo, 3);
    expect(replays.every((r) => r.accepted)).toBe(true);
    const again = rx.parsed().filter((p) => p.outTradeNo === outTradeNo);
    expect(again).toHaveLength(4);
    expect(new Set(again.map((p) => p.notifyId)).size).toBe(1);

    const bad = await sim.sendBadSignature(outTradeNo);
    expect(bad).toMatchObject({ accepted: false, answer: 'fail' });
    expect(rx.received.at(-1)!.error).toBeInstanceOf(NotifySignatureError);
    const tampered = await sim.sendTampered(outTradeNo);
    expect(tampered.accepted).toBe(false);
    expect(rx.received.at(-1)!.error).toBeInstanceOf(NotifySignatureError);
    // A wrong amount is authentic: the adapter parses it and the core compares the amount.
    const wrong = await sim.sendWrongAmount(outTradeNo, 12346);
    expect(wrong.accepted).toBe(true);
    expect(rx.parsed().at(-1)).toMatchObject({ outTradeNo, amountFen: 12346 });
    expect(() => alipay.parseNotify({ ...cfg, settings: { ...cfg.settings, appId: 'other' } }, {}, rx.received.at(-1)!.body)).toThrow(NotifySignatureError);
  });

  it('barcode: paid at once', async () => {
    const outTradeNo = no('AB');
    const s = await alipay.micropay(cfg, {
      outTradeNo,
      amountFen: 250,
      subject: '饮料',
      notifyUrl: rx.url,
      expiresAt: inMinutes(1),
      authCode: '281234567890123456',
    });
    expect(s).toMatchObject({ state: 'succeeded', paidFen: 250 });
    expect(s.tradeNo).toBeTruthy();
  });

  it('barcode: paying, then succeeded after the customer confirms (by queries)', async () => {
    const outTradeNo = no('AP');
    const s = await alipay.micropay(cfg, {
      outTradeNo,
      amountFen: 300,
      subject: 'x',
      notifyUrl: rx.url,
      expiresAt: inMinutes(1),
      authCode: '281234567890120000',
    });
    expect(s.state).toBe('paying');
    expect((await alipay.query(cfg, outTradeNo)).state).toBe('paying');
    expect(await alipay.query(cfg, outTradeNo)).toMatchObject({ state: 'succeeded', paidFen: 300 });
  });

  it('barcode: the next micropay answers paying until the customer pays', async () => {
    sim.nextMicropayPaying(100);
    const outTradeNo = no('AN');
    expect(
      (await alipay.micropay(cfg, { outTradeNo, amountFen: 5, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(1), authCode: '301234567890123456' }))
        .state,
    ).toBe('paying');
    await sim.pay(outTradeNo);
    expect((await alipay.query(cfg, outTradeNo)).state).toBe('succeeded');
  });

  it('barcode: insufficient balance fails; an unknown code fails', async () => {
    const a = await alipay.micropay(cfg, {
      outTradeNo: no('AF'),
      amountFen: 100,
      subject: 'x',
      notifyUrl: rx.url,
      expiresAt: inMinutes(1),
      authCode: '251234567890129999',
    });
    expect(a.state).toBe('failed');
    expect((a.raw as any).sub_code).toBe('ACQ.BUYER_BALANCE_NOT_ENOUGH');
    const b = await alipay.micropay(cfg, {
      outTradeNo: no('AF'),
      amountFen: 100,
      subject: 'x',
      notifyUrl: rx.url,
      expiresAt: inMinutes(1),
      authCode: '131234567890123456',
    });
    expect(b.state).toBe('failed');
  });

  it('close an unpaid trade; the customer can no longer pay it', async () => {
    const outTradeNo = no('AC');
    await alipay.precreate(cfg, { outTradeNo, amountFen: 100, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(15) });
    await alipay.close(cfg, outTradeNo);
    expect((await alipay.query(cfg, outTradeNo)).state).toBe('closed');
    await expect(sim.pay(outTradeNo)).rejects.toThrow(/closed/);
    // Closing what does not exist is no error (a QR nobody scanned is unknown to Alipay).
    await alipay.close(cfg, no('NONE'));
  });

  it('reverse a paying barcode trade, and a paid one (refunded)', async () => {
    const paying = no('AV');
    await alipay.micropay(cfg, {
      outTradeNo: paying,
      amountFen: 100,
      subject: 'x',
      notifyUrl: rx.url,
      expiresAt: inMinutes(1),
      authCode: '261234567890000000',
    });
    await alipay.reverse(cfg, paying);
    expect((await alipay.query(cfg, paying)).state).toBe('closed');
    const paid = no('AV');
    await alipay.micropay(cfg, { outTradeNo: paid, amountFen: 100, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(1), authCode: '261234567890123456' });
    await alipay.reverse(cfg, paid);
    expect((await alipay.query(cfg, paid)).state).toBe('refunded');
  });

  it('refunds in part, twice, then refuses beyond the paid amount; refund query', async () => {
    const outTradeNo = no('AF');
    await alipay.micropay(cfg, { outTradeNo, amountFen: 1000, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(1), authCode: '251234567890123456' });
    const r1 = await alipay.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-1`, refundFen: 300, totalFen: 1000, reason: '部分退款', notifyUrl: rx.url });
    expect(r1).toMatchObject({ state: 'succeeded', refundFen: 300 });
    // The same refund again is no second refund.
    await alipay.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-1`, refundFen: 300, totalFen: 1000, reason: 'again', notifyUrl: rx.url });
    await expect(
      alipay.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-2`, refundFen: 701, totalFen: 1000, reason: 'x', notifyUrl: rx.url }),
    ).rejects.toMatchObject({ code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    expect(
      await alipay.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-2`, refundFen: 700, totalFen: 1000, reason: 'x', notifyUrl: rx.url }),
    ).toMatchObject({ state: 'succeeded', refundFen: 700 });
    expect(await alipay.refundQuery(cfg, outTradeNo, `${outTradeNo}-1`)).toMatchObject({ state: 'succeeded', refundFen: 300 });
    expect(await alipay.refundQuery(cfg, outTradeNo, `${outTradeNo}-2`)).toMatchObject({ state: 'succeeded', refundFen: 700 });
    expect((await alipay.refundQuery(cfg, outTradeNo, `${outTradeNo}-9`)).state).toBe('not_found');
    expect((await alipay.query(cfg, outTradeNo)).state).toBe('refunded');
  });

  it('refund in full', async () => {
    const outTradeNo = no('AG');
    await alipay.micropay(cfg, { outTradeNo, amountFen: 1999, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(1), authCode: '251234567890123456' });
    expect(
      await alipay.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-1`, refundFen: 1999, totalFen: 1999, reason: 'x', notifyUrl: rx.url }),
    ).toMatchObject({ state: 'succeeded', refundFen: 1999 });
    await expect(
      alipay.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-2`, refundFen: 1, totalFen: 1999, reason: 'x', notifyUrl: rx.url }),
    ).rejects.toBeInstanceOf(ProviderError);
  });

  it("the bill lists the day's trades and refunds", async () => {
    const outTradeNo = no('AL');
    await alipay.micropay(cfg, { outTradeNo, amountFen: 4321, subject: '账单', notifyUrl: rx.url, expiresAt: inMinutes(1), authCode: '251234567890123456' });
    await alipay.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-1`, refundFen: 21, totalFen: 4321, reason: 'x', notifyUrl: rx.url });
    const text = await alipay.downloadBill(cfg, cstDay(new Date()));
    const lines = text.split(/\r?\n/).filter((l) => l.includes(outTradeNo));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(',交易,');
    expect(lines[0]).toContain(',43.21,');
    expect(lines[1]).toContain(',退款,');
    expect(lines[1]).toContain(',-0.21,');
    expect(await alipay.downloadBill(cfg, '2001-01-01')).not.toContain(outTradeNo);
  });

  it('refuses a merchant whose key the gateway does not know, and an answer signed by someone else', async () => {
    const other = await startAlipaySimulator();
    try {
      await expect(alipay.query({ ...cfg, secrets: other.merchantConfig().secrets }, 'x')).rejects.toMatchObject({ code: 'isv.invalid-signature' });
      await expect(
        alipay.query({ ...cfg, settings: { ...cfg.settings, alipayPublicKey: other.merchantConfig().settings.alipayPublicKey! } }, 'x'),
      ).rejects.toMatchObject({ code: 'SIGNATURE' });
    } finally {
      await other.close();
    }
  });
});
