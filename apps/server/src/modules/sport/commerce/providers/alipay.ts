/**
 * Alipay open platform (the classic gateway `gateway.do`, RSA2 keys in "public key" mode).
 *
 * Requests go through the official `alipay-sdk` (`exec`): it puts the common parameters
 * (app_id, method, charset, sign_type, timestamp, version, notify_url, sign) in the query string
 * and biz_content in a form body, signs the sorted `k=v&...` string of every parameter but `sign`
 * with SHA256withRSA, and verifies the answer's `sign` over the exact JSON text of
 * `<method>_response`. The asynchronous notification is a form post; its signature covers the
 * sorted non-empty parameters without `sign` and `sign_type`, verified here against the protocol
 * (strictly: the SDK's helper also accepts a string that keeps sign_type), and it is answered
 * with the text `success` (anything else makes Alipay retry).
 *
 * Merchant settings: `appId`, `alipayPublicKey` (PEM or bare base64). Secrets: `privateKey` (the
 * application private key, PKCS#8 or PKCS#1, PEM or bare base64). The gateway is the full URL of
 * gateway.do (https://openapi.alipay.com/gateway.do in production).
 *
 * Amounts are yuan text with two decimals ("0.01") on the wire, fen here. Alipay sends no
 * notification for a refund made through alipay.trade.refund: the refund's answer is final
 * (`fund_change`), and alipay.trade.fastpay.refund.query confirms it.
 */
import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import iconv from 'iconv-lite';
// Loaded on the first Alipay call (their import is 0.4 s of every start, most of which never pays by Alipay).
import type { AlipaySdk } from 'alipay-sdk';
import type { Dispatcher } from 'urllib';
import { normaliseHost } from '../../../../platform/outbound.ts';
import { cstDateTime, assertDay, fenToYuan, parseCst, yuanToFen } from './money.ts';
import { allowFor, checkGateway, header, httpCall } from './http.ts';
import {
  NotifySignatureError,
  ProviderError,
  type MerchantConfig,
  type Notification,
  type PayProvider,
  type RefundStatus,
  type TradeInput,
  type TradeStatus,
} from './provider.ts';

// ---------------------------------------------------------------------------------------------
// The protocol's signing rules, shared with the simulator and pinned by tests.

