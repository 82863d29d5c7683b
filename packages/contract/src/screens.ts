import { Perm } from './permissions.ts';

/**
 * The one screen registry (issue 8, point 5). Each screen of the console is one entry: its route
 * path, its titles in both languages, its menu icon, the permission that opens it and the buttons
 * under it, its cache rule (spec 2.2 rule 7), and where the menu seed puts it. Both halves read it:
 * - the server's menu seed (modules/system/menu.seed.ts) builds its type-1 entries and their type-2
 *   buttons from the entries with a `parent` (and the directories below);
 * - the console (apps/web/src/app/screens.tsx) adds the lazy component of each key; its routes,
 *   tab titles, breadcrumbs and menu icons come from here.
 * Only serialisable facts live here: the console's components are keyed by `key`, and a key
 * without a component fails the console's typecheck.
 *
 * To add a screen: add an entry here (key, path, titles, icon, permission, buttons, cache, parent),
 * then its component in apps/web/src/app/screens.tsx; the menu seed and the routes follow.
 */

export type ScreenLang = 'zh-CN' | 'en-US';
export type ScreenTitle = Readonly<Record<ScreenLang, string>>;

export interface ScreenDef {
  /** Stable key: the menu seed's key for menu screens ('system.user'), the console's component key. */
  readonly key: string;
  /** Route path (react-router syntax; may hold params: '/sport/views/venueReserve/orderDetails/:orderId'). */
  readonly path: string;
  readonly title: ScreenTitle;
  /** antd icon name (apps/web/src/app/layout/icons.tsx bundles every name used here). */
  readonly icon: string;
  /**
   * The permission code that opens it (its menu entry's `perms`); '' = any signed-in user; absent
   * for public screens.
   */
  readonly permission?: string;
  /** Type-2 buttons seeded under its menu entry: action -> permission code. */
  readonly buttons?: Readonly<Record<string, string>>;
  /**
   * Kept alive while another tab is shown (spec 2.2 rule 7): every list screen is, except course
   * management, course scheduling plan detail, invoice management, ticket project and session
   * detail, and closed management (UNCACHED_BY_SPEC).
   */
  readonly cache: boolean;
  /**
   * Where the menu seed puts it: a directory key of MENU_DIRECTORIES, or 'root' (top level).
   * Absent: not a menu entry (public screens, screens reached from the top bar).
   */
  readonly parent?: string;
  /** Open without login, shown outside the admin layout. */
  readonly public?: boolean;
  /** Its tab cannot be closed (home). */
  readonly affix?: boolean;
  /** Shown without the layout's chrome while loading (public pages fill the page). */
  readonly fullPage?: boolean;
}

export interface MenuDirectoryDef {
  readonly key: string;
  readonly title: ScreenTitle;
  readonly icon: string;
}

/** The seeded menu directories (type 0), in menu order. */
export const MENU_DIRECTORIES = [
  { key: 'system', title: { 'zh-CN': '系统管理', 'en-US': 'System' }, icon: 'SettingOutlined' },
  { key: 'monitor', title: { 'zh-CN': '系统监控', 'en-US': 'Monitor' }, icon: 'MonitorOutlined' },
  { key: 'job', title: { 'zh-CN': '任务调度', 'en-US': 'Job scheduling' }, icon: 'ScheduleOutlined' },
  { key: 'appAccess', title: { 'zh-CN': '应用接入', 'en-US': 'App access' }, icon: 'ApiOutlined' },
  { key: 'message', title: { 'zh-CN': '消息管理', 'en-US': 'Messages' }, icon: 'MessageOutlined' },
  { key: 'registry', title: { 'zh-CN': '服务注册', 'en-US': 'Service registry' }, icon: 'ClusterOutlined' },
  { key: 'order', title: { 'zh-CN': '订单管理', 'en-US': 'Orders' }, icon: 'ProfileOutlined' },
  { key: 'refund', title: { 'zh-CN': '退款管理', 'en-US': 'Refunds' }, icon: 'RollbackOutlined' },
  { key: 'finance', title: { 'zh-CN': '财务管理', 'en-US': 'Finance' }, icon: 'AccountBookOutlined' },
  { key: 'venue', title: { 'zh-CN': '场馆管理', 'en-US': 'Venues' }, icon: 'BankOutlined' },
  { key: 'member', title: { 'zh-CN': '会员管理', 'en-US': 'Members' }, icon: 'TeamOutlined' },
  { key: 'ticket', title: { 'zh-CN': '票务管理', 'en-US': 'Ticketing' }, icon: 'TagsOutlined' },
] as const satisfies readonly MenuDirectoryDef[];

const without = <T extends Record<string, string>, K extends keyof T>(group: T, ...keys: K[]): Omit<T, K> =>
  Object.fromEntries(Object.entries(group).filter(([k]) => !keys.includes(k as K))) as Omit<T, K>;

