/**
 * The providers' daily bills, read into typed lines (issue 29). Each parser takes the text the
 * provider's adapter downloaded (Alipay: the detail CSV of the zip, decoded from GBK; WeChat Pay v3:
 * the trade bill, gunzipped and checked against its hash; the aggregated QR: the signed answer's
 * `bill_data`) and answers one line per payment or refund, amounts in integer fen.
 *
 * A line's `fee` is what the provider charges for it: positive on a payment, negative when a refund
 * gives part of the fee back. Times are China Standard Time, as the providers print them.
 */
import type { ReconcileProvider } from '@venue/contract';

export interface BillLine {
  kind: 'pay' | 'refund';
  /** The provider's trade number. */
  tradeNo: string;
  /** Our payment number (out_trade_no). */
  paymentNo: string;
  /** Our refund number (out_refund_no) on a refund line. */
  refundNo: string | null;
  /** Paid, or paid back, in fen (positive). */
  amountFen: number;
  feeFen: number;
  at: Date;
  /** The provider's day of the line (yyyy-MM-dd, China time). */
  day: string;
}

export interface ParsedBill {
  lines: BillLine[];
  /** Paid, paid back, fees (net of fees given back) and what the provider owes: gross - refunds - fees. */
  totals: { grossFen: number; refundFen: number; feeFen: number; netFen: number };
}

/** A bill that cannot be read: the adapter got something other than the provider's format. */
export class BillFormatError extends Error {}

/**
 * "12.34" -> 1234, "-0.06" -> -6, "0.00600" -> 1 (WeChat prints fees to five decimals: half up to
 * the fen, away from zero). String arithmetic, never floating point.
 */
export function amountFen(text: string): number {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new BillFormatError(`not an amount: ${JSON.stringify(text)}`);
  const decimals = (m[3] ?? '').padEnd(3, '0');
  let fen = Number(m[2]) * 100 + Number(decimals.slice(0, 2));
  if (Number(decimals[2]) >= 5) fen += 1;
  if (!Number.isSafeInteger(fen)) throw new BillFormatError(`amount too large: ${text}`);
  return m[1] && fen ? -fen : fen;
}

const CST = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;
function cstInstant(text: string): { at: Date; day: string } {
  const m = CST.exec(text.trim());
  if (!m) throw new BillFormatError(`not a time: ${JSON.stringify(text)}`);
  return { at: new Date(`${m[1]}T${m[2]}+08:00`), day: m[1]! };
}

function totalsOf(lines: BillLine[]): ParsedBill['totals'] {
  let grossFen = 0;
  let refundFen = 0;
  let feeFen = 0;
  for (const l of lines) {
    if (l.kind === 'pay') grossFen += l.amountFen;
    else refundFen += l.amountFen;
    feeFen += l.feeFen;
  }
  return { grossFen, refundFen, feeFen, netFen: grossFen - refundFen - feeFen };
}

/** Splits a CSV line; the providers quote nothing (commas never occur inside their values). */
const cells = (line: string) => line.split(',');

/**
 * Alipay's `业务明细` CSV: `#` header lines, the column titles, one line per 交易 (payment) or 退款
 * (refund, amounts negative), `#` footer lines with the day's totals.
 */
export function parseAlipayBill(text: string): ParsedBill {
  const rows = text.split(/\r?\n/).filter((l) => l.trim() && !l.startsWith('#'));
  const head = rows.shift();
  if (!head?.startsWith('支付宝交易号')) throw new BillFormatError('Alipay bill: no column titles');
  const titles = cells(head).map((t) => t.trim());
  const col = (name: string) => {
    const i = titles.indexOf(name);
    if (i < 0) throw new BillFormatError(`Alipay bill: no column ${name}`);
    return i;
  };
  const [tradeNo, outTradeNo, type, finished, received, refundNo, fee] = [
    col('支付宝交易号'),
    col('商户订单号'),
    col('业务类型'),
    col('完成时间'),
    col('商家实收（元）'),
    col('退款批次号/请求号'),
    col('服务费（元）'),
  ];
  const lines = rows.map((r): BillLine => {
    const c = cells(r).map((v) => v.trim());
    const kind = c[type] === '退款' ? 'refund' : c[type] === '交易' ? 'pay' : undefined;
    if (!kind) throw new BillFormatError(`Alipay bill: unknown business type ${c[type]}`);
    return {
      kind,
      tradeNo: c[tradeNo]!,
      paymentNo: c[outTradeNo]!,
      refundNo: kind === 'refund' ? c[refundNo] || null : null,
      amountFen: Math.abs(amountFen(c[received]!)),
      // Alipay prints the service fee as money leaving the merchant: negative on a payment.
      feeFen: -amountFen(c[fee] || '0'),
      ...cstInstant(c[finished]!),
    };
  });
  return { lines, totals: totalsOf(lines) };
}

/**
 * WeChat Pay's trade bill: the column titles, one line per trade state (`SUCCESS` a payment,
 * `REFUND` a refund), every value prefixed with a backtick, then the summary block (titles and one
 * line of totals), which is checked against the lines.
 */
