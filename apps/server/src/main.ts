import { loadConfig } from './config.ts';
import { errorMessage, openDatabase } from './platform/db.ts';
import { buildApp } from './app.ts';
import { seedModuleDemos, seedModules, startModules } from './platform/module.ts';
import { stdoutLog } from './platform/logOutput.ts';

/** SIGTERM/SIGINT: the process ends within this time, whatever still hangs. */
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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.poolSize });
  const openedAt = Date.now();
  // /readyz answers 503 until every seed, grant and job below is in place (the server listens
  // before the demo seeds: their payments are notified back to it).
  let started!: () => void;
  const startup = new Promise<void>((resolve) => (started = resolve));
  const app = await buildApp({ config, database, startup });
  const builtAt = Date.now();
  // Every module's seed, in dependency order (the platform organisation, the admin, menus, defaults).
  await seedModules(app.modules);
  const seededAt = Date.now();
  await app.listen({ host: config.host, port: config.port });
  // The demo after listening: its payments are notified back to this server.
  const closeDemo = config.seedDemo ? await seedModuleDemos(app.modules) : undefined;
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
        uptimeAtStart: Math.round(performance.now()) - (Date.now() - startedAt),
      },
    },
    'ready',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // The deadline comes first: nothing below (not even a log line) may keep the process alive.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
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

main().catch((err) => {
  // Without the statement parameters a failed start-up query would print (hashes of the seed).
  console.error(errorMessage(err));
  process.exit(1);
});
