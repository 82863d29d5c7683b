import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Token mode (config.json `tokenMode`): the session token also lives in the `token` cookie, so a
 * reload finds the session again (`POST {auth}session`). Only the server writes it: HttpOnly (no
 * script reads it), SameSite=Strict (no other site's page sends it), Secure over HTTPS
 * (`req.protocol`, which follows the trusted proxy's `X-Forwarded-Proto`). A session cookie: it
 * ends with the browser.
 */
export const TOKEN_COOKIE = 'token';

function options(req: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: req.protocol === 'https' };
}

/** After a sign-in (password, phone, single sign-on). */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  if (!req.server.ctx.config.tokenMode || !token) return;
  reply.setCookie(TOKEN_COOKIE, token, options(req));
}

/** After a sign-out, or when the cookie names a session that has ended. */
export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  if (!req.server.ctx.config.tokenMode && req.cookies[TOKEN_COOKIE] === undefined) return;
  reply.clearCookie(TOKEN_COOKIE, options(req));
}

/** The token of the browser's cookie ('' when none). */
export function cookieToken(req: FastifyRequest): string {
  return req.cookies[TOKEN_COOKIE] ?? '';
}

/** The bearer token of the request ('' when none). */
export function bearerToken(req: FastifyRequest): string {
  const auth = String(req.headers.authorization ?? '');
  return auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
}
