import type { FastifyInstance } from 'fastify';
import { Perm, displayLinkCreate, idParams, displayLinkPage, displayLinkQuery, displayLinkRow, largeScreenToken, largeScreenView } from '@venue/contract';
import { z } from 'zod';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { reportingDb } from '../../../platform/reporting.ts';
import { addLink, listLinks, revoke, viewByToken } from './largeScreen.service.ts';

/**
 * The large screen's calls under `{sport}largescreen/`: administrators' display links, and the
 * public view a link's token opens (no session; signed and XSRF-checked as every console call,
 * rate-limited as the other public calls).
 */
export function largeScreenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, keys } = ctx;
  const url = (p: string) => `${ctx.config.prefixes.sport}largescreen/${p}`;
  const base = { module: 'largescreen', method: 'POST' as const };
  const P = Perm.largeScreen;

  defineRoute(app, {
    ...base,
    url: url('link/list'),
    permission: P.manage,
    action: 'linkList',
    readOnly: true,
    body: displayLinkQuery,
    response: displayLinkPage,
    handler: async ({ body, caller }) => listLinks(db, caller, body, keys.secretKey),
  });
  defineRoute(app, {
    ...base,
    url: url('link'),
    permission: P.manage,
    action: 'linkAdd',
    body: displayLinkCreate,
    response: displayLinkRow,
    handler: async ({ body, caller }) => addLink(db, caller, body, keys.secretKey),
  });
  defineRoute(app, {
    ...base,
    url: url('link/:id/revoke'),
    permission: P.manage,
    action: 'linkRevoke',
    params: idParams,
    response: z.null(),
    handler: async ({ params, caller }) => {
      await revoke(db, caller, params.id);
      return null;
    },
  });
  defineRoute(app, {
    ...base,
    url: url('view'),
    permission: undefined,
    action: 'view',
    readOnly: true,
    body: largeScreenToken,
    response: largeScreenView,
    rateLimit: { max: 120, timeWindow: 60_000 },
    handler: async ({ body, reply }) => viewByToken(db, body.token, () => reportingDb(ctx.database.reporting, reply)),
  });
}
