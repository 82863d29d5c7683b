import { defineConfig } from 'vitest/config';

// The browser suite: real server, real database, Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['apps/web/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // One process runs file after file: the server's module graph is imported once, not once per
    // file. Each file starts its own server on a fresh database; trail.setup.ts forgets the
    // process's id-keyed caches between files.
    isolate: false,
    expect: { poll: { timeout: 20_000, interval: 100 } },
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    setupFiles: ['apps/web/e2e/trail.setup.ts'],
  },
});
