import type { LogoutAnswer, MenuNode, OrgVO, RestoredSession, UserInfo, VenueRow } from '@venue/contract';
import { getConfig } from './config.ts';
import { loadDictionary } from './dict.ts';
import { t } from './i18n.ts';
import { notify } from './notify.ts';
import { queryClient } from './query.ts';
import { forgetOfflineSession, restoreOfflineSession } from './offline.ts';
import { api, http, isApiError } from './request.ts';
import { SSO_LOGIN_PATH } from './guard.ts';
import {
  clearSession,
  getLoginWay,
  getToken,
  isTokenMode,
  menuTreeFrom,
  onOtherTabs,
  restoreStoredSession,
  sessionStore,
  setLoaded,
  setMenus,
  setOfflineSession,
  setUserInfo,
  setVenue,
  tellOtherTabs,
} from './session.ts';
import { resetTabs } from './tabs.ts';

/** The signed-in user's data, loaded on the first visit (guard rule 3). */

export class NoMenusError extends Error {
  constructor() {
    super('no menus');
    this.name = 'NoMenusError';
  }
}

/** currentOrg = the org matching defaultOrgId; no orgs -> enterpriseType 1 with the default id and name. */
export function resolveCurrentOrg(info: Pick<UserInfo, 'orgVOS' | 'defaultOrgId' | 'defaultOrgName' | 'currentOrg'>): OrgVO {
  const list = info.orgVOS ?? [];
  if (list.length === 0) return { orgId: info.defaultOrgId, orgName: info.defaultOrgName, enterpriseType: 1 };
  // The server's currentOrg is the session's organisation (it changes on switch).
  const fromServer = info.currentOrg ? list.find((o) => o.orgId === info.currentOrg.orgId) : undefined;
  return fromServer ?? list.find((o) => o.orgId === info.defaultOrgId) ?? list[0]!;
}

export async function fetchUserInfo(): Promise<UserInfo> {
  const info = await http.get<UserInfo>(api.auth('userInfo/0'));
  const normalised: UserInfo = { ...info, currentOrg: resolveCurrentOrg(info) };
  setUserInfo(normalised);
  return normalised;
}

export async function fetchMenus(orgId: number): Promise<MenuNode[]> {
  const list = await http.post<unknown>(api.adapter('menu-exec/query'), { appSign: getConfig().appSign, orgId });
  const tree = menuTreeFrom(list);
  if (tree.length === 0) {
    notify.error(t('guard.noMenus'));
    throw new NoMenusError();
  }
  setMenus(tree);
  return tree;
}

/**
 * Spec 4, the current venue: the organisation's venue (or null) is stored in the session. A failure
 * (no venue module, no permission, the server unreachable) never breaks sign-in: it stores nulls.
 */
export async function fetchVenue(orgId: number): Promise<VenueRow | null> {
  let venue: VenueRow | null;
  try {
    venue = (await http.get<VenueRow | null>(api.stadium(`stadiumInfo/list/orgId/${orgId}`), undefined, { silent: true })) ?? null;
  } catch {
    venue = null;
  }
  setVenue(venue);
  return venue;
}

let inflight: Promise<void> | null = null;
/** A load started at boot (preloadSession), handed to the guard's first ensureSessionLoaded, failure included. */
let early: Promise<void> | null = null;

/**
 * Starts guard rule 3's load at boot, before the first render (first paint, issue 9): the route
 * guard's first `ensureSessionLoaded()` takes this promise, so a failure is reported once.
 */
export function preloadSession(): void {
  const p = ensureSessionLoaded();
  early = p;
  // A success is in the session store (loaded): only a failure waits for the guard.
  p.then(
    () => {
      if (early === p) early = null;
    },
    () => undefined,
  );
}

