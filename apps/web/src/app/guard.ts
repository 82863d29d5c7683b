/**
 * The route guard of spec 2.2 as pure decisions (unit-tested); RouteGuard.tsx is the thin
 * React wrapper that carries them out.
 */

export const LOGIN_PATH = '/login';
export const SSO_LOGIN_PATH = '/ssologin';
export const HOME_PATH = '/home';

/** Anything under these is open without login (spec 2.1). */
export const PUBLIC_PREFIXES = ['/demo', '/error', '/external/gitbook'] as const;
/** Exempt from the session-expiry redirect (spec 2.1). */
export const EXPIRY_EXEMPT_PREFIXES = ['/thirdScanPage'] as const;

function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isPublicPrefix(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((p) => underPrefix(pathname, p));
}

export interface GuardInput {
  pathname: string;
  /** '' or '?a=1...' */
  search: string;
  /** The matched route is public (login, placeholders, /demo..., open-without-login flag). */
  isPublic: boolean;
  /** A token is stored. */
  hasToken: boolean;
  /** User info, dictionary and menus are loaded (rule 3). */
  loaded: boolean;
  /** Loading them failed (rule 4). */
  loadFailed: boolean;
  /** localStorage loginWay. */
  loginWay: string | null;
}

export type GuardDecision =
  /** Rule 1: clear the session, reload user info, continue to `to` (same path, no openType). */
  | { type: 'openType'; to: string }
  | { type: 'allow' }
  /** Rule 3: load dictionary and menus first. */
  | { type: 'load' }
  /** Rules 2, 4, 5. */
  | { type: 'redirect'; to: string };

/** Rule 4: /ssologin when a token query parameter is present or loginWay is set and not '1'. */
export function loginRouteFor(search: string, loginWay: string | null): string {
  const q = new URLSearchParams(search);
  if (q.has('token')) return SSO_LOGIN_PATH;
  if (loginWay !== null && loginWay !== '' && loginWay !== '1') return SSO_LOGIN_PATH;
  return LOGIN_PATH;
}

/**
 * Rule 5: the login route with `redirect` = the original path and query. Going to
 * /ssologin with a token parameter, the token travels as its own parameter.
 */
export function loginRedirect(pathname: string, search: string, loginWay: string | null): string {
  const route = loginRouteFor(search, loginWay);
  const q = new URLSearchParams(search);
  const out = new URLSearchParams();
  const token = q.get('token');
  if (route === SSO_LOGIN_PATH && token !== null) {
    out.set('token', token);
    q.delete('token');
  }
  const rest = q.toString();
  out.set('redirect', `${pathname}${rest ? `?${rest}` : ''}`);
  return `${route}?${out.toString()}`;
}

export function withoutParam(pathname: string, search: string, name: string): string {
  const q = new URLSearchParams(search);
  q.delete(name);
  const rest = q.toString();
  return `${pathname}${rest ? `?${rest}` : ''}`;
}

export function decideGuard(i: GuardInput): GuardDecision {
  // Rule 1.
  if (new URLSearchParams(i.search).has('openType')) return { type: 'openType', to: withoutParam(i.pathname, i.search, 'openType') };
  if (i.isPublic) return { type: 'allow' };
  // Rules 2 and 4.
  if (!i.hasToken || i.loadFailed) return { type: 'redirect', to: loginRedirect(i.pathname, i.search, i.loginWay) };
  // Rule 3.
  if (!i.loaded) return { type: 'load' };
  return { type: 'allow' };
}

export type ExpiryDecision = { type: 'none' } | { type: 'external'; url: string } | { type: 'route'; to: string };

/**
 * Rule 6: on session expiry go to the login route with a redirect parameter, or to
 * body.redirectUri when the server gives one. /thirdScanPage is exempt, and a login
 * screen does not redirect to itself.
 */
export function sessionExpiredTarget(i: { pathname: string; search: string; redirectUri?: string; loginWay: string | null }): ExpiryDecision {
  if (EXPIRY_EXEMPT_PREFIXES.some((p) => underPrefix(i.pathname, p))) return { type: 'none' };
  if (i.redirectUri) {
    if (/^https?:\/\//i.test(i.redirectUri)) return { type: 'external', url: i.redirectUri };
    if (i.redirectUri.startsWith('/') && !i.redirectUri.startsWith('//')) return { type: 'route', to: i.redirectUri };
  }
  if (i.pathname === LOGIN_PATH || i.pathname === SSO_LOGIN_PATH) return { type: 'none' };
  return { type: 'route', to: loginRedirect(i.pathname, i.search, i.loginWay) };
}

/**
 * Where to go after a login: the `redirect` parameter when it is a path of this console
 * (never another site, never a login route), else /home.
 */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return HOME_PATH;
  const path = redirect.split(/[?#]/)[0]!;
  if (path === LOGIN_PATH || path === SSO_LOGIN_PATH || path === '/') return HOME_PATH;
  return redirect;
}

/** Navigation state a sign-in leaves (LoginPage, SsoLoginPage): the `redirect` it followed. */
export const AFTER_SIGN_IN = { afterSignIn: true } as const;

export function isAfterSignIn(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as { afterSignIn?: unknown }).afterSignIn === true;
}

export type AccessDecision =
  /** The screen opens. */
  | { type: 'allow' }
  /** Spec 6: not in the user's menus: a "no access" page with a way home; the screen is never mounted. */
  | { type: 'noAccess'; home: string }
  /** Go there instead (replace). */
  | { type: 'redirect'; to: string };

export interface AccessInput {
  pathname: string;
  /** The screen is reached through the menus (a menu screen of the registry). */
  followsMenus: boolean;
  /** The user's menus hold the screen. */
  inMenus: boolean;
  /** This visit is the `redirect` a sign-in followed. */
  afterSignIn: boolean;
  /** Where "home" is for this user: /home when it is in their menus, else their first screen. */
  home: string;
}

/**
 * Screens follow the menus (spec 6, issue 9): a menu screen that is not in the user's menus does
 * not open. Typed or linked, it shows "no access" with a way home; reached through the `redirect`
 * of a sign-in (left by another user's session, say), it goes home instead; /home itself, when the
 * user's menus lack it, goes to their first screen.
 */
export function decideScreenAccess(i: AccessInput): AccessDecision {
  if (!i.followsMenus || i.inMenus) return { type: 'allow' };
  if (i.home !== i.pathname && (i.afterSignIn || i.pathname === HOME_PATH)) return { type: 'redirect', to: i.home };
  return { type: 'noAccess', home: i.home };
}
