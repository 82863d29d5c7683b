import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/goods module's screens (its contract file lists the screens). */
export const goodsScreens: ScreenComponents<'sport/goods'> = {
  'sport.goods.list': lazyScreen('goodsList', () => import('../../features/sport/goods/GoodsListPage.tsx')),
  'sport.goods.classify': lazyScreen('goodsClassify', () => import('../../features/sport/goods/GoodsClassifyPage.tsx')),
  'sport.goods.stockFlow': lazyScreen('goodsStockFlow', () => import('../../features/sport/goods/StockFlowPage.tsx')),
  'sport.goods.rentAndSale': lazyScreen('goodsRentAndSale', () => import('../../features/sport/goods/RentAndSalePage.tsx')),
};