/** User info, then dictionary and menus; resolves when all are in the session store. */
export function ensureSessionLoaded(): Promise<void> {
  if (early) {
    const p = early;
    early = null;
    return p;
  }
  if (sessionStore.get().loaded) return Promise.resolve();
  if (inflight) return inflight;
  inflight = (async () => {
    if (!getToken()) throw new Error('not signed in');
    const info = await fetchUserInfo();
    await Promise.all([loadDictionary(), fetchMenus(info.currentOrg.orgId), fetchVenue(info.currentOrg.orgId)]);
    setLoaded(true);
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Rule 1 (openType): forget what was loaded (keep the stored token) so it is loaded again. */
export function resetLoadedState(): void {
  early = null;
  sessionStore.set({
    userInfo: null,
    roles: [],
    permissions: new Set(),
    menus: [],
    loaded: false,
    backFromCardDetail: false,
    venue: null,
    stadiumId: null,
    stadiumName: null,
  });
  queryClient.clear();
  resetTabs();
}

/**
 * Token mode: the token of the browser's HttpOnly cookie, asked from the server (the console
 * cannot read the cookie). Empty when there is no live session or the server cannot be reached.
 */
async function tokenFromServer(): Promise<RestoredSession | null> {
  try {
    const s = await http.post<RestoredSession>(api.auth('session'), undefined, { silent: true });
    if (s?.token) {
      sessionStore.set({ token: s.token });
      return s;
    }
  } catch {
    /* treated as signed out */
  }
  sessionStore.set({ token: '' });
  return null;
}

/**
 * Session start (spec 4): name and user id from storage, the token from storage or, in token mode,
 * from the server. With no network, a screen that works offline opens with the state it remembered
 * (app/offline.ts); the token is fetched once the network is back.
 */
export async function restoreSession(): Promise<void> {
  restoreStoredSession();
  if (isTokenMode()) await tokenFromServer();
  if (typeof navigator !== 'undefined' && !navigator.onLine && (await restoreOfflineSession(location.pathname))) {
    window.addEventListener('online', () => void backOnline(), { once: true });
  }
}

const waitFor = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Back online after an offline start: in token mode the token of the HttpOnly cookie is asked from
 * the server (again while it cannot be reached); the calls held meanwhile then go out. A server
 * that knows no session any more signs the user out (the guard shows the sign-in page).
 */
async function backOnline(): Promise<void> {
  while (isTokenMode()) {
    try {
      const s = await http.post<RestoredSession>(api.auth('session'), undefined, { silent: true, restoring: true });
      if (s?.token) sessionStore.set({ token: s.token });
      break;
    } catch (e) {
      if (isApiError(e) && e.kind !== 'network' && e.kind !== 'timeout') break;
      await waitFor(3000);
    }
  }
  if (!getToken()) {
    signOutLocally();
    return;
  }
  setOfflineSession(false);
  // What the screens asked for while offline failed at once: asked again, now with the token.
  void queryClient.invalidateQueries();
}

/** The login-way marker says single sign-on (guard rule 4: set and not '1'). */
export function signedInBySso(): boolean {
  const way = getLoginWay();
  return way !== null && way !== '' && way !== '1';
}

/** The page a signed-out single sign-on user lands on (the provider sends the browser back there too). */
export const SIGNED_OUT_PATH = '/signedOut';

/** Single sign-on: the identity provider's end-session URL, to end the provider session as well. */
export type LogoutResult = Partial<NonNullable<LogoutAnswer>>;

/**
 * Ends the session on the server (best effort; the server also clears the HttpOnly cookie, so the
 * call is made even without a token in memory) and clears it here. Other tabs are told.
 */
export async function logout(): Promise<LogoutResult> {
  const sso = signedInBySso();
  let result: LogoutResult = {};
  if (getToken() || isTokenMode()) {
    const body = await http.post<LogoutAnswer>(api.auth('logout'), undefined, { silent: true }).catch(() => null);
    if (body?.logoutUrl && /^https?:\/\//i.test(body.logoutUrl)) result = { logoutUrl: body.logoutUrl };
  }
  signOutLocally();
  tellOtherTabs({ type: 'signout', signedOutPage: sso });
  return result;
}

/** Clears the client state: stored token/name/id, loaded data, query cache, tabs. */
export function signOutLocally(): void {
  early = null;
  forgetOfflineSession();
  clearSession();
  queryClient.clear();
  resetTabs();
}

/**
 * What this tab does when another tab of the console signs in or out:
 * - sign-out: the session is over here too. A single sign-on user goes to the signed-out page (not
 *   /ssologin, which would sign them straight back in while the provider session still lives);
 *   others are signed out here and the guard sends them to the login route.
 * - sign-in: the token of the new session is asked from the server; another user's data is
 *   reloaded on the next screen.
 */
export function followOtherTabs(): void {
  onOtherTabs((m) => {
    if (m.type === 'signout') {
      if (m.signedOutPage && typeof location !== 'undefined') {
        if (location.pathname !== SIGNED_OUT_PATH && location.pathname !== SSO_LOGIN_PATH) location.replace(SIGNED_OUT_PATH);
        return;
      }
      signOutLocally();
      return;
    }
    const before = sessionStore.get().userId;
    void restoreSession().then(() => {
      if (sessionStore.get().userId !== before) resetLoadedState();
    });
  });
}

/**
 * Switches the current organisation, then reloads user info and menus. When the user has
 * no menus there, the session goes back to the previous organisation (the message about
 * missing menus has been shown) and the error is rethrown.
 */
export async function switchOrganisation(orgId: number): Promise<UserInfo> {
  const previous = sessionStore.get().userInfo?.currentOrg.orgId;
  await http.put(api.auth('session/org'), { orgId });
  const info = await fetchUserInfo();
  try {
    await fetchMenus(info.currentOrg.orgId ?? orgId);
  } catch (err) {
    if (err instanceof NoMenusError && previous !== undefined && previous !== orgId) {
      await http.put(api.auth('session/org'), { orgId: previous });
      await fetchUserInfo();
    }
    throw err;
  }
  await fetchVenue(info.currentOrg.orgId ?? orgId);
  // Everything cached belonged to the previous organisation.
  await queryClient.invalidateQueries();
  resetTabs();
  return info;
}
