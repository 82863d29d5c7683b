import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { fields, isDay } from './fields.ts';

/**
 * Request schemas of the administration screens (users, roles, organisations, menus,
 * role-to-API authorisation). The server validates with them; the console's forms use
 * the same rules. Optional text fields accept '' and null as "empty".
 */
const text = (max: number) =>
  fields
    .str()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));
/** A calendar day (YYYY-MM-DD) that exists; '' and null mean empty. */
const day = fields
  .str()
  .trim()
  .refine((v) => v === '' || isDay(v), 'error.field.invalid')
  .nullish()
  .transform((v) => (v === '' ? null : v));
const id = fields.id;
const ids = fields.idArray(5000);
const version = fields.version;

export const LOGIN_NAME_RE = /^[A-Za-z0-9_.@-]{2,64}$/;
export const MOBILE_RE = /^1\d{10}$/;

/** User status (ARCHITECTURE 6): 0 normal, 1 frozen, 2 cancelled. */
export const UserStatus = { normal: 0, frozen: 1, cancelled: 2 } as const;

export const userFields = z.object({
  no: text(32),
  name: z.string().trim().min(1).max(64),
  type: z.coerce.number().int().min(0).max(9).optional(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  mobile: z
    .string()
    .trim()
    .regex(/^(1\d{10})?$/, 'error.field.invalid')
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  email: z
    .string()
    .trim()
    .max(128)
    .regex(/^([^\s@]+@[^\s@]+\.[^\s@]+)?$/, 'error.field.invalid')
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  idType: text(16),
  idNumber: text(32),
  idStartDate: day,
  idEndDate: day,
  idAddress: text(200),
  idAgency: text(100),
  address: text(200),
  birthday: day,
  sex: z.union([z.literal(1), z.literal(2), z.null()]).optional(),
  nationality: text(32),
  citizenship: text(32),
  education: text(32),
  nativePlace: text(64),
  zipCode: text(16),
  remark: text(500),
  jobNumber: text(32),
  officePhone: text(32),
  qq: text(20),
  fax: text(32),
  registerDate: day,
});

/** `POST user`: the user fields of spec section 3 with code (login name), password and orgId. */
export const userCreate = userFields.extend({
  code: z.string().trim().regex(LOGIN_NAME_RE, 'error.field.invalid'),
  /** Empty: a one-time random password, answered once as `initialPassword`, to be changed at first sign-in. */
  password: z.string().max(128).optional(),
  orgId: id.optional(),
  roleIds: ids.optional(),
});
export type UserCreate = z.infer<typeof userCreate>;

/** `PUT user/{id}`: fields left out stay as they are; `version` is required. */
export const userUpdate = userFields.partial().extend({
  code: z.string().trim().regex(LOGIN_NAME_RE, 'error.field.invalid').optional(),
  roleIds: ids.optional(),
  version,
});
export type UserUpdate = z.infer<typeof userUpdate>;

export const userListQuery = pageQuery.extend({
  name: z.string().trim().max(64).optional(),
  code: z.string().trim().max(64).optional(),
  no: z.string().trim().max(32).optional(),
  mobile: z.string().trim().max(20).optional(),
  status: z.union([z.coerce.number().int().min(0).max(2), z.literal('')]).optional(),
  orgId: z.union([id, z.literal('')]).optional(),
  /** With orgId: also the users of the organisations below it. */
  includeChildren: z.boolean().optional(),
  /** Created on or after / on or before these days (YYYY-MM-DD, organisation time zone). */
  beginDate: day,
  endDate: day,
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** `PUT user/resetPwd`: the password typed twice, or `useDefault` for the policy's default password. */
export const resetPwdBody = z.object({
  userId: id,
  password: z.string().max(128).optional(),
  confirmPassword: z.string().max(128).optional(),
  useDefault: z.boolean().optional(),
});
export type ResetPwdBody = z.infer<typeof resetPwdBody>;

export const changeStatusBody = z.object({
  userId: id,
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});

export const assignMenuBody = z.object({ userId: id, orgId: id, menuIds: ids });
export const userRolesBody = z.object({ roleIds: ids });
export const userOrgsBody = z.object({ orgIds: ids.min(1), defaultOrgId: id });

export const roleFields = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'error.field.invalid')
    .optional(),
  no: text(32),
  name: z.string().trim().min(1).max(64),
  type: z.coerce.number().int().min(0).max(9).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  remark: text(500),
});
export const roleCreate = roleFields.extend({ orgId: id.optional(), menuIds: ids.optional() });
export const roleUpdate = roleFields.partial().extend({ version });
export const roleListQuery = pageQuery.extend({
  name: z.string().trim().max(64).optional(),
  code: z.string().trim().max(64).optional(),
  no: z.string().trim().max(32).optional(),
  status: z.union([z.coerce.number().int().min(0).max(1), z.literal('')]).optional(),
  orgId: z.union([id, z.literal('')]).optional(),
});
export const roleMenusBody = z.object({ menuIds: ids });
export const roleUsersBody = z.object({ add: ids.optional(), remove: ids.optional() });

