import type { ScreenKey } from '@venue/contract';
import { lazyScreen, type ScreenComponent } from './lazyScreen.tsx';

/**
 * The console's half of the screen registry (packages/contract/src/screens.ts): the lazy
 * component of every screen, by its key. The type requires one per registry entry, so a screen
 * added to the registry without its component does not compile. The first argument of lazyScreen
 * is the chunk name shown in 'Loading chunk {name} failed'.
 */
const fullPage = { fullPage: true };
const comingLater = (key: string) => lazyScreen(key, () => import('../features/public/ComingLaterPage.tsx'), fullPage);

export const SCREEN_COMPONENTS: { readonly [K in ScreenKey]: ScreenComponent } = {
  login: lazyScreen('login', () => import('../features/auth/LoginPage.tsx'), fullPage),
  ssologin: lazyScreen('ssologin', () => import('../features/auth/SsoLoginPage.tsx'), fullPage),
  signedOut: lazyScreen('signedOut', () => import('../features/auth/SignedOutPage.tsx'), fullPage),
  findPassword: lazyScreen('findPassword', () => import('../features/auth/FindPasswordPage.tsx'), fullPage),
  largeScreen: comingLater('largeScreen'),
  thirdScanPage: comingLater('thirdScanPage'),
  payCallback: comingLater('payCallback'),

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
  userInfo: lazyScreen('userInfo', () => import('../features/user-info/UserInfoPage.tsx')),
};
