import type { ContractWords } from '../module.ts';
import { agencyPermissions } from './agency.screens.ts';

const statementButtons = {
  compute: agencyPermissions.agencyStatement.compute,
  approve: agencyPermissions.agencyStatement.approve,
  pay: agencyPermissions.agencyStatement.pay,
  export: agencyPermissions.agencyStatement.export,
};

/** What the sport/agency module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const agencyWords = {
  name: 'sport/agency',
  logLabels: {
    agencyContract: { 'zh-CN': '三方代理合同', 'en-US': 'Tripartite agency contracts' },
    agencyStatement: { 'zh-CN': '三方结算单', 'en-US': 'Agency statements' },
  },
  logActions: {
    compute: { 'zh-CN': '计算结算单', 'en-US': 'Statement computed' },
    approve: { 'zh-CN': '审核结算单', 'en-US': 'Statement approved' },
    pay: { 'zh-CN': '结算单标记已付', 'en-US': 'Statement marked paid' },
  },
  buttons: {
    compute: { 'zh-CN': '计算结算单', 'en-US': 'Compute statement' },
    approve: { 'zh-CN': '审核', 'en-US': 'Approve' },
    pay: { 'zh-CN': '标记已付', 'en-US': 'Mark paid' },
  },
  screenButtons: {
    'sport.agency.contract': {
      add: agencyPermissions.agencyContract.add,
      edit: agencyPermissions.agencyContract.edit,
      remove: agencyPermissions.agencyContract.remove,
    },
    'sport.agency.liquidation': statementButtons,
    'sport.agency.settlement': statementButtons,
  },
} as const satisfies ContractWords;
