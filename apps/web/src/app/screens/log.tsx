import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the log module's screens (its contract file lists the screens). */
export const logScreens: ScreenComponents<'log'> = {
  'monitor.loginLog': lazyScreen('loginLog', () => import('../../features/system/loginLog/LoginLogPage.tsx')),
  'monitor.operLog': lazyScreen('operLog', () => import('../../features/system/operLog/OperLogPage.tsx')),
};
