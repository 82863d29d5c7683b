import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import {
  aesGcmDecrypt,
  aesGcmEncrypt,
  fromXml,
  parseWechatAuthorization,
  toXml,
  wechat,
  wechatAuthorization,
  wechatRequestMessage,
  wechatResponseMessage,
  wechatV2Sign,
} from './wechat.ts';
import { startWechatSimulator, type WechatSimHandle } from './simulators/wechat.sim.ts';
import { startReceiver, type Receiver } from './receiver.testkit.ts';
import { NotifySignatureError, ProviderError, type MerchantConfig } from './provider.ts';
import { cstDay } from './money.ts';

const no = (p: string) => `${p}${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);

describe('WeChat Pay signing rules (published protocol)', () => {
  it('builds the v3 request message of the documentation example', () => {
    expect(wechatRequestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
    expect(wechatResponseMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', '{"a":1}')).toBe('1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n{"a":1}\n');
  });

  it('reads the Authorization header of the documentation example', () => {
    const h =
      'WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="uOVRnA4qG/MNnYzdQxJanN+zU+lTgIcnU9BxGw5dKjK+VdEUz2FeIoC+D5sB/LN+nGzX3hfZg6r5wT1pl2ZobmIc6p0ldN7J6yDgUzbX8Uk3sD4a4eZVPTBvqNDoUqcYMlZ9uuDdCvNv4TM3c1WzsXUrExwVkI1XO5jCNbgDJ25nkT/c1gIFvqoogl7MdSFGc4W4xZsqCItnqbypR3RuGIlR9h9vlRsy7zJR9PBI83X8alLDIfR1ukt1P7tMnmogZ0cuDY8cZsd8ZlCgLadmvej58SLsIkVxFJ8XmUgx9FCcqa0dwXZ5d3u4KJVoo6Gmg5u+A9+Nlpg5K6d3pKGWQ==",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"';
    expect(parseWechatAuthorization(h)).toMatchObject({
      mchid: '1900009191',
      timestamp: '1554208460',
      serial_no: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
      nonce_str: '593BEC0C930BF1AFEB40B4A08C8FB242',
    });
    expect(parseWechatAuthorization('Bearer x')).toBeUndefined();
  });

  it('signs v2 parameters as the documentation example (MD5 and HMAC-SHA256)', () => {
    const p = { appid: 'wxd930ea5d5a258f4f', mch_id: '10000100', device_info: '1000', body: 'test', nonce_str: 'ibuaiVcKdpRxkhJA', sign: 'ignored', empty: '' };
    expect(wechatV2Sign(p, '192006250b4c09247ec02edce69f6a2d', 'MD5')).toBe('9A0A8659F005D6984697E2CA0A9CF3B7');
    expect(wechatV2Sign(p, '192006250b4c09247ec02edce69f6a2d', 'HMAC-SHA256')).toBe('6A9AE1657590FD6257D693A078E1C3E4BB6BA4DC30B23E0EE2496E54170DACD6');
  });

  it('round-trips v2 XML, CDATA included', () => {
    expect(fromXml(toXml({ a: '1', b: 'x]]>y<z>', c: '中文' }))).toEqual({ a: '1', b: 'x]]>y<z>', c: '中文' });
    expect(fromXml('<xml><return_code>SUCCESS</return_code><total_fee>1</total_fee></xml>')).toEqual({ return_code: 'SUCCESS', total_fee: '1' });
  });

  it('decrypts AEAD_AES_256_GCM and refuses a changed ciphertext or associated data', () => {
    const key = '0123456789abcdef0123456789abcdef';
    const c = aesGcmEncrypt(key, 'abcdefghijkl', 'transaction', '{"x":1}');
    expect(aesGcmDecrypt(key, 'abcdefghijkl', 'transaction', c)).toBe('{"x":1}');
    expect(() => aesGcmDecrypt(key, 'abcdefghijkl', 'refund', c)).toThrow(NotifySignatureError);
    const bytes = Buffer.from(c, 'base64');
    bytes[0]! ^= 1;
    expect(() => aesGcmDecrypt(key, 'abcdefghijkl', 'transaction', bytes.toString('base64'))).toThrow(NotifySignatureError);
  });

  it('puts the signature fields into the Authorization header', () => {
    const h = wechatAuthorization({
      mchId: '1900009191',
      serialNo: 'ABC',
      privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      method: 'GET',
      pathWithQuery: '/v3/x',
      body: '',
      timestamp: '1554208460',
      nonce: 'N',
    });
    expect(h).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="N",signature="[A-Za-z0-9+/=]{344}",timestamp="1554208460",serial_no="ABC"$/);
  });
});

describe('WeChat Pay adapter against the simulator', () => {
  let sim: WechatSimHandle;
  let rx: Receiver;
  let cfg: MerchantConfig;
  beforeAll(async () => {
    sim = await startWechatSimulator({ notifyRetryDelaysMs: [0, 100, 200], refundDelayMs: 50 });
    cfg = sim.merchantConfig();
    rx = await startReceiver(wechat, () => cfg);
  });
  afterAll(async () => {
    await sim?.close();
    await rx?.close();
  });

  it('the merchant settings are in public-key mode', () => {
    expect(cfg.settings.platformSerial).toMatch(/^PUB_KEY_ID_/);
    expect(cfg.secrets.apiV3Key).toHaveLength(32);
  });

  it('QR: native, the customer pays, the notification verifies, decrypts and parses with the amount', async () => {
    const outTradeNo = no('WQ');
    const { qrCode } = await wechat.precreate(cfg, { outTradeNo, amountFen: 1, subject: '场地', notifyUrl: rx.url, expiresAt: inMinutes(15) });
    expect(qrCode).toBe(`${sim.url}/cashier/${outTradeNo}`);
    expect((await wechat.query(cfg, outTradeNo)).state).toBe('paying');
    const page = await fetch(qrCode).then((r) => r.text());
    expect(page).toContain('¥0.01');
    const res = await fetch(`${qrCode}/pay`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    const n = (await rx.waitParsed(1)).find((x) => x.outTradeNo === outTradeNo)!;
    expect(n).toMatchObject({ kind: 'pay', state: 'succeeded', amountFen: 1 });
    expect(rx.received.at(-1)!.headers['wechatpay-serial']).toBe(cfg.settings.platformSerial);
    expect(wechat.notifyMerchantKey(rx.received.at(-1)!.headers, rx.received.at(-1)!.body)).toBe(cfg.settings.platformSerial);
    expect(sim.notifications(outTradeNo)[0]).toMatchObject({ accepted: true, status: 200 });
    expect(await wechat.query(cfg, outTradeNo)).toMatchObject({ state: 'succeeded', paidFen: 1, tradeNo: n.tradeNo });
  });

  it('a replay parses to the same notifyId; a bad signature and a tampered body throw; a wrong amount parses as sent', async () => {
    const outTradeNo = no('WR');
    await wechat.precreate(cfg, { outTradeNo, amountFen: 8800, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(15) });
    const before = rx.parsed().length;
    await sim.pay(outTradeNo);
    await rx.waitParsed(before + 1);
    await sim.replay(outTradeNo, 10, { concurrent: true });
    const all = rx.parsed().filter((p) => p.outTradeNo === outTradeNo);
    expect(all).toHaveLength(11);
    expect(new Set(all.map((p) => p.notifyId)).size).toBe(1);

    expect(await sim.sendBadSignature(outTradeNo)).toMatchObject({ accepted: false, status: 500 });
    expect(rx.received.at(-1)!.error).toBeInstanceOf(NotifySignatureError);
    expect((await sim.sendTampered(outTradeNo)).accepted).toBe(false);
    expect(rx.received.at(-1)!.error).toBeInstanceOf(NotifySignatureError);
    expect((await sim.sendWrongAmount(outTradeNo, 1)).accepted).toBe(true);
    expect(rx.parsed().at(-1)).toMatchObject({ outTradeNo, amountFen: 1 });
    // Another merchant's v3 key cannot decrypt it; another public key cannot verify it.
    const last = rx.received.at(-1)!;
    expect(() => wechat.parseNotify({ ...cfg, secrets: { ...cfg.secrets, apiV3Key: 'x'.repeat(32) } }, last.headers, last.body)).toThrow(NotifySignatureError);
    const other = await startWechatSimulator();
    try {
      expect(() =>
        wechat.parseNotify(
          { ...cfg, settings: { ...cfg.settings, platformPublicKey: other.merchantConfig().settings.platformPublicKey! } },
          last.headers,
          last.body,
        ),
      ).toThrow(NotifySignatureError);
    } finally {
      await other.close();
    }
  });

  it('barcode: paid at once (v2 micropay)', async () => {
    const outTradeNo = no('WB');
    const s = await wechat.micropay(cfg, {
      outTradeNo,
      amountFen: 1234,
      subject: '饮料',
      notifyUrl: rx.url,
      expiresAt: inMinutes(1),
      authCode: '134567890123456789',
    });
    expect(s).toMatchObject({ state: 'succeeded', paidFen: 1234 });
    expect(await wechat.query(cfg, outTradeNo)).toMatchObject({ state: 'succeeded', paidFen: 1234, tradeNo: s.tradeNo });
  });

  it('barcode: USERPAYING, then succeeded by query', async () => {
    const outTradeNo = no('WP');
    const s = await wechat.micropay(cfg, {
      outTradeNo,
      amountFen: 500,
      subject: 'x',
      notifyUrl: rx.url,
      expiresAt: inMinutes(1),
      authCode: '104567890123450000',
    });
    expect(s.state).toBe('paying');
    expect((s.raw as any).err_code).toBe('USERPAYING');
    expect((await wechat.query(cfg, outTradeNo)).state).toBe('paying');
    expect(await wechat.query(cfg, outTradeNo)).toMatchObject({ state: 'succeeded', paidFen: 500 });
  });

  it('barcode: insufficient balance fails; an Alipay code fails at WeChat', async () => {
    const a = await wechat.micropay(cfg, {
      outTradeNo: no('WF'),
      amountFen: 100,
      subject: 'x',
      notifyUrl: rx.url,
      expiresAt: inMinutes(1),
      authCode: '154567890123459999',
    });
    expect(a.state).toBe('failed');
    expect((a.raw as any).err_code).toBe('NOTENOUGH');
    expect(
      (
        await wechat.micropay(cfg, {
          outTradeNo: no('WF'),
          amountFen: 100,
          subject: 'x',
          notifyUrl: rx.url,
          expiresAt: inMinutes(1),
          authCode: '284567890123456789',
        })
      ).state,
    ).toBe('failed');
  });

  it('close an unpaid QR trade; closing a paid one is refused', async () => {
    const outTradeNo = no('WC');
    await wechat.precreate(cfg, { outTradeNo, amountFen: 100, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(15) });
    await wechat.close(cfg, outTradeNo);
    expect((await wechat.query(cfg, outTradeNo)).state).toBe('closed');
    await expect(sim.pay(outTradeNo)).rejects.toThrow(/closed/);
    const paid = no('WC');
    await wechat.micropay(cfg, { outTradeNo: paid, amountFen: 100, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(1), authCode: '114567890123456789' });
    await expect(wechat.close(cfg, paid)).rejects.toMatchObject({ code: 'ORDERPAID' });
    expect((await wechat.query(cfg, no('NONE'))).state).toBe('not_found');
  });

  it('reverse a paying barcode trade (v2 reverse)', async () => {
    const outTradeNo = no('WV');
    await wechat.micropay(cfg, { outTradeNo, amountFen: 100, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(1), authCode: '124567890123450000' });
    await wechat.reverse(cfg, outTradeNo);
    expect((await wechat.query(cfg, outTradeNo)).state).toBe('closed');
    expect(sim.trade(outTradeNo)!.state).toBe('reversed');
  });

  it('refunds in part twice (PROCESSING then SUCCESS with a notification), refuses beyond the paid amount, refund query', async () => {
    const outTradeNo = no('WF');
    await wechat.precreate(cfg, { outTradeNo, amountFen: 1000, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(15) });
    await sim.pay(outTradeNo);
    const before = rx.parsed().filter((p) => p.kind === 'refund').length;
    const r1 = await wechat.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-1`, refundFen: 400, totalFen: 1000, reason: '部分退款', notifyUrl: rx.url });
    expect(r1).toMatchObject({ state: 'processing', refundFen: 400 });
    await expect(
      wechat.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-2`, refundFen: 601, totalFen: 1000, reason: 'x', notifyUrl: rx.url }),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await wechat.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-2`, refundFen: 600, totalFen: 1000, reason: 'x', notifyUrl: rx.url });
    await expect(
      wechat.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-3`, refundFen: 1, totalFen: 1000, reason: 'x', notifyUrl: rx.url }),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(await wechat.refundQuery(cfg, outTradeNo, `${outTradeNo}-1`)).toMatchObject({ state: 'succeeded', refundFen: 400 });
    expect((await wechat.refundQuery(cfg, outTradeNo, `${outTradeNo}-9`)).state).toBe('not_found');
    const deadline = Date.now() + 5000;
    while (rx.parsed().filter((p) => p.kind === 'refund').length < before + 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const refunds = rx.parsed().filter((p) => p.kind === 'refund' && p.outTradeNo === outTradeNo);
    expect(refunds.map((r) => [r.outRefundNo, r.amountFen, r.state]).sort()).toEqual([
      [`${outTradeNo}-1`, 400, 'succeeded'],
      [`${outTradeNo}-2`, 600, 'succeeded'],
    ]);
    expect((await wechat.query(cfg, outTradeNo)).state).toBe('refunded');
  });

  it('the bill lists the trade and its refund; the file matches its hash', async () => {
    const outTradeNo = no('WL');
    await wechat.micropay(cfg, { outTradeNo, amountFen: 4321, subject: '账单', notifyUrl: rx.url, expiresAt: inMinutes(1), authCode: '134567890123456789' });
    await wechat.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-1`, refundFen: 21, totalFen: 4321, reason: 'x', notifyUrl: rx.url });
    const text = await wechat.downloadBill(cfg, cstDay(new Date()));
    const lines = text.split(/\r?\n/).filter((l) => l.includes(outTradeNo));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('`SUCCESS');
    expect(lines[0]).toContain('`43.21');
    expect(lines[1]).toContain('`REFUND');
    expect(lines[1]).toContain('`0.21');
  });

  it('refuses a request signed with another merchant key, and an answer signed by another platform key', async () => {
    const other = await startWechatSimulator();
    try {
      await expect(wechat.query({ ...cfg, secrets: other.merchantConfig().secrets }, 'x')).rejects.toMatchObject({ code: 'SIGN_ERROR' });
      await expect(
        wechat.query({ ...cfg, settings: { ...cfg.settings, platformPublicKey: other.merchantConfig().settings.platformPublicKey! } }, 'x'),
      ).rejects.toMatchObject({ code: 'SIGNATURE' });
      await expect(
        wechat.micropay(
          { ...cfg, secrets: { ...cfg.secrets, apiV2Key: 'y'.repeat(32) } },
          { outTradeNo: no('WX'), amountFen: 1, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(1), authCode: '134567890123456789' },
        ),
      ).rejects.toMatchObject({ code: 'RETURN_FAIL' });
    } finally {
      await other.close();
    }
  });
});
