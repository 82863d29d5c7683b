import { asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { scopedRepo } from '../../../platform/scopedRepo.ts';
import type { Scope } from '../../../platform/scope.ts';
import { containsText, users } from '../../system/index.ts';
import { members } from '../member/index.ts';
import { courseAttendances, courseFaceConsents, courseMemberPackages } from './attendance.table.ts';
import { courseClasses, courseEnrolments, courseLessons, courses } from './course.table.ts';
import { courseLessonEvaluations } from './lesson.table.ts';

const memberRepo = scopedRepo(members);
const consentRepo = scopedRepo(courseFaceConsents);
const enrolRepo = scopedRepo(courseEnrolments);
const evalRepo = scopedRepo(courseLessonEvaluations);

/**
 * Participants (issue 26): members with a live enrolment (enrolled or waitlisted) or an active class
 * package. The enrolment, package, attendance and consent rows of a member share its organisation
 * (their foreign keys include `org_id`), so the member's scope predicate covers them.
 */
const LIVE_ENROLMENT = sql`e.state in ('enrolled', 'waitlisted')`;
/** The member row's id and organisation, qualified (a bare column in a subquery would name the subquery's own). */
const M_ID = sql.raw('"sport_member"."id"');
const M_ORG = sql.raw('"sport_member"."org_id"');

function participates(courseId?: number, classId?: number): SQL {
  const inClass = classId ? sql` and e.class_id = ${classId}` : sql``;
  const enrolCourse = courseId ? sql` and exists (select 1 from ${courseClasses} c where c.id = e.class_id and c.course_id = ${courseId})` : sql``;
  const byEnrolment = sql`exists (select 1 from ${courseEnrolments} e where e.member_id = ${M_ID} and ${LIVE_ENROLMENT}${inClass}${enrolCourse})`;
  if (classId) return byEnrolment;
  const pkgCourse = courseId ? sql` and p.course_id = ${courseId}` : sql``;
  return sql`(${byEnrolment} or exists (select 1 from ${courseMemberPackages} p where p.member_id = ${M_ID} and p.state = 'active'${pkgCourse}))`;
}

const consentState = sql<string>`coalesce((select case when f.face_image is null then 'consented' else 'image' end from ${courseFaceConsents} f where f.member_id = ${M_ID} and f.org_id = ${M_ORG} and f.revoked_at is null limit 1), 'none')`;

const rowColumns = {
  id: members.id,
  orgId: members.orgId,
  name: members.name,
  memberNo: members.memberNo,
  phone: members.phone,
  level: members.level,
  sex: members.sex,
  status: members.status,
  classes: sql<number>`(select count(*)::int from ${courseEnrolments} e where e.member_id = ${M_ID} and ${LIVE_ENROLMENT})`,
  waitlisted: sql<number>`(select count(*)::int from ${courseEnrolments} e where e.member_id = ${M_ID} and e.state = 'waitlisted')`,
  packages: sql<number>`(select count(*)::int from ${courseMemberPackages} p where p.member_id = ${M_ID} and p.state = 'active' and (p.expires_at is null or p.expires_at > now()))`,
  lessonsLeft: sql<number>`(select coalesce(sum(p.lessons_left), 0)::int from ${courseMemberPackages} p where p.member_id = ${M_ID} and p.state = 'active' and (p.expires_at is null or p.expires_at > now()))`,
  attended: sql<number>`(select count(*)::int from ${courseAttendances} a where a.member_id = ${M_ID} and a.state in ('present', 'late'))`,
  absent: sql<number>`(select count(*)::int from ${courseAttendances} a where a.member_id = ${M_ID} and a.state = 'absent')`,
  lastAttendedAt: sql<
    Date | string | null
  >`(select max(a.checked_at) from ${courseAttendances} a where a.member_id = ${M_ID} and a.state in ('present', 'late'))`,
  consent: consentState,
};

export interface ParticipantFilter {
  id?: number;
  keyword?: string | null;
  courseId?: number;
  classId?: number;
  consent?: 'none' | 'consented' | 'image';
}

export async function pageParticipants(db: Executor, scope: Scope, f: ParticipantFilter, page: { limit: number; offset: number }) {
  const where = memberRepo.where(
    scope,
    participates(f.courseId, f.classId),
    f.id ? eq(members.id, f.id) : undefined,
    f.keyword ? or(containsText(members.name, f.keyword), containsText(members.phone, f.keyword), containsText(members.memberNo, f.keyword)) : undefined,
    f.consent ? sql`${consentState} = ${f.consent}` : undefined,
  );
  const [rows, [c]] = await Promise.all([
    db.select(rowColumns).from(members).where(where).orderBy(desc(members.id)).limit(page.limit).offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(members)
      .where(where),
  ]);
  return { total: Number(c?.n ?? 0), rows };
}

/** The member's live enrolments with the class, course and waitlist place. */
export async function classesOfMember(db: Executor, scope: Scope, memberId: number) {
  return db
    .select({
      enrolmentId: courseEnrolments.id,
      classId: courseClasses.id,
      className: courseClasses.name,
      courseId: courses.id,
      courseName: courses.name,
      state: courseEnrolments.state,
      since: courseEnrolments.createdAt,
      position: sql<
        number | null
      >`case when ${courseEnrolments.state} = 'waitlisted' then (select count(*)::int from ${courseEnrolments} w where w.class_id = ${sql.raw('"sport_course_enrolment"."class_id"')} and w.state = 'waitlisted' and w.id <= ${sql.raw('"sport_course_enrolment"."id"')}) end`,
    })
    .from(courseEnrolments)
    .innerJoin(courseClasses, eq(courseClasses.id, courseEnrolments.classId))
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(enrolRepo.where(scope, eq(courseEnrolments.memberId, memberId), inArray(courseEnrolments.state, ['enrolled', 'waitlisted'])))
    .orderBy(asc(courseEnrolments.id));
}

/** The ratings the member gave (the newest first). */
export async function evaluationsOfMember(db: Executor, scope: Scope, memberId: number, limit = 200) {
  return db
    .select({
      id: courseLessonEvaluations.id,
      lessonId: courseLessonEvaluations.lessonId,
      lessonStartsAt: courseLessons.startsAt,
      courseName: courses.name,
      className: courseClasses.name,
      rating: courseLessonEvaluations.rating,
      comment: courseLessonEvaluations.comment,
      createTime: courseLessonEvaluations.createdAt,
    })
    .from(courseLessonEvaluations)
    .innerJoin(courseLessons, eq(courseLessons.id, courseLessonEvaluations.lessonId))
    .innerJoin(courseClasses, eq(courseClasses.id, courseLessons.classId))
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .where(evalRepo.where(scope, eq(courseLessonEvaluations.memberId, memberId)))
    .orderBy(desc(courseLessonEvaluations.id))
    .limit(limit);
}

// ---------------------------------------------------------------- face consent

/** The member's live consent (locked when asked: an upload or a revocation changes it). */
export async function liveConsent(db: Executor, scope: Scope, memberId: number, lock = false) {
  const q = db
    .select()
    .from(courseFaceConsents)
    .where(consentRepo.where(scope, eq(courseFaceConsents.memberId, memberId), isNull(courseFaceConsents.revokedAt)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The member's latest consent row (live or revoked) with the names of who recorded and revoked it. */
export async function latestConsent(db: Executor, scope: Scope, memberId: number) {
  const [row] = await db
    .select({ c: courseFaceConsents, recordedByName: users.name })
    .from(courseFaceConsents)
    .leftJoin(users, eq(users.id, courseFaceConsents.recordedBy))
    .where(consentRepo.where(scope, eq(courseFaceConsents.memberId, memberId)))
    .orderBy(sql`${courseFaceConsents.revokedAt} is null desc`, desc(courseFaceConsents.id))
    .limit(1);
  return row;
}

/** Records a live consent unless one exists (then undefined: the live unique index decides a race). */
export async function insertConsent(db: Executor, scope: Scope, values: typeof courseFaceConsents.$inferInsert) {
  void scope;
  const [row] = await db.insert(courseFaceConsents).values(values).onConflictDoNothing().returning();
  return row;
}

/** Sets the image of the live consent, in one conditional write (none: no live consent, undefined). */
export async function setConsentImage(db: Executor, scope: Scope, consentId: number, faceImage: string) {
  const [row] = await db
    .update(courseFaceConsents)
    .set({ faceImage })
    .where(consentRepo.where(scope, eq(courseFaceConsents.id, consentId), isNull(courseFaceConsents.revokedAt)))
    .returning();
  return row;
}

/** Revokes the live consent and clears its image (one conditional write). */
export async function revokeConsentRow(db: Executor, scope: Scope, consentId: number, by: number | null) {
  const [row] = await db
    .update(courseFaceConsents)
    .set({ faceImage: null, revokedAt: new Date(), revokedBy: by })
    .where(consentRepo.where(scope, eq(courseFaceConsents.id, consentId), isNull(courseFaceConsents.revokedAt)))
    .returning();
  return row;
}

// ---------------------------------------------------------------- ratings of coaches

/** Members' average rating (two decimals) and number of ratings of the lessons of each coach, in one grouped query. */
export async function ratingsOfCoaches(db: Executor, scope: Scope, coachIds: number[]) {
  const out = new Map<number, { avg: number | null; count: number }>();
  if (coachIds.length === 0) return out;
  const rows = await db
    .select({ coachId: courseLessons.coachId, avg: sql<string | null>`avg(${courseLessonEvaluations.rating})`, n: sql<number>`count(*)::int` })
    .from(courseLessonEvaluations)
    .innerJoin(courseLessons, eq(courseLessons.id, courseLessonEvaluations.lessonId))
    .where(evalRepo.where(scope, inArray(courseLessons.coachId, coachIds)))
    .groupBy(courseLessons.coachId);
  for (const r of rows) out.set(Number(r.coachId), { avg: r.avg == null ? null : Math.round(Number(r.avg) * 100) / 100, count: Number(r.n) });
  return out;
}
