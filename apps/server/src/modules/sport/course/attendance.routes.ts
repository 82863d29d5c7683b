import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/http.ts';

/** The routes of attendances (issue 26). */
export function attendanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
