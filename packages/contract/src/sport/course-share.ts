import { z } from 'zod';
import { fields } from '../fields.ts';
import { lessonItem } from './course-lesson.ts';
import { planRow } from './course-plan.ts';
import { coachSettlementDetail } from './course-settlement.ts';

/**
 * Share links of training records (issue 26, spec 2.1 "open without login"). Staff make a signed,
 * expiring link to one record: a lesson (course scheduling detail), a coach settlement, a scheduling
 * plan, or a lesson for one member to rate. Whoever holds the link sees that record only, without
 * signing in, until it expires; a rating link lets the member rate the lesson once (1–5, a comment).
 */
const id = fields.id;

export const SHARE_KINDS = ['lesson', 'settlement', 'plan', 'rating'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
/** The console's public page of each kind (reads `?token=`). */
export const SHARE_PATHS: Readonly<Record<ShareKind, string>> = {
  lesson: '/share/course/lesson',
  settlement: '/share/course/settlement',
  plan: '/share/course/plan',
  rating: '/share/course/rate',
};
export const SHARE_DAYS_MAX = 30;
export const SHARE_DAYS_DEFAULT = 7;

/** `POST {sport}course/share/link`: a link to one record of the caller's organisation (a rating link names the member). */
export const shareLinkCreate = z.object({
  kind: z.enum(SHARE_KINDS),
  id,
  memberId: id.optional(),
  days: fields.intIn(1, SHARE_DAYS_MAX).default(SHARE_DAYS_DEFAULT),
});
export type ShareLinkCreate = z.output<typeof shareLinkCreate>;
export const shareLinkAnswer = z.object({
  token: z.string(),
  /** The console path with `?token=` (the console puts its origin in front). */
  url: z.string(),
  expiresAt: fields.instantOut,
});
export type ShareLinkAnswer = z.output<typeof shareLinkAnswer>;

/** `POST {sport}course/share/view` (public): what the link shows. */
export const shareToken = z.object({ token: z.string().trim().min(16).max(2048) });
/** `POST {sport}course/share/rate` (public): the member's rating through a rating link. */
export const shareRate = shareToken.extend({ rating: fields.intIn(1, 5), comment: fields.optText(500) });
export type ShareRate = z.output<typeof shareRate>;

/** A lesson of a shared plan: previewed (a draft plan; `ok` false when its time is taken) or saved. */
export const sharePlanLesson = z.object({
  startsAt: fields.instantOut,
  endsAt: fields.instantOut,
  ok: z.boolean(),
  /** The saved lesson's state; null for a previewed one. */
  state: z.string().nullable(),
});
export type SharePlanLesson = z.output<typeof sharePlanLesson>;

/** One record, by the link's kind: the other parts are null. */
export const shareView = z.object({
  kind: z.enum(SHARE_KINDS),
  expiresAt: fields.instantOut,
  /** The record's organisation's time zone: its lessons' days and times are shown in it, wherever the link is opened. */
  timeZone: z.string(),
  lesson: lessonItem.nullable(),
  settlement: coachSettlementDetail.nullable(),
  plan: planRow.nullable(),
  planLessons: z.array(sharePlanLesson),
  /** The member a rating link is for, and their rating when given. */
  member: z.object({ memberId: z.number(), memberName: z.string() }).nullable(),
  myRating: z.object({ rating: z.number(), comment: z.string().nullable(), createTime: fields.instantOut }).nullable(),
});
export type ShareView = z.output<typeof shareView>;
export type ShareViewIn = z.input<typeof shareView>;
