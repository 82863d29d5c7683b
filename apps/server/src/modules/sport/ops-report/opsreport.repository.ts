import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { OpsReportKind } from '@venue/contract';
import type { Executor } from '../../../platform/db.ts';
import { inScope, type Scope } from '../../../platform/scope.ts';
import { scopedRepo } from '../../../platform/scopedRepo.ts';
import { venues } from '../venue/index.ts';
import { opsReports, opsReportVersions } from './opsreport.table.ts';

/** Every query of the ops-report module; each takes the scope. */

export const reportRepo = scopedRepo(opsReports);
export const reportVersionRepo = scopedRepo(opsReportVersions);
export type OpsReportRecord = typeof opsReports.$inferSelect;

export type ReportFilter = { id?: number; kind?: OpsReportKind; venueId?: number; from?: string; to?: string };

/** Reports with their venue's name, the latest period first. */
export async function pageReports(db: Executor, scope: Scope, f: ReportFilter, page: { limit: number; offset: number }) {
  const where = reportRepo.where(
    scope,
    f.id ? eq(opsReports.id, f.id) : undefined,
    f.kind ? eq(opsReports.kind, f.kind) : undefined,
    f.venueId ? eq(opsReports.venueId, f.venueId) : undefined,
    f.from ? gte(opsReports.toDay, f.from) : undefined,
    f.to ? lte(opsReports.fromDay, f.to) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({ report: opsReports, stadiumName: venues.stadiumName })
      .from(opsReports)
      .innerJoin(venues, eq(venues.id, opsReports.venueId))
      .where(where)
      .orderBy(desc(opsReports.fromDay), desc(opsReports.id))
      .limit(page.limit)
      .offset(page.offset),
    reportRepo.count(db, scope, where),
  ]);
  return { total, rows };
}

export const versionsOf = (db: Executor, scope: Scope, reportId: number) =>
  db
    .select()
    .from(opsReportVersions)
    .where(reportVersionRepo.where(scope, eq(opsReportVersions.reportId, reportId)))
    .orderBy(asc(opsReportVersions.no));

/**
 * The one conditional write of a change (an edit's sections and adjustments, a regeneration's
 * figures): at the version seen, raising it; undefined when the version is old.
 */
export async function updateReportRow(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  set: Partial<Pick<OpsReportRecord, 'adjustments' | 'sections' | 'generated' | 'settlement'>>,
) {
  const [row] = await db
    .update(opsReports)
    .set({ ...set, version: version + 1, updatedAt: new Date() })
    .where(reportRepo.where(scope, and(eq(opsReports.id, id), eq(opsReports.version, version))))
    .returning();
  return row;
}

/** The demo's venue (the organisation's first) and whether the organisation has a report yet. */
export async function demoRefs(db: Executor, scope: Scope) {
  const [venue] = await db
    .select({ id: venues.id, orgId: venues.orgId, timeZone: venues.timeZone })
    .from(venues)
    .where(inScope(scope, venues.orgId))
    .orderBy(asc(venues.id))
    .limit(1);
  return { venue, reports: await reportRepo.count(db, scope) };
}
