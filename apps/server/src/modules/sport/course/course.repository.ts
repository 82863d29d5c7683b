import { and, asc, count, desc, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { containsText, users } from '../../system/index.ts';
import { coaches } from '../coach/index.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { venues } from '../venue/index.ts';
import { courseClasses, courseEnrolments, courseLessons, courseLogs, courses } from './course.table.ts';

export type CourseRecord = typeof courses.$inferSelect;
export type ClassRecord = typeof courseClasses.$inferSelect;
export type LessonRecord = typeof courseLessons.$inferSelect;
export type EnrolmentRecord = typeof courseEnrolments.$inferSelect;

const courseRepo = scopedRepo(courses);
const logRepo = scopedRepo(courseLogs);
const classRepo = scopedRepo(courseClasses);
const lessonRepo = scopedRepo(courseLessons);
const enrolRepo = scopedRepo(courseEnrolments);

// ---------------------------------------------------------------- courses

export const findCourse = (db: Executor, scope: Scope, id: number) => courseRepo.find(db, scope, id);
export const insertCourse = (db: Executor, scope: Scope, values: typeof courses.$inferInsert) => courseRepo.insert(db, scope, values);
export const updateCourse = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof courses>) =>
  courseRepo.update(db, scope, id, version, values);

export interface CourseFilter {
  id?: number;
  name?: string;
  sport?: string;
  kind?: string;
  state?: string;
}
const courseWhere = (scope: Scope, f: CourseFilter) =>
  courseRepo.where(
    scope,
    f.id !== undefined ? eq(courses.id, f.id) : undefined,
    f.name ? containsText(courses.name, f.name) : undefined,
    f.sport ? eq(courses.sport, f.sport) : undefined,
    f.kind ? eq(courses.kind, f.kind) : undefined,
    f.state ? eq(courses.state, f.state) : undefined,
  );
export const courseSorts = { name: courses.name, createTime: courses.createdAt, priceFen: courses.priceFen };
export const courseDefaultOrder = [desc(courses.id)];

