import { useCallback, useState } from 'react';
import { tabsStore } from '../app/tabs.ts';
import type { ListState } from './query.ts';

/**
 * A small per-screen store of list states (search filters, the form's values, page, sort).
 * Tabs keep screens alive with <Activity>, so React state already survives leaving a tab;
 * this store also survives a "refresh tab" (which mounts the screen anew). An entry lives
 * while its tab is open: closing the tab (or signing out) forgets it.
 */

export interface StoredList extends ListState {
  /** The search form's values as the user left them (dayjs values included). */
  formValues?: Record<string, unknown>;
}

const entries = new Map<string, StoredList>();

const pathOf = (key: string) => key.split('::')[0]!;

tabsStore.subscribe(() => {
  const open = new Set(tabsStore.get().tabs.map((t) => t.key));
  for (const k of [...entries.keys()]) if (!open.has(pathOf(k))) entries.delete(k);
});

export function readListState(key: string): StoredList | undefined {
  return entries.get(key);
}

export function writeListState(key: string, state: StoredList): void {
  entries.set(key, state);
}

export function forgetListState(key: string): void {
  entries.delete(key);
}

/** useState backed by the store: `key` is `${pathname}::${resourceKey}`. */
export function useStoredListState(key: string, init: () => StoredList): [StoredList, (patch: Partial<StoredList>) => void] {
  const [state, setState] = useState<StoredList>(() => entries.get(key) ?? init());
  const update = useCallback(
    (patch: Partial<StoredList>) => {
      setState((s) => {
        const next = { ...s, ...patch };
        entries.set(key, next);
        return next;
      });
    },
    [key],
  );
  return [state, update];
}
