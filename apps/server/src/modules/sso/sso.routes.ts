import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, ssoAuthorizeAnswer, ssoAuthorizeQuery, ssoCallbackBody, ssoConfig, ssoLoginResult, ssoTokenBody } from '@venue/contract';
import { defineRoute, envelope, type AppContext } from '../../platform/http.ts';
import { t } from '../../platform/i18n.ts';
import { setSessionCookie } from '../auth/index.ts';
import { authorizeUrl, callback, ssoEnabled, tokenLogin, LOGIN_WAY, type SsoOutcome } from './sso.service.ts';

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** Same answer as the login call: the token in the `authorization` header (and the HttpOnly cookie), 200003 when the password must change. */
function loginReply(req: FastifyRequest, reply: FastifyReply, out: SsoOutcome) {
  reply.header('authorization', out.token);
  setSessionCookie(req, reply, out.token);
  const body = { ...out.result, ...(out.redirect ? { redirect: out.redirect } : {}) };
  if (out.mustChangePassword) {
    req.envelopeCode = Code.PASSWORD_CHANGE_REQUIRED;
    return reply.send({ ...envelope(req.lang, body, Code.PASSWORD_CHANGE_REQUIRED, t(req.lang, 'auth.mustChangePassword')), head: { level: 'warn' } });
  }
  req.envelopeCode = Code.OK;
  return reply.send(envelope(req.lang, body));
}

/** Single sign-on (`/ssologin`) under the auth prefix. */
export function ssoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { auth } = ctx.config.prefixes;
  const { db, config } = ctx;
  const limit = { max: config.loginRatePerMinute, timeWindow: 60_000 };

  defineRoute(app, {
    method: 'GET',
    url: `${auth}sso/config`,
    permission: undefined,
    module: 'sso',
    action: 'config',
    response: ssoConfig,
    handler: async () => ({ enabled: await ssoEnabled(db, config), loginWay: LOGIN_WAY }),
  });

  defineRoute(app, {
    method: 'GET',
    url: `${auth}sso/authorize`,
    permission: undefined,
    module: 'sso',
    action: 'authorize',
    response: ssoAuthorizeAnswer,
    rateLimit: limit,
    query: ssoAuthorizeQuery,
    handler: async ({ query }) => authorizeUrl(db, config, query.redirect),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${auth}sso/callback`,
    permission: undefined,
    module: 'sso',
    action: 'callback',
    response: ssoLoginResult,
    rateLimit: limit,
    body: ssoCallbackBody,
    handler: async ({ body, req, reply }) =>
      loginReply(
        req,
        reply,
        await callback(db, config, req.log, { code: body.code, state: body.state, iss: body.iss, sessionState: body.session_state }, client(req)),
      ),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${auth}sso/token`,
    permission: undefined,
    module: 'sso',
    action: 'token',
    response: ssoLoginResult,
    rateLimit: limit,
    body: ssoTokenBody,
    handler: async ({ body, req, reply }) => loginReply(req, reply, await tokenLogin(db, config, req.log, body.token, client(req))),
  });
}
