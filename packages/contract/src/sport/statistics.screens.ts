import type { ContractModule } from '../module.ts';

/** The permission codes of the sport/statistics module (merged into `Perm`). */
export const statisticsPermissions = {
  statistics: {
    /** The dashboard and every statistics figure with its lines. */
    view: 'sport:statistics:view',
    /** Rebuild the aggregates from the ledger and the orders (administrators). */
    rebuild: 'sport:statistics:rebuild',
  },
} as const;

/** What the sport/statistics module brings to the console (spec 2.3 home dashboard, 2.5 statistics). */
export const statisticsModule = {
  name: 'sport/statistics',
  permissions: statisticsPermissions,
  screens: [
    {
      key: 'sport.statistics.dashboard',
      path: '/sport/views/dashboard/index',
      title: { 'zh-CN': '数据看板', 'en-US': 'Dashboard' },
      icon: 'DashboardOutlined',
      permission: statisticsPermissions.statistics.view,
      buttons: { rebuild: statisticsPermissions.statistics.rebuild },
      cache: true,
      parent: 'root',
    },
  ],
  buttons: {
    rebuild: { 'zh-CN': '重建统计', 'en-US': 'Rebuild statistics' },
  },
  logLabels: {
    statistics: { 'zh-CN': '统计', 'en-US': 'Statistics' },
  },
  logActions: {
    rebuild: { 'zh-CN': '重建统计', 'en-US': 'Rebuild statistics' },
  },
} as const satisfies ContractModule;
