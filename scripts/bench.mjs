#!/usr/bin/env node
// `npm run bench`: runs every scripts/bench/*.ts in its own process (each prints its figures as
// one JSON object on its last line), prints a table and writes bench-results.json at the root.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'scripts/bench');
const only = process.argv.slice(2);
const results = {};
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .sort()) {
  const name = file.replace(/\.ts$/, '');
  if (only.length && !only.includes(name)) continue;
  console.log(`── bench: ${name}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = (r.stdout ?? '').trim().split('\n');
  for (const l of lines.slice(0, -1)) console.log('   ' + l);
  try {
    Object.assign(results, JSON.parse(lines.at(-1) ?? '{}'));
  } catch {
    console.log(`   ${name} printed no figures (exit ${r.status})`);
  }
}
const file = path.join(root, 'bench-results.json');
const previous = fs.existsSync(file) && only.length ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
fs.writeFileSync(file, JSON.stringify({ ...previous, ...results }, null, 2) + '\n');
console.log('\n' + 'figure'.padEnd(40) + 'value');
for (const [k, v] of Object.entries(results)) console.log(k.padEnd(40) + String(v));
