import { and, asc, desc, eq, ilike, inArray, lte, sql } from 'drizzle-orm';
import type { VersionCreate, VersionListQuery, VersionUpdate } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { orderOf, pageOf, selectPage } from '../../platform/list.ts';
import { expectOneUpdated } from '../../platform/scope.ts';
import { contains } from './config.service.ts';
import { appVersions } from './version.table.ts';
import './version.messages.ts';

const duplicateVersion = () => conflict('duplicate', 'version.duplicate', undefined, [{ field: 'versionNo', message: 'version.duplicate' }]);

/**
 * Released versions. `version/latest` answers the newest release of a platform whose
 * publication time has come (a release can be scheduled). Version numbers only go up.
 */

/** Compares dotted numeric versions (suffixes after - or + are ignored): -1, 0 or 1. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[-+]/)[0]!.split('.').map(Number);
  const pb = b.split(/[-+]/)[0]!.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

export async function latestVersion(db: Db, platform: string) {
  const [row] = await db
    .select()
    .from(appVersions)
    .where(and(eq(appVersions.platform, platform), lte(appVersions.publishedAt, sql`now()`)))
    .orderBy(desc(appVersions.publishedAt), desc(appVersions.id))
    .limit(1);
  return row ?? null;
}

export async function listVersions(db: Db, q: VersionListQuery) {
  const where = and(
    q.platform ? eq(appVersions.platform, q.platform) : undefined,
    q.versionNo ? ilike(appVersions.versionNo, contains(q.versionNo)) : undefined,
  );
  const { total, rows } = await selectPage(
    db,
    appVersions,
    where,
    [
      ...orderOf(q, { versionNo: appVersions.versionNo, platform: appVersions.platform, publishedAt: appVersions.publishedAt }, [
        desc(appVersions.publishedAt),
        desc(appVersions.id),
      ]),
      asc(appVersions.id),
    ],
    pageOf(q),
  );
  return { total, data: rows };
}

export async function getVersion(db: Db, id: number) {
  const [row] = await db.select().from(appVersions).where(eq(appVersions.id, id));
  if (!row) throw notFound();
  return row;
}

export async function publishVersion(db: Db, input: VersionCreate, userId: number) {
  return db.transaction(async (tx) => {
    // Serialise publications of one platform so "higher than the latest" holds under concurrency.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sys_version:' + input.platform}))`);
    const existing = await tx.select({ versionNo: appVersions.versionNo }).from(appVersions).where(eq(appVersions.platform, input.platform));
    if (existing.some((e) => e.versionNo === input.versionNo)) throw duplicateVersion();
    const highest = existing
      .map((e) => e.versionNo)
      .sort(compareVersions)
      .pop();
    if (highest && compareVersions(input.versionNo, highest) <= 0) {
      throw new AppError('INVALID', 'version.notNewer', { latest: highest }, [
        { field: 'versionNo', message: 'version.notNewer', params: { latest: highest } },
      ]);
    }
    try {
      const [row] = await tx
        .insert(appVersions)
        .values({
          versionNo: input.versionNo,
          platform: input.platform,
          content: input.content,
          force: input.force,
          publishedAt: input.publishedAt ?? new Date(),
          publishedBy: userId,
        })
        .returning();
      return row!;
    } catch (e) {
      if (isUniqueViolation(e)) throw duplicateVersion();
      throw e;
    }
  });
}

/** Corrects a release's notes, force flag or publication time; its number and platform stay. */
export async function editVersion(db: Db, id: number, input: VersionUpdate) {
  await getVersion(db, id);
  const rows = await db
    .update(appVersions)
    .set({
      content: input.content,
      force: input.force,
      ...(input.publishedAt ? { publishedAt: input.publishedAt } : {}),
      version: sql`${appVersions.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(appVersions.id, id), eq(appVersions.version, input.version)))
    .returning();
  expectOneUpdated(rows);
  return rows[0]!;
}

export async function deleteVersions(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(appVersions).where(inArray(appVersions.id, ids)).returning({ id: appVersions.id });
    if (rows.length !== new Set(ids).size) throw notFound();
    return rows.length;
  });
}
