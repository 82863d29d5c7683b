import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http.ts';
import { userRoutes } from './user.routes.ts';
import { roleRoutes } from './role.routes.ts';
import { orgRoutes } from './org.routes.ts';
import { menuRoutes } from './menu.routes.ts';
import { apiAuthRoutes } from './apiauth.routes.ts';

/** System administration: users, roles, organisations, menus and role-to-API authorisation. */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  userRoutes(app, ctx);
  roleRoutes(app, ctx);
  orgRoutes(app, ctx);
  menuRoutes(app, ctx);
  apiAuthRoutes(app, ctx);
}
