import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';

/** Roles: list, get, add, edit, delete, menu permissions, role users. */
const text = fields.optText;
const id = fields.id;
const ids = fields.idArray(5000);
const at = fields.instantOut;

export const roleFields = z.object({
  code: fields
    .str()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'error.field.invalid')
    .optional(),
  no: text(32),
  name: fields.str().trim().min(1).max(64),
  type: fields.intIn(0, 9).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  remark: text(500),
});
export const roleCreate = roleFields.extend({ orgId: id.optional(), menuIds: ids.optional() });
export const roleUpdate = updateOf(roleFields);
export const roleListQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  code: fields.str().trim().max(64).optional(),
  no: fields.str().trim().max(32).optional(),
  status: z.union([fields.intIn(0, 1), z.literal('')]).optional(),
  orgId: z.union([id, z.literal('')]).optional(),
  /**
   * The roles a user of these organisations may hold (the user form's picker): each organisation's
   * own and those of the organisations above it up to its venue organisation, which it shares with
   * its departments.
   */
  forOrgIds: fields.idArray(100).optional(),
});
export const roleMenusBody = z.object({ menuIds: ids });
export const roleUsersBody = z.object({ add: ids.optional(), remove: ids.optional() });
export type RoleUsersBody = z.output<typeof roleUsersBody>;
export type RoleListQuery = z.infer<typeof roleListQuery>;
export type RoleCreate = z.infer<typeof roleCreate>;
export type RoleUpdate = z.infer<typeof roleUpdate>;

// ---------------------------------------------------------------- answers

const n = z.number();
const s = z.string();
const ns = z.string().nullable();

/** A row of `POST role/list`; also `GET role/{id}` and the answer of add and edit. */
export const roleRow = z.object({
  id: n,
  orgId: n,
  orgName: s,
  code: s,
  no: ns,
  name: s,
  type: n,
  status: n,
  remark: ns,
  version: n,
  createTime: at,
  updateTime: at,
  userCount: n,
});
export type RoleRow = z.output<typeof roleRow>;

/** `GET/PUT role/{id}/menus`. */
export const roleMenus = z.object({ roleId: n, menuIds: z.array(n) });
/** A user of `GET/PUT role/{id}/users`. */
export const roleUser = z.object({ id: n, code: s, no: ns, name: s, mobile: ns, status: n, orgId: n, orgName: s });
export type RoleUser = z.output<typeof roleUser>;
