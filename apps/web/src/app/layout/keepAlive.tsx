import { Activity, createContext, Fragment, useContext, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useMatches, useNavigationType, useOutlet, type Location } from 'react-router';
import { ScreenSpinner } from '../lazyScreen.tsx';
import { NoAccess } from '../pages.tsx';
import type { RouteHandle } from '../RouteGuard.tsx';
import { useScreenAccess } from '../screenAccess.ts';
import { isNoCache } from '../registry.ts';
import { useTabs } from '../tabs.ts';

/**
 * Tabs keep-alive (spec 2.2 rule 7): every open tab's screen stays mounted inside React's
 * <Activity mode="hidden"> while another tab is shown, so its state (search form, page,
 * scroll) survives; screens the registry marks `cache: false` are rendered fresh each time. Each kept screen
 * sees the location it was opened with, not the current one.
 */

interface Entry {
  element: ReactNode;
  location: Location;
}

export interface KeepAliveControl {
  /** Forgets a screen so that its next visit mounts it anew (tab refresh). */
  drop(key: string): void;
}

const KeepAliveContext = createContext<KeepAliveControl>({ drop: () => {} });

export function useKeepAlive(): KeepAliveControl {
  return useContext(KeepAliveContext);
}

export function KeepAliveProvider({ children }: { children: ReactNode }) {
  const cache = useRef(new Map<string, Entry>());
  const control = useRef<KeepAliveControl>({ drop: (key) => cache.current.delete(key) });
  return (
    <KeepAliveContext.Provider value={control.current}>
      <CacheHolder.Provider value={cache.current}>{children}</CacheHolder.Provider>
    </KeepAliveContext.Provider>
  );
}

const CacheHolder = createContext<Map<string, Entry>>(new Map());

export function KeepAliveOutlet() {
  const cache = useContext(CacheHolder);
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const tabs = useTabs();
  const handle = (matches[matches.length - 1]?.handle ?? {}) as RouteHandle;
  const key = location.pathname;
  // Spec 6: a screen outside the user's menus is not mounted at all (it would call the server).
  const access = useScreenAccess();
  const denied = access.type !== 'allow';
  const cacheable = !denied && !handle.redirect && !isNoCache(key);

  // Closed tabs leave the cache.
  for (const k of [...cache.keys()]) if (k !== key && !tabs.some((t) => t.key === k)) cache.delete(k);
  if (cacheable) {
    const hit = cache.get(key);
    if (!hit) cache.set(key, { element: outlet, location });
    else hit.location = location;
  }

  return (
    <>
      {[...cache.entries()].map(([k, entry]) => (
        <Activity key={k} mode={k === key ? 'visible' : 'hidden'}>
          <UNSAFE_LocationContext.Provider value={{ location: k === key ? location : entry.location, navigationType }}>
            {entry.element}
          </UNSAFE_LocationContext.Provider>
        </Activity>
      ))}
      {access.type === 'noAccess' ? (
        <NoAccess key={`denied:${key}`} home={access.home} />
      ) : access.type === 'pending' ? (
        <ScreenSpinner key="pending" />
      ) : denied || cacheable ? null : (
        <Fragment key={key}>{outlet}</Fragment>
      )}
    </>
  );
}
