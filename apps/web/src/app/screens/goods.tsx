import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/goods module's screens (its contract file lists the screens); stand-ins until the screens are built. */
export const goodsScreens: ScreenComponents<'sport/goods'> = {
  'sport.goods.list': lazyScreen('goodsList', () => import('../../features/sport/goods/GoodsPendingPage.tsx')),
  'sport.goods.classify': lazyScreen('goodsClassify', () => import('../../features/sport/goods/GoodsPendingPage.tsx')),
  'sport.goods.stockFlow': lazyScreen('goodsStockFlow', () => import('../../features/sport/goods/GoodsPendingPage.tsx')),
};
