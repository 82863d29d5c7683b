/**
 * Aggregated-QR simulator: the signed-JSON protocol described in ../aggregate.ts. It checks the
 * merchant's sign with the shared key (HMAC-SHA256 or MD5, as configured) and the timestamp,
 * answers signed JSON, takes both wallets' customer codes (Alipay 25–30, WeChat 10–15), and posts
 * signed notifications for payments and refunds, retrying until it reads {"return_code":"SUCCESS"}.
 */
import { randomBytes } from 'node:crypto';
import { aggregateAmountIn, aggregateAmountOut, aggregateVerify, signedAggregate, type AggregateSignType } from '../aggregate.ts';
import { cstCompact, cstDateTime } from '../money.ts';
import type { MerchantConfig } from '../provider.ts';
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

export interface AggregateSimKeys {
  key: string;
}

export interface AggregateSimOptions extends SimOptions {
  mchId?: string;
  keys?: AggregateSimKeys;
  signType?: AggregateSignType;
  amountUnit?: 'fen' | 'yuan';
}

export interface AggregateSimHandle extends SimHandle {
  keys: AggregateSimKeys;
  mchId: string;
}

export async function startAggregateSimulator(opts: AggregateSimOptions = {}): Promise<AggregateSimHandle> {
  const keys = opts.keys ?? { key: randomBytes(24).toString('hex') };
  const mchId = opts.mchId ?? '8000000000001';
  const signType = opts.signType ?? 'HMAC-SHA256';
  const amountUnit = opts.amountUnit ?? 'fen';
  const unit = { provider: 'aggregate', gateway: '', settings: { amountUnit }, secrets: {} } as MerchantConfig;
  const out = (fen: number) => aggregateAmountOut(unit, fen);
  let baseUrl = '';

  const signed = (fields: Record<string, string | undefined>) => signedAggregate(fields, mchId, keys.key, signType);
  const answer = (fields: Record<string, string | undefined>): Reply => ({
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(signed({ return_code: 'SUCCESS', return_msg: 'OK', ...fields })),
  });
  const ok = (fields: Record<string, string | undefined> = {}) => answer({ result_code: 'SUCCESS', ...fields });
  const fail = (err_code: string, err_msg: string, fields: Record<string, string | undefined> = {}) =>
    answer({ result_code: 'FAIL', err_code, err_msg, ...fields });
  const returnFail = (msg: string): Reply => ({
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ return_code: 'FAIL', return_msg: msg }),
  });

  const channelOf = (t: SimTrade) => (t.authCode ? (/^1[0-5]/.test(t.authCode) ? 'WECHAT' : 'ALIPAY') : 'QR');
  const tradeState = (t: SimTrade) =>
    ({
      waiting: t.kind === 'barcode' ? 'USERPAYING' : 'NOTPAY',
      succeeded: t.refunds.length ? 'REFUND' : 'SUCCESS',
      closed: 'CLOSED',
      reversed: 'REVOKED',
      failed: 'PAYERROR',
    })[t.state];
  const tradeFields = (t: SimTrade) => ({
    out_trade_no: t.outTradeNo,
    trade_no: t.tradeNo,
    trade_state: tradeState(t),
    total_amount: out(t.amountFen),
    pay_channel: channelOf(t),
    pay_time: t.paidAt ? cstCompact(t.paidAt) : undefined,
  });
  const refundFields = (t: SimTrade, r: SimRefund) => ({
    out_trade_no: t.outTradeNo,
    trade_no: t.tradeNo,
    out_refund_no: r.outRefundNo,
    refund_no: r.refundNo,
    refund_amount: out(r.amountFen),
    refund_state: r.state === 'succeeded' ? 'SUCCESS' : 'PROCESSING',
    refund_time: cstCompact(r.at),
  });

  const notification = (kind: 'pay' | 'refund', t: SimTrade, url: string, fields: Record<string, string | undefined>): OutgoingNotification => {
    const notifyId = newId('AN');
    return {
      notifyId,
      kind,
      outTradeNo: t.outTradeNo,
      url,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(signed({ notify_id: notifyId, notify_type: kind, ...fields })),
    };
  };

  function api(action: string, q: Record<string, string>, sim: SimCore): Reply {
    const no = q.out_trade_no ?? '';
    const t = no ? sim.trade(no) : undefined;
    const amount = (v: string | undefined) => {
      try {
        const n = aggregateAmountIn(unit, v);
        return n !== undefined && n > 0 ? n : undefined;
      } catch {
        return undefined;
      }
    };
    switch (action) {
      case 'precreate': {
        const fen = amount(q.total_amount);
        if (!no || !fen || !q.subject || !q.notify_url) return fail('PARAM_ERROR', '参数错误');
        if (t && (t.state !== 'waiting' || t.amountFen !== fen)) return fail('OUT_TRADE_NO_USED', '商户订单号重复');
        const expiresAt = q.time_expire
          ? new Date(
              `${q.time_expire.slice(0, 4)}-${q.time_expire.slice(4, 6)}-${q.time_expire.slice(6, 8)}T${q.time_expire.slice(8, 10)}:${q.time_expire.slice(10, 12)}:${q.time_expire.slice(12, 14)}+08:00`,
            )
          : undefined;
        const trade =
          t ?? sim.addTrade({ outTradeNo: no, tradeNo: `AG${digits(20)}`, amountFen: fen, subject: q.subject, notifyUrl: q.notify_url, kind: 'qr', expiresAt });
        return ok({ ...tradeFields(trade), qr_code: `${baseUrl}/cashier/${encodeURIComponent(no)}` });
      }
      case 'micropay': {
        const fen = amount(q.total_amount);
        if (!no || !fen || !q.auth_code) return fail('PARAM_ERROR', '参数错误');
        if (t) return t.state === 'succeeded' ? ok(tradeFields(t)) : fail('OUT_TRADE_NO_USED', '商户订单号重复');
        const { trade, outcome } = sim.micropay({
          outTradeNo: no,
          tradeNo: `AG${digits(20)}`,
          amountFen: fen,
          subject: q.subject ?? '',
          notifyUrl: q.notify_url,
          authCode: q.auth_code,
        });
        if (outcome === 'paid') {
          sim.notifyPay(trade).catch(() => {});
          return ok(tradeFields(trade));
        }
        if (outcome === 'paying') return fail('USERPAYING', '等待用户输入密码', tradeFields(trade));
        if (outcome === 'insufficient') return fail('NOTENOUGH', '用户余额不足', tradeFields(trade));
        return fail('AUTH_CODE_INVALID', '付款码无效');
      }
      case 'query': {
        if (!t) return fail('TRADE_NOT_EXIST', '交易不存在');
        sim.countQuery(t);
        return ok(tradeFields(t));
      }
      case 'close': {
        if (!t) return fail('TRADE_NOT_EXIST', '交易不存在');
        if (t.state === 'succeeded') return fail('TRADE_PAID', '交易已支付，不能关闭');
        if (t.state === 'waiting') {
          t.state = 'closed';
          t.closedAt = new Date();
        }
        return ok(tradeFields(t));
      }
      case 'reverse': {
        if (!t) return fail('TRADE_NOT_EXIST', '交易不存在');
        if (t.state === 'succeeded') {
          const left = sim.refundable(t);
          if (left > 0) sim.addRefund(t, { outRefundNo: `${no}-reverse`, amountFen: left, reason: 'reverse' });
        }
        if (t.state !== 'closed') {
          t.state = 'reversed';
          t.closedAt = new Date();
        }
        return ok(tradeFields(t));
      }
      case 'refund': {
        if (!t) return fail('TRADE_NOT_EXIST', '交易不存在');
        const fen = amount(q.refund_amount);
        if (!q.out_refund_no || !fen) return fail('PARAM_ERROR', '参数错误');
        const done = sim.findRefund(t, q.out_refund_no);
        if (done) return done.amountFen === fen ? ok(refundFields(t, done)) : fail('REFUND_DISCORDANT', '与首次请求不一致');
        if (t.state !== 'succeeded') return fail('TRADE_STATE_ERROR', '交易状态不允许退款');
        if (fen > sim.refundable(t)) return fail('REFUND_AMOUNT_EXCEEDED', '退款金额超过可退金额');
        return ok(refundFields(t, sim.addRefund(t, { outRefundNo: q.out_refund_no, amountFen: fen, reason: q.reason, notifyUrl: q.notify_url })));
      }
      case 'refundquery': {
        if (!t) return fail('TRADE_NOT_EXIST', '交易不存在');
        const r = sim.findRefund(t, q.out_refund_no ?? '');
        return r ? ok(refundFields(t, r)) : fail('REFUND_NOT_EXIST', '退款单不存在');
      }
      case 'bill': {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(q.bill_date ?? '')) return fail('PARAM_ERROR', 'bill_date 错误');
        return ok({ bill_date: q.bill_date, bill_data: bill(q.bill_date!, sim) });
      }
      default:
        return fail('METHOD_NOT_EXIST', '接口不存在');
    }
  }

  function bill(day: string, sim: SimCore): string {
    const { paid, refunds } = sim.dayLines(day);
    const rows = [
      ...paid.map((t) =>
        [
          cstDateTime(t.paidAt!),
          mchId,
          t.outTradeNo,
          t.tradeNo,
          channelOf(t),
          'PAY',
          'SUCCESS',
          out(t.amountFen),
          '',
          '',
          '',
          out(simFeeFen(t.amountFen, SIM_FEE_PPM.aggregate, t.extra.feeFen)),
        ].join(','),
      ),
      ...refunds.map(({ trade: t, refund: r }) =>
        [
          cstDateTime(r.at),
          mchId,
          t.outTradeNo,
          t.tradeNo,
          channelOf(t),
          'REFUND',
          r.state === 'succeeded' ? 'SUCCESS' : 'PROCESSING',
          out(t.amountFen),
          r.outRefundNo,
          r.refundNo,
          out(r.amountFen),
          // The fee of the part paid back is given back.
          simFeeFen(r.amountFen, SIM_FEE_PPM.aggregate) ? `-${out(simFeeFen(r.amountFen, SIM_FEE_PPM.aggregate))}` : out(0),
        ].join(','),
      ),
    ];
    return (
      [
        'trade_time,mch_id,out_trade_no,trade_no,pay_channel,type,state,total_amount,out_refund_no,refund_no,refund_amount,fee',
        ...rows,
        `# total ${paid.length} paid ${out(paid.reduce((s, t) => s + t.amountFen, 0))}, ${refunds.length} refunds ${out(refunds.reduce((s, x) => s + x.refund.amountFen, 0))}, unit ${amountUnit}`,
      ].join('\n') + '\n'
    );
  }

  const protocol: SimProtocol = {
    provider: 'aggregate',
    handle(req: SimRequest, sim: SimCore) {
      const m = /^\/api\/pay\/(\w+)$/.exec(req.path);
      if (!m || req.method !== 'POST') return undefined;
      let q: Record<string, string>;
      try {
        q = JSON.parse(req.body);
      } catch {
        return returnFail('请求不是 JSON');
      }
      if (!q || typeof q !== 'object' || Object.values(q).some((v) => typeof v !== 'string')) return returnFail('字段必须是字符串');
      if (q.mch_id !== mchId) return returnFail('商户号不存在');
      if (q.sign_type !== signType || !aggregateVerify(q, keys.key, signType)) return returnFail('签名错误');
      if (!/^\d+$/.test(q.timestamp ?? '') || Math.abs(Date.now() / 1000 - Number(q.timestamp)) > 300) return returnFail('时间戳超出允许范围');
      return api(m[1]!, q, sim);
    },
    payNotification(t, o) {
      if (!t.notifyUrl || !t.paidAt) return undefined;
      return notification('pay', t, t.notifyUrl, { ...tradeFields(t), trade_state: 'SUCCESS', total_amount: out(o.amountFen ?? t.amountFen) });
    },
    refundNotification(t, r) {
      return r.notifyUrl && r.state === 'succeeded' ? notification('refund', t, r.notifyUrl, refundFields(t, r)) : undefined;
    },
    breakSignature(n) {
      const p = JSON.parse(n.body);
      p.sign = signedAggregate({ x: 'other' }, mchId, keys.key, signType).sign;
      return { ...n, body: JSON.stringify(p) };
    },
    accepted(status, body) {
      try {
        return status === 200 && JSON.parse(body)?.return_code === 'SUCCESS';
      } catch {
        return false;
      }
    },
    bill,
    merchantConfig: (url): MerchantConfig => ({
      provider: 'aggregate',
      gateway: url,
      settings: { mchId, signType, amountUnit },
      secrets: { key: keys.key },
    }),
    authCodeValid: (code) => /^(1[0-5]|2[5-9]|30)\d{16}$/.test(code),
  };

  const run = await serveSim(protocol, opts);
  baseUrl = run.url;
  return { ...handleOf('aggregate', run, () => protocol.merchantConfig(run.url)), keys, mchId };
}
