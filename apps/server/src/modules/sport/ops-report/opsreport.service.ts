import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import {
  OPS_REPORT_FIGURES,
  type OpsReportFigures,
  type OpsReportKind,
  type OpsReportSettlement,
  type opsReportEdit,
  type opsReportGenerate,
  type opsReportQuery,
  type opsReportRegenerate,
} from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { conflict, invalid, isUniqueViolation, notFound, staleVersion } from '../../../platform/errors.ts';
import type { Caller } from '../../../platform/http.ts';
import type { Lang } from '../../../platform/i18n.ts';
import { pageOf } from '../../../platform/list.ts';
import { scopeOf, type Scope } from '../../../platform/scope.ts';
import { type SheetColumn, rowsXlsx } from '../../../platform/xlsx.ts';
import { fenToYuan, venuePeriodFlow } from '../commerce/index.ts';
import { periodSummary } from '../statistics/index.ts';
import { addDays, findVenue, weekdayOf } from '../venue/index.ts';
import { pageReports, reportRepo, reportVersionRepo, updateReportRow, versionsOf, type OpsReportRecord } from './opsreport.repository.ts';
import './opsreport.messages.ts';

const MAX_DAYS = 366;
const EXPORT_MAX = 10_000;

type Joined = Awaited<ReturnType<typeof pageReports>>['rows'][number];

/** The generated figures with the operator's adjustments applied. */
function figuresOf(r: OpsReportRecord): OpsReportFigures {
  const out = { ...r.generated };
  for (const [k, a] of Object.entries(r.adjustments)) if (k in out) out[k as keyof OpsReportFigures] = a.value;
  return out;
}

const rowOf = ({ report: r, stadiumName }: Joined) => ({
  id: r.id,
  kind: r.kind,
  stadiumId: r.venueId,
  stadiumName,
  from: r.fromDay,
  to: r.toDay,
  generated: r.generated,
  figures: figuresOf(r),
  adjustments: r.adjustments,
  sections: r.sections,
  settlement: r.settlement,
  version: r.version,
  createTime: r.createdAt,
  updateTime: r.updatedAt,
});

async function reportOf(db: Executor, scope: Scope, id: number) {
  const { rows } = await pageReports(db, scope, { id }, { limit: 1, offset: 0 });
  if (!rows[0]) throw notFound();
  return rowOf(rows[0]);
}

export const getReport = (db: Db, caller: Caller, id: number) => reportOf(db, scopeOf(caller), id);

export async function listReports(db: Db, caller: Caller, q: z.output<typeof opsReportQuery>) {
  const { total, rows } = await pageReports(db, scopeOf(caller), { kind: q.kind, venueId: q.stadiumId, from: q.from, to: q.to }, pageOf(q));
  return { total, data: rows.map(rowOf) };
}

const local = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const FIGURE_TITLES: Record<string, ReturnType<typeof local>> = {
  revenueFen: local('营业收入（元）', 'Revenue (yuan)'),
  refundFen: local('退款（元）', 'Refunds (yuan)'),
  netFen: local('净收入（元）', 'Net (yuan)'),
  orders: local('订单数', 'Orders'),
  bookings: local('场地预订', 'Bookings'),
  ticketsSold: local('售票数', 'Tickets sold'),
  cardsSold: local('售卡数', 'Cards sold'),
  newMembers: local('新增会员', 'New members'),
};
const sheet: SheetColumn[] = [
  { key: 'stadiumName', title: local('场馆', 'Venue') },
  { key: 'from', title: local('开始日期', 'From') },
  { key: 'to', title: local('结束日期', 'To') },
  ...OPS_REPORT_FIGURES.map((f) => ({ key: f, title: FIGURE_TITLES[f]! })),
  { key: 'adjusted', title: local('已调整', 'Adjusted') },
  { key: 'version', title: local('版本', 'Version') },
];

/** The list as xlsx: what the reports say (adjusted), money in yuan. */
export async function exportReports(db: Db, caller: Caller, q: z.output<typeof opsReportQuery>, lang: Lang) {
  const { data } = await listReports(db, caller, { ...q, pageNum: 1, pageSize: EXPORT_MAX });
  const rows = data.map((r) => ({
    ...r,
    ...r.figures,
    revenueFen: fenToYuan(r.figures.revenueFen),
    refundFen: fenToYuan(r.figures.refundFen),
    netFen: fenToYuan(r.figures.netFen),
    adjusted: Object.keys(r.adjustments).join(', '),
  }));
  const name = q.kind === 'weekly' ? (lang === 'zh-CN' ? '运营周报' : 'weekly-reports') : lang === 'zh-CN' ? '决算报告' : 'final-reports';
  return rowsXlsx(sheet, rows, lang, name);
}

