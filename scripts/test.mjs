#!/usr/bin/env node
// `npm test`: typecheck, lint, the console build, then the Vitest suites side by side: contract,
// server on PGlite and — with TEST_DATABASE_URL — PostgreSQL, console units; and the browser
// end-to-end suite. Ends with one line: `N passed, N failed, N skipped`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

function run(title, cmd, args, opts = {}) {
  console.log(`\n── ${title} ──`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  return r.status === 0;
}

function check(title, cmd, args) {
  if (run(title, cmd, args)) passed++;
  else {
    failed++;
    console.log(`✗ ${title} failed`);
  }
}

/** Runs one Vitest suite; `log` set: its output goes to that file (printed by the caller) instead of the terminal. */
function vitestRun(config, log) {
  const report = path.join(os.tmpdir(), `vitest-${process.pid}-${Date.now()}-${path.basename(config)}.json`);
  const args = ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return new Promise((resolve) => {
    const out = log ? fs.openSync(log, 'w') : 'inherit';
    const child = spawn('npx', args, { cwd: root, stdio: ['ignore', out, out], env: process.env });
    child.on('close', (status) => {
      if (log) fs.closeSync(out);
      resolve({ ok: status === 0, report });
    });
  });
}

function count(title, { ok, report }) {
  if (!fs.existsSync(report)) {
    failed++;
    console.log(`✗ ${title}: the runner produced no report`);
    return;
  }
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  fs.rmSync(report);
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
if (want('lint')) check('lint', 'npx', ['eslint', '.']);
const UNIT = 'unit and server integration tests';
const E2E = 'browser end-to-end tests';
// The browser suite runs beside the unit suite: it mostly waits on Chromium and the network, so
// the two together take little longer than the unit suite alone. Its output is printed after.
let browser;
if (want('e2e')) {
  console.log('\n── console build for the browser tests ──');
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }).status === 0;
  if (built) {
    const log = path.join(os.tmpdir(), `e2e-${process.pid}.log`);
    console.log(`── ${E2E}: started beside the unit suite (output below when it ends) ──`);
    browser = vitestRun('vitest.e2e.config.ts', want('unit') ? log : undefined).then((r) => ({ ...r, log }));
  } else {
    failed++;
    console.log('✗ console build failed; the browser suite did not run');
  }
}
if (want('unit')) {
  console.log(`\n── ${UNIT} ──`);
  count(UNIT, await vitestRun('vitest.config.ts'));
}
if (browser) {
  const r = await browser;
  if (want('unit')) {
    console.log(`\n── ${E2E} ──`);
    process.stdout.write(fs.readFileSync(r.log, 'utf8'));
    fs.rmSync(r.log, { force: true });
  }
  count(E2E, r);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
