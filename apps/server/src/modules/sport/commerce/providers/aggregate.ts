/**
 * The aggregated QR protocol: one configurable signed-HTTP protocol of the kind Chinese
 * aggregators (Fuiou, Lakala, SumPay and the like) offer. One merchant number takes both wallets.
 *
 * Protocol
 * - Transport: `POST {gateway}/api/pay/{action}`, `Content-Type: application/json; charset=utf-8`,
 *   actions `precreate` (QR), `micropay` (barcode), `query`, `close`, `reverse`, `refund`,
 *   `refundquery`, `bill`.
 * - Every request and answer is one flat JSON object of strings: `mch_id`, `nonce_str` (32 hex),
 *   `timestamp` (Unix seconds), `sign_type` (`HMAC-SHA256` or `MD5`), the action's fields, `sign`.
 * - `sign`: the fields but `sign` whose value is not empty, sorted by name, joined as
 *   `k=v&k=v`, then `&key=SECRET` appended; HMAC-SHA256 keyed with SECRET (or MD5 of the
 *   string), upper-case hex. The gateway refuses a timestamp more than 300 s away.
 * - Answers carry `return_code` (`SUCCESS`: the call was understood; `FAIL` with `return_msg`:
 *   not, e.g. a bad sign) and, when it succeeded, `result_code` (`SUCCESS` / `FAIL` with `err_code`,
 *   `err_msg`), signed the same way.
 * - Fields: `out_trade_no`, `total_amount`, `subject`, `notify_url`, `time_expire`
 *   (yyyyMMddHHmmss, China time), `auth_code`; answers `trade_no`, `trade_state` (`NOTPAY`,
 *   `USERPAYING`, `SUCCESS`, `REFUND`, `CLOSED`, `REVOKED`, `PAYERROR`), `pay_time`, `qr_code`;
 *   refunds `out_refund_no`, `refund_amount`, `refund_no`, `refund_state` (`PROCESSING`,
 *   `SUCCESS`, `FAIL`); bill `bill_date` (yyyy-MM-dd) answers `bill_data` (CSV text).
 *   Amounts are fen by default, or yuan text with two decimals when the setting `amountUnit` is `yuan`.
 * - Micropay err_code `USERPAYING` (the customer confirms: query) or `SYSTEMERROR` (unknown:
 *   query); any other err_code failed the payment.
 * - Notifications: `POST notify_url` with the same signed JSON: `notify_id`, `notify_type`
 *   (`pay` / `refund`), `out_trade_no`, `trade_no`, `trade_state`, `total_amount`, `pay_time`
 *   (and for refunds `out_refund_no`, `refund_no`, `refund_amount`, `refund_state`). The merchant
 *   answers `{"return_code":"SUCCESS"}`; anything else makes the aggregator retry.
 *
 * Settings: `mchId`, `signType` (`HMAC-SHA256` default, or `MD5`), `amountUnit` (`fen` default,
 * or `yuan`). Secrets: `key`. The gateway is the aggregator's base URL.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { assertDay, cstCompact, fenToYuan, parseCst, parseFen, yuanToFen } from './money.ts';
import { header, httpCall } from './http.ts';
import {
  NotifySignatureError,
  ProviderError,
  type MerchantConfig,
  type Notification,
  type PayProvider,
  type RefundStatus,
  type TradeStatus,
} from './provider.ts';

export type AggregateSignType = 'HMAC-SHA256' | 'MD5';

export function aggregateSignContent(fields: Record<string, unknown>, key: string): string {
  return (
    Object.keys(fields)
      .filter((k) => k !== 'sign' && fields[k] !== undefined && fields[k] !== null && fields[k] !== '')
      .sort()
      .map((k) => `${k}=${String(fields[k])}`)
      .join('&') + `&key=${key}`
  );
}

export function aggregateSign(fields: Record<string, unknown>, key: string, signType: AggregateSignType): string {
  const text = aggregateSignContent(fields, key);
  return (signType === 'MD5' ? createHash('md5').update(text, 'utf8') : createHmac('sha256', key).update(text, 'utf8')).digest('hex').toUpperCase();
}

export function aggregateVerify(fields: Record<string, unknown>, key: string, signType: AggregateSignType): boolean {
  const got = Buffer.from(String(fields.sign ?? ''), 'utf8');
  const want = Buffer.from(aggregateSign(fields, key, signType), 'utf8');
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Signs a flat object of strings (the simulator answers with it too). */
export function signedAggregate(fields: Record<string, string | undefined>, mchId: string, key: string, signType: AggregateSignType): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries({
    mch_id: mchId,
    nonce_str: randomBytes(16).toString('hex'),
    timestamp: String(Math.floor(Date.now() / 1000)),
    sign_type: signType,
    ...fields,
  })) {
    if (v !== undefined) out[k] = v;
  }
  out.sign = aggregateSign(out, key, signType);
  return out;
}

