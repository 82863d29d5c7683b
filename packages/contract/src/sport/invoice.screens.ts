import type { ContractModule } from '../module.ts';

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
      cache: false,
      parent: 'finance',
    },
  ],
} as const satisfies ContractModule;