export function parseWechatBill(text: string): ParsedBill {
  const rows = text.split(/\r?\n/).filter((l) => l.trim());
  const head = rows.shift();
  if (!head?.startsWith('交易时间')) throw new BillFormatError('WeChat Pay bill: no column titles');
  const titles = cells(head);
  const col = (name: string) => {
    const i = titles.indexOf(name);
    if (i < 0) throw new BillFormatError(`WeChat Pay bill: no column ${name}`);
    return i;
  };
  const refundState = col('退款状态');
  const [time, tradeNo, outTradeNo, state, settled, outRefundNo, refunded, fee] = [
    col('交易时间'),
    col('微信订单号'),
    col('商户订单号'),
    col('交易状态'),
    col('应结订单金额'),
    col('商户退款单号'),
    col('退款金额'),
    col('手续费'),
  ];
  const summaryAt = rows.findIndex((r) => r.startsWith('总交易单数'));
  if (summaryAt < 0 || !rows[summaryAt + 1]) throw new BillFormatError('WeChat Pay bill: no summary');
  const lines: BillLine[] = [];
  const data = rows.slice(0, summaryAt);
  let refundsAsked = 0;
  for (const r of data) {
    const c = cells(r).map((v) => (v.startsWith('`') ? v.slice(1) : v).trim());
    if (c[state] === 'REFUND') refundsAsked += Math.abs(amountFen(c[refunded]!));
    if (c[state] !== 'SUCCESS' && c[state] !== 'REFUND') continue; // other trade states move no money
    const kind = c[state] === 'REFUND' ? 'refund' : 'pay';
    if (kind === 'refund' && c[refundState] !== 'SUCCESS') continue; // a refund in flight has not paid back yet
    lines.push({
      kind,
      tradeNo: c[tradeNo]!,
      paymentNo: c[outTradeNo]!,
      refundNo: kind === 'refund' ? c[outRefundNo] || null : null,
      amountFen: Math.abs(amountFen(kind === 'pay' ? c[settled]! : c[refunded]!)),
      feeFen: amountFen(c[fee] || '0'),
      ...cstInstant(c[time]!),
    });
  }
  const totals = totalsOf(lines);
  const summary = cells(rows[summaryAt + 1]!).map((v) => (v.startsWith('`') ? v.slice(1) : v).trim());
  // The summary counts every line, refunds in flight included.
  if (Number(summary[0]) !== data.length || amountFen(summary[1]!) !== totals.grossFen || amountFen(summary[2]!) !== refundsAsked)
    throw new BillFormatError('WeChat Pay bill: the summary does not add up to the lines');
  return { lines, totals };
}

/**
 * The aggregated QR platform's bill (`bill_data` of its signed `bill` answer): a titled CSV, one
 * line per PAY or REFUND, amounts in the unit the footer names (fen or yuan).
 */
export function parseAggregateBill(text: string): ParsedBill {
  const rows = text.split(/\r?\n/).filter((l) => l.trim());
  const head = rows.shift();
  if (!head?.startsWith('trade_time,')) throw new BillFormatError('aggregate bill: no column titles');
  const titles = cells(head);
  const footer = rows.find((r) => r.startsWith('#')) ?? '';
  const unit = /unit (fen|yuan)/.exec(footer)?.[1];
  if (!unit) throw new BillFormatError('aggregate bill: no amount unit');
  const money = (v: string) => (unit === 'fen' ? amountFen(`${v}.00`) / 100 : amountFen(v));
  const at = (name: string) => titles.indexOf(name);
  const lines: BillLine[] = [];
  for (const r of rows.filter((x) => !x.startsWith('#'))) {
    const c = cells(r).map((v) => v.trim());
    const get = (name: string) => c[at(name)] ?? '';
    if (get('state') !== 'SUCCESS') continue; // a refund still in flight moves no money yet
    const kind = get('type') === 'REFUND' ? 'refund' : get('type') === 'PAY' ? 'pay' : undefined;
    if (!kind) throw new BillFormatError(`aggregate bill: unknown type ${get('type')}`);
    lines.push({
      kind,
      tradeNo: get('trade_no'),
      paymentNo: get('out_trade_no'),
      refundNo: kind === 'refund' ? get('out_refund_no') || null : null,
      amountFen: money(kind === 'pay' ? get('total_amount') : get('refund_amount')),
      feeFen: at('fee') >= 0 && get('fee') ? money(get('fee').replace(/^-/, '')) * (get('fee').startsWith('-') ? -1 : 1) : 0,
      ...cstInstant(get('trade_time')),
    });
  }
  return { lines, totals: totalsOf(lines) };
}

export function parseBill(provider: ReconcileProvider, text: string): ParsedBill {
  switch (provider) {
    case 'alipay':
      return parseAlipayBill(text);
    case 'wechat':
      return parseWechatBill(text);
    case 'aggregate':
      return parseAggregateBill(text);
  }
}