function need(cfg: MerchantConfig, where: 'settings' | 'secrets', key: string): string {
  const v = cfg[where][key];
  if (!v) throw new ProviderError(`Aggregated pay merchant ${where}.${key} is not set`, 'CONFIG');
  return v;
}

const signTypeOf = (cfg: MerchantConfig): AggregateSignType => (cfg.settings.signType === 'MD5' ? 'MD5' : 'HMAC-SHA256');
const yuan = (cfg: MerchantConfig) => cfg.settings.amountUnit === 'yuan';
export const aggregateAmountOut = (cfg: MerchantConfig, fen: number) => (yuan(cfg) ? fenToYuan(fen) : String(fen));
export const aggregateAmountIn = (cfg: MerchantConfig, v: string | undefined) => (v === undefined ? undefined : yuan(cfg) ? yuanToFen(v) : parseFen(v));

type Answer = Record<string, string>;

async function call(cfg: MerchantConfig, action: string, fields: Record<string, string | undefined>): Promise<Answer> {
  const key = need(cfg, 'secrets', 'key');
  const mchId = need(cfg, 'settings', 'mchId');
  const body = JSON.stringify(signedAggregate(fields, mchId, key, signTypeOf(cfg)));
  const res = await httpCall(`${cfg.gateway.replace(/\/$/, '')}/api/pay/${action}`, {
    gateway: cfg.gateway,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
  if (res.status !== 200) throw new ProviderError(`Aggregated pay ${action}: HTTP ${res.status}`, 'HTTP');
  let a: Answer;
  try {
    a = JSON.parse(res.text);
  } catch {
    throw new ProviderError(`Aggregated pay ${action}: not JSON`, 'PROTOCOL');
  }
  // Not verified yet: none of its words are kept.
  if (a.return_code !== 'SUCCESS') throw new ProviderError(`Aggregated pay ${action}: return_code FAIL`, 'RETURN_FAIL');
  if (!aggregateVerify(a, key, signTypeOf(cfg)) || a.mch_id !== mchId)
    throw new ProviderError(`Aggregated pay ${action}: the answer's sign does not verify`, 'SIGNATURE', a);
  return a;
}

const refused = (action: string, a: Answer) => new ProviderError(`Aggregated pay ${action}: ${a.err_msg ?? a.err_code ?? 'FAIL'}`, a.err_code ?? 'FAIL', a);

function tradeOf(cfg: MerchantConfig, a: Answer): TradeStatus {
  const base = { tradeNo: a.trade_no || undefined, raw: a };
  const paid = { paidFen: aggregateAmountIn(cfg, a.total_amount), paidAt: parseCst(a.pay_time) };
  switch (a.trade_state) {
    case 'SUCCESS':
      return { ...base, ...paid, state: 'succeeded' };
    case 'REFUND':
      return { ...base, ...paid, state: 'refunded' };
    case 'NOTPAY':
    case 'USERPAYING':
      return { ...base, state: 'paying' };
    case 'CLOSED':
    case 'REVOKED':
      return { ...base, state: 'closed' };
    case 'PAYERROR':
      return { ...base, state: 'failed' };
    default:
      throw new ProviderError(`Aggregated pay: unknown trade_state ${a.trade_state}`, 'PROTOCOL', a);
  }
}

function refundOf(cfg: MerchantConfig, a: Answer): RefundStatus {
  const state = ({ SUCCESS: 'succeeded', PROCESSING: 'processing', FAIL: 'failed' } as const)[a.refund_state as 'SUCCESS'];
  if (!state) throw new ProviderError(`Aggregated pay: unknown refund_state ${a.refund_state}`, 'PROTOCOL', a);
  return { state, refundNo: a.refund_no, refundFen: aggregateAmountIn(cfg, a.refund_amount), raw: a };
}

export const aggregate: PayProvider = {
  name: 'aggregate',
  merchantKeyField: 'mchId',

  async precreate(cfg, input) {
    const a = await call(cfg, 'precreate', {
      out_trade_no: input.outTradeNo,
      total_amount: aggregateAmountOut(cfg, input.amountFen),
      subject: input.subject,
      notify_url: input.notifyUrl,
      time_expire: cstCompact(input.expiresAt),
    });
    if (a.result_code !== 'SUCCESS' || !a.qr_code) throw refused('precreate', a);
    return { qrCode: a.qr_code, raw: a };
  },

  async micropay(cfg, input) {
    const a = await call(cfg, 'micropay', {
      out_trade_no: input.outTradeNo,
      total_amount: aggregateAmountOut(cfg, input.amountFen),
      subject: input.subject,
      notify_url: input.notifyUrl,
      time_expire: cstCompact(input.expiresAt),
      auth_code: input.authCode,
    });
    if (a.result_code === 'SUCCESS') return tradeOf(cfg, a);
    if (a.err_code === 'USERPAYING' || a.err_code === 'SYSTEMERROR') return { state: 'paying', tradeNo: a.trade_no || undefined, raw: a };
    return { state: 'failed', tradeNo: a.trade_no || undefined, raw: a };
  },

  async query(cfg, outTradeNo) {
    const a = await call(cfg, 'query', { out_trade_no: outTradeNo });
    if (a.result_code !== 'SUCCESS') {
      if (a.err_code === 'TRADE_NOT_EXIST') return { state: 'not_found', raw: a };
      throw refused('query', a);
    }
    return tradeOf(cfg, a);
  },

  async close(cfg, outTradeNo) {
    const a = await call(cfg, 'close', { out_trade_no: outTradeNo });
    if (a.result_code !== 'SUCCESS') throw refused('close', a);
  },

  async reverse(cfg, outTradeNo) {
    const a = await call(cfg, 'reverse', { out_trade_no: outTradeNo });
    if (a.result_code !== 'SUCCESS') throw refused('reverse', a);
  },

  async refund(cfg, input) {
    const a = await call(cfg, 'refund', {
      out_trade_no: input.outTradeNo,
      out_refund_no: input.outRefundNo,
      refund_amount: aggregateAmountOut(cfg, input.refundFen),
      total_amount: aggregateAmountOut(cfg, input.totalFen),
      reason: input.reason,
      notify_url: input.notifyUrl,
    });
    if (a.result_code !== 'SUCCESS') throw refused('refund', a);
    return refundOf(cfg, a);
  },

  async refundQuery(cfg, outTradeNo, outRefundNo) {
    const a = await call(cfg, 'refundquery', { out_trade_no: outTradeNo, out_refund_no: outRefundNo });
    if (a.result_code !== 'SUCCESS') {
      if (a.err_code === 'REFUND_NOT_EXIST' || a.err_code === 'TRADE_NOT_EXIST') return { state: 'not_found', raw: a };
      throw refused('refundquery', a);
    }
    return refundOf(cfg, a);
  },

  notifyMerchantKey(headers, rawBody) {
    const type = header(headers, 'content-type') ?? '';
    if (type && !type.includes('json')) return undefined;
    try {
      const p = JSON.parse(rawBody);
      return typeof p?.mch_id === 'string' && typeof p.notify_id === 'string' && typeof p.sign === 'string' ? p.mch_id : undefined;
    } catch {
      return undefined;
    }
  },

  parseNotify(cfg, _headers, rawBody): Notification {
    let p: Record<string, unknown>;
    try {
      p = JSON.parse(rawBody);
    } catch {
      throw new NotifySignatureError('Aggregated pay notification: not JSON');
    }
    if (!p || typeof p !== 'object' || Object.values(p).some((v) => typeof v !== 'string'))
      throw new NotifySignatureError('Aggregated pay notification: not a flat object of strings');
    const f = p as Record<string, string>;
    if (f.sign_type !== signTypeOf(cfg) || !aggregateVerify(f, need(cfg, 'secrets', 'key'), signTypeOf(cfg))) {
      throw new NotifySignatureError('Aggregated pay notification: the sign does not verify');
    }
    if (f.mch_id !== cfg.settings.mchId) throw new NotifySignatureError('Aggregated pay notification: another mch_id');
    if (!f.notify_id || !f.out_trade_no) throw new ProviderError('Aggregated pay notification: fields missing', 'PROTOCOL', f);
    if (f.notify_type === 'refund') {
      const state = ({ SUCCESS: 'succeeded', FAIL: 'failed' } as const)[f.refund_state as 'SUCCESS'];
      if (!state || !f.out_refund_no) throw new ProviderError(`Aggregated pay notification: refund_state ${f.refund_state}`, 'PROTOCOL', f);
      return {
        notifyId: f.notify_id,
        kind: 'refund',
        outTradeNo: f.out_trade_no,
        outRefundNo: f.out_refund_no,
        tradeNo: f.trade_no,
        amountFen: aggregateAmountIn(cfg, f.refund_amount)!,
        state,
        at: parseCst(f.refund_time),
        raw: f,
      };
    }
    const state = ({ SUCCESS: 'succeeded', CLOSED: 'closed', REVOKED: 'closed', PAYERROR: 'failed' } as const)[f.trade_state as 'SUCCESS'];
    if (f.notify_type !== 'pay' || !state) throw new ProviderError(`Aggregated pay notification: ${f.notify_type} ${f.trade_state}`, 'PROTOCOL', f);
    return {
      notifyId: f.notify_id,
      kind: 'pay',
      outTradeNo: f.out_trade_no,
      tradeNo: f.trade_no,
      amountFen: aggregateAmountIn(cfg, f.total_amount)!,
      state,
      at: parseCst(f.pay_time),
      raw: f,
    };
  },

  notifyReply(accepted) {
    return {
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(accepted ? { return_code: 'SUCCESS' } : { return_code: 'FAIL', return_msg: 'refused' }),
    };
  },

  async downloadBill(cfg, day) {
    assertDay(day);
    const a = await call(cfg, 'bill', { bill_date: day });
    if (a.result_code !== 'SUCCESS') throw refused('bill', a);
    return a.bill_data ?? '';
  },
};
