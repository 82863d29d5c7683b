import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';
import type { OrderTab } from '../../features/sport/commerce/OrderListPage.tsx';

const fullPage = { fullPage: true };
/** One order list per tab of ORDER_TYPE_TABS: the main list filtered by its type. */
const orderTab = (tab: OrderTab) =>
  lazyScreen<object>(`orders-${tab}`, () => import('../../features/sport/commerce/OrderListPage.tsx').then((m) => ({ default: m.ORDER_TAB_PAGES[tab] })));

/** The console components of the sport/commerce module's screens (its contract file lists the screens). */
export const commerceScreens: ScreenComponents<'sport/commerce'> = {
  thirdScanPage: lazyScreen('thirdScanPage', () => import('../../features/sport/commerce/ScanPayPage.tsx'), fullPage),
  payCallback: lazyScreen('payCallback', () => import('../../features/sport/commerce/PayCallbackPage.tsx'), fullPage),
  'sport.order.main': lazyScreen('orders', () => import('../../features/sport/commerce/OrderListPage.tsx')),
  'sport.order.venueReservation': orderTab('venueReservation'),
  'sport.order.memberCard': orderTab('memberCard'),
  'sport.order.courseTopOrder': orderTab('courseTopOrder'),
  'sport.order.sparringOrder': orderTab('sparringOrder'),
  'sport.order.ticketsForShow': orderTab('ticketsForShow'),
  'sport.order.rentAndSell': orderTab('rentAndSell'),
  'sport.order.benefitCoupon': orderTab('benefitCoupon'),
  'sport.order.sportsRegistration': orderTab('sportsRegistration'),
  'sport.order.detail': lazyScreen('orderDetail', () => import('../../features/sport/commerce/OrderDetailPage.tsx')),
  'sport.order.print': lazyScreen('orderPrint', () => import('../../features/sport/commerce/PrintPage.tsx'), fullPage),
  'sport.refund.orderRefund': lazyScreen('orderRefund', () => import('../../features/sport/commerce/OrderRefundPage.tsx')),
  'sport.refund.nonOrderRefund': lazyScreen('nonOrderRefund', () => import('../../features/sport/commerce/NonOrderRefundPage.tsx')),
  // The coupons refunds returned or spent: the coupon module's real rows.
  'sport.refund.returnBillAndCoupon': lazyScreen('returnCoupon', () => import('../../features/sport/coupon/ReturnCouponPage.tsx')),
  'sport.refund.refundReview': lazyScreen('refundReview', () => import('../../features/sport/commerce/RefundReviewPage.tsx')),
  'sport.finance.capitalFlow': lazyScreen('capitalFlow', () => import('../../features/sport/commerce/CapitalFlowPage.tsx')),
  'sport.finance.payInfo': lazyScreen('payInfo', () => import('../../features/sport/commerce/PayInfoPage.tsx')),
};
