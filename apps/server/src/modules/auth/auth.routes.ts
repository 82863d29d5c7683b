import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  Code,
  Perm,
  failTimesAnswer,
  loginBody,
  loginNameBody,
  loginResult,
  ownPasswordBody,
  phoneLoginBody,
  smsCodeBody,
  switchOrgBody,
  userInfo as userInfoAnswer,
} from '@venue/contract';
import { defineRoute, envelope, FileResult, type AppContext } from '../../platform/http.ts';
import { t } from '../../platform/i18n.ts';
import { newCaptcha } from './captcha.service.ts';
import { changeOwnPassword, failTimes, passwordLogin, phoneLogin, sendPhoneCode, type LoginOutcome } from './login.service.ts';
import { setSessionCookie } from './session.cookie.ts';
import { sessionRoutes } from './session.routes.ts';
import type { ProviderSignOut } from './session.service.ts';
import type { SmsProvider } from './sms.provider.ts';
import { switchOrg, userInfo } from './userinfo.service.ts';
import { wechatRoutes } from './wechat.routes.ts';

export const CAPTCHA_COOKIE = 'captcha_id';

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** Login answers carry the token in the `authorization` header; 200003 still opens a session. */
function loginReply(req: FastifyRequest, reply: FastifyReply, out: LoginOutcome) {
  reply.header('authorization', out.token);
  setSessionCookie(req, reply, out.token);
  if (out.mustChangePassword) {
    req.envelopeCode = Code.PASSWORD_CHANGE_REQUIRED;
    return reply.send({ ...envelope(req.lang, out.result, Code.PASSWORD_CHANGE_REQUIRED, t(req.lang, 'auth.mustChangePassword')), head: { level: 'warn' } });
  }
  req.envelopeCode = Code.OK;
  return reply.send(envelope(req.lang, out.result));
}

export function authRoutes(app: FastifyInstance, ctx: AppContext, sms: SmsProvider, providerSignOut?: ProviderSignOut): void {
  const { auth, system } = ctx.config.prefixes;
  const { db, config } = ctx;
  const loginLimit = { max: config.loginRatePerMinute, timeWindow: 60_000 };

  defineRoute(app, {
    method: 'POST',
    url: `${auth}${config.loginPath}`,
    permission: undefined,
    module: 'auth',
    action: 'login',
    response: loginResult,
    body: loginBody,
    rateLimit: loginLimit,
    handler: async ({ body, req, reply }) =>
      loginReply(
        req,
        reply,
        await passwordLogin(
          db,
          config,
          { loginName: body.loginName, password: body.password, authCode: body.others.authCode, captchaId: req.cookies[CAPTCHA_COOKIE] },
          client(req),
        ),
      ),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${auth}phone/authcode`,
    permission: undefined,
    module: 'auth',
    action: 'phoneLogin',
    response: loginResult,
    body: phoneLoginBody,
    rateLimit: loginLimit,
    handler: async ({ body, req, reply }) => loginReply(req, reply, await phoneLogin(db, config, body, client(req))),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${auth}SMScode`,
    permission: undefined,
    module: 'auth',
    action: 'smsCode',
    response: z.null(),
    body: smsCodeBody,
    rateLimit: { max: 10, timeWindow: 3600_000 },
    handler: async ({ body, req }) => {
      await sendPhoneCode(db, sms, body.phoneNumber, body.purpose, req.lang, app.log);
      return null;
    },
  });

  const sendCaptcha = async (req: FastifyRequest, loginName?: string) => {
    const c = await newCaptcha(db, loginName);
    req.captchaIssued = c.id;
    return new FileResult('code.jpg', 'image/jpeg', c.jpeg);
  };

  defineRoute(app, {
    method: 'GET',
    url: `${auth}code.jpg`,
    permission: undefined,
    module: 'auth',
    action: 'captcha',
    response: 'file',
    rateLimit: { max: 60, timeWindow: 60_000 },
    handler: async ({ req, reply }) => {
      const file = await sendCaptcha(req);
      reply.setCookie(CAPTCHA_COOKIE, req.captchaIssued!, { path: '/', httpOnly: true, sameSite: 'strict', maxAge: 300 });
      reply.header('cache-control', 'no-store');
      return file;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${system}user/auth/code.jpg/name`,
    permission: undefined,
    module: 'auth',
    action: 'captchaByName',
    response: 'file',
    body: loginNameBody,
    rateLimit: { max: 60, timeWindow: 60_000 },
    handler: async ({ body, req, reply }) => {
      const file = await sendCaptcha(req, body.loginName);
      reply.setCookie(CAPTCHA_COOKIE, req.captchaIssued!, { path: '/', httpOnly: true, sameSite: 'strict', maxAge: 300 });
      reply.header('cache-control', 'no-store');
      return file;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${system}user/login/getFailTimes/`,
    permission: undefined,
    module: 'auth',
    action: 'failTimes',
    response: failTimesAnswer,
    readOnly: true,
    body: loginNameBody,
    rateLimit: { max: 60, timeWindow: 60_000 },
    handler: async ({ body, req }) => failTimes(db, body.loginName, req.ip),
  });

  // POST session (restore from the HttpOnly cookie) and POST logout.
  sessionRoutes(app, ctx, providerSignOut);

  // randomCode, wechat/app, wechat/login, wechat/bind, phone/password.
  wechatRoutes(app, ctx, loginReply, loginLimit);

  defineRoute(app, {
    method: 'GET',
    url: `${auth}userInfo/:id`,
    permission: Perm.authenticated,
    module: 'auth',
    action: 'userInfo',
    response: userInfoAnswer,
    allowWhenPasswordExpired: true,
    handler: async ({ caller }) => userInfo(db, config, caller),
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${auth}session/org`,
    permission: Perm.authenticated,
    module: 'auth',
    action: 'switchOrg',
    response: z.null(),
    body: switchOrgBody,
    handler: async ({ body, caller }) => {
      await switchOrg(db, caller, body.orgId);
      return null;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${system}user/password`,
    permission: Perm.authenticated,
    module: 'user',
    action: 'changeOwnPassword',
    response: z.null(),
    allowWhenPasswordExpired: true,
    body: ownPasswordBody,
    handler: async ({ body, caller }) => {
      await changeOwnPassword(db, caller.userId, body, caller.sessionId);
      return null;
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    captchaIssued?: string;
  }
}
