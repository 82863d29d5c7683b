import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/venue module's screens (its contract file lists the screens). */
export const venueScreens: ScreenComponents<'sport/venue'> = {
  'sport.venue.list': lazyScreen('venueList', () => import('../../features/sport/venue/VenueListPage.tsx')),
  'sport.venue.service': lazyScreen('venueService', () => import('../../features/sport/venue/ServicePage.tsx')),
  'sport.venue.manage': lazyScreen('venueManage', () => import('../../features/sport/venue/VenueManagePage.tsx')),
};
