import { sql, type SQL } from 'drizzle-orm';
import type { TrainingDimension, TrainingMetric, TrainingReportRow } from '@venue/contract';
import type { Executor } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { expectedAttendancesSql, heldLessonsSql, lessonAttendancesSql, lessonEvaluationsSql } from '../course/index.ts';
import { rowsOf, venueIs, type Range } from './statistics.repository.ts';

/**
 * The training reports (evaluation and attendance, issue 31) over the course module's readers: each
 * figure is a count of the lines its drill lists (lessons held, evaluations, members expected,
 * attendances), read from the same queries, so a figure and its lines cannot disagree.
 */

/** A row's key and name in each dimension (over a held lesson's columns `h`): the lesson's coach, its course, its class. */
const KEY_OF: Record<TrainingDimension, { key: SQL; label: SQL }> = {
  coach: { key: sql`h.coach_id::text`, label: sql`h.coach_name` },
  course: { key: sql`h.course_id::text`, label: sql`h.course_name` },
  class: { key: sql`h.class_id::text`, label: sql`h.class_name` },
};

/** One row (its dimension and key) or every row. */
export interface TrainingFilter {
  by: TrainingDimension;
  key?: string;
}

const chosen = (r: Range, f: TrainingFilter) =>
  sql`${venueIs(sql`h.venue_id`, r.venueId)} and ${f.key === undefined ? sql`true` : sql`${KEY_OF[f.by].key} = ${f.key}`}`;

/** The lines a figure counts: the held lessons, their evaluations (low ones only), the members expected, or the attendances of some states. */
export function trainingLinesOf(metric: TrainingMetric, scope: Scope, r: Range, f: TrainingFilter): SQL {
  const days = { from: r.from, to: r.to };
  const lines = (q: SQL, also: SQL = sql`true`) => sql`select h.* from (${q}) h where ${chosen(r, f)} and ${also}`;
  switch (metric) {
    case 'lessons':
      return lines(
        sql`select x.*, null::text as member_name, null::text as member_phone, null::int as rating, null::text as comment, null::text as state from (${heldLessonsSql(scope, days)}) x`,
      );
    case 'evaluations':
    case 'ratingAvg':
      return lines(lessonEvaluationsSql(scope, days));
    case 'lowRatings':
      return lines(lessonEvaluationsSql(scope, days), sql`h.rating <= 2`);
    case 'expected':
      return lines(expectedAttendancesSql(scope, days));
    case 'attended':
    case 'rate':
      return lines(lessonAttendancesSql(scope, days), sql`h.state in ('present', 'late')`);
    case 'absent':
    case 'leave':
      return lines(lessonAttendancesSql(scope, days), sql`h.state = ${metric}`);
  }
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
/** A row's figures and its two ratios. */
export function trainingRow(key: string, label: string | null, x: Omit<TrainingReportRow, 'key' | 'label' | 'ratingAvg' | 'rate'>): TrainingReportRow {
  return {
    key,
    label,
    ...x,
    ratingAvg: x.evaluations ? oneDecimal(x.ratingSum / x.evaluations) : null,
    rate: x.expected ? oneDecimal((x.attended * 100) / x.expected) : null,
  };
}

/**
 * Every row of a dimension over the range: the held lessons grouped by the row's key, each with the
 * counts of its lines (one statement; a lesson's evaluations, expected members and attendances are
 * counted per lesson, then added up by key), most lessons first.
 */
export async function trainingRowsOf(db: Executor, scope: Scope, r: Range, by: TrainingDimension): Promise<TrainingReportRow[]> {
  const days = { from: r.from, to: r.to };
  const k = KEY_OF[by];
  const rows = await rowsOf<Record<string, string | number | null>>(
    db,
    sql`with h as (${heldLessonsSql(scope, days)}),
        ev as (select lesson_id, count(*)::int as n, sum(rating)::int as s, count(*) filter (where rating <= 2)::int as low
                 from (${lessonEvaluationsSql(scope, days)}) e group by 1),
        ex as (select lesson_id, count(*)::int as n from (${expectedAttendancesSql(scope, days)}) e group by 1),
        att as (select lesson_id, count(*) filter (where state in ('present', 'late'))::int as attended, count(*) filter (where state = 'absent')::int as absent,
                       count(*) filter (where state = 'leave')::int as leave
                  from (${lessonAttendancesSql(scope, days)}) a group by 1)
        select ${k.key} as key, min(${k.label}) as label, min(h.course_name) as course_name, min(h.class_coach_name) as coach_name, count(*)::int as lessons,
               coalesce(sum(ev.n), 0)::int as evaluations, coalesce(sum(ev.s), 0)::int as rating_sum, coalesce(sum(ev.low), 0)::int as low,
               coalesce(sum(ex.n), 0)::int as expected, coalesce(sum(att.attended), 0)::int as attended, coalesce(sum(att.absent), 0)::int as absent,
               coalesce(sum(att.leave), 0)::int as leave
          from h left join ev on ev.lesson_id = h.lesson_id left join ex on ex.lesson_id = h.lesson_id left join att on att.lesson_id = h.lesson_id
         where ${venueIs(sql`h.venue_id`, r.venueId)}
         group by 1 order by lessons desc, label, key`,
  );
  return rows.map((x) =>
    trainingRow(String(x.key), x.label === null ? null : String(x.label), {
      courseName: by === 'class' && x.course_name !== null ? String(x.course_name) : null,
      coachName: by === 'class' && x.coach_name !== null ? String(x.coach_name) : null,
      lessons: Number(x.lessons),
      evaluations: Number(x.evaluations),
      ratingSum: Number(x.rating_sum),
      lowRatings: Number(x.low),
      expected: Number(x.expected),
      attended: Number(x.attended),
      absent: Number(x.absent),
      leave: Number(x.leave),
    }),
  );
}