/** Every screen, in menu order within each directory. */
export const SCREENS = [
  // ---------------------------------------------------------------- public (spec 2.1)
  { key: 'login', path: '/login', title: { 'zh-CN': '登录', 'en-US': 'Sign in' }, icon: 'LoginOutlined', cache: false, public: true, fullPage: true },
  { key: 'ssologin', path: '/ssologin', title: { 'zh-CN': '统一认证登录', 'en-US': 'Single sign-on' }, icon: 'SafetyCertificateOutlined', cache: false, public: true, fullPage: true },
  { key: 'signedOut', path: '/signedOut', title: { 'zh-CN': '已退出登录', 'en-US': 'Signed out' }, icon: 'LogoutOutlined', cache: false, public: true, fullPage: true },
  { key: 'findPassword', path: '/findPassword', title: { 'zh-CN': '找回密码', 'en-US': 'Recover password' }, icon: 'KeyOutlined', cache: false, public: true, fullPage: true },
  { key: 'largeScreen', path: '/largeScreen', title: { 'zh-CN': '数据大屏', 'en-US': 'Data wall' }, icon: 'DashboardOutlined', cache: false, public: true, fullPage: true },
  { key: 'thirdScanPage', path: '/thirdScanPage', title: { 'zh-CN': '扫码支付', 'en-US': 'Scan to pay' }, icon: 'QrcodeOutlined', cache: false, public: true, fullPage: true },
  { key: 'payCallback', path: '/payCallback', title: { 'zh-CN': '支付结果', 'en-US': 'Payment result' }, icon: 'PayCircleOutlined', cache: false, public: true, fullPage: true },

  // ---------------------------------------------------------------- the admin layout
  { key: 'home', path: '/home', title: { 'zh-CN': '首页', 'en-US': 'Home' }, icon: 'HomeOutlined', permission: Perm.home, cache: true, parent: 'root', affix: true },
  // System administration.
  { key: 'system.user', path: '/system/user', title: { 'zh-CN': '用户管理', 'en-US': 'Users' }, icon: 'UserOutlined', permission: Perm.user.list, buttons: without(Perm.user, 'list'), cache: true, parent: 'system' },
  { key: 'system.role', path: '/system/role', title: { 'zh-CN': '角色管理', 'en-US': 'Roles' }, icon: 'TeamOutlined', permission: Perm.role.list, buttons: without(Perm.role, 'list'), cache: true, parent: 'system' },
  { key: 'system.org', path: '/system/org', title: { 'zh-CN': '组织机构', 'en-US': 'Organisations' }, icon: 'ApartmentOutlined', permission: Perm.org.list, buttons: without(Perm.org, 'list'), cache: true, parent: 'system' },
  { key: 'system.menu', path: '/system/menu', title: { 'zh-CN': '菜单管理', 'en-US': 'Menus' }, icon: 'MenuOutlined', permission: Perm.menu.list, buttons: without(Perm.menu, 'list'), cache: true, parent: 'system' },
  { key: 'system.api', path: '/system/api', title: { 'zh-CN': '接口授权', 'en-US': 'API authorisation' }, icon: 'ApiOutlined', permission: Perm.api.list, buttons: without(Perm.api, 'list'), cache: true, parent: 'system' },
  { key: 'system.dict', path: '/kems-pmi/views/dict/data', title: { 'zh-CN': '数据字典', 'en-US': 'Dictionaries' }, icon: 'BookOutlined', permission: Perm.dict.list, buttons: without(Perm.dict, 'list'), cache: true, parent: 'system' },
  { key: 'system.config', path: '/system/config', title: { 'zh-CN': '参数配置', 'en-US': 'Parameters' }, icon: 'ControlOutlined', permission: Perm.config.list, buttons: without(Perm.config, 'list'), cache: true, parent: 'system' },
  { key: 'system.strategy', path: '/system/strategy', title: { 'zh-CN': '登录与密码策略', 'en-US': 'Login & password policy' }, icon: 'SafetyOutlined', permission: Perm.strategy.view, buttons: without(Perm.strategy, 'view'), cache: true, parent: 'system' },
  { key: 'system.setting', path: '/system/setting', title: { 'zh-CN': '页面设置', 'en-US': 'Branding' }, icon: 'SkinOutlined', permission: Perm.setting.view, buttons: without(Perm.setting, 'view'), cache: true, parent: 'system' },
  { key: 'system.holiday', path: '/system/holiday', title: { 'zh-CN': '节假日', 'en-US': 'Holidays' }, icon: 'CalendarOutlined', permission: Perm.holiday.view, buttons: without(Perm.holiday, 'view'), cache: true, parent: 'system' },
  { key: 'system.region', path: '/system/region', title: { 'zh-CN': '行政区域', 'en-US': 'Regions' }, icon: 'EnvironmentOutlined', permission: Perm.region.list, buttons: without(Perm.region, 'list'), cache: true, parent: 'system' },
  { key: 'system.version', path: '/system/version', title: { 'zh-CN': '版本管理', 'en-US': 'Versions' }, icon: 'TagsOutlined', permission: Perm.version.list, buttons: without(Perm.version, 'list'), cache: true, parent: 'system' },
  { key: 'system.about', path: '/about', title: { 'zh-CN': '关于我们', 'en-US': 'About us' }, icon: 'InfoCircleOutlined', permission: Perm.authenticated, cache: true, parent: 'system' },
  // Monitoring.
  { key: 'monitor.online', path: '/monitor/online', title: { 'zh-CN': '在线用户', 'en-US': 'Online users' }, icon: 'WifiOutlined', permission: Perm.online.list, buttons: without(Perm.online, 'list'), cache: true, parent: 'monitor' },
  { key: 'monitor.loginLog', path: '/monitor/loginLog', title: { 'zh-CN': '登录日志', 'en-US': 'Login log' }, icon: 'LoginOutlined', permission: Perm.loginLog.list, buttons: without(Perm.loginLog, 'list'), cache: true, parent: 'monitor' },
  { key: 'monitor.operLog', path: '/monitor/operLog', title: { 'zh-CN': '操作日志', 'en-US': 'Operation log' }, icon: 'FileSearchOutlined', permission: Perm.operLog.list, buttons: without(Perm.operLog, 'list'), cache: true, parent: 'monitor' },
  // Job scheduling.
  { key: 'job.manager', path: '/job/manager', title: { 'zh-CN': '任务管理', 'en-US': 'Jobs' }, icon: 'ClockCircleOutlined', permission: Perm.job.list, buttons: without(Perm.job, 'list', 'log'), cache: true, parent: 'job' },
  { key: 'job.stream', path: '/job/stream', title: { 'zh-CN': '任务流', 'en-US': 'Job streams' }, icon: 'PartitionOutlined', permission: Perm.jobStream.list, buttons: without(Perm.jobStream, 'list'), cache: true, parent: 'job' },
  { key: 'job.log', path: '/job/log', title: { 'zh-CN': '调度记录', 'en-US': 'Dispatch records' }, icon: 'HistoryOutlined', permission: Perm.job.log, cache: true, parent: 'job' },
  // App access (issue 14): third-party applications, the interfaces opened to them, the grants, the call log.
  { key: 'appAccess.app', path: '/appAccess/ThirdAppInfoManage', title: { 'zh-CN': '第三方应用', 'en-US': 'Third-party apps' }, icon: 'AppstoreAddOutlined', permission: Perm.openApp.list, buttons: { edit: Perm.openApp.edit }, cache: true, parent: 'appAccess' },
  { key: 'appAccess.api', path: '/appAccess/ThirdApiManager', title: { 'zh-CN': '开放接口', 'en-US': 'Open interfaces' }, icon: 'ApiOutlined', permission: Perm.openApp.api, cache: true, parent: 'appAccess' },
  { key: 'appAccess.grant', path: '/appAccess/InterfaceAuthManage', title: { 'zh-CN': '接口授权管理', 'en-US': 'Interface grants' }, icon: 'SafetyCertificateOutlined', permission: Perm.openApp.grant, cache: true, parent: 'appAccess' },
  { key: 'appAccess.log', path: '/appAccess/callLog', title: { 'zh-CN': '调用日志', 'en-US': 'Call log' }, icon: 'FileSearchOutlined', permission: Perm.openApp.log, cache: true, parent: 'appAccess' },
  // Messaging delivery (issue 14): business types, channels, templates, the send log, the test screen.
  { key: 'message.business', path: '/message/business', title: { 'zh-CN': '业务类型', 'en-US': 'Business types' }, icon: 'NotificationOutlined', permission: Perm.message.business, cache: true, parent: 'message' },
  { key: 'message.channel', path: '/message/channel', title: { 'zh-CN': '消息渠道', 'en-US': 'Channels' }, icon: 'SendOutlined', permission: Perm.message.channel, cache: true, parent: 'message' },
  { key: 'message.template', path: '/message/template', title: { 'zh-CN': '消息模板', 'en-US': 'Templates' }, icon: 'SnippetsOutlined', permission: Perm.message.template, cache: true, parent: 'message' },
  { key: 'message.log', path: '/message/log', title: { 'zh-CN': '发送记录', 'en-US': 'Send log' }, icon: 'HistoryOutlined', permission: Perm.message.log, cache: true, parent: 'message' },
  { key: 'message.test', path: '/message/test', title: { 'zh-CN': '消息测试', 'en-US': 'Test send' }, icon: 'ExperimentOutlined', permission: Perm.message.test, cache: true, parent: 'message' },
  // Station messages and to-dos (issue 14): every signed-in user's own.
  { key: 'message.station', path: '/message/station', title: { 'zh-CN': '站内信', 'en-US': 'Station messages' }, icon: 'MailOutlined', permission: Perm.authenticated, cache: true, parent: 'message' },
  { key: 'message.backlog', path: '/message/backlog', title: { 'zh-CN': '待办消息', 'en-US': 'To-do messages' }, icon: 'CarryOutOutlined', permission: Perm.authenticated, cache: true, parent: 'message' },
  // The service registry (issue 14): applications, environments with groups and instances, services, translation items.
  { key: 'registry.app', path: '/system/registry/app', title: { 'zh-CN': '应用管理', 'en-US': 'Applications' }, icon: 'AppstoreOutlined', permission: Perm.registryApp.list, buttons: without(Perm.registryApp, 'list'), cache: true, parent: 'registry' },
  { key: 'registry.env', path: '/system/registry/env', title: { 'zh-CN': '环境管理', 'en-US': 'Environments' }, icon: 'DeploymentUnitOutlined', permission: Perm.registryEnv.list, buttons: without(Perm.registryEnv, 'list'), cache: true, parent: 'registry' },
  { key: 'registry.service', path: '/system/registry/service', title: { 'zh-CN': '服务管理', 'en-US': 'Services' }, icon: 'CloudServerOutlined', permission: Perm.registryService.list, buttons: without(Perm.registryService, 'list'), cache: true, parent: 'registry' },
  { key: 'registry.translation', path: '/system/registry/translation', title: { 'zh-CN': '翻译项管理', 'en-US': 'Translation items' }, icon: 'GlobalOutlined', permission: Perm.registryTranslation.list, buttons: without(Perm.registryTranslation, 'list'), cache: true, parent: 'registry' },
  // Orders (the commerce core): the main list, then one tab per order type (spec 2.5), each the main list filtered.
  { key: 'sport.order.main', path: '/sport/views/orderManagement/mainOrder', title: { 'zh-CN': '全部订单', 'en-US': 'All orders' }, icon: 'ProfileOutlined', permission: Perm.order.list, buttons: { ...without(Perm.order, 'list'), accounts: Perm.account.list }, cache: true, parent: 'order' },
  { key: 'sport.order.venueReservation', path: '/sport/views/orderManagement/venueReservation', title: { 'zh-CN': '场地预订订单', 'en-US': 'Venue bookings' }, icon: 'CalendarOutlined', permission: Perm.order.list, cache: true, parent: 'order' },
  { key: 'sport.order.memberCard', path: '/sport/views/orderManagement/memberCard', title: { 'zh-CN': '会员卡订单', 'en-US': 'Member cards' }, icon: 'IdcardOutlined', permission: Perm.order.list, cache: true, parent: 'order' },
  { key: 'sport.order.courseTopOrder', path: '/sport/views/orderManagement/courseTopOrder', title: { 'zh-CN': '课程订单', 'en-US': 'Courses' }, icon: 'ReadOutlined', permission: Perm.order.list, cache: true, parent: 'order' },
  { key: 'sport.order.sparringOrder', path: '/sport/views/orderManagement/sparringOrder', title: { 'zh-CN': '陪练订单', 'en-US': 'Sparring' }, icon: 'TeamOutlined', permission: Perm.order.list, cache: true, parent: 'order' },
  { key: 'sport.order.ticketsForShow', path: '/sport/views/orderManagement/ticketsForShow', title: { 'zh-CN': '演出赛事票订单', 'en-US': 'Tickets' }, icon: 'TagsOutlined', permission: Perm.order.list, cache: true, parent: 'order' },
  { key: 'sport.order.rentAndSell', path: '/sport/views/orderManagement/rentAndSell', title: { 'zh-CN': '租售订单', 'en-US': 'Rent and sale' }, icon: 'ShoppingOutlined', permission: Perm.order.list, cache: true, parent: 'order' },
  { key: 'sport.order.benefitCoupon', path: '/sport/views/orderManagement/benefitCoupon', title: { 'zh-CN': '权益券订单', 'en-US': 'Coupons' }, icon: 'GiftOutlined', permission: Perm.order.list, cache: true, parent: 'order' },
  { key: 'sport.order.sportsRegistration', path: '/sport/views/orderManagement/sportsRegistration', title: { 'zh-CN': '赛事报名订单', 'en-US': 'Registrations' }, icon: 'FlagOutlined', permission: Perm.order.list, cache: true, parent: 'order' },
  // Refunds.
  { key: 'sport.refund.orderRefund', path: '/sport/views/refundList/orderRefund', title: { 'zh-CN': '订单退款', 'en-US': 'Order refunds' }, icon: 'RollbackOutlined', permission: Perm.refund.list, buttons: without(Perm.refund, 'list'), cache: true, parent: 'refund' },
  { key: 'sport.refund.nonOrderRefund', path: '/sport/views/refundList/nonOrderRefund', title: { 'zh-CN': '非订单退款', 'en-US': 'Non-order refunds' }, icon: 'TransactionOutlined', permission: Perm.refund.list, cache: true, parent: 'refund' },
  { key: 'sport.refund.refundReview', path: '/sport/views/refundList/refundReview', title: { 'zh-CN': '退款审核', 'en-US': 'Refund review' }, icon: 'AuditOutlined', permission: Perm.refund.review, cache: true, parent: 'refund' },
  { key: 'sport.refund.returnBillAndCoupon', path: '/sport/views/refundList/returnBillAndCoupon', title: { 'zh-CN': '退单退券', 'en-US': 'Returned coupons' }, icon: 'GiftOutlined', permission: Perm.refund.list, cache: true, parent: 'refund' },
  // Finance.
  { key: 'sport.finance.capitalFlow', path: '/sport/views/financeCapitalFlow', title: { 'zh-CN': '财务资金流水', 'en-US': 'Capital flow' }, icon: 'AccountBookOutlined', permission: Perm.capital.list, buttons: { accounts: Perm.account.list, openAccount: Perm.account.add, recharge: Perm.account.recharge }, cache: true, parent: 'finance' },
  { key: 'sport.finance.payInfo', path: '/sport/views/payInfoManage/index', title: { 'zh-CN': '支付配置', 'en-US': 'Payment settings' }, icon: 'WalletOutlined', permission: Perm.merchant.view, buttons: without(Perm.merchant, 'view'), cache: true, parent: 'finance' },
  // Venues and booking.
  { key: 'sport.venue.reserve', path: '/sport/views/venueReserve/index', title: { 'zh-CN': '场地预订', 'en-US': 'Booking' }, icon: 'TableOutlined', permission: Perm.booking.view, buttons: { ...without(Perm.booking, 'view'), pay: Perm.order.pay, orders: Perm.order.list }, cache: true, parent: 'venue' },
  { key: 'sport.venue.workbench', path: '/sport/views/workBench/index', title: { 'zh-CN': '工作台', 'en-US': 'Workbench' }, icon: 'DesktopOutlined', permission: Perm.booking.view, buttons: { settle: Perm.booking.settle, checkin: Perm.booking.checkin, pay: Perm.order.pay, orders: Perm.order.list }, cache: true, parent: 'venue' },
  { key: 'sport.venue.fixed', path: '/sport/views/venueFixedManage/index', title: { 'zh-CN': '固定场管理', 'en-US': 'Fixed bookings' }, icon: 'ScheduleOutlined', permission: Perm.booking.book, buttons: { cancel: Perm.booking.cancel, pay: Perm.order.pay, orders: Perm.order.list }, cache: true, parent: 'venue' },
  { key: 'sport.venue.closed', path: '/sport/views/closedManagement/index', title: { 'zh-CN': '关场管理', 'en-US': 'Closures' }, icon: 'StopOutlined', permission: Perm.booking.close, cache: false, parent: 'venue' },
  { key: 'sport.venue.verify', path: '/sport/views/venueManageVerify/index', title: { 'zh-CN': '场地核销', 'en-US': 'Check-in' }, icon: 'ScanOutlined', permission: Perm.booking.checkin, buttons: { pay: Perm.order.pay, orders: Perm.order.list }, cache: true, parent: 'venue' },
  { key: 'sport.venue.manage', path: '/sport/views/venueManagement/index', title: { 'zh-CN': '场馆信息', 'en-US': 'My venue' }, icon: 'ShopOutlined', permission: Perm.venue.list, buttons: { ...without(Perm.venue, 'list', 'remove', 'review'), recharge: Perm.account.recharge }, cache: true, parent: 'venue' },
  { key: 'sport.venue.list', path: '/sport/views/venueManagementList/index', title: { 'zh-CN': '场馆列表', 'en-US': 'All venues' }, icon: 'BankOutlined', permission: Perm.venue.list, buttons: without(Perm.venue, 'list'), cache: true, parent: 'venue' },
  { key: 'sport.venue.service', path: '/sport/views/serviceManagement/index', title: { 'zh-CN': '服务管理', 'en-US': 'Service management' }, icon: 'SolutionOutlined', permission: Perm.venue.list, buttons: { edit: Perm.venue.edit, shop: Perm.venue.shop, review: Perm.venue.review }, cache: true, parent: 'venue' },
  { key: 'sport.venue.adjustment', path: '/sport/views/venueReserve/adjustment/index', title: { 'zh-CN': '场地变更', 'en-US': 'Change a booking' }, icon: 'SwapOutlined', permission: Perm.booking.book, cache: true },
  { key: 'sport.venue.orderDetails', path: '/sport/views/venueReserve/orderDetails/:orderId', title: { 'zh-CN': '预订详情', 'en-US': 'Booking detail' }, icon: 'FileTextOutlined', permission: Perm.booking.view, cache: true },
  // Members and member cards (issue 12).
  { key: 'sport.member.list', path: '/sport/views/member/memberList/index', title: { 'zh-CN': '会员列表', 'en-US': 'Members' }, icon: 'TeamOutlined', permission: Perm.member.list, buttons: without(Perm.member, 'list', 'identity', 'review', 'checkin'), cache: true, parent: 'member' },
  { key: 'sport.member.enterprise', path: '/sport/views/member/enterpriseMember/index', title: { 'zh-CN': '企业会员', 'en-US': 'Corporate members' }, icon: 'BankOutlined', permission: Perm.member.list, buttons: { add: Perm.member.add, edit: Perm.member.edit, distribute: Perm.member.distribute }, cache: true, parent: 'member' },
  { key: 'sport.member.lists', path: '/sport/views/member/blackWhiteList/index', title: { 'zh-CN': '黑白名单', 'en-US': 'Black and white lists' }, icon: 'StopOutlined', permission: Perm.member.list, buttons: { blacklist: Perm.member.blacklist }, cache: true, parent: 'member' },
  { key: 'sport.member.identity', path: '/sport/views/member/identityAuthentication/index', title: { 'zh-CN': '身份认证', 'en-US': 'Identity checks' }, icon: 'IdcardOutlined', permission: Perm.member.identity, buttons: { review: Perm.member.review }, cache: true, parent: 'member' },
  { key: 'sport.member.checkin', path: '/sport/views/memberCheckIn/index', title: { 'zh-CN': '会员签到', 'en-US': 'Member check-in' }, icon: 'ScanOutlined', permission: Perm.member.checkin, cache: true, parent: 'member' },
  { key: 'sport.member.spread', path: '/sport/views/userSpread/index', title: { 'zh-CN': '推广关系', 'en-US': 'Referrals' }, icon: 'BranchesOutlined', permission: Perm.member.list, cache: true, parent: 'member' },
  { key: 'sport.card.list', path: '/sport/views/member/memberCard/index', title: { 'zh-CN': '会员卡', 'en-US': 'Member cards' }, icon: 'CreditCardOutlined', permission: Perm.card.list, buttons: { ...without(Perm.card, 'list'), pay: Perm.order.pay }, cache: true, parent: 'member' },
  { key: 'sport.card.sell', path: '/sport/views/member/memberCard/sellCard', title: { 'zh-CN': '售卡', 'en-US': 'Sell a card' }, icon: 'ShoppingCartOutlined', permission: Perm.card.sell, buttons: { pay: Perm.order.pay }, cache: true, parent: 'member' },
  { key: 'sport.card.types', path: '/sport/views/member/memberCard/rulesSetting', title: { 'zh-CN': '卡类型设置', 'en-US': 'Card types' }, icon: 'SettingOutlined', permission: Perm.card.type, cache: true, parent: 'member' },
  { key: 'sport.card.usage', path: '/sport/views/member/memberCard/usageRecord', title: { 'zh-CN': '使用记录', 'en-US': 'Card usage' }, icon: 'HistoryOutlined', permission: Perm.card.list, cache: true, parent: 'member' },
  { key: 'sport.card.detail', path: '/sport/views/member/memberCard/cardDetail/:cardId', title: { 'zh-CN': '会员卡详情', 'en-US': 'Card detail' }, icon: 'CreditCardOutlined', permission: Perm.card.list, buttons: { ...without(Perm.card, 'list', 'type', 'sell'), pay: Perm.order.pay }, cache: true },
  { key: 'sport.member.userInfo', path: '/sport/views/userManagement/userInfo/:memberId', title: { 'zh-CN': '会员详情', 'en-US': 'Member detail' }, icon: 'UserOutlined', permission: Perm.member.list, buttons: without(Perm.member, 'list', 'review', 'checkin', 'import', 'export'), cache: true },
  // Ticketing (issue 13): seat maps and their designer (spec ticketManagement/seatMaps).
  { key: 'sport.ticket.seatmap', path: '/sport/views/ticketManagement/seatMaps/index', title: { 'zh-CN': '座位图管理', 'en-US': 'Seat maps' }, icon: 'AppstoreOutlined', permission: Perm.ticket.seatmap, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.seatmapDesign', path: '/sport/views/ticketManagement/seatMaps/drawSeat/:seatmapId', title: { 'zh-CN': '座位图设计', 'en-US': 'Seat map designer' }, icon: 'AppstoreOutlined', permission: Perm.ticket.seatmap, cache: false },
  // Ticketing (issue 13): the console sale (spec ticketManagement/sellTicket) and the tickets sold (ticketList).
  { key: 'sport.ticket.sell', path: '/sport/views/ticketManagement/sellTicket/index', title: { 'zh-CN': '售票', 'en-US': 'Sell tickets' }, icon: 'ShoppingCartOutlined', permission: Perm.ticket.sell, buttons: { pay: Perm.order.pay }, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.list', path: '/sport/views/ticketManagement/ticketList/index', title: { 'zh-CN': '门票列表', 'en-US': 'Tickets sold' }, icon: 'TagsOutlined', permission: Perm.ticket.list, buttons: { reprint: Perm.ticket.reprint, collect: Perm.ticket.collect, ticketRefund: Perm.ticket.refund }, cache: true, parent: 'ticket' },
  // Ticketing (issue 13): reserved issuing for sponsors and staff (spec sellTicketYL/book): requested with a reason, approved by another user.
  { key: 'sport.ticket.reserve', path: '/sport/views/ticketManagement/sellTicketYL/book', title: { 'zh-CN': '预留出票', 'en-US': 'Reserved tickets' }, icon: 'SafetyCertificateOutlined', permission: Perm.ticket.reserve, buttons: { approve: Perm.ticket.reserveApprove }, cache: true, parent: 'ticket' },
  // Ticketing (issue 13): gate checking online (with its gates), the offline checking device, and paper-ticket collection (spec ticketChecking, ticketCollection).
  { key: 'sport.ticket.check', path: '/sport/views/ticketManagement/ticketChecking/index', title: { 'zh-CN': '检票', 'en-US': 'Ticket checking' }, icon: 'ScanOutlined', permission: Perm.ticket.check, buttons: { gate: Perm.ticket.gate, checkOverride: Perm.ticket.checkOverride }, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.offlineGate', path: '/sport/views/ticketManagement/ticketChecking/offline', title: { 'zh-CN': '离线检票', 'en-US': 'Offline gate' }, icon: 'WifiOutlined', permission: Perm.ticket.check, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.collection', path: '/sport/views/ticketManagement/ticketCollection/index', title: { 'zh-CN': '取票', 'en-US': 'Ticket collection' }, icon: 'PrinterOutlined', permission: Perm.ticket.collect, cache: true, parent: 'ticket' },
  // Ticketing (issue 13): the catalogue (spec ticketManagement/projectType, projects): types, projects, a project's sessions and levels, a session's seats.
  // The detail and the seats are not menus: reached from the projects screen, whose buttons carry the session, level and seat-map (read the map) permissions.
  { key: 'sport.ticket.projectType', path: '/sport/views/ticketManagement/projectType/index', title: { 'zh-CN': '项目类型', 'en-US': 'Project types' }, icon: 'ApartmentOutlined', permission: Perm.ticket.project, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.project', path: '/sport/views/ticketManagement/projects/index', title: { 'zh-CN': '项目管理', 'en-US': 'Projects' }, icon: 'TagsOutlined', permission: Perm.ticket.project, buttons: { session: Perm.ticket.session, level: Perm.ticket.level, seatmap: Perm.ticket.seatmap }, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.projectDetail', path: '/sport/views/ticketManagement/projects/detail/:projectId', title: { 'zh-CN': '项目详情', 'en-US': 'Project detail' }, icon: 'TagsOutlined', permission: Perm.ticket.project, cache: false },
  { key: 'sport.ticket.sessionSeats', path: '/sport/views/ticketManagement/projects/session/detail/:sessionId', title: { 'zh-CN': '场次座位', 'en-US': 'Session seats' }, icon: 'AppstoreOutlined', permission: Perm.ticket.session, cache: false },
  // Ticketing (issue 13): catalogue extras (spec ticketManagement performer, ticketPurchaseNotice, ticketTemplate, projects/wantSeeList, competitionTicketingOrder, dataManagement).
  // The template designer, a template's print view and a competition order's detail are not menus.
  { key: 'sport.ticket.performer', path: '/sport/views/ticketManagement/performer/index', title: { 'zh-CN': '演员管理', 'en-US': 'Performers' }, icon: 'StarOutlined', permission: Perm.ticket.performer, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.notice', path: '/sport/views/ticketManagement/ticketPurchaseNotice/index', title: { 'zh-CN': '购票须知', 'en-US': 'Purchase notices' }, icon: 'ReadOutlined', permission: Perm.ticket.notice, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.template', path: '/sport/views/ticketManagement/ticketTemplate/index', title: { 'zh-CN': '票面模板', 'en-US': 'Ticket templates' }, icon: 'QrcodeOutlined', permission: Perm.ticket.template, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.templateDesign', path: '/sport/views/ticketManagement/ticketTemplate/design/:templateId', title: { 'zh-CN': '票面设计', 'en-US': 'Ticket template designer' }, icon: 'QrcodeOutlined', permission: Perm.ticket.template, cache: true },
  { key: 'sport.ticket.templatePrint', path: '/sport/views/ticketManagement/ticketTemplate/print/:templateId', title: { 'zh-CN': '票面打印', 'en-US': 'Print tickets' }, icon: 'PrinterOutlined', permission: Perm.ticket.template, cache: true, fullPage: true },
  { key: 'sport.ticket.wantSee', path: '/sport/views/ticketManagement/projects/wantSeeList', title: { 'zh-CN': '想看名单', 'en-US': 'Want-to-see list' }, icon: 'HeartOutlined', permission: Perm.ticket.wantSee, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.competitionOrder', path: '/sport/views/ticketManagement/competitionTicketingOrder/index', title: { 'zh-CN': '赛事票务订单', 'en-US': 'Competition orders' }, icon: 'TrophyOutlined', permission: Perm.ticket.competitionOrder, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.competitionOrderDetail', path: '/sport/views/ticketManagement/competitionTicketingOrder/detail/:orderId', title: { 'zh-CN': '赛事订单详情', 'en-US': 'Competition order' }, icon: 'TrophyOutlined', permission: Perm.ticket.competitionOrder, cache: true },
  { key: 'sport.ticket.dataManagement', path: '/sport/views/ticketManagement/dataManagement/index', title: { 'zh-CN': '票务数据', 'en-US': 'Ticketing data' }, icon: 'DatabaseOutlined', permission: Perm.ticket.data, cache: true, parent: 'ticket' },
  // Ticketing (issue 13): distribution (spec ticketManagement distributor, projects/externalItem, package ticket, projectSales, projectSalesStatistics).
  // The distributors screen gives quotas (button quota) and pulls feeds (button feed); external items are refreshed on their own screen.
  { key: 'sport.ticket.distributor', path: '/sport/views/ticketManagement/distributor/index', title: { 'zh-CN': '分销商', 'en-US': 'Distributors' }, icon: 'ShopOutlined', permission: Perm.ticket.distributor, buttons: { quota: Perm.ticket.quota, feed: Perm.ticket.external }, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.externalItem', path: '/sport/views/ticketManagement/projects/externalItem', title: { 'zh-CN': '外部项目', 'en-US': 'External items' }, icon: 'GlobalOutlined', permission: Perm.ticket.external, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.package', path: '/sport/views/ticketManagement/packageTicket/index', title: { 'zh-CN': '套票', 'en-US': 'Package tickets' }, icon: 'GiftOutlined', permission: Perm.ticket.package, buttons: { pay: Perm.order.pay }, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.projectSales', path: '/sport/views/ticketManagement/projectSales/index', title: { 'zh-CN': '项目销售', 'en-US': 'Project sales' }, icon: 'OrderedListOutlined', permission: Perm.ticket.stats, cache: true, parent: 'ticket' },
  { key: 'sport.ticket.projectSalesStatistics', path: '/sport/views/ticketManagement/projectSalesStatistics/index', title: { 'zh-CN': '销售统计', 'en-US': 'Sales statistics' }, icon: 'BarChartOutlined', permission: Perm.ticket.stats, cache: true, parent: 'ticket' },
  // Not menus: an order's detail and its printable receipt.
  { key: 'sport.order.detail', path: '/sport/views/orderManagement/orderDetail/:orderId', title: { 'zh-CN': '订单详情', 'en-US': 'Order detail' }, icon: 'FileTextOutlined', permission: Perm.order.list, cache: true },
  { key: 'sport.order.print', path: '/sport/views/orderManagement/print/:orderId', title: { 'zh-CN': '打印小票', 'en-US': 'Receipt' }, icon: 'PrinterOutlined', permission: Perm.order.print, cache: true, fullPage: true },
  // Not a menu: reached from the top bar's user menu.
  { key: 'userInfo', path: '/user/info', title: { 'zh-CN': '个人中心', 'en-US': 'My profile' }, icon: 'UserOutlined', permission: Perm.authenticated, cache: true },
] as const satisfies readonly ScreenDef[];

export type ScreenKey = (typeof SCREENS)[number]['key'];

/**
 * Spec 2.2 rule 7: screens under these paths are not kept alive (course management, course
 * scheduling plan detail, invoice management, ticket project and session detail, closed
 * management). A registry entry under one of them must say `cache: false` (a test holds it).
 */
export const UNCACHED_BY_SPEC: readonly string[] = [
  '/courseManagement',
  '/sport/views/trainingCourse/courseManagement',
  '/sport/views/trainingCourse/courseSchedulingPlan/detail',
  '/sport/views/invoiceManagement',
  '/sport/views/orderManagement/invoiceManagement',
  '/sport/views/ticketManagement/projects/detail',
  '/sport/views/ticketManagement/projects/session/detail',
  '/sport/views/closedManagement',
  // Not in the spec's list: the seat-map designer (issue 13) is opened fresh each time; leaving it
  // with unsaved changes asks first instead of keeping a hidden drawing alive.
  '/sport/views/ticketManagement/seatMaps/drawSeat',
];

/** A path is under a prefix: the prefix itself or anything below it. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Spec 2.2 rule 7 for a path: false under UNCACHED_BY_SPEC. */
export function cachedBySpec(path: string): boolean {
  return !UNCACHED_BY_SPEC.some((p) => isUnder(path, p));
}

/** The menu labels of seeded type-2 buttons, by action (both languages). */
export const BUTTON_TITLES: Readonly<Record<string, ScreenTitle>> = {
  list: { 'zh-CN': '查询', 'en-US': 'Query' },
  view: { 'zh-CN': '查看', 'en-US': 'View' },
  add: { 'zh-CN': '新增', 'en-US': 'Add' },
  edit: { 'zh-CN': '修改', 'en-US': 'Edit' },
  remove: { 'zh-CN': '删除', 'en-US': 'Delete' },
  resetPwd: { 'zh-CN': '重置密码', 'en-US': 'Reset password' },
  status: { 'zh-CN': '冻结/解冻/注销', 'en-US': 'Freeze/unfreeze/cancel' },
  assign: { 'zh-CN': '分配', 'en-US': 'Assign' },
  import: { 'zh-CN': '导入', 'en-US': 'Import' },
  export: { 'zh-CN': '导出', 'en-US': 'Export' },
  run: { 'zh-CN': '执行', 'en-US': 'Run' },
  log: { 'zh-CN': '调度记录', 'en-US': 'Dispatch records' },
  publish: { 'zh-CN': '发布', 'en-US': 'Publish' },
  forceLogout: { 'zh-CN': '强制下线', 'en-US': 'Force offline' },
  pay: { 'zh-CN': '收款', 'en-US': 'Take payment' },
  cancel: { 'zh-CN': '取消订单', 'en-US': 'Cancel order' },
  print: { 'zh-CN': '打印', 'en-US': 'Print' },
  discount: { 'zh-CN': '优惠', 'en-US': 'Discount' },
  comp: { 'zh-CN': '免单', 'en-US': 'Comp' },
  apply: { 'zh-CN': '申请退款', 'en-US': 'Apply for refund' },
  review: { 'zh-CN': '审核', 'en-US': 'Review' },
  accounts: { 'zh-CN': '储值账户查询', 'en-US': 'Stored-value accounts' },
  openAccount: { 'zh-CN': '开立储值账户', 'en-US': 'Open an account' },
  shop: { 'zh-CN': '店铺状态', 'en-US': 'Shop status' },
  lock: { 'zh-CN': '锁定', 'en-US': 'Lock' },
  book: { 'zh-CN': '预订', 'en-US': 'Book' },
  checkin: { 'zh-CN': '核销', 'en-US': 'Check in' },
  close: { 'zh-CN': '批量关场', 'en-US': 'Close sites' },
  orders: { 'zh-CN': '订单查询', 'en-US': 'Look up orders' },
  settle: { 'zh-CN': '交班签收', 'en-US': 'Sign off shifts' },
  private: { 'zh-CN': '查看证件号和手机号', 'en-US': 'See id numbers and phones' },
  tag: { 'zh-CN': '标签', 'en-US': 'Tags' },
  face: { 'zh-CN': '人脸', 'en-US': 'Faces' },
  blacklist: { 'zh-CN': '黑白名单', 'en-US': 'Black and white lists' },
  identity: { 'zh-CN': '身份认证', 'en-US': 'Identity check' },
  distribute: { 'zh-CN': '分配给入园人', 'en-US': 'Give to entrants' },
  type: { 'zh-CN': '卡类型设置', 'en-US': 'Card types' },
  sell: { 'zh-CN': '售卡', 'en-US': 'Sell' },
  recharge: { 'zh-CN': '充值', 'en-US': 'Recharge' },
  freeze: { 'zh-CN': '冻结/解冻', 'en-US': 'Freeze/unfreeze' },
  share: { 'zh-CN': '共享', 'en-US': 'Sharing' },
  refund: { 'zh-CN': '退卡', 'en-US': 'Refund' },
  project: { 'zh-CN': '项目管理', 'en-US': 'Projects' },
  session: { 'zh-CN': '场次管理', 'en-US': 'Sessions' },
  seatmap: { 'zh-CN': '座位图', 'en-US': 'Seat maps' },
  level: { 'zh-CN': '票档设置', 'en-US': 'Ticket levels' },
  reserve: { 'zh-CN': '预留出票', 'en-US': 'Reserved issuing' },
  approve: { 'zh-CN': '审批', 'en-US': 'Approve' },
  ticketRefund: { 'zh-CN': '退票', 'en-US': 'Refund tickets' },
  check: { 'zh-CN': '检票', 'en-US': 'Check tickets' },
  gate: { 'zh-CN': '闸口设置', 'en-US': 'Gates' },
  checkOverride: { 'zh-CN': '窗口外放行', 'en-US': 'Admit outside the window' },
  collect: { 'zh-CN': '取票', 'en-US': 'Collect paper tickets' },
  reprint: { 'zh-CN': '重打门票', 'en-US': 'Reprint' },
  quota: { 'zh-CN': '分销配额', 'en-US': 'Distributor quotas' },
  feed: { 'zh-CN': '拉取/刷新数据源', 'en-US': 'Pull and refresh feeds' },
};
