import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/ops-report module (merged into `Perm`). */
export const opsReportPermissions = {
  opsReport: {
    list: 'sport:opsReport:list',
    /** Generate a report for a period from the statistics and the ledger, or read a report's figures again (regenerate). */
    generate: 'sport:opsReport:generate',
    /** Edit sections and adjust figures (each edit a version). */
    edit: 'sport:opsReport:edit',
  },
} as const;

const P = opsReportPermissions.opsReport;

/** What the sport/ops-report module brings to the console (spec 2.5 operatManagement: finalReport, weeklyOperationsReport). */
export const opsReportModule = {
  name: 'sport/ops-report',
  permissions: opsReportPermissions,
  screens: [
    {
      key: 'sport.opsReport.final',
      path: '/sport/views/operatManagement/finalReport/index',
      title: { 'zh-CN': '决算报告', 'en-US': 'Final report' },
      icon: 'AuditOutlined',
      permission: P.list,
      cache: true,
      parent: 'operatManagement',
    },
    // Not a menu: one final report, its settlement report and its log.
    {
      key: 'sport.opsReport.finalDetail',
      path: '/sport/views/operatManagement/finalReport/detail/:id',
      title: { 'zh-CN': '决算报告详情', 'en-US': 'Final report details' },
      icon: 'AuditOutlined',
      permission: P.list,
      cache: true,
    },
    {
      key: 'sport.opsReport.weekly',
      path: '/sport/views/operatManagement/weeklyOperationsReport/index',
      title: { 'zh-CN': '运营周报', 'en-US': 'Weekly operations report' },
      icon: 'CalendarOutlined',
      permission: P.list,
      cache: true,
      parent: 'operatManagement',
    },
    // Not a menu: one weekly report: detail, edit, operation log.
    {
      key: 'sport.opsReport.weeklyDetail',
      path: '/sport/views/operatManagement/weeklyOperationsReport/detail/:id',
      title: { 'zh-CN': '运营周报详情', 'en-US': 'Weekly report details' },
      icon: 'CalendarOutlined',
      permission: P.list,
      cache: true,
    },
  ],
} as const satisfies ContractModule;
