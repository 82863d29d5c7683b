import { createStore, useStore } from './store.ts';
import { HOME_PATH } from './guard.ts';

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

export function resetTabs(): void {
  tabsStore.set(initialTabs());
}

export function activeTab(): Tab | undefined {
  const s = tabsStore.get();
  return s.tabs.find((t) => t.key === s.activeKey);
}

export const useTabs = () => useStore(tabsStore, (s) => s.tabs);
export const useActiveTabKey = () => useStore(tabsStore, (s) => s.activeKey);
