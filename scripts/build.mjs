// Build steps shared by `npm start` and `npm run bench`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'apps/server/dist/main.mjs');
const pgliteTemplate = path.join(root, 'apps/server/dist/pglite-template');

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = 0;
  for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && e !== 'dist' && e !== 'e2e') t = Math.max(t, newest(path.join(p, e)));
  return t;
}

/** True when `target` is missing or older than anything under `sources`. */
export function stale(target, sources) {
  return !fs.existsSync(target) || fs.statSync(target).mtimeMs < Math.max(...sources.map(newest));
}

/** Bundles the server into apps/server/dist/main.mjs when its sources changed (and makes the embedded database's template). */
export async function buildServer() {
  buildPgliteTemplate();
  if (!stale(serverBundle, [path.join(root, 'apps/server/src'), path.join(root, 'packages/contract/src')])) return;
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@venue/contract': path.join(root, 'packages/contract/src/index.ts') },
    outfile: serverBundle,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/**
 * Makes apps/server/dist/pglite-template: an embedded database with every migration applied, which
 * a new DATA_DIR starts from (platform/db.ts), when the migrations or PGlite changed since.
 */
function buildPgliteTemplate() {
  const marker = path.join(pgliteTemplate, 'ready');
  const pglite = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
  if (!stale(marker, [path.join(root, 'apps/server/drizzle'), pglite])) return;
  fs.rmSync(pgliteTemplate, { recursive: true, force: true });
  const work = `${pgliteTemplate}.${process.pid}`;
  // A new database copies all of it: without the two template databases (nothing creates a
  // database in PGlite) and the spare WAL segment PostgreSQL had recycled, a third fewer files and
  // half the bytes. The second run proves the slimmed copy opens.
  const script = `import { openDatabase } from './apps/server/src/platform/db.ts';
const d = await openDatabase({ dataDir: ${JSON.stringify(work)} });
if (process.argv.includes('slim')) {
  for (const name of ['template0', 'template1']) {
    await d.query('alter database ' + name + ' is_template false');
    await d.query('drop database ' + name);
  }
  await d.query('checkpoint');
  console.log((await d.query('select pg_walfile_name(pg_current_wal_lsn()) as w'))[0].w);
}
await d.close();`;
  const run = (arg) =>
    spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, arg], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
  const made = run('slim');
  const current = made.stdout.trim().split('\n').pop();
  const wal = path.join(work, 'pgdata/pg_wal');
  if (made.status === 0 && /^[0-9A-F]{24}$/.test(current)) {
    for (const f of fs.readdirSync(wal)) if (/^[0-9A-F]{24}$/.test(f) && f > current) fs.rmSync(path.join(wal, f));
  }
  if (made.status !== 0 || run('check').status !== 0) {
    fs.rmSync(work, { recursive: true, force: true });
    console.warn('The embedded database template was not made: a new database runs its migrations at first start.');
    return;
  }
  fs.writeFileSync(path.join(work, 'ready'), '');
  fs.renameSync(work, pgliteTemplate);
}
