import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/settlement module (a group per resource, merged into `Perm`). */
export const settlementPermissions = {
  close: { list: 'sport:settlement:close:list', close: 'sport:settlement:close:close', sign: 'sport:settlement:close:sign' },
} as const;

/** What the sport/settlement module brings to the console (spec 2.5 clearingSettlement). */
export const settlementModule = {
  name: 'sport/settlement',
  permissions: settlementPermissions,
  directories: [{ key: 'clearingSettlement', title: { 'zh-CN': '清结算', 'en-US': 'Settlement' }, icon: 'AccountBookOutlined' }],
  screens: [
    {
      key: 'sport.settlement.close',
      path: '/sport/views/clearingSettlement/closIngMangement/index',
      title: { 'zh-CN': '日结管理', 'en-US': 'Daily close' },
      icon: 'AuditOutlined',
      permission: settlementPermissions.close.list,
      buttons: { close: settlementPermissions.close.close, sign: settlementPermissions.close.sign },
      cache: true,
      parent: 'clearingSettlement',
    },
  ],
  buttons: {
    close: { 'zh-CN': '日结', 'en-US': 'Close the day' },
    sign: { 'zh-CN': '签核', 'en-US': 'Sign off' },
  },
  logLabels: {
    settlementClose: { 'zh-CN': '日结', 'en-US': 'Daily close' },
  },
  logActions: {
    close: { 'zh-CN': '日结', 'en-US': 'Close the day' },
    sign: { 'zh-CN': '签核', 'en-US': 'Sign off' },
  },
} as const satisfies ContractModule;
