import { authModule } from './system/auth.screens.ts';
import { ssoModule } from './system/sso.screens.ts';
import { systemModule } from './system/system.screens.ts';
import { logModule } from './system/log.screens.ts';
import { jobModule } from './system/job.screens.ts';
import { openModule } from './system/open.screens.ts';
import { messageModule } from './system/message.screens.ts';
import { registryModule } from './system/registry.screens.ts';
import { commerceModule } from './sport/commerce.screens.ts';
import { bookingModule } from './sport/booking.screens.ts';
import { venueModule } from './sport/venue.screens.ts';
import { memberModule } from './sport/member.screens.ts';
import { cardModule } from './sport/card.screens.ts';
import { ticketModule } from './sport/ticket.screens.ts';
import { coachModule } from './sport/coach.screens.ts';
import { sparringModule } from './sport/sparring.screens.ts';
import { courseModule } from './sport/course.screens.ts';
import { goodsModule } from './sport/goods.screens.ts';
import { equipmentModule } from './sport/equipment.screens.ts';
import { registrationModule } from './sport/registration.screens.ts';
import { invoiceModule } from './sport/invoice.screens.ts';
import { settlementModule } from './sport/settlement.screens.ts';
import { couponModule } from './sport/coupon.screens.ts';
import { agencyModule } from './sport/agency.screens.ts';
import { marketingModule } from './sport/marketing.screens.ts';
import { contentModule } from './sport/content.screens.ts';
import { statisticsModule } from './sport/statistics.screens.ts';
import { deskOpsModule } from './sport/deskops.screens.ts';
import { largeScreenModule } from './sport/largeScreen.screens.ts';
import { opsReportModule } from './sport/opsreport.screens.ts';

/**
 * The console's half of every module (permissions, menus, screens, log labels), one line each: the
 * contract cannot import the server's manifests (it is shared with the console), so it keeps its
 * own list. The order is the menu's: directories and their screens appear in this order.
 */
export const CONTRACT_MODULES = [
  authModule,
  ssoModule,
  systemModule,
  logModule,
  jobModule,
  openModule,
  messageModule,
  registryModule,
  commerceModule,
  bookingModule,
  venueModule,
  memberModule,
  cardModule,
  ticketModule,
  coachModule,
  sparringModule,
  courseModule,
  goodsModule,
  equipmentModule,
  registrationModule,
  invoiceModule,
  settlementModule,
  couponModule,
  agencyModule,
  marketingModule,
  contentModule,
  statisticsModule,
  deskOpsModule,
  largeScreenModule,
  opsReportModule,
] as const;