/** A page of courses with their venue's name, and the count of all matches. */
export async function pageCourses(db: Executor, scope: Scope, f: CourseFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = courseWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({ course: courses, venueName: venues.stadiumName })
      .from(courses)
      .leftJoin(venues, eq(venues.id, courses.venueId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export const insertCourseLog = (db: Executor, scope: Scope, values: typeof courseLogs.$inferInsert) => logRepo.insert(db, scope, values);
export async function logsOfCourse(db: Executor, scope: Scope, courseId: number) {
  return db
    .select({ log: courseLogs, operatorName: users.name })
    .from(courseLogs)
    .leftJoin(users, eq(users.id, courseLogs.operatorId))
    .where(logRepo.where(scope, eq(courseLogs.courseId, courseId)))
    .orderBy(desc(courseLogs.id));
}

// ---------------------------------------------------------------- classes

export const findClass = (db: Executor, scope: Scope, id: number) => classRepo.find(db, scope, id);
export const insertClass = (db: Executor, scope: Scope, values: typeof courseClasses.$inferInsert) => classRepo.insert(db, scope, values);
export const updateClass = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof courseClasses>) =>
  classRepo.update(db, scope, id, version, values);

/** The class row, locked until the transaction ends: every seat and waitlist change of a class runs under it. */
export async function lockClass(db: Executor, scope: Scope, id: number): Promise<ClassRecord | undefined> {
  const [row] = await db
    .select()
    .from(courseClasses)
    .where(classRepo.where(scope, eq(courseClasses.id, id)))
    .for('update');
  return row;
}

export interface ClassFilter {
  id?: number;
  keyword?: string;
  courseId?: number;
  state?: string;
}
const enrolledCount = sql<number>`(select count(*)::int from ${courseEnrolments} e where e.class_id = ${courseClasses.id} and e.state = 'enrolled')`;
const waitlistedCount = sql<number>`(select count(*)::int from ${courseEnrolments} e where e.class_id = ${courseClasses.id} and e.state = 'waitlisted')`;
const lessonCount = sql<number>`(select count(*)::int from ${courseLessons} l where l.class_id = ${courseClasses.id} and l.state <> 'cancelled')`;

function classWhere(scope: Scope, f: ClassFilter) {
  return classRepo.where(
    scope,
    f.id !== undefined ? eq(courseClasses.id, f.id) : undefined,
    f.courseId !== undefined ? eq(courseClasses.courseId, f.courseId) : undefined,
    f.state ? eq(courseClasses.state, f.state) : undefined,
    f.keyword ? or(containsText(courseClasses.name, f.keyword), containsText(courses.name, f.keyword)) : undefined,
  );
}
export const classSorts = { name: courseClasses.name, startDay: courseClasses.startDay, createTime: courseClasses.createdAt, capacity: courseClasses.capacity };
export const classDefaultOrder = [desc(courseClasses.id)];

/** A page of classes with their course, seats taken, waitlist length and lesson count; and the count of all matches. */
export async function pageClasses(db: Executor, scope: Scope, f: ClassFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = classWhere(scope, f);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        cls: courseClasses,
        courseName: courses.name,
        courseState: courses.state,
        priceFen: courses.priceFen,
        enrolled: enrolledCount,
        waitlisted: waitlistedCount,
        lessons: lessonCount,
      })
      .from(courseClasses)
      .innerJoin(courses, eq(courses.id, courseClasses.courseId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(courseClasses).innerJoin(courses, eq(courses.id, courseClasses.courseId)).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

// ---------------------------------------------------------------- lessons

export const insertLesson = (db: Executor, scope: Scope, values: typeof courseLessons.$inferInsert) => lessonRepo.insert(db, scope, values);
export const patchLesson = (db: Executor, scope: Scope, id: number, values: Changes<typeof courseLessons>) => lessonRepo.patch(db, scope, [id], values);

export async function pageLessons(db: Executor, scope: Scope, classId: number, page: { limit: number; offset: number }) {
  return lessonRepo.page(db, scope, eq(courseLessons.classId, classId), [asc(courseLessons.startsAt), asc(courseLessons.id)], page);
}

// ---------------------------------------------------------------- enrolments

export const insertEnrolment = (db: Executor, scope: Scope, values: typeof courseEnrolments.$inferInsert) => enrolRepo.insert(db, scope, values);

/** Seats taken in a class (enrolled, whatever the state of their order). */
export async function enrolledIn(db: Executor, scope: Scope, classId: number): Promise<number> {
  return enrolRepo.count(db, scope, and(eq(courseEnrolments.classId, classId), eq(courseEnrolments.state, 'enrolled')));
}

/** The member's live row in a class (enrolled or waiting), if any. */
export async function liveEnrolment(db: Executor, scope: Scope, classId: number, memberId: number): Promise<EnrolmentRecord | undefined> {
  const [row] = await db
    .select()
    .from(courseEnrolments)
    .where(
      enrolRepo.where(
        scope,
        eq(courseEnrolments.classId, classId),
        eq(courseEnrolments.memberId, memberId),
        inArray(courseEnrolments.state, ['enrolled', 'waitlisted']),
      ),
    );
  return row;
}

/** The enrolled row a seat's order holds. */
export async function enrolmentOfOrder(db: Executor, scope: Scope, orderId: number): Promise<EnrolmentRecord | undefined> {
  const [row] = await db
    .select()
    .from(courseEnrolments)
    .where(enrolRepo.where(scope, eq(courseEnrolments.orderId, orderId), eq(courseEnrolments.state, 'enrolled')))
    .for('update');
  return row;
}

/** A waiting row's position: 1 + the rows of its class waiting before it. */
export async function positionOf(db: Executor, scope: Scope, row: Pick<EnrolmentRecord, 'id' | 'classId'>): Promise<number> {
  const ahead = await enrolRepo.count(
    db,
    scope,
    and(eq(courseEnrolments.classId, row.classId), eq(courseEnrolments.state, 'waitlisted'), lt(courseEnrolments.id, row.id)),
  );
  return ahead + 1;
}

/** The first on a class's waitlist (the lowest id: the first to commit), locked. */
export async function firstWaiting(db: Executor, scope: Scope, classId: number): Promise<EnrolmentRecord | undefined> {
  const [row] = await db
    .select()
    .from(courseEnrolments)
    .where(enrolRepo.where(scope, eq(courseEnrolments.classId, classId), eq(courseEnrolments.state, 'waitlisted')))
    .orderBy(asc(courseEnrolments.id))
    .limit(1)
    .for('update');
  return row;
}

export async function setEnrolmentState(db: Executor, scope: Scope, ids: number[], from: string, state: string): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .update(courseEnrolments)
    .set({ state, updatedAt: new Date() })
    .where(enrolRepo.where(scope, inArray(courseEnrolments.id, ids), eq(courseEnrolments.state, from)))
    .returning({ id: courseEnrolments.id });
  return rows.length;
}

/**
 * The member's waiting rows in other classes whose lessons overlap in time with a lesson of `classId`
 * (lessons not cancelled), locked.
 */
export async function overlappingWaits(db: Executor, scope: Scope, classId: number, memberId: number): Promise<EnrolmentRecord[]> {
  return db
    .select()
    .from(courseEnrolments)
    .where(
      enrolRepo.where(
        scope,
        eq(courseEnrolments.memberId, memberId),
        eq(courseEnrolments.state, 'waitlisted'),
        ne(courseEnrolments.classId, classId),
        sql`exists (select 1 from ${courseLessons} a join ${courseLessons} b on b.class_id = ${classId}
          and b.state <> 'cancelled' and a.starts_at < b.ends_at and b.starts_at < a.ends_at
          where a.class_id = ${courseEnrolments.classId} and a.state <> 'cancelled')`,
      ),
    )
    .orderBy(asc(courseEnrolments.id))
    .for('update');
}

/** A class's live rows: enrolled (with their order) and waiting, each in id order. */
export async function rosterOf(db: Executor, scope: Scope, classId: number) {
  return db
    .select({
      e: courseEnrolments,
      memberName: members.name,
      memberPhone: members.phone,
      orderNo: orders.orderNo,
      orderState: orders.state,
    })
    .from(courseEnrolments)
    .innerJoin(members, eq(members.id, courseEnrolments.memberId))
    .leftJoin(orders, eq(orders.id, courseEnrolments.orderId))
    .where(enrolRepo.where(scope, eq(courseEnrolments.classId, classId), inArray(courseEnrolments.state, ['enrolled', 'waitlisted'])))
    .orderBy(asc(courseEnrolments.id));
}

const coachRepo = scopedRepo(coaches);
/** The first active coaches of an organisation (the demo's classes take them). */
export async function firstCoaches(db: Executor, scope: Scope, orgId: number, n: number): Promise<number[]> {
  const rows = await db
    .select({ id: coaches.id })
    .from(coaches)
    .where(coachRepo.where(scope, eq(coaches.orgId, orgId), eq(coaches.status, 'active')))
    .orderBy(asc(coaches.id))
    .limit(n);
  return rows.map((r) => r.id);
}

/**
 * The gates' question (equipment's lesson port): a lesson, not cancelled, of a class of the venue's
 * courses the member is enrolled in with a paid seat, from 30 minutes before it starts to its end.
 * Answers the lesson's id.
 */
export async function lessonOfMemberAt(db: Executor, scope: Scope, q: { memberId: number; venueId: number; at: Date }): Promise<string | undefined> {
  const at = q.at.toISOString();
  const [row] = await db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .innerJoin(courseClasses, and(eq(courseClasses.orgId, courseLessons.orgId), eq(courseClasses.id, courseLessons.classId)))
    .innerJoin(courses, and(eq(courses.orgId, courseClasses.orgId), eq(courses.id, courseClasses.courseId)))
    .innerJoin(courseEnrolments, and(eq(courseEnrolments.orgId, courseClasses.orgId), eq(courseEnrolments.classId, courseClasses.id)))
    .innerJoin(orders, eq(orders.id, courseEnrolments.orderId))
    .where(
      and(
        lessonRepo.where(scope),
        eq(courses.venueId, q.venueId),
        eq(courseEnrolments.memberId, q.memberId),
        eq(courseEnrolments.state, 'enrolled'),
        inArray(orders.state, ['paid', 'completed', 'part_refunded']),
        inArray(courseLessons.state, ['scheduled', 'done']),
        sql`${at}::timestamptz >= ${courseLessons.startsAt} - interval '30 minutes'`,
        sql`${at}::timestamptz < ${courseLessons.endsAt}`,
      ),
    )
    .limit(1);
  return row ? String(row.id) : undefined;
}
