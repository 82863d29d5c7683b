import { matchPath } from 'react-router';
import { lazyScreen, type ScreenComponent } from './lazyScreen.tsx';
import { isPublicPrefix } from './guard.ts';

/**
 * The one route table (STYLE: ant-design-pro config/routes.ts). Menus come from the server
 * (menu-exec/query); a menu screen's `url` is one of these paths. Tabs and breadcrumbs take
 * their titles from the menu tree, falling back to `titleKey`.
 *
 * To add a screen:
 *   1. write features/<domain>/<Name>Page.tsx (default export) with its messages files;
 *   2. add an entry below: { path, name, titleKey, screen: lazyScreen(name, () => import(...)) };
 *   3. the server's menu seed points a type-1 menu at the same path.
 */
export interface ScreenRoute {
  /** react-router path, may hold params: '/sport/views/venueReserve/orderDetails/:orderId'. */
  path: string;
  /** Chunk name, used in 'Loading chunk {name} failed'. */
  name: string;
  /** i18n key 'ns:key' (default namespace app), used when the menu tree has no title. */
  titleKey: string;
  screen: ScreenComponent;
  /** Open without login; rendered on its own, outside the admin layout. */
  public?: boolean;
  /** Tab cannot be closed (home). */
  affix?: boolean;
  /** Permission code needed to open it (menu type 2 code); '' = any signed-in user. */
  perm?: string;
}

export { NO_CACHE_PATHS, isNoCache } from './tabs.ts';

const fullPage = { fullPage: true };
const comingLater = lazyScreen('comingLater', () => import('../features/public/ComingLaterPage.tsx'), fullPage);

export const publicRoutes: ScreenRoute[] = [
  {
    path: '/login',
    name: 'login',
    titleKey: 'route.login',
    public: true,
    screen: lazyScreen('login', () => import('../features/auth/LoginPage.tsx'), fullPage),
  },
  {
    path: '/ssologin',
    name: 'ssologin',
    titleKey: 'route.ssologin',
    public: true,
    screen: lazyScreen('ssologin', () => import('../features/auth/SsoLoginPage.tsx'), fullPage),
  },
  {
    path: '/signedOut',
    name: 'signedOut',
    titleKey: 'route.signedOut',
    public: true,
    screen: lazyScreen('signedOut', () => import('../features/auth/SignedOutPage.tsx'), fullPage),
  },
  {
    path: '/findPassword',
    name: 'findPassword',
    titleKey: 'route.findPassword',
    public: true,
    screen: lazyScreen('findPassword', () => import('../features/auth/FindPasswordPage.tsx'), fullPage),
  },
  { path: '/largeScreen', name: 'largeScreen', titleKey: 'route.largeScreen', public: true, screen: comingLater },
  { path: '/thirdScanPage', name: 'thirdScanPage', titleKey: 'route.thirdScanPage', public: true, screen: comingLater },
  { path: '/payCallback', name: 'payCallback', titleKey: 'route.payCallback', public: true, screen: comingLater },
];

