/**
 * WeChat Pay simulator: API v3 (Native, query, close, refund, refund query, trade bill and its
 * download) and the v2 barcode calls (`/pay/micropay`, `/secapi/pay/reverse`, XML). It checks
 * the merchant's `WECHATPAY2-SHA256-RSA2048` Authorization with the merchant public key and the
 * v2 sign with the API v2 key, signs every v3 answer with the WeChat Pay key of "public-key
 * mode" (`Wechatpay-Serial: PUB_KEY_ID_...`), and posts notifications whose resource is
 * encrypted with AEAD_AES_256_GCM and the API v3 key, retrying until it gets HTTP 200 or 204.
 * Refunds answer PROCESSING, turn SUCCESS a moment later (or at their first query) and then send
 * a REFUND.SUCCESS notification. Barcode trades send no notification (v2 micropay has no notify URL).
 */
import { createHash, createPublicKey, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  aesGcmEncrypt,
  fromXml,
  nonceStr,
  parseWechatAuthorization,
  rsaSha256Sign,
  rsaSha256Verify,
  toXml,
  wechatRequestMessage,
  wechatResponseMessage,
  wechatV2Sign,
  type V2SignType,
} from '../wechat.ts';
import { cstCompact, cstDateTime, cstRfc3339, fenToYuan } from '../money.ts';
import type { MerchantConfig } from '../provider.ts';
import { newRsaKeyPem } from './alipay.sim.ts';
import {
  digits,
  handleOf,
  newId,
  serveSim,
  simFeeFen,
  SIM_FEE_PPM,
  type OutgoingNotification,
  type Reply,
  type SimCore,
  type SimHandle,
  type SimOptions,
  type SimProtocol,
  type SimRefund,
  type SimRequest,
  type SimTrade,
} from './common.ts';

export interface WechatSimKeys {
  /** The merchant's API private key (PEM); the simulator keeps its public half. */
  merchantPrivateKey: string;
  /** WeChat Pay's own key (PEM) of public-key mode; merchants get its public half. */
  platformPrivateKey: string;
  platformSerial: string;
  merchantSerial: string;
  apiV3Key: string;
  apiV2Key: string;
}

export interface WechatSimOptions extends SimOptions {
  appId?: string;
  mchId?: string;
  keys?: WechatSimKeys;
  /** How long a refund stays PROCESSING (default 100 ms). */
  refundDelayMs?: number;
}

export interface WechatSimHandle extends SimHandle {
  keys: WechatSimKeys;
  appId: string;
  mchId: string;
}

const key32 = () => randomBytes(24).toString('base64').replace(/[+/]/g, 'x').slice(0, 32);

export async function newWechatKeys(): Promise<WechatSimKeys> {
  const [merchantPrivateKey, platformPrivateKey] = await Promise.all([newRsaKeyPem(), newRsaKeyPem()]);
  return {
    merchantPrivateKey,
    platformPrivateKey,
    platformSerial: `PUB_KEY_ID_0${digits(10)}${randomBytes(8).toString('hex').toUpperCase()}`,
    merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
    apiV3Key: key32(),
    apiV2Key: key32(),
  };
}

