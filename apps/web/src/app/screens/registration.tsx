import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/registration module's screens (its contract file lists the screens). */
export const registrationScreens: ScreenComponents<'sport/registration'> = {
  'sport.registration.entry': lazyScreen('sportsRegistration', () => import('../../features/sport/registration/RegistrationPage.tsx')),
  'sport.pickup.records': lazyScreen('pickupRecords', () => import('../../features/sport/registration/PickupRecordsPage.tsx')),
};
