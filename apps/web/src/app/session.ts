import { ROLE_DEFAULT, type MenuNode, type UserInfo, type VenueRow } from '@venue/contract';
import { createStore, useStore } from './store.ts';
import { readLocal, writeLocal } from './storage.ts';

/**
 * Signed-in user state (spec section 3 and 4). In token mode the token lives in the `token`
 * cookie, which only the server writes and no script can read (HttpOnly, SameSite=Strict): the
 * console keeps the token in memory and gets it back after a reload from `POST {auth}session`
 * (sessionLoader.ts). With token mode off it lives in localStorage. Name and user id live in
 * localStorage. Everything else (user info, menus, permissions) is in memory and reloaded on the
 * first visit.
 */

export const TOKEN_KEY = 'token';
export const NAME_KEY = 'userName';
export const USER_ID_KEY = 'userId';
/** Login-way marker: '1' = password/phone login; anything else set = single sign-on. */
export const LOGIN_WAY_KEY = 'loginWay';

export interface SessionState {
  token: string;
  userName: string;
  userId: string;
  userInfo: UserInfo | null;
  roles: string[];
  permissions: ReadonlySet<string>;
  /** Screen/directory tree from menu-exec/query (first item's children). */
  menus: MenuNode[];
  /** User info, dictionary and menus were loaded for this session. */
  loaded: boolean;
  /** Spec 2.2 rule 8: the user came back from member card detail to the list. */
  backFromCardDetail: boolean;
  /**
   * Spec 4, the current venue: the venue of the current organisation (stadiumInfo/list/orgId),
   * loaded after sign-in and after switching organisation; all null when it has none.
   */
  venue: VenueRow | null;
  stadiumId: number | null;
  stadiumName: string | null;
  /**
   * Opened with no network on a screen that works offline (app/offline.ts): user info and menus
   * are the ones remembered there, and the token is not back yet (calls wait for it).
   */
  offline: boolean;
}

let tokenMode = true;

/** Token mode from config.json: true = the server's HttpOnly cookie `token`, false = localStorage. */
export function setTokenMode(cookie: boolean): void {
  tokenMode = cookie;
}

export function isTokenMode(): boolean {
  return tokenMode;
}

const empty = (): Omit<SessionState, 'token' | 'userName' | 'userId'> => ({
  userInfo: null,
  roles: [],
  permissions: new Set<string>(),
  menus: [],
  loaded: false,
  backFromCardDetail: false,
  venue: null,
  stadiumId: null,
  stadiumName: null,
  offline: false,
});

export const sessionStore = createStore<SessionState>({
  token: '',
  userName: readLocal(NAME_KEY) ?? '',
  userId: readLocal(USER_ID_KEY) ?? '',
  ...empty(),
});

/**
 * Session start: name and user id are restored from browser storage, and the token too when it
 * is kept in localStorage. In token mode the token comes from the server (restoreSession in
 * sessionLoader.ts).
 */
export function restoreStoredSession(): void {
  sessionStore.set({
    token: tokenMode ? sessionStore.get().token : (readLocal(TOKEN_KEY) ?? ''),
    userName: readLocal(NAME_KEY) ?? '',
    userId: readLocal(USER_ID_KEY) ?? '',
  });
}

export function getToken(): string {
  if (tokenMode) return sessionStore.get().token;
  // localStorage may have been changed by another tab: it is the truth.
  const stored = readLocal(TOKEN_KEY) ?? '';
  if (stored !== sessionStore.get().token) sessionStore.set({ token: stored });
  return stored;
}

export function setToken(token: string): void {
  const clean = token.replace(/^Bearer\s+/i, '').trim();
  // Token mode: the server has set the HttpOnly cookie; the console keeps the token in memory only.
  if (!tokenMode) writeLocal(TOKEN_KEY, clean);
  sessionStore.set({ token: clean });
}

/** After a successful login: token, name and user id are saved to storage; other tabs are told. */
export function saveLogin(token: string, userName: string, userId: string | number): void {
  setToken(token);
  writeLocal(NAME_KEY, userName);
  writeLocal(USER_ID_KEY, String(userId));
  setOfflineSession(false);
  sessionStore.set({ userName, userId: String(userId), ...empty() });
  tellOtherTabs({ type: 'signin', userId: String(userId) });
}

