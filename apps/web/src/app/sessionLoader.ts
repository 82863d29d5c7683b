import type { MenuNode, OrgVO, UserInfo } from '@venue/contract';
import { getConfig } from './config.ts';
import { loadDictionary } from './dict.ts';
import { t } from './i18n.ts';
import { notify } from './notify.ts';
import { queryClient } from './query.ts';
import { api, http } from './request.ts';
import {
  clearSession,
  getToken,
  menuTreeFrom,
  sessionStore,
  setLoaded,
  setMenus,
  setUserInfo,
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

let inflight: Promise<void> | null = null;

/** User info, then dictionary and menus; resolves when all are in the session store. */
export function ensureSessionLoaded(): Promise<void> {
  if (sessionStore.get().loaded) return Promise.resolve();
  if (inflight) return inflight;
  inflight = (async () => {
    if (!getToken()) throw new Error('not signed in');
    const info = await fetchUserInfo();
    await Promise.all([loadDictionary(), fetchMenus(info.currentOrg.orgId)]);
    setLoaded(true);
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Rule 1 (openType): forget what was loaded (keep the stored token) so it is loaded again. */
export function resetLoadedState(): void {
  sessionStore.set({ userInfo: null, roles: [], permissions: new Set(), menus: [], loaded: false, backFromCardDetail: false });
  queryClient.clear();
  resetTabs();
}

/** Ends the session on the server (best effort) and clears it here. */
export async function logout(): Promise<void> {
  if (getToken()) {
    await http.post(api.auth('logout'), undefined, { silent: true }).catch(() => undefined);
  }
  signOutLocally();
}

/** Clears the client state: stored token/name/id, loaded data, query cache, tabs. */
export function signOutLocally(): void {
  clearSession();
  queryClient.clear();
  resetTabs();
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
  // Everything cached belonged to the previous organisation.
  await queryClient.invalidateQueries();
  resetTabs();
  return info;
}
