#!/usr/bin/env node
// `npm run cluster -- up | down | status | kill-primary | restart-app <n>`: the production topology
// on 127.0.0.1 from Debian's packages (docs/operations.md, "Deploying a cluster"): etcd, three
// PostgreSQL 15 nodes under Patroni, HAProxy (the console and the primary's address), PgBouncer in
// transaction mode, three server processes. The configuration is deploy/'s, rendered into
// CLUSTER_DIR (default .cluster/); every process started is recorded there, and `down` ends them.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBundle, stale } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(process.env.CLUSTER_DIR ?? path.join(root, '.cluster'));
const base = Number(process.env.CLUSTER_PORT_BASE ?? 28000);
const ports = {
  console: base + 80,
  apps: [base + 81, base + 82, base + 83],
  etcd: base + 379,
  etcdPeer: base + 380,
  pg: [base + 431, base + 432, base + 433],
  rest: [base + 8, base + 9, base + 10],
  pgPrimary: base + 500,
  pgReports: base + 501,
  pgbouncer: base + 432 + 100,
};
const nodes = ['pg1', 'pg2', 'pg3'];
const PACKAGES = { etcd: 'etcd-server', patroni: 'patroni', pgbouncer: 'pgbouncer', haproxy: 'haproxy' };
const BINARIES = { etcd: '/usr/bin/etcd', patroni: '/usr/bin/patroni', pgbouncer: '/usr/sbin/pgbouncer', haproxy: '/usr/sbin/haproxy' };
const pgBin = '/usr/lib/postgresql/15/bin';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (line) => console.log(line);

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

/** deploy/<file> with {{key}} replaced. */
function render(file, values) {
  return fs.readFileSync(path.join(root, 'deploy', file), 'utf8').replace(/\{\{(\w+)\}\}/g, (_m, k) => {
    if (!(k in values)) fail(`deploy/${file} names {{${k}}}, which has no value`);
    return String(values[k]);
  });
}

function postgresUser() {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0) fail('no postgres user (the postgresql-15 package makes it)');
  return { uid: Number(r.stdout), gid: Number(g.stdout) };
}

/**
 * Installs the Debian packages that are missing (as root), the way the browser suite installs
 * Chromium: every one the cluster runs, or those of `names` (keys of BINARIES).
 */
