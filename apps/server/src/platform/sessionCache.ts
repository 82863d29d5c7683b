import type { Caller } from './http.ts';
import { sha256 } from './keys.ts';

/** How the pipeline learns who calls: given by the composition root (app.ts), implemented by module auth. */
export interface SessionLookup {
  /** The caller a bearer token names, or null when it names no live session. */
  resolve(token: string): Promise<Caller | null>;
  /** Forgets every remembered answer: this process has just changed something (sessions, users, permissions). */
  forget(): void;
}

/**
 * Remembers resolved sessions (the caller with their permissions, computed at the permission epoch
 * read with the session) for `ttlMs` in this process, so a busy session costs one session query per
 * `ttlMs` instead of one per request.
 *
 * What another process changes (a forced logout, a frozen user, a permission change, an expiry) is
 * seen here within `ttlMs` (at most 900 ms, see config SESSION_CACHE_MS): an answer is never reused
 * longer. What this process changes is seen at once: the pipeline calls `forget()` after every
 * state-changing call, and an answer being looked up while `forget()` ran is not kept.
 * Unknown tokens are not remembered (a flood of made-up tokens cannot push live sessions out), and
 * concurrent calls of one session share one lookup. Keys are the tokens' SHA-256, not the tokens.
 */
export function cachedSessions(resolve: (token: string) => Promise<Caller | null>, ttlMs: number, maxEntries = 10_000): SessionLookup {
  if (ttlMs <= 0) return { resolve, forget: () => undefined };
  const entries = new Map<string, { caller: Caller; until: number; generation: number }>();
  const pending = new Map<string, { answer: Promise<Caller | null>; generation: number }>();
  let generation = 0;
  return {
    resolve(token) {
      const key = sha256(token);
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now && hit.generation === generation) return Promise.resolve(hit.caller);
      const inFlight = pending.get(key);
      if (inFlight && inFlight.generation === generation) return inFlight.answer;
      const started = generation;
      const answer = resolve(token).then(
        (caller) => {
          if (pending.get(key)?.answer === answer) pending.delete(key);
          if (!caller) entries.delete(key);
          else if (started === generation) {
            if (entries.size >= maxEntries) entries.clear();
            entries.set(key, { caller, until: now + ttlMs, generation: started });
          }
          return caller;
        },
        (err: unknown) => {
          if (pending.get(key)?.answer === answer) pending.delete(key);
          throw err;
        },
      );
      pending.set(key, { answer, generation: started });
      return answer;
    },
    forget() {
      generation++;
      entries.clear();
      pending.clear();
    },
  };
}
