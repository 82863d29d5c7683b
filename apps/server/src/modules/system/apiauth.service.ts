import { sql } from 'drizzle-orm';
import type { ApiListQuery } from '@venue/contract';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { bumpPermEpoch, PERM_EPOCH_KEY } from '../../platform/access.ts';
import { routeRegistry, type Caller, type RouteRecord } from '../../platform/http.ts';
import { orderOf, pageOf } from '../../platform/list.ts';
import { apis } from './system.table.ts';
import { apiWhere, countApis, findApi, loadGrants, pageApis, replaceApiRoles, roleIdsOf, rolesOfApis, syncApis } from './apiauth.repository.ts';
import { findRolesByIds } from './role.repository.ts';
import { oneOrgScope, scopeOf } from '../../platform/scope.ts';

/**
 * Role-to-API authorisation (spec 6). The registry is the server's own route table, stored in
 * sys_api at start-up; administrators of the platform organisation grant roles per route.
 *
 * Enforcement (see docs/decisions.md, "Role-to-API authorisation"): a route whose entry has
 * explicit role grants may only be called by a caller holding one of those roles in their
 * current organisation, or ROLE_ADMIN; the menu permission is then not consulted. A route
 * with no grants falls back to its menu permission. Public routes and routes open to any
 * signed-in user cannot be granted.
 */

interface GrantCache {
  epoch: number;
  grants: Map<string, Set<number>>;
  callerRoles: Map<string, Set<number>>;
}
// One cache per database (tests run PGlite and PostgreSQL side by side in one process); it is
// keyed on the permission epoch, which every change of grants, roles or links bumps.
const caches = new WeakMap<object, GrantCache>();

async function readEpoch(db: Executor): Promise<number> {
  const res = (await db.execute(sql`select value from sys_meta where key = ${PERM_EPOCH_KEY}`)) as unknown as { rows: { value: number | string }[] };
  return Number(res.rows[0]?.value ?? 0);
}

/**
 * The role-to-API decision for one call: undefined when the route has no grants (the menu
 * permission decides), otherwise whether the caller holds a granted role (or ROLE_ADMIN).
 */
export async function apiRoleDecision(db: Db, caller: Caller, method: string, url: string): Promise<boolean | undefined> {
  const epoch = Number.isFinite(caller.epoch) ? caller.epoch : await readEpoch(db);
  let cache = caches.get(db);
  if (!cache || cache.epoch !== epoch) {
    cache = { epoch, grants: await loadGrants(db), callerRoles: new Map() };
    caches.set(db, cache);
  }
  const granted = cache.grants.get(`${method} ${url}`);
  if (!granted || granted.size === 0) return undefined;
  if (caller.admin) return true;
  const key = `${caller.userId}:${caller.orgId}`;
  let mine = cache.callerRoles.get(key);
  if (!mine) {
    mine = await roleIdsOf(db, oneOrgScope(caller.orgId), caller.userId);
    if (cache.callerRoles.size > 5000) cache.callerRoles.clear();
    cache.callerRoles.set(key, mine);
  }
  for (const id of mine) if (granted.has(id)) return true;
  return false;
}

/** Writes the registry from the route table (start-up). */
export async function syncRegistry(db: Db, routes: RouteRecord[]): Promise<void> {
  await syncApis(db, routes);
}

export const grantable = (permission: string | null) => permission !== null && permission !== '';

export interface ApiView {
  id: number;
  method: string;
  url: string;
  permission: string | null;
  module: string;
  action: string;
  grantable: boolean;
  /** Declared `platformOnly` in defineRoute: only callers of the platform organisation pass. */
  platformOnly: boolean;
  remark: string | null;
  roles: { id: number; code: string; name: string; orgId: number; orgName: string }[];
  roleIds: number[];
  updateTime: Date;
  version: number;
}

export async function listApis(db: Db, caller: Caller, q: ApiListQuery): Promise<{ total: number; data: ApiView[] }> {
  const where = apiWhere({
    url: q.url,
    method: q.method || undefined,
    module: q.module,
    permission: q.permission,
    roleId: q.roleId === '' ? undefined : q.roleId,
    granted: q.granted,
  });
  const { limit, offset } = pageOf(q);
  const order = orderOf(q, { url: apis.url, method: apis.method, module: apis.module, permission: apis.permission }, [
    sql`${apis.module}`,
    sql`${apis.url}`,
    sql`${apis.method}`,
  ]);
  const [total, rows] = await Promise.all([countApis(db, where), pageApis(db, where, order, limit, offset)]);
  // The platform-only rule is the route's own declaration (the running route table).
  const platformOnly = new Set(routeRegistry.filter((r) => r.platformOnly).map((r) => `${r.method} ${r.url}`));
  // Only the granted roles inside the caller's reach are shown.
  const granted = await rolesOfApis(
    db,
    scopeOf(caller),
    rows.map((r) => r.id),
  );
  return {
    total,
    data: rows.map((r) => {
      const rs = granted.filter((g) => g.apiId === r.id).map(({ apiId: _a, ...g }) => g);
      return {
        id: r.id,
        method: r.method,
        url: r.url,
        permission: r.permission,
        module: r.module,
        action: r.action,
        grantable: grantable(r.permission),
        platformOnly: platformOnly.has(`${r.method} ${r.url}`),
        remark: r.remark,
        roles: rs,
        roleIds: rs.map((g) => g.id),
        updateTime: r.updatedAt,
        version: r.version,
      };
    }),
  };
}

/** Replaces the roles granted one route. Its route is `platformOnly`: grants apply to every organisation. */
export async function setApiRoles(db: Db, caller: Caller, apiId: number, roleIds: number[]): Promise<void> {
  const api = await findApi(db, apiId);
  if (!api) throw notFound();
  if (!api.active) throw new AppError('INVALID', 'api.inactive');
  if (!grantable(api.permission)) throw new AppError('INVALID', 'api.notGrantable');
  const unique = [...new Set(roleIds)];
  const found = await findRolesByIds(db, scopeOf(caller), unique);
  if (found.length !== unique.length) throw notFound();
  await db.transaction(async (tx) => {
    await replaceApiRoles(tx, apiId, unique);
    await tx
      .update(apis)
      .set({ updatedAt: new Date(), version: sql`${apis.version} + 1` })
      .where(sql`${apis.id} = ${apiId}`);
    await bumpPermEpoch(tx);
  });
}
