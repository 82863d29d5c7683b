import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recoverCodeBody, recoverResetBody } from '@venue/contract';
import { defineRoute, Notice, type AppContext } from '../../platform/http.ts';
import { createMailProvider, type MailProvider } from '../mail/index.ts';
import type { SmsProvider } from './sms.provider.ts';
import { requestCode, resetPassword } from './recovery.service.ts';

/** Password recovery (`/findPassword`) under the auth prefix; public and rate limited. */
export function recoveryRoutes(app: FastifyInstance, ctx: AppContext, sms: SmsProvider, mail?: MailProvider): void {
  const { auth } = ctx.config.prefixes;
  const { db, config } = ctx;
  const channels = { sms, mail: mail ?? createMailProvider(config, app.log), log: app.log };

  defineRoute(app, {
    method: 'POST',
    url: `${auth}recover/code`,
    permission: undefined,
    module: 'auth',
    action: 'recoverCode',
    response: z.null(),
    rateLimit: { max: 30, timeWindow: 60_000 },
    body: recoverCodeBody,
    handler: async ({ body, req }) => {
      await requestCode(db, channels, body, req.ip, req.lang);
      return new Notice(null, 'recover.sent');
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${auth}recover/reset`,
    permission: undefined,
    module: 'auth',
    action: 'recoverReset',
    response: z.null(),
    // The body holds a one-time code, which the operation log would keep in clear: the login
    // log records every reset attempt instead.
    readOnly: true,
    rateLimit: { max: 30, timeWindow: 60_000 },
    body: recoverResetBody,
    handler: async ({ body, req }) => {
      await resetPassword(db, body, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
      return new Notice(null, 'recover.done');
    },
  });
}
