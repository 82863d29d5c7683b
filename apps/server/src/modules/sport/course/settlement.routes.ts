import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/http.ts';

/** The routes of settlements (issue 26). */
export function settlementRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
