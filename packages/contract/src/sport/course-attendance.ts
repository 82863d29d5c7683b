import { z } from 'zod';
import { fields } from '../fields.ts';
import { pageQuery } from '../envelope.ts';

/**
 * Attendance and class packages (issue 26, `attendanceRecord`, `memberClassPackage`, the coach's check-in
 * page). A member checks into a lesson once: by member number, by the QR code text (`VM:<memberNo>` or a
 * card's `VC:<cardNo>`), by card number at the desk, or marked by the coach. Only members enrolled in the
 * lesson's class, or holding a usable class package of its course, may; a second check-in answers 100409
 * `duplicate`. A class package is lessons on a card of times: each attended lesson takes one (never below zero).
 */
const id = fields.id;

export const ATTENDANCE_STATES = ['present', 'late', 'absent', 'leave'] as const;
export const ATTENDANCE_METHODS = ['qr', 'memberNo', 'card', 'coach', 'desk', 'face'] as const;
export const PACKAGE_STATES = ['pending', 'active', 'used', 'expired', 'refunded'] as const;
/** The member QR code text of a member number (a card's QR is `VC:<cardNo>`). */
export const MEMBER_QR_PREFIX = 'VM:';

/** `POST {sport}course/attendance/page` and `.../export`: the filters of all check-ins. */
export const attendancePageQuery = pageQuery.extend({
  from: fields.day.optional(),
  to: fields.day.optional(),
  courseId: id.optional(),
  classId: id.optional(),
  lessonId: id.optional(),
  memberId: id.optional(),
  /** A member's name, phone or number. */
  keyword: fields.optText(64),
  state: z.enum(ATTENDANCE_STATES).optional(),
  method: z.enum(ATTENDANCE_METHODS).optional(),
});
export type AttendancePageQuery = z.output<typeof attendancePageQuery>;

export const attendanceRow = z.object({
  id: z.number(),
  lessonId: z.number(),
  lessonStartsAt: fields.instantOut,
  lessonEndsAt: fields.instantOut,
  classId: z.number(),
  className: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  memberId: z.number(),
  memberName: z.string(),
  memberNo: z.string(),
  enrolmentId: z.number().nullable(),
  packageId: z.number().nullable(),
  /** Whether this attendance took a lesson off the package. */
  consumed: z.boolean(),
  state: fields.textOf(ATTENDANCE_STATES),
  method: fields.textOf(ATTENDANCE_METHODS),
  checkedAt: fields.instantOut,
  checkedByName: z.string().nullable(),
});
export type AttendanceRow = z.output<typeof attendanceRow>;

/**
 * `POST {sport}course/attendance/checkIn` at the desk: the member by `memberNo`, by the QR code text
 * (`qr`), by card number (`cardNo`) or picked (`memberId`, method `desk`); exactly one of them.
 */
export const attendanceCheckIn = z
  .object({
    lessonId: id,
    memberNo: fields.optText(32),
    qr: fields.optText(64),
    cardNo: fields.optText(32),
    memberId: id.optional(),
    late: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const given = [v.memberNo, v.qr, v.cardNo, v.memberId].filter((x) => x != null && x !== '').length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: ['memberNo'], message: 'courseAttendance.oneWay' });
  });
export type AttendanceCheckIn = z.output<typeof attendanceCheckIn>;

/** `POST {sport}course/attendance/mark`: the coach marks one member of the lesson's roster. */
export const attendanceMark = z.object({
  lessonId: id,
  memberId: id,
  state: z.enum(ATTENDANCE_STATES),
});
export type AttendanceMark = z.output<typeof attendanceMark>;

/** `POST {sport}course/attendance/done`: the lesson is over; the enrolled who did not come are recorded absent. */
export const attendanceDone = z.object({ lessonId: id });
export const attendanceDoneAnswer = z.object({ absent: z.number(), consumed: z.number() });

