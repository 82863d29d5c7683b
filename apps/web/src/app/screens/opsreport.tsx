import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

const detail = () => import('../../features/sport/ops-report/ReportDetailPage.tsx');

/** The console components of the sport/ops-report module's screens (its contract file lists the screens). */
export const opsReportScreens: ScreenComponents<'sport/ops-report'> = {
  'sport.opsReport.final': lazyScreen('opsFinalReport', () => import('../../features/sport/ops-report/FinalReportPage.tsx')),
  'sport.opsReport.finalDetail': lazyScreen('opsFinalReportDetail', detail),
  'sport.opsReport.weekly': lazyScreen('opsWeeklyReport', () => import('../../features/sport/ops-report/WeeklyReportPage.tsx')),
  'sport.opsReport.weeklyDetail': lazyScreen('opsWeeklyReportDetail', detail),
};
