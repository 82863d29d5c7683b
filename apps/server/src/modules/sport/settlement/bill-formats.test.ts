import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { billText, zipOf } from '../commerce/commerce.testkit.ts';
import { amountFen, BillFormatError, parseAggregateBill, parseAlipayBill, parseWechatBill } from './bill-formats.ts';
import { matchBill } from './settlement.reconcile.ts';
import type { ProviderMoneyLine } from '../commerce/index.ts';

const ALIPAY_DETAIL = [
  '#支付宝业务明细查询',
  '#账号：[20880012345601560156]',
  '#起始日期：[2026-11-02 00:00:00]   终止日期：[2026-11-02 23:59:59]',
  '#-----------------------------------------业务明细列表----------------------------------------',
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
  '2026110222001400001,P202611020001,交易,羽毛球场 1 小时,2026-11-02 09:59:40,2026-11-02 10:00:01,,,,,cus***@example.com,80.00,80.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,,-0.48,0.00,',
  '2026110222001400001,P202611020001,退款,羽毛球场 1 小时,2026-11-02 09:59:40,2026-11-02 18:30:00,,,,,cus***@example.com,-30.00,-30.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,T202611020007,0.18,0.00,',
  '#-----------------------------------------业务明细列表结束------------------------------------',
  '#交易合计：1笔，商家实收共80.00元',
  '#退款合计：1笔，商家实收退款共30.00元',
  '#导出时间：[2026-11-03 09:00:00]',
].join('\r\n');

const WECHAT_HEAD =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
/** One backticked line of the WeChat bill: the swim ticket's payment, with the named columns changed. */
const wechatLine = (changed: Record<string, string>) => {
  const base: Record<string, string> = {
    交易时间: '2026-11-02 10:00:01',
    公众账号ID: 'wx1',
    商户号: '1900000109',
    特约商户号: '0',
    微信订单号: '4200001',
    商户订单号: 'P202611020002',
    用户标识: 'o1',
    交易类型: 'NATIVE',
    交易状态: 'SUCCESS',
    付款银行: 'OTHERS',
    货币种类: 'CNY',
    应结订单金额: '120.50',
    代金券金额: '0.00',
    微信退款单号: '0',
    商户退款单号: '0',
    退款金额: '0.00',
    充值券退款金额: '0.00',
    商品名称: '游泳票',
    手续费: '0.72300',
    费率: '0.60%',
    订单金额: '120.50',
    申请退款金额: '0.00',
  };
  const cells = { ...base, ...changed };
  return WECHAT_HEAD.split(',')
    .map((name) => `\`${cells[name] ?? ''}`)
    .join(',');
};
const refundLine = (at: string, refundId: string, refundNo: string, amount: string, state: string, fee: string) =>
  wechatLine({
    交易时间: at,
    交易状态: 'REFUND',
    应结订单金额: '0.00',
    微信退款单号: refundId,
    商户退款单号: refundNo,
    退款金额: amount,
    退款类型: 'ORIGINAL',
    退款状态: state,
    手续费: fee,
    申请退款金额: amount,
  });
const WECHAT = [
  WECHAT_HEAD,
  wechatLine({}),
  refundLine('2026-11-02 19:00:00', '5000001', 'T202611020008', '20.50', 'SUCCESS', '-0.12300'),
  refundLine('2026-11-02 19:30:00', '5000002', 'T202611020009', '10.00', 'PROCESSING', '-0.06000'),
  '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
  ['3', '120.50', '30.50', '0.00', '0.54000', '120.50', '30.50'].map((c) => `\`${c}`).join(','),
].join('\r\n');

