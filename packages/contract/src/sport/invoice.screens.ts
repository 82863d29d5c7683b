import { without, type ContractModule } from '../module.ts';

/** The permission codes of the sport/invoice module (merged into `Perm`). */
export const invoicePermissions = {
  invoice: { list: 'sport:invoice:list', add: 'sport:invoice:add', credit: 'sport:invoice:credit', platform: 'sport:invoice:platform' },
} as const;

/** The invoice screen; `?orderId=` opens the request of that order (from the order detail and the member's orders). */
export const INVOICE_SCREEN_PATH = '/sport/views/invoiceManagement/index';

/** What the sport/invoice module brings to the console (spec 2.5 invoiceManagement: add and detail; not cached, spec 2.2). */
export const invoiceModule = {
  name: 'sport/invoice',
  permissions: invoicePermissions,
  screens: [
    {
      key: 'sport.invoice',
      path: INVOICE_SCREEN_PATH,
      title: { 'zh-CN': '发票管理', 'en-US': 'Invoices' },
      icon: 'FileTextOutlined',
      permission: invoicePermissions.invoice.list,
      buttons: without(invoicePermissions.invoice, 'list'),
      cache: false,
      parent: 'finance',
    },
  ],
  buttons: {
    credit: { 'zh-CN': '红冲', 'en-US': 'Credit note' },
    platform: { 'zh-CN': '开票平台设置', 'en-US': 'Invoicing platform' },
  },
  logLabels: {
    invoice: { 'zh-CN': '发票', 'en-US': 'Invoices' },
  },
  logActions: {
    refresh: { 'zh-CN': '刷新发票状态', 'en-US': 'Invoice state refreshed' },
    credit: { 'zh-CN': '发票红冲', 'en-US': 'Invoice credited' },
    reissue: { 'zh-CN': '发票重开', 'en-US': 'Invoice reissued' },
    platform: { 'zh-CN': '开票平台设置', 'en-US': 'Invoicing platform saved' },
  },
} as const satisfies ContractModule;
