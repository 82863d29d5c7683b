import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgId } from '../system/index.ts';
import { id } from '../../platform/columns.ts';

/**
 * The service registry (issue 14): an organisation's applications, its environments with their
 * groups and instances, the services of each application (and which environments run them), and
 * the translation items the console's dictionary translation reads. Every row is the organisation's.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });
const stamps = () => ({
  version: integer('version').notNull().default(1),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const registryApps = pgTable(
  'registry_app',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    description: varchar('description', { length: 50 }),
    appKey: varchar('app_key', { length: 64 }).notNull(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('registry_app_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('registry_app_org_code_uq').on(t.orgId, t.code),
    uniqueIndex('registry_app_key_uq').on(t.appKey),
  ],
);

export const registryEnvs = pgTable(
  'registry_env',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    remark: varchar('remark', { length: 200 }),
    ...stamps(),
  },
  (t) => [uniqueIndex('registry_env_org_id_uq').on(t.orgId, t.id), uniqueIndex('registry_env_org_code_uq').on(t.orgId, t.code)],
);

export const registryGroups = pgTable(
  'registry_env_group',
  {
    id: id(),
    orgId: orgId(),
    envId: bigint('env_id', { mode: 'number' }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** 0 enabled, 1 closed. */
    status: smallint('status').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    foreignKey({ name: 'registry_env_group_env_id_org_fk', columns: [t.orgId, t.envId], foreignColumns: [registryEnvs.orgId, registryEnvs.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('registry_env_group_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('registry_env_group_code_uq').on(t.envId, t.code),
    index('registry_env_group_org_idx').on(t.orgId),
    check('registry_env_group_status', sql`${t.status} in (0, 1)`),
  ],
);

export const registryInstances = pgTable(
  'registry_env_instance',
  {
    id: id(),
    orgId: orgId(),
    envId: bigint('env_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 15 }).notNull(),
    port: integer('port').notNull(),
    recordTime: at('record_time').notNull().defaultNow(),
    ...stamps(),
  },
  (t) => [
    foreignKey({
      name: 'registry_env_instance_group_id_org_fk',
      columns: [t.orgId, t.groupId],
      foreignColumns: [registryGroups.orgId, registryGroups.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'registry_env_instance_env_id_org_fk', columns: [t.orgId, t.envId], foreignColumns: [registryEnvs.orgId, registryEnvs.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('registry_env_instance_code_uq').on(t.envId, t.code),
    index('registry_env_instance_group_idx').on(t.groupId),
    index('registry_env_instance_org_idx').on(t.orgId),
    check('registry_env_instance_port', sql`${t.port} between 1 and 65535`),
  ],
);

export const registryServices = pgTable(
  'registry_service',
  {
    id: id(),
    orgId: orgId(),
    /** The owning application; an application with services cannot be deleted. */
    appId: bigint('app_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    serviceVersion: varchar('service_version', { length: 32 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    description: varchar('description', { length: 50 }),
    context: varchar('context', { length: 128 }).notNull(),
    requestEncoding: varchar('request_encoding', { length: 16 }).notNull().default('UTF-8'),
    responseEncoding: varchar('response_encoding', { length: 16 }).notNull().default('UTF-8'),
    ...stamps(),
  },
  (t) => [
    foreignKey({ name: 'registry_service_app_id_org_fk', columns: [t.orgId, t.appId], foreignColumns: [registryApps.orgId, registryApps.id] }),
    uniqueIndex('registry_service_org_id_uq').on(t.orgId, t.id),
    uniqueIndex('registry_service_code_uq').on(t.orgId, t.code, t.serviceVersion),
    index('registry_service_app_idx').on(t.appId),
  ],
);

/** The services deployed in an environment. */
export const registryEnvServices = pgTable(
  'registry_env_service',
  {
    orgId: orgId(),
    envId: bigint('env_id', { mode: 'number' }).notNull(),
    serviceId: bigint('service_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    foreignKey({
      name: 'registry_env_service_service_id_org_fk',
      columns: [t.orgId, t.serviceId],
      foreignColumns: [registryServices.orgId, registryServices.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'registry_env_service_env_id_org_fk', columns: [t.orgId, t.envId], foreignColumns: [registryEnvs.orgId, registryEnvs.id] }).onDelete(
      'cascade',
    ),
    primaryKey({ columns: [t.envId, t.serviceId] }),
    index('registry_env_service_service_idx').on(t.serviceId),
  ],
);

export const registryTranslations = pgTable(
  'registry_translation',
  {
    id: id(),
    orgId: orgId(),
    code: varchar('code', { length: 64 }).notNull(),
    queryApi: varchar('query_api', { length: 200 }).notNull(),
    cacheApi: varchar('cache_api', { length: 200 }).notNull(),
    matchColumn: varchar('match_column', { length: 64 }).notNull(),
    column1: varchar('column1', { length: 64 }).notNull(),
    column2: varchar('column2', { length: 64 }),
    column3: varchar('column3', { length: 64 }),
    column4: varchar('column4', { length: 64 }),
    remark: varchar('remark', { length: 200 }),
    ...stamps(),
  },
  (t) => [uniqueIndex('registry_translation_org_code_uq').on(t.orgId, t.code)],
);
