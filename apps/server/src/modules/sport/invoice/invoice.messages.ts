import { addMessages } from '../../../platform/i18n.ts';

/** The invoices module's own texts. */
addMessages({
  'zh-CN': {
    'invoice.taxNoRequired': '企业抬头须填写纳税人识别号',
    'invoice.taxNoInvalid': '纳税人识别号不是有效的统一社会信用代码',
    'invoice.secretRequired': '首次设置开票平台时须填写应用密钥',
    'invoice.personalTaxNo': '个人抬头不填写纳税人识别号',
    'invoice.orderNotPaid': '订单 {{orderNo}} 未支付或已退款，不能开票',
    'invoice.invoiced': '订单 {{orderNo}} 已开具发票（或正在开具）',
    'invoice.invoicedAlready': '该订单已开具发票（或正在开具）',
    'invoice.nothingToInvoice': '订单 {{orderNo}} 没有可开票的金额',
    'invoice.noPlatform': '本机构尚未配置电子发票平台',
    'invoice.notIssued': '只有已开具的发票可以红冲',
    'invoice.notCredited': '只有已红冲或开具失败的发票可以重开',
    'invoice.refundCreditFirst': '订单 {{orderNo}} 已开具发票：请先红冲发票，再退款',
    'invoice.refundCrediting': '订单 {{orderNo}} 的发票正在红冲：红冲完成后才能退款',
    'job.handler.invoice.sync': '电子发票状态同步',
  },
  'en-US': {
    'invoice.taxNoRequired': "A company's title needs its tax number",
    'invoice.taxNoInvalid': 'The tax number is not a valid unified social credit code',
    'invoice.secretRequired': 'Give the app secret when the platform is first set',
    'invoice.personalTaxNo': 'A personal title has no tax number',
    'invoice.orderNotPaid': 'Order {{orderNo}} is not paid, or was refunded: it cannot be invoiced',
    'invoice.invoiced': 'Order {{orderNo}} is invoiced already (or being invoiced)',
    'invoice.invoicedAlready': 'The order is invoiced already (or being invoiced)',
    'invoice.nothingToInvoice': 'Order {{orderNo}} has no amount to invoice',
    'invoice.noPlatform': 'No e-invoice platform is set up for this organisation',
    'invoice.notIssued': 'Only an issued invoice can be credited',
    'invoice.notCredited': 'Only a credited or failed invoice can be reissued',
    'invoice.refundCreditFirst': 'Order {{orderNo}} is invoiced: credit the invoice first, then refund',
    'invoice.refundCrediting': "Order {{orderNo}}'s invoice is being credited: refund once the credit note is issued",
    'job.handler.invoice.sync': 'Sync e-invoice states',
  },
});
