import type { FastifyInstance } from 'fastify';
import { logoutAnswer, restoredSession } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { sha256 } from '../../platform/keys.ts';
import { bearerToken, clearSessionCookie, cookieToken } from './session.cookie.ts';
import { endSessionsOfTokens, resolveSession, type ProviderSignOut } from './session.service.ts';

/**
 * The session of the browser (token mode), and signing out.
 *
 * `POST {auth}session` restores the console's in-memory token after a reload: the server reads the
 * HttpOnly `token` cookie and answers the token of a live session (null otherwise, clearing a dead
 * cookie). Another site cannot get it: the cookie is SameSite=Strict, a POST needs the XSRF double
 * submit and Sign, and no CORS header lets another origin read an answer.
 *
 * `POST {auth}logout` ends the browser's sessions (the bearer's and the cookie's, even when expired,
 * so an idle user can still sign out), clears the cookie, and for a single sign-on session answers
 * `{logoutUrl}`: the provider's end-session URL with `id_token_hint` and `post_logout_redirect_uri`
 * = the console's signed-out page, so the provider session ends too.
 */
export function sessionRoutes(app: FastifyInstance, ctx: AppContext, providerSignOut?: ProviderSignOut): void {
  const { auth } = ctx.config.prefixes;
  const { db, config, database } = ctx;

  defineRoute(app, {
    method: 'POST',
    url: `${auth}session`,
    permission: undefined,
    module: 'auth',
    action: 'session',
    response: restoredSession,
    readOnly: true,
    handler: async ({ req, reply }) => {
      const token = cookieToken(req);
      if (!token) return null;
      const caller = config.tokenMode ? await resolveSession(database, config, token) : null;
      if (!caller) {
        clearSessionCookie(req, reply);
        return null;
      }
      return { token, userId: caller.userId, userName: caller.userName };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: `${auth}logout`,
    permission: undefined,
    module: 'auth',
    action: 'logout',
    response: logoutAnswer,
    allowWhenPasswordExpired: true,
    handler: async ({ req, reply }) => {
      const hashes = [...new Set([bearerToken(req), cookieToken(req)].filter(Boolean).map(sha256))];
      const ended = await endSessionsOfTokens(db, hashes);
      clearSessionCookie(req, reply);
      const logoutUrl = await providerSignOut?.(ended, req.log);
      return logoutUrl ? { logoutUrl } : null;
    },
  });
}
