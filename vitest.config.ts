import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', 'apps/web/e2e/**'],
    // Hot statements check on every reuse that only their bound values differ (platform/prepared.ts).
    setupFiles: ['apps/server/test/setup.ts'],
    // The race tests send hundreds of requests at once: on a loaded two-core CI machine one took 79 s.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          // One process runs file after file: the server's module graph is imported once per
          // worker, not once per file (about 5 s of CPU each). Each file starts its own server
          // on a fresh database; setup.ts forgets the process's id-keyed caches between files.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
    ],
  },
});
