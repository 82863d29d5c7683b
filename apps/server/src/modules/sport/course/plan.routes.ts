import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/http.ts';

/** The routes of plans (issue 26). */
export function planRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
