import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/large-screen module's screens (its contract file lists the screens). */
export const largeScreenScreens: ScreenComponents<'sport/large-screen'> = {
  'sport.largeScreen.links': lazyScreen('displayLinks', () => import('../../features/sport/large-screen/DisplayLinksPage.tsx')),
};
