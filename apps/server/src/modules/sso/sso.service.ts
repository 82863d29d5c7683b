import { processCache } from '../../platform/processCache.ts';
import { and, eq, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { LoginResult } from '@venue/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sha256 } from '../../platform/keys.ts';
import { SYSTEM_SCOPE, type Scope } from '../../platform/scope.ts';
import { insertLoginLog } from '../log/index.ts';
import { findVisibleUserByCode, findVisibleUsersByEmail, type UserRow, getPasswordStrategy } from '../system/index.ts';
import { defaultOrgOf, setSessionIdToken, createSession, type ProviderSignOut } from '../auth/index.ts';
import { ssoStates } from './sso.table.ts';
import './sso.messages.ts';

/**
 * Single sign-on through OpenID Connect: authorization code with PKCE (S256), state and
 * nonce kept in the database (any process can finish a sign-on another one started), the
 * ID token checked by openid-client. A portal may also hand over an access token of the
 * same identity provider (`token` query parameter of /ssologin), checked at the provider's
 * userinfo endpoint. Users are matched by login name = `preferred_username`, else by a
 * verified `email`; sessions carry loginWay `sso`.
 */

export const LOGIN_WAY = 'sso';
/** Sign-on runs before anyone is known: it finds the account across the platform, like sign-in. */
const SIGN_IN: Scope = SYSTEM_SCOPE;
const STATE_TTL_MS = 10 * 60_000;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface SsoOutcome {
  token: string;
  result: LoginResult & { loginWay: string };
  mustChangePassword: boolean;
  /** Where the console goes next (the `redirect` given when the sign-on started). */
  redirect?: string;
}

const configs = processCache<string, Promise<oidc.Configuration>>();

/** The provider's discovered configuration, fetched once per process (again after a failure). */
async function providerConfig(cfg: Config): Promise<oidc.Configuration> {
  const { issuer, clientId, clientSecret, allowHttp } = cfg.sso;
  if (!issuer || !clientId) throw new AppError('INVALID', 'sso.disabled');
  const key = `${issuer}|${clientId}`;
  let p = configs.get(key);
  if (!p) {
    p = oidc.discovery(
      new URL(issuer),
      clientId,
      clientSecret ? { client_secret: clientSecret } : undefined,
      clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
      {
        execute: allowHttp ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      },
    );
    configs.set(key, p);
    p.catch(() => configs.delete(key));
  }
  try {
    return await p;
  } catch {
    throw new AppError('INTERNAL', 'sso.unavailable');
  }
}

export async function ssoEnabled(db: Db, cfg: Config): Promise<boolean> {
  if (!cfg.sso.issuer) return false;
  return (await getPasswordStrategy(db)).loginRoutes.includes('sso');
}

async function assertEnabled(db: Db, cfg: Config): Promise<void> {
  if (!cfg.sso.issuer) throw new AppError('INVALID', 'sso.disabled');
  if (!(await getPasswordStrategy(db)).loginRoutes.includes('sso')) throw new AppError('INVALID', 'auth.routeDisabled');
}

/** Only paths of this console: no scheme, no host, no protocol-relative `//`. */
export function safeRedirect(r: string | undefined): string {
  if (!r || !r.startsWith('/') || r.startsWith('//') || r.includes('\\') || /[\r\n]/.test(r)) return '/';
  return r.slice(0, 500);
}

/** Starts a sign-on: answers the provider's authorization URL. */
export async function authorizeUrl(db: Db, cfg: Config, redirect: string | undefined): Promise<{ url: string }> {
  await assertEnabled(db, cfg);
  const config = await providerConfig(cfg);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const challenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
  await db.delete(ssoStates).where(lt(ssoStates.expiresAt, new Date()));
  await db
    .insert(ssoStates)
    .values({ stateHash: sha256(state), codeVerifier, nonce, redirect: safeRedirect(redirect), expiresAt: new Date(Date.now() + STATE_TTL_MS) });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: cfg.sso.redirectUri!,
    scope: cfg.sso.scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href };
}

type Claims = { sub?: unknown; preferred_username?: unknown; email?: unknown; email_verified?: unknown };

async function writeLog(db: Db, loginName: string, client: ClientInfo, code: number, msg: string, userId?: number | null, orgId?: number | null) {
  await insertLoginLog(db, SIGN_IN, {
    loginName: loginName || '(sso)',
    userId: userId ?? null,
    orgId: orgId ?? null,
    ip: client.ip,
    userAgent: client.userAgent,
    loginWay: LOGIN_WAY,
    success: code === 0 || code === 200003,
    code,
    msg,
  });
}

const nameOf = (c: Claims) => (typeof c.preferred_username === 'string' ? c.preferred_username : typeof c.email === 'string' ? c.email : String(c.sub ?? ''));

/**
 * Finds the user of the claims and opens a session for them. The provider's ID token (code flow)
 * is kept with the session: signing out sends it back to the provider as `id_token_hint`.
 */
