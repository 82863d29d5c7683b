import type { ModuleManifest } from '../platform/module.ts';
import { systemManifest } from './system/index.ts';
import { logManifest } from './log/index.ts';
import { mailManifest } from './mail/index.ts';
import { authManifest } from './auth/index.ts';
import { ssoManifest } from './sso/index.ts';
import { jobManifest } from './job/index.ts';
import { messageManifest } from './message/index.ts';
import { openManifest } from './open/index.ts';
import { registryManifest } from './registry/index.ts';
import { commerceManifest } from './sport/commerce/index.ts';
import { venueManifest } from './sport/venue/index.ts';
import { bookingManifest } from './sport/booking/index.ts';
import { memberManifest } from './sport/member/index.ts';
import { cardManifest } from './sport/card/index.ts';
import { ticketManifest } from './sport/ticket/index.ts';
import { coachManifest } from './sport/coach/index.ts';
import { sparringManifest } from './sport/sparring/index.ts';
import { courseManifest } from './sport/course/index.ts';
import { goodsManifest } from './sport/goods/index.ts';
import { equipmentManifest } from './sport/equipment/index.ts';
import { registrationManifest } from './sport/registration/index.ts';
import { invoiceManifest } from './sport/invoice/index.ts';
import { settlementManifest } from './sport/settlement/index.ts';
import { couponManifest } from './sport/coupon/index.ts';
import { agencyManifest } from './sport/agency/index.ts';
import { marketingManifest } from './sport/marketing/index.ts';
import { contentManifest } from './sport/content/index.ts';
import { statisticsManifest } from './sport/statistics/index.ts';
import { deskOpsManifest } from './sport/desk-ops/index.ts';
import { largeScreenManifest } from './sport/large-screen/index.ts';
import { opsReportManifest } from './sport/ops-report/index.ts';

/**
 * Every module of the server, one line each: adding a module is one line here (docs/contributing.md).
 * The order does not matter for correctness: the loader (platform/module.ts) puts each module after
 * the modules it depends on, and refuses a missing dependency or a name declared twice.
 */
export const MODULES: readonly ModuleManifest[] = [
  systemManifest,
  logManifest,
  mailManifest,
  authManifest,
  ssoManifest,
  jobManifest,
  messageManifest,
  openManifest,
  registryManifest,
  commerceManifest,
  venueManifest,
  bookingManifest,
  memberManifest,
  cardManifest,
  ticketManifest,
  coachManifest,
  sparringManifest,
  courseManifest,
  goodsManifest,
  equipmentManifest,
  registrationManifest,
  invoiceManifest,
  settlementManifest,
  couponManifest,
  agencyManifest,
  marketingManifest,
  contentManifest,
  statisticsManifest,
  deskOpsManifest,
  largeScreenManifest,
  opsReportManifest,
];
