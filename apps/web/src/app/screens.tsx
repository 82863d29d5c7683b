import type { ScreenKey } from '@venue/contract';
import type { ScreenComponent } from './lazyScreen.tsx';
import { authScreens } from './screens/auth.tsx';
import { systemScreens } from './screens/system.tsx';
import { logScreens } from './screens/log.tsx';
import { jobScreens } from './screens/job.tsx';
import { openScreens } from './screens/open.tsx';
import { messageScreens } from './screens/message.tsx';
import { registryScreens } from './screens/registry.tsx';
import { commerceScreens } from './screens/commerce.tsx';
import { bookingScreens } from './screens/booking.tsx';
import { venueScreens } from './screens/venue.tsx';
import { memberScreens } from './screens/member.tsx';
import { cardScreens } from './screens/card.tsx';
import { ticketScreens } from './screens/ticket.tsx';
import { coachScreens } from './screens/coach.tsx';
import { sparringScreens } from './screens/sparring.tsx';
import { courseScreens } from './screens/course.tsx';
import { goodsScreens } from './screens/goods.tsx';
import { equipmentScreens } from './screens/equipment.tsx';
import { registrationScreens } from './screens/registration.tsx';
import { invoiceScreens } from './screens/invoice.tsx';
import { settlementScreens } from './screens/settlement.tsx';
import { couponScreens } from './screens/coupon.tsx';
import { agencyScreens } from './screens/agency.tsx';
import { marketingScreens } from './screens/marketing.tsx';
import { contentScreens } from './screens/content.tsx';
import { statisticsScreens } from './screens/statistics.tsx';
import { deskOpsScreens } from './screens/deskops.tsx';
import { largeScreenScreens } from './screens/largeScreen.tsx';
import { opsReportScreens } from './screens/opsreport.tsx';

/**
 * The console's half of the screen registry (packages/contract/src/screens.ts): the lazy
 * component of every screen, by its key, one module's file (app/screens/<module>.tsx) a line each.
 * The type requires one per registry entry, so a screen added to the registry without its
 * component, or a module left out here, does not compile. The first argument of lazyScreen is the
 * chunk name shown in 'Loading chunk {name} failed'.
 */
export const SCREEN_COMPONENTS: { readonly [K in ScreenKey]: ScreenComponent } = {
  ...authScreens,
  ...systemScreens,
  ...logScreens,
  ...jobScreens,
  ...openScreens,
  ...messageScreens,
  ...registryScreens,
  ...commerceScreens,
  ...bookingScreens,
  ...venueScreens,
  ...memberScreens,
  ...cardScreens,
  ...ticketScreens,
  ...coachScreens,
  ...sparringScreens,
  ...courseScreens,
  ...goodsScreens,
  ...equipmentScreens,
  ...registrationScreens,
  ...invoiceScreens,
  ...settlementScreens,
  ...couponScreens,
  ...agencyScreens,
  ...marketingScreens,
  ...contentScreens,
  ...statisticsScreens,
  ...deskOpsScreens,
  ...largeScreenScreens,
  ...opsReportScreens,
};
