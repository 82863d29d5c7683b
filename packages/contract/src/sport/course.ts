import { z } from 'zod';
import { fields, updateOf } from '../fields.ts';
import { pageQuery } from '../envelope.ts';
import { VENUE_SPORTS } from './venue.ts';

/**
 * Training (issue 26): courses, their classes, lessons, enrolment and waitlist.
 * A course is what is sold (its price per enrolment); a class is a course's group with a capacity, a coach
 * and lessons; an enrolment takes a seat with a pending order (item kind `course`, order type `course`) or
 * joins the class's waitlist.
 */
const id = fields.id;

export const COURSE_KINDS = ['group', 'private'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];
/** draft → submitted → approved (on sale) / rejected (with reason) → off_sale. */
export const COURSE_STATES = ['draft', 'submitted', 'approved', 'rejected', 'off_sale'] as const;
export type CourseState = (typeof COURSE_STATES)[number];
export const COURSE_LOG_KINDS = ['operate', 'audit'] as const;
export const COURSE_LOG_ACTIONS = ['add', 'edit', 'submit', 'approve', 'reject', 'offSale'] as const;

export const courseCreate = z.object({
  orgId: id.optional(),
  venueId: id,
  name: fields.str().trim().min(1).max(64),
  sport: z.enum(VENUE_SPORTS),
  kind: z.enum(COURSE_KINDS),
  coverUrl: fields.optText(500),
  // Basic info.
  intro: fields.optText(2000),
  ageMin: fields.intIn(0, 120).nullish(),
  ageMax: fields.intIn(0, 120).nullish(),
  level: fields.optText(32),
  // Class info.
  lessonsPerClass: fields.intIn(1, 500),
  minutesPerLesson: fields.intIn(5, 600),
  priceFen: fields.fen,
  // Marketing info.
  sellingPoints: fields.optText(500),
  saleFrom: fields.optDay,
  saleTo: fields.optDay,
  /** consignment: the partner running the course (a consigned course); null: the venue's own. */
  partnerId: id.nullish(),
});
export type CourseCreate = z.output<typeof courseCreate>;
export const courseUpdate = updateOf(courseCreate.omit({ orgId: true }));
export type CourseUpdate = z.output<typeof courseUpdate>;
export const courseListQuery = pageQuery.extend({
  name: fields.str().trim().max(64).optional(),
  sport: z.enum(VENUE_SPORTS).optional(),
  kind: z.enum(COURSE_KINDS).optional(),
  state: z.enum(COURSE_STATES).optional(),
});
export type CourseListQuery = z.output<typeof courseListQuery>;

export const courseRow = z.object({
  id: z.number(),
  orgId: z.number(),
  venueId: z.number(),
  venueName: z.string().nullable(),
  name: z.string(),
  sport: fields.textOf(VENUE_SPORTS),
  kind: fields.textOf(COURSE_KINDS),
  coverUrl: z.string().nullable(),
  intro: z.string().nullable(),
  ageMin: z.number().nullable(),
  ageMax: z.number().nullable(),
  level: z.string().nullable(),
  lessonsPerClass: z.number(),
  minutesPerLesson: z.number(),
  priceFen: z.number(),
  sellingPoints: z.string().nullable(),
  saleFrom: z.string().nullable(),
  saleTo: z.string().nullable(),
  state: fields.textOf(COURSE_STATES),
  rejectReason: z.string().nullable(),
  /** consignment: the partner running the course (null: the venue's own). */
  partnerId: z.number().nullable(),
  partnerName: z.string().nullable(),
  version: z.number(),
  createTime: fields.instantOut,
  updateTime: fields.instantOut,
});
export type CourseRow = z.output<typeof courseRow>;
export const courseLogRow = z.object({
  id: z.number(),
  kind: fields.textOf(COURSE_LOG_KINDS),
  action: fields.textOf(COURSE_LOG_ACTIONS),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  remark: z.string().nullable(),
  operatorName: z.string().nullable(),
  createTime: fields.instantOut,
});
export type CourseLogRow = z.output<typeof courseLogRow>;
/** `GET {sport}course/{id}`: the course with its operating log and audit log (newest first). */
export const courseDetail = courseRow.extend({
  logs: z.array(courseLogRow),
  /** Members' average lesson rating of the course (two decimals; null: none yet) and how many ratings. */
  ratingAvg: z.number().nullable().optional(),
  ratingCount: z.number().optional(),
});
export type CourseDetail = z.output<typeof courseDetail>;

/** `POST course/{id}/submit` and `course/{id}/offSale`: the version seen. */
export const courseVersion = z.object({ version: fields.version });
/** `POST course/{id}/review`: approve, or reject with a reason. */
export const courseReview = z.object({ approved: z.boolean(), reason: fields.optText(200), version: fields.version });
export type CourseReview = z.output<typeof courseReview>;

// ---------------------------------------------------------------- classes