async function signIn(db: Db, cfg: Config, claims: Claims, client: ClientInfo, idToken?: string): Promise<SsoOutcome> {
  const loginName = nameOf(claims);
  let user: UserRow | undefined;
  if (typeof claims.preferred_username === 'string' && claims.preferred_username.trim()) {
    user = await findVisibleUserByCode(db, SIGN_IN, claims.preferred_username.trim());
  }
  if (!user && typeof claims.email === 'string' && claims.email_verified === true) {
    const byMail = await findVisibleUsersByEmail(db, SIGN_IN, claims.email.trim(), 2);
    // An address shared by two accounts identifies neither.
    if (byMail.length === 1) user = byMail[0];
  }
  if (!user) {
    await writeLog(db, loginName, client, 100401, 'unknown sso user');
    throw new AppError('BAD_CREDENTIALS', 'sso.unknownUser');
  }
  if (user.status !== 0) {
    await writeLog(db, loginName, client, 100401, 'frozen or cancelled', user.id);
    throw new AppError('BAD_CREDENTIALS', 'auth.disabled');
  }
  const orgId = await defaultOrgOf(db, user.id, user.orgId);
  const token = await createSession(db, SIGN_IN, cfg, { userId: user.id, orgId, ip: client.ip, userAgent: client.userAgent, loginWay: LOGIN_WAY });
  if (idToken) await setSessionIdToken(db, SIGN_IN, sha256(token), idToken);
  const must = user.mustChangePassword;
  await writeLog(db, user.code, client, must ? 200003 : 0, must ? 'password must be changed' : 'ok', user.id, orgId);
  return { token, result: { userName: user.name, userId: user.id, loginWay: LOGIN_WAY }, mustChangePassword: must };
}

/** Finishes a sign-on with the code and state the provider sent back to the console. */
export async function callback(
  db: Db,
  cfg: Config,
  log: FastifyBaseLogger,
  input: { code: string; state: string; iss?: string; sessionState?: string },
  client: ClientInfo,
): Promise<SsoOutcome> {
  await assertEnabled(db, cfg);
  // Single use: the row goes whatever happens next.
  const [pending] = await db
    .delete(ssoStates)
    .where(and(eq(ssoStates.stateHash, sha256(input.state)), sql`${ssoStates.expiresAt} > now()`))
    .returning();
  if (!pending) {
    await writeLog(db, '', client, 100400, 'unknown or expired state');
    throw new AppError('INVALID', 'sso.badState');
  }
  const config = await providerConfig(cfg);
  const current = new URL(cfg.sso.redirectUri!);
  current.searchParams.set('code', input.code);
  current.searchParams.set('state', input.state);
  if (input.iss) current.searchParams.set('iss', input.iss);
  if (input.sessionState) current.searchParams.set('session_state', input.sessionState);
  let claims: Claims;
  let idToken: string | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: input.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = (tokens.claims() ?? {}) as Claims;
    idToken = tokens.id_token;
    if (typeof claims.preferred_username !== 'string' && typeof claims.email !== 'string' && tokens.access_token) {
      claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub))) };
    }
  } catch (err) {
    log.warn({ err: { name: (err as Error).name, message: (err as Error).message, code: (err as { code?: string }).code } }, 'sso code exchange failed');
    await writeLog(db, '', client, 100401, 'code exchange failed');
    throw new AppError('BAD_CREDENTIALS', 'sso.failed');
  }
  return { ...(await signIn(db, cfg, claims, client, idToken)), redirect: pending.redirect };
}

/** Signs in with a token handed over by a portal: an access token of the same provider, checked at its userinfo endpoint. */
export async function tokenLogin(db: Db, cfg: Config, log: FastifyBaseLogger, token: string, client: ClientInfo): Promise<SsoOutcome> {
  await assertEnabled(db, cfg);
  const config = await providerConfig(cfg);
  let claims: Claims;
  try {
    claims = (await oidc.fetchUserInfo(config, token, oidc.skipSubjectCheck)) as Claims;
  } catch (err) {
    log.info({ err: { name: (err as Error).name, message: (err as Error).message } }, 'sso token refused');
    await writeLog(db, '', client, 100401, 'token refused');
    throw new AppError('BAD_CREDENTIALS', 'sso.badToken');
  }
  return signIn(db, cfg, claims, client);
}

/** The console's signed-out page: a sibling of the sign-on redirect URI (`…/ssologin` -> `…/signedOut`). */
export function signedOutUri(cfg: Config): string | undefined {
  return cfg.sso.redirectUri ? new URL('signedOut', cfg.sso.redirectUri).href : undefined;
}

/**
 * OpenID Connect RP-initiated logout: the provider's `end_session_endpoint` (from discovery) with
 * `id_token_hint` (when the session kept one), `client_id` and `post_logout_redirect_uri` = the
 * console's signed-out page. Undefined when the provider has no such endpoint or cannot be reached:
 * the console session is over anyway.
 */
export async function providerLogoutUrl(cfg: Config, idToken: string | null | undefined, log: FastifyBaseLogger): Promise<string | undefined> {
  if (!cfg.sso.issuer || !cfg.sso.clientId) return undefined;
  try {
    const config = await providerConfig(cfg);
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    const params: Record<string, string> = {};
    const back = signedOutUri(cfg);
    if (back) params.post_logout_redirect_uri = back;
    if (idToken) params.id_token_hint = idToken;
    return oidc.buildEndSessionUrl(config, params).href;
  } catch (err) {
    log.warn({ err: { name: (err as Error).name, message: (err as Error).message } }, 'sso end-session url unavailable');
    return undefined;
  }
}

/** Sign-out of a single sign-on session ends the provider's session too (given to auth's sign-out by modules/routes.ts). */
export function providerSignOut(cfg: Config): ProviderSignOut {
  return async (ended, log) => {
    const sso = ended.find((s) => s.loginWay === LOGIN_WAY);
    return sso ? providerLogoutUrl(cfg, sso.idToken, log) : undefined;
  };
}