export const orgFields = z.object({
  code: z.string().trim().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'error.field.invalid'),
  name: z.string().trim().min(1).max(100),
  fullName: text(200),
  /** 1 platform, 2 company, 3 venue, 4 department (dictionary sys_org_type). */
  type: z.coerce.number().int().min(1).max(9).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  parentId: id,
  address: text(200),
  zipCode: z
    .string()
    .trim()
    .regex(/^(\d{4,10})?$/, 'error.field.invalid')
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  phone: z
    .string()
    .trim()
    .regex(/^([\d\-+() ]{3,32})?$/, 'error.field.invalid')
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  remark: text(500),
  orderNum: z.coerce.number().int().min(0).max(1_000_000).optional(),
  timeZone: z.string().trim().max(64).optional(),
});
export const orgCreate = orgFields;
export const orgUpdate = orgFields.partial().extend({ version });
export const orgTreeQuery = z.object({
  name: z.string().trim().max(100).optional(),
  status: z.union([z.coerce.number().int().min(0).max(1), z.literal('')]).optional(),
});

/** Menu `type`: 0 directory, 1 screen (route), 2 button/permission carrying `perms`. */
export const menuFields = z.object({
  name: z.string().trim().min(1).max(64),
  nameEn: z.string().trim().max(100).optional(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  url: text(200),
  icon: text(64),
  parentId: id.nullable().optional(),
  /** The sibling this menu is placed right after; 0 or null: first; left out: last (add) or unchanged (edit). */
  prevId: z.coerce.number().int().min(0).nullable().optional(),
  loadType: z.coerce.number().int().min(0).max(9).optional(),
  remark: text(500),
  perms: z
    .string()
    .trim()
    .regex(/^([\w:.-]+(,[\w:.-]+)*)?$/, 'error.field.invalid')
    .max(100)
    .nullish()
    .transform((v) => (v === '' ? null : v)),
});
export const menuCreate = menuFields;
export const menuUpdate = menuFields.partial().extend({ version });

export const apiListQuery = pageQuery.extend({
  url: z.string().trim().max(200).optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE', '']).optional(),
  module: z.string().trim().max(64).optional(),
  permission: z.string().trim().max(100).optional(),
  roleId: z.union([id, z.literal('')]).optional(),
  /** Only routes that carry explicit role grants. */
  granted: z.boolean().optional(),
});
export const apiRolesBody = z.object({ roleIds: ids });
export type ApiListQuery = z.infer<typeof apiListQuery>;
export type RoleListQuery = z.infer<typeof roleListQuery>;
export type RoleCreate = z.infer<typeof roleCreate>;
export type RoleUpdate = z.infer<typeof roleUpdate>;
export type OrgCreate = z.infer<typeof orgCreate>;
export type OrgUpdate = z.infer<typeof orgUpdate>;
export type OrgTreeQuery = z.infer<typeof orgTreeQuery>;
export type MenuCreate = z.infer<typeof menuCreate>;
export type MenuUpdate = z.infer<typeof menuUpdate>;

/** One row of an import's rejection report (`detail.errors` of a 100400 answer). */
export interface ImportRowError {
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  field: string;
  message: string;
}
export interface ImportResult {
  total: number;
  created: number;
  updated: number;
}