/** The report's days: a weekly report's Monday to Sunday around `from`; a final report's `from`..`to`. */
export function periodOf(kind: OpsReportKind, from: string, to: string | undefined): { from: string; to: string } {
  if (kind === 'weekly') {
    const monday = addDays(from, 1 - weekdayOf(from));
    return { from: monday, to: addDays(monday, 6) };
  }
  if (!to) throw invalid('to', 'opsReport.toRequired');
  if (to < from) throw invalid('to', 'opsReport.rangeReversed');
  if (Date.parse(to) - Date.parse(from) >= MAX_DAYS * 86_400_000) throw invalid('to', 'opsReport.rangeTooLong', { max: MAX_DAYS });
  return { from, to };
}

/** The settlement report from the ledger (commerce's period flow), kinds and methods in a stable order. */
function settlementOf(flow: Awaited<ReturnType<typeof venuePeriodFlow>>): OpsReportSettlement {
  const byKind = Object.keys(flow.byKind)
    .sort()
    .map((kind) => {
      const { grossFen, refundFen } = flow.byKind[kind]!;
      return { kind, grossFen, refundFen, netFen: grossFen - refundFen };
    });
  const sum = (k: 'grossFen' | 'refundFen' | 'netFen') => byKind.reduce((a, l) => a + l[k], 0);
  return {
    byKind,
    byMethod: Object.keys(flow.byMethod)
      .sort()
      .map((method) => ({ method, netFen: flow.byMethod[method]! })),
    totals: { grossFen: sum('grossFen'), refundFen: sum('refundFen'), netFen: sum('netFen') },
    ledger: flow.ledger,
  };
}

/** What a report says of a venue's period: the figures of the statistics aggregates (counts, money) and the settlement of the ledger. */
async function readPeriod(tx: Executor, scope: Scope, venue: { id: number; orgId: number }, period: { from: string; to: string }) {
  const stats = await periodSummary(tx, scope, { ...period, venueId: venue.id });
  const flow = await venuePeriodFlow(tx, scope, venue.orgId, venue.id, period.from, period.to);
  const generated: OpsReportFigures = {
    revenueFen: stats.revenueFen,
    refundFen: stats.refundFen,
    netFen: stats.revenueFen - stats.refundFen,
    orders: stats.orders,
    bookings: stats.bookings,
    ticketsSold: stats.ticketsSold,
    cardsSold: stats.cardsSold,
    newMembers: stats.newMembers,
  };
  return { generated, settlement: settlementOf(flow) };
}

/**
 * A venue's report for the period (readPeriod, through `figures` when given: the reporting reader),
 * stored with version 1 by `by`. The same kind, venue and period twice answers 100409 `duplicate`.
 */
export async function createReport(
  db: Db,
  scope: Scope,
  venue: { id: number; orgId: number },
  kind: OpsReportKind,
  period: { from: string; to: string },
  by: { userId: number; userName: string },
  figures?: Executor,
): Promise<number> {
  // A reader of its own is read before the transaction (on the embedded database it is the one connection the transaction holds).
  const readFirst = figures ? await readPeriod(figures, scope, venue, period) : undefined;
  return db
    .transaction(async (tx) => {
      const read = readFirst ?? (await readPeriod(tx, scope, venue, period));
      const r = await reportRepo.insert(tx, scope, { orgId: venue.orgId, venueId: venue.id, kind, fromDay: period.from, toDay: period.to, ...read });
      await reportVersionRepo.insert(tx, scope, {
        orgId: r.orgId,
        reportId: r.id,
        no: r.version,
        changed: ['generated'],
        createdBy: by.userId,
        byName: by.userName,
      });
      return r.id;
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e))
        throw conflict('duplicate', 'opsReport.exists', { from: period.from, to: period.to }, [{ field: 'from', message: 'opsReport.exists' }]);
      throw e;
    });
}

