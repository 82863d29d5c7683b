import type { ContractModule } from '../module.ts';
import { commercePermissions } from './commerce.screens.ts';

/** The permission codes of the sport/sparring module (a group per resource, merged into `Perm`). */
export const sparringPermissions = {
  sparring: { list: 'sport:sparring:list', book: 'sport:sparring:book' },
  sparringPrice: {
    list: 'sport:sparringPrice:list',
    add: 'sport:sparringPrice:add',
    edit: 'sport:sparringPrice:edit',
    remove: 'sport:sparringPrice:remove',
  },
  sparringAudit: { list: 'sport:sparringAudit:list', review: 'sport:sparringAudit:review' },
} as const;

/** What the sport/sparring module brings to the console: permissions, menu directories, screens (in menu order), operation-log labels. */
export const sparringModule = {
  name: 'sport/sparring',
  permissions: sparringPermissions,
  screens: [
    {
      key: 'sport.sparring.list',
      path: '/sport/views/servicePersonal/rehearsalService/index',
      title: { 'zh-CN': '陪练服务', 'en-US': 'Sparring' },
      icon: 'UserSwitchOutlined',
      permission: sparringPermissions.sparring.list,
      buttons: { book: sparringPermissions.sparring.book, pay: commercePermissions.order.pay, cancel: commercePermissions.order.cancel },
      cache: true,
      parent: 'coach',
    },
    {
      key: 'sport.sparring.prices',
      path: '/sport/views/servicePersonal/priceGroup/index',
      title: { 'zh-CN': '陪练价格组', 'en-US': 'Sparring price groups' },
      icon: 'TagsOutlined',
      permission: sparringPermissions.sparringPrice.list,
      buttons: { add: sparringPermissions.sparringPrice.add, edit: sparringPermissions.sparringPrice.edit, remove: sparringPermissions.sparringPrice.remove },
      cache: true,
      parent: 'coach',
    },
    {
      key: 'sport.sparring.audit',
      path: '/sport/views/servicePersonal/audit/index',
      title: { 'zh-CN': '价格组审核', 'en-US': 'Price group audit' },
      icon: 'AuditOutlined',
      permission: sparringPermissions.sparringAudit.list,
      buttons: { review: sparringPermissions.sparringAudit.review },
      cache: true,
      parent: 'coach',
    },
    {
      key: 'sport.sparring.detail',
      path: '/sport/views/servicePersonal/rehearsalService/detail/:orderId',
      title: { 'zh-CN': '陪练详情', 'en-US': 'Sparring detail' },
      icon: 'UserSwitchOutlined',
      permission: sparringPermissions.sparring.list,
      buttons: { pay: commercePermissions.order.pay, cancel: commercePermissions.order.cancel, apply: commercePermissions.refund.apply },
      cache: true,
    },
  ],
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
} as const satisfies ContractModule;
