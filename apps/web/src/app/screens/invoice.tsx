import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/invoice module's screens (its contract file lists the screens). */
export const invoiceScreens: ScreenComponents<'sport/invoice'> = {
  'sport.invoice': lazyScreen('invoiceManagement', () => import('../../features/sport/invoice/InvoicePage.tsx')),
};
