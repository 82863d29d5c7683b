import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/http.ts';

/** The routes of lessons (issue 26). */
export function lessonRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
