import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/booking module's screens (its contract file lists the screens). */
export const bookingScreens: ScreenComponents<'sport/booking'> = {
  'sport.venue.reserve': lazyScreen('venueReserve', () => import('../../features/sport/booking/BookingPage.tsx')),
  'sport.venue.verify': lazyScreen('venueVerify', () => import('../../features/sport/booking/VerifyPage.tsx')),
  'sport.venue.workbench': lazyScreen('workbench', () => import('../../features/sport/booking/WorkbenchPage.tsx')),
  'sport.venue.fixed': lazyScreen('venueFixed', () => import('../../features/sport/booking/FixedPage.tsx')),
  'sport.venue.closed': lazyScreen('venueClosed', () => import('../../features/sport/booking/ClosedPage.tsx')),
  'sport.venue.adjustment': lazyScreen('venueAdjustment', () => import('../../features/sport/booking/AdjustmentPage.tsx')),
  'sport.venue.orderDetails': lazyScreen('bookingDetail', () => import('../../features/sport/booking/BookingDetailPage.tsx')),
};
