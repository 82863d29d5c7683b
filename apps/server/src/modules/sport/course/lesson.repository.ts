import { asc, avg, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScopeSql, type Scope } from '../../../platform/scope.ts';
import { orgs } from '../../system/index.ts';
import { coaches } from '../coach/index.ts';
import { scopedRepo } from '../../../platform/scopedRepo.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { sites } from '../venue/index.ts';
import { courseClasses, courseEnrolments, courseLessons, courses } from './course.table.ts';
import type { LessonRecord } from './course.repository.ts';
import { courseLessonEvaluations } from './lesson.table.ts';

const lessonRepo = scopedRepo(courseLessons);
const evalRepo = scopedRepo(courseLessonEvaluations);
const enrolRepo = scopedRepo(courseEnrolments);

export interface LessonFilter {
  ids?: number[];
  from?: Date;
  to?: Date;
  courseId?: number;
  classId?: number;
  coachId?: number;
  siteId?: number;
  state?: string;
}

const lessonWhere = (scope: Scope, f: LessonFilter) =>
  lessonRepo.where(
    scope,
    f.ids ? inArray(courseLessons.id, f.ids) : undefined,
    f.from ? gte(courseLessons.startsAt, f.from) : undefined,
    f.to ? lt(courseLessons.startsAt, f.to) : undefined,
    f.courseId !== undefined ? eq(courseClasses.courseId, f.courseId) : undefined,
    f.classId !== undefined ? eq(courseLessons.classId, f.classId) : undefined,
    f.coachId !== undefined ? eq(courseLessons.coachId, f.coachId) : undefined,
    f.siteId !== undefined ? eq(courseLessons.siteId, f.siteId) : undefined,
    f.state ? eq(courseLessons.state, f.state) : undefined,
  );

export const lessonSorts = { startsAt: courseLessons.startsAt, state: courseLessons.state, id: courseLessons.id };
export const lessonDefaultOrder = [asc(courseLessons.startsAt), asc(courseLessons.id)];

const enrolledCount = sql<number>`(select count(*)::int from ${courseEnrolments} e where e.class_id = ${courseLessons.classId} and e.state = 'enrolled')`;
const ratingAvg = sql<string | null>`(select avg(v.rating)::numeric(4,2) from ${courseLessonEvaluations} v where v.lesson_id = ${courseLessons.id})`;
const ratingCount = sql<number>`(select count(*)::int from ${courseLessonEvaluations} v where v.lesson_id = ${courseLessons.id})`;

