#!/usr/bin/env node
// `npm start`: builds what is out of date — the console (Vite) and the server bundle (esbuild:
// one ES module, node_modules left external, so start-up does not compile TypeScript) — then
// starts the server (API + console) on PORT, on PGlite in DATA_DIR unless DATABASE_URL is set.
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBundle, stale } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');

if (
  stale(path.join(web, 'dist/index.html'), [
    path.join(web, 'src'),
    path.join(web, 'index.html'),
    path.join(web, 'public'),
    path.join(root, 'packages/contract/src'),
  ])
) {
  console.log('Building the console…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await buildServer();

// The server bundle always runs in production mode. Without NODE_ENV this is a try-out
// (`npm install && npm start`), which loads the demo venue; an install that says
// NODE_ENV=production gets demo data only with SEED_DEMO=1.
const tryOut = process.env.NODE_ENV === undefined && process.env.SEED_DEMO === undefined ? { SEED_DEMO: '1' } : {};
const child = spawn(process.execPath, [serverBundle], { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...tryOut, ...process.env } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
