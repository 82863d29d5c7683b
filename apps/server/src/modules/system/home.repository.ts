import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { inScope, type Scope } from '../../platform/scope.ts';
import { sessions } from './account.table.ts';
import { menus, orgs, users } from './system.table.ts';
import { userPrefs } from './home.table.ts';
import { userVisible } from './user.repository.ts';

/** The home screen's counts over the whole scope (every level below): users not cancelled, enabled organisations, live sessions. */
export async function homeCounts(db: Executor, scope: Scope, idleMinutes: number): Promise<{ users: number; orgs: number; sessions: number }> {
  const [[u], [o], [s]] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(and(ne(users.status, 2), userVisible(scope))),
    db
      .select({ n: count() })
      .from(orgs)
      .where(and(sql`${orgs.status} = 0`, inScope(scope, orgs.id))),
    db
      .select({ n: count() })
      .from(sessions)
      .where(
        and(sql`${sessions.expiresAt} > now() and ${sessions.lastSeenAt} > now() - make_interval(mins => ${idleMinutes})`, inScope(scope, sessions.orgId)),
      ),
  ]);
  return { users: Number(u?.n ?? 0), orgs: Number(o?.n ?? 0), sessions: Number(s?.n ?? 0) };
}

/** A user's stored preference of one kind (`homepage`, `favorite`), or undefined. The user is the caller: a row of their own. */
export async function readUserPref(db: Executor, userId: number, kind: string): Promise<unknown> {
  const [row] = await db
    .select({ value: userPrefs.value })
    .from(userPrefs)
    .where(and(eq(userPrefs.userId, userId), eq(userPrefs.kind, kind)));
  return row?.value;
}

/** Stores (one write: insert or replace) a user's preference of one kind. */
export async function writeUserPref(db: Executor, userId: number, kind: string, value: unknown): Promise<void> {
  await db
    .insert(userPrefs)
    .values({ userId, kind, value })
    .onConflictDoUpdate({ target: [userPrefs.userId, userPrefs.kind], set: { value, updatedAt: sql`now()` } });
}

export async function deleteUserPref(db: Executor, userId: number, kind: string): Promise<void> {
  await db.delete(userPrefs).where(and(eq(userPrefs.userId, userId), eq(userPrefs.kind, kind)));
}

/** Enabled screen menus (type 1) among `ids`: what a favourite may name. */
export async function screenMenus(db: Executor, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: menus.id, name: menus.name, nameEn: menus.nameEn, url: menus.url, icon: menus.icon })
    .from(menus)
    .where(and(inArray(menus.id, [...ids]), eq(menus.type, 1), eq(menus.status, 0)));
}
