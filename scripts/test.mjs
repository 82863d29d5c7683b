#!/usr/bin/env node
// `npm test`: typecheck, lint, the Vitest suites (contract, server on PGlite and — with
// TEST_DATABASE_URL — PostgreSQL, console units), the console build and the browser
// end-to-end suite. Ends with one line: `N passed, N failed, N skipped`.
//
// CI time is a budget (docs/decisions.md, "CI time"): the single-threaded steps (the four
// typechecks, eslint, prettier, knip, the console build; the day clocks) run two at a time,
// each one's output printed whole when it ends; the Vitest suites spread over their own workers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DAY_CLOCKS, DAY_FILES, faketimeWorks, findFaketime } from './test-days.mjs';
import { startPgBouncer } from './cluster.mjs';

/** Suites run a second time through PgBouncer (transaction mode). */
const PGBOUNCER_FILES = [
  'apps/server/test/message.cluster.test.ts',
  'apps/server/test/job.cluster.test.ts',
  'apps/server/test/readiness.test.ts',
  'apps/server/src/modules/sport/commerce/payment.race.test.ts',
  'apps/server/src/modules/sport/booking/booking.races.test.ts',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
/** Steps run at once where they are independent: the machines this runs on have two cores. */
const PARALLEL = 2;
let passed = 0;
let failed = 0;
let skipped = 0;
/** Each step's wall time, printed at the end: CI time is a budget, and this shows where it goes. */
const timings = [];
/** What failed, named again at the very end: CI shows the log's tail, and a name far above it is lost. */
const failures = [];
/** The machine's load when the browser suite starts, repeated in the tail: a slow run says whether something else was busy. */
let loadBeforeBrowser = '';

/**
 * Runs one step. Alone, its output streams; beside others (`buffered`), it is kept and printed
 * whole when the step ends, so the log reads step by step. Answers whether it exited 0.
 */
function run(title, cmd, args, opts = {}) {
  const started = Date.now();
  if (!opts.buffered) console.log(`\n── ${title} ──`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? root,
      stdio: opts.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...opts.env },
    });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const ms = Date.now() - started;
      timings.push([title, ms]);
      if (opts.buffered) {
        console.log(`\n── ${title} (${(ms / 1000).toFixed(0)} s) ──`);
        process.stdout.write(Buffer.concat(out));
      }
      resolve(code === 0);
    });
  });
}

/** Runs `jobs` (functions answering promises), at most `n` at once. */
async function pool(jobs, n) {
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: Math.min(n, queue.length) }, async () => {
      while (queue.length) await queue.shift()();
    }),
  );
}

function check(title, cmd, args, opts = {}) {
  return async () => {
    if (await run(title, cmd, args, opts)) passed++;
    else {
      failed++;
      failures.push(title);
      console.log(`✗ ${title} failed`);
    }
  };
}

