/**
 * Alipay simulator: the classic gateway (`POST /gateway.do`) with RSA2. It verifies the
 * merchant's request signature with the application public key, answers
 * `{"<method>_response":{...},"sign":"..."}` signed with its own (Alipay's) private key over the
 * exact inner JSON, and posts form-encoded notifications signed over the sorted parameters
 * without sign and sign_type, retrying until it reads `success`. Refunds answer synchronously and
 * send no notification. The bill download URL serves a zip with the detail and summary CSVs.
 */
import { createPublicKey, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { alipaySignContent, alipayNotifySignContent, rsa2Sign, rsa2Verify, privateKeyPem } from '../alipay.ts';
import { cstDateTime, fenToYuan, yuanToFen, cstCompact, parseCst } from '../money.ts';
import type { MerchantConfig } from '../provider.ts';
import {
  digits,
  handleOf,
  newId,
  serveSim,
  simFeeFen,
  SIM_FEE_PPM,
  type SimCore,
  type SimHandle,
  type SimOptions,
  type SimProtocol,
  type SimTrade,
  type OutgoingNotification,
  type SimRequest,
  type Reply,
} from './common.ts';
import { zipOf } from './zip.ts';
import iconv from 'iconv-lite';

export interface AlipaySimKeys {
  /** The merchant's application private key (PEM); the simulator keeps its public half. */
  appPrivateKey: string;
  /** Alipay's own private key (PEM); merchants get its public half as `alipayPublicKey`. */
  alipayPrivateKey: string;
}

export interface AlipaySimOptions extends SimOptions {
  appId?: string;
  keys?: AlipaySimKeys;
}

export interface AlipaySimHandle extends SimHandle {
  keys: AlipaySimKeys;
  appId: string;
}

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * A new RSA-2048 private key (PKCS#8 PEM), made on libuv's thread pool: a simulator's keys cost no
 * time on the event loop, and several are made side by side (first start of the demo makes four).
 */
export async function newRsaKeyPem(): Promise<string> {
  const { privateKey } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return privateKey;
}

const publicOf = (privatePem: string) => createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();

function expiresOf(express: string | undefined): Date | undefined {
  const m = /^(\d+)([mhd])$/.exec(express ?? '');
  if (!m) return undefined;
  return new Date(Date.now() + Number(m[1]) * { m: 60_000, h: 3600_000, d: 86400_000 }[m[2] as 'm' | 'h' | 'd']);
}

export async function startAlipaySimulator(opts: AlipaySimOptions = {}): Promise<AlipaySimHandle> {
  const [appPrivateKey, alipayPrivateKey] = opts.keys ? [] : await Promise.all([newRsaKeyPem(), newRsaKeyPem()]);
  const keys: AlipaySimKeys = opts.keys ?? { appPrivateKey: appPrivateKey!, alipayPrivateKey: alipayPrivateKey! };
  const appId = opts.appId ?? '2021000000000001';
  const appPublic = publicOf(privateKeyPem(keys.appPrivateKey));
  const alipayPublic = publicOf(keys.alipayPrivateKey);
  const pid = '2088000000000001';
  let baseUrl = '';

  const signed = (method: string, inner: Record<string, unknown>): Reply => {
    const key = `${method.replaceAll('.', '_')}_response`;
    const text = JSON.stringify(inner);
    return {
      status: 200,
      headers: { 'content-type': 'application/json;charset=utf-8' },
      body: `{"${key}":${text},"sign":"${rsa2Sign(text, keys.alipayPrivateKey)}"}`,
    };
  };
  const ok = (extra: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...extra });
  const fail = (sub_code: string, sub_msg: string, extra: Record<string, unknown> = {}) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code,
    sub_msg,
    ...extra,
  });
  const invalid = (sub_code: string, sub_msg: string) => ({ code: '40002', msg: 'Invalid Arguments', sub_code, sub_msg });

  const refundedFen = (t: SimTrade) => t.refunds.reduce((s, r) => s + r.amountFen, 0);
  const statusOf = (t: SimTrade) => {
    if (t.state === 'waiting') return 'WAIT_BUYER_PAY';
    if (t.state === 'succeeded') return refundedFen(t) >= t.amountFen ? 'TRADE_CLOSED' : 'TRADE_SUCCESS';
    return 'TRADE_CLOSED';
  };
  const tradeFields = (t: SimTrade) => ({
    trade_no: t.tradeNo,
    out_trade_no: t.outTradeNo,
    buyer_logon_id: 'cus***@example.com',
    total_amount: fenToYuan(t.amountFen),
  });

  function api(method: string, biz: Record<string, any>, common: Record<string, string>, sim: SimCore): Record<string, unknown> {
    const no = String(biz.out_trade_no ?? '');
    const t = no ? sim.trade(no) : undefined;
    switch (method) {
      case 'alipay.trade.precreate': {
        let amount: number;
        try {
          amount = yuanToFen(String(biz.total_amount));
        } catch {
          return invalid('isv.invalid-parameter', 'total_amount 无效');
        }
        if (!no || !biz.subject || amount <= 0) return invalid('isv.missing-parameter', '缺少必选参数');
        if (t && (t.state !== 'waiting' || t.amountFen !== amount)) return fail('ACQ.TRADE_HAS_SUCCESS', '交易已存在或已关闭');
        const trade =
          t ??
          sim.addTrade({
            outTradeNo: no,
            tradeNo: `${cstCompact(new Date()).slice(0, 8)}22${digits(18)}`,
            amountFen: amount,
            subject: String(biz.subject),
            notifyUrl: common.notify_url,
            kind: 'qr',
            expiresAt: expiresOf(biz.timeout_express),
          });
        return ok({ out_trade_no: no, qr_code: `${baseUrl}/cashier/${encodeURIComponent(trade.outTradeNo)}` });
      }
      case 'alipay.trade.pay': {
        let amount: number;
        try {
          amount = yuanToFen(String(biz.total_amount));
        } catch {
          return invalid('isv.invalid-parameter', 'total_amount 无效');
        }
        if (!no || !biz.auth_code || biz.scene !== 'bar_code') return invalid('isv.missing-parameter', '缺少必选参数');
        if (t) return t.state === 'succeeded' ? ok({ ...tradeFields(t), gmt_payment: cstDateTime(t.paidAt!) }) : fail('ACQ.TRADE_HAS_CLOSE', '交易已关闭');
        const { trade, outcome } = sim.micropay({
          outTradeNo: no,
          tradeNo: `${cstCompact(new Date()).slice(0, 8)}22${digits(18)}`,
          amountFen: amount,
          subject: String(biz.subject ?? ''),
          notifyUrl: common.notify_url,
          authCode: String(biz.auth_code),
          expiresAt: expiresOf(biz.timeout_express),
        });
        if (outcome === 'paid') {
          sim.notifyPay(trade).catch(() => {});
          return ok({ ...tradeFields(trade), receipt_amount: fenToYuan(amount), buyer_pay_amount: fenToYuan(amount), gmt_payment: cstDateTime(trade.paidAt!) });
        }
        if (outcome === 'paying') return { code: '10003', msg: 'Waiting Payment', ...tradeFields(trade) };
        if (outcome === 'insufficient') return fail('ACQ.BUYER_BALANCE_NOT_ENOUGH', '买家余额不足', tradeFields(trade));
        return fail('ACQ.PAYMENT_AUTH_CODE_INVALID', '支付失败，获取顾客账户信息失败，请顾客刷新付款码后重新收款');
      }
      case 'alipay.trade.query': {
        if (!t || t.state === 'failed') return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        sim.countQuery(t);
        return ok({
          ...tradeFields(t),
          trade_status: statusOf(t),
          ...(t.paidAt ? { send_pay_date: cstDateTime(t.paidAt), buyer_pay_amount: fenToYuan(t.amountFen) } : {}),
        });
      }
      case 'alipay.trade.close': {
        if (!t || t.state === 'failed') return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (t.state === 'succeeded') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        if (t.state === 'waiting') {
          t.state = 'closed';
          t.closedAt = new Date();
        }
        return ok({ trade_no: t.tradeNo, out_trade_no: no });
      }
      case 'alipay.trade.cancel': {
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        let action = '';
        if (t.state === 'waiting' || t.state === 'failed') {
          action = 'close';
          t.state = 'reversed';
          t.closedAt = new Date();
        } else if (t.state === 'succeeded') {
          action = 'refund';
          const left = sim.refundable(t);
          if (left > 0) sim.addRefund(t, { outRefundNo: `${no}-cancel`, amountFen: left, reason: 'cancel' });
          t.state = 'reversed';
        }
        return ok({ trade_no: t.tradeNo, out_trade_no: no, retry_flag: 'N', action });
      }
      case 'alipay.trade.refund': {
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const reqNo = String(biz.out_request_no ?? no);
        let amount: number;
        try {
          amount = yuanToFen(String(biz.refund_amount));
        } catch {
          return invalid('isv.invalid-parameter', 'refund_amount 无效');
        }
        const done = sim.findRefund(t, reqNo);
        if (done) {
          if (done.amountFen !== amount) return fail('ACQ.DISCORDANT_REPEAT_REQUEST', '请求信息不一致');
          return ok({ ...tradeFields(t), fund_change: 'N', refund_fee: fenToYuan(refundedFen(t)), gmt_refund_pay: cstDateTime(done.at) });
        }
        if (t.state !== 'succeeded') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        if (amount <= 0 || amount > sim.refundable(t)) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        const r = sim.addRefund(t, { outRefundNo: reqNo, amountFen: amount, reason: biz.refund_reason });
        return ok({
          ...tradeFields(t),
          fund_change: 'Y',
          refund_fee: fenToYuan(refundedFen(t)),
          send_back_fee: fenToYuan(amount),
          gmt_refund_pay: cstDateTime(r.at),
        });
      }
      case 'alipay.trade.fastpay.refund.query': {
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const reqNo = String(biz.out_request_no ?? no);
        const r = sim.findRefund(t, reqNo);
        if (!r) return ok({ trade_no: t.tradeNo, out_trade_no: no, out_request_no: reqNo });
        return ok({
          trade_no: t.tradeNo,
          out_trade_no: no,
          out_request_no: reqNo,
          total_amount: fenToYuan(t.amountFen),
          refund_amount: fenToYuan(r.amountFen),
          refund_status: 'REFUND_SUCCESS',
          gmt_refund_pay: cstDateTime(r.at),
        });
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(String(biz.bill_date)))
          return invalid('isv.invalid-parameter', 'bill_type 或 bill_date 无效');
        return ok({ bill_download_url: `${baseUrl}/bill/download/${biz.bill_date}?sign=${newId()}` });
      }
      default:
        return invalid('isv.invalid-method', `不存在的方法名 ${method}`);
    }
  }

  function bill(day: string, sim: SimCore): string {
    const { paid, refunds } = sim.dayLines(day);
    const cols =
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
    const line = (t: SimTrade, type: string, at: Date, fen: number, refundNo: string, feeFen: number) =>
      [
        t.tradeNo,
        t.outTradeNo,
        type,
        t.subject.replace(/,/g, ' '),
        cstDateTime(t.createdAt),
        cstDateTime(at),
        '',
        '',
        '',
        '',
        'cus***@example.com',
        (fen < 0 ? '-' : '') + fenToYuan(Math.abs(fen)),
        (fen < 0 ? '-' : '') + fenToYuan(Math.abs(fen)),
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '',
        '0.00',
        '0.00',
        refundNo,
        // The service fee leaves the merchant: negative on a payment, given back (positive) on a refund.
        (feeFen > 0 ? '-' : '') + fenToYuan(Math.abs(feeFen)),
        '0.00',
        '',
      ].join(',');
    const lines = [
      ...paid.map((t) => line(t, '交易', t.paidAt!, t.amountFen, '', simFeeFen(t.amountFen, SIM_FEE_PPM.alipay, t.extra.feeFen))),
      ...refunds.map(({ trade, refund }) =>
        line(trade, '退款', refund.at, -refund.amountFen, refund.outRefundNo, -simFeeFen(refund.amountFen, SIM_FEE_PPM.alipay)),
      ),
    ];
    const total = paid.reduce((s, t) => s + t.amountFen, 0);
    const back = refunds.reduce((s, r) => s + r.refund.amountFen, 0);
    return [
      '#支付宝业务明细查询',
      `#账号：[${pid}0156]`,
      `#起始日期：[${day} 00:00:00]   终止日期：[${day} 23:59:59]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      cols,
      ...lines,
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${paid.length}笔，商家实收共${fenToYuan(total)}元`,
      `#退款合计：${refunds.length}笔，商家实收退款共${fenToYuan(back)}元`,
      `#导出时间：[${cstDateTime(new Date())}]`,
    ].join('\r\n');
  }

  function notificationOf(t: SimTrade, amountFen: number): OutgoingNotification | undefined {
    if (!t.notifyUrl) return undefined;
    const notifyId = newId('N');
    const p: Record<string, string> = {
      notify_time: cstDateTime(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: notifyId,
      app_id: appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_logon_id: 'cus***@example.com',
      seller_id: pid,
      trade_status: t.state === 'succeeded' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
      total_amount: fenToYuan(amountFen),
      receipt_amount: fenToYuan(amountFen),
      buyer_pay_amount: fenToYuan(amountFen),
      invoice_amount: fenToYuan(amountFen),
      subject: t.subject,
      gmt_create: cstDateTime(t.createdAt),
      ...(t.paidAt ? { gmt_payment: cstDateTime(t.paidAt) } : {}),
    };
    p.sign = rsa2Sign(alipayNotifySignContent(p), keys.alipayPrivateKey);
    p.sign_type = 'RSA2';
    return {
      notifyId,
      kind: 'pay',
      outTradeNo: t.outTradeNo,
      url: t.notifyUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(p).toString(),
    };
  }

  const protocol: SimProtocol = {
    provider: 'alipay',
    async handle(req: SimRequest, sim: SimCore): Promise<Reply | undefined> {
      const billPath = /^\/bill\/download\/(\d{4}-\d{2}-\d{2})$/.exec(req.path);
      if (billPath && req.method === 'GET') {
        const day = billPath[1]!;
        // Alipay's bill files are GBK, as a spreadsheet in China opens them.
        const detail = iconv.encode(bill(day, sim), 'gbk');
        const { paid, refunds } = sim.dayLines(day);
        const gross = paid.reduce((n, t) => n + t.amountFen, 0);
        const back = refunds.reduce((n, r) => n + r.refund.amountFen, 0);
        const summary = iconv.encode(
          [
            '#支付宝业务汇总查询',
            `#账号：[${pid}0156]`,
            `#起始日期：[${day} 00:00:00]   终止日期：[${day} 23:59:59]`,
            '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）',
            `,,${paid.length},${refunds.length},${fenToYuan(gross)},${back > gross ? '-' : ''}${fenToYuan(Math.abs(gross - back))}`,
            `#导出时间：[${cstDateTime(new Date())}]`,
          ].join('\r\n') + '\r\n',
          'gbk',
        );
        const d = day.replaceAll('-', '');
        return {
          status: 200,
          headers: { 'content-type': 'application/zip' },
          body: zipOf([
            { name: `${pid}0156_${d}_业务明细.csv`, data: detail },
            { name: `${pid}0156_${d}_业务明细(汇总).csv`, data: summary },
          ]),
        };
      }
      if (req.path !== '/gateway.do' || req.method !== 'POST') return undefined;
      const params: Record<string, string> = {};
      for (const [k, v] of req.query) params[k] = v;
      for (const [k, v] of new URLSearchParams(req.body)) params[k] = v;
      const method = params.method ?? 'unknown';
      if (params.app_id !== appId) return signed(method, invalid('isv.invalid-app-id', '无效的AppID参数'));
      if (params.sign_type !== 'RSA2' || !params.sign || !rsa2Verify(alipaySignContent(params), params.sign, appPublic)) {
        return signed(
          method,
          invalid('isv.invalid-signature', `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${alipaySignContent(params)}`),
        );
      }
      const sent = parseCst(params.timestamp);
      if (!sent || Math.abs(sent.getTime() - Date.now()) > 10 * 60_000)
        return signed(method, invalid('isv.invalid-timestamp', '非法的时间戳参数（北京时间，误差 10 分钟内）'));
      let biz: Record<string, any>;
      try {
        biz = params.biz_content ? JSON.parse(params.biz_content) : {};
      } catch {
        return signed(method, invalid('isv.invalid-parameter', 'biz_content 无效'));
      }
      return signed(method, api(method, biz, params, sim));
    },
    payNotification: (t, o) => notificationOf(t, o.amountFen ?? t.amountFen),
    refundNotification: () => undefined,
    breakSignature(n) {
      const p = new URLSearchParams(n.body);
      p.set('sign', rsa2Sign('not the notification', keys.alipayPrivateKey));
      return { ...n, body: p.toString() };
    },
    accepted: (status, body) => status === 200 && body.trim() === 'success',
    bill,
    merchantConfig: (url): MerchantConfig => ({
      provider: 'alipay',
      gateway: `${url}/gateway.do`,
      settings: { appId, alipayPublicKey: alipayPublic },
      secrets: { privateKey: keys.appPrivateKey },
    }),
    authCodeValid: (code) => /^(2[5-9]|30)\d{16}$/.test(code),
  };

  const run = await serveSim(protocol, opts);
  baseUrl = run.url;
  return { ...handleOf('alipay', run, () => protocol.merchantConfig(run.url)), keys, appId };
}
