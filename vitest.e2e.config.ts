import { defineConfig } from 'vitest/config';

// The browser suite: real server, real database, Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['apps/web/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Two files at once: one file keeps two cores 65 % busy (its server, Chromium and the test wait
    // on each other), two keep them 85 % busy. The suite took 868 s where its files' own times
    // added up to 1,413 s (each about a fifth slower beside another).
    maxWorkers: 2,
    // Each worker runs file after file: the server's module graph is imported once, not once per
    // file. Each file starts its own server on a fresh database; trail.setup.ts forgets the
    // process's id-keyed caches between files.
    isolate: false,
    expect: { poll: { timeout: 20_000, interval: 100 } },
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    setupFiles: ['apps/web/e2e/trail.setup.ts'],
  },
});
