import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { OpsReportFigures, OpsReportKind, OpsReportSettlement } from '@venue/contract';
import { orgId, userRef } from '../../system/index.ts';
import { venues } from '../venue/index.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * Operations reports (issue 30): a venue's weekly or final report for a period, generated from the
 * statistics aggregates and the ledger, then edited. docs/decisions.md, "Operations reports".
 */
export const opsReports = pgTable(
  'sport_ops_report',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    /** weekly | final. */
    kind: varchar('kind', { length: 8 }).$type<OpsReportKind>().notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    /** The figures as generated (or regenerated); never edited (adjustments sit beside them). */
    generated: jsonb('generated').$type<OpsReportFigures>().notNull(),
    adjustments: jsonb('adjustments').$type<Record<string, { value: number; note: string }>>().notNull().default({}),
    sections: jsonb('sections').$type<Record<string, string>>().notNull().default({}),
    settlement: jsonb('settlement').$type<OpsReportSettlement>().notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_ops_report_org_id_uq').on(t.orgId, t.id),
    // One report of a kind per venue and period: generating it twice is a conflict, not a copy.
    uniqueIndex('sport_ops_report_period_uq').on(t.venueId, t.kind, t.fromDay, t.toDay),
    index('sport_ops_report_org_kind_idx').on(t.orgId, t.kind, t.fromDay),
    foreignKey({ name: 'sport_ops_report_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }).onDelete('cascade'),
    check('sport_ops_report_kind_ck', sql`${t.kind} in ('weekly','final')`),
    check('sport_ops_report_period_ck', sql`${t.toDay} >= ${t.fromDay}`),
  ],
);

/** Every version of a report (generated = 1, then each edit): who, when, which fields. */
export const opsReportVersions = pgTable(
  'sport_ops_report_version',
  {
    id: id(),
    orgId: orgId(),
    reportId: bigint('report_id', { mode: 'number' }).notNull(),
    no: integer('no').notNull(),
    changed: jsonb('changed').$type<string[]>().notNull(),
    createdBy: userRef('created_by'),
    byName: varchar('by_name', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_ops_report_version_no_uq').on(t.reportId, t.no),
    foreignKey({ name: 'sport_ops_report_version_report_org_fk', columns: [t.orgId, t.reportId], foreignColumns: [opsReports.orgId, opsReports.id] }).onDelete(
      'cascade',
    ),
  ],
);
