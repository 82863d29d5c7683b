import type { FastifyInstance } from 'fastify';
import { shareLinkAnswer, shareLinkCreate, shareRate, shareToken, shareView } from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { SHARE_LINK_PERMISSIONS, makeShareLink, rateByShare, viewShare } from './share.service.ts';

/**
 * Share links of training records (issue 26, spec 2.1) under `{sport}course/share/`: staff make a
 * link; the view and the rating are public (no session; signed and XSRF-checked as every console call).
 */
export function shareRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, keys } = ctx;
  const url = (path: string) => `${ctx.config.prefixes.sport}course/share/${path}`;
  const base = { module: 'courseShare' };
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('link'),
    permission: SHARE_LINK_PERMISSIONS,
    action: 'shareLink',
    body: shareLinkCreate,
    response: shareLinkAnswer,
    handler: async ({ body, caller }) => makeShareLink(db, caller, body, keys.secretKey),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('view'),
    permission: undefined,
    action: 'shareView',
    readOnly: true,
    body: shareToken,
    response: shareView,
    rateLimit: { max: 120, timeWindow: 60_000 },
    handler: async ({ body, req }) => viewShare(db, body.token, keys.secretKey, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('rate'),
    permission: undefined,
    action: 'shareRate',
    body: shareRate,
    response: shareView,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ body, req }) => rateByShare(db, body, keys.secretKey, req.lang),
  });
}
