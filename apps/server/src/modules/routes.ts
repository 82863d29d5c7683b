import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/http.ts';
import type { SmsProvider } from './auth/sms.provider.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { adminRoutes } from './system/admin.routes.ts';
import { configRoutes } from './system/config.routes.ts';
import { strategyRoutes } from './system/strategy.routes.ts';
import { dictRoutes } from './system/dict.routes.ts';
import { settingRoutes } from './system/setting.routes.ts';
import { holidayRoutes } from './system/holiday.routes.ts';
import { jobRoutes } from './job/job.routes.ts';
import { regionRoutes } from './system/region.routes.ts';
import { versionRoutes } from './system/version.routes.ts';
import { onlineRoutes } from './system/online.routes.ts';
import { logRoutes } from './log/log.routes.ts';
import { ssoRoutes } from './sso/sso.routes.ts';
import { providerSignOut } from './sso/sso.service.ts';
import { recoveryRoutes } from './auth/recovery.routes.ts';
import { venueRoutes } from './sport/venue/venue.routes.ts';
import { memberRoutes } from './sport/member/member.routes.ts';
import { commerceRoutes } from './sport/commerce/commerce.routes.ts';
// After the members' routes: the cards module sets the member level resolver after the members module (import order).
import { cardRoutes } from './sport/card/card.routes.ts';
import { ticketRoutes } from './sport/ticket/ticket.routes.ts';
import { openRoutes } from './open/open.routes.ts';
import { memberOpenRoutes } from './sport/member/member.open.ts';
import { commerceOpenRoutes } from './sport/commerce/commerce.open.ts';
import { venueOpenRoutes } from './sport/venue/venue.open.ts';
import { reserveRoutes } from './sport/ticket/reserve/reserve.routes.ts';
import { ticketCatalogueRoutes } from './sport/ticket/catalogue/catalogue.routes.ts';
import { gateRoutes } from './sport/ticket/gate/gate.routes.ts';
import { distributionRoutes } from './sport/ticket/distribution/distribution.routes.ts';

/** Every module's routes, registered once by buildApp. Add a module with one line here. */
export function registerModules(app: FastifyInstance, ctx: AppContext, deps: { sms: SmsProvider }): void {
  authRoutes(app, ctx, deps.sms, providerSignOut(ctx.config));
  systemRoutes(app, ctx);
  adminRoutes(app, ctx);
  configRoutes(app, ctx);
  strategyRoutes(app, ctx);
  dictRoutes(app, ctx);
  settingRoutes(app, ctx);
  holidayRoutes(app, ctx);
  jobRoutes(app, ctx);
  regionRoutes(app, ctx);
  versionRoutes(app, ctx);
  onlineRoutes(app, ctx);
  logRoutes(app, ctx);
  ssoRoutes(app, ctx);
  openRoutes(app, ctx);
  recoveryRoutes(app, ctx, deps.sms);
  commerceRoutes(app, ctx);
  venueRoutes(app, ctx);
  memberRoutes(app, ctx);
  cardRoutes(app, ctx);
  // Reads opened to third-party applications (/api/open/).
  memberOpenRoutes(app, ctx);
  commerceOpenRoutes(app, ctx);
  venueOpenRoutes(app, ctx);
  ticketRoutes(app, ctx);
  reserveRoutes(app, ctx);
  ticketCatalogueRoutes(app, ctx);
  gateRoutes(app, ctx);
  distributionRoutes(app, ctx);
}
