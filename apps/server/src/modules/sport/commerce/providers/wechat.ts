/**
 * WeChat Pay, API v3 for QR (Native), query, close, refund, refund query, bill and
 * notifications, and API v2 for the barcode: the basic v3 set has no payment-code API, so
 * barcode payments use v2 `/pay/micropay` and `/secapi/pay/reverse` (XML, HMAC-SHA256 sign with
 * the API v2 key), as WeChat's own documentation still directs. A barcode trade is queried with
 * v3 like any other. Written against the published protocol with node:crypto (no client
 * library: the protocol is three small functions, pinned by the documentation's test vectors).
 *
 * v3 requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=..,nonce_str=..,
 * signature=..,timestamp=..,serial_no=..`, the signature being SHA256withRSA with the merchant
 * private key over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`. Answers and notifications are
 * verified over `TIMESTAMP\nNONCE\nBODY\n` with the WeChat Pay public key ("platform public-key
 * mode": `Wechatpay-Serial` is its id, `PUB_KEY_ID_...`). A notification's resource is decrypted
 * with AEAD_AES_256_GCM and the API v3 key. Amounts are fen on the wire.
 *
 * Settings: `appId`, `mchId`, `serialNo` (merchant API certificate serial), `platformSerial`
 * (`PUB_KEY_ID_...`), `platformPublicKey` (PEM), optional `apiClientCert` (PEM of the merchant
 * API certificate, for the mutual TLS of /secapi/ over https) and `clientIp` (spbill_create_ip).
 * Secrets: `privateKey` (merchant API private key, PEM), `apiV3Key` (32 characters), `apiV2Key`
 * (32 characters, barcode). The gateway is https://api.mch.weixin.qq.com in production.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, createSign, createVerify, randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { assertDay, cstCompact, cstRfc3339 } from './money.ts';
import { header, httpCall, type HttpAnswer } from './http.ts';
import {
  NotifySignatureError,
  ProviderError,
  type MerchantConfig,
  type Notification,
  type PayProvider,
  type RefundStatus,
  type TradeStatus,
} from './provider.ts';

// ---------------------------------------------------------------------------------------------
// The protocol (shared with the simulator, pinned by tests)

/** The message a v3 request signature covers. */
export function wechatRequestMessage(method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The message an answer's or a notification's signature covers. */
export function wechatResponseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function rsaSha256Sign(message: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function rsaSha256Verify(message: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

export function nonceStr(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

export function wechatAuthorization(a: {
  mchId: string;
  serialNo: string;
  privateKey: string;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp?: string;
  nonce?: string;
}): string {
  const timestamp = a.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = a.nonce ?? nonceStr();
  const signature = rsaSha256Sign(wechatRequestMessage(a.method, a.pathWithQuery, timestamp, nonce, a.body), a.privateKey);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${a.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${a.serialNo}"`;
}

/** Parses an Authorization header of the scheme into its fields. */
export function parseWechatAuthorization(h: string | undefined): Record<string, string> | undefined {
  if (!h?.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return undefined;
  const out: Record<string, string> = {};
  for (const m of h.slice(26).matchAll(/(\w+)="([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
}

/** AEAD_AES_256_GCM as WeChat uses it: the API v3 key, a 12-character nonce, the tag after the ciphertext, base64. */
export function aesGcmDecrypt(apiV3Key: string, nonce: string, associatedData: string, ciphertext: string): string {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new NotifySignatureError('the API v3 key must be 32 bytes');
  const data = Buffer.from(ciphertext, 'base64');
  if (data.length < 17) throw new NotifySignatureError('ciphertext too short');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'utf8'));
  d.setAAD(Buffer.from(associatedData ?? '', 'utf8'));
  d.setAuthTag(data.subarray(data.length - 16));
  try {
    return Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]).toString('utf8');
  } catch {
    throw new NotifySignatureError('the notification resource does not decrypt');
  }
}

export function aesGcmEncrypt(apiV3Key: string, nonce: string, associatedData: string, plaintext: string): string {
  const c = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  c.setAAD(Buffer.from(associatedData, 'utf8'));
  const enc = Buffer.concat([c.update(plaintext, 'utf8'), c.final()]);
  return Buffer.concat([enc, c.getAuthTag()]).toString('base64');
}

export type V2SignType = 'HMAC-SHA256' | 'MD5';

/** API v2 sign: sorted non-empty parameters but `sign`, `k=v&...&key=KEY`, MD5 or HMAC-SHA256 (keyed with KEY), upper-case hex. */
export function wechatV2Sign(params: Record<string, string | undefined>, key: string, signType: V2SignType = 'HMAC-SHA256'): string {
  const text =
    Object.keys(params)
      .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&') + `&key=${key}`;
  const h = signType === 'MD5' ? createHash('md5').update(text, 'utf8') : createHmac('sha256', key).update(text, 'utf8');
  return h.digest('hex').toUpperCase();
}

export function toXml(params: Record<string, string | undefined>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<${k}><![CDATA[${String(v).replace(/]]>/g, ']]]]><![CDATA[>')}]]></${k}>`);
  return `<xml>${parts.join('')}</xml>`;
}

/** Reads WeChat v2's flat XML (one level under <xml>, values plain or CDATA). */
export function fromXml(xml: string): Record<string, string> {
  const body = /<xml>([\s\S]*)<\/xml>/.exec(xml.trim());
  if (!body) throw new ProviderError('WeChat v2: not an XML answer', 'PROTOCOL', xml);
  const out: Record<string, string> = {};
  for (const m of body[1]!.matchAll(/<(\w+)>((?:<!\[CDATA\[[\s\S]*?\]\]>)+|[^<]*)<\/\1>/g)) {
    const raw = m[2]!;
    out[m[1]!] = raw.startsWith('<![CDATA[') ? [...raw.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)].map((c) => c[1]).join('') : raw;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

const SKEW_SECONDS = 300;

function need(cfg: MerchantConfig, where: 'settings' | 'secrets', key: string): string {
  const v = cfg[where][key];
  if (!v) throw new ProviderError(`WeChat Pay merchant ${where}.${key} is not set`, 'CONFIG');
  return v;
}

/** Verifies the WeChat Pay signature of an answer or notification. */
function verifySigned(cfg: MerchantConfig, headers: Record<string, string | string[] | undefined>, body: string): boolean {
  const ts = header(headers, 'wechatpay-timestamp');
  const nonce = header(headers, 'wechatpay-nonce');
  const sig = header(headers, 'wechatpay-signature');
  const serial = header(headers, 'wechatpay-serial');
  if (!ts || !nonce || !sig || !serial) return false;
  // A signature made with a key we do not hold is no signature (a probe signature starts WECHATPAY/SIGNTEST/).
  if (serial !== need(cfg, 'settings', 'platformSerial')) return false;
  if (!/^\d+$/.test(ts) || Math.abs(Date.now() / 1000 - Number(ts)) > SKEW_SECONDS) return false;
  return rsaSha256Verify(wechatResponseMessage(ts, nonce, body), sig, need(cfg, 'settings', 'platformPublicKey'));
}

async function v3(
  cfg: MerchantConfig,
  method: 'GET' | 'POST',
  pathWithQuery: string,
  payload?: unknown,
): Promise<{ status: number; data: any; res: HttpAnswer }> {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const authorization = wechatAuthorization({
    mchId: need(cfg, 'settings', 'mchId'),
    serialNo: need(cfg, 'settings', 'serialNo'),
    privateKey: need(cfg, 'secrets', 'privateKey'),
    method,
    pathWithQuery,
    body,
  });
  const res = await httpCall(new URL(pathWithQuery, cfg.gateway).toString(), {
    gateway: cfg.gateway,
    method,
    body: payload === undefined ? undefined : body,
    headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), 'accept-language': 'zh-CN' },
  });
  if (!verifySigned(cfg, res.headers, res.text)) {
    throw new ProviderError(`WeChat Pay ${method} ${pathWithQuery}: the answer's signature does not verify (HTTP ${res.status})`, 'SIGNATURE');
  }
  let data: any = undefined;
  if (res.text) {
    try {
      data = JSON.parse(res.text);
    } catch {
      throw new ProviderError(`WeChat Pay ${method} ${pathWithQuery}: not JSON`, 'PROTOCOL');
    }
  }
  return { status: res.status, data, res };
}

function refusedV3(what: string, r: { status: number; data: any }): ProviderError {
  return new ProviderError(`WeChat Pay ${what}: ${r.data?.message ?? `HTTP ${r.status}`}`, r.data?.code ?? `HTTP_${r.status}`, r.data);
}

async function v2(cfg: MerchantConfig, path: string, params: Record<string, string | undefined>, mutualTls = false): Promise<Record<string, string>> {
  const key = need(cfg, 'secrets', 'apiV2Key');
  const signType = (cfg.settings.v2SignType as V2SignType | undefined) ?? 'HMAC-SHA256';
  const p: Record<string, string | undefined> = {
    appid: need(cfg, 'settings', 'appId'),
    mch_id: need(cfg, 'settings', 'mchId'),
    nonce_str: nonceStr(),
    sign_type: signType,
    ...params,
  };
  p.sign = wechatV2Sign(p, key, signType);
  const cert = cfg.settings.apiClientCert;
  const res = await httpCall(new URL(path, cfg.gateway).toString(), {
    gateway: cfg.gateway,
    method: 'POST',
    body: toXml(p),
    headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml' },
    timeoutMs: 30_000,
    clientCert: mutualTls && cert ? { cert, key: need(cfg, 'secrets', 'privateKey') } : undefined,
  });
  if (res.status !== 200) throw new ProviderError(`WeChat Pay ${path}: HTTP ${res.status}`, 'HTTP');
  const a = fromXml(res.text);
  // Not signed yet: none of its words are kept.
  if (a.return_code !== 'SUCCESS') throw new ProviderError(`WeChat Pay ${path}: return_code FAIL`, 'RETURN_FAIL');
  if (!a.sign || a.sign !== wechatV2Sign(a, key, signType)) throw new ProviderError(`WeChat Pay ${path}: the answer's sign does not verify`, 'SIGNATURE', a);
  if (a.mch_id && a.mch_id !== cfg.settings.mchId) throw new ProviderError(`WeChat Pay ${path}: another mch_id`, 'SIGNATURE', a);
  return a;
}

function tradeOf(d: any): TradeStatus {
  const base = { tradeNo: d.transaction_id as string | undefined, raw: d };
  const paid = { paidFen: d.amount?.total as number | undefined, paidAt: d.success_time ? new Date(d.success_time) : undefined };
  switch (d.trade_state) {
    case 'SUCCESS':
      return { ...base, ...paid, state: 'succeeded' };
    case 'REFUND': // refunds were made (in part or in full): the core knows how much from its own refunds
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
      throw new ProviderError(`WeChat Pay: unknown trade_state ${String(d.trade_state)}`, 'PROTOCOL', d);
  }
}

function refundOf(d: any): RefundStatus {
  const state = ({ SUCCESS: 'succeeded', PROCESSING: 'processing', CLOSED: 'failed', ABNORMAL: 'failed' } as const)[d.status as 'SUCCESS'];
  if (!state) throw new ProviderError(`WeChat Pay: unknown refund status ${String(d.status)}`, 'PROTOCOL', d);
  return { state, refundNo: d.refund_id, refundFen: d.amount?.refund, raw: d };
}

/** The barcode's failure codes that end the trade; the others (USERPAYING, SYSTEMERROR, BANKERROR) leave it to query. */
const MICROPAY_PENDING = new Set(['USERPAYING', 'SYSTEMERROR', 'BANKERROR']);

export const wechat: PayProvider = {
  name: 'wechat',
  merchantKeyField: 'platformSerial',

  async precreate(cfg, input) {
    const r = await v3(cfg, 'POST', '/v3/pay/transactions/native', {
      appid: need(cfg, 'settings', 'appId'),
      mchid: need(cfg, 'settings', 'mchId'),
      description: input.subject.slice(0, 127),
      out_trade_no: input.outTradeNo,
      time_expire: cstRfc3339(input.expiresAt),
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
    });
    if (r.status !== 200 || !r.data?.code_url) throw refusedV3('native', r);
    return { qrCode: String(r.data.code_url), raw: r.data };
  },

  async micropay(cfg, input) {
    const a = await v2(cfg, '/pay/micropay', {
      body: input.subject.slice(0, 127),
      out_trade_no: input.outTradeNo,
      total_fee: String(input.amountFen),
      fee_type: 'CNY',
      spbill_create_ip: cfg.settings.clientIp ?? '127.0.0.1',
      auth_code: input.authCode,
      time_expire: cstCompact(input.expiresAt),
    });
    if (a.result_code === 'SUCCESS') {
      return { state: 'succeeded', tradeNo: a.transaction_id, paidFen: Number(a.total_fee), paidAt: a.time_end ? parseV2Time(a.time_end) : undefined, raw: a };
    }
    return { state: MICROPAY_PENDING.has(a.err_code ?? '') ? 'paying' : 'failed', raw: a };
  },

  async query(cfg, outTradeNo) {
    const r = await v3(
      cfg,
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(need(cfg, 'settings', 'mchId'))}`,
    );
    if (r.status === 404 && r.data?.code === 'ORDER_NOT_EXIST') return { state: 'not_found', raw: r.data };
    if (r.status !== 200) throw refusedV3('query', r);
    return tradeOf(r.data);
  },

  async close(cfg, outTradeNo) {
    const r = await v3(cfg, 'POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: need(cfg, 'settings', 'mchId') });
    if (r.status !== 204 && r.status !== 200) throw refusedV3('close', r);
  },

  async reverse(cfg, outTradeNo) {
    // WeChat asks to call reverse again while it answers recall=Y.
    for (let i = 0; i < 3; i++) {
      const a = await v2(cfg, '/secapi/pay/reverse', { out_trade_no: outTradeNo }, true);
      if (a.result_code === 'SUCCESS' && a.recall !== 'Y') return;
      if (a.result_code !== 'SUCCESS' && a.recall !== 'Y')
        throw new ProviderError(`WeChat Pay reverse: ${a.err_code_des ?? a.err_code}`, a.err_code ?? 'FAIL', a);
    }
    throw new ProviderError('WeChat Pay reverse: still asked to retry', 'RECALL', undefined);
  },

  async refund(cfg, input) {
    const r = await v3(cfg, 'POST', '/v3/refund/domestic/refunds', {
      out_trade_no: input.outTradeNo,
      out_refund_no: input.outRefundNo,
      reason: input.reason.slice(0, 80),
      notify_url: input.notifyUrl,
      amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
    });
    if (r.status !== 200) throw refusedV3('refund', r);
    return refundOf(r.data);
  },

  async refundQuery(cfg, _outTradeNo, outRefundNo) {
    const r = await v3(cfg, 'GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
    if (r.status === 404) return { state: 'not_found', raw: r.data };
    if (r.status !== 200) throw refusedV3('refund query', r);
    return refundOf(r.data);
  },

  notifyMerchantKey(headers, rawBody) {
    const serial = header(headers, 'wechatpay-serial');
    if (!serial || !header(headers, 'wechatpay-signature') || !rawBody.includes('"resource"')) return undefined;
    return serial;
  },

  parseNotify(cfg, headers, rawBody): Notification {
    if (!verifySigned(cfg, headers, rawBody)) throw new NotifySignatureError('WeChat Pay notification: the signature does not verify');
    let n: any;
    try {
      n = JSON.parse(rawBody);
    } catch {
      throw new NotifySignatureError('WeChat Pay notification: not JSON');
    }
    const res = n?.resource;
    if (!n?.id || res?.algorithm !== 'AEAD_AES_256_GCM') throw new NotifySignatureError('WeChat Pay notification: no encrypted resource');
    let d: any;
    try {
      d = JSON.parse(aesGcmDecrypt(need(cfg, 'secrets', 'apiV3Key'), res.nonce, res.associated_data ?? '', res.ciphertext));
    } catch (e) {
      if (e instanceof NotifySignatureError) throw e;
      throw new NotifySignatureError('WeChat Pay notification: the resource is not JSON');
    }
    if (d.mchid !== cfg.settings.mchId) throw new NotifySignatureError('WeChat Pay notification: another mchid');
    const raw = { ...n, resource: { ...res, ciphertext: undefined, decrypted: d } };
    if (String(n.event_type).startsWith('REFUND.')) {
      const state = ({ SUCCESS: 'succeeded', CLOSED: 'closed', ABNORMAL: 'failed' } as const)[d.refund_status as 'SUCCESS'];
      if (!state) throw new ProviderError(`WeChat Pay notification: refund_status ${d.refund_status}`, 'PROTOCOL', raw);
      return {
        notifyId: n.id,
        kind: 'refund',
        outTradeNo: d.out_trade_no,
        outRefundNo: d.out_refund_no,
        tradeNo: d.transaction_id,
        amountFen: Number(d.amount?.refund),
        state,
        at: d.success_time ? new Date(d.success_time) : undefined,
        raw,
      };
    }
    if (n.event_type !== 'TRANSACTION.SUCCESS' || d.trade_state !== 'SUCCESS')
      throw new ProviderError(`WeChat Pay notification: ${n.event_type} ${d.trade_state}`, 'PROTOCOL', raw);
    if (d.appid !== cfg.settings.appId) throw new NotifySignatureError('WeChat Pay notification: another appid');
    return {
      notifyId: n.id,
      kind: 'pay',
      outTradeNo: d.out_trade_no,
      tradeNo: d.transaction_id,
      amountFen: Number(d.amount?.total),
      state: 'succeeded',
      at: d.success_time ? new Date(d.success_time) : undefined,
      raw,
    };
  },

  notifyReply(accepted) {
    return accepted
      ? { status: 200, contentType: 'application/json; charset=utf-8', body: '' }
      : { status: 500, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  },

  async downloadBill(cfg, day) {
    assertDay(day);
    // GZIP: a day's bill of many trades travels compressed; the hash is over the bytes as served.
    const r = await v3(cfg, 'GET', `/v3/bill/tradebill?bill_date=${day}&bill_type=ALL&tar_type=GZIP`);
    if (r.status !== 200 || !r.data?.download_url) throw refusedV3('tradebill', r);
    const u = new URL(String(r.data.download_url));
    // The file is not signed: it is checked against the signed answer's hash.
    const authorization = wechatAuthorization({
      mchId: need(cfg, 'settings', 'mchId'),
      serialNo: need(cfg, 'settings', 'serialNo'),
      privateKey: need(cfg, 'secrets', 'privateKey'),
      method: 'GET',
      pathWithQuery: u.pathname + u.search,
      body: '',
    });
    const file = await httpCall(u.toString(), { gateway: cfg.gateway, method: 'GET', headers: { authorization }, timeoutMs: 60_000 });
    if (file.status !== 200) throw new ProviderError(`WeChat Pay bill download: HTTP ${file.status}`, 'HTTP');
    const algo = String(r.data.hash_type ?? 'SHA1').toLowerCase();
    if (createHash(algo).update(file.bytes).digest('hex') !== String(r.data.hash_value).toLowerCase()) {
      throw new ProviderError('WeChat Pay bill download: the file does not match its hash', 'SIGNATURE');
    }
    const gzipped = file.bytes[0] === 0x1f && file.bytes[1] === 0x8b;
    return gzipped ? gunzipSync(file.bytes).toString('utf8') : file.text;
  },
};

/** "20240501130405" (China time). */
function parseV2Time(s: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`) : undefined;
}
