import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/settlement module (a group per resource, merged into `Perm`). */
export const settlementPermissions = {
  close: { list: 'sport:settlement:close:list', close: 'sport:settlement:close:close', sign: 'sport:settlement:close:sign' },
  reconcile: { list: 'sport:settlement:reconcile:list', run: 'sport:settlement:reconcile:run', resolve: 'sport:settlement:reconcile:resolve' },
  clearing: { list: 'sport:settlement:clearing:list', receive: 'sport:settlement:clearing:receive' },
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
      cache: true,
      parent: 'clearingSettlement',
    },
    {
      key: 'sport.settlement.reconcile',
      path: '/sport/views/clearingSettlement/reconciliation/index',
      title: { 'zh-CN': '对账管理', 'en-US': 'Reconciliation' },
      icon: 'AuditOutlined',
      permission: settlementPermissions.reconcile.list,
      cache: true,
      parent: 'clearingSettlement',
    },
    {
      key: 'sport.settlement.clearing',
      path: '/sport/views/clearingSettlement/thirdPartyClearing/index',
      title: { 'zh-CN': '第三方清分', 'en-US': 'Third-party clearing' },
      icon: 'AccountBookOutlined',
      permission: settlementPermissions.clearing.list,
      cache: true,
      parent: 'clearingSettlement',
    },
  ],
} as const satisfies ContractModule;
