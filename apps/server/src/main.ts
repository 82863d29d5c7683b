import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from './config.ts';
import { errorMessage, openDatabase } from './platform/db.ts';
import { buildApp } from './app.ts';
import { seedModuleDemos, seedModules, startModules } from './platform/module.ts';
import { stdoutLog } from './platform/logOutput.ts';
import { prepareKeys } from './platform/keys.ts';
import { hashEarly } from './platform/password.ts';
import { DEMO_PASSWORD } from './modules/system/index.ts';

/** SIGTERM/SIGINT: the process ends within this time after draining, whatever still hangs. */
const SHUTDOWN_GRACE_MS = 15_000;
/** How long the last log lines may wait for a slow reader before the process exits. */
const LOG_FLUSH_MS = 2_000;

// Log lines go through platform/logOutput.ts; anything else written to a standard stream whose
// reader has gone (EPIPE) is dropped instead of crashing the process.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

/** Start-up: config -> database (migrations) -> seed -> app -> listen; SIGTERM closes cleanly. */
async function main() {
  const startedAt = Date.now();
  const config = loadConfig();
  const firstStart = !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'));
  // First start: the body-encryption keys, and the passwords' hashes the seeds will store, are made
  // on the thread pool while the database opens.
  if (firstStart && config.adminPassword) hashEarly(config.adminPassword);
  if (firstStart && config.seedDemo) hashEarly(DEMO_PASSWORD);
  const [database] = await Promise.all([
    openDatabase({
      databaseUrl: config.databaseUrl,
      listenUrl: config.databaseListenUrl,
      readUrl: config.databaseReadUrl,
      readMaxLagMs: config.databaseReadMaxLagMs,
      dataDir: config.dataDir,
      poolSize: config.poolSize,
    }),
    prepareKeys(config.dataDir),
  ]);
  const openedAt = Date.now();
  // /readyz answers 503 until every seed, grant and job below is in place (the server listens
  // before the demo seeds: their payments are notified back to it).
  let started!: () => void;
  const startup = new Promise<void>((resolve) => (started = resolve));
  let closing = false;
  const app = await buildApp({ config, database, startup, draining: () => closing });
  const builtAt = Date.now();
  // Every module's seed, in dependency order (the platform organisation, the admin, menus, defaults).
  await seedModules(app.modules);
  const seededAt = Date.now();
  await app.listen({ host: config.host, port: config.port });
  // The demo after listening: its payments are notified back to this server.
  const listeningAt = Date.now();
  const closeDemo = config.seedDemo ? await seedModuleDemos(app.modules) : undefined;
  const demoAt = Date.now();
  // The shipped jobs and this process's scheduler, and whatever else runs in the background.
  const closeModules = await startModules(app.modules);
  started();
  app.log.info(
    {
      database: database.kind,
      ms: Date.now() - startedAt,
      phases: {
        database: openedAt - startedAt,
        app: builtAt - openedAt,
        seed: seededAt - builtAt,
        listen: listeningAt - seededAt,
        demo: demoAt - listeningAt,
        start: Date.now() - demoAt,
        uptimeAtStart: Math.round(performance.now()) - (Date.now() - startedAt),
      },
    },
    'ready',
  );
  for (const line of signInLines(config, startedAt, firstStart)) stdoutLog().write(line + '\n');

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The deadline comes first: nothing below (not even a log line) may keep the process alive.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + config.shutdownDrainMs);
    force.unref();
    // Behind a load balancer: /readyz answers 503 and requests are still served until its health
    // checks have taken this process out, so no request meets a closed port.
    if (config.shutdownDrainMs) {
      app.log.info({ signal, ms: config.shutdownDrainMs }, 'shutting down: draining');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Keep-alive sockets whose request finishes during shutdown become idle only afterwards:
    // sweep them so close() does not wait for the client to hang up.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
    sweeper.unref();
    try {
      await app.close();
      await closeDemo?.();
      await closeModules();
      await database.close();
      app.log.info('closed cleanly');
      await stdoutLog().flush(LOG_FLUSH_MS);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while closing');
      await stdoutLog().flush(LOG_FLUSH_MS);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * What the person who started the server reads, as plain lines beside the JSON log: where the
 * console is and, when the admin was just created, how to sign in.
 */
function signInLines(config: Config, startedAt: number, firstStart: boolean): string[] {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const lines = ['', `The console is ready: http://${host}:${config.port}/`];
  const file = path.join(config.dataDir, 'initial-admin-password.txt');
  if (fs.existsSync(file) && fs.statSync(file).mtimeMs >= startedAt) {
    lines.push(`Sign in as admin with the password ${fs.readFileSync(file, 'utf8').trim()} (kept in ${file}).`);
  } else if (firstStart && config.adminPassword) lines.push('Sign in as admin with the password given in ADMIN_PASSWORD.');
  return [...lines, ''];
}

main().catch((err) => {
  // Without the statement parameters a failed start-up query would print (hashes of the seed).
  console.error(errorMessage(err));
  process.exit(1);
});
