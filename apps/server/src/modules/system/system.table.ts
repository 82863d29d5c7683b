import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id } from '../../platform/columns.ts';

const ref = (name: string) => bigint(name, { mode: 'number' });
const audit = {
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Organisations (venues, companies, departments) form a tree. Its root is the platform
 * organisation, the only one of enterpriseType 1 (the database holds both rules).
 */
export const orgs = pgTable(
  'sys_org',
  {
    id: id(),
    parentId: ref('parent_id').references((): AnyPgColumn => orgs.id),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    fullName: varchar('full_name', { length: 200 }),
    type: smallint('type').notNull().default(2),
    status: smallint('status').notNull().default(0),
    address: varchar('address', { length: 200 }),
    zipCode: varchar('zip_code', { length: 16 }),
    phone: varchar('phone', { length: 32 }),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Shanghai'),
    orderNum: integer('order_num').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    ...audit,
  },
  (t) => [
    uniqueIndex('sys_org_code_uq').on(t.code),
    index('sys_org_parent_idx').on(t.parentId),
    // The platform organisation is the one root of the tree, and only it has type 1.
    uniqueIndex('sys_org_single_root_uq')
      .on(sql`(${t.parentId} is null)`)
      .where(sql`${t.parentId} is null`),
    check('sys_org_platform_root_ck', sql`(${t.parentId} is null) = (${t.type} = 1)`),
  ],
);

/** Users. `code` is the login name; `orgId` is the organisation that owns the record. */
export const users = pgTable(
  'sys_user',
  {
    id: id(),
    orgId: ref('org_id')
      .notNull()
      .references(() => orgs.id),
    no: varchar('no', { length: 32 }),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    status: smallint('status').notNull().default(0),
    type: smallint('type').notNull().default(1),
    mobile: varchar('mobile', { length: 20 }),
    email: varchar('email', { length: 128 }),
    idType: varchar('id_type', { length: 16 }),
    idNumber: varchar('id_number', { length: 32 }),
    idStartDate: date('id_start_date'),
    idEndDate: date('id_end_date'),
    idAddress: varchar('id_address', { length: 200 }),
    idAgency: varchar('id_agency', { length: 100 }),
    address: varchar('address', { length: 200 }),
    birthday: date('birthday'),
    sex: smallint('sex'),
    nationality: varchar('nationality', { length: 32 }),
    citizenship: varchar('citizenship', { length: 32 }),
    education: varchar('education', { length: 32 }),
    nativePlace: varchar('native_place', { length: 64 }),
    zipCode: varchar('zip_code', { length: 16 }),
    remark: varchar('remark', { length: 500 }),
    jobNumber: varchar('job_number', { length: 32 }),
    officePhone: varchar('office_phone', { length: 32 }),
    qq: varchar('qq', { length: 20 }),
    fax: varchar('fax', { length: 32 }),
    registerDate: date('register_date'),
    cancelDate: date('cancel_date'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdBy: ref('created_by'),
    ...audit,
  },
  (t) => [
    uniqueIndex('sys_user_code_uq').on(sql`lower(${t.code})`),
    uniqueIndex('sys_user_mobile_uq').on(t.mobile),
    index('sys_user_org_idx').on(t.orgId),
    index('sys_user_name_idx').on(t.name),
    check('sys_user_status_ck', sql`${t.status} in (0, 1, 2)`),
  ],
);

export const passwordHistory = pgTable(
  'sys_password_history',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_password_history_user_idx').on(t.userId, t.createdAt)],
);

/** Which organisations a user may work in; one of them is the default. */
export const userOrgs = pgTable(
  'sys_user_org',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: ref('org_id')
      .notNull()
      .references(() => orgs.id),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orgId] }), index('sys_user_org_org_idx').on(t.orgId)],
);

export const roles = pgTable(
  'sys_role',
  {
    id: id(),
    orgId: ref('org_id')
      .notNull()
      .references(() => orgs.id),
    code: varchar('code', { length: 64 }).notNull(),
    no: varchar('no', { length: 32 }),
    name: varchar('name', { length: 64 }).notNull(),
    type: smallint('type').notNull().default(1),
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    ...audit,
  },
  (t) => [
    uniqueIndex('sys_role_org_code_uq').on(t.orgId, t.code),
    // The target of the (role_id, org_id) foreign keys of the role's link tables.
    uniqueIndex('sys_role_id_org_uq').on(t.id, t.orgId),
  ],
);

