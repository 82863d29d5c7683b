import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MenuCreate, MenuNode, MenuUpdate } from '@venue/contract';
import type { Db, Executor } from '../../platform/db.ts';
import type { Caller } from '../../platform/http.ts';
import { bumpPermEpoch } from '../../platform/access.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { expectOneUpdated } from '../../platform/scope.ts';
import { mapDuplicate } from './admin.common.ts';
import {
  allMenus,
  childCount,
  deleteMenu,
  existingMenuIds,
  findMenu,
  insertMenu,
  menuInSubtree,
  rememberDeletedKey,
  setOrder,
  siblings,
  updateMenu,
  type MenuDbRow,
} from './menu.repository.ts';

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
// One cache per database (tests run PGlite and PostgreSQL side by side in one process).
const treeCaches = new WeakMap<object, Map<string, MenuNode[]>>();

/** The menu tree a caller may see in their current organisation, under one application root. */
export async function menuTreeFor(db: Executor, caller: Caller, appSign: string): Promise<MenuNode[]> {
  const key = `${caller.userId}:${caller.sessionOrgId ?? caller.orgId}:${caller.epoch}:${appSign}`;
  let treeCache = treeCaches.get(db);
  if (!treeCache) treeCaches.set(db, (treeCache = new Map()));
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
  return [
    { id: 0, parentId: null, name: appSign, nameEn: appSign, type: 0, url: null, icon: null, perms: null, status: 0, loadType: 0, orderNum: 0, children: tree },
  ];
}

// ---------------------------------------------------------------------------------------------
// The menu editor (platform organisation only: menus are shared by every organisation).
//
// Ordering: `prevId` names the sibling the menu is placed right after; 0 or null puts it first;
// left out, a new menu goes last and an edited one keeps its place (or goes last under a new
// parent). Siblings are renumbered 10, 20, 30 ... Deleting is refused while a menu has
// children; deleting a shipped menu is remembered so start-up does not bring it back.
// ---------------------------------------------------------------------------------------------

export interface MenuEditorNode extends Omit<MenuNode, 'children'> {
  key: string;
  remark: string | null;
  version: number;
  createTime: Date;
  updateTime: Date;
  children: MenuEditorNode[];
}

const MENU_UNIQUE = { sys_menu_key_uq: ['key', 'field.menuKey'] as [string, string] };

function editorNode(r: MenuDbRow): MenuEditorNode {
  return {
    id: r.id,
    parentId: r.parentId,
    key: r.key,
    name: r.name,
    nameEn: r.nameEn,
    type: r.type as 0 | 1 | 2,
    url: r.url,
    icon: r.icon,
    perms: r.perms,
    status: r.status,
    loadType: r.loadType,
    orderNum: r.orderNum,
    remark: r.remark,
    version: r.version,
    createTime: r.createdAt,
    updateTime: r.updatedAt,
    children: [],
  };
}

function nest<T extends { id: number; parentId: number | null; children: T[] }>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: T[] = [];
  for (const n of nodes) {
    const p = n.parentId === null ? undefined : byId.get(n.parentId);
    if (p) p.children.push(n);
    else roots.push(n);
  }
  return roots;
}

/** Menus the caller may grant to roles and users: every menu for an administrator, else the ones they hold. */
export function grantableMenus(caller: Caller): ReadonlySet<number> | null {
  return caller.admin ? null : caller.menuIds;
}

/** The whole tree for the menu editor (disabled menus included); others see the menus they hold. */
export async function menuEditorTree(db: Db, caller: Caller): Promise<MenuEditorNode[]> {
  const rows = await allMenus(db);
  const allowed = caller.admin || caller.platform ? null : caller.menuIds;
  return nest(rows.filter((r) => !allowed || allowed.has(r.id)).map(editorNode));
}

/** The tree a caller can grant from (role menu permissions, user direct menus). */
export async function menuOptions(db: Db, caller: Caller) {
  const rows = await allMenus(db);
  const allowed = grantableMenus(caller);
  return nest(
    rows
      .filter((r) => !allowed || allowed.has(r.id))
      .map((r) => ({
        id: r.id,
        parentId: r.parentId,
        name: r.name,
        nameEn: r.nameEn,
        type: r.type,
        perms: r.perms,
        status: r.status,
        children: [] as never[],
      })),
  );
}

/**
 * The menu set to store when a caller replaces a role's or user's menus with `requested`:
 * every requested menu must exist and be grantable by the caller; menus already held that the
 * caller cannot grant stay as they are (a department manager cannot strip what they cannot see).
 */
export async function mergeGrant(db: Executor, caller: Caller, existing: number[], requested: number[]): Promise<number[]> {
  const want = [...new Set(requested)];
  const found = await existingMenuIds(db, want);
  const missing = want.filter((m) => !found.has(m));
  if (missing.length) throw new AppError('INVALID', 'menu.notFound', { ids: missing.join(',') });
  const allowed = grantableMenus(caller);
  if (!allowed) return want.sort((a, b) => a - b);
  if (want.some((m) => !allowed.has(m))) throw new AppError('FORBIDDEN', 'menu.notGrantable');
  const kept = existing.filter((m) => !allowed.has(m));
  return [...new Set([...kept, ...want])].sort((a, b) => a - b);
}

