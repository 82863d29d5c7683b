import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';
import { ipv4Number } from './openApp.ts';

/**
 * The service registry (issue 14, spec 3 "Application", "Environment", "Service", "Translation
 * item"): an organisation's applications, the environments they deploy to (with groups and
 * instances), the services of each application, and the translation items the console's
 * dictionary translation reads (a list interface of the console API and the columns it maps).
 */

/** Descriptions of applications and services: at most 50 characters (spec 5). */
const description = fields.optText(50);
const remark = fields.optText(200);
/** A code: letters, digits, `_`, `-` and `.`, starting with a letter or digit. */
const code = (max: number) =>
  fields
    .str()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'registry.code');
const name = fields.str().trim().min(1).max(64);

// ---------------------------------------------------------------- applications

export const registryAppCreate = z.object({
  orgId: fields.id.optional(),
  name,
  code: code(64),
  description,
});
export type RegistryAppCreate = z.output<typeof registryAppCreate>;
export const registryAppUpdate = updateOf(registryAppCreate.omit({ orgId: true }));
export type RegistryAppUpdate = z.output<typeof registryAppUpdate>;
export const registryAppListQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  code: fields.str().trim().max(64).optional(),
  appKey: fields.str().trim().max(64).optional(),
});
export type RegistryAppListQuery = z.output<typeof registryAppListQuery>;
export const registryAppRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  appKey: z.string(),
  /** How many services the application owns (an application with services cannot be deleted). */
  serviceCount: z.number(),
  version: z.number(),
  createTime: fields.instantOut,
  updateTime: fields.instantOut,
});
export type RegistryAppRow = z.output<typeof registryAppRow>;

// ---------------------------------------------------------------- environments

export const registryEnvCreate = z.object({
  orgId: fields.id.optional(),
  name,
  code: code(64),
  remark,
  /** The services deployed in the environment. */
  serviceIds: fields.idArray(500).optional(),
});
export type RegistryEnvCreate = z.output<typeof registryEnvCreate>;
export const registryEnvUpdate = updateOf(registryEnvCreate.omit({ orgId: true }));
export type RegistryEnvUpdate = z.output<typeof registryEnvUpdate>;
export const registryEnvListQuery = pageQuery.extend({ name: fields.str().trim().max(64).optional(), code: fields.str().trim().max(64).optional() });
export type RegistryEnvListQuery = z.output<typeof registryEnvListQuery>;
export const registryEnvRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  name: z.string(),
  code: z.string(),
  remark: z.string().nullable(),
  serviceIds: z.array(z.number()),
  /** The deployed services' names, `name (code version)`. */
  services: z.array(z.string()),
  groupCount: z.number(),
  instanceCount: z.number(),
  version: z.number(),
  createTime: fields.instantOut,
  updateTime: fields.instantOut,
});
export type RegistryEnvRow = z.output<typeof registryEnvRow>;

/** Group status: 0 enabled, 1 closed. */
export const REGISTRY_GROUP_STATUS = [0, 1] as const;
export const registryGroupCreate = z.object({
  envId: fields.id,
  code: code(64),
  name,
  status: fields.intIn(0, 1).default(0),
});
export type RegistryGroupCreate = z.output<typeof registryGroupCreate>;
export const registryGroupUpdate = updateOf(registryGroupCreate.omit({ envId: true }));
export type RegistryGroupUpdate = z.output<typeof registryGroupUpdate>;
export const registryGroupListQuery = pageQuery.extend({
  envId: fields.id,
  name: fields.str().trim().max(64).optional(),
  status: fields.intIn(0, 1).optional(),
});
export type RegistryGroupListQuery = z.output<typeof registryGroupListQuery>;
export const registryGroupRow = z.object({
  id: z.number(),
  envId: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.number(),
  instanceCount: z.number(),
  version: z.number(),
  createTime: fields.instantOut,
});
export type RegistryGroupRow = z.output<typeof registryGroupRow>;

/** An IPv4 address (spec 5: "ip valid"). */
export const registryIp = fields
  .str()
  .trim()
  .min(1)
  .max(15)
  .refine((v) => ipv4Number(v) !== null, 'registry.ip');
export const registryInstanceCreate = z.object({
  envId: fields.id,
  groupId: fields.id,
  code: code(64),
  ip: registryIp,
  port: fields.intIn(1, 65535),
});
export type RegistryInstanceCreate = z.output<typeof registryInstanceCreate>;
export const registryInstanceUpdate = updateOf(registryInstanceCreate.omit({ envId: true }));
export type RegistryInstanceUpdate = z.output<typeof registryInstanceUpdate>;
export const registryInstanceListQuery = pageQuery.extend({ envId: fields.id, groupId: fields.id.optional(), code: fields.str().trim().max(64).optional() });
export type RegistryInstanceListQuery = z.output<typeof registryInstanceListQuery>;
export const registryInstanceRow = z.object({
  id: z.number(),
  envId: z.number(),
  groupId: z.number(),
  groupName: z.string(),
  code: z.string(),
  ip: z.string(),
  port: z.number(),
  /** When the instance was recorded. */
  recordTime: fields.instantOut,
  version: z.number(),
});
export type RegistryInstanceRow = z.output<typeof registryInstanceRow>;

