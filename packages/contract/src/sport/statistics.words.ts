import type { ContractWords } from '../module.ts';
import { statisticsModule, statisticsPermissions } from './statistics.screens.ts';

/** What the sport/statistics module's screens and the server read beyond its screens file (kept out of the console's start-up): its operation-log labels, the names of its logged actions, its screens' menu buttons and their titles. */
export const statisticsWords = {
  name: 'sport/statistics',
  logLabels: {
    statistics: { 'zh-CN': '统计', 'en-US': 'Statistics' },
  },
  logActions: {
    rebuild: { 'zh-CN': '重建统计', 'en-US': 'Rebuild statistics' },
    export: { 'zh-CN': '导出统计', 'en-US': 'Export statistics' },
  },
  buttons: {
    rebuild: { 'zh-CN': '重建统计', 'en-US': 'Rebuild statistics' },
    export: { 'zh-CN': '导出', 'en-US': 'Export' },
  },
  screenButtons: {
    // Each report screen: its export.
    ...Object.fromEntries(
      statisticsModule.screens.filter((s) => s.key !== 'sport.statistics.dashboard').map((s) => [s.key, { export: statisticsPermissions.statistics.export }]),
    ),
    'sport.statistics.dashboard': { rebuild: statisticsPermissions.statistics.rebuild, export: statisticsPermissions.statistics.export },
  },
} as const satisfies ContractWords;