/**
 * Clearing the session removes the stored token, name and user id and empties the token (the
 * HttpOnly cookie is cleared by the server's logout, or when it names a session that ended).
 */
export function clearSession(): void {
  writeLocal(TOKEN_KEY, null);
  writeLocal(NAME_KEY, null);
  writeLocal(USER_ID_KEY, null);
  setOfflineSession(false);
  sessionStore.set({ token: '', userName: '', userId: '', ...empty() });
}

export function getLoginWay(): string | null {
  return readLocal(LOGIN_WAY_KEY);
}

export function setLoginWay(way: string | null): void {
  writeLocal(LOGIN_WAY_KEY, way);
}

export interface AppliedUserInfo {
  roles: string[];
  permissions: string[];
}

/**
 * Spec section 4: no roles -> role ROLE_DEFAULT and no permissions; otherwise each
 * permission code is registered as a menu-type-2 permission.
 */
export function rolesAndPermissions(info: Pick<UserInfo, 'roles' | 'permissions'>): AppliedUserInfo {
  if (!info.roles || info.roles.length === 0) return { roles: [ROLE_DEFAULT], permissions: [] };
  return { roles: [...info.roles], permissions: [...(info.permissions ?? [])] };
}

/** menu-exec/query answers a list whose first item holds the tree in `children`. */
export function menuTreeFrom(list: unknown): MenuNode[] {
  if (!Array.isArray(list) || list.length === 0) return [];
  const first = list[0] as { children?: MenuNode[] } | undefined;
  return Array.isArray(first?.children) ? first.children : [];
}

export function setUserInfo(info: UserInfo): void {
  const { roles, permissions } = rolesAndPermissions(info);
  sessionStore.set({ userInfo: info, roles, permissions: new Set(permissions), userName: info.userName || sessionStore.get().userName });
}

export function setMenus(menus: MenuNode[]): void {
  sessionStore.set({ menus });
}

/** Spec 4: a venue's details are stored; without one (or when it could not be read) stadium id and name are null. */
export function setVenue(venue: VenueRow | null): void {
  sessionStore.set({ venue, stadiumId: venue?.id ?? null, stadiumName: venue?.stadiumName ?? null });
}

let backOnline: { promise: Promise<void>; resolve: () => void } | null = null;

/** Marks the session as opened offline (or back: the calls held meanwhile go out). */
export function setOfflineSession(offline: boolean): void {
  if (offline && !backOnline) {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    backOnline = { promise, resolve };
  } else if (!offline && backOnline) {
    backOnline.resolve();
    backOnline = null;
  }
  sessionStore.set({ offline });
}

/** While the session was opened offline: resolves once its token is back, or it has ended. */
export function sessionBackOnline(): Promise<void> | null {
  return backOnline?.promise ?? null;
}

export function setLoaded(loaded: boolean): void {
  sessionStore.set({ loaded });
}

export function setBackFromCardDetail(v: boolean): void {
  sessionStore.set({ backFromCardDetail: v });
}

export const useSession = <S>(selector: (s: SessionState) => S) => useStore(sessionStore, selector);

/**
 * Tabs of this console tell each other about sign-in and sign-out (the token cookie cannot be read
 * by scripts, so it can no longer be "the truth" each tab looks at). The token itself never travels
 * here: a tab told about a sign-in asks the server (POST {auth}session).
 */
export type TabMessage = { type: 'signin'; userId: string } | { type: 'signout'; signedOutPage: boolean };

const channel: BroadcastChannel | null = (() => {
  try {
    return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('venue-console-session');
  } catch {
    return null;
  }
})();

export function tellOtherTabs(message: TabMessage): void {
  channel?.postMessage(message);
}

export function onOtherTabs(handler: (message: TabMessage) => void): void {
  channel?.addEventListener('message', (e: MessageEvent<TabMessage>) => handler(e.data));
}