// ---------------------------------------------------------------- services

export const REGISTRY_SERVICE_TYPES = ['http', 'rpc', 'websocket', 'mq'] as const;
export const REGISTRY_ENCODINGS = ['UTF-8', 'GBK', 'GB18030', 'ISO-8859-1'] as const;
export const registryServiceCreate = z.object({
  appId: fields.id,
  name,
  code: code(64),
  serviceVersion: fields
    .str()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'registry.code'),
  type: z.enum(REGISTRY_SERVICE_TYPES),
  description,
  /** The context path the service answers under, e.g. `/booking`. */
  context: fields
    .str()
    .trim()
    .min(1)
    .max(128)
    .regex(/^\/[A-Za-z0-9_\-./]*$/, 'registry.context'),
  requestEncoding: z.enum(REGISTRY_ENCODINGS).default('UTF-8'),
  responseEncoding: z.enum(REGISTRY_ENCODINGS).default('UTF-8'),
});
export type RegistryServiceCreate = z.output<typeof registryServiceCreate>;
export const registryServiceUpdate = updateOf(registryServiceCreate);
export type RegistryServiceUpdate = z.output<typeof registryServiceUpdate>;
export const registryServiceListQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  code: fields.str().trim().max(64).optional(),
  appId: fields.id.optional(),
  type: z.enum(REGISTRY_SERVICE_TYPES).optional(),
});
export type RegistryServiceListQuery = z.output<typeof registryServiceListQuery>;
export const registryServiceRow = z.object({
  id: z.number(),
  orgId: z.number(),
  appId: z.number(),
  name: z.string(),
  code: z.string(),
  serviceVersion: z.string(),
  type: fields.textOf(REGISTRY_SERVICE_TYPES),
  description: z.string().nullable(),
  context: z.string(),
  requestEncoding: fields.textOf(REGISTRY_ENCODINGS),
  responseEncoding: fields.textOf(REGISTRY_ENCODINGS),
  version: z.number(),
  createTime: fields.instantOut,
  updateTime: fields.instantOut,
});
export type RegistryServiceRow = z.output<typeof registryServiceRow>;

// ---------------------------------------------------------------- translation items

/** An interface of the console API: `<prefix>/<path>`, e.g. `system/registry/app/list`. */
const apiPath = fields
  .str()
  .trim()
  .min(3)
  .max(200)
  .regex(/^(system|stadium|sport|adapter)\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'registry.apiPath');
const column = fields
  .str()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'registry.column');
const optColumn = column
  .nullish()
  .or(z.literal(''))
  .transform((v) => (v ? v : null));

export const registryTranslationCreate = z.object({
  orgId: fields.id.optional(),
  code: code(64),
  /** A list interface (`POST x/list`) whose rows are translated. */
  queryApi: apiPath,
  /** Writes under this interface (`POST`, `PUT`, `DELETE` x...) clear the console's cached translations. */
  cacheApi: apiPath,
  /** The row field a stored value is matched against (e.g. `id`). */
  matchColumn: column,
  column1: column,
  column2: optColumn,
  column3: optColumn,
  column4: optColumn,
  remark,
});
export type RegistryTranslationCreate = z.output<typeof registryTranslationCreate>;
export const registryTranslationUpdate = updateOf(registryTranslationCreate.omit({ orgId: true }));
export type RegistryTranslationUpdate = z.output<typeof registryTranslationUpdate>;
export const registryTranslationListQuery = pageQuery.extend({
  code: fields.str().trim().max(64).optional(),
  queryApi: fields.str().trim().max(200).optional(),
});
export type RegistryTranslationListQuery = z.output<typeof registryTranslationListQuery>;
export const registryTranslationRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  code: z.string(),
  queryApi: z.string(),
  cacheApi: z.string(),
  matchColumn: z.string(),
  column1: z.string(),
  column2: z.string().nullable(),
  column3: z.string().nullable(),
  column4: z.string().nullable(),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: fields.instantOut,
  updateTime: fields.instantOut,
});
export type RegistryTranslationRow = z.output<typeof registryTranslationRow>;
/** `GET registry/translation/items`: what the console's translation reads (any signed-in user, own organisation). */
export const registryTranslationItem = registryTranslationRow.pick({
  code: true,
  queryApi: true,
  cacheApi: true,
  matchColumn: true,
  column1: true,
  column2: true,
  column3: true,
  column4: true,
});
export type RegistryTranslationItem = z.output<typeof registryTranslationItem>;
