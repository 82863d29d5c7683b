import { ROLE_DEFAULT, type MenuNode, type UserInfo } from '@venue/contract';
import { createStore, useStore } from './store.ts';
import { readCookie, readLocal, writeCookie, writeLocal } from './storage.ts';

/**
 * Signed-in user state (spec section 3 and 4). The token lives in the `token` cookie in
 * token mode, else in localStorage; name and user id live in localStorage. Everything
 * else (user info, menus, permissions) is in memory and reloaded on the first visit.
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
}

let tokenMode = true;

/** Token mode from config.json: true = cookie `token`, false = localStorage. */
export function setTokenMode(cookie: boolean): void {
  tokenMode = cookie;
}

function readToken(): string {
  return (tokenMode ? readCookie(TOKEN_KEY) : readLocal(TOKEN_KEY)) ?? '';
}

const empty = (): Omit<SessionState, 'token' | 'userName' | 'userId'> => ({
  userInfo: null,
  roles: [],
  permissions: new Set<string>(),
  menus: [],
  loaded: false,
  backFromCardDetail: false,
});

export const sessionStore = createStore<SessionState>({
  token: '',
  userName: readLocal(NAME_KEY) ?? '',
  userId: readLocal(USER_ID_KEY) ?? '',
  ...empty(),
});

/** Session start: token, name and user id are restored from browser storage. */
export function restoreSession(): void {
  sessionStore.set({
    token: readToken(),
    userName: readLocal(NAME_KEY) ?? '',
    userId: readLocal(USER_ID_KEY) ?? '',
  });
}

export function getToken(): string {
  // The cookie may have been replaced by another tab or system: it is the truth.
  const stored = readToken();
  if (stored !== sessionStore.get().token) sessionStore.set({ token: stored });
  return stored;
}

export function setToken(token: string): void {
  const clean = token.replace(/^Bearer\s+/i, '').trim();
  if (tokenMode) writeCookie(TOKEN_KEY, clean);
  else writeLocal(TOKEN_KEY, clean);
  sessionStore.set({ token: clean });
}

/** After a successful login: token, name and user id are saved to storage. */
export function saveLogin(token: string, userName: string, userId: string | number): void {
  setToken(token);
  writeLocal(NAME_KEY, userName);
  writeLocal(USER_ID_KEY, String(userId));
  sessionStore.set({ userName, userId: String(userId), ...empty() });
}

/** Clearing the session removes the stored token, name and user id and empties the token. */
export function clearSession(): void {
  writeCookie(TOKEN_KEY, null);
  writeLocal(TOKEN_KEY, null);
  writeLocal(NAME_KEY, null);
  writeLocal(USER_ID_KEY, null);
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

export function setLoaded(loaded: boolean): void {
  sessionStore.set({ loaded });
}

export function setBackFromCardDetail(v: boolean): void {
  sessionStore.set({ backFromCardDetail: v });
}

export const useSession = <S>(selector: (s: SessionState) => S) => useStore(sessionStore, selector);
