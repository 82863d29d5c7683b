import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

const fullPage = { fullPage: true };

/** The console components of the auth module's screens (its contract file lists the screens). */
export const authScreens: ScreenComponents<'auth'> = {
  login: lazyScreen('login', () => import('../../features/auth/LoginPage.tsx'), fullPage),
  ssologin: lazyScreen('ssologin', () => import('../../features/auth/SsoLoginPage.tsx'), fullPage),
  signedOut: lazyScreen('signedOut', () => import('../../features/auth/SignedOutPage.tsx'), fullPage),
  findPassword: lazyScreen('findPassword', () => import('../../features/auth/FindPasswordPage.tsx'), fullPage),
};
