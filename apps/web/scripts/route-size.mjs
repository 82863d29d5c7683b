// Gzip size of the JS and CSS a route needs: the entry, the route's screen chunk and
// everything they import statically (from dist/.vite/manifest.json).
// Usage: node apps/web/scripts/route-size.mjs [ScreenFile ...]   (default: LoginPage)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const screens = process.argv.slice(2).length ? process.argv.slice(2) : ['LoginPage'];

function collect(keys) {
  const seen = new Set();
  const files = new Set();
  const walk = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    const e = manifest[k];
    if (!e) return;
    files.add(e.file);
    for (const c of e.css ?? []) files.add(c);
    for (const i of e.imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return [...files];
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const result = {};
for (const screen of screens) {
  const key = Object.keys(manifest).find((k) => k.includes(`/${screen}.`));
  if (!key) throw new Error(`no chunk for ${screen}`);
  const files = collect([entry, key]);
  let js = 0;
  let css = 0;
  for (const f of files) {
    const size = gzipSync(readFileSync(path.join(dist, f))).length;
    if (f.endsWith('.css')) css += size;
    else js += size;
  }
  result[screen] = { jsGzip: js, cssGzip: css, files: files.length };
}
console.log(JSON.stringify(result, null, 2));
