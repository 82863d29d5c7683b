import { without, type ContractWords } from '../module.ts';
import { invoicePermissions } from './invoice.screens.ts';

/** What the sport/invoice module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const invoiceWords = {
  name: 'sport/invoice',
  logLabels: {
    invoice: { 'zh-CN': '发票', 'en-US': 'Invoices' },
  },
  logActions: {
    refresh: { 'zh-CN': '刷新发票状态', 'en-US': 'Invoice state refreshed' },
    credit: { 'zh-CN': '发票红冲', 'en-US': 'Invoice credited' },
    reissue: { 'zh-CN': '发票重开', 'en-US': 'Invoice reissued' },
    platform: { 'zh-CN': '开票平台设置', 'en-US': 'Invoicing platform saved' },
  },
  buttons: {
    credit: { 'zh-CN': '红冲', 'en-US': 'Credit note' },
    platform: { 'zh-CN': '开票平台设置', 'en-US': 'Invoicing platform' },
  },
  screenButtons: {
    'sport.invoice': without(invoicePermissions.invoice, 'list'),
  },
} as const satisfies ContractWords;
