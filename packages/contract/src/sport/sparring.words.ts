import type { ContractWords } from '../module.ts';
import { commercePermissions } from './commerce.screens.ts';
import { sparringPermissions } from './sparring.screens.ts';

/** What the sport/sparring module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions and its screens' menu buttons. */
export const sparringWords = {
  name: 'sport/sparring',
  logLabels: {
    sparring: { 'zh-CN': '陪练服务', 'en-US': 'Sparring' },
    sparringPrice: { 'zh-CN': '陪练价格组', 'en-US': 'Sparring price groups' },
  },
  logActions: {
    book: { 'zh-CN': '预约陪练', 'en-US': 'Book a coach' },
    propose: { 'zh-CN': '提交价格组变更', 'en-US': 'Propose a price group change' },
    approve: { 'zh-CN': '审核通过', 'en-US': 'Approve' },
    reject: { 'zh-CN': '驳回', 'en-US': 'Reject' },
  },
  screenButtons: {
    'sport.sparring.list': { book: sparringPermissions.sparring.book, pay: commercePermissions.order.pay, cancel: commercePermissions.order.cancel },
    'sport.sparring.prices': {
      add: sparringPermissions.sparringPrice.add,
      edit: sparringPermissions.sparringPrice.edit,
      remove: sparringPermissions.sparringPrice.remove,
    },
    'sport.sparring.audit': { review: sparringPermissions.sparringAudit.review },
    'sport.sparring.detail': { pay: commercePermissions.order.pay, cancel: commercePermissions.order.cancel, apply: commercePermissions.refund.apply },
  },
} as const satisfies ContractWords;