export async function startWechatSimulator(opts: WechatSimOptions = {}): Promise<WechatSimHandle> {
  const keys = opts.keys ?? (await newWechatKeys());
  const appId = opts.appId ?? 'wx0000000000000001';
  const mchId = opts.mchId ?? '1900000001';
  const merchantPublic = createPublicKey(keys.merchantPrivateKey).export({ type: 'spki', format: 'pem' }).toString();
  const platformPublic = createPublicKey(keys.platformPrivateKey).export({ type: 'spki', format: 'pem' }).toString();
  const refundDelay = opts.refundDelayMs ?? 100;
  const bills = new Map<string, Buffer>();
  let baseUrl = '';

  /** The signature headers WeChat Pay puts on answers and notifications. */
  const signedHeaders = (body: string): Record<string, string> => {
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = nonceStr();
    return {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': keys.platformSerial,
      'wechatpay-signature': rsaSha256Sign(wechatResponseMessage(ts, nonce, body), keys.platformPrivateKey),
      'request-id': newId('REQ'),
    };
  };
  const answer = (status: number, data?: unknown): Reply => {
    const body = data === undefined ? '' : JSON.stringify(data);
    return { status, headers: { ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}), ...signedHeaders(body) }, body };
  };
  const err = (status: number, code: string, message: string) => answer(status, { code, message });

  const tradeState = (t: SimTrade) => {
    switch (t.state) {
      case 'waiting':
        return t.kind === 'barcode' ? 'USERPAYING' : 'NOTPAY';
      case 'succeeded':
        return t.refunds.length ? 'REFUND' : 'SUCCESS';
      case 'closed':
        return 'CLOSED';
      case 'reversed':
        return 'REVOKED';
      case 'failed':
        return 'PAYERROR';
    }
  };
  const transaction = (t: SimTrade, amountFen = t.amountFen) => ({
    appid: appId,
    mchid: mchId,
    out_trade_no: t.outTradeNo,
    trade_type: t.kind === 'barcode' ? 'MICROPAY' : 'NATIVE',
    trade_state: tradeState(t),
    trade_state_desc: tradeState(t),
    ...(t.paidAt
      ? { transaction_id: t.tradeNo, bank_type: 'OTHERS', success_time: cstRfc3339(t.paidAt), payer: { openid: 'oSim0000000000000000000000' } }
      : {}),
    amount: { total: amountFen, payer_total: t.paidAt ? amountFen : undefined, currency: 'CNY', payer_currency: 'CNY' },
  });
  const refundView = (t: SimTrade, r: SimRefund) => ({
    refund_id: r.refundNo,
    out_refund_no: r.outRefundNo,
    transaction_id: t.tradeNo,
    out_trade_no: t.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    status: r.state === 'succeeded' ? 'SUCCESS' : 'PROCESSING',
    create_time: cstRfc3339(r.at),
    ...(r.state === 'succeeded' ? { success_time: cstRfc3339(r.at) } : {}),
    amount: {
      total: t.amountFen,
      refund: r.amountFen,
      payer_total: t.amountFen,
      payer_refund: r.amountFen,
      settlement_refund: r.amountFen,
      discount_refund: 0,
      currency: 'CNY',
    },
  });

  function notification(kind: 'pay' | 'refund', t: SimTrade, url: string, eventType: string, resource: unknown, summary: string): OutgoingNotification {
    const nonce = randomBytes(6).toString('hex');
    const associated = kind === 'pay' ? 'transaction' : 'refund';
    const id = randomBytes(18)
      .toString('hex')
      .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5');
    const body = JSON.stringify({
      id,
      create_time: cstRfc3339(new Date()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: associated,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: aesGcmEncrypt(keys.apiV3Key, nonce, associated, JSON.stringify(resource)),
        associated_data: associated,
        nonce,
      },
    });
    return {
      notifyId: id,
      kind,
      outTradeNo: t.outTradeNo,
      url,
      headers: { 'content-type': 'application/json', ...signedHeaders(body) },
      body,
      resign: () => signedHeaders(body),
    };
  }

  function settle(sim: SimCore, t: SimTrade, r: SimRefund): void {
    if (r.state === 'succeeded') return;
    r.state = 'succeeded';
    r.at = new Date();
    if (r.notifyUrl) {
      const n = notification(
        'refund',
        t,
        r.notifyUrl,
        'REFUND.SUCCESS',
        {
          mchid: mchId,
          out_trade_no: t.outTradeNo,
          transaction_id: t.tradeNo,
          out_refund_no: r.outRefundNo,
          refund_id: r.refundNo,
          refund_status: 'SUCCESS',
          success_time: cstRfc3339(r.at),
          user_received_account: '支付用户零钱',
          amount: { total: t.amountFen, refund: r.amountFen, payer_total: t.amountFen, payer_refund: r.amountFen },
        },
        '退款成功',
      );
      sim.deliverWithRetries(n, 'genuine').catch(() => {});
    }
  }

  function v3(req: SimRequest, sim: SimCore): Reply | undefined {
    const auth = parseWechatAuthorization(req.headers.authorization);
    if (
      !auth ||
      auth.mchid !== mchId ||
      auth.serial_no !== keys.merchantSerial ||
      !auth.timestamp ||
      Math.abs(Date.now() / 1000 - Number(auth.timestamp)) > 300 ||
      !rsaSha256Verify(wechatRequestMessage(req.method, req.url, auth.timestamp, auth.nonce_str ?? '', req.body), auth.signature ?? '', merchantPublic)
    ) {
      return err(401, 'SIGN_ERROR', '签名错误，请检查后再试');
    }
    let b: any = {};
    if (req.body) {
      try {
        b = JSON.parse(req.body);
      } catch {
        return err(400, 'PARAM_ERROR', '请求体不是 JSON');
      }
    }
    const p = req.path;
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && p === '/v3/pay/transactions/native') {
      const total = b.amount?.total;
      if (b.appid !== appId || b.mchid !== mchId || !b.out_trade_no || !b.description || !b.notify_url || !Number.isSafeInteger(total) || total <= 0)
        return err(400, 'PARAM_ERROR', '参数错误');
      const t = sim.trade(b.out_trade_no);
      if (t && (t.state !== 'waiting' || t.amountFen !== total)) return err(400, 'INVALID_REQUEST', '商户订单号重复');
      const trade =
        t ??
        sim.addTrade({
          outTradeNo: b.out_trade_no,
          tradeNo: `42000${digits(23)}`,
          amountFen: total,
          subject: b.description,
          notifyUrl: b.notify_url,
          kind: 'qr',
          expiresAt: b.time_expire ? new Date(b.time_expire) : undefined,
        });
      return answer(200, { code_url: `${baseUrl}/cashier/${encodeURIComponent(trade.outTradeNo)}` });
    }
    if (req.method === 'GET' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(p))) {
      if (req.query.get('mchid') !== mchId) return err(400, 'PARAM_ERROR', 'mchid 错误');
      const t = sim.trade(decodeURIComponent(m[1]!));
      if (!t) return err(404, 'ORDER_NOT_EXIST', '订单不存在');
      sim.countQuery(t);
      return answer(200, transaction(t));
    }
    if (req.method === 'POST' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(p))) {
      if (b.mchid !== mchId) return err(400, 'PARAM_ERROR', 'mchid 错误');
      const t = sim.trade(decodeURIComponent(m[1]!));
      if (!t) return err(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (t.state === 'succeeded') return err(400, 'ORDERPAID', '订单已支付');
      if (t.state === 'waiting') {
        t.state = 'closed';
        t.closedAt = new Date();
      }
      return answer(204);
    }
    if (req.method === 'POST' && p === '/v3/refund/domestic/refunds') {
      const t = b.out_trade_no ? sim.trade(b.out_trade_no) : undefined;
      if (!t) return err(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      const refund = b.amount?.refund;
      if (!b.out_refund_no || !Number.isSafeInteger(refund) || refund <= 0) return err(400, 'PARAM_ERROR', '参数错误');
      if (b.amount?.total !== t.amountFen) return err(400, 'PARAM_ERROR', '订单金额与原订单不一致');
      const done = sim.findRefund(t, b.out_refund_no);
      if (done) return done.amountFen === refund ? answer(200, refundView(t, done)) : err(400, 'INVALID_REQUEST', '请求参数与首次请求不符');
      if (t.state !== 'succeeded') return err(400, 'INVALID_REQUEST', '订单状态不允许退款');
      if (refund > sim.refundable(t)) return err(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
      const r = sim.addRefund(t, { outRefundNo: b.out_refund_no, amountFen: refund, reason: b.reason, notifyUrl: b.notify_url, state: 'processing' });
      sim.later(refundDelay, () => settle(sim, t, r));
      return answer(200, refundView(t, r));
    }
    if (req.method === 'GET' && (m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(p))) {
      const no = decodeURIComponent(m[1]!);
      for (const t of sim.trades.values()) {
        const r = sim.findRefund(t, no);
        if (r) {
          settle(sim, t, r);
          return answer(200, refundView(t, r));
        }
      }
      return err(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    if (req.method === 'GET' && p === '/v3/bill/tradebill') {
      const day = req.query.get('bill_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return err(400, 'PARAM_ERROR', 'bill_date 错误');
      const tarType = req.query.get('tar_type');
      if (tarType && tarType !== 'GZIP') return err(400, 'PARAM_ERROR', 'tar_type 错误');
      const text = Buffer.from(bill(day, sim), 'utf8');
      const file = tarType === 'GZIP' ? gzipSync(text) : text;
      const token = randomBytes(12).toString('hex');
      bills.set(token, file);
      return answer(200, {
        hash_type: 'SHA1',
        hash_value: createHash('sha1').update(file).digest('hex'),
        download_url: `${baseUrl}/v3/billdownload/file?token=${token}`,
      });
    }
    if (req.method === 'GET' && p === '/v3/billdownload/file') {
      const text = bills.get(req.query.get('token') ?? '');
      if (text === undefined) return err(404, 'NO_STATEMENT_EXIST', '账单文件不存在');
      const gzipped = text[0] === 0x1f && text[1] === 0x8b;
      return { status: 200, headers: { 'content-type': gzipped ? 'application/x-gzip' : 'text/plain; charset=utf-8' }, body: text };
    }
    return err(404, 'NOT_FOUND', '接口不存在');
  }

  function v2(req: SimRequest, sim: SimCore): Reply {
    const xml = (p: Record<string, string | undefined>, signType: V2SignType) => {
      const out: Record<string, string | undefined> = { return_code: 'SUCCESS', return_msg: 'OK', appid: appId, mch_id: mchId, nonce_str: nonceStr(), ...p };
      out.sign = wechatV2Sign(out, keys.apiV2Key, signType);
      return { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' }, body: toXml(out) };
    };
    let q: Record<string, string>;
    try {
      q = fromXml(req.body);
    } catch {
      return { status: 200, headers: { 'content-type': 'text/xml' }, body: toXml({ return_code: 'FAIL', return_msg: 'XML格式错误' }) };
    }
    const signType: V2SignType = q.sign_type === 'HMAC-SHA256' ? 'HMAC-SHA256' : 'MD5';
    if (q.appid !== appId || q.mch_id !== mchId || !q.sign || q.sign !== wechatV2Sign(q, keys.apiV2Key, signType)) {
      return { status: 200, headers: { 'content-type': 'text/xml' }, body: toXml({ return_code: 'FAIL', return_msg: '签名错误' }) };
    }
    const fail = (err_code: string, err_code_des: string, extra: Record<string, string> = {}) =>
      xml({ result_code: 'FAIL', err_code, err_code_des, ...extra }, signType);
    if (req.path === '/pay/micropay') {
      const total = Number(q.total_fee);
      if (!q.out_trade_no || !q.auth_code || !q.body || !Number.isSafeInteger(total) || total <= 0) return fail('PARAM_ERROR', '参数错误');
      const t = sim.trade(q.out_trade_no);
      if (t) return t.state === 'succeeded' ? fail('ORDERPAID', '订单已支付') : fail('OUT_TRADE_NO_USED', '商户订单号重复');
      const { trade, outcome } = sim.micropay({
        outTradeNo: q.out_trade_no,
        tradeNo: `42000${digits(23)}`,
        amountFen: total,
        subject: q.body,
        authCode: q.auth_code,
      });
      if (outcome === 'paid') {
        return xml(
          {
            result_code: 'SUCCESS',
            openid: 'oSim0000000000000000000000',
            is_subscribe: 'N',
            trade_type: 'MICROPAY',
            bank_type: 'OTHERS',
            fee_type: 'CNY',
            total_fee: String(total),
            cash_fee: String(total),
            transaction_id: trade.tradeNo,
            out_trade_no: trade.outTradeNo,
            time_end: cstCompact(trade.paidAt!),
          },
          signType,
        );
      }
      if (outcome === 'paying') return fail('USERPAYING', '需要用户输入支付密码');
      if (outcome === 'insufficient') return fail('NOTENOUGH', '余额不足');
      return fail('AUTH_CODE_INVALID', '付款码无效，请重新扫码');
    }
    if (req.path === '/secapi/pay/reverse') {
      const t = q.out_trade_no ? sim.trade(q.out_trade_no) : undefined;
      if (!t) return fail('ORDERNOTEXIST', '订单不存在', { recall: 'N' });
      if (t.kind !== 'barcode') return fail('TRADE_ERROR', '只能撤销付款码支付的订单', { recall: 'N' });
      if (t.state === 'succeeded') {
        const left = sim.refundable(t);
        if (left > 0) sim.addRefund(t, { outRefundNo: `${t.outTradeNo}-reverse`, amountFen: left, reason: 'reverse' });
      }
      if (t.state === 'waiting' || t.state === 'succeeded' || t.state === 'failed') {
        t.state = 'reversed';
        t.closedAt = new Date();
      }
      return xml({ result_code: 'SUCCESS', recall: 'N' }, signType);
    }
    return { status: 404, body: 'not found' };
  }

  function bill(day: string, sim: SimCore): string {
    const { paid, refunds } = sim.dayLines(day);
    const f = (v: string) => `\`${v}`;
    const type = (t: SimTrade) => (t.kind === 'barcode' ? 'MICROPAY' : 'NATIVE');
    const rows = [
      ...paid.map((t) =>
        [
          cstDateTime(t.paidAt!),
          appId,
          mchId,
          '0',
          '',
          t.tradeNo,
          t.outTradeNo,
          'oSim0000000000000000000000',
          type(t),
          'SUCCESS',
          'OTHERS',
          'CNY',
          fenToYuan(t.amountFen),
          '0.00',
          '0',
          '0',
          '0.00',
          '0.00',
          '',
          '',
          t.subject.replace(/,/g, ' '),
          '',
          `${fenToYuan(simFeeFen(t.amountFen, SIM_FEE_PPM.wechat, t.extra.feeFen))}000`,
          '0.60%',
          fenToYuan(t.amountFen),
          '0.00',
          '',
        ]
          .map(f)
          .join(','),
      ),
      ...refunds.map(({ trade: t, refund: r }) =>
        [
          cstDateTime(r.at),
          appId,
          mchId,
          '0',
          '',
          t.tradeNo,
          t.outTradeNo,
          'oSim0000000000000000000000',
          type(t),
          'REFUND',
          'OTHERS',
          'CNY',
          '0.00',
          '0.00',
          r.refundNo,
          r.outRefundNo,
          fenToYuan(r.amountFen),
          '0.00',
          'ORIGINAL',
          r.state === 'succeeded' ? 'SUCCESS' : 'PROCESSING',
          t.subject.replace(/,/g, ' '),
          '',
          // The fee of the part paid back is given back: negative.
          `-${fenToYuan(simFeeFen(r.amountFen, SIM_FEE_PPM.wechat))}000`,
          '0.60%',
          fenToYuan(t.amountFen),
          fenToYuan(r.amountFen),
          '',
        ]
          .map(f)
          .join(','),
      ),
    ];
    const paidSum = paid.reduce((s, t) => s + t.amountFen, 0);
    const refundSum = refunds.reduce((s, x) => s + x.refund.amountFen, 0);
    const fees =
      paid.reduce((s, t) => s + simFeeFen(t.amountFen, SIM_FEE_PPM.wechat, t.extra.feeFen), 0) -
      refunds.reduce((s, x) => s + simFeeFen(x.refund.amountFen, SIM_FEE_PPM.wechat), 0);
    const feeSum = `${fees < 0 ? '-' : ''}${fenToYuan(Math.abs(fees))}000`;
    return (
      [
        '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注',
        ...rows,
        '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
        [String(rows.length), fenToYuan(paidSum), fenToYuan(refundSum), '0.00', feeSum, fenToYuan(paidSum), fenToYuan(refundSum)].map(f).join(','),
      ].join('\r\n') + '\r\n'
    );
  }

  const protocol: SimProtocol = {
    provider: 'wechat',
    handle(req, sim) {
      if (req.path.startsWith('/v3/')) return v3(req, sim);
      if (req.method === 'POST' && (req.path === '/pay/micropay' || req.path === '/secapi/pay/reverse')) return v2(req, sim);
      return undefined;
    },
    payNotification(t, o) {
      if (!t.notifyUrl || t.kind !== 'qr' || !t.paidAt) return undefined;
      return notification(
        'pay',
        t,
        t.notifyUrl,
        'TRANSACTION.SUCCESS',
        { ...transaction(t, o.amountFen), trade_state: 'SUCCESS', trade_state_desc: '支付成功', attach: '' },
        '支付成功',
      );
    },
    refundNotification: () => undefined, // sent when the refund turns SUCCESS (settle)
    breakSignature(n) {
      const ts = n.headers['wechatpay-timestamp']!;
      const nonce = n.headers['wechatpay-nonce']!;
      return {
        ...n,
        resign: undefined,
        headers: { ...n.headers, 'wechatpay-signature': rsaSha256Sign(wechatResponseMessage(ts, nonce, `${n.body} `), keys.platformPrivateKey) },
      };
    },
    accepted: (status) => status === 200 || status === 204,
    bill,
    merchantConfig: (url): MerchantConfig => ({
      provider: 'wechat',
      gateway: url,
      settings: { appId, mchId, serialNo: keys.merchantSerial, platformSerial: keys.platformSerial, platformPublicKey: platformPublic },
      secrets: { privateKey: keys.merchantPrivateKey, apiV3Key: keys.apiV3Key, apiV2Key: keys.apiV2Key },
    }),
    authCodeValid: (code) => /^1[0-5]\d{16}$/.test(code),
  };

  const run = await serveSim(protocol, opts);
  baseUrl = run.url;
  return { ...handleOf('wechat', run, () => protocol.merchantConfig(run.url)), keys, appId, mchId };
}