async function vitest(title, config, opts = {}) {
  const report = path.join(os.tmpdir(), `vitest-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  const args = ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...(opts.files ?? [])];
  const [cmd, ...pre] = [...(opts.prefix ?? []), 'npx'];
  const ok = await run(title, cmd, [...pre, ...args], { env: opts.env, buffered: opts.buffered });
  if (!fs.existsSync(report)) {
    failed++;
    failures.push(`${title}: the runner produced no report`);
    console.log(`✗ ${title}: the runner produced no report`);
    return;
  }
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  fs.rmSync(report);
  const slowest = r.testResults.map((f) => [f.endTime - f.startTime, path.relative(root, f.name)]).sort((a, b) => b[0] - a[0]);
  console.log(
    `slowest files (${title}): ${slowest
      .slice(0, 8)
      .map(([ms, f]) => `${f} ${(ms / 1000).toFixed(0)} s`)
      .join(', ')}`,
  );
  for (const f of r.testResults) {
    const file = path.relative(root, f.name);
    const bad = f.assertionResults.filter((a) => a.status === 'failed');
    for (const a of bad) failures.push(`${title}: ${file} › ${a.fullName}`);
    if (!bad.length && f.status === 'failed')
      failures.push(
        `${title}: ${file} did not run: ${String(f.message ?? '')
          .split('\n')[0]
          .slice(0, 200)}`,
      );
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  // A suite that failed to load has no failing test but did not pass either.
  if (!ok && r.numFailedTests === 0) {
    failed++;
    failures.push(`${title}: a test file failed to run`);
    console.log(`✗ ${title}: a test file failed to run`);
  }
}

const want = (name) => only.length === 0 || only.includes(name);
const quiet = { buffered: true };
const statics = [];
if (want('typecheck')) {
  // The server's check is the longest single step: it starts first.
  statics.push(check('typecheck: server', 'npx', ['tsc', '-p', 'apps/server', '--noEmit'], quiet));
  statics.push(check('typecheck: web', 'npx', ['tsc', '-p', 'apps/web', '--noEmit'], quiet));
  statics.push(check('typecheck: contract', 'npx', ['tsc', '-p', 'packages/contract', '--noEmit'], quiet));
  statics.push(check('typecheck: browser tests', 'npx', ['tsc', '-p', 'apps/web/e2e', '--noEmit'], quiet));
}
if (want('lint')) {
  statics.push(check('lint', 'npx', ['eslint', '.'], quiet));
  statics.push(check('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn'], quiet));
  statics.push(check('dead exports (knip)', 'npx', ['knip', '--no-progress'], quiet));
}
// The browser suite's console, built beside the static checks.
let built = false;
if (want('e2e'))
  statics.push(async () => {
    built = await run('console build', 'npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), buffered: true });
  });
await pool(statics, PARALLEL);

if (want('unit')) await vitest('unit and server integration tests', 'vitest.config.ts');
if (want('pgbouncer') && process.env.TEST_DATABASE_URL) {
  // The suites where several processes or connections meet (the clusters, the races, readiness)
  // again on PostgreSQL, through PgBouncer in transaction mode with deploy/pgbouncer.ini, as a
  // cluster's servers reach it: no named statements, LISTEN and migrations on the direct connection.
  const direct = new URL(process.env.TEST_DATABASE_URL);
  const bouncer = await startPgBouncer(Number(direct.port || 5432), fs.mkdtempSync(path.join(os.tmpdir(), 'pgbouncer-')));
  if (bouncer.why) {
    console.log(`\n── suites through PgBouncer ──\n${bouncer.why}: ${process.env.CI === 'true' ? 'counted as failed (CI)' : 'skipped'}`);
    if (process.env.CI === 'true') failed++;
    else skipped++;
  } else {
    const pooled = new URL(direct);
    pooled.port = String(bouncer.port);
    try {
      await vitest('cluster, race and readiness suites through PgBouncer', 'vitest.config.ts', {
        files: PGBOUNCER_FILES,
        env: { TEST_DATABASE_URL: pooled.href, TEST_DATABASE_LISTEN_URL: direct.href, TEST_POSTGRES_ONLY: '1' },
      });
    } finally {
      await bouncer.stop();
    }
  }
}
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
    await pool(
      DAY_CLOCKS.map(
        (c) => () =>
          vitest(`day-sensitive tests on ${c.label} (${c.at} UTC)`, 'vitest.config.ts', {
            prefix: [ft.path, c.at],
            files: DAY_FILES,
            env: { TEST_DATABASE_URL: '', FAKETIME_DONT_FAKE_MONOTONIC: '1' },
            buffered: true,
          }),
      ),
      PARALLEL,
    );
  }
}
if (want('e2e')) {
  // The browser suite is CPU-bound: what else is busy when it starts (left over from earlier steps) shows here.
  loadBeforeBrowser = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`\nload before the browser tests: ${loadBeforeBrowser}`);
  if (process.platform === 'linux') await run('busiest processes', 'sh', ['-c', 'ps -eo pcpu,etimes,args --sort=-pcpu | head -6 | cut -c1-160']);
  if (built) await vitest('browser end-to-end tests', 'vitest.e2e.config.ts');
  else {
    failed++;
    console.log('✗ console build failed; the browser suite did not run');
  }
}

console.log('\n── time per step ──');
for (const [title, ms] of timings) console.log(`${(ms / 1000).toFixed(0).padStart(6)} s  ${title}`);
if (loadBeforeBrowser) console.log(`load before the browser tests: ${loadBeforeBrowser} (${os.cpus().length} cores)`);
if (failures.length) console.log(`\n── failed ──\n${failures.map((f) => `✗ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
