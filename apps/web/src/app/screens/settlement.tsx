import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/settlement module's screens (its contract file lists the screens). */
export const settlementScreens: ScreenComponents<'sport/settlement'> = {
  'sport.settlement.close': lazyScreen('closIngMangement', () => import('../../features/sport/settlement/CloseListPage.tsx')),
  'sport.settlement.reconcile': lazyScreen('reconciliation', () => import('../../features/sport/settlement/ReconcileListPage.tsx')),
  'sport.settlement.clearing': lazyScreen('thirdPartyClearing', () => import('../../features/sport/settlement/ClearingListPage.tsx')),
};