/** `POST {sport}course/attendance/roster`: a lesson and who may check into it, with their attendance so far. */
export const attendanceRosterQuery = z.object({ lessonId: id });
export const attendanceRoster = z.object({
  lessonId: z.number(),
  startsAt: fields.instantOut,
  endsAt: fields.instantOut,
  lessonState: z.string(),
  courseName: z.string(),
  className: z.string(),
  people: z.array(
    z.object({
      memberId: z.number(),
      memberName: z.string(),
      memberNo: z.string(),
      /** enrolled: a seat in the class; package: a class package of the course only. */
      via: z.enum(['enrolled', 'package']),
      lessonsLeft: z.number().nullable(),
      state: fields.textOf(ATTENDANCE_STATES).nullable(),
      attendanceId: z.number().nullable(),
    }),
  ),
});
export type AttendanceRoster = z.output<typeof attendanceRoster>;

/** `POST {sport}course/attendance/lessons`: lessons of a day to check into (the coach's page and the desk's dialog). */
export const attendanceLessonsQuery = z.object({ day: fields.day, coachId: id.optional() });
export const attendanceLessons = z.array(
  z.object({
    id: z.number(),
    startsAt: fields.instantOut,
    endsAt: fields.instantOut,
    state: z.string(),
    courseName: z.string(),
    className: z.string(),
    coachName: z.string().nullable(),
    present: z.number(),
  }),
);

// ---------------------------------------------------------------- class packages

/** Item kind `classPackage`'s line detail (sold in `course` orders). */
export const classPackageLineDetail = z.strictObject({ typeId: id });
export type ClassPackageLineDetail = z.output<typeof classPackageLineDetail>;

export const packageTypeCreate = z.object({
  courseId: id,
  name: fields.str().trim().min(1).max(64),
  lessons: fields.intIn(1, 1000),
  priceFen: fields.fen,
  validityDays: fields.intIn(1, 3660),
  noShowConsumes: z.boolean().default(false),
});
export type PackageTypeCreate = z.output<typeof packageTypeCreate>;
export const packageTypeUpdate = packageTypeCreate
  .omit({ courseId: true })
  .partial()
  // An omitted rule stays as it is (the create's default does not apply to an edit).
  .extend({ noShowConsumes: z.boolean().optional(), state: z.enum(['on', 'off']).optional(), version: fields.version });
export type PackageTypeUpdate = z.output<typeof packageTypeUpdate>;
export const packageTypePageQuery = pageQuery.extend({ courseId: id.optional(), state: z.enum(['on', 'off']).optional() });
export type PackageTypePageQuery = z.output<typeof packageTypePageQuery>;
export const packageTypeRow = z.object({
  id: z.number(),
  courseId: z.number(),
  courseName: z.string(),
  name: z.string(),
  lessons: z.number(),
  priceFen: z.number(),
  validityDays: z.number(),
  noShowConsumes: z.boolean(),
  state: z.string(),
  version: z.number(),
  createTime: fields.instantOut,
});
export type PackageTypeRow = z.output<typeof packageTypeRow>;

/** `POST {sport}course/package/sell`: a pending `classPackage` order for the member (paid through commerce). */
export const packageSell = z.object({ typeId: id, memberId: id });
export const packageSellAnswer = z.object({ orderId: z.number(), orderNo: z.string(), packageId: z.number(), amountFen: z.number() });

export const memberPackagePageQuery = pageQuery.extend({
  courseId: id.optional(),
  memberId: id.optional(),
  keyword: fields.optText(64),
  state: z.enum(PACKAGE_STATES).optional(),
});
export type MemberPackagePageQuery = z.output<typeof memberPackagePageQuery>;
export const memberPackageRow = z.object({
  id: z.number(),
  typeId: z.number(),
  typeName: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  memberId: z.number(),
  memberName: z.string(),
  memberNo: z.string(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  lessons: z.number(),
  lessonsLeft: z.number(),
  priceFen: z.number(),
  noShowConsumes: z.boolean(),
  state: fields.textOf(PACKAGE_STATES),
  expiresAt: fields.instantOut.nullable(),
  createTime: fields.instantOut,
});
export type MemberPackageRow = z.output<typeof memberPackageRow>;
export const memberPackageDetail = memberPackageRow.extend({ usage: z.array(attendanceRow) });
export type MemberPackageDetail = z.output<typeof memberPackageDetail>;
