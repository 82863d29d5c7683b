import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/statistics module's screens (its contract file lists the screens). */
export const statisticsScreens: ScreenComponents<'sport/statistics'> = {
  'sport.statistics.dashboard': lazyScreen('statisticsDashboard', () => import('../../features/sport/statistics/DashboardPage.tsx')),
};
