import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

const fullPage = { fullPage: true };

/** The console components of the system module's screens (its contract file lists the screens). */
export const systemScreens: ScreenComponents<'system'> = {
  largeScreen: lazyScreen('largeScreen', () => import('../../features/sport/large-screen/LargeScreenPage.tsx'), fullPage),
  home: lazyScreen('home', () => import('../../features/home/HomePage.tsx')),
  'system.user': lazyScreen('user', () => import('../../features/system/user/UserListPage.tsx')),
  'system.role': lazyScreen('role', () => import('../../features/system/role/RoleListPage.tsx')),
  'system.org': lazyScreen('org', () => import('../../features/system/org/OrgListPage.tsx')),
  'system.menu': lazyScreen('menu', () => import('../../features/system/menu/MenuListPage.tsx')),
  'system.api': lazyScreen('apiauth', () => import('../../features/system/apiauth/ApiAuthPage.tsx')),
  'system.dict': lazyScreen('dict', () => import('../../features/system/dict/DictPage.tsx')),
  'system.config': lazyScreen('config', () => import('../../features/system/config/ConfigPage.tsx')),
  'system.strategy': lazyScreen('strategy', () => import('../../features/system/strategy/StrategyPage.tsx')),
  'system.setting': lazyScreen('setting', () => import('../../features/system/setting/SettingPage.tsx')),
  'system.holiday': lazyScreen('holiday', () => import('../../features/system/holiday/HolidayPage.tsx')),
  'system.region': lazyScreen('region', () => import('../../features/system/region/RegionPage.tsx')),
  'system.version': lazyScreen('version', () => import('../../features/system/version/VersionPage.tsx')),
  'system.about': lazyScreen('about', () => import('../../features/about/AboutPage.tsx')),
  'monitor.online': lazyScreen('online', () => import('../../features/system/online/OnlinePage.tsx')),
  userInfo: lazyScreen('userInfo', () => import('../../features/user-info/UserInfoPage.tsx')),
};
