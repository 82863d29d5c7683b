import { without, type ContractWords } from '../module.ts';
import { commercePermissions } from './commerce.screens.ts';

/** What the sport/commerce module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions and its screens' menu buttons. */
export const commerceWords = {
  name: 'sport/commerce',
  logLabels: {
    commerce: { 'zh-CN': '订单与支付', 'en-US': 'Orders and payments' },
  },
  logActions: {
    orderCreate: { 'zh-CN': '下单', 'en-US': 'Create order' },
    orderCancel: { 'zh-CN': '取消订单', 'en-US': 'Cancel order' },
    orderComplete: { 'zh-CN': '完成订单', 'en-US': 'Complete order' },
    pay: { 'zh-CN': '收款', 'en-US': 'Take payment' },
    paymentClose: { 'zh-CN': '关闭支付', 'en-US': 'Close payment' },
    refundApply: { 'zh-CN': '申请退款', 'en-US': 'Apply for refund' },
    nonOrderRefundApply: { 'zh-CN': '申请非订单退款', 'en-US': 'Apply for non-order refund' },
    refundReview: { 'zh-CN': '审核退款', 'en-US': 'Review refund' },
    accountRecharge: { 'zh-CN': '储值账户充值', 'en-US': 'Top up stored-value account' },
    accountOpen: { 'zh-CN': '开立储值账户', 'en-US': 'Open stored-value account' },
    merchantSave: { 'zh-CN': '保存支付配置', 'en-US': 'Save payment settings' },
    scanPay: { 'zh-CN': '扫码支付', 'en-US': 'Pay on the scan page' },
    notify: { 'zh-CN': '支付通知', 'en-US': 'Payment notification' },
  },
  screenButtons: {
    'sport.order.main': { ...without(commercePermissions.order, 'list'), accounts: commercePermissions.account.list },
    'sport.refund.orderRefund': without(commercePermissions.refund, 'list'),
    'sport.finance.capitalFlow': {
      accounts: commercePermissions.account.list,
      openAccount: commercePermissions.account.add,
      recharge: commercePermissions.account.recharge,
    },
    'sport.finance.payInfo': without(commercePermissions.merchant, 'view'),
  },
} as const satisfies ContractWords;
