import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the open module's screens (its contract file lists the screens). */
export const openScreens: ScreenComponents<'open'> = {
  'appAccess.app': lazyScreen('openApp', () => import('../../features/system/openApp/AppPage.tsx')),
  'appAccess.api': lazyScreen('openApi', () => import('../../features/system/openApp/ApiPage.tsx')),
  'appAccess.grant': lazyScreen('openGrant', () => import('../../features/system/openApp/GrantPage.tsx')),
  'appAccess.log': lazyScreen('openCallLog', () => import('../../features/system/openApp/CallLogPage.tsx')),
};
