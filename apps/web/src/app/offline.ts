import { openDB, type IDBPDatabase } from 'idb';
import type { MenuNode, UserInfo, VenueRow } from '@venue/contract';
import { sessionStore, setMenus, setOfflineSession, setUserInfo, setVenue } from './session.ts';

/**
 * Screens that work with no network (issue 13, the offline gate device) keep what they need in
 * IndexedDB (one key-value store), and are served by the console's service worker
 * (`offlineShell.ts` at the web root), which each such screen registers with its own path as scope.
 *
 * Opened offline (a reload, or the device started with no network), such a screen needs the
 * signed-in state its last online visit had: user info, menus and venue, never the token (in token
 * mode it lives in an HttpOnly cookie). Back online, the token is asked from the server again
 * (sessionLoader.ts) before any call goes out.
 */

const DB_NAME = 'venue-console';
const STORE = 'kv';
let opened: Promise<IDBPDatabase> | null = null;

function db(): Promise<IDBPDatabase> {
  opened ??= openDB(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore(STORE);
    },
  });
  return opened;
}

/** A value of the offline store (undefined when absent or when the browser has no IndexedDB). */
export async function offlineGet<T>(key: string): Promise<T | undefined> {
  try {
    return (await (await db()).get(STORE, key)) as T | undefined;
  } catch {
    return undefined;
  }
}

export async function offlineSet(key: string, value: unknown): Promise<void> {
  await (await db()).put(STORE, value, key);
}

export async function offlineDelete(key: string): Promise<void> {
  try {
    await (await db()).delete(STORE, key);
  } catch {
    // no IndexedDB: nothing was kept
  }
}

const SESSION_KEY = 'session';

interface OfflineSession {
  userId: string;
  userName: string;
  /** The offline screens this user opened (only they open from this state). */
  paths: string[];
  userInfo: UserInfo;
  menus: MenuNode[];
  venue: VenueRow | null;
  savedAt: string;
}

/** Called by an offline screen once signed in and loaded: what it needs to open again with no network. */
export async function rememberOfflineSession(path: string): Promise<void> {
  const s = sessionStore.get();
  if (!s.loaded || !s.userInfo || !s.userId || s.offline) return;
  const before = await offlineGet<OfflineSession>(SESSION_KEY);
  const paths = before?.userId === s.userId ? [...new Set([...before.paths, path])] : [path];
  const value: OfflineSession = {
    userId: s.userId,
    userName: s.userName,
    paths,
    userInfo: s.userInfo,
    menus: s.menus,
    venue: s.venue,
    savedAt: new Date().toISOString(),
  };
  await offlineSet(SESSION_KEY, value);
}

/** Signed out: the remembered state goes (the next user of the device starts from the sign-in page). */
export function forgetOfflineSession(): void {
  void offlineDelete(SESSION_KEY);
}

/**
 * At start with no network, on a screen that works offline: the state remembered there by the same
 * user (name and id are in localStorage) is loaded without the server. True when it was.
 */
export async function restoreOfflineSession(pathname: string): Promise<boolean> {
  const s = sessionStore.get();
  if (!s.userId) return false;
  const saved = await offlineGet<OfflineSession>(SESSION_KEY);
  if (!saved || saved.userId !== s.userId || !saved.paths.includes(pathname)) return false;
  setUserInfo(saved.userInfo);
  setMenus(saved.menus);
  setVenue(saved.venue);
  setOfflineSession(true);
  sessionStore.set({ loaded: true });
  return true;
}

/**
 * Registers the console's service worker for an offline screen (scope: the screen's path), and
 * keeps the runtime configuration the console starts with in the worker's cache. True once the
 * worker is active; false where there is none (the dev server, a browser without service workers).
 */
export async function registerOfflineShell(scope: string): Promise<boolean> {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const reg = await navigator.serviceWorker.register('/sw.js', { scope });
    const worker = reg.installing ?? reg.waiting ?? reg.active;
    if (!worker) return false;
    // Installing precaches the shell; activated, it answers the next load of the screen.
    if (worker.state !== 'activated') {
      const ok = await new Promise<boolean>((resolve) => {
        const seen = () => {
          if (worker.state === 'activated' || worker.state === 'redundant') {
            worker.removeEventListener('statechange', seen);
            resolve(worker.state === 'activated');
          }
        };
        worker.addEventListener('statechange', seen);
        seen();
      });
      if (!ok) return false;
    }
    // The worker keeps later answers (network first); this visit's are put there now.
    const cache = await caches.open('venue-config');
    await cache.addAll(['/config.json', '/config.xml']);
    return true;
  } catch {
    return false;
  }
}
