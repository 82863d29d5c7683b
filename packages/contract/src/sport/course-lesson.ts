import { z } from 'zod';
import { fields } from '../fields.ts';
import { pageQuery } from '../envelope.ts';
import { LESSON_STATES } from './course.ts';

/**
 * All lessons (issue 26, `totalSchedulingAttempts`): every lesson of the organisation in a day view and a
 * list; batch adjustment of time, site or coach (one transaction, a clash changes nothing); suspend,
 * resume and cancel (a venue's cancellation refunds each paid enrolment its lesson's share and tells the
 * member); evaluations entered at the desk, with the course's and the coach's averages.
 */
const id = fields.id;

/** `POST {sport}course/lesson/page` and `course/lesson/export`: the filters of all lessons. */
export const lessonPageQuery = pageQuery.extend({
  from: fields.day.optional(),
  to: fields.day.optional(),
  courseId: id.optional(),
  classId: id.optional(),
  coachId: id.optional(),
  siteId: id.optional(),
  state: z.enum(LESSON_STATES).optional(),
});
export type LessonPageQuery = z.output<typeof lessonPageQuery>;

/** A lesson as the screen shows it: its class, course, coach, site, seats taken and ratings. */
export const lessonItem = z.object({
  id: z.number(),
  orgId: z.number(),
  classId: z.number(),
  className: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  planId: z.number().nullable(),
  startsAt: fields.instantOut,
  endsAt: fields.instantOut,
  coachId: z.number(),
  coachName: z.string().nullable(),
  siteId: z.number().nullable(),
  siteName: z.string().nullable(),
  state: fields.textOf(LESSON_STATES),
  enrolled: z.number(),
  /** The lesson's own average rating (null: none yet) and how many rated it. */
  ratingAvg: z.number().nullable(),
  ratingCount: z.number(),
  version: z.number(),
});
export type LessonItem = z.output<typeof lessonItem>;

/** One lesson to change and the version seen. */
export const lessonRef = z.object({ id, version: fields.version });
/**
 * `POST {sport}course/lesson/adjust`: many lessons at once, in one transaction. Time: shift by minutes
 * (`shiftMinutes`) or a new start (`startsAt`, each keeps its length); and/or a new site (null: none) or coach.
 */
export const lessonAdjust = z.object({
  lessons: z.array(lessonRef).min(1).max(200),
  shiftMinutes: fields.intIn(-10_080, 10_080).optional(),
  startsAt: fields.instant.optional(),
  siteId: id.nullish(),
  coachId: id.optional(),
});
export type LessonAdjust = z.output<typeof lessonAdjust>;
export const lessonAdjustAnswer = z.object({ data: z.array(lessonItem) });

/** `POST course/lesson/{id}/suspend` and `/resume`: the version seen. */
export const lessonVersion = z.object({ version: fields.version });
/** `POST course/lesson/{id}/cancel`: cancelled by the venue (version and reason optional). */
export const lessonCancel = z.object({ version: fields.version.optional(), reason: fields.optText(200) });
export type LessonCancel = z.output<typeof lessonCancel>;
/** What a cancellation did: the lesson, and each paid enrolment's refund (fen) back to its order's payment. */
export const lessonCancelled = lessonItem.extend({
  refunds: z.array(z.object({ memberId: z.number(), memberName: z.string(), orderId: z.number(), orderNo: z.string(), amountFen: z.number() })),
});
export type LessonCancelled = z.output<typeof lessonCancelled>;

/** `POST course/lesson/{id}/evaluate`: a member's rating entered at the desk. */
export const lessonEvaluate = z.object({
  memberId: id,
  rating: fields.intIn(1, 5),
  comment: fields.optText(500),
});
export type LessonEvaluate = z.output<typeof lessonEvaluate>;
export const lessonEvaluationRow = z.object({
  id: z.number(),
  lessonId: z.number(),
  memberId: z.number(),
  memberName: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  createTime: fields.instantOut,
});
export type LessonEvaluationRow = z.output<typeof lessonEvaluationRow>;
/** An average rating and how many ratings it is of (null: none yet). */
export const ratingAverage = z.object({ avg: z.number().nullable(), count: z.number() });
export type RatingAverage = z.output<typeof ratingAverage>;

/** `GET {sport}course/lesson/{id}`: the lesson, its evaluations, its enrolled members and the averages of its course and coach. */
export const lessonDetail = lessonItem.extend({
  evaluations: z.array(lessonEvaluationRow),
  members: z.array(z.object({ memberId: z.number(), memberName: z.string() })),
  courseRating: ratingAverage,
  coachRating: ratingAverage,
});
export type LessonDetail = z.output<typeof lessonDetail>;
