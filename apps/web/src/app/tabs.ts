import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { createStore, useStore } from './store.ts';
import { HOME_PATH } from './guard.ts';
import { readSessionStorage, writeSessionStorage } from './storage.ts';

/**
 * Open screens as tabs. A tab is keyed by pathname and remembers its full path (query
 * included). The pure functions below are the tab rules; the store applies them.
 */

export interface Tab {
  /** pathname */
  key: string;
  /** pathname + search */
  fullPath: string;
  /** Cannot be closed (home). */
  affix?: boolean;
}

export interface TabsState {
  tabs: Tab[];
  activeKey: string;
}

const HOME_TAB: Tab = { key: HOME_PATH, fullPath: HOME_PATH, affix: true };

export function initialTabs(): TabsState {
  return { tabs: [HOME_TAB], activeKey: HOME_PATH };
}

/** Opens (or re-activates, updating its query) a tab. */
export function openTabIn(s: TabsState, key: string, fullPath: string): TabsState {
  const i = s.tabs.findIndex((t) => t.key === key);
  if (i >= 0) {
    if (s.tabs[i]!.fullPath === fullPath && s.activeKey === key) return s;
    const tabs = s.tabs.slice();
    tabs[i] = { ...tabs[i]!, fullPath };
    return { tabs, activeKey: key };
  }
  return { tabs: [...s.tabs, { key, fullPath, affix: key === HOME_PATH }], activeKey: key };
}

/** Closes a tab; when it was active, the right neighbour (else the left one) becomes active. */
export function closeTabIn(s: TabsState, key: string): TabsState {
  const i = s.tabs.findIndex((t) => t.key === key);
  if (i < 0 || s.tabs[i]!.affix) return s;
  const tabs = s.tabs.filter((t) => t.key !== key);
  let activeKey = s.activeKey;
  if (activeKey === key) activeKey = (tabs[i] ?? tabs[i - 1] ?? HOME_TAB).key;
  return { tabs: tabs.length ? tabs : [HOME_TAB], activeKey };
}

export function closeOthersIn(s: TabsState, key: string): TabsState {
  const tabs = s.tabs.filter((t) => t.affix || t.key === key);
  return { tabs, activeKey: tabs.some((t) => t.key === key) ? key : HOME_PATH };
}

export function closeSideIn(s: TabsState, key: string, side: 'left' | 'right'): TabsState {
  const i = s.tabs.findIndex((t) => t.key === key);
  if (i < 0) return s;
  const tabs = s.tabs.filter((t, j) => t.affix || (side === 'left' ? j >= i : j <= i));
  return { tabs, activeKey: tabs.some((t) => t.key === s.activeKey) ? s.activeKey : key };
}

export function closeAllIn(s: TabsState): TabsState {
  const tabs = s.tabs.filter((t) => t.affix);
  return { tabs: tabs.length ? tabs : [HOME_TAB], activeKey: HOME_PATH };
}

export const tabsStore = createStore<TabsState>(initialTabs());

/** Open tabs restored after a reload, at most (home included). */
export const TABS_RESTORED = 10;
const SAVED_KEY = 'venue.tabs';

/** What is kept of the tabs across a reload: the screens after home, the last TABS_RESTORED - 1 of them. */
export function savedTabsOf(s: TabsState): Pick<Tab, 'key' | 'fullPath'>[] {
  return s.tabs
    .filter((t) => !t.affix)
    .slice(-(TABS_RESTORED - 1))
    .map(({ key, fullPath }) => ({ key, fullPath }));
}

/**
 * The tabs after a reload: home, then the saved ones the user may still open (`allowed`: in their
 * menus), then the one the location opens (`here`), TABS_RESTORED at most (the latest kept).
 */
export function restoredTabs(saved: unknown, allowed: (pathname: string) => boolean, current: TabsState, here?: Pick<Tab, 'key' | 'fullPath'>): TabsState {
  const list = Array.isArray(saved) ? saved : [];
  const tabs: Tab[] = [HOME_TAB];
  for (const x of list) {
    const t = x as Partial<Tab> | null;
    if (!t || typeof t.key !== 'string' || typeof t.fullPath !== 'string' || !t.key.startsWith('/') || !t.fullPath.startsWith(t.key)) continue;
    if (t.key === HOME_PATH || tabs.some((o) => o.key === t.key) || !allowed(t.key)) continue;
    tabs.push({ key: t.key, fullPath: t.fullPath });
  }
  // Tabs opened before the restore stay, then the location's, at the end.
  for (const t of current.tabs) if (!tabs.some((o) => o.key === t.key)) tabs.push(t);
  if (here && here.key !== HOME_PATH && allowed(here.key)) {
    const i = tabs.findIndex((o) => o.key === here.key);
    if (i >= 0) tabs.splice(i, 1);
    tabs.push({ key: here.key, fullPath: here.fullPath });
  }
  const limited = tabs.length > TABS_RESTORED ? [HOME_TAB, ...tabs.slice(-(TABS_RESTORED - 1))] : tabs;
  return { tabs: limited, activeKey: current.activeKey };
}

/** The user whose tabs are kept (per browser tab: sessionStorage survives a reload, not the browser). */
let owner: string | null = null;

/**
 * Restores the user's tabs after a reload (AdminLayout, once user info and menus are in) and keeps
 * them from then on.
 */
export function restoreTabs(user: string, allowed: (pathname: string) => boolean, here?: Pick<Tab, 'key' | 'fullPath'>): void {
  if (owner === user) return;
  owner = user;
  let saved: unknown = null;
  try {
    saved = JSON.parse(readSessionStorage(`${SAVED_KEY}:${user}`) ?? 'null');
  } catch {
    saved = null;
  }
  tabsStore.set((s) => restoredTabs(saved, allowed, s, here));
}

tabsStore.subscribe(() => {
  if (owner) writeSessionStorage(`${SAVED_KEY}:${owner}`, JSON.stringify(savedTabsOf(tabsStore.get())));
});

/** Sign-out: back to home only; the signed-out user's saved tabs wait for their next sign-in here. */
export function resetTabs(): void {
  owner = null;
  tabsStore.set(initialTabs());
}

export function activeTab(): Tab | undefined {
  const s = tabsStore.get();
  return s.tabs.find((t) => t.key === s.activeKey);
}

export const useTabs = () => useStore(tabsStore, (s) => s.tabs);
export const useActiveTabKey = () => useStore(tabsStore, (s) => s.activeKey);

/** What detail tabs show ("张三" on a member's page), by tab key; not saved across reloads. */
export const tabLabels = createStore<{ labels: Readonly<Record<string, string>> }>({ labels: {} });

/** Names what the current detail tab shows, so two open details (two members, two cards) can be told apart. */
export function useTabLabel(label: string | undefined): void {
  const { pathname } = useLocation();
  // The tab the page was opened in: a kept-alive page keeps its tab while another is shown.
  const [key] = useState(pathname);
  useEffect(() => {
    if (label && tabLabels.get().labels[key] !== label) tabLabels.set((s) => ({ labels: { ...s.labels, [key]: label } }));
  }, [key, label]);
}

export const useTabLabels = () => useStore(tabLabels, (s) => s.labels);
