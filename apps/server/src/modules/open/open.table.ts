import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgs } from '../system/index.ts';
import { id } from '../../platform/columns.ts';

/**
 * Third-party application access (issue 14): applications with a key and a sealed secret, the
 * interfaces the code opens under `/api/open/`, the grants between them, the nonces seen within
 * the signing window (replays are refused by the primary key, across server processes), and the
 * log of every signed call.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const openApps = pgTable(
  'sys_open_app',
  {
    id: id(),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    name: varchar('name', { length: 64 }).notNull(),
    appKey: varchar('app_key', { length: 64 }).notNull(),
    /** The secret, sealed with the server's secret key (platform/keys.ts). */
    secretSealed: varchar('secret_sealed', { length: 300 }).notNull(),
    /** After a rotation the previous secret is accepted until `previous_until`. */
    previousSealed: varchar('previous_sealed', { length: 300 }),
    previousUntil: at('previous_until'),
    /** 0 available, 1 disabled. */
    status: smallint('status').notNull().default(0),
    restriction: varchar('restriction', { length: 9 }).notNull().default('whitelist'),
    ipRules: jsonb('ip_rules').$type<string[]>().notNull().default([]),
    ratePerMinute: integer('rate_per_minute').notNull().default(600),
    remark: varchar('remark', { length: 200 }),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_open_app_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('sys_open_app_key_uq').on(t.appKey),
    index('sys_open_app_org_idx').on(t.orgId, t.id),
    check('sys_open_app_restriction', sql`${t.restriction} in ('whitelist','blacklist')`),
    check('sys_open_app_rate', sql`${t.ratePerMinute} > 0`),
  ],
);

/** The interfaces opened to third parties: one row per open route of the code, described by administrators. */
export const openApis = pgTable(
  'sys_open_api',
  {
    id: id(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** The English name and description (the console shows the one of its language). */
    nameEn: varchar('name_en', { length: 64 }).notNull().default(''),
    method: varchar('method', { length: 8 }).notNull(),
    uri: varchar('uri', { length: 300 }).notNull(),
    description: varchar('description', { length: 500 }),
    descriptionEn: varchar('description_en', { length: 500 }),
    tokenCategory: varchar('token_category', { length: 16 }).notNull().default('signature'),
    apiVersion: varchar('api_version', { length: 16 }).notNull().default('v1'),
    /** 0 open, 1 closed (every call refused). */
    status: smallint('status').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_open_api_code_uq').on(t.code)],
);

export const openGrants = pgTable(
  'sys_open_grant',
  {
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    appId: bigint('app_id', { mode: 'number' }).notNull(),
    apiId: bigint('api_id', { mode: 'number' })
      .notNull()
      .references(() => openApis.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sys_open_grant_app_id_org_fk', columns: [t.orgId, t.appId], foreignColumns: [openApps.orgId, openApps.id] }).onDelete('cascade'),
    primaryKey({ columns: [t.appId, t.apiId] }),
  ],
);

/** Nonces of signed calls still inside the time window; older ones are deleted as calls come in. */
export const openNonces = pgTable(
  'sys_open_nonce',
  {
    appId: bigint('app_id', { mode: 'number' })
      .notNull()
      .references(() => openApps.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.nonce] }), index('sys_open_nonce_expiry_idx').on(t.expiresAt)],
);

/** Every call to `/api/open/`: admitted or refused, with its code and duration. */
export const openCallLogs = pgTable(
  'sys_open_call_log',
  {
    id: id(),
    /** The application's organisation (null when the key named no application). */
    orgId: bigint('org_id', { mode: 'number' }).references(() => orgs.id),
    appId: bigint('app_id', { mode: 'number' }).references(() => openApps.id, { onDelete: 'set null' }),
    appKey: varchar('app_key', { length: 64 }),
    apiCode: varchar('api_code', { length: 64 }),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 300 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    code: integer('code').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sys_open_call_log_time_idx').on(t.createdAt), index('sys_open_call_log_app_idx').on(t.appId, t.createdAt)],
);
