import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';

/**
 * Operations reports (issue 30; spec 2.5 operatManagement finalReport and weeklyOperationsReport):
 * one venue's figures for a period, generated from the statistics aggregates and the ledger, then
 * edited by an operator (free-text sections, figures adjusted with a note), every edit a version.
 * Calls under `{sport}opsReport/`; money is integer fen.
 */
const at = fields.instantOut;

/** `weekly`: Monday to Sunday; `final`: a chosen period (at most 366 days) with its settlement report. */
export const OPS_REPORT_KINDS = ['weekly', 'final'] as const;
export type OpsReportKind = (typeof OPS_REPORT_KINDS)[number];

/** The figures an operator may adjust (each with a note). */
export const OPS_REPORT_FIGURES = ['revenueFen', 'refundFen', 'netFen', 'orders', 'bookings', 'ticketsSold', 'cardsSold', 'newMembers'] as const;
export type OpsReportFigure = (typeof OPS_REPORT_FIGURES)[number];
export const OPS_REPORT_SECTIONS = ['summary', 'highlights', 'problems', 'plan'] as const;
export type OpsReportSection = (typeof OPS_REPORT_SECTIONS)[number];

export const opsReportFigures = z.object(Object.fromEntries(OPS_REPORT_FIGURES.map((f) => [f, z.number().int()])) as Record<OpsReportFigure, z.ZodNumber>);
export type OpsReportFigures = z.output<typeof opsReportFigures>;

/** The settlement report: the ledger's money of the period per item kind and per payment method. */
export const opsReportSettlement = z.object({
  byKind: z.array(z.object({ kind: z.string(), grossFen: z.number().int(), refundFen: z.number().int(), netFen: z.number().int() })),
  byMethod: z.array(z.object({ method: z.string(), netFen: z.number().int() })),
  totals: z.object({ grossFen: z.number().int(), refundFen: z.number().int(), netFen: z.number().int() }),
  /** The ledger entries read (first and last id, how many): the report can be traced back. */
  ledger: z.object({ firstId: z.number().nullable(), lastId: z.number().nullable(), entries: z.number().int() }),
});
export type OpsReportSettlement = z.output<typeof opsReportSettlement>;

const adjustment = z.object({ value: z.number().int(), note: z.string() });
export const opsReportRow = z.object({
  id: z.number(),
  kind: fields.textOf(OPS_REPORT_KINDS),
  stadiumId: z.number(),
  stadiumName: z.string(),
  from: z.string(),
  to: z.string(),
  /** As generated. */
  generated: opsReportFigures,
  /** As generated, with the operator's adjustments applied (what the report says). */
  figures: opsReportFigures,
  adjustments: z.record(z.string(), adjustment),
  sections: z.record(z.string(), z.string()),
  settlement: opsReportSettlement,
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type OpsReportRow = z.output<typeof opsReportRow>;
export const opsReportPage = page(opsReportRow);
export const opsReportQuery = pageQuery.extend({
  kind: z.enum(OPS_REPORT_KINDS),
  stadiumId: fields.id.optional(),
  from: fields.day.optional(),
  to: fields.day.optional(),
});

/** `POST opsReport/generate`: weekly takes any day of the week (Monday..Sunday); final takes `from` and `to`. */
export const opsReportGenerate = z.strictObject({
  kind: z.enum(OPS_REPORT_KINDS),
  stadiumId: fields.id,
  from: fields.day,
  to: fields.day.optional(),
});

/**
 * `POST opsReport/{id}/regenerate`: the figures and the settlement read again for the same venue and
 * period; sections and adjustments stay. At the version seen (100409 `stale`).
 */
export const opsReportRegenerate = z.strictObject({ version: fields.version });

/**
 * `PUT opsReport/{id}`: the sections given replace theirs; an adjustment given sets a figure (with
 * a note), `null` drops it back to the generated figure. At the version seen (100409 `stale`).
 */
export const opsReportEdit = z.strictObject({
  version: fields.version,
  sections: z.partialRecord(z.enum(OPS_REPORT_SECTIONS), fields.str().trim().max(5000)).optional(),
  adjustments: z
    .partialRecord(
      z.enum(OPS_REPORT_FIGURES),
      z.strictObject({ value: fields.intIn(-1_000_000_000_000, 1_000_000_000_000), note: fields.str().trim().max(200) }).nullable(),
    )
    .optional(),
});

/** One version of a report: who, when, which fields (the operation log). */
export const opsReportVersionRow = z.object({
  version: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  fields: z.array(z.string()),
  time: at,
});
export const opsReportLog = z.object({ data: z.array(opsReportVersionRow) });