export async function getMenu(db: Db, caller: Caller, id: number): Promise<MenuEditorNode> {
  const row = await findMenu(db, id);
  if (!row || !(caller.admin || caller.platform || caller.menuIds.has(id))) throw notFound();
  return editorNode(row);
}

async function checkShape(
  db: Executor,
  id: number | null,
  m: { type: number; url: string | null; perms: string | null; parentId: number | null },
): Promise<void> {
  if (m.type === 1 && !m.url) throw new AppError('FORM_INVALID', 'menu.urlRequired', undefined, [{ field: 'url', message: 'menu.urlRequired' }]);
  if (m.type === 2 && !m.perms) throw new AppError('FORM_INVALID', 'menu.permsRequired', undefined, [{ field: 'perms', message: 'menu.permsRequired' }]);
  if (m.type === 2 && m.parentId === null)
    throw new AppError('FORM_INVALID', 'menu.buttonNeedsParent', undefined, [{ field: 'parentId', message: 'menu.buttonNeedsParent' }]);
  if (m.parentId !== null) {
    const parent = await findMenu(db, m.parentId);
    if (!parent) throw notFound();
    if (parent.type === 2) throw new AppError('FORM_INVALID', 'menu.parentIsButton', undefined, [{ field: 'parentId', message: 'menu.parentIsButton' }]);
    if (id !== null && (await menuInSubtree(db, id, m.parentId))) {
      throw new AppError('FORM_INVALID', 'menu.parentInvalid', undefined, [{ field: 'parentId', message: 'menu.parentInvalid' }]);
    }
  }
}

/** Puts a menu right after `prevId` among its siblings (see above) and renumbers them. */
async function place(db: Executor, id: number, parentId: number | null, prevId: number | null | undefined): Promise<void> {
  const sibs = await siblings(db, parentId, id);
  let at: number;
  if (prevId === undefined) at = sibs.length;
  else if (prevId === null || prevId === 0) at = 0;
  else {
    const i = sibs.findIndex((s) => s.id === prevId);
    if (i < 0) throw new AppError('FORM_INVALID', 'menu.prevNotSibling', undefined, [{ field: 'prevId', message: 'menu.prevNotSibling' }]);
    at = i + 1;
  }
  const ordered = [...sibs.slice(0, at), { id, orderNum: Number.NaN }, ...sibs.slice(at)];
  for (const [i, s] of ordered.entries()) if (s.orderNum !== (i + 1) * 10) await setOrder(db, s.id, (i + 1) * 10);
}

/** Menus are platform-wide: their routes are `platformOnly`. */
export async function createMenu(db: Db, input: MenuCreate): Promise<MenuEditorNode> {
  const parentId = input.parentId ?? null;
  await checkShape(db, null, { type: input.type, url: input.url ?? null, perms: input.perms ?? null, parentId });
  const id = await db.transaction(async (tx) => {
    const row = await mapDuplicate(
      insertMenu(tx, {
        key: `custom.${crypto.randomUUID()}`,
        parentId,
        name: input.name,
        nameEn: input.nameEn ?? '',
        type: input.type,
        status: input.status ?? 0,
        url: input.url ?? null,
        icon: input.icon ?? null,
        perms: input.type === 2 || input.type === 1 ? (input.perms ?? null) : null,
        loadType: input.loadType ?? 0,
        remark: input.remark ?? null,
      }),
      MENU_UNIQUE,
    );
    await place(tx, row.id, parentId, input.prevId);
    await bumpPermEpoch(tx);
    return row.id;
  });
  return editorNode((await findMenu(db, id))!);
}

export async function editMenu(db: Db, id: number, input: MenuUpdate): Promise<MenuEditorNode> {
  const row = await findMenu(db, id);
  if (!row) throw notFound();
  const parentId = input.parentId === undefined ? row.parentId : input.parentId;
  const type = input.type ?? row.type;
  const url = input.url === undefined ? row.url : input.url;
  const perms = input.perms === undefined ? row.perms : input.perms;
  await checkShape(db, id, { type, url, perms, parentId });
  const moved = parentId !== row.parentId;
  const { version, prevId, ...fields } = input;
  await db.transaction(async (tx) => {
    const updated = await updateMenu(tx, id, version, { ...fields, parentId, perms: type === 0 ? null : perms });
    expectOneUpdated(updated);
    if (moved || prevId !== undefined) await place(tx, id, parentId, prevId);
    await bumpPermEpoch(tx);
  });
  return editorNode((await findMenu(db, id))!);
}

export async function removeMenu(db: Db, id: number): Promise<void> {
  const row = await findMenu(db, id);
  if (!row) throw notFound();
  const n = await childCount(db, id);
  if (n) throw conflict('state', 'menu.hasChildren', { n });
  await db.transaction(async (tx) => {
    await deleteMenu(tx, id);
    if (!row.key.startsWith('custom.')) await rememberDeletedKey(tx, row.key);
    await bumpPermEpoch(tx);
  });
}
