import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The pipeline keeps its remembered sessions across business calls (the sport and stadium
 * prefixes): only the auth and system modules may change who may call (users, sessions,
 * organisations, roles, menus, the permission epoch). These checks keep that true as modules grow.
 */
const src = path.resolve(import.meta.dirname, '../src');
const sport = path.join(src, 'modules/sport');

/** Code that serves calls: tests and seeds (which run at start, before any session) are not. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !/\.(test|seed)\.ts$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const IDENTITY_TABLES = ['users', 'orgs', 'roles', 'sessions', 'menus', 'userRoles', 'userOrgs', 'userMenus', 'roleMenus', 'apiRoles', 'meta'];
const WRITES_IDENTITY = [
  new RegExp(`\\.(insert|update|delete)\\(\\s*(${IDENTITY_TABLES.join('|')})\\s*\\)`),
  /\b(insert\s+into|update|delete\s+from)\s+"?sys_(user|session|org|role|menu|meta|api_role|user_role|user_org|user_menu|role_menu)\b/i,
  /\bbumpPermEpoch\b/,
  /from '[./]*\/auth\//,
];

describe('identity belongs to the auth and system modules', () => {
  it('no business module writes users, sessions, organisations, roles or permissions', () => {
    const offenders = sources(sport).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return WRITES_IDENTITY.filter((re) => re.test(text)).map((re) => `${path.relative(src, file)}: ${re}`);
    });
    expect(offenders).toEqual([]);
  });

  it('only business modules serve the sport and stadium prefixes', () => {
    const usesBusinessPrefix = /prefixes\.(sport|stadium)\b|\b(sport|stadium)\b[^;\n]*\}\s*=\s*[\w.]*prefixes\b/;
    const outside = sources(path.join(src, 'modules'))
      .filter((file) => !file.startsWith(sport + path.sep))
      .filter((file) => usesBusinessPrefix.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(outside).toEqual([]);
  });

  it('the checks see a business module and its prefix (they are not empty)', () => {
    const ticketRoutes = fs.readFileSync(path.join(sport, 'ticket/ticket.routes.ts'), 'utf8');
    expect(/prefixes\.(sport|stadium)\b|\b(sport|stadium)\b[^;\n]*\}\s*=\s*[\w.]*prefixes\b/.test(ticketRoutes)).toBe(true);
    expect(WRITES_IDENTITY[0]!.test('await tx.update(users).set({ status: 1 })')).toBe(true);
    expect(WRITES_IDENTITY[1]!.test('update sys_session set expires_at = now()')).toBe(true);
  });
});
