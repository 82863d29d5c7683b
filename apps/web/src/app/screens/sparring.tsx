import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/sparring module's screens (its contract file lists the screens). */
export const sparringScreens: ScreenComponents<'sport/sparring'> = {
  'sport.sparring.list': lazyScreen('sparringList', () => import('../../features/sport/sparring/SparringListPage.tsx')),
  'sport.sparring.prices': lazyScreen('sparringPrices', () => import('../../features/sport/sparring/PriceGroupsPage.tsx')),
  'sport.sparring.audit': lazyScreen('sparringAudit', () => import('../../features/sport/sparring/AuditPage.tsx')),
  'sport.sparring.detail': lazyScreen('sparringDetail', () => import('../../features/sport/sparring/SparringDetailPage.tsx')),
};