/** `POST opsReport/generate`: a venue of the caller's scope (another's answers 100404). */
export async function generateReport(db: Db, caller: Caller, input: z.output<typeof opsReportGenerate>, figures: () => Promise<Db>) {
  const scope = scopeOf(caller);
  const venue = await findVenue(db, scope, input.stadiumId);
  if (!venue) throw notFound();
  const period = periodOf(input.kind, input.from, input.to);
  const id = await createReport(db, scope, venue, input.kind, period, caller, await figures());
  return reportOf(db, scope, id);
}

/**
 * `POST opsReport/{id}/regenerate`: the report's venue and period read again (sales delivered or
 * refunded since it was made); the sections and adjustments stay. One conditional write at the
 * version seen (an old version answers 100409 `stale`) and a version row: `regenerated` and the
 * figures (`generated.orders`) and `settlement` that changed.
 */
export async function regenerateReport(db: Db, caller: Caller, id: number, input: z.output<typeof opsReportRegenerate>, figures: () => Promise<Db>) {
  const scope = scopeOf(caller);
  const was = await reportRepo.find(db, scope, id);
  if (!was) throw notFound();
  if (was.version !== input.version) throw staleVersion();
  // Read before the write (the reporting reader may be a replica); the write is conditional on the version seen.
  const read = await readPeriod(await figures(), scope, { id: was.venueId, orgId: was.orgId }, { from: was.fromDay, to: was.toDay });
  await db.transaction(async (tx) => {
    const r = await updateReportRow(tx, scope, id, input.version, read);
    if (!r) throw staleVersion();
    const changed = [
      'regenerated',
      ...OPS_REPORT_FIGURES.filter((f) => was.generated[f] !== read.generated[f]).map((f) => `generated.${f}`),
      // jsonb keeps its own key order: compared by value.
      ...(isDeepStrictEqual(was.settlement, read.settlement) ? [] : ['settlement']),
    ];
    await reportVersionRepo.insert(tx, scope, { orgId: r.orgId, reportId: r.id, no: r.version, changed, createdBy: caller.userId, byName: caller.userName });
  });
  return reportOf(db, scope, id);
}

/**
 * `PUT opsReport/{id}`: sections and adjustments, one conditional write at the version seen (an
 * old version answers 100409 `stale`) and a version row naming the fields that changed.
 */
export const editReport = (db: Db, caller: Caller, id: number, input: z.output<typeof opsReportEdit>) => editReportAs(db, scopeOf(caller), caller, id, input);

export async function editReportAs(db: Db, scope: Scope, by: { userId: number; userName: string }, id: number, input: z.output<typeof opsReportEdit>) {
  const was = await reportRepo.find(db, scope, id);
  if (!was) throw notFound();
  const changed: string[] = [];
  const sections = { ...was.sections };
  for (const [k, text] of Object.entries(input.sections ?? {})) {
    if (text === undefined || (sections[k] ?? '') === text) continue;
    if (text) sections[k] = text;
    else delete sections[k];
    changed.push(`sections.${k}`);
  }
  const adjustments = { ...was.adjustments };
  for (const [k, a] of Object.entries(input.adjustments ?? {})) {
    if (a === undefined) continue;
    if (a === null) {
      if (adjustments[k]) changed.push(`adjustments.${k}`);
      delete adjustments[k];
      continue;
    }
    // An adjusted figure says why: the generated one stays beside it.
    if (!a.note) throw invalid(`adjustments.${k}.note`, 'opsReport.noteRequired');
    const before = adjustments[k];
    if (before?.value === a.value && before.note === a.note) continue;
    adjustments[k] = a;
    changed.push(`adjustments.${k}`);
  }
  if (!changed.length) {
    if (was.version !== input.version) throw staleVersion();
    return reportOf(db, scope, id);
  }
  await db.transaction(async (tx) => {
    const r = await updateReportRow(tx, scope, id, input.version, { sections, adjustments });
    if (!r) throw staleVersion();
    await reportVersionRepo.insert(tx, scope, { orgId: r.orgId, reportId: r.id, no: r.version, changed, createdBy: by.userId, byName: by.userName });
  });
  return reportOf(db, scope, id);
}

/** `GET opsReport/{id}/log`: every version, the first (generated) first. */
export async function reportLog(db: Db, caller: Caller, id: number) {
  const scope = scopeOf(caller);
  if (!(await reportRepo.find(db, scope, id))) throw notFound();
  const rows = await versionsOf(db, scope, id);
  return { data: rows.map((v) => ({ version: v.no, userId: v.createdBy, userName: v.byName, fields: v.changed, time: v.createdAt })) };
}
