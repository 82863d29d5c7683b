import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/agency module (a group per resource, merged into `Perm`). */
export const agencyPermissions = {
  agencyContract: {
    list: 'sport:agency:contract:list',
    add: 'sport:agency:contract:add',
    edit: 'sport:agency:contract:edit',
    remove: 'sport:agency:contract:remove',
  },
  agencyStatement: {
    list: 'sport:agency:statement:list',
    compute: 'sport:agency:statement:compute',
    approve: 'sport:agency:statement:approve',
    pay: 'sport:agency:statement:pay',
    export: 'sport:agency:statement:export',
  },
} as const;

/** What the sport/agency module brings to the console (spec 2.5 clearingSettlement: tripartite agency, liquidation and settlement reports). */
export const agencyModule = {
  name: 'sport/agency',
  permissions: agencyPermissions,
  // Under clearingSettlement, the directory the settlement module declares (the daily close is there too).
  screens: [
    {
      key: 'sport.agency.contract',
      path: '/sport/views/clearingSettlement/tripartiteAgency/index',
      title: { 'zh-CN': '三方代理', 'en-US': 'Tripartite agency' },
      icon: 'PartitionOutlined',
      permission: agencyPermissions.agencyContract.list,
      cache: true,
      parent: 'clearingSettlement',
    },
    {
      key: 'sport.agency.liquidation',
      path: '/sport/views/clearingSettlement/liquidationReport/index',
      title: { 'zh-CN': '清分报表', 'en-US': 'Liquidation report' },
      icon: 'ReconciliationOutlined',
      permission: agencyPermissions.agencyStatement.list,
      cache: true,
      parent: 'clearingSettlement',
    },
    {
      key: 'sport.agency.settlement',
      path: '/sport/views/clearingSettlement/settlementReport/index',
      title: { 'zh-CN': '结算报表', 'en-US': 'Settlement report' },
      icon: 'FileDoneOutlined',
      permission: agencyPermissions.agencyStatement.list,
      cache: true,
      parent: 'clearingSettlement',
    },
  ],
} as const satisfies ContractModule;
