import { asc, desc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScopeSql, type Scope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { containsText, users } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { courseAttendances, courseMemberPackages, coursePackageTypes } from './attendance.table.ts';
import { courseClasses, courseEnrolments, courseLessons, courses } from './course.table.ts';
import { heldLessonsSql, type LessonDays } from './lesson.repository.ts';

export type PackageTypeRecord = typeof coursePackageTypes.$inferSelect;
export type MemberPackageRecord = typeof courseMemberPackages.$inferSelect;

const attRepo = scopedRepo(courseAttendances);
const typeRepo = scopedRepo(coursePackageTypes);
const pkgRepo = scopedRepo(courseMemberPackages);
const lessonRepo = scopedRepo(courseLessons);
const memberRepo = scopedRepo(members);
const enrolRepo = scopedRepo(courseEnrolments);

// ---------------------------------------------------------------- lessons and members

/** A lesson with its class and course (locked when asked: marking it done). */
export async function lessonWithCourse(db: Executor, scope: Scope, lessonId: number, lock = false) {
  const q = db
    .select({ lesson: courseLessons, className: courseClasses.name, courseId: courses.id, courseName: courses.name })
    .from(courseLessons)
    .innerJoin(courseClasses, eq(courseClasses.id, courseLessons.classId))
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(lessonRepo.where(scope, eq(courseLessons.id, lessonId)));
  const [row] = lock ? await q.for('update', { of: courseLessons }) : await q;
  return row;
}

/** Lessons starting within [from, to) (optionally one coach's), with how many were present. */
export async function lessonsBetween(db: Executor, scope: Scope, from: Date, to: Date, coachId?: number) {
  return db
    .select({
      id: courseLessons.id,
      startsAt: courseLessons.startsAt,
      endsAt: courseLessons.endsAt,
      state: courseLessons.state,
      coachId: courseLessons.coachId,
      className: courseClasses.name,
      courseName: courses.name,
      present: sql<number>`(select count(*)::int from ${courseAttendances} a where a.lesson_id = ${courseLessons.id} and a.state in ('present', 'late'))`,
    })
    .from(courseLessons)
    .innerJoin(courseClasses, eq(courseClasses.id, courseLessons.classId))
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(
      lessonRepo.where(
        scope,
        gte(courseLessons.startsAt, from),
        lt(courseLessons.startsAt, to),
        coachId ? eq(courseLessons.coachId, coachId) : undefined,
        inArray(courseLessons.state, ['scheduled', 'done']),
      ),
    )
    .orderBy(asc(courseLessons.startsAt), asc(courseLessons.id));
}

export async function memberByNo(db: Executor, scope: Scope, orgId: number, memberNo: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(memberRepo.where(scope, eq(members.orgId, orgId), eq(members.memberNo, memberNo)));
  return row;
}

/**
 * The member holding a card number of the organisation. The cards module offers no lookup to other
 * modules; this read of its card table (number → member) is the only one, read-only.
 */
export async function memberIdOfCardNo(db: Executor, scope: Scope, cardNo: string): Promise<number | undefined> {
  const r = (await db.execute(
    sql`select member_id from sport_member_card where ${inScopeSql(scope, sql`org_id`)} and card_no = ${cardNo} limit 1`,
  )) as unknown as {
    rows: { member_id: string | number }[];
  };
  return r.rows[0] ? Number(r.rows[0].member_id) : undefined;
}

/** The member's enrolled row in a class, if any. */
export async function enrolledRow(db: Executor, scope: Scope, classId: number, memberId: number) {
  const [row] = await db
    .select()
    .from(courseEnrolments)
    .where(enrolRepo.where(scope, eq(courseEnrolments.classId, classId), eq(courseEnrolments.memberId, memberId), eq(courseEnrolments.state, 'enrolled')));
  return row;
}

/** The enrolled members of a class (the lesson's roster). */
export async function enrolledOf(db: Executor, scope: Scope, classId: number) {
  return db
    .select({ enrolmentId: courseEnrolments.id, memberId: members.id, memberName: members.name, memberNo: members.memberNo })
    .from(courseEnrolments)
    .innerJoin(members, eq(members.id, courseEnrolments.memberId))
    .where(enrolRepo.where(scope, eq(courseEnrolments.classId, classId), eq(courseEnrolments.state, 'enrolled')))
    .orderBy(asc(courseEnrolments.id));
}

// ---------------------------------------------------------------- packages

export const findPackageType = (db: Executor, scope: Scope, id: number) => typeRepo.find(db, scope, id);
export const insertPackageType = (db: Executor, scope: Scope, values: typeof coursePackageTypes.$inferInsert) => typeRepo.insert(db, scope, values);
export const updatePackageType = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof coursePackageTypes>) =>
  typeRepo.update(db, scope, id, version, values);

