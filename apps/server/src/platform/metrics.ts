import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, Db } from './db.ts';
import { contributionsOf, type ModuleManifest } from './module.ts';

/** A figure a module reads from its tables when `/metrics` is scraped (job lag, queue depth, holds pending). */
export interface ReadGauge {
  /** The metric's name, `venue_` and snake case (Prometheus naming). */
  readonly name: string;
  readonly help: string;
  readonly read: (db: Db) => Promise<number>;
}

declare module './module.ts' {
  interface ModuleContributions {
    /** Figures for `/metrics`, read at each scrape. */
    gauges: ReadGauge;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * `/metrics` in Prometheus's text format (prom-client): requests by route (rate and latency, the
 * route's pattern, never the raw URL, so ids do not make new series), the database pool's use, the
 * process's own figures, and the modules' gauges. One registry per app (tests build many apps).
 * Answered to loopback callers (a scraper on the host or a sidecar) and to whoever sends the
 * configured bearer token; to anyone else it does not exist.
 */
export function installMetrics(app: FastifyInstance, database: Database, modules: readonly ModuleManifest[], token: string | undefined): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'venue_process_' });
  const requests = new Counter({
    name: 'venue_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'venue_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ method: req.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` });
    latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    done();
  });
  if (database.poolUse) {
    const poolUse = database.poolUse;
    new Gauge({
      name: 'venue_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const u = poolUse();
        this.set({ state: 'total' }, u.total);
        this.set({ state: 'idle' }, u.idle);
        this.set({ state: 'waiting' }, u.waiting);
      },
    });
  }
  // The reporting replica (DATABASE_READ_URL): its lag at the last check, and the reports read from the primary instead.
  const reporting = database.reporting;
  new Gauge({
    name: 'venue_db_replica_lag_seconds',
    help: 'The reporting replica lag at its last check (seconds); absent without a replica or while it cannot be reached.',
    registers: [registry],
    collect() {
      const lag = reporting.state().lagMs;
      if (lag === null) this.reset();
      else this.set(lag / 1000);
    },
  });
  let counted = 0;
  new Counter({
    name: 'venue_db_replica_fallbacks_total',
    help: 'Reports and exports read from the primary because the replica lagged past DATABASE_READ_MAX_LAG_MS or could not be reached.',
    registers: [registry],
    collect() {
      const n = reporting.state().fallbacks;
      if (n > counted) this.inc(n - counted);
      counted = n;
    },
  });
  for (const g of contributionsOf(modules, 'gauges')) {
    new Gauge({
      name: g.name,
      help: g.help,
      registers: [registry],
      async collect() {
        this.set(await g.read(database.db));
      },
    });
  }
  app.get('/metrics', async (req, reply) => {
    // req.ip is the client's address behind a trusted proxy (TRUST_PROXY), so a proxy on the host does not make everyone local.
    const allowed = LOOPBACK.has(req.ip) || (token !== undefined && sameSecret(req.headers.authorization ?? '', `Bearer ${token}`));
    if (!allowed) return reply.status(404).send({ status: 'not found' });
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

const sameSecret = (a: string, b: string) =>
  crypto.timingSafeEqual(crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest());