/** Request sign content: every parameter but `sign`, empty values dropped, sorted by name, `k=v` joined by `&`. */
export function alipaySignContent(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** Notification sign content: like a request's, without `sign_type` as well. */
export function alipayNotifySignContent(params: Record<string, string | undefined>): string {
  const { sign_type: _omit, ...rest } = params;
  return alipaySignContent(rest);
}

export function rsa2Sign(content: string, privateKey: string | KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKey: string | KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** A private key given as PEM or bare base64 (PKCS#8 or PKCS#1), as PKCS#8 PEM. */
export function privateKeyPem(key: string): string {
  const k = key.trim();
  if (k.startsWith('-----BEGIN')) return createPrivateKey(k).export({ type: 'pkcs8', format: 'pem' }).toString();
  const der = Buffer.from(k.replace(/\s+/g, ''), 'base64');
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    try {
      return createPrivateKey({ key: der, format: 'der', type }).export({ type: 'pkcs8', format: 'pem' }).toString();
    } catch {}
  }
  throw new ProviderError('the application private key cannot be read', 'CONFIG');
}

/** A public key given as PEM or bare base64 (SPKI), as PEM. */
export function publicKeyPem(key: string): string {
  const k = key.trim();
  if (k.startsWith('-----BEGIN')) return createPublicKey(k).export({ type: 'spki', format: 'pem' }).toString();
  try {
    return createPublicKey({ key: Buffer.from(k.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' })
      .export({ type: 'spki', format: 'pem' })
      .toString();
  } catch {
    throw new ProviderError('the Alipay public key cannot be read', 'CONFIG');
  }
}

// ---------------------------------------------------------------------------------------------

type Answer = Record<string, any> & { code: string; msg?: string; sub_code?: string; sub_msg?: string };

function need(cfg: MerchantConfig, where: 'settings' | 'secrets', key: string): string {
  const v = cfg[where][key];
  if (!v) throw new ProviderError(`Alipay merchant ${where}.${key} is not set`, 'CONFIG');
  return v;
}

async function sdkOf(cfg: MerchantConfig): Promise<AlipaySdk> {
  const { AlipaySdk } = await import('alipay-sdk');
  return new AlipaySdk({
    appId: need(cfg, 'settings', 'appId'),
    privateKey: privateKeyPem(need(cfg, 'secrets', 'privateKey')),
    keyType: 'PKCS8',
    alipayPublicKey: publicKeyPem(need(cfg, 'settings', 'alipayPublicKey')),
    gateway: cfg.gateway,
    signType: 'RSA2',
    camelcase: false,
    timeout: 15_000,
    // The SDK's own client (urllib) checks every address it connects to, redirects included.
    proxyAgent: await agentFor(cfg.gateway),
  });
}

const agents = new Map<string, Dispatcher>();

/**
 * A connection pool per gateway whose every connection (redirects included, IP literals too) goes
 * to an address the gateway may reach: urllib's own address check, through its client's dispatcher.
 */
async function agentFor(gateway: string): Promise<Dispatcher> {
  const { HttpClient } = await import('urllib');
  let agent = agents.get(gateway);
  if (!agent) {
    const u = new URL(gateway);
    const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
    const inner = new HttpClient({
      checkAddress: (ip: string, _family: number | string, host: string) => allowFor(gateway).allowsAddress(ip, port, normaliseHost(String(host))),
    }).getDispatcher();
    // The SDK's client follows redirects: anything but the gateway's own origin is refused.
    const origin = u.origin;
    agent = new Proxy(inner, {
      get(target, prop) {
        if (prop === 'dispatch') {
          return (opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => {
            if (new URL(String(opts.origin)).origin !== origin) throw new Error('redirect refused');
            return target.dispatch(opts, handler);
          };
        }
        const v = Reflect.get(target, prop, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    agents.set(gateway, agent);
  }
  return agent;
}

async function call(cfg: MerchantConfig, method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Answer> {
  let answer: Answer;
  try {
    await checkGateway(cfg.gateway);
    // The SDK would print the process's local time; Alipay reads the timestamp as China time.
    answer = (await (await sdkOf(cfg)).exec(method, { timestamp: cstDateTime(new Date()), ...extra, bizContent: biz }, { validateSign: true })) as Answer;
  } catch (e) {
    if (e instanceof ProviderError) throw e;
    // In our words: no text of the answer, nor of why a connection failed.
    const err = e as Error & { responseHttpStatus?: number };
    if (err.message.includes('验签')) throw new ProviderError(`Alipay ${method}: the answer's signature does not verify`, 'SIGNATURE');
    const status = /status: (\d{3})/.exec(err.message)?.[1];
    if (status) throw new ProviderError(`Alipay ${method}: HTTP ${status}`, 'HTTP');
    if (/timeout/i.test(err.name) || /timeout/i.test(err.message)) throw new ProviderError(`Alipay ${method}: timed out`, 'TIMEOUT');
    throw new ProviderError(`Alipay ${method}: connection failed`, 'HTTP');
  }
  if (typeof answer?.code !== 'string') throw new ProviderError(`Alipay ${method}: no code in the answer`, 'PROTOCOL', answer);
  return answer;
}

function refused(method: string, a: Answer): ProviderError {
  return new ProviderError(`Alipay ${method}: ${a.sub_msg ?? a.msg ?? a.code}`, a.sub_code ?? a.code, a);
}

function timeoutExpress(expiresAt: Date): string {
  return `${Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 60_000))}m`;
}

function tradeStatusOf(a: Answer): TradeStatus {
  const base = { tradeNo: a.trade_no as string | undefined, raw: a };
  const paidFen = a.total_amount ? yuanToFen(a.total_amount) : undefined;
  switch (a.trade_status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return { ...base, state: 'succeeded', paidFen, paidAt: parseCst(a.send_pay_date ?? a.gmt_payment) };
    case 'WAIT_BUYER_PAY':
      return { ...base, state: 'paying' };
    case 'TRADE_CLOSED':
      // A paid trade that was refunded in full is closed too; its payment date tells it apart.
      return a.send_pay_date ? { ...base, state: 'refunded', paidFen, paidAt: parseCst(a.send_pay_date) } : { ...base, state: 'closed' };
    default:
      throw new ProviderError(`Alipay: unknown trade_status ${String(a.trade_status)}`, 'PROTOCOL', a);
  }
}

function form(rawBody: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(rawBody)) out[k] = v;
  return out;
}

/** The bill: Alipay answers a zip of CSV files (GBK); the simulator may answer the CSV itself. */
export function billText(bytes: Buffer): string {
  const files = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ? unzip(bytes) : [{ name: 'bill.csv', data: bytes }];
  const detail = files.filter((f) => !f.name.includes('汇总'));
  return (detail.length ? detail : files).map((f) => decodeText(f.data)).join('\n');
}

/** Alipay's files are GBK; a file that reads as UTF-8 (some test fixtures) is taken as such. */
function decodeText(b: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return iconv.decode(b, 'gbk');
  }
}

/** Reads the stored and deflated entries of a zip file (local headers, no zip64). */
export function unzip(zip: Buffer): { name: string; data: Buffer }[] {
  const files: { name: string; data: Buffer }[] = [];
  let p = 0;
  while (p + 30 <= zip.length && zip.readUInt32LE(p) === 0x04034b50) {
    const flags = zip.readUInt16LE(p + 6);
    const method = zip.readUInt16LE(p + 8);
    const size = zip.readUInt32LE(p + 18);
    const nameLen = zip.readUInt16LE(p + 26);
    const extraLen = zip.readUInt16LE(p + 28);
    if (flags & 0x08) throw new ProviderError('zip with data descriptors is not supported', 'PROTOCOL');
    const name = decodeText(zip.subarray(p + 30, p + 30 + nameLen));
    const start = p + 30 + nameLen + extraLen;
    const raw = zip.subarray(start, start + size);
    files.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    p = start + size;
  }
  return files;
}

export const alipay: PayProvider = {
  name: 'alipay',
  merchantKeyField: 'appId',

  async precreate(cfg, input: TradeInput) {
    const a = await call(
      cfg,
      'alipay.trade.precreate',
      {
        out_trade_no: input.outTradeNo,
        total_amount: fenToYuan(input.amountFen),
        subject: input.subject,
        timeout_express: timeoutExpress(input.expiresAt),
      },
      { notify_url: input.notifyUrl },
    );
    if (a.code !== '10000' || !a.qr_code) throw refused('alipay.trade.precreate', a);
    return { qrCode: String(a.qr_code), raw: a };
  },

  async micropay(cfg, input) {
    const a = await call(
      cfg,
      'alipay.trade.pay',
      {
        out_trade_no: input.outTradeNo,
        scene: 'bar_code',
        auth_code: input.authCode,
        total_amount: fenToYuan(input.amountFen),
        subject: input.subject,
        timeout_express: timeoutExpress(input.expiresAt),
      },
      { notify_url: input.notifyUrl },
    );
    switch (a.code) {
      case '10000':
        return { state: 'succeeded', tradeNo: a.trade_no, paidFen: yuanToFen(a.total_amount), paidAt: parseCst(a.gmt_payment), raw: a };
      case '10003': // ORDER_SUCCESS_PAY_INPROCESS: the customer confirms with a password
      case '20000': // service busy: the outcome is unknown, so query
        return { state: 'paying', tradeNo: a.trade_no, raw: a };
      case '40004':
        return { state: 'failed', tradeNo: a.trade_no, raw: a };
      default:
        throw refused('alipay.trade.pay', a);
    }
  },

  async query(cfg, outTradeNo) {
    const a = await call(cfg, 'alipay.trade.query', { out_trade_no: outTradeNo });
    if (a.code === '40004' && a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'not_found', raw: a };
    if (a.code !== '10000') throw refused('alipay.trade.query', a);
    return tradeStatusOf(a);
  },

  async close(cfg, outTradeNo) {
    const a = await call(cfg, 'alipay.trade.close', { out_trade_no: outTradeNo });
    // A QR trade nobody scanned does not exist at Alipay yet: nothing to close.
    if (a.code === '10000' || (a.code === '40004' && a.sub_code === 'ACQ.TRADE_NOT_EXIST')) return;
    throw refused('alipay.trade.close', a);
  },

  async reverse(cfg, outTradeNo) {
    const a = await call(cfg, 'alipay.trade.cancel', { out_trade_no: outTradeNo });
    if (a.code === '10000') return;
    throw refused('alipay.trade.cancel', a);
  },

  async refund(cfg, input): Promise<RefundStatus> {
    const a = await call(cfg, 'alipay.trade.refund', {
      out_trade_no: input.outTradeNo,
      refund_amount: fenToYuan(input.refundFen),
      out_request_no: input.outRefundNo,
      refund_reason: input.reason,
    });
    if (a.code === '10000') return { state: 'succeeded', refundNo: a.trade_no, refundFen: input.refundFen, raw: a };
    if (a.code === '20000') return { state: 'processing', raw: a };
    throw refused('alipay.trade.refund', a);
  },

  async refundQuery(cfg, outTradeNo, outRefundNo) {
    const a = await call(cfg, 'alipay.trade.fastpay.refund.query', {
      out_trade_no: outTradeNo,
      out_request_no: outRefundNo,
      query_options: ['gmt_refund_pay'],
    });
    if (a.code === '40004' && a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'not_found', raw: a };
    if (a.code !== '10000') throw refused('alipay.trade.fastpay.refund.query', a);
    // Alipay answers 10000 without refund fields when there is no such refund.
    if (!a.refund_amount) return { state: 'not_found', raw: a };
    const state = a.refund_status === undefined || a.refund_status === 'REFUND_SUCCESS' ? 'succeeded' : 'processing';
    return { state, refundNo: a.trade_no, refundFen: yuanToFen(a.refund_amount), raw: a };
  },

  notifyMerchantKey(headers, rawBody) {
    const type = header(headers, 'content-type') ?? '';
    if (type && !type.includes('application/x-www-form-urlencoded')) return undefined;
    const p = form(rawBody);
    return p.sign && p.app_id && p.notify_id ? p.app_id : undefined;
  },

  parseNotify(cfg, _headers, rawBody): Notification {
    const p = form(rawBody);
    if (!p.sign || p.sign_type !== 'RSA2') throw new NotifySignatureError('Alipay notification: no RSA2 signature');
    if (!rsa2Verify(alipayNotifySignContent(p), p.sign, publicKeyPem(need(cfg, 'settings', 'alipayPublicKey')))) {
      throw new NotifySignatureError('Alipay notification: the signature does not verify');
    }
    if (p.app_id !== cfg.settings.appId) throw new NotifySignatureError('Alipay notification: another app_id');
    if (!p.notify_id || !p.out_trade_no || !p.total_amount) throw new ProviderError('Alipay notification: fields missing', 'PROTOCOL', p);
    const at = parseCst(p.gmt_payment ?? p.notify_time);
    // A notification Alipay sends on a refunded trade carries refund_fee (the trade's refunded total so far) and out_biz_no.
    if (p.refund_fee && p.out_biz_no && p.gmt_refund) {
      return {
        notifyId: p.notify_id,
        kind: 'refund',
        outTradeNo: p.out_trade_no,
        outRefundNo: p.out_biz_no,
        tradeNo: p.trade_no,
        amountFen: yuanToFen(p.refund_fee),
        state: 'succeeded',
        at: parseCst(p.gmt_refund),
        raw: p,
      };
    }
    let state: Notification['state'];
    if (p.trade_status === 'TRADE_SUCCESS' || p.trade_status === 'TRADE_FINISHED') state = 'succeeded';
    else if (p.trade_status === 'TRADE_CLOSED') state = 'closed';
    else throw new ProviderError(`Alipay notification: trade_status ${p.trade_status}`, 'PROTOCOL', p);
    return { notifyId: p.notify_id, kind: 'pay', outTradeNo: p.out_trade_no, tradeNo: p.trade_no, amountFen: yuanToFen(p.total_amount), state, at, raw: p };
  },

  notifyReply(accepted) {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
  },

  async downloadBill(cfg, day) {
    assertDay(day);
    const a = await call(cfg, 'alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: day });
    if (a.code !== '10000' || !a.bill_download_url) throw refused('alipay.data.dataservice.bill.downloadurl.query', a);
    const res = await httpCall(String(a.bill_download_url), { gateway: cfg.gateway, method: 'GET', timeoutMs: 60_000 });
    if (res.status !== 200) throw new ProviderError(`Alipay bill download: HTTP ${res.status}`, 'HTTP');
    return billText(res.bytes);
  },
};