export async function pagePackageTypes(db: Executor, scope: Scope, f: { courseId?: number; state?: string }, page: { limit: number; offset: number }) {
  const where = typeRepo.where(
    scope,
    f.courseId ? eq(coursePackageTypes.courseId, f.courseId) : undefined,
    f.state ? eq(coursePackageTypes.state, f.state) : undefined,
  );
  const [rows, [c]] = await Promise.all([
    db
      .select({ t: coursePackageTypes, courseName: courses.name })
      .from(coursePackageTypes)
      .innerJoin(courses, eq(courses.id, coursePackageTypes.courseId))
      .where(where)
      .orderBy(desc(coursePackageTypes.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(coursePackageTypes)
      .where(where),
  ]);
  return { total: Number(c?.n ?? 0), rows };
}

export const findMemberPackage = (db: Executor, scope: Scope, id: number) => pkgRepo.find(db, scope, id);
export const insertMemberPackage = (db: Executor, scope: Scope, values: typeof courseMemberPackages.$inferInsert) => pkgRepo.insert(db, scope, values);

export async function lockMemberPackage(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(courseMemberPackages)
    .where(pkgRepo.where(scope, eq(courseMemberPackages.id, id)))
    .for('update');
  return row;
}

export async function setPackage(db: Executor, scope: Scope, id: number, from: string[], values: Changes<typeof courseMemberPackages>) {
  const rows = await db
    .update(courseMemberPackages)
    .set({ ...values, updatedAt: new Date() })
    .where(pkgRepo.where(scope, eq(courseMemberPackages.id, id), inArray(courseMemberPackages.state, from)))
    .returning();
  return rows[0];
}

/** The member's usable package of a course: active, a lesson left, not expired; the one expiring first. */
export async function usablePackage(db: Executor, scope: Scope, courseId: number, memberId: number, now: Date) {
  const [row] = await db
    .select()
    .from(courseMemberPackages)
    .where(
      pkgRepo.where(
        scope,
        eq(courseMemberPackages.courseId, courseId),
        eq(courseMemberPackages.memberId, memberId),
        eq(courseMemberPackages.state, 'active'),
        gt(courseMemberPackages.lessonsLeft, 0),
        or(sql`${courseMemberPackages.expiresAt} is null`, gt(courseMemberPackages.expiresAt, now)),
      ),
    )
    .orderBy(asc(courseMemberPackages.expiresAt), asc(courseMemberPackages.id))
    .limit(1);
  return row;
}

/** Members holding a usable package of a course (those not enrolled may still check in). */
export async function packageHolders(db: Executor, scope: Scope, courseId: number, now: Date) {
  return db
    .select({ pkg: courseMemberPackages, memberName: members.name, memberNo: members.memberNo })
    .from(courseMemberPackages)
    .innerJoin(members, eq(members.id, courseMemberPackages.memberId))
    .where(
      pkgRepo.where(
        scope,
        eq(courseMemberPackages.courseId, courseId),
        eq(courseMemberPackages.state, 'active'),
        gt(courseMemberPackages.lessonsLeft, 0),
        or(sql`${courseMemberPackages.expiresAt} is null`, gt(courseMemberPackages.expiresAt, now)),
      ),
    )
    .orderBy(asc(courseMemberPackages.id));
}

/**
 * Takes one lesson off a package in one conditional write: only while it is active with a lesson left
 * (two check-ins racing for the last lesson: one gets it, the other none). At zero it is `used`.
 */
export async function takeLesson(db: Executor, scope: Scope, id: number): Promise<MemberPackageRecord | undefined> {
  const [row] = await db
    .update(courseMemberPackages)
    .set({
      lessonsLeft: sql`${courseMemberPackages.lessonsLeft} - 1`,
      state: sql`case when ${courseMemberPackages.lessonsLeft} - 1 = 0 then 'used' else ${courseMemberPackages.state} end`,
      updatedAt: new Date(),
    })
    .where(pkgRepo.where(scope, eq(courseMemberPackages.id, id), eq(courseMemberPackages.state, 'active'), gt(courseMemberPackages.lessonsLeft, 0)))
    .returning();
  return row;
}

export interface PackageFilter {
  courseId?: number;
  memberId?: number;
  keyword?: string | null;
  state?: string;
  id?: number;
}

export async function pageMemberPackages(db: Executor, scope: Scope, f: PackageFilter, page: { limit: number; offset: number }) {
  const where = pkgRepo.where(
    scope,
    f.id ? eq(courseMemberPackages.id, f.id) : undefined,
    f.courseId ? eq(courseMemberPackages.courseId, f.courseId) : undefined,
    f.memberId ? eq(courseMemberPackages.memberId, f.memberId) : undefined,
    f.state ? eq(courseMemberPackages.state, f.state) : undefined,
    f.keyword ? or(containsText(members.name, f.keyword), containsText(members.phone, f.keyword), containsText(members.memberNo, f.keyword)) : undefined,
  );
  const [rows, [c]] = await Promise.all([
    db
      .select({
        p: courseMemberPackages,
        typeName: coursePackageTypes.name,
        courseName: courses.name,
        memberName: members.name,
        memberNo: members.memberNo,
        orderNo: orders.orderNo,
      })
      .from(courseMemberPackages)
      .innerJoin(coursePackageTypes, eq(coursePackageTypes.id, courseMemberPackages.typeId))
      .innerJoin(courses, eq(courses.id, courseMemberPackages.courseId))
      .innerJoin(members, eq(members.id, courseMemberPackages.memberId))
      .leftJoin(orders, eq(orders.id, courseMemberPackages.orderId))
      .where(where)
      .orderBy(desc(courseMemberPackages.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(courseMemberPackages)
      .innerJoin(members, eq(members.id, courseMemberPackages.memberId))
      .where(where),
  ]);
  return { total: Number(c?.n ?? 0), rows };
}

// ---------------------------------------------------------------- attendances

/** Inserts an attendance unless the member has one for the lesson already (then undefined). */
export async function insertAttendance(db: Executor, scope: Scope, values: typeof courseAttendances.$inferInsert) {
  void scope;
  const [row] = await db.insert(courseAttendances).values(values).onConflictDoNothing().returning();
  return row;
}

export async function attendancesOfLesson(db: Executor, scope: Scope, lessonId: number) {
  return db
    .select()
    .from(courseAttendances)
    .where(attRepo.where(scope, eq(courseAttendances.lessonId, lessonId)));
}

export interface AttendanceFilter {
  id?: number;
  from?: Date;
  to?: Date;
  courseId?: number;
  classId?: number;
  lessonId?: number;
  memberId?: number;
  packageId?: number;
  keyword?: string | null;
  state?: string;
  method?: string;
}

export const attendanceSorts = { checkedAt: courseAttendances.checkedAt, lessonStartsAt: courseLessons.startsAt, state: courseAttendances.state };
export const attendanceDefaultOrder = [desc(courseAttendances.checkedAt), desc(courseAttendances.id)];

export async function pageAttendances(db: Executor, scope: Scope, f: AttendanceFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = attRepo.where(
    scope,
    f.id ? eq(courseAttendances.id, f.id) : undefined,
    f.from ? gte(courseLessons.startsAt, f.from) : undefined,
    f.to ? lt(courseLessons.startsAt, f.to) : undefined,
    f.courseId ? eq(courses.id, f.courseId) : undefined,
    f.classId ? eq(courseClasses.id, f.classId) : undefined,
    f.lessonId ? eq(courseAttendances.lessonId, f.lessonId) : undefined,
    f.memberId ? eq(courseAttendances.memberId, f.memberId) : undefined,
    f.packageId ? eq(courseAttendances.packageId, f.packageId) : undefined,
    f.state ? eq(courseAttendances.state, f.state) : undefined,
    f.method ? eq(courseAttendances.method, f.method) : undefined,
    f.keyword ? or(containsText(members.name, f.keyword), containsText(members.phone, f.keyword), containsText(members.memberNo, f.keyword)) : undefined,
  );
  const base = () =>
    db
      .select({
        a: courseAttendances,
        lessonStartsAt: courseLessons.startsAt,
        lessonEndsAt: courseLessons.endsAt,
        classId: courseClasses.id,
        className: courseClasses.name,
        courseId: courses.id,
        courseName: courses.name,
        memberName: members.name,
        memberNo: members.memberNo,
        checkedByName: users.name,
      })
      .from(courseAttendances)
      .innerJoin(courseLessons, eq(courseLessons.id, courseAttendances.lessonId))
      .innerJoin(courseClasses, eq(courseClasses.id, courseLessons.classId))
      .innerJoin(courses, eq(courses.id, courseClasses.courseId))
      .innerJoin(members, eq(members.id, courseAttendances.memberId))
      .leftJoin(users, eq(users.id, courseAttendances.checkedBy));
  const [rows, [c]] = await Promise.all([
    base()
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(courseAttendances)
      .innerJoin(courseLessons, eq(courseLessons.id, courseAttendances.lessonId))
      .innerJoin(courseClasses, eq(courseClasses.id, courseLessons.classId))
      .innerJoin(courses, eq(courses.id, courseClasses.courseId))
      .innerJoin(members, eq(members.id, courseAttendances.memberId))
      .where(where),
  ]);
  return { total: Number(c?.n ?? 0), rows };
}

// ---------------------------------------------------------------- statistics' readers (set-based, scoped: one statement each, composed by the caller)

/**
 * The attendances recorded at the lessons held on the days, one row each: the held lesson's columns
 * (`heldLessonsSql`) and `member_name, member_phone, state` (present, late, absent, leave).
 */
export function lessonAttendancesSql(scope: Scope, r: LessonDays): SQL {
  return sql`select h.*, m.name as member_name, m.phone as member_phone, null::int as rating, null::text as comment, a.state
               from (${heldLessonsSql(scope, r)}) h join ${courseAttendances} a on a.lesson_id = h.lesson_id join ${members} m on m.id = a.member_id
              where ${inScopeSql(scope, sql`a.org_id`)}`;
}

/**
 * Who each lesson held on the days expected, one row per lesson and member: its class's enrolled members
 * (the roster the lesson is marked done against) and anyone else recorded at it (a package holder who
 * came), with the attendance recorded (`state`, null when none yet).
 */
export function expectedAttendancesSql(scope: Scope, r: LessonDays): SQL {
  return sql`with h as (${heldLessonsSql(scope, r)}),
               x as (select h.lesson_id, en.member_id from h join ${courseEnrolments} en on en.class_id = h.class_id and en.state = 'enrolled'
                      where ${inScopeSql(scope, sql`en.org_id`)}
                     union
                     select a.lesson_id, a.member_id from ${courseAttendances} a where a.lesson_id in (select lesson_id from h) and ${inScopeSql(scope, sql`a.org_id`)})
             select h.*, m.name as member_name, m.phone as member_phone, null::int as rating, null::text as comment, a.state
               from h join x on x.lesson_id = h.lesson_id join ${members} m on m.id = x.member_id
               left join ${courseAttendances} a on a.lesson_id = h.lesson_id and a.member_id = x.member_id`;
}
