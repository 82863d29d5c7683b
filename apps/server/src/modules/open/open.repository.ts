import { and, count, desc, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db.ts';
import { expectOneUpdated, inScope, assertInScope, type Scope, type SystemScope } from '../../platform/scope.ts';
import { containsText, orgs } from '../system/index.ts';
import { openApis, openApps, openCallLogs, openGrants, openNonces } from './open.table.ts';

/**
 * Every query on the open-access tables. Applications, grants and the call log belong to an
 * organisation (a required scope in every where); the interfaces and the nonces are platform-wide.
 */
export type OpenAppRecord = typeof openApps.$inferSelect;
export type OpenApiRecord = typeof openApis.$inferSelect;

// ---------------------------------------------------------------- applications

export interface AppFilter {
  name?: string;
  appKey?: string;
  status?: number;
  orgId?: number;
}

export async function pageApps(db: Executor, scope: Scope, f: AppFilter, page: { limit: number; offset: number }) {
  const where = and(
    inScope(scope, openApps.orgId),
    f.name ? containsText(openApps.name, f.name) : undefined,
    f.appKey ? eq(openApps.appKey, f.appKey) : undefined,
    f.status !== undefined ? eq(openApps.status, f.status) : undefined,
    f.orgId !== undefined ? eq(openApps.orgId, f.orgId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ app: openApps, orgName: orgs.name })
      .from(openApps)
      .innerJoin(orgs, eq(orgs.id, openApps.orgId))
      .where(where)
      .orderBy(desc(openApps.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(openApps).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function appById(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select({ app: openApps, orgName: orgs.name })
    .from(openApps)
    .innerJoin(orgs, eq(orgs.id, openApps.orgId))
    .where(and(eq(openApps.id, id), inScope(scope, openApps.orgId)));
  return row;
}

/** The application a signed call names (any organisation's: the key is the caller's identity). */
export async function appByKey(db: Executor, _scope: SystemScope, appKey: string): Promise<OpenAppRecord | undefined> {
  const [row] = await db.select().from(openApps).where(eq(openApps.appKey, appKey));
  return row;
}

export async function insertApp(db: Executor, scope: Scope, values: typeof openApps.$inferInsert): Promise<OpenAppRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(openApps).values(values).returning();
  return row!;
}

export async function updateApp(db: Executor, scope: Scope, id: number, version: number, values: Partial<typeof openApps.$inferInsert>): Promise<void> {
  const rows = await db
    .update(openApps)
    .set({ ...values, version: sql`${openApps.version} + 1`, updatedAt: new Date() })
    .where(and(eq(openApps.id, id), eq(openApps.version, version), inScope(scope, openApps.orgId)))
    .returning({ id: openApps.id });
  expectOneUpdated(rows);
}

export async function deleteApps(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const rows = await db
    .delete(openApps)
    .where(and(inArray(openApps.id, ids), inScope(scope, openApps.orgId)))
    .returning({ id: openApps.id });
  return rows.length;
}

// ---------------------------------------------------------------- grants

/** The interface ids granted to each of these applications. */
export async function grantsOf(db: Executor, scope: Scope, appIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(appIds.map((id) => [id, []]));
  if (!appIds.length) return out;
  const rows = await db
    .select({ appId: openGrants.appId, apiId: openGrants.apiId })
    .from(openGrants)
    .where(and(inArray(openGrants.appId, appIds), inScope(scope, openGrants.orgId)));
  for (const r of rows) out.get(r.appId)?.push(r.apiId);
  return out;
}

/** Replaces an application's grants (the application was found in scope first). */
export async function replaceGrants(tx: Tx, scope: Scope, app: { id: number; orgId: number }, apiIds: number[]): Promise<void> {
  await tx.delete(openGrants).where(and(eq(openGrants.appId, app.id), inScope(scope, openGrants.orgId)));
  if (apiIds.length) await tx.insert(openGrants).values(apiIds.map((apiId) => ({ orgId: app.orgId, appId: app.id, apiId })));
}

/** The codes of the open interfaces an application may call (granted, and open). */
export async function grantedCodes(db: Executor, _scope: SystemScope, appId: number): Promise<Set<string>> {
  const rows = await db
    .select({ code: openApis.code })
    .from(openGrants)
    .innerJoin(openApis, eq(openApis.id, openGrants.apiId))
    .where(and(eq(openGrants.appId, appId), eq(openApis.status, 0)));
  return new Set(rows.map((r) => r.code));
}

// ---------------------------------------------------------------- interfaces (platform-wide)

export async function pageApis(db: Executor, f: { name?: string; code?: string; status?: number }, page: { limit: number; offset: number }) {
  const where = and(
    f.name ? containsText(openApis.name, f.name) : undefined,
    f.code ? containsText(openApis.code, f.code) : undefined,
    f.status !== undefined ? eq(openApis.status, f.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(openApis).where(where).orderBy(openApis.code).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(openApis).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function apiIdsExisting(db: Executor, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: openApis.id }).from(openApis).where(inArray(openApis.id, ids));
  return rows.map((r) => r.id);
}

export async function updateApi(db: Executor, id: number, version: number, values: Partial<typeof openApis.$inferInsert>): Promise<OpenApiRecord> {
  const rows = await db
    .update(openApis)
    .set({ ...values, version: sql`${openApis.version} + 1` })
    .where(and(eq(openApis.id, id), eq(openApis.version, version)))
    .returning();
  expectOneUpdated(rows);
  return rows[0]!;
}

export async function apiById(db: Executor, id: number): Promise<OpenApiRecord | undefined> {
  const [row] = await db.select().from(openApis).where(eq(openApis.id, id));
  return row;
}

/** An open interface as the code declares it (`defineOpenRoute`). */
export interface OpenRouteDef {
  code: string;
  name: string;
  nameEn: string;
  method: string;
  uri: string;
  description: string;
  descriptionEn: string;
  apiVersion: string;
}

/**
 * Writes the interfaces the code declares: new ones are added, the method and uri of known
 * ones follow the code; the names and descriptions administrators edited are kept (an English one
 * still empty, as on interfaces from before migration 0020, is filled from the code).
 */
export async function syncApis(db: Executor, defs: readonly OpenRouteDef[]): Promise<void> {
  for (const d of defs) {
    await db
      .insert(openApis)
      .values(d)
      .onConflictDoUpdate({
        target: openApis.code,
        set: {
          method: d.method,
          uri: d.uri,
          apiVersion: d.apiVersion,
          nameEn: sql`case when ${openApis.nameEn} = '' then ${d.nameEn} else ${openApis.nameEn} end`,
          descriptionEn: sql`coalesce(${openApis.descriptionEn}, ${d.descriptionEn})`,
        },
        setWhere: sql`${openApis.method} <> ${d.method} or ${openApis.uri} <> ${d.uri} or ${openApis.apiVersion} <> ${d.apiVersion} or ${openApis.nameEn} = '' or ${openApis.descriptionEn} is null`,
      });
  }
}

// ---------------------------------------------------------------- nonces (platform-wide)

/** Claims a nonce for the time window: false when the application used it already (a replay). */
export async function claimNonce(db: Executor, appId: number, nonce: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(openNonces).values({ appId, nonce, expiresAt }).onConflictDoNothing().returning({ appId: openNonces.appId });
  return rows.length === 1;
}

export async function purgeNonces(db: Executor, now: Date): Promise<void> {
  await db.delete(openNonces).where(lt(openNonces.expiresAt, now));
}

// ---------------------------------------------------------------- call log

export async function insertCallLog(db: Executor, _scope: SystemScope, row: typeof openCallLogs.$inferInsert): Promise<void> {
  await db.insert(openCallLogs).values(row);
}

export interface CallLogFilter {
  appKey?: string;
  apiCode?: string;
  result?: 'ok' | 'refused';
  from?: Date;
  to?: Date;
}

export async function pageCallLogs(db: Executor, scope: Scope, f: CallLogFilter, page: { limit: number; offset: number }) {
  const where: SQL | undefined = and(
    inScope(scope, openCallLogs.orgId),
    f.appKey ? eq(openCallLogs.appKey, f.appKey) : undefined,
    f.apiCode ? eq(openCallLogs.apiCode, f.apiCode) : undefined,
    f.result === 'ok' ? eq(openCallLogs.code, 0) : f.result === 'refused' ? ne(openCallLogs.code, 0) : undefined,
    f.from ? gte(openCallLogs.createdAt, f.from) : undefined,
    f.to ? lte(openCallLogs.createdAt, f.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ log: openCallLogs, appName: openApps.name })
      .from(openCallLogs)
      .leftJoin(openApps, eq(openApps.id, openCallLogs.appId))
      .where(where)
      .orderBy(desc(openCallLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(openCallLogs).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}
