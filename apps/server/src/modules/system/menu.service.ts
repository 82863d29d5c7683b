import { sql } from 'drizzle-orm';
import type { MenuNode } from '@venue/contract';
import type { Executor } from '../../platform/db.ts';
import type { Caller } from '../../platform/http.ts';

interface MenuRow {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string;
  type: number;
  url: string | null;
  icon: string | null;
  perms: string | null;
  status: number;
  load_type: number;
  order_num: number;
}

/** The SQL behind `menu-exec/query` (the bench runs the same text through the driver). */
export const MENU_SQL =
  'select id, parent_id, name, name_en, type, url, icon, perms, status, load_type, order_num from sys_menu where status = 0 order by order_num, id';

export function buildTree(rows: MenuRow[], allowed: (id: number) => boolean): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const r of rows) {
    const id = Number(r.id);
    if (!allowed(id)) continue;
    nodes.set(id, {
      id,
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      name: r.name,
      nameEn: r.name_en,
      type: r.type as 0 | 1 | 2,
      url: r.url,
      icon: r.icon,
      perms: r.perms,
      status: r.status,
      loadType: r.load_type,
      orderNum: r.order_num,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    if (parent) parent.children.push(n);
    else if (n.parentId === null) roots.push(n);
  }
  return roots;
}

// Trees are cached per user, organisation and permission epoch: any change of menus, roles or
// links bumps the epoch in the database, so every process drops stale trees on its next call.
const treeCache = new Map<string, MenuNode[]>();

/** The menu tree a caller may see in their current organisation, under one application root. */
export async function menuTreeFor(db: Executor, caller: Caller, appSign: string): Promise<MenuNode[]> {
  const key = `${caller.userId}:${caller.orgId}:${caller.epoch}:${appSign}`;
  const hit = treeCache.get(key);
  if (hit) return hit;
  const tree = await loadMenuTree(db, caller, appSign);
  if (treeCache.size > 2000) treeCache.clear();
  treeCache.set(key, tree);
  return tree;
}

async function loadMenuTree(db: Executor, caller: Caller, appSign: string): Promise<MenuNode[]> {
  const res = (await db.execute(sql.raw(MENU_SQL))) as unknown as { rows: MenuRow[] };
  const tree = buildTree(res.rows, (id) => caller.admin || caller.menuIds.has(id));
  if (tree.length === 0) return [];
  return [{ id: 0, parentId: null, name: appSign, nameEn: appSign, type: 0, url: null, icon: null, perms: null, status: 0, loadType: 0, orderNum: 0, children: tree }];
}
