import { without, type ContractWords } from '../module.ts';
import { opsReportModule, opsReportPermissions } from './opsreport.screens.ts';

/** What the sport/ops-report module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const opsReportWords = {
  name: 'sport/ops-report',
  logLabels: {
    opsReport: { 'zh-CN': '运营报告', 'en-US': 'Operations reports' },
  },
  logActions: {
    generate: { 'zh-CN': '生成报告', 'en-US': 'Generate a report' },
    regenerate: { 'zh-CN': '重新生成报告', 'en-US': 'Regenerate a report' },
  },
  buttons: {
    generate: { 'zh-CN': '生成报告', 'en-US': 'Generate' },
  },
  // Every report screen: the report buttons.
  screenButtons: Object.fromEntries(opsReportModule.screens.map((s) => [s.key, without(opsReportPermissions.opsReport, 'list')])),
} as const satisfies ContractWords;
