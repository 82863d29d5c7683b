import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found from this file whether it runs from
 * source (src/platform) or from the start-up bundle (dist/main.mjs).
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === '@venue/server') return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('apps/server/package.json not found above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
}

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/**
 * A PGlite data directory with every migration applied, made by the build (`scripts/build.mjs`):
 * a new embedded database starts as a copy of it instead of running initdb and the migrations.
 */
export const pgliteTemplateDir = path.join(serverRoot, 'dist/pglite-template');
export const defaultWebDist = path.resolve(serverRoot, '../web/dist');
