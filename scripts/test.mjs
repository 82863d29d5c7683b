#!/usr/bin/env node
// `npm test`: typecheck, lint, the Vitest suites (contract, server on PGlite and — with
// TEST_DATABASE_URL — PostgreSQL, console units), the console build and the browser
// end-to-end suite. Ends with one line: `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DAY_CLOCKS, DAY_FILES, faketimeWorks, findFaketime } from './test-days.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
/** Each step's wall time, printed at the end: CI time is a budget, and this shows where it goes. */
const timings = [];

function run(title, cmd, args, opts = {}) {
  console.log(`\n── ${title} ──`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  timings.push([title, Date.now() - started]);
  return r.status === 0;
}

function check(title, cmd, args) {
  if (run(title, cmd, args)) passed++;
  else {
    failed++;
    console.log(`✗ ${title} failed`);
  }
}

function vitest(title, config, opts = {}) {
  const report = path.join(os.tmpdir(), `vitest-${process.pid}-${Date.now()}.json`);
  const args = ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...(opts.files ?? [])];
  const [cmd, ...pre] = [...(opts.prefix ?? []), 'npx'];
  const ok = run(title, cmd, [...pre, ...args], { env: opts.env });
  if (!fs.existsSync(report)) {
    failed++;
    console.log(`✗ ${title}: the runner produced no report`);
    return;
  }
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  fs.rmSync(report);
  const slowest = r.testResults.map((f) => [f.endTime - f.startTime, path.relative(root, f.name)]).sort((a, b) => b[0] - a[0]);
  console.log(
    `slowest files: ${slowest
      .slice(0, 8)
      .map(([ms, f]) => `${f} ${(ms / 1000).toFixed(0)} s`)
      .join(', ')}`,
  );
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  // A suite that failed to load has no failing test but did not pass either.
  if (!ok && r.numFailedTests === 0) {
    failed++;
    console.log(`✗ ${title}: a test file failed to run`);
  }
}

const want = (name) => only.length === 0 || only.includes(name);
if (want('typecheck')) {
  check('typecheck: contract', 'npx', ['tsc', '-p', 'packages/contract', '--noEmit']);
  check('typecheck: server', 'npx', ['tsc', '-p', 'apps/server', '--noEmit']);
  check('typecheck: web', 'npx', ['tsc', '-p', 'apps/web', '--noEmit']);
  check('typecheck: browser tests', 'npx', ['tsc', '-p', 'apps/web/e2e', '--noEmit']);
}
if (want('lint')) {
  check('lint', 'npx', ['eslint', '.']);
  check('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
  check('dead exports (knip)', 'npx', ['knip', '--no-progress']);
}
if (want('unit')) vitest('unit and server integration tests', 'vitest.config.ts');
if (want('days')) {
  // The day-sensitive tests again under other clocks (scripts/test-days.mjs), on PGlite.
  // A moved or renamed file would leave the clocks with nothing to run: name it.
  const missing = DAY_FILES.filter((f) => !fs.existsSync(path.join(root, f)));
  if (missing.length) {
    failed++;
    console.log(`✗ scripts/test-days.mjs names test files that do not exist: ${missing.join(', ')}`);
  }
  const ft = findFaketime();
  const why = ft.reason ?? (faketimeWorks(ft.path) ? undefined : 'faketime does not move the clock of node here');
  if (why) {
    console.log(`\n── day-sensitive tests under other clocks ──\n${why}: ${process.env.CI === 'true' ? 'counted as failed (CI)' : 'skipped'}`);
    if (process.env.CI === 'true') failed++;
    else skipped++;
  } else {
    for (const c of DAY_CLOCKS) {
      vitest(`day-sensitive tests on ${c.label} (${c.at} UTC)`, 'vitest.config.ts', {
        prefix: [ft.path, c.at],
        files: DAY_FILES,
        env: { TEST_DATABASE_URL: '', FAKETIME_DONT_FAKE_MONOTONIC: '1' },
      });
    }
  }
}
if (want('e2e')) {
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }).status === 0;
  if (built) vitest('browser end-to-end tests', 'vitest.e2e.config.ts');
  else {
    failed++;
    console.log('✗ console build failed; the browser suite did not run');
  }
}

console.log('\n── time per step ──');
for (const [title, ms] of timings) console.log(`${(ms / 1000).toFixed(0).padStart(6)} s  ${title}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
