import { sql, type SQL } from 'drizzle-orm';
import {
  TRAINING_REPORTS,
  type TrainingDimension,
  type TrainingDrillExportQuery,
  type TrainingDrillLine,
  type TrainingDrillPage,
  type TrainingDrillQuery,
  type TrainingReport,
  type TrainingReportDef,
  type TrainingReportQuery,
  type TrainingReportRow,
} from '@venue/contract';
import type { Db, Executor } from '../../../platform/db.ts';
import { invalid } from '../../../platform/errors.ts';
import type { Caller, FileResult } from '../../../platform/http.ts';
import { t, type Lang } from '../../../platform/i18n.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { maskPhone } from '../member/index.ts';
import { statisticsXlsx, type Column } from './statistics.export.ts';
import { rowsOf } from './statistics.repository.ts';
import { rangeOf } from './statistics.service.ts';
import { trainingLinesOf, trainingRow, trainingRowsOf, type TrainingFilter } from './training.repository.ts';
import './training.messages.ts';

/** The report's dimension: the one asked for (one of the report's), else its first. */
function byOf(def: TrainingReportDef, by: TrainingDimension | undefined): TrainingDimension {
  if (by === undefined) return def.by[0]!;
  if (!def.by.includes(by)) throw invalid('by', 'statistics.trainingBy');
  return by;
}

/** A training report: its rows and their total (the ratios of the total's sums). */
export async function trainingReport(db: Db, caller: Caller, q: TrainingReportQuery): Promise<TrainingReport> {
  const scope = scopeOf(caller);
  const def: TrainingReportDef = TRAINING_REPORTS[q.report];
  const data = await trainingRowsOf(db, scope, await rangeOf(db, scope, q), byOf(def, q.by));
  const sum = (k: 'lessons' | 'evaluations' | 'ratingSum' | 'lowRatings' | 'expected' | 'attended' | 'absent' | 'leave') => data.reduce((a, r) => a + r[k], 0);
  const total = trainingRow('total', null, {
    courseName: null,
    coachName: null,
    lessons: sum('lessons'),
    evaluations: sum('evaluations'),
    ratingSum: sum('ratingSum'),
    lowRatings: sum('lowRatings'),
    expected: sum('expected'),
    attended: sum('attended'),
    absent: sum('absent'),
    leave: sum('leave'),
  });
  return { data, total };
}

/** A drill's row: both `by` and `key`, or neither (the total's lines). */
function filterOf(q: Pick<TrainingDrillQuery, 'by' | 'key'>): TrainingFilter {
  if (q.key !== undefined && q.by === undefined) throw invalid('by', 'error.field.required');
  return { by: q.by ?? 'coach', key: q.key };
}

const lineOf = (x: Record<string, string | number | null>): TrainingDrillLine => ({
  day: String(x.day),
  time: String(x.time),
  lessonId: Number(x.lesson_id),
  orgId: Number(x.org_id),
  stadiumId: Number(x.venue_id),
  courseName: String(x.course_name),
  className: String(x.class_name),
  coachName: x.coach_name === null ? null : String(x.coach_name),
  memberName: x.member_name === null ? null : String(x.member_name),
  memberPhone: x.member_phone === null ? null : maskPhone(String(x.member_phone)),
  rating: x.rating === null ? null : Number(x.rating),
  comment: x.comment === null ? null : String(x.comment),
  state: x.state === null ? null : String(x.state),
  quantity: 1,
});
const ORDER = sql`order by day, time, lesson_id, member_name nulls first`;

export async function trainingDrill(db: Db, caller: Caller, q: TrainingDrillQuery): Promise<TrainingDrillPage> {
  const scope = scopeOf(caller);
  const lines = trainingLinesOf(q.metric, scope, await rangeOf(db, scope, q), filterOf(q));
  const [n] = await rowsOf<{ n: number; rating: string | number }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(rating), 0)::bigint as rating from (${lines}) x`,
  );
  const rows = await rowsOf<Record<string, string | number | null>>(
    db,
    sql`select * from (${lines}) x ${ORDER} limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
  );
  return { total: Number(n!.n), sumQuantity: Number(n!.n), sumRating: Number(n!.rating), data: rows.map(lineOf) };
}

// ---------------------------------------------------------------- exports

/** A training report's columns: its rows' name (a class's course and coach too) and its figures. */
function reportColumns(def: TrainingReportDef, by: TrainingDimension): Column<TrainingReportRow>[] {
  const named: Column<TrainingReportRow>[] = [
    { key: by, width: 20, cell: (r, lang) => (r.key === 'total' ? t(lang, 'statistics.total') : (r.label ?? r.key)) },
  ];
  if (by === 'class') named.push({ key: 'course', width: 20, cell: (r) => r.courseName }, { key: 'coach', width: 14, cell: (r) => r.coachName });
  return [...named, ...def.metrics.map((m): Column<TrainingReportRow> => ({ key: m, width: 12, cell: (r) => r[m] }))];
}

export async function exportTrainingReport(db: Db, caller: Caller, q: TrainingReportQuery, lang: Lang): Promise<FileResult> {
  const def: TrainingReportDef = TRAINING_REPORTS[q.report];
  const r = await trainingReport(db, caller, q);
  return statisticsXlsx('training', lang, reportColumns(def, byOf(def, q.by)), async (sink) => {
    sink.begin(r.data.length + 1);
    await sink.write([...r.data, r.total]);
  });
}

const stateText = (lang: Lang, s: string | null) => (s === null ? null : t(lang, `statistics.attendance.${s}`));
const LINE_COLUMNS: Column<TrainingDrillLine>[] = [
  { key: 'day', width: 12, cell: (l) => l.day },
  { key: 'lessonTime', width: 8, cell: (l) => l.time },
  { key: 'course', width: 20, cell: (l) => l.courseName },
  { key: 'class', width: 20, cell: (l) => l.className },
  { key: 'coach', width: 14, cell: (l) => l.coachName },
  { key: 'member', width: 14, cell: (l) => l.memberName },
  { key: 'phone', width: 14, cell: (l) => l.memberPhone },
  { key: 'rating', width: 8, cell: (l) => l.rating },
  { key: 'comment', width: 30, cell: (l) => l.comment },
  { key: 'attendance', width: 10, cell: (l, lang) => stateText(lang, l.state) },
];

/** Every line of a training figure as xlsx, streamed: counted, then read through a cursor, in one repeatable-read transaction. */
export async function exportTrainingDrill(db: Db, caller: Caller, q: TrainingDrillExportQuery, lang: Lang): Promise<FileResult> {
  const scope = scopeOf(caller);
  const lines = trainingLinesOf(q.metric, scope, await rangeOf(db, scope, q), filterOf(q));
  return statisticsXlsx('trainingLines', lang, LINE_COLUMNS, (sink) =>
    db.transaction(
      async (tx) => {
        const [n] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from (${lines}) x`);
        sink.begin(Number(n!.n));
        await eachBatch(tx, sql`select * from (${lines}) x ${ORDER}`, 5_000, (rows) => sink.write(rows.map(lineOf)));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
}

async function eachBatch(tx: Executor, q: SQL, batch: number, take: (rows: Record<string, string | number | null>[]) => Promise<void>) {
  await tx.execute(sql`declare training_lines no scroll cursor for ${q}`);
  for (;;) {
    const rows = await rowsOf<Record<string, string | number | null>>(tx, sql.raw(`fetch ${batch} from training_lines`));
    if (!rows.length) break;
    await take(rows);
  }
  await tx.execute(sql`close training_lines`);
}