describe('the providers bill formats', () => {
  it('reads yuan text to fen exactly, fees of five decimals half up', () => {
    expect(amountFen('0.01')).toBe(1);
    expect(amountFen('-30.00')).toBe(-3000);
    expect(amountFen('0.72300')).toBe(72);
    expect(amountFen('0.72500')).toBe(73);
    expect(() => amountFen('1e3')).toThrow(BillFormatError);
  });

  it('Alipay: the zip of GBK CSV files is unzipped, decoded and its detail read, the summary file left aside', () => {
    const summary = iconv.encode('#支付宝业务汇总查询\r\n门店编号,门店名称,交易订单总笔数,退款订单总笔数\r\n,,1,1\r\n', 'gbk');
    const zip = zipOf([
      { name: '20880012345601560156_20261102_业务明细.csv', data: iconv.encode(ALIPAY_DETAIL, 'gbk') },
      { name: '20880012345601560156_20261102_业务明细(汇总).csv', data: summary },
    ]);
    // GBK bytes are not UTF-8: read as UTF-8 the titles would be garbage.
    expect(iconv.encode(ALIPAY_DETAIL, 'gbk').toString('utf8')).not.toContain('支付宝交易号');
    const bill = parseAlipayBill(billText(zip));
    expect(bill.lines).toEqual([
      {
        kind: 'pay',
        tradeNo: '2026110222001400001',
        paymentNo: 'P202611020001',
        refundNo: null,
        amountFen: 8000,
        feeFen: 48,
        at: new Date('2026-11-02T02:00:01Z'),
        day: '2026-11-02',
      },
      {
        kind: 'refund',
        tradeNo: '2026110222001400001',
        paymentNo: 'P202611020001',
        refundNo: 'T202611020007',
        amountFen: 3000,
        feeFen: -18,
        at: new Date('2026-11-02T10:30:00Z'),
        day: '2026-11-02',
      },
    ]);
    expect(bill.totals).toEqual({ grossFen: 8000, refundFen: 3000, feeFen: 30, netFen: 4970 });
  });

  it('WeChat Pay: backticked values, refunds in flight left out, the summary checked against the lines', () => {
    const bill = parseWechatBill(WECHAT);
    expect(bill.lines.map((l) => [l.kind, l.paymentNo, l.refundNo, l.amountFen, l.feeFen, l.day])).toEqual([
      ['pay', 'P202611020002', null, 12050, 72, '2026-11-02'],
      ['refund', 'P202611020002', 'T202611020008', 2050, -12, '2026-11-02'],
    ]);
    expect(bill.totals.netFen).toBe(12050 - 2050 - 60);
    expect(() => parseWechatBill(WECHAT.replace('`120.50,`30.50,`0.00,`0.54000', '`999.00,`30.50,`0.00,`0.54000'))).toThrow(/summary/);
    expect(() => parseWechatBill('<html>error</html>')).toThrow(BillFormatError);
  });

  it('the aggregate bill: amounts in the unit its footer names', () => {
    const text = [
      'trade_time,mch_id,out_trade_no,trade_no,pay_channel,type,state,total_amount,out_refund_no,refund_no,refund_amount,fee',
      '2026-11-02 11:00:00,M1,P3,AG1,WECHAT,PAY,SUCCESS,5000,,,,19',
      '2026-11-02 12:00:00,M1,P3,AG1,WECHAT,REFUND,SUCCESS,5000,T4,AR1,1000,-4',
      '# total 1 paid 5000, 1 refunds 1000, unit fen',
    ].join('\n');
    const bill = parseAggregateBill(text);
    expect(bill.lines.map((l) => [l.kind, l.amountFen, l.feeFen])).toEqual([
      ['pay', 5000, 19],
      ['refund', 1000, -4],
    ]);
    expect(parseAggregateBill(text.replace('5000,,,,19', '50.00,,,,0.19').replace(',1000,-4', ',10.00,-0.04').replace('unit fen', 'unit yuan')).totals).toEqual(
      bill.totals,
    );
  });
});

describe('the three-way match', () => {
  const day = '2026-11-02';
  const at = new Date('2026-11-02T04:00:00Z');
  const line = (paymentNo: string, amountFen: number, o: Partial<{ kind: 'pay' | 'refund'; refundNo: string; feeFen: number; day: string }> = {}) => ({
    kind: o.kind ?? ('pay' as const),
    tradeNo: `T-${paymentNo}`,
    paymentNo,
    refundNo: o.refundNo ?? null,
    amountFen,
    feeFen: o.feeFen ?? Math.floor((amountFen * 6000 + 500_000) / 1_000_000),
    at,
    day: o.day ?? day,
  });
  const ours = (no: string, ledgerFen: number | null, o: Partial<ProviderMoneyLine> = {}): ProviderMoneyLine => ({
    kind: 'pay',
    no,
    paymentNo: no,
    tradeNo: null,
    amountFen: ledgerFen ?? 0,
    state: 'succeeded',
    ledgerFen,
    ledgerDay: day,
    ...o,
  });
  const bill = (lines: ReturnType<typeof line>[]) => ({ lines, totals: { grossFen: 0, refundFen: 0, feeFen: 0, netFen: 0 } });

  it('classifies each difference, and matches the rest', () => {
    const { matched, found } = matchBill(
      'wechat',
      day,
      bill([
        line('OK', 1000),
        line('THEIRS', 500),
        line('AMOUNT', 900),
        line('FEE', 1000, { feeFen: 9 }),
        line('EARLY', 700),
        line('BACK', 300, { kind: 'refund', refundNo: 'R1' }),
        line('BACK', 200, { kind: 'refund', refundNo: 'R2' }),
        line('BACK', 100, { kind: 'refund', refundNo: 'R3' }),
      ]),
      [
        ours('OK', 1000),
        ours('OURS', 400),
        ours('AMOUNT', 1000),
        ours('FEE', 1000),
        ours('EARLY', 700, { ledgerDay: '2026-11-01' }),
        ours('R1', 300, { kind: 'refund', paymentNo: 'BACK' }),
        ours('R2', 250, { kind: 'refund', paymentNo: 'BACK' }),
        ours('R4', 80, { kind: 'refund', paymentNo: 'BACK' }),
      ],
    );
    expect(matched).toBe(2);
    const brief = found
      .map((m) => [m.kind, m.ourNo ?? m.tradeNo, m.oursFen, m.theirsFen, m.adjustFen])
      .map((x) => JSON.stringify(x))
      .sort();
    expect(brief).toEqual(
      [
        ['amount', 'AMOUNT', 1000, 900, -100],
        ['other_day', 'EARLY', 700, 700, 0],
        ['fee', 'FEE', 6, 9, -3],
        ['only_ours', 'OURS', 400, null, -400],
        ['refund', 'R2', 250, 200, 50],
        ['refund', 'R4', 80, null, 80],
        ['only_theirs', 'T-THEIRS', null, 500, 500],
        ['refund', 'T-BACK', null, 100, -100],
      ]
        .map((x) => JSON.stringify(x))
        .sort(),
    );
  });

  it("a payment booked on another day and absent from the bill is not this day's", () => {
    expect(matchBill('alipay', day, bill([]), [ours('OLD', 100, { ledgerDay: '2026-11-01' })]).found).toEqual([]);
  });
});
