import { and, asc, count, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ApiListQuery } from '@venue/contract';
import type { Executor } from '../../platform/db.ts';
import type { RouteRecord } from '../../platform/http.ts';
import { inScope, type Scope } from '../../platform/scope.ts';
import { apiRoles, apis, orgs, roles, userRoles } from './system.table.ts';
import { contains } from './admin.common.ts';

export type ApiRow = typeof apis.$inferSelect;

/** Writes the route table into sys_api: new routes added, changed ones updated, vanished ones marked inactive. */
export async function syncApis(db: Executor, routes: RouteRecord[]): Promise<void> {
  const seen = new Map<string, RouteRecord>();
  for (const r of routes) seen.set(`${r.method} ${r.url}`, r);
  const list = [...seen.values()];
  for (let i = 0; i < list.length; i += 200) {
    const chunk = list.slice(i, i + 200);
    await db
      .insert(apis)
      .values(chunk.map((r) => ({ method: r.method, url: r.url, permission: r.permission ?? null, module: r.module, action: r.action })))
      .onConflictDoUpdate({
        target: [apis.method, apis.url],
        set: { permission: sql`excluded.permission`, module: sql`excluded.module`, action: sql`excluded.action`, active: true, updatedAt: sql`now()` },
        setWhere: sql`${apis.permission} is distinct from excluded.permission or ${apis.module} <> excluded.module or ${apis.action} <> excluded.action or not ${apis.active}`,
      });
  }
  if (list.length) {
    const keys = list.map((r) => `${r.method} ${r.url}`);
    await db
      .update(apis)
      .set({ active: false, updatedAt: sql`now()` })
      .where(and(eq(apis.active, true), notInArray(sql`${apis.method} || ' ' || ${apis.url}`, keys)));
  }
}

/** Every grant: "METHOD url" -> role ids (active routes only). */
export async function loadGrants(db: Executor): Promise<Map<string, Set<number>>> {
  const rows = await db
    .select({ method: apis.method, url: apis.url, roleId: apiRoles.roleId })
    .from(apiRoles)
    .innerJoin(apis, eq(apis.id, apiRoles.apiId))
    .where(eq(apis.active, true));
  const out = new Map<string, Set<number>>();
  for (const r of rows) {
    const k = `${r.method} ${r.url}`;
    let s = out.get(k);
    if (!s) out.set(k, (s = new Set()));
    s.add(Number(r.roleId));
  }
  return out;
}

/** Ids of the active roles a user holds in the scope (one organisation: the roles that count there). */
export async function roleIdsOf(db: Executor, scope: Scope, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), inScope(scope, userRoles.orgId), eq(roles.status, 0)));
  return new Set(rows.map((r) => Number(r.id)));
}

/** The filters of `POST api/list`, but '' (any) of `method` and `roleId` already dropped by the service. */
export type ApiFilter = Pick<ApiListQuery, 'url' | 'module' | 'permission' | 'granted'> & {
  method?: Exclude<ApiListQuery['method'], ''>;
  roleId?: Exclude<ApiListQuery['roleId'], ''>;
};

export function apiWhere(f: ApiFilter): SQL | undefined {
  return and(
    eq(apis.active, true),
    f.url ? ilike(apis.url, contains(f.url)) : undefined,
    f.method ? eq(apis.method, f.method) : undefined,
    f.module ? ilike(apis.module, contains(f.module)) : undefined,
    f.permission ? ilike(apis.permission, contains(f.permission)) : undefined,
    f.roleId ? sql`exists (select 1 from sys_api_role ar where ar.api_id = ${apis.id} and ar.role_id = ${f.roleId})` : undefined,
    f.granted ? sql`exists (select 1 from sys_api_role ar where ar.api_id = ${apis.id})` : undefined,
  );
}

export async function countApis(db: Executor, where: SQL | undefined): Promise<number> {
  const [r] = await db.select({ n: count() }).from(apis).where(where);
  return Number(r?.n ?? 0);
}

export async function pageApis(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number): Promise<ApiRow[]> {
  return db
    .select()
    .from(apis)
    .where(where)
    .orderBy(...order, asc(apis.id))
    .limit(limit)
    .offset(offset);
}

export interface GrantedRole {
  apiId: number;
  id: number;
  code: string;
  name: string;
  orgId: number;
  orgName: string;
}

/** The roles of the scope granted these routes. */
export async function rolesOfApis(db: Executor, scope: Scope, apiIds: number[]): Promise<GrantedRole[]> {
  if (!apiIds.length) return [];
  return db
    .select({ apiId: apiRoles.apiId, id: roles.id, code: roles.code, name: roles.name, orgId: roles.orgId, orgName: orgs.name })
    .from(apiRoles)
    .innerJoin(roles, eq(roles.id, apiRoles.roleId))
    .innerJoin(orgs, eq(orgs.id, roles.orgId))
    .where(and(inArray(apiRoles.apiId, apiIds), inScope(scope, roles.orgId)))
    .orderBy(asc(roles.orgId), asc(roles.id));
}

export async function findApi(db: Executor, id: number): Promise<ApiRow | undefined> {
  const [r] = await db.select().from(apis).where(eq(apis.id, id));
  return r;
}

export async function replaceApiRoles(db: Executor, apiId: number, roleIds: number[]): Promise<void> {
  await db.delete(apiRoles).where(eq(apiRoles.apiId, apiId));
  if (roleIds.length) await db.insert(apiRoles).values(roleIds.map((roleId) => ({ apiId, roleId })));
}
