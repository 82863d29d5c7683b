import type { FastifyInstance } from 'fastify';
import { Perm, takingsQuery, takingsSummary as takingsAnswer } from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { takingsSummary } from './takings.summary.ts';

/** The capital flow's plain view: takings by method and by day, refunds and net. */
export function takingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  defineRoute(app, {
    method: 'POST',
    url: `${ctx.config.prefixes.sport}commerce/takings/summary`,
    permission: Perm.capital.list,
    module: 'commerce',
    action: 'takingsSummary',
    readOnly: true,
    body: takingsQuery,
    response: takingsAnswer,
    handler: async ({ body, caller }) => takingsSummary(db, caller, body),
  });
}
