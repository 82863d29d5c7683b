import type { ComponentType } from 'react';
import type { StatisticsScreen } from '@venue/contract';
import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The spec 2.5 statistics screens share one chunk: one report screen, each with its tabs. */
const report = (screen: StatisticsScreen) =>
  lazyScreen<object>(`statistics_${screen}`, () =>
    import('../../features/sport/statistics/ReportPage.tsx').then((m): { default: ComponentType<object> } => ({ default: m.reportScreens[screen] })),
  );

/** The console components of the sport/statistics module's screens (its contract file lists the screens). */
export const statisticsScreens: ScreenComponents<'sport/statistics'> = {
  'sport.statistics.dashboard': lazyScreen('statisticsDashboard', () => import('../../features/sport/statistics/DashboardPage.tsx')),
  'sport.statistics.bookingBusiness': report('bookingBusiness'),
  'sport.statistics.business': report('business'),
  'sport.statistics.income': report('income'),
  'sport.statistics.saleIncome': report('saleIncome'),
  'sport.statistics.couponStatistics': report('couponStatistics'),
  'sport.statistics.coursebusinessStatistics': report('coursebusinessStatistics'),
  'sport.statistics.memberCard': report('memberCard'),
  'sport.statistics.ticketBusinessStatistics': report('ticketBusinessStatistics'),
  'sport.statistics.venue': report('venue'),
  'sport.statistics.deposit': report('deposit'),
};
