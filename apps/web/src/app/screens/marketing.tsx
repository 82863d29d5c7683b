import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/marketing module's screens (its contract file lists the screens). */
export const marketingScreens: ScreenComponents<'sport/marketing'> = {
  'sport.marketing.management': lazyScreen('marketingManagement', () => import('../../features/sport/marketing/MarketingPage.tsx')),
  'sport.marketing.detail': lazyScreen('marketingDetail', () => import('../../features/sport/marketing/MarketingDetailPage.tsx')),
};
