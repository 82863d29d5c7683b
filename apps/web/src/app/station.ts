import { useEffect } from 'react';
import type { LivePush, StationPush, StationRow } from '@venue/contract';
import { getConfig } from './config.ts';
import { api, http, joinUrl } from './request.ts';
import { getToken } from './session.ts';
import { createStore, useStore } from './store.ts';

/**
 * The station-message bell's state (issue 14): the unread count and the newest message pushed.
 * With socket messaging on (`socket` in /config.json) the server pushes both over a WebSocket at
 * once; otherwise the console asks every 30 s and whenever the tab becomes visible again.
 */
export const POLL_MS = 30_000;
const SOCKET_UNAUTHORISED = 4401;

interface StationState {
  unread: number;
  /** The newest unread message the socket announced (the bell's popover shows it first). */
  latest: StationRow | null;
  /** Bumped on every change, so open lists reload. */
  stamp: number;
}

export const stationStore = createStore<StationState>({ unread: 0, latest: null, stamp: 0 });

/**
 * Venue hints the same socket carries (a venue's bookings, check-ins or devices changed): each
 * venue's counter rises, so open views of it refetch. Nothing arrives with the socket off.
 */
export const liveStore = createStore<{ byVenue: Record<number, number> }>({ byVenue: {} });

/** How often a view refetches by itself: slowly while the socket pushes its changes, every 2 s without it. */
export function liveRefetchMs(): number {
  return getConfig().socket && typeof WebSocket !== 'undefined' ? 30_000 : 2_000;
}

/** The venue's change counter (0 until a change was pushed). */
export function useVenueLive(venueId: number | null | undefined): number {
  return useStore(liveStore, (s) => (venueId ? (s.byVenue[venueId] ?? 0) : 0));
}

export function useUnread(): number {
  return useStore(stationStore, (s) => s.unread);
}

export function useStationStamp(): number {
  return useStore(stationStore, (s) => s.stamp);
}

/** Sets the count after a call that answered it (marking read). */
export function setUnread(unread: number): void {
  stationStore.set((s) => ({ unread, stamp: s.stamp + 1 }));
}

export async function refreshUnread(): Promise<void> {
  try {
    const { unread } = await http.get<{ unread: number }>(api.system('station/unread'), undefined, { silent: true });
    if (unread !== stationStore.get().unread) setUnread(unread);
  } catch {
    /* a failed poll changes nothing; the next one tries again */
  }
}

function socketUrl(): string {
  const cfg = getConfig();
  const url = new URL(joinUrl(cfg.api, api.system('station/socket')), location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Keeps the count current while the console is open: the socket when it is on, else polling. */
export function useStationLive(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let ws: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = 1000;
    const useSocket = getConfig().socket && typeof WebSocket !== 'undefined';

    const connect = () => {
      if (stopped) return;
      const token = getToken();
      ws = new WebSocket(socketUrl());
      // The session travels in the first frame, never in the URL.
      ws.onopen = () => ws?.send(JSON.stringify({ token }));
      ws.onmessage = (e) => {
        retryMs = 1000;
        try {
          const m = JSON.parse(String(e.data)) as StationPush | LivePush;
          if (m.kind === 'live') {
            const v = m.venueId;
            return liveStore.set((s) => ({ byVenue: { ...s.byVenue, [v]: (s.byVenue[v] ?? 0) + 1 } }));
          }
          if (m.kind !== 'station') return;
          stationStore.set((s) => ({ unread: m.unread, latest: m.latest ?? (m.unread ? s.latest : null), stamp: s.stamp + 1 }));
        } catch {
          /* not ours */
        }
      };
      ws.onclose = (e) => {
        ws = null;
        if (stopped) return;
        // No session: the next call of the console takes the user to the login page.
        if (e.code === SOCKET_UNAUTHORISED) return void refreshUnread();
        timer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, POLL_MS);
      };
    };

    const poll = () => {
      void refreshUnread();
      timer = setTimeout(poll, POLL_MS);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUnread();
    };

    if (useSocket) connect();
    else poll();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      ws?.close();
    };
  }, [active]);
}