export function ensurePackages(names = Object.keys(BINARIES)) {
  const missing = names.filter((k) => !fs.existsSync(BINARIES[k])).map((k) => PACKAGES[k]);
  if (names.length === Object.keys(BINARIES).length && !fs.existsSync(path.join(pgBin, 'postgres'))) missing.push('postgresql-15');
  if (!missing.length) return true;
  if (process.getuid?.() !== 0) return false;
  log(`Installing ${missing.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // The packages' own services are not started: this script runs its own instances.
  const opts = { stdio: 'inherit', env };
  if (spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], opts).status !== 0) {
    spawnSync('apt-get', ['update'], opts);
    if (spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], opts).status !== 0) return false;
  }
  return names.every((k) => fs.existsSync(BINARIES[k]));
}

/**
 * PgBouncer alone, with deploy/pgbouncer.ini, in front of the PostgreSQL at `upstreamPort` (the test
 * suites' step through it: scripts/test.mjs). Answers its port and how to stop it, or why it cannot
 * run here.
 */
export async function startPgBouncer(upstreamPort, workDir) {
  if (process.platform !== 'linux') return { why: 'PgBouncer runs on Debian (Linux) only here' };
  if (!ensurePackages(['pgbouncer'])) return { why: 'pgbouncer is not installed and cannot be (run as root on Debian 12)' };
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) return { why: 'no postgres user to run PgBouncer as (the postgresql-15 package makes it)' };
  const pg = postgresUser();
  const port = await freePort();
  fs.mkdirSync(workDir, { recursive: true });
  fs.writeFileSync(path.join(workDir, 'pgbouncer.ini'), render('pgbouncer.ini', { dir: workDir, pgPrimaryPort: upstreamPort, pgbouncerPort: port }));
  fs.writeFileSync(path.join(workDir, 'pgbouncer-users.txt'), '"postgres" ""\n');
  // It refuses to run as root: its files belong to postgres.
  for (const f of ['', 'pgbouncer.ini', 'pgbouncer-users.txt']) fs.chownSync(path.join(workDir, f), pg.uid, pg.gid);
  const child = spawn(BINARIES.pgbouncer, [path.join(workDir, 'pgbouncer.ini')], { uid: pg.uid, gid: pg.gid, cwd: workDir, stdio: 'ignore' });
  const { default: pgDriver } = await import('pg');
  const answers = async () => {
    const c = new pgDriver.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    try {
      await c.connect();
      await c.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await c.end().catch(() => undefined);
    }
  };
  let up = false;
  for (const until = Date.now() + 20_000; !up && child.exitCode === null && Date.now() < until; await sleep(200)) up = await answers();
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  if (!up) {
    await stop();
    return { why: `PgBouncer did not answer on port ${port} (${path.join(workDir, 'pgbouncer.log')})` };
  }
  return { port, stop };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// ── processes ────────────────────────────────────────────────────────────────────────────────
const pidFile = (name) => path.join(dir, 'run', `${name}.pid`);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function pidOf(name) {
  try {
    const pid = Number(fs.readFileSync(pidFile(name), 'utf8'));
    return pid > 0 && alive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Starts a recorded process of its own session (so `down` can end its children too); output to run/<name>.log. */
function start(name, cmd, args, opts = {}) {
  if (pidOf(name)) return;
  const out = fs.openSync(path.join(dir, 'run', `${name}.log`), 'a');
  const child = spawn(cmd, args, { detached: true, stdio: ['ignore', out, out], ...opts });
  fs.closeSync(out);
  fs.writeFileSync(pidFile(name), String(child.pid));
  child.unref();
}

async function stop(name, signal = 'SIGTERM', waitMs = 20_000) {
  const pid = pidOf(name);
  if (pid) {
    try {
      process.kill(-pid, signal);
    } catch {
      process.kill(pid, signal);
    }
    const until = Date.now() + waitMs;
    while (alive(pid) && Date.now() < until) await sleep(100);
    if (alive(pid)) {
      log(`${name} did not stop within ${waitMs / 1000} s: killed`);
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        process.kill(pid, 'SIGKILL');
      }
    }
  }
  fs.rmSync(pidFile(name), { force: true });
}

/** Processes whose command line names the cluster's directory (a postgres Patroni left behind). */
function strays() {
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmd.includes(dir + '/') || cmd.includes(path.relative(root, dir) + '/')) found.push({ pid: Number(entry), cmd });
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

async function http(url, { method = 'GET', timeoutMs = 2000 } = {}) {
  try {
    const res = await fetch(url, { method, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, body: await res.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

async function waitFor(what, check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(500);
  }
  fail(`${what} did not come up within ${timeoutMs / 1000} s (logs: ${path.join(dir, 'run')})`);
}

/** The Patroni node that is primary now, from the REST APIs. */
async function primaryNode() {
  for (const [i, name] of nodes.entries()) {
    if ((await http(`http://127.0.0.1:${ports.rest[i]}/primary`)).status === 200) return { name, index: i, port: ports.pg[i] };
  }
  return undefined;
}

function psql(sql, port = ports.pgPrimary) {
  return spawnSync(path.join(pgBin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-tAc', sql], {
    encoding: 'utf8',
  });
}

// ── the server processes ─────────────────────────────────────────────────────────────────────
function appEnv(n, seedDemo) {
  const env = {};
  for (const line of render('server.env', { ...values(), appPort: ports.apps[n - 1], seedDemo: seedDemo ? 1 : 0 }).split('\n')) {
    const m = line.match(/^([A-Z_]+)=(.*)$/);
    if (m) env[m[1]] = m[2];
  }
  return env;
}

async function startApp(n, seedDemo = false) {
  start(`app${n}`, process.execPath, [serverBundle], { cwd: root, env: { ...process.env, ...appEnv(n, seedDemo) } });
  await waitFor(`server ${n}`, async () => (await http(`http://127.0.0.1:${ports.apps[n - 1]}/readyz`)).status === 200, 180_000);
}

