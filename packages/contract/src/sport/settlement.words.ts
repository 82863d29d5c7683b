import type { ContractWords } from '../module.ts';
import { settlementPermissions } from './settlement.screens.ts';

/** What the sport/settlement module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const settlementWords = {
  name: 'sport/settlement',
  logLabels: {
    settlementClose: { 'zh-CN': '日结', 'en-US': 'Daily close' },
    settlementReconcile: { 'zh-CN': '对账', 'en-US': 'Reconciliation' },
    settlementClearing: { 'zh-CN': '第三方清分', 'en-US': 'Third-party clearing' },
  },
  logActions: {
    close: { 'zh-CN': '日结', 'en-US': 'Close the day' },
    sign: { 'zh-CN': '签核', 'en-US': 'Sign off' },
    reconcile: { 'zh-CN': '对账', 'en-US': 'Reconcile' },
    resolve: { 'zh-CN': '处理差异', 'en-US': 'Resolve a mismatch' },
    receive: { 'zh-CN': '登记到账', 'en-US': 'Record money received' },
  },
  buttons: {
    close: { 'zh-CN': '日结', 'en-US': 'Close the day' },
    sign: { 'zh-CN': '签核', 'en-US': 'Sign off' },
    run: { 'zh-CN': '对账', 'en-US': 'Reconcile' },
    resolve: { 'zh-CN': '处理差异', 'en-US': 'Resolve' },
    receive: { 'zh-CN': '登记到账', 'en-US': 'Record money received' },
  },
  screenButtons: {
    'sport.settlement.close': { close: settlementPermissions.close.close, sign: settlementPermissions.close.sign },
    'sport.settlement.reconcile': { run: settlementPermissions.reconcile.run, resolve: settlementPermissions.reconcile.resolve },
    'sport.settlement.clearing': { receive: settlementPermissions.clearing.receive },
  },
} as const satisfies ContractWords;
