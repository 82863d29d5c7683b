/**
 * Caches that live as long as the process and are keyed by ids a database hands out (an
 * organisation's time zone, an application's calls this minute). One server runs on one database,
 * so in production they are never wrong. The test suites run file after file in one process, each
 * file on a fresh copy of the same database, where the same ids name other rows: their setup
 * forgets every such cache before a file starts (`forgetProcessCaches`).
 */
const caches = new Set<{ clear(): void }>();

/** A Map that `forgetProcessCaches` empties. */
export function processCache<K, V>(): Map<K, V> {
  const m = new Map<K, V>();
  caches.add(m);
  return m;
}

export function forgetProcessCaches(): void {
  for (const c of caches) c.clear();
}
