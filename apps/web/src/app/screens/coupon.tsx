import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/coupon module's screens (its contract file lists the screens). */
export const couponScreens: ScreenComponents<'sport/coupon'> = {
  'sport.coupon.management': lazyScreen('couponManagement', () => import('../../features/sport/coupon/CouponManagementPage.tsx')),
  'sport.coupon.details': lazyScreen('couponDetails', () => import('../../features/sport/coupon/CouponDetailPage.tsx')),
};
