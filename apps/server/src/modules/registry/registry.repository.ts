import { and, asc, count, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../platform/scope.ts';
import { containsText, orgs } from '../system/index.ts';
import {
  registryApps,
  registryEnvServices,
  registryEnvs,
  registryGroups,
  registryInstances,
  registryServices,
  registryTranslations,
} from './registry.table.ts';

/**
 * Every query on the registry tables. Each function takes a required scope and puts it in the
 * `where` of every read and write; inserts check the organisation first (100404 outside the scope).
 */
export type AppRecord = typeof registryApps.$inferSelect;
export type EnvRecord = typeof registryEnvs.$inferSelect;
export type GroupRecord = typeof registryGroups.$inferSelect;
export type InstanceRecord = typeof registryInstances.$inferSelect;
export type ServiceRecord = typeof registryServices.$inferSelect;
export type TranslationRecord = typeof registryTranslations.$inferSelect;

export interface Page {
  limit: number;
  offset: number;
}
const bump = (version: Column) => ({ version: sql`${version} + 1`, updatedAt: new Date() });
const total = (r: { n: number }[]) => Number(r[0]?.n ?? 0);

// ---------------------------------------------------------------- applications

export interface AppFilter {
  ids?: number[];
  name?: string;
  code?: string;
  appKey?: string;
}
export const appSorts = { name: registryApps.name, code: registryApps.code, createTime: registryApps.createdAt, updateTime: registryApps.updatedAt };
export const appDefaultOrder = [asc(registryApps.orgId), asc(registryApps.id)];

function appWhere(scope: Scope, f: AppFilter): SQL | undefined {
  return and(
    inScope(scope, registryApps.orgId),
    f.ids ? inArray(registryApps.id, f.ids) : undefined,
    f.name ? containsText(registryApps.name, f.name) : undefined,
    f.code ? containsText(registryApps.code, f.code) : undefined,
    f.appKey ? eq(registryApps.appKey, f.appKey) : undefined,
  );
}

// Correlated by the outer table's qualified name: an unqualified column would bind to the subquery's own table.
const serviceCount = sql<number>`(select count(*)::int from registry_service s where s.app_id = "registry_app"."id")`;

export async function pageApps(db: Executor, scope: Scope, f: AppFilter, order: SQL[], page: Page) {
  const where = appWhere(scope, f);
  const [rows, n] = await Promise.all([
    db
      .select({ app: registryApps, orgName: orgs.name, serviceCount })
      .from(registryApps)
      .innerJoin(orgs, eq(orgs.id, registryApps.orgId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(registryApps).where(where),
  ]);
  return { total: total(n), rows };
}

export async function insertApps(db: Executor, scope: Scope, values: (typeof registryApps.$inferInsert)[]): Promise<AppRecord[]> {
  await assertInScope(
    db,
    scope,
    values.map((v) => v.orgId),
  );
  return values.length ? db.insert(registryApps).values(values).returning() : [];
}

export async function updateApp(db: Executor, scope: Scope, id: number, version: number, values: Partial<Pick<AppRecord, 'name' | 'code' | 'description'>>) {
  return db
    .update(registryApps)
    .set({ ...values, ...bump(registryApps.version) })
    .where(and(eq(registryApps.id, id), eq(registryApps.version, version), inScope(scope, registryApps.orgId)))
    .returning({ id: registryApps.id });
}

export async function deleteApps(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const rows = await db
    .delete(registryApps)
    .where(and(inArray(registryApps.id, ids), inScope(scope, registryApps.orgId)))
    .returning({ id: registryApps.id });
  return rows.length;
}

/** Applications of one organisation by code (imports name the owning application by its code). */
export async function appsByCode(db: Executor, scope: Scope, orgId: number, codes: string[]): Promise<AppRecord[]> {
  if (!codes.length) return [];
  return db
    .select()
    .from(registryApps)
    .where(and(eq(registryApps.orgId, orgId), inArray(registryApps.code, codes), inScope(scope, registryApps.orgId)));
}

// ---------------------------------------------------------------- services

export interface ServiceFilter {
  ids?: number[];
  name?: string;
  code?: string;
  appId?: number;
  type?: string;
}
export const serviceSorts = {
  name: registryServices.name,
  code: registryServices.code,
  serviceVersion: registryServices.serviceVersion,
  createTime: registryServices.createdAt,
  updateTime: registryServices.updatedAt,
};
export const serviceDefaultOrder = [asc(registryServices.orgId), asc(registryServices.id)];

function serviceWhere(scope: Scope, f: ServiceFilter): SQL | undefined {
  return and(
    inScope(scope, registryServices.orgId),
    f.ids ? inArray(registryServices.id, f.ids) : undefined,
    f.name ? containsText(registryServices.name, f.name) : undefined,
    f.code ? containsText(registryServices.code, f.code) : undefined,
    f.appId !== undefined ? eq(registryServices.appId, f.appId) : undefined,
    f.type ? eq(registryServices.type, f.type) : undefined,
  );
}

export async function pageServices(db: Executor, scope: Scope, f: ServiceFilter, order: SQL[], page: Page) {
  const where = serviceWhere(scope, f);
  const [rows, n] = await Promise.all([
    db
      .select({ service: registryServices, appCode: registryApps.code })
      .from(registryServices)
      .innerJoin(registryApps, eq(registryApps.id, registryServices.appId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(registryServices).where(where),
  ]);
  return { total: total(n), rows };
}

export async function insertServices(db: Executor, scope: Scope, values: (typeof registryServices.$inferInsert)[]): Promise<ServiceRecord[]> {
  await assertInScope(
    db,
    scope,
    values.map((v) => v.orgId),
  );
  return values.length ? db.insert(registryServices).values(values).returning() : [];
}

export async function updateService(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof registryServices.$inferInsert, 'id' | 'orgId' | 'version'>>,
) {
  return db
    .update(registryServices)
    .set({ ...values, ...bump(registryServices.version) })
    .where(and(eq(registryServices.id, id), eq(registryServices.version, version), inScope(scope, registryServices.orgId)))
    .returning({ id: registryServices.id });
}

export async function deleteServices(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const rows = await db
    .delete(registryServices)
    .where(and(inArray(registryServices.id, ids), inScope(scope, registryServices.orgId)))
    .returning({ id: registryServices.id });
  return rows.length;
}

/** The organisation of each of these services in the scope (an environment deploys its own organisation's services only). */
export async function serviceOrgs(db: Executor, scope: Scope, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: registryServices.id, orgId: registryServices.orgId })
    .from(registryServices)
    .where(and(inArray(registryServices.id, ids), inScope(scope, registryServices.orgId)));
  return new Map(rows.map((r) => [r.id, r.orgId]));
}

/** Services of one organisation by `code` and `code:version` (environment imports name them so). */
export async function servicesOfOrg(db: Executor, scope: Scope, orgId: number) {
  return db
    .select({ id: registryServices.id, code: registryServices.code, serviceVersion: registryServices.serviceVersion })
    .from(registryServices)
    .where(and(eq(registryServices.orgId, orgId), inScope(scope, registryServices.orgId)));
}

// ---------------------------------------------------------------- environments

export interface EnvFilter {
  ids?: number[];
  name?: string;
  code?: string;
}
export const envSorts = { name: registryEnvs.name, code: registryEnvs.code, createTime: registryEnvs.createdAt, updateTime: registryEnvs.updatedAt };
export const envDefaultOrder = [asc(registryEnvs.orgId), asc(registryEnvs.id)];

function envWhere(scope: Scope, f: EnvFilter): SQL | undefined {
  return and(
    inScope(scope, registryEnvs.orgId),
    f.ids ? inArray(registryEnvs.id, f.ids) : undefined,
    f.name ? containsText(registryEnvs.name, f.name) : undefined,
    f.code ? containsText(registryEnvs.code, f.code) : undefined,
  );
}

const groupCount = sql<number>`(select count(*)::int from registry_env_group g where g.env_id = "registry_env"."id")`;
const instanceCount = sql<number>`(select count(*)::int from registry_env_instance i where i.env_id = "registry_env"."id")`;

export async function pageEnvs(db: Executor, scope: Scope, f: EnvFilter, order: SQL[], page: Page) {
  const where = envWhere(scope, f);
  const [rows, n] = await Promise.all([
    db
      .select({ env: registryEnvs, orgName: orgs.name, groupCount, instanceCount })
      .from(registryEnvs)
      .innerJoin(orgs, eq(orgs.id, registryEnvs.orgId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(registryEnvs).where(where),
  ]);
  return { total: total(n), rows };
}

/** The services deployed in these environments, with what the list shows of them. */
export async function envServices(db: Executor, scope: Scope, envIds: number[]) {
  if (!envIds.length) return [];
  return db
    .select({
      envId: registryEnvServices.envId,
      id: registryServices.id,
      name: registryServices.name,
      code: registryServices.code,
      serviceVersion: registryServices.serviceVersion,
    })
    .from(registryEnvServices)
    .innerJoin(registryServices, eq(registryServices.id, registryEnvServices.serviceId))
    .where(and(inArray(registryEnvServices.envId, envIds), inScope(scope, registryEnvServices.orgId)))
    .orderBy(asc(registryServices.code), asc(registryServices.serviceVersion));
}

export async function insertEnvs(db: Executor, scope: Scope, values: (typeof registryEnvs.$inferInsert)[]): Promise<EnvRecord[]> {
  await assertInScope(
    db,
    scope,
    values.map((v) => v.orgId),
  );
  return values.length ? db.insert(registryEnvs).values(values).returning() : [];
}

export async function updateEnv(db: Executor, scope: Scope, id: number, version: number, values: Partial<Pick<EnvRecord, 'name' | 'code' | 'remark'>>) {
  return db
    .update(registryEnvs)
    .set({ ...values, ...bump(registryEnvs.version) })
    .where(and(eq(registryEnvs.id, id), eq(registryEnvs.version, version), inScope(scope, registryEnvs.orgId)))
    .returning({ id: registryEnvs.id });
}

/** Replaces the services deployed in an environment (found in scope first; the services checked to be its organisation's). */
export async function replaceEnvServices(db: Executor, scope: Scope, env: { id: number; orgId: number }, serviceIds: number[]): Promise<void> {
  await db.delete(registryEnvServices).where(and(eq(registryEnvServices.envId, env.id), inScope(scope, registryEnvServices.orgId)));
  if (serviceIds.length) await db.insert(registryEnvServices).values(serviceIds.map((serviceId) => ({ orgId: env.orgId, envId: env.id, serviceId })));
}

export async function deleteEnvs(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const rows = await db
    .delete(registryEnvs)
    .where(and(inArray(registryEnvs.id, ids), inScope(scope, registryEnvs.orgId)))
    .returning({ id: registryEnvs.id });
  return rows.length;
}

// ---------------------------------------------------------------- groups

export async function pageGroups(db: Executor, scope: Scope, f: { envId: number; ids?: number[]; name?: string; status?: number }, page: Page) {
  const where = and(
    inScope(scope, registryGroups.orgId),
    eq(registryGroups.envId, f.envId),
    f.ids ? inArray(registryGroups.id, f.ids) : undefined,
    f.name ? containsText(registryGroups.name, f.name) : undefined,
    f.status !== undefined ? eq(registryGroups.status, f.status) : undefined,
  );
  const instances = sql<number>`(select count(*)::int from registry_env_instance i where i.group_id = "registry_env_group"."id")`;
  const [rows, n] = await Promise.all([
    db
      .select({ group: registryGroups, instanceCount: instances })
      .from(registryGroups)
      .where(where)
      .orderBy(asc(registryGroups.code))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(registryGroups).where(where),
  ]);
  return { total: total(n), rows };
}

export async function groupsByIds(db: Executor, scope: Scope, ids: number[]): Promise<GroupRecord[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(registryGroups)
    .where(and(inArray(registryGroups.id, ids), inScope(scope, registryGroups.orgId)));
}

export async function insertGroup(db: Executor, scope: Scope, values: typeof registryGroups.$inferInsert): Promise<GroupRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(registryGroups).values(values).returning();
  return row!;
}

export async function updateGroup(db: Executor, scope: Scope, id: number, version: number, values: Partial<Pick<GroupRecord, 'name' | 'code' | 'status'>>) {
  return db
    .update(registryGroups)
    .set({ ...values, ...bump(registryGroups.version) })
    .where(and(eq(registryGroups.id, id), eq(registryGroups.version, version), inScope(scope, registryGroups.orgId)))
    .returning({ id: registryGroups.id });
}

export async function deleteGroups(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const rows = await db
    .delete(registryGroups)
    .where(and(inArray(registryGroups.id, ids), inScope(scope, registryGroups.orgId)))
    .returning({ id: registryGroups.id });
  return rows.length;
}

// ---------------------------------------------------------------- instances

export async function pageInstances(db: Executor, scope: Scope, f: { envId?: number; ids?: number[]; groupId?: number; code?: string }, page: Page) {
  const where = and(
    inScope(scope, registryInstances.orgId),
    f.envId !== undefined ? eq(registryInstances.envId, f.envId) : undefined,
    f.ids ? inArray(registryInstances.id, f.ids) : undefined,
    f.groupId !== undefined ? eq(registryInstances.groupId, f.groupId) : undefined,
    f.code ? containsText(registryInstances.code, f.code) : undefined,
  );
  const [rows, n] = await Promise.all([
    db
      .select({ instance: registryInstances, groupName: registryGroups.name })
      .from(registryInstances)
      .innerJoin(registryGroups, eq(registryGroups.id, registryInstances.groupId))
      .where(where)
      .orderBy(asc(registryInstances.code))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(registryInstances).where(where),
  ]);
  return { total: total(n), rows };
}

export async function insertInstance(db: Executor, scope: Scope, values: typeof registryInstances.$inferInsert): Promise<InstanceRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(registryInstances).values(values).returning();
  return row!;
}

export async function updateInstance(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Pick<InstanceRecord, 'groupId' | 'code' | 'ip' | 'port'>>,
) {
  return db
    .update(registryInstances)
    .set({ ...values, ...bump(registryInstances.version) })
    .where(and(eq(registryInstances.id, id), eq(registryInstances.version, version), inScope(scope, registryInstances.orgId)))
    .returning({ id: registryInstances.id });
}

export async function deleteInstances(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const rows = await db
    .delete(registryInstances)
    .where(and(inArray(registryInstances.id, ids), inScope(scope, registryInstances.orgId)))
    .returning({ id: registryInstances.id });
  return rows.length;
}

// ---------------------------------------------------------------- translation items

export interface TranslationFilter {
  ids?: number[];
  code?: string;
  queryApi?: string;
}
export const translationSorts = { code: registryTranslations.code, createTime: registryTranslations.createdAt, updateTime: registryTranslations.updatedAt };
export const translationDefaultOrder = [asc(registryTranslations.orgId), asc(registryTranslations.id)];

export async function pageTranslations(db: Executor, scope: Scope, f: TranslationFilter, order: SQL[], page: Page) {
  const where = and(
    inScope(scope, registryTranslations.orgId),
    f.ids ? inArray(registryTranslations.id, f.ids) : undefined,
    f.code ? containsText(registryTranslations.code, f.code) : undefined,
    f.queryApi ? containsText(registryTranslations.queryApi, f.queryApi) : undefined,
  );
  const [rows, n] = await Promise.all([
    db
      .select({ item: registryTranslations, orgName: orgs.name })
      .from(registryTranslations)
      .innerJoin(orgs, eq(orgs.id, registryTranslations.orgId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(registryTranslations).where(where),
  ]);
  return { total: total(n), rows };
}

export async function insertTranslations(db: Executor, scope: Scope, values: (typeof registryTranslations.$inferInsert)[]): Promise<TranslationRecord[]> {
  await assertInScope(
    db,
    scope,
    values.map((v) => v.orgId),
  );
  return values.length ? db.insert(registryTranslations).values(values).returning() : [];
}

export async function updateTranslation(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof registryTranslations.$inferInsert, 'id' | 'orgId' | 'version'>>,
) {
  return db
    .update(registryTranslations)
    .set({ ...values, ...bump(registryTranslations.version) })
    .where(and(eq(registryTranslations.id, id), eq(registryTranslations.version, version), inScope(scope, registryTranslations.orgId)))
    .returning({ id: registryTranslations.id });
}

export async function deleteTranslations(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const rows = await db
    .delete(registryTranslations)
    .where(and(inArray(registryTranslations.id, ids), inScope(scope, registryTranslations.orgId)))
    .returning({ id: registryTranslations.id });
  return rows.length;
}

/** Codes already used in one organisation (imports refuse them row by row). */
export async function takenCodes(db: Executor, scope: Scope, table: 'app' | 'env' | 'translation', orgId: number, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const t = table === 'app' ? registryApps : table === 'env' ? registryEnvs : registryTranslations;
  const rows = await db
    .select({ code: t.code })
    .from(t)
    .where(and(eq(t.orgId, orgId), inArray(t.code, codes), inScope(scope, t.orgId)));
  return new Set(rows.map((r) => r.code));
}
