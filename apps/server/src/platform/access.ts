import { sql } from 'drizzle-orm';
import { ROLE_ADMIN } from '@venue/contract';
import type { Executor } from './db.ts';
import { workChainOf } from './scope.ts';

/**
 * What a user may do in one organisation: the permission codes and menu ids of their
 * roles there and in the organisations above it up to its working organisation (a venue
 * organisation shares its roles with its departments, platform/scope.ts) plus the menus given
 * to them directly. Cached per (user, org) and keyed on
 * the permission epoch in sys_meta, which every change of roles, menus or assignments
 * bumps, so every server process sees a change on the next call.
 */
export interface Access {
  admin: boolean;
  roles: string[];
  perms: Set<string>;
  menuIds: Set<number>;
}

// One cache per database: tests run PGlite and PostgreSQL side by side in one process, where the
// same (user, organisation, epoch) numbers name different people.
const caches = new WeakMap<object, Map<string, Access>>();

export const PERM_EPOCH_KEY = 'perm_epoch';

export async function bumpPermEpoch(db: Executor): Promise<void> {
  await db.execute(sql`insert into sys_meta (key, value) values (${PERM_EPOCH_KEY}, 1)
    on conflict (key) do update set value = sys_meta.value + 1`);
}

export async function loadAccess(db: Executor, userId: number, orgId: number, epoch: number): Promise<Access> {
  const key = `${userId}:${orgId}:${epoch}`;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) return hit;
  const roleRows = (await db.execute(sql`
    select r.code from sys_user_role ur join sys_role r on r.id = ur.role_id
    where ur.user_id = ${userId} and r.org_id in ${workChainOf(orgId)} and r.status = 0`)) as unknown as { rows: { code: string }[] };
  const roles = roleRows.rows.map((r) => r.code);
  const admin = roles.includes(ROLE_ADMIN);
  const menuRows = (await db.execute(
    admin
      ? sql`select id, perms from sys_menu where status = 0`
      : sql`
    with recursive granted as (
      select rm.menu_id as id from sys_user_role ur
        join sys_role r on r.id = ur.role_id and r.org_id in ${workChainOf(orgId)} and r.status = 0
        join sys_role_menu rm on rm.role_id = r.id
      where ur.user_id = ${userId}
      union
      select menu_id from sys_user_menu where user_id = ${userId} and org_id = ${orgId}
    ), tree as (
      select m.id, m.parent_id, m.perms from sys_menu m join granted g on g.id = m.id where m.status = 0
      union
      select p.id, p.parent_id, p.perms from sys_menu p join tree t on t.parent_id = p.id where p.status = 0
    )
    select id, perms from tree`,
  )) as unknown as { rows: { id: number; perms: string | null }[] };
  const access: Access = {
    admin,
    roles,
    perms: new Set(menuRows.rows.flatMap((r) => (r.perms ? r.perms.split(',').map((p) => p.trim()) : []))),
    menuIds: new Set(menuRows.rows.map((r) => Number(r.id))),
  };
  if (cache.size > 5000) cache.clear();
  cache.set(key, access);
  return access;
}

/** Whether the caller holds the permission, or any one of a list of them (a read shared by several screens). */
export function can(access: { admin: boolean; perms: ReadonlySet<string> }, permission: string | readonly string[]): boolean {
  if (typeof permission !== 'string') return permission.some((p) => can(access, p));
  return permission === '' || access.admin || access.perms.has(permission);
}
