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

const statementButtons = {
  compute: agencyPermissions.agencyStatement.compute,
  approve: agencyPermissions.agencyStatement.approve,
  pay: agencyPermissions.agencyStatement.pay,
  export: agencyPermissions.agencyStatement.export,
};

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
      buttons: { add: agencyPermissions.agencyContract.add, edit: agencyPermissions.agencyContract.edit, remove: agencyPermissions.agencyContract.remove },
      cache: true,
      parent: 'clearingSettlement',
    },
    {
      key: 'sport.agency.liquidation',
      path: '/sport/views/clearingSettlement/liquidationReport/index',
      title: { 'zh-CN': '清分报表', 'en-US': 'Liquidation report' },
      icon: 'ReconciliationOutlined',
      permission: agencyPermissions.agencyStatement.list,
      buttons: statementButtons,
      cache: true,
      parent: 'clearingSettlement',
    },
    {
      key: 'sport.agency.settlement',
      path: '/sport/views/clearingSettlement/settlementReport/index',
      title: { 'zh-CN': '结算报表', 'en-US': 'Settlement report' },
      icon: 'FileDoneOutlined',
      permission: agencyPermissions.agencyStatement.list,
      buttons: statementButtons,
      cache: true,
      parent: 'clearingSettlement',
    },
  ],
  buttons: {
    compute: { 'zh-CN': '计算结算单', 'en-US': 'Compute statement' },
    approve: { 'zh-CN': '审核', 'en-US': 'Approve' },
    pay: { 'zh-CN': '标记已付', 'en-US': 'Mark paid' },
  },
  logLabels: {
    agencyContract: { 'zh-CN': '三方代理合同', 'en-US': 'Tripartite agency contracts' },
    agencyStatement: { 'zh-CN': '三方结算单', 'en-US': 'Agency statements' },
  },
  logActions: {
    compute: { 'zh-CN': '计算结算单', 'en-US': 'Statement computed' },
    approve: { 'zh-CN': '审核结算单', 'en-US': 'Statement approved' },
    pay: { 'zh-CN': '结算单标记已付', 'en-US': 'Statement marked paid' },
  },
} as const satisfies ContractModule;