/** A page of lessons with their class, course, site name, seats taken and ratings; and the count of all matches. */
export async function pageLessonItems(db: Executor, scope: Scope, f: LessonFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = lessonWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        lesson: courseLessons,
        className: courseClasses.name,
        courseId: courseClasses.courseId,
        courseName: courses.name,
        venueId: courses.venueId,
        siteName: sites.name,
        enrolled: enrolledCount,
        ratingAvg,
        ratingCount,
      })
      .from(courseLessons)
      .innerJoin(courseClasses, eq(courseClasses.id, courseLessons.classId))
      .innerJoin(courses, eq(courses.id, courseClasses.courseId))
      .leftJoin(sites, eq(sites.id, courseLessons.siteId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(courseLessons).innerJoin(courseClasses, eq(courseClasses.id, courseLessons.classId)).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** Lessons by id, locked in id order (a batch change or a cancellation holds them till it commits). */
export async function lockLessons(db: Executor, scope: Scope, ids: number[]): Promise<LessonRecord[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(courseLessons)
    .where(lessonRepo.where(scope, inArray(courseLessons.id, ids)))
    .orderBy(asc(courseLessons.id))
    .for('update');
}

/** A lesson's new time, coach, site or state, if it is still at `version` (answers the row, or undefined when stale). */
export async function updateLesson(
  db: Executor,
  scope: Scope,
  id: number,
  version: number | undefined,
  values: Partial<Pick<LessonRecord, 'startsAt' | 'endsAt' | 'coachId' | 'siteId' | 'state'>>,
  fromStates: string[],
): Promise<LessonRecord | undefined> {
  const [row] = await db
    .update(courseLessons)
    .set({ ...values, updatedAt: new Date(), version: sql`${courseLessons.version} + 1` })
    .where(
      lessonRepo.where(
        scope,
        eq(courseLessons.id, id),
        inArray(courseLessons.state, fromStates),
        version !== undefined ? eq(courseLessons.version, version) : undefined,
      ),
    )
    .returning();
  return row;
}

/** The ids of a class's lessons, oldest first: a lesson's share of a seat's price is by its place among them. */
export async function lessonIdsOfClass(db: Executor, scope: Scope, classId: number): Promise<number[]> {
  const rows = await db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .where(lessonRepo.where(scope, eq(courseLessons.classId, classId)))
    .orderBy(asc(courseLessons.id));
  return rows.map((r) => r.id);
}

/** The members enrolled in a class (a seat held), with their seat's order. */
export async function enrolledMembers(db: Executor, scope: Scope, classId: number) {
  return db
    .select({
      memberId: courseEnrolments.memberId,
      memberName: members.name,
      memberPhone: members.phone,
      orderId: courseEnrolments.orderId,
      orderNo: orders.orderNo,
      orderState: orders.state,
    })
    .from(courseEnrolments)
    .innerJoin(members, eq(members.id, courseEnrolments.memberId))
    .leftJoin(orders, eq(orders.id, courseEnrolments.orderId))
    .where(enrolRepo.where(scope, eq(courseEnrolments.classId, classId), eq(courseEnrolments.state, 'enrolled')))
    .orderBy(asc(courseEnrolments.id));
}

// ---------------------------------------------------------------- evaluations

export const insertEvaluation = (db: Executor, scope: Scope, values: typeof courseLessonEvaluations.$inferInsert) => evalRepo.insert(db, scope, values);

export async function evaluationsOf(db: Executor, scope: Scope, lessonId: number) {
  return db
    .select({ e: courseLessonEvaluations, memberName: members.name })
    .from(courseLessonEvaluations)
    .innerJoin(members, eq(members.id, courseLessonEvaluations.memberId))
    .where(evalRepo.where(scope, eq(courseLessonEvaluations.lessonId, lessonId)))
    .orderBy(desc(courseLessonEvaluations.id));
}

/** The average rating (two decimals) and number of ratings of every lesson of a course, or of a coach. */
export async function ratingOf(db: Executor, scope: Scope, by: { courseId: number } | { coachId: number }) {
  const [row] = await db
    .select({ avg: avg(courseLessonEvaluations.rating), n: count() })
    .from(courseLessonEvaluations)
    .innerJoin(courseLessons, eq(courseLessons.id, courseLessonEvaluations.lessonId))
    .innerJoin(courseClasses, eq(courseClasses.id, courseLessons.classId))
    .where(evalRepo.where(scope, 'courseId' in by ? eq(courseClasses.courseId, by.courseId) : eq(courseLessons.coachId, by.coachId)));
  return { avg: row?.avg == null ? null : Math.round(Number(row.avg) * 100) / 100, count: Number(row?.n ?? 0) };
}

// ---------------------------------------------------------------- statistics' readers (set-based, scoped: one statement each, composed by the caller)

/** A run of business days (`YYYY-MM-DD`, both ends included) in the organisation's time zone. */
export interface LessonDays {
  from: string;
  to: string;
}

/**
 * The lessons held on the days (started by now, not cancelled or suspended), one row each, as a query
 * to compose: `org_id, venue_id, day` (the start's business day), `time` (`HH:mm`), `lesson_id`,
 * `course_id, course_name, class_id, class_name, coach_id, coach_name` (the lesson's coach) and
 * `class_coach_name` (the class's).
 */
export function heldLessonsSql(scope: Scope, r: LessonDays): SQL {
  const local = sql`(l.starts_at at time zone z.time_zone)`;
  return sql`select l.org_id, c.venue_id, to_char(${local}, 'YYYY-MM-DD') as day, to_char(${local}, 'HH24:MI') as time, l.id as lesson_id,
                    c.id as course_id, c.name as course_name, k.id as class_id, k.name as class_name, l.coach_id, lc.name as coach_name, kc.name as class_coach_name
               from ${courseLessons} l join ${orgs} z on z.id = l.org_id join ${courseClasses} k on k.id = l.class_id join ${courses} c on c.id = k.course_id
               left join ${coaches} lc on lc.id = l.coach_id left join ${coaches} kc on kc.id = k.coach_id
              where ${inScopeSql(scope, sql`l.org_id`)} and l.state in ('scheduled', 'done') and l.starts_at <= now()
                and l.starts_at >= ${r.from}::date - 1 and l.starts_at < ${r.to}::date + 2
                and ${local}::date between ${r.from}::date and ${r.to}::date`;
}

/**
 * The evaluations of the lessons held on the days, one row each: the held lesson's columns
 * (`heldLessonsSql`) and `member_name, member_phone, rating, comment`.
 */
export function lessonEvaluationsSql(scope: Scope, r: LessonDays): SQL {
  return sql`select h.*, m.name as member_name, m.phone as member_phone, e.rating::int as rating, e.comment, null::text as state
               from (${heldLessonsSql(scope, r)}) h join ${courseLessonEvaluations} e on e.lesson_id = h.lesson_id join ${members} m on m.id = e.member_id
              where ${inScopeSql(scope, sql`e.org_id`)}`;
}
