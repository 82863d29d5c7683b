import type { ScreenKey } from '@venue/contract';
import type { OrderTab } from '../features/sport/commerce/OrderListPage.tsx';
import { lazyScreen, type ScreenComponent } from './lazyScreen.tsx';

/**
 * The console's half of the screen registry (packages/contract/src/screens.ts): the lazy
 * component of every screen, by its key. The type requires one per registry entry, so a screen
 * added to the registry without its component does not compile. The first argument of lazyScreen
 * is the chunk name shown in 'Loading chunk {name} failed'.
 */
const fullPage = { fullPage: true };
const comingLater = (key: string) => lazyScreen(key, () => import('../features/public/ComingLaterPage.tsx'), fullPage);
/** One order list per tab of ORDER_TYPE_TABS: the main list filtered by its type. */
const orderTab = (tab: OrderTab) =>
  lazyScreen<object>(`orders-${tab}`, () => import('../features/sport/commerce/OrderListPage.tsx').then((m) => ({ default: m.ORDER_TAB_PAGES[tab] })));

export const SCREEN_COMPONENTS: { readonly [K in ScreenKey]: ScreenComponent } = {
  login: lazyScreen('login', () => import('../features/auth/LoginPage.tsx'), fullPage),
  ssologin: lazyScreen('ssologin', () => import('../features/auth/SsoLoginPage.tsx'), fullPage),
  signedOut: lazyScreen('signedOut', () => import('../features/auth/SignedOutPage.tsx'), fullPage),
  findPassword: lazyScreen('findPassword', () => import('../features/auth/FindPasswordPage.tsx'), fullPage),
  largeScreen: comingLater('largeScreen'),
  thirdScanPage: lazyScreen('thirdScanPage', () => import('../features/sport/commerce/ScanPayPage.tsx'), fullPage),
  payCallback: lazyScreen('payCallback', () => import('../features/sport/commerce/PayCallbackPage.tsx'), fullPage),

  home: lazyScreen('home', () => import('../features/home/HomePage.tsx')),
  'system.user': lazyScreen('user', () => import('../features/system/user/UserListPage.tsx')),
  'system.role': lazyScreen('role', () => import('../features/system/role/RoleListPage.tsx')),
  'system.org': lazyScreen('org', () => import('../features/system/org/OrgListPage.tsx')),
  'system.menu': lazyScreen('menu', () => import('../features/system/menu/MenuListPage.tsx')),
  'system.api': lazyScreen('apiauth', () => import('../features/system/apiauth/ApiAuthPage.tsx')),
  'system.dict': lazyScreen('dict', () => import('../features/system/dict/DictPage.tsx')),
  'system.config': lazyScreen('config', () => import('../features/system/config/ConfigPage.tsx')),
  'system.strategy': lazyScreen('strategy', () => import('../features/system/strategy/StrategyPage.tsx')),
  'system.setting': lazyScreen('setting', () => import('../features/system/setting/SettingPage.tsx')),
  'system.holiday': lazyScreen('holiday', () => import('../features/system/holiday/HolidayPage.tsx')),
  'system.region': lazyScreen('region', () => import('../features/system/region/RegionPage.tsx')),
  'system.version': lazyScreen('version', () => import('../features/system/version/VersionPage.tsx')),
  'system.about': lazyScreen('about', () => import('../features/about/AboutPage.tsx')),
  'monitor.online': lazyScreen('online', () => import('../features/system/online/OnlinePage.tsx')),
  'monitor.loginLog': lazyScreen('loginLog', () => import('../features/system/loginLog/LoginLogPage.tsx')),
  'monitor.operLog': lazyScreen('operLog', () => import('../features/system/operLog/OperLogPage.tsx')),
  'job.manager': lazyScreen('jobManager', () => import('../features/job/JobManagerPage.tsx')),
  'job.stream': lazyScreen('jobStream', () => import('../features/job/JobStreamPage.tsx')),
  'job.log': lazyScreen('jobLog', () => import('../features/job/DispatchRecordPage.tsx')),
  'sport.order.main': lazyScreen('orders', () => import('../features/sport/commerce/OrderListPage.tsx')),
  'sport.order.venueReservation': orderTab('venueReservation'),
  'sport.order.memberCard': orderTab('memberCard'),
  'sport.order.courseTopOrder': orderTab('courseTopOrder'),
  'sport.order.sparringOrder': orderTab('sparringOrder'),
  'sport.order.ticketsForShow': orderTab('ticketsForShow'),
  'sport.order.rentAndSell': orderTab('rentAndSell'),
  'sport.order.benefitCoupon': orderTab('benefitCoupon'),
  'sport.order.sportsRegistration': orderTab('sportsRegistration'),
  'sport.order.detail': lazyScreen('orderDetail', () => import('../features/sport/commerce/OrderDetailPage.tsx')),
  'sport.order.print': lazyScreen('orderPrint', () => import('../features/sport/commerce/PrintPage.tsx'), fullPage),
  'sport.refund.orderRefund': lazyScreen('orderRefund', () => import('../features/sport/commerce/OrderRefundPage.tsx')),
  'sport.refund.nonOrderRefund': lazyScreen('nonOrderRefund', () => import('../features/sport/commerce/NonOrderRefundPage.tsx')),
  'sport.refund.returnBillAndCoupon': lazyScreen('returnCoupon', () => import('../features/sport/commerce/ReturnCouponPage.tsx')),
  'sport.refund.refundReview': lazyScreen('refundReview', () => import('../features/sport/commerce/RefundReviewPage.tsx')),
  'sport.finance.capitalFlow': lazyScreen('capitalFlow', () => import('../features/sport/commerce/CapitalFlowPage.tsx')),
  'sport.finance.payInfo': lazyScreen('payInfo', () => import('../features/sport/commerce/PayInfoPage.tsx')),
  'sport.venue.list': lazyScreen('venueList', () => import('../features/sport/venue/VenueListPage.tsx')),
  'sport.venue.service': lazyScreen('venueService', () => import('../features/sport/venue/ServicePage.tsx')),
  'sport.venue.manage': lazyScreen('venueManage', () => import('../features/sport/venue/VenueManagePage.tsx')),
  'sport.venue.reserve': lazyScreen('venueReserve', () => import('../features/sport/booking/BookingPage.tsx')),
  'sport.venue.verify': lazyScreen('venueVerify', () => import('../features/sport/booking/VerifyPage.tsx')),
  'sport.venue.workbench': lazyScreen('workbench', () => import('../features/sport/booking/WorkbenchPage.tsx')),
  'sport.venue.fixed': lazyScreen('venueFixed', () => import('../features/sport/booking/FixedPage.tsx')),
  'sport.venue.closed': lazyScreen('venueClosed', () => import('../features/sport/booking/ClosedPage.tsx')),
  'sport.venue.adjustment': lazyScreen('venueAdjustment', () => import('../features/sport/booking/AdjustmentPage.tsx')),
  'sport.venue.orderDetails': lazyScreen('bookingDetail', () => import('../features/sport/booking/BookingDetailPage.tsx')),
  'sport.member.list': lazyScreen('memberList', () => import('../features/sport/member/MemberListPage.tsx')),
  'sport.member.userInfo': lazyScreen('memberDetail', () => import('../features/sport/member/MemberDetailPage.tsx')),
  'sport.member.enterprise': lazyScreen('memberEnterprise', () => import('../features/sport/member/EnterprisePage.tsx')),
  'sport.member.lists': lazyScreen('memberLists', () => import('../features/sport/member/ListsPage.tsx')),
  'sport.member.identity': lazyScreen('memberIdentity', () => import('../features/sport/member/IdentityPage.tsx')),
  'sport.member.spread': lazyScreen('memberSpread', () => import('../features/sport/member/SpreadPage.tsx')),
  'sport.card.types': lazyScreen('cardTypes', () => import('../features/sport/card/CardTypesPage.tsx')),
  'sport.card.sell': lazyScreen('cardSell', () => import('../features/sport/card/SellCardPage.tsx')),
  'sport.card.list': lazyScreen('cardList', () => import('../features/sport/card/CardListPage.tsx')),
  'sport.card.detail': lazyScreen('cardDetail', () => import('../features/sport/card/CardDetailPage.tsx')),
  'sport.card.usage': lazyScreen('cardUsage', () => import('../features/sport/card/UsageRecordPage.tsx')),
  'sport.member.checkin': lazyScreen('memberCheckin', () => import('../features/sport/card/CheckinPage.tsx')),
  'sport.ticket.seatmap': lazyScreen('seatmapList', () => import('../features/sport/ticket/seatmap/SeatmapListPage.tsx')),
  'sport.ticket.seatmapDesign': lazyScreen('seatmapDesign', () => import('../features/sport/ticket/seatmap/SeatmapDesignerPage.tsx')),
  'sport.ticket.sell': lazyScreen('ticketSell', () => import('../features/sport/ticket/sale/SellTicketPage.tsx')),
  'sport.ticket.list': lazyScreen('ticketList', () => import('../features/sport/ticket/list/TicketListPage.tsx')),
  'sport.ticket.projectType': lazyScreen('ticketProjectType', () => import('../features/sport/ticket/catalogue/ProjectTypePage.tsx')),
  'sport.ticket.project': lazyScreen('ticketProject', () => import('../features/sport/ticket/catalogue/ProjectListPage.tsx')),
  'sport.ticket.projectDetail': lazyScreen('ticketProjectDetail', () => import('../features/sport/ticket/catalogue/ProjectDetailPage.tsx')),
  'sport.ticket.sessionSeats': lazyScreen('ticketSessionSeats', () => import('../features/sport/ticket/catalogue/SessionSeatsPage.tsx')),
  'sport.ticket.distributor': lazyScreen('ticketDistributor', () => import('../features/sport/ticket/distribution/DistributorPage.tsx')),
  'sport.ticket.externalItem': lazyScreen('ticketExternalItem', () => import('../features/sport/ticket/distribution/ExternalItemPage.tsx')),
  'sport.ticket.package': lazyScreen('ticketPackage', () => import('../features/sport/ticket/distribution/PackagePage.tsx')),
  'sport.ticket.projectSales': lazyScreen('ticketProjectSales', () => import('../features/sport/ticket/distribution/ProjectSalesPage.tsx')),
  'sport.ticket.projectSalesStatistics': lazyScreen('ticketSalesStatistics', () => import('../features/sport/ticket/distribution/SalesStatisticsPage.tsx')),
  userInfo: lazyScreen('userInfo', () => import('../features/user-info/UserInfoPage.tsx')),
};
