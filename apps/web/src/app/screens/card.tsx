import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/card module's screens (its contract file lists the screens). */
export const cardScreens: ScreenComponents<'sport/card'> = {
  'sport.card.types': lazyScreen('cardTypes', () => import('../../features/sport/card/CardTypesPage.tsx')),
  'sport.card.sell': lazyScreen('cardSell', () => import('../../features/sport/card/SellCardPage.tsx')),
  'sport.card.list': lazyScreen('cardList', () => import('../../features/sport/card/CardListPage.tsx')),
  'sport.card.detail': lazyScreen('cardDetail', () => import('../../features/sport/card/CardDetailPage.tsx')),
  'sport.card.usage': lazyScreen('cardUsage', () => import('../../features/sport/card/UsageRecordPage.tsx')),
};