export const layoutRoutes: ScreenRoute[] = [
  {
    path: '/home',
    name: 'home',
    titleKey: 'route.home',
    affix: true,
    screen: lazyScreen('home', () => import('../features/home/HomePage.tsx')),
  },
  {
    path: '/about',
    name: 'about',
    titleKey: 'route.about',
    screen: lazyScreen('about', () => import('../features/about/AboutPage.tsx')),
  },
  // System administration: users, roles, organisations, menus, role-to-API authorisation.
  {
    path: '/system/user',
    name: 'user',
    titleKey: 'route.user',
    screen: lazyScreen('user', () => import('../features/system/user/UserListPage.tsx')),
  },
  {
    path: '/system/role',
    name: 'role',
    titleKey: 'route.role',
    screen: lazyScreen('role', () => import('../features/system/role/RoleListPage.tsx')),
  },
  {
    path: '/system/org',
    name: 'org',
    titleKey: 'route.org',
    screen: lazyScreen('org', () => import('../features/system/org/OrgListPage.tsx')),
  },
  {
    path: '/system/menu',
    name: 'menu',
    titleKey: 'route.menu',
    screen: lazyScreen('menu', () => import('../features/system/menu/MenuListPage.tsx')),
  },
  {
    path: '/system/api',
    name: 'apiauth',
    titleKey: 'route.api',
    screen: lazyScreen('apiauth', () => import('../features/system/apiauth/ApiAuthPage.tsx')),
  },
  // System administration: policy, branding, holidays (features/system/*).
  {
    path: '/system/strategy',
    name: 'strategy',
    titleKey: 'route.strategy',
    screen: lazyScreen('strategy', () => import('../features/system/strategy/StrategyPage.tsx')),
  },
  {
    path: '/system/setting',
    name: 'setting',
    titleKey: 'route.setting',
    screen: lazyScreen('setting', () => import('../features/system/setting/SettingPage.tsx')),
  },
  {
    path: '/system/holiday',
    name: 'holiday',
    titleKey: 'route.holiday',
    screen: lazyScreen('holiday', () => import('../features/system/holiday/HolidayPage.tsx')),
  },
  {
    path: '/kems-pmi/views/dict/data',
    name: 'dict',
    titleKey: 'route.dict',
    screen: lazyScreen('dict', () => import('../features/system/dict/DictPage.tsx')),
  },
  {
    path: '/system/config',
    name: 'config',
    titleKey: 'route.config',
    screen: lazyScreen('config', () => import('../features/system/config/ConfigPage.tsx')),
  },
  {
    path: '/system/region',
    name: 'region',
    titleKey: 'route.region',
    screen: lazyScreen('region', () => import('../features/system/region/RegionPage.tsx')),
  },
  {
    path: '/system/version',
    name: 'version',
    titleKey: 'route.version',
    screen: lazyScreen('version', () => import('../features/system/version/VersionPage.tsx')),
  },
  {
    path: '/monitor/online',
    name: 'online',
    titleKey: 'route.online',
    screen: lazyScreen('online', () => import('../features/system/online/OnlinePage.tsx')),
  },
  {
    path: '/monitor/loginLog',
    name: 'loginLog',
    titleKey: 'route.loginLog',
    screen: lazyScreen('loginLog', () => import('../features/system/loginLog/LoginLogPage.tsx')),
  },
  {
    path: '/monitor/operLog',
    name: 'operLog',
    titleKey: 'route.operLog',
    screen: lazyScreen('operLog', () => import('../features/system/operLog/OperLogPage.tsx')),
  },
  // Job scheduling: jobs with the cron editor, job streams, dispatch records (features/job).
  {
    path: '/job/manager',
    name: 'jobManager',
    titleKey: 'route.jobManager',
    screen: lazyScreen('jobManager', () => import('../features/job/JobManagerPage.tsx')),
  },
  {
    path: '/job/stream',
    name: 'jobStream',
    titleKey: 'route.jobStream',
    screen: lazyScreen('jobStream', () => import('../features/job/JobStreamPage.tsx')),
  },
  {
    path: '/job/log',
    name: 'jobLog',
    titleKey: 'route.jobLog',
    screen: lazyScreen('jobLog', () => import('../features/job/DispatchRecordPage.tsx')),
  },
  // Not a menu: reached from the top bar's user menu.
  {
    path: '/user/info',
    name: 'userInfo',
    titleKey: 'route.userInfo',
    screen: lazyScreen('userInfo', () => import('../features/user-info/UserInfoPage.tsx')),
  },
];

export const allRoutes: ScreenRoute[] = [...publicRoutes, ...layoutRoutes];

/** The route table entry a pathname belongs to, or null. */
export function findRoute(pathname: string, routes: ScreenRoute[] = allRoutes): ScreenRoute | null {
  return routes.find((r) => matchPath({ path: r.path, end: true }, pathname)) ?? null;
}

/** Public = a public route, or anything under /demo, /error, /external/gitbook. */
export function isPublicPath(pathname: string): boolean {
  return isPublicPrefix(pathname) || !!findRoute(pathname, publicRoutes);
}

export const REDIRECT_PREFIX = '/redirect';