export const CLASS_STATES = ['open', 'closed'] as const;
export const classCreate = z.object({
  courseId: id,
  name: fields.str().trim().min(1).max(64),
  capacity: fields.intIn(1, 9999),
  coachId: id,
  siteId: id.nullish(),
  startDay: fields.day,
  endDay: fields.day,
  state: z.enum(CLASS_STATES).default('open'),
});
export type ClassCreate = z.output<typeof classCreate>;
export const classUpdate = updateOf(classCreate.omit({ courseId: true }));
export type ClassUpdate = z.output<typeof classUpdate>;

/** `POST {sport}course/class/list` (fixed call): `{pageNum, pageSize, keyword?}` (keyword: the class's or its course's name contains). */
export const classListQuery = z.object({
  pageNum: pageQuery.shape.pageNum,
  pageSize: pageQuery.shape.pageSize,
  keyword: fields.str().trim().max(64).optional(),
});
export type ClassListQuery = z.output<typeof classListQuery>;
export const classListRow = z.object({
  id: z.number(),
  courseId: z.number(),
  name: z.string(),
  capacity: z.number(),
  enrolled: z.number(),
  waitlisted: z.number(),
});
export const classListAnswer = z.object({ total: z.number().int().min(0), data: z.array(classListRow) });

/** `POST {sport}course/class/page`: the console's class list, with the course, coach and dates. */
export const classPageQuery = pageQuery.extend({
  keyword: fields.str().trim().max(64).optional(),
  courseId: id.optional(),
  state: z.enum(CLASS_STATES).optional(),
});
export type ClassPageQuery = z.output<typeof classPageQuery>;
export const classRow = classListRow.extend({
  orgId: z.number(),
  courseName: z.string(),
  courseState: fields.textOf(COURSE_STATES),
  priceFen: z.number(),
  coachId: z.number(),
  coachName: z.string().nullable(),
  siteId: z.number().nullable(),
  startDay: z.string(),
  endDay: z.string(),
  state: fields.textOf(CLASS_STATES),
  lessons: z.number(),
  version: z.number(),
  createTime: fields.instantOut,
});
export type ClassRow = z.output<typeof classRow>;

// ---------------------------------------------------------------- lessons

export const LESSON_STATES = ['scheduled', 'suspended', 'cancelled', 'done'] as const;
/** `POST {sport}course/lesson`: a lesson of a class; the coach and site default to the class's. */
export const lessonCreate = z.object({
  classId: id,
  startsAt: fields.instant,
  endsAt: fields.instant,
  coachId: id.optional(),
  siteId: id.nullish(),
});
export type LessonCreate = z.output<typeof lessonCreate>;
export const lessonListQuery = pageQuery.extend({ classId: id });
export type LessonListQuery = z.output<typeof lessonListQuery>;
export const lessonRow = z.object({
  id: z.number(),
  classId: z.number(),
  planId: z.number().nullable(),
  startsAt: fields.instantOut,
  endsAt: fields.instantOut,
  coachId: z.number(),
  coachName: z.string().nullable(),
  siteId: z.number().nullable(),
  state: fields.textOf(LESSON_STATES),
});
export type LessonRow = z.output<typeof lessonRow>;

// ---------------------------------------------------------------- enrolment and waitlist

/** The `detail` of an order line of item kind `course`: the class enrolled in. */
export const courseLineDetail = z.strictObject({ classId: id });
export type CourseLineDetail = z.output<typeof courseLineDetail>;

/** `POST {sport}course/class/enrol` (fixed call; accepts `Idempotency-Key`). */
export const classEnrol = z.object({ classId: id, memberId: id });
export type ClassEnrol = z.output<typeof classEnrol>;
export const ENROL_STATES = ['enrolled', 'waitlisted'] as const;
export const classEnrolAnswer = z.object({
  state: fields.textOf(ENROL_STATES),
  position: z.number().int().min(1).nullable(),
  orderId: z.number().nullable(),
});
export type ClassEnrolAnswer = z.output<typeof classEnrolAnswer>;

/** `POST {sport}course/class/roster` (fixed call). */
export const classRosterQuery = z.object({ classId: id });
export const classRoster = z.object({
  enrolled: z.array(z.object({ memberId: z.number(), orderId: z.number() })),
  waitlist: z.array(z.object({ memberId: z.number(), position: z.number() })),
});
export type ClassRoster = z.output<typeof classRoster>;

/** `POST {sport}course/class/people`: the roster as the class detail shows it (names, orders, states). */
export const classPeople = z.object({
  enrolled: z.array(
    z.object({
      memberId: z.number(),
      memberName: z.string(),
      memberPhone: z.string(),
      orderId: z.number(),
      orderNo: z.string(),
      orderState: z.string(),
      enrolTime: fields.instantOut,
    }),
  ),
  waitlist: z.array(z.object({ memberId: z.number(), memberName: z.string(), memberPhone: z.string(), position: z.number(), enrolTime: fields.instantOut })),
});
export type ClassPeople = z.output<typeof classPeople>;