/** Menus: type 0 directory, 1 screen, 2 button/permission carrying `perms`. */
export const menus = pgTable(
  'sys_menu',
  {
    id: id(),
    key: varchar('key', { length: 100 }).notNull(),
    parentId: ref('parent_id').references((): AnyPgColumn => menus.id),
    name: varchar('name', { length: 64 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull().default(''),
    type: smallint('type').notNull(),
    url: varchar('url', { length: 200 }),
    icon: varchar('icon', { length: 64 }),
    perms: varchar('perms', { length: 100 }),
    status: smallint('status').notNull().default(0),
    loadType: smallint('load_type').notNull().default(0),
    orderNum: integer('order_num').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_menu_key_uq').on(t.key), index('sys_menu_parent_idx').on(t.parentId), check('sys_menu_type_ck', sql`${t.type} in (0, 1, 2)`)],
);

/**
 * Roles held by users. `orgId` is the role's organisation (the composite foreign key keeps it
 * equal to the role's), so scoped reads and writes filter the link itself.
 */
export const userRoles = pgTable(
  'sys_user_role',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: ref('role_id').notNull(),
    orgId: ref('org_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    index('sys_user_role_role_idx').on(t.roleId),
    foreignKey({ name: 'sys_user_role_role_org_fk', columns: [t.roleId, t.orgId], foreignColumns: [roles.id, roles.orgId] }),
  ],
);

/** A role's menu permissions; `orgId` is the role's organisation (held equal by the composite foreign key). */
export const roleMenus = pgTable(
  'sys_role_menu',
  {
    roleId: ref('role_id').notNull(),
    orgId: ref('org_id').notNull(),
    menuId: ref('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.menuId] }),
    index('sys_role_menu_menu_idx').on(t.menuId),
    foreignKey({ name: 'sys_role_menu_role_org_fk', columns: [t.roleId, t.orgId], foreignColumns: [roles.id, roles.orgId] }).onDelete('cascade'),
  ],
);

/** Menus given to a user directly, per organisation (`user/assign-menu`). */
export const userMenus = pgTable(
  'sys_user_menu',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: ref('org_id')
      .notNull()
      .references(() => orgs.id),
    menuId: ref('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orgId, t.menuId] }), index('sys_user_menu_menu_idx').on(t.menuId)],
);

/** System parameters. `sealed` entries are read-only and keep `defaultValue`. */
export const configs = pgTable(
  'sys_config',
  {
    id: id(),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    type: varchar('type', { length: 32 }).notNull().default('system'),
    subType: varchar('sub_type', { length: 32 }),
    value: text('value').notNull().default(''),
    defaultValue: text('default_value'),
    sealed: boolean('sealed').notNull().default(false),
    remark: varchar('remark', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_config_code_uq').on(t.code)],
);

export const dicts = pgTable(
  'sys_dict',
  {
    id: id(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    type: varchar('type', { length: 32 }).notNull().default('system'),
    sealed: boolean('sealed').notNull().default(false),
    remark: varchar('remark', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_dict_code_uq').on(t.code)],
);

export const dictItems = pgTable(
  'sys_dict_item',
  {
    id: id(),
    dictId: ref('dict_id')
      .notNull()
      .references(() => dicts.id, { onDelete: 'cascade' }),
    value: varchar('value', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }),
    orderNum: integer('order_num').notNull().default(0),
    status: smallint('status').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_dict_item_uq').on(t.dictId, t.value), check('sys_dict_item_name_ck', sql`position(' ' in ${t.name}) = 0`)],
);

/** A single counter bumped whenever roles, menus or assignments change (permission caches key on it). */
export const meta = pgTable('sys_meta', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
  text: jsonb('text'),
});

/**
 * The role-to-API registry: one row per API route, written at start-up from the server's own
 * route table (`routeRegistry`). `permission` is the route's menu permission (null: public,
 * '': any signed-in user). Routes no longer served stay with `active = false`.
 */
export const apis = pgTable(
  'sys_api',
  {
    id: id(),
    method: varchar('method', { length: 8 }).notNull(),
    url: varchar('url', { length: 300 }).notNull(),
    permission: varchar('permission', { length: 500 }),
    module: varchar('module', { length: 64 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    active: boolean('active').notNull().default(true),
    remark: varchar('remark', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('sys_api_route_uq').on(t.method, t.url)],
);

/** Roles granted an API route. A route with grants may only be called by holders of one of them (or ROLE_ADMIN). */
export const apiRoles = pgTable(
  'sys_api_role',
  {
    apiId: ref('api_id')
      .notNull()
      .references(() => apis.id, { onDelete: 'cascade' }),
    roleId: ref('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.apiId, t.roleId] }), index('sys_api_role_role_idx').on(t.roleId)],
);
