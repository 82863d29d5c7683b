import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Perm, loginResult } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { setPasswordAfterPhone, type LoginOutcome } from './login.service.ts';
import { issueRandomCode, RANDOM_CODE_PURPOSES } from './randomcode.service.ts';
import { wechatApp, wechatBind, wechatBinding, wechatLogin, wechatUnbind } from './wechat.service.ts';

// The payloads spec 7.2 leaves open (docs/api/auth.md).
const randomCodeBody = z.object({ purpose: z.enum(RANDOM_CODE_PURPOSES) }).strict();
const randomCodeAnswer = z.object({ randomCode: z.string(), expiresIn: z.number() });
const wechatAppAnswer = z.object({ enabled: z.boolean(), appId: z.string().nullable(), loginUrl: z.string().nullable(), bindUrl: z.string().nullable() });
const wechatReturnBody = z.object({ code: z.string().trim().min(1).max(256), state: z.string().trim().min(1).max(128) }).strict();
const bindingAnswer = z.object({ enabled: z.boolean(), bound: z.boolean(), nickname: z.string().nullable(), boundAt: z.string().nullable() });
const phonePasswordBody = z.object({ newPassword: z.string().min(1).max(128), confirmPassword: z.string().max(128) }).strict();

type LoginReply = (req: FastifyRequest, reply: FastifyReply, out: LoginOutcome) => FastifyReply;

/** randomCode, wechat/app, wechat/login, wechat/bind and phone/password (spec 7.2's remaining sign-in paths). */
export function wechatRoutes(app: FastifyInstance, ctx: AppContext, loginReply: LoginReply, loginLimit: { max: number; timeWindow: number }): void {
  const { auth } = ctx.config.prefixes;
  const { db, config } = ctx;
  const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

  defineRoute(app, {
    method: 'POST',
    url: `${auth}randomCode`,
    permission: undefined,
    module: 'auth',
    action: 'randomCode',
    response: randomCodeAnswer,
    body: randomCodeBody,
    rateLimit: { max: 30, timeWindow: 60_000 },
    handler: async ({ body, req, reply }) => {
      reply.header('cache-control', 'no-store');
      return issueRandomCode(db, req, reply, body.purpose);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${auth}wechat/app`,
    permission: undefined,
    module: 'auth',
    action: 'wechatApp',
    response: wechatAppAnswer,
    readOnly: true,
    handler: async ({ req }) => wechatApp(req),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${auth}wechat/login`,
    permission: undefined,
    module: 'auth',
    action: 'wechatLogin',
    response: loginResult,
    body: wechatReturnBody,
    rateLimit: loginLimit,
    handler: async ({ body, req, reply }) => loginReply(req, reply, await wechatLogin(db, config, req, body, client(req))),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${auth}wechat/bind`,
    permission: Perm.authenticated,
    module: 'auth',
    action: 'wechatBinding',
    response: bindingAnswer,
    readOnly: true,
    handler: async ({ req, caller }) => wechatBinding(db, req, caller.userId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${auth}wechat/bind`,
    permission: Perm.authenticated,
    module: 'auth',
    action: 'wechatBind',
    response: bindingAnswer,
    body: wechatReturnBody,
    rateLimit: { max: 20, timeWindow: 60_000 },
    handler: async ({ body, req, caller }) => wechatBind(db, config, req, caller.userId, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${auth}wechat/bind`,
    permission: Perm.authenticated,
    module: 'auth',
    action: 'wechatUnbind',
    response: z.null(),
    handler: async ({ req, caller }) => {
      await wechatUnbind(db, req, caller.userId);
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${auth}phone/password`,
    permission: Perm.authenticated,
    module: 'auth',
    action: 'phonePassword',
    response: z.null(),
    allowWhenPasswordExpired: true,
    body: phonePasswordBody,
    handler: async ({ body, caller }) => {
      await setPasswordAfterPhone(db, caller, body);
      return null;
    },
  });
}
