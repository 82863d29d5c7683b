import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregate, aggregateSign, aggregateSignContent } from './aggregate.ts';
import { startAggregateSimulator, type AggregateSimHandle } from './simulators/aggregate.sim.ts';
import { startReceiver, type Receiver } from './receiver.testkit.ts';
import { NotifySignatureError, type MerchantConfig } from './provider.ts';
import { cstDay } from './money.ts';

const no = (p: string) => `${p}${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);

describe('aggregated pay signing rules', () => {
  it('sorts the non-empty fields but sign and appends the key', () => {
    expect(aggregateSignContent({ total_amount: '100', mch_id: 'M1', sign: 'x', empty: '', nonce_str: 'n' }, 'K')).toBe(
      'mch_id=M1&nonce_str=n&total_amount=100&key=K',
    );
  });

  it('signs with HMAC-SHA256 keyed with the secret, or MD5, in upper-case hex', () => {
    // Computed independently: openssl dgst -md5 / -sha256 -hmac K of "a=1&key=K".
    expect(aggregateSign({ a: '1', sign: 'old' }, 'K', 'MD5')).toBe('EA3D702E18C9ADBB80DB27C87FBD612C');
    expect(aggregateSign({ a: '1' }, 'K', 'HMAC-SHA256')).toBe('D3A05A0ECD770582C2B318BBA327D2333C4930729343BE3997EFEB050DDC6F64');
  });
});

for (const variant of [
  { signType: 'HMAC-SHA256', amountUnit: 'fen' },
  { signType: 'MD5', amountUnit: 'yuan' },
] as const) {
  describe(`aggregated pay adapter against the simulator (${variant.signType}, ${variant.amountUnit})`, () => {
    let sim: AggregateSimHandle;
    let rx: Receiver;
    let cfg: MerchantConfig;
    beforeAll(async () => {
      sim = await startAggregateSimulator({ notifyRetryDelaysMs: [0, 100, 200], ...variant });
      cfg = sim.merchantConfig();
      rx = await startReceiver(aggregate, () => cfg);
    });
    afterAll(async () => {
      await sim?.close();
      await rx?.close();
    });

    it('QR: precreate, the customer pays, the notification verifies with the amount; replays keep the notifyId', async () => {
      const outTradeNo = no('GQ');
      const { qrCode } = await aggregate.precreate(cfg, { outTradeNo, amountFen: 1, subject: '场地', notifyUrl: rx.url, expiresAt: inMinutes(15) });
      expect(qrCode).toBe(`${sim.url}/cashier/${outTradeNo}`);
      expect((await aggregate.query(cfg, outTradeNo)).state).toBe('paying');
      const page = await fetch(qrCode).then((r) => r.text());
      expect(page).toContain('¥0.01');
      const res = await fetch(`${qrCode}/pay?return=${encodeURIComponent('http://127.0.0.1:9/back')}`, { method: 'POST', redirect: 'manual' });
      expect(res.headers.get('location')).toBe('http://127.0.0.1:9/back');
      const n = (await rx.waitParsed(1)).find((x) => x.outTradeNo === outTradeNo)!;
      expect(n).toMatchObject({ kind: 'pay', state: 'succeeded', amountFen: 1 });
      expect(sim.notifications(outTradeNo)[0]).toMatchObject({ accepted: true, answer: '{"return_code":"SUCCESS"}' });
      expect(await aggregate.query(cfg, outTradeNo)).toMatchObject({ state: 'succeeded', paidFen: 1 });
      await sim.replay(outTradeNo, 3);
      const all = rx.parsed().filter((p) => p.outTradeNo === outTradeNo);
      expect(all).toHaveLength(4);
      expect(new Set(all.map((p) => p.notifyId))).toEqual(new Set([n.notifyId]));
    });

    it('a bad signature and a tampered body throw NotifySignatureError; a wrong amount parses as sent', async () => {
      const outTradeNo = no('GS');
      await aggregate.precreate(cfg, { outTradeNo, amountFen: 999, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(15) });
      await sim.pay(outTradeNo);
      expect((await sim.sendBadSignature(outTradeNo)).accepted).toBe(false);
      expect(rx.received.at(-1)!.error).toBeInstanceOf(NotifySignatureError);
      expect((await sim.sendTampered(outTradeNo)).accepted).toBe(false);
      expect(rx.received.at(-1)!.error).toBeInstanceOf(NotifySignatureError);
      expect((await sim.sendWrongAmount(outTradeNo, 1000)).accepted).toBe(true);
      expect(rx.parsed().at(-1)).toMatchObject({ outTradeNo, amountFen: 1000 });
      expect(() => aggregate.parseNotify({ ...cfg, secrets: { key: 'other' } }, {}, rx.received.at(-1)!.body)).toThrow(NotifySignatureError);
    });

    it('barcode: paid at once (both wallets), paying then succeeded by query, failing', async () => {
      for (const code of ['134567890123456789', '284567890123456789']) {
        expect(
          await aggregate.micropay(cfg, { outTradeNo: no('GB'), amountFen: 1234, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(1), authCode: code }),
        ).toMatchObject({ state: 'succeeded', paidFen: 1234 });
      }
      const paying = no('GP');
      expect(
        (
          await aggregate.micropay(cfg, {
            outTradeNo: paying,
            amountFen: 50,
            subject: 'x',
            notifyUrl: rx.url,
            expiresAt: inMinutes(1),
            authCode: '104567890123450000',
          })
        ).state,
      ).toBe('paying');
      expect((await aggregate.query(cfg, paying)).state).toBe('paying');
      expect(await aggregate.query(cfg, paying)).toMatchObject({ state: 'succeeded', paidFen: 50 });
      const failed = await aggregate.micropay(cfg, {
        outTradeNo: no('GF'),
        amountFen: 50,
        subject: 'x',
        notifyUrl: rx.url,
        expiresAt: inMinutes(1),
        authCode: '254567890123459999',
      });
      expect(failed.state).toBe('failed');
      expect((failed.raw as any).err_code).toBe('NOTENOUGH');
    });

    it('close unpaid; reverse a paying barcode trade', async () => {
      const qr = no('GC');
      await aggregate.precreate(cfg, { outTradeNo: qr, amountFen: 100, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(15) });
      await aggregate.close(cfg, qr);
      expect((await aggregate.query(cfg, qr)).state).toBe('closed');
      sim.nextMicropayPaying(100);
      const bar = no('GV');
      expect(
        (
          await aggregate.micropay(cfg, {
            outTradeNo: bar,
            amountFen: 100,
            subject: 'x',
            notifyUrl: rx.url,
            expiresAt: inMinutes(1),
            authCode: '114567890123456789',
          })
        ).state,
      ).toBe('paying');
      await aggregate.reverse(cfg, bar);
      expect((await aggregate.query(cfg, bar)).state).toBe('closed');
      expect((await aggregate.query(cfg, no('NONE'))).state).toBe('not_found');
    });

    it('refunds in part and in full, refuses beyond, refund query and refund notifications', async () => {
      const outTradeNo = no('GR');
      await aggregate.precreate(cfg, { outTradeNo, amountFen: 1001, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(15) });
      await sim.pay(outTradeNo);
      expect(
        await aggregate.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-1`, refundFen: 1, totalFen: 1001, reason: 'x', notifyUrl: rx.url }),
      ).toMatchObject({ state: 'succeeded', refundFen: 1 });
      await expect(
        aggregate.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-2`, refundFen: 1001, totalFen: 1001, reason: 'x', notifyUrl: rx.url }),
      ).rejects.toMatchObject({ code: 'REFUND_AMOUNT_EXCEEDED' });
      expect(
        await aggregate.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-2`, refundFen: 1000, totalFen: 1001, reason: 'x', notifyUrl: rx.url }),
      ).toMatchObject({ state: 'succeeded', refundFen: 1000 });
      expect(await aggregate.refundQuery(cfg, outTradeNo, `${outTradeNo}-2`)).toMatchObject({ state: 'succeeded', refundFen: 1000 });
      expect((await aggregate.refundQuery(cfg, outTradeNo, `${outTradeNo}-3`)).state).toBe('not_found');
      expect((await aggregate.query(cfg, outTradeNo)).state).toBe('refunded');
      await sim.idle();
      const refunds = rx.parsed().filter((p) => p.kind === 'refund' && p.outTradeNo === outTradeNo);
      expect(refunds.map((r) => r.amountFen).sort((a, b) => a - b)).toEqual([1, 1000]);
    });

    it("the bill lists the day's trade and refund", async () => {
      const outTradeNo = no('GL');
      await aggregate.micropay(cfg, { outTradeNo, amountFen: 4321, subject: 'x', notifyUrl: rx.url, expiresAt: inMinutes(1), authCode: '134567890123456789' });
      await aggregate.refund(cfg, { outTradeNo, outRefundNo: `${outTradeNo}-1`, refundFen: 21, totalFen: 4321, reason: 'x', notifyUrl: rx.url });
      const lines = (await aggregate.downloadBill(cfg, cstDay(new Date()))).split('\n').filter((l) => l.includes(outTradeNo));
      expect(lines).toHaveLength(2);
      const amount = variant.amountUnit === 'yuan' ? ['43.21', '0.21'] : ['4321', '21'];
      expect(lines[0]).toContain(`,PAY,SUCCESS,${amount[0]}`);
      expect(lines[1]).toMatch(new RegExp(`,REFUND,SUCCESS,${amount[0]},${outTradeNo}-1,\\w+,${amount[1]!.replace('.', '\\.')},-?[\\d.]+$`)); // then the fee given back
    });

    it('refuses a request signed with another key', async () => {
      await expect(aggregate.query({ ...cfg, secrets: { key: 'wrong' } }, 'x')).rejects.toMatchObject({ code: 'RETURN_FAIL' });
    });
  });
}
