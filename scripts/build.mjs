// Build steps shared by `npm start` and `npm run bench`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'apps/server/dist/main.mjs');

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

/** Bundles the server into apps/server/dist/main.mjs when its sources changed. */
export async function buildServer() {
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
