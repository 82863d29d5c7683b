import { z } from 'zod';
import { fields, MAX_ID, updateOf } from '../fields.ts';

/** The menu editor (tree, get, add, edit, delete) and the tree a caller may grant from. */
const text = fields.optText;
const at = fields.instantOut;
const menuType = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Menu `type`: 0 directory, 1 screen (route), 2 button/permission carrying `perms`. */
export const menuFields = z.object({
  name: fields.str().trim().min(1).max(64),
  nameEn: fields.str().trim().max(100).optional(),
  type: menuType,
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  url: text(200),
  icon: text(64),
  parentId: fields.id.nullable().optional(),
  /** The sibling this menu is placed right after; 0 or null: first; left out: last (add) or unchanged (edit). */
  prevId: fields.intIn(0, MAX_ID).nullable().optional(),
  loadType: fields.intIn(0, 9).optional(),
  remark: text(500),
  perms: fields
    .str()
    .trim()
    .regex(/^([\w:.-]+(,[\w:.-]+)*)?$/, 'error.field.invalid')
    .max(100)
    .nullish()
    .transform((v) => (v === '' ? null : v)),
});
export const menuCreate = menuFields;
export const menuUpdate = updateOf(menuFields);
export type MenuCreate = z.infer<typeof menuCreate>;
export type MenuUpdate = z.infer<typeof menuUpdate>;

// ---------------------------------------------------------------- answers

const n = z.number();
const s = z.string();
const ns = z.string().nullable();

/** The fields of a menu every menu tree carries. */
const menuBase = z.object({
  id: n,
  parentId: n.nullable(),
  name: s,
  nameEn: s,
  type: menuType,
  url: ns,
  icon: ns,
  perms: ns,
  status: n,
  loadType: n,
  orderNum: n,
});

/** A node of the signed-in user's menu tree (`POST {adapter}menu-exec/query`). */
export const menuNode = menuBase.extend({
  get children(): z.ZodArray<typeof menuNode> {
    return z.array(menuNode);
  },
});
export type MenuNode = z.output<typeof menuNode>;

/** `POST {adapter}menu-exec/query`: the menu tree of the caller's current organisation. */
export const menuExecQuery = z.object({ appSign: fields.str().max(64).optional(), orgId: fields.id.optional() });

/** A node of `GET menu/tree` (the editor's tree); also `GET menu/{id}` and the answer of add and edit. */
export const menuEditorNode = menuBase.extend({
  key: s,
  remark: ns,
  version: n,
  createTime: at,
  updateTime: at,
  get children(): z.ZodArray<typeof menuEditorNode> {
    return z.array(menuEditorNode);
  },
});
export type MenuEditorNode = z.output<typeof menuEditorNode>;

/** A node of `GET menu/options`: the menus the caller can grant. */
export const menuOption = z.object({
  id: n,
  parentId: n.nullable(),
  name: s,
  nameEn: s,
  type: n,
  perms: ns,
  status: n,
  get children(): z.ZodArray<typeof menuOption> {
    return z.array(menuOption);
  },
});
export type MenuOption = z.output<typeof menuOption>;
