import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users, orgId } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { courseEnrolments, courseLessons, courses } from './course.table.ts';
import { createdAt, id, updatedAt } from '../../../platform/columns.ts';

/**
 * Attendance and class packages (issue 26). A class package type is what a course sells as lessons on a
 * card of times (N lessons, a price, a validity); a member's package is one sold package with the lessons
 * it has left (never below zero: consumed by a conditional update). An attendance is one member at one
 * lesson, once: present / late (consumes a lesson of a package), absent (a no-show, recorded when the
 * lesson is marked done; consumes one only when the package type says no-shows do), or leave (excused).
 */

export const coursePackageTypes = pgTable(
  'sport_course_package_type',
  {
    id: id(),
    orgId: orgId(),
    courseId: bigint('course_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    lessons: integer('lessons').notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    validityDays: integer('validity_days').notNull(),
    /** Whether a no-show (absent when the lesson is marked done) consumes a lesson of the package. */
    noShowConsumes: boolean('no_show_consumes').notNull().default(false),
    /** on | off (off: no longer sold; packages already sold still work). */
    state: varchar('state', { length: 8 }).notNull().default('on'),
    /** Optimistic lock: an edit names the version it saw (two operators never overwrite each other). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_course_package_type_org_id_uq').on(t.orgId, t.id),
    index('sport_course_package_type_course_idx').on(t.courseId),
    check('sport_course_package_type_lessons_ck', sql`${t.lessons} > 0 and ${t.priceFen} >= 0 and ${t.validityDays} > 0`),
    foreignKey({ name: 'sport_course_package_type_course_org_fk', columns: [t.orgId, t.courseId], foreignColumns: [courses.orgId, courses.id] }),
  ],
);

/**
 * A member's class package: `pending` (its order not paid yet), `active` (usable while lessons are left and
 * before `expiresAt`), `used` (none left), `refunded`. `priceFen / lessons` is what one lesson recognises.
 */
export const courseMemberPackages = pgTable(
  'sport_course_member_package',
  {
    id: id(),
    orgId: orgId(),
    typeId: bigint('type_id', { mode: 'number' }).notNull(),
    courseId: bigint('course_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    lessons: integer('lessons').notNull(),
    lessonsLeft: integer('lessons_left').notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    noShowConsumes: boolean('no_show_consumes').notNull().default(false),
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_course_member_package_org_id_uq').on(t.orgId, t.id),
    index('sport_course_member_package_member_idx').on(t.memberId, t.courseId, t.state),
    index('sport_course_member_package_order_idx').on(t.orderId),
    check('sport_course_member_package_left_ck', sql`${t.lessonsLeft} >= 0 and ${t.lessonsLeft} <= ${t.lessons}`),
    foreignKey({
      name: 'sport_course_member_package_type_org_fk',
      columns: [t.orgId, t.typeId],
      foreignColumns: [coursePackageTypes.orgId, coursePackageTypes.id],
    }),
    foreignKey({ name: 'sport_course_member_package_course_org_fk', columns: [t.orgId, t.courseId], foreignColumns: [courses.orgId, courses.id] }),
    foreignKey({ name: 'sport_course_member_package_member_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
  ],
);

export const courseAttendances = pgTable(
  'sport_course_attendance',
  {
    id: id(),
    orgId: orgId(),
    lessonId: bigint('lesson_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    enrolmentId: bigint('enrolment_id', { mode: 'number' }).references(() => courseEnrolments.id),
    packageId: bigint('package_id', { mode: 'number' }),
    /** present | late | absent | leave. */
    state: varchar('state', { length: 8 }).notNull(),
    /** qr | memberNo | card | coach | desk | face. */
    method: varchar('method', { length: 10 }).notNull(),
    /** Whether this attendance took a lesson off `packageId` (given back if the attendance is undone). */
    consumed: boolean('consumed').notNull().default(false),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    checkedBy: bigint('checked_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_course_attendance_lesson_member_uq').on(t.lessonId, t.memberId),
    index('sport_course_attendance_org_idx').on(t.orgId, t.checkedAt),
    index('sport_course_attendance_member_idx').on(t.memberId, t.checkedAt),
    index('sport_course_attendance_package_idx')
      .on(t.packageId)
      .where(sql`${t.packageId} is not null`),
    check('sport_course_attendance_state_ck', sql`${t.state} in ('present', 'late', 'absent', 'leave')`),
    check('sport_course_attendance_method_ck', sql`${t.method} in ('qr', 'memberNo', 'card', 'coach', 'desk', 'face')`),
    foreignKey({ name: 'sport_course_attendance_lesson_org_fk', columns: [t.orgId, t.lessonId], foreignColumns: [courseLessons.orgId, courseLessons.id] }),
    foreignKey({ name: 'sport_course_attendance_member_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
    foreignKey({
      name: 'sport_course_attendance_package_org_fk',
      columns: [t.orgId, t.packageId],
      foreignColumns: [courseMemberPackages.orgId, courseMemberPackages.id],
    }),
  ],
);

/**
 * A participant's recorded consent to keep a face image for gate devices (issue 26): the face image is
 * stored only while a consent row without `revokedAt` exists; a non-face check-in is always offered.
 */
export const courseFaceConsents = pgTable(
  'sport_course_face_consent',
  {
    id: id(),
    orgId: orgId(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    faceImage: varchar('face_image', { length: 200 }),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    recordedBy: bigint('recorded_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The version of the consent statement the member agreed to (e.g. `2026-01`). */
    statementVersion: varchar('statement_version', { length: 16 }),
    revokedBy: bigint('revoked_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_course_face_consent_live_uq')
      .on(t.orgId, t.memberId)
      .where(sql`${t.revokedAt} is null`),
    foreignKey({ name: 'sport_course_face_consent_member_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
  ],
);
