import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../platform/scope.ts';
import { menus, meta, userMenus } from './system.table.ts';

export type MenuDbRow = typeof menus.$inferSelect;

export const DELETED_MENU_KEYS = 'menu_deleted_keys';

export async function allMenus(db: Executor): Promise<MenuDbRow[]> {
  return db.select().from(menus).orderBy(asc(menus.orderNum), asc(menus.id));
}

export async function findMenu(db: Executor, id: number): Promise<MenuDbRow | undefined> {
  const [r] = await db.select().from(menus).where(eq(menus.id, id));
  return r;
}

export async function existingMenuIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: menus.id }).from(menus).where(inArray(menus.id, ids));
  return new Set(rows.map((r) => Number(r.id)));
}

export async function insertMenu(db: Executor, values: typeof menus.$inferInsert): Promise<MenuDbRow> {
  const [r] = await db.insert(menus).values(values).returning();
  return r!;
}

export async function updateMenu(db: Executor, id: number, version: number, values: Partial<typeof menus.$inferInsert>): Promise<MenuDbRow[]> {
  return db
    .update(menus)
    .set({ ...values, updatedAt: new Date(), version: sql`${menus.version} + 1` })
    .where(and(eq(menus.id, id), eq(menus.version, version)))
    .returning();
}

export async function deleteMenu(db: Executor, id: number): Promise<void> {
  await db.delete(menus).where(eq(menus.id, id));
}

export async function childCount(db: Executor, id: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(menus).where(eq(menus.parentId, id));
  return Number(r?.n ?? 0);
}

/** Siblings under a parent (null: the top level), other than `exceptId`, in display order. */
export async function siblings(db: Executor, parentId: number | null, exceptId: number): Promise<{ id: number; orderNum: number }[]> {
  return db
    .select({ id: menus.id, orderNum: menus.orderNum })
    .from(menus)
    .where(and(parentId === null ? isNull(menus.parentId) : eq(menus.parentId, parentId), ne(menus.id, exceptId)))
    .orderBy(asc(menus.orderNum), asc(menus.id));
}

export async function setOrder(db: Executor, id: number, orderNum: number): Promise<void> {
  await db.update(menus).set({ orderNum }).where(eq(menus.id, id));
}

/** Whether `candidate` is `id` or lies below it in the menu tree. */
export async function menuInSubtree(db: Executor, id: number, candidate: number): Promise<boolean> {
  const res = (await db.execute(sql`with recursive t as (select id from sys_menu where id = ${id}
    union all select m.id from sys_menu m join t on m.parent_id = t.id) select 1 as ok from t where id = ${candidate}`)) as unknown as { rows: unknown[] };
  return res.rows.length > 0;
}

/** Keys of shipped menus an administrator deleted: start-up does not bring them back. */
export async function deletedMenuKeys(db: Executor): Promise<Set<string>> {
  const [r] = await db.select({ text: meta.text }).from(meta).where(eq(meta.key, DELETED_MENU_KEYS));
  return new Set(Array.isArray(r?.text) ? (r.text as string[]) : []);
}

export async function rememberDeletedKey(db: Executor, key: string): Promise<void> {
  await db.execute(sql`insert into sys_meta (key, value, text) values (${DELETED_MENU_KEYS}, 0, jsonb_build_array(${key}::text))
    on conflict (key) do update set text = coalesce(sys_meta.text, '[]'::jsonb) || jsonb_build_array(${key}::text)`);
}

/** Menus given to a user directly in organisations of the scope (in one organisation when `orgId` is given). */
export async function userMenuIds(db: Executor, scope: Scope, userId: number, orgId?: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: userMenus.menuId })
    .from(userMenus)
    .where(and(eq(userMenus.userId, userId), orgId ? eq(userMenus.orgId, orgId) : undefined, inScope(scope, userMenus.orgId)))
    .orderBy(asc(userMenus.menuId));
  return rows.map((r) => Number(r.id));
}

/** Replaces the menus given to a user directly in one organisation of the scope (100404 outside it). */
export async function replaceUserMenus(db: Executor, scope: Scope, userId: number, orgId: number, menuIds: number[]): Promise<void> {
  await assertInScope(db, scope, [orgId]);
  await db.delete(userMenus).where(and(eq(userMenus.userId, userId), eq(userMenus.orgId, orgId), inScope(scope, userMenus.orgId)));
  if (menuIds.length) await db.insert(userMenus).values(menuIds.map((menuId) => ({ userId, orgId, menuId })));
}