function values() {
  return {
    dir,
    consolePort: ports.console,
    etcdPort: ports.etcd,
    etcdPeerPort: ports.etcdPeer,
    pgPrimaryPort: ports.pgPrimary,
    pgbouncerPort: ports.pgbouncer,
    pgReportsPort: ports.pgReports,
    servers: ports.apps.map((p, i) => `    server app${i + 1} 127.0.0.1:${p} check`).join('\n'),
    pgServers: ports.pg.map((p, i) => `    server ${nodes[i]} 127.0.0.1:${p} check port ${ports.rest[i]}`).join('\n'),
  };
}

// ── commands ─────────────────────────────────────────────────────────────────────────────────
async function up() {
  if (process.platform !== 'linux') fail('the cluster runs on Debian (Linux) only');
  if (!ensurePackages()) fail(`cannot install ${Object.values(PACKAGES).join(', ')} (run as root on Debian 12, or install them)`);
  const pg = postgresUser();
  fs.mkdirSync(path.join(dir, 'run'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
  const v = values();
  const asPostgres = { uid: pg.uid, gid: pg.gid };
  const firstStart = !fs.existsSync(path.join(dir, 'seeded'));

  const web = path.join(root, 'apps/web');
  if (stale(path.join(web, 'dist/index.html'), [path.join(web, 'src'), path.join(web, 'index.html'), path.join(root, 'packages/contract/src')])) {
    log('Building the console…');
    if (spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' }).status !== 0) fail('the build failed');
  }
  await buildServer();

  // Configuration, rendered from deploy/.
  fs.writeFileSync(path.join(dir, 'haproxy.cfg'), render('haproxy.cfg', v));
  fs.writeFileSync(path.join(dir, 'pgbouncer.ini'), render('pgbouncer.ini', v));
  fs.writeFileSync(path.join(dir, 'pgbouncer-users.txt'), '"postgres" ""\n');
  for (const [i, name] of nodes.entries()) {
    const node = { ...v, name, pgPort: ports.pg[i], restPort: ports.rest[i], nofailover: i === 2, nosync: i === 2 };
    fs.writeFileSync(path.join(dir, `${name}.yml`), render('patroni.yml', node));
  }
  const etcdEnv = Object.fromEntries(
    render('etcd.env', v)
      .split('\n')
      .map((l) => l.match(/^([A-Z0-9_]+)=(.*)$/))
      .filter(Boolean)
      .map((m) => [m[1], m[2]]),
  );
  // PostgreSQL and PgBouncer refuse to run as root: their files belong to postgres.
  for (const f of ['pgbouncer.ini', 'pgbouncer-users.txt', ...nodes.map((n) => `${n}.yml`)]) fs.chownSync(path.join(dir, f), pg.uid, pg.gid);
  fs.chownSync(dir, pg.uid, pg.gid);
  fs.chownSync(path.join(dir, 'run'), pg.uid, pg.gid);

  log('Starting etcd…');
  start('etcd', BINARIES.etcd, [], { env: { ...process.env, ...etcdEnv } });
  await waitFor('etcd', async () => (await http(`http://127.0.0.1:${ports.etcd}/health`)).status === 200, 30_000);

  log('Starting PostgreSQL under Patroni…');
  start('pg1', BINARIES.patroni, [path.join(dir, 'pg1.yml')], { ...asPostgres, cwd: dir });
  await waitFor('the primary', async () => (await primaryNode()) !== undefined, 90_000);
  for (const name of ['pg2', 'pg3']) start(name, BINARIES.patroni, [path.join(dir, `${name}.yml`)], { ...asPostgres, cwd: dir });

  log('Starting HAProxy and PgBouncer…');
  start('haproxy', BINARIES.haproxy, ['-db', '-f', path.join(dir, 'haproxy.cfg')]);
  start('pgbouncer', BINARIES.pgbouncer, [path.join(dir, 'pgbouncer.ini')], { ...asPostgres, cwd: dir });
  // HAProxy counts a server up until its first check fails: wait until it reaches a primary, twice running.
  let seen = 0;
  await waitFor('the primary through HAProxy', async () => (seen = psql('select pg_is_in_recovery()').stdout.trim() === 'f' ? seen + 1 : 0) >= 2, 60_000);
  const created = psql('create database venue');
  if (created.status !== 0 && !created.stderr.includes('already exists')) fail(`create database venue: ${created.stderr}`);
  log('Waiting for the synchronous standby…');
  await waitFor(
    'the synchronous standby',
    async () => psql(`select count(*) from pg_stat_replication where sync_state = 'sync'`).stdout.trim() === '1',
    120_000,
  );

  log('Starting the servers…');
  // The first migrates and seeds the demo; the others find it done (and share its keys in DATA_DIR).
  await startApp(1, firstStart);
  fs.writeFileSync(path.join(dir, 'seeded'), '');
  await Promise.all([startApp(2), startApp(3)]);
  await waitFor('the console through HAProxy', async () => (await http(`http://127.0.0.1:${ports.console}/readyz`)).status === 200, 30_000);
  await status();
  log(`console: http://127.0.0.1:${ports.console}`);
}

async function down() {
  // Servers first (they drain), then what they use, etcd last.
  await Promise.all([1, 2, 3].map((n) => stop(`app${n}`)));
  await stop('haproxy');
  await stop('pgbouncer');
  await Promise.all(['pg3', 'pg2'].map((n) => stop(n, 'SIGTERM', 60_000)));
  await stop('pg1', 'SIGTERM', 60_000);
  await stop('etcd');
  // A postgres whose Patroni was killed keeps running on its own.
  for (let i = 0; i < 50 && strays().length; i++) {
    for (const s of strays()) {
      try {
        process.kill(s.pid, i < 20 ? 'SIGTERM' : 'SIGKILL');
      } catch {
        // gone
      }
    }
    await sleep(200);
  }
  const left = strays();
  if (left.length) fail(`still running: ${left.map((s) => `${s.pid} ${s.cmd}`).join('; ')}`);
  log('cluster stopped');
}

async function status() {
  const rows = [];
  for (const name of ['etcd', ...nodes, 'haproxy', 'pgbouncer', 'app1', 'app2', 'app3']) rows.push([name, pidOf(name) ?? '-']);
  const primary = await primaryNode();
  for (const [name, pid] of rows) {
    let role = '';
    const i = nodes.indexOf(name);
    if (i >= 0) {
      const r = await http(`http://127.0.0.1:${ports.rest[i]}/patroni`);
      try {
        const p = JSON.parse(r.body);
        role = `${p.role}${p.sync_standby ? ' (sync standby)' : ''} ${p.state} :${ports.pg[i]}`;
      } catch {
        role = 'not answering';
      }
    }
    const a = ['app1', 'app2', 'app3'].indexOf(name);
    if (a >= 0) role = `:${ports.apps[a]} readyz ${(await http(`http://127.0.0.1:${ports.apps[a]}/readyz`)).status || 'down'}`;
    log(`${name.padEnd(10)} pid ${String(pid).padEnd(8)} ${role}`);
  }
  log(`primary    ${primary ? `${primary.name} :${primary.port}` : 'none'}; PgBouncer :${ports.pgbouncer}; primary via HAProxy :${ports.pgPrimary}`);
}

async function killPrimary() {
  const primary = await primaryNode();
  if (!primary) fail('no primary');
  const pidText = fs.readFileSync(path.join(dir, primary.name, 'postmaster.pid'), 'utf8').split('\n')[0];
  process.kill(Number(pidText), 'SIGKILL');
  log(`killed postgres ${pidText} of ${primary.name} (SIGKILL)`);
}

async function restartApp(n) {
  if (![1, 2, 3].includes(n)) fail('restart-app takes 1, 2 or 3');
  await stop(`app${n}`);
  await startApp(n);
  log(`server ${n} restarted`);
}

async function stopApp(n) {
  if (![1, 2, 3].includes(n)) fail('stop-app takes 1, 2 or 3');
  await stop(`app${n}`);
  log(`server ${n} stopped`);
}

const [command, arg] = process.argv.slice(2);
const commands = {
  up,
  down,
  status,
  'kill-primary': killPrimary,
  'restart-app': () => restartApp(Number(arg)),
  'stop-app': () => stopApp(Number(arg)),
};
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!commands[command]) fail('usage: npm run cluster -- up | down | status | kill-primary | restart-app <n> | stop-app <n>');
  await commands[command]();
}

export { ports, dir };
