import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';

/**
 * Users (spec 3 and 7.3, system prefix): the requests the server validates with, the console's
 * forms check with, and the answers the console's types are inferred from.
 * Optional text fields accept '' and null as "empty".
 */
const text = fields.optText;
const day = fields.optDay;
const id = fields.id;
const ids = fields.idArray(5000);
const at = fields.instantOut;

export const LOGIN_NAME_RE = /^[A-Za-z0-9_.@-]{2,64}$/;
export const MOBILE_RE = /^1\d{10}$/;

/** User status (ARCHITECTURE 6): 0 normal, 1 frozen, 2 cancelled. */
export const UserStatus = { normal: 0, frozen: 1, cancelled: 2 } as const;
const userStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const userFields = z.object({
  no: text(32),
  name: fields.str().trim().min(1).max(64),
  type: fields.intIn(0, 9).optional(),
  status: userStatus.optional(),
  mobile: fields
    .str()
    .trim()
    .regex(/^(1\d{10})?$/, 'error.field.invalid')
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  email: fields
    .str()
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

const loginName = fields.str().trim().regex(LOGIN_NAME_RE, 'error.field.invalid');

/** `POST user`: the user fields of spec section 3 with code (login name), password and orgId. */
export const userCreate = userFields.extend({
  code: loginName,
  /** Empty: a one-time random password, answered once as `initialPassword`, to be changed at first sign-in. */
  password: z.string().max(128).optional(),
  orgId: id.optional(),
  roleIds: ids.optional(),
});
export type UserCreate = z.infer<typeof userCreate>;

/** `PUT user/{id}`: fields left out stay as they are; `version` is required. */
export const userUpdate = updateOf(userFields).extend({
  code: loginName.optional(),
  roleIds: ids.optional(),
  version: fields.version,
});
export type UserUpdate = z.infer<typeof userUpdate>;

/** `POST user/list` and `POST user/export`. */
export const userListQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  code: fields.str().trim().max(64).optional(),
  no: fields.str().trim().max(32).optional(),
  mobile: fields.str().trim().max(20).optional(),
  status: z.union([fields.intIn(0, 2), z.literal('')]).optional(),
  orgId: z.union([id, z.literal('')]).optional(),
  /** With orgId: also the users of the organisations below it. */
  includeChildren: z.boolean().optional(),
  /** Created on or after / on or before these days (YYYY-MM-DD, organisation time zone). */
  beginDate: day,
  endDate: day,
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** `POST user/detailForConsole`. */
export const userDetailBody = z.object({ id });
/** `GET user/getInfo/`: without `id`, the caller's own record. */
export const userInfoQuery = z.object({ id: id.optional() });
/** `POST user/detailByPhone`. */
export const userByPhoneBody = z.object({ mobile: fields.str().trim().min(1).max(20) });
/** `DELETE user/{userId}/{orgId}`: the user leaves one organisation. */
export const userOrgParams = z.object({ userId: id, orgId: id });
/** `GET user/menu/{id}`: the direct menus in one organisation (all organisations in reach without it). */
export const userMenusQuery = z.object({ orgId: id.optional() });
/** `GET user/getInfoByOrgId/{orgId}`. */
export const orgIdParams = z.object({ orgId: id });

/** `PUT user/resetPwd`: the password typed twice, or `useDefault` for the policy's default password. */
export const resetPwdBody = z.object({
  userId: id,
  password: z.string().max(128).optional(),
  confirmPassword: z.string().max(128).optional(),
  useDefault: z.boolean().optional(),
});
export type ResetPwdBody = z.infer<typeof resetPwdBody>;

/** `PUT user/changeStatus`. */
export const changeStatusBody = z.object({ userId: id, status: userStatus });

/** `POST user/assign-menu` (ARCHITECTURE 6); answered as stored. */
export const assignMenuBody = z.object({ userId: id, orgId: id, menuIds: ids });
export type AssignMenuBody = z.output<typeof assignMenuBody>;
export const assignMenuAnswer = z.object({ userId: z.number(), orgId: z.number(), menuIds: z.array(z.number()) });
export const userRolesBody = z.object({ roleIds: ids });
export const userOrgsBody = z.object({ orgIds: ids.min(1), defaultOrgId: id });

// ---------------------------------------------------------------- answers

const n = z.number();
const s = z.string();
const ns = z.string().nullable();

/** A row of `POST user/list` (also `GET user/getInfoByOrgId/{orgId}`). */
export const userRow = z.object({
  id: n,
  orgId: n,
  orgName: s,
  orgCode: s,
  no: ns,
  code: s,
  name: s,
  status: n,
  type: n,
  mobile: ns,
  email: ns,
  idType: ns,
  idNumber: ns,
  idStartDate: ns,
  idEndDate: ns,
  idAddress: ns,
  idAgency: ns,
  address: ns,
  birthday: ns,
  sex: n.nullable(),
  nationality: ns,
  citizenship: ns,
  education: ns,
  nativePlace: ns,
  zipCode: ns,
  remark: ns,
  jobNumber: ns,
  officePhone: ns,
  qq: ns,
  fax: ns,
  registerDate: ns,
  cancelDate: ns,
  mustChangePassword: z.boolean(),
  version: n,
  createTime: at,
  updateTime: at,
});
export type UserRow = z.output<typeof userRow>;

/** A user's role as the detail shows it: only roles of organisations in the caller's reach. */
export const userRoleLink = z.object({ id: n, code: s, name: s, orgId: n, orgName: s, status: n });
/** A user's organisation link as the detail shows it. */
export const userOrgLink = z.object({ orgId: n, orgName: s, orgCode: s, enterpriseType: n, status: n, isDefault: z.boolean() });

/** `GET user/{id}`, `POST user/detailForConsole`, `GET user/getInfo/` and the answer of every change of a user. */
export const userDetail = userRow.extend({
  userId: n,
  roles: z.array(userRoleLink),
  roleIds: z.array(n),
  orgs: z.array(userOrgLink),
  orgIds: z.array(n),
  defaultOrgId: n,
});
export type UserDetail = z.output<typeof userDetail>;

/** `POST user`: the new user; without a password given, its one-time password, answered this once. */
export const userCreated = userDetail.extend({ initialPassword: s.optional() });
export type UserCreated = z.output<typeof userCreated>;
/** `GET user/getInfoByOrgId/{orgId}`. */
export const userOfOrg = userRow.extend({ isDefault: z.boolean() });
export type UserOfOrg = z.output<typeof userOfOrg>;
