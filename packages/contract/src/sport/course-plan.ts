import { z } from 'zod';
import { fields, updateOf } from '../fields.ts';
import { pageQuery } from '../envelope.ts';

/**
 * Scheduling plans (issue 26, "Scheduling plans", "Holiday-aware plans"): a class's recurring period
 * (fixed weekdays, or the calendar's workdays / non-workdays; a time of day; a date range; sites; a
 * coach). The preview lists every lesson with its conflicts and every skipped date with its reason;
 * the apply saves the lessons all or nothing (`all`) or without the conflicting ones (`skipConflicts`).
 */
const id = fields.id;

export const PLAN_DAY_RULES = ['weekdays', 'workdays', 'non-workdays'] as const;
export type PlanDayRule = (typeof PLAN_DAY_RULES)[number];
export const PLAN_STATES = ['draft', 'applied'] as const;
export const PLAN_SKIP_REASONS = ['holiday', 'outsideRule', 'noLocalTime'] as const;
export const PLAN_APPLY_MODES = ['all', 'skipConflicts'] as const;
export type PlanApplyMode = (typeof PLAN_APPLY_MODES)[number];

/** `HH:mm`, 00:00–24:00. */
const clock = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'error.field.invalid');

export const planCreate = z.object({
  classId: id,
  name: fields.str().trim().min(1).max(64),
  dayRule: z.enum(PLAN_DAY_RULES),
  /** 1 Monday … 7 Sunday (for `weekdays`). */
  weekdays: z.array(fields.intIn(1, 7)).max(7).default([]),
  start: clock,
  end: clock,
  fromDay: fields.day,
  toDay: fields.day,
  siteIds: z.array(id).max(10).default([]),
  coachId: id,
  skipHolidays: z.boolean().default(true),
});
export type PlanCreate = z.output<typeof planCreate>;
export const planUpdate = updateOf(planCreate.omit({ classId: true }));
export type PlanUpdate = z.output<typeof planUpdate>;

export const planListQuery = pageQuery.extend({
  keyword: fields.str().trim().max(64).optional(),
  classId: id.optional(),
  state: z.enum(PLAN_STATES).optional(),
});
export type PlanListQuery = z.output<typeof planListQuery>;

export const planRow = z.object({
  id: z.number(),
  orgId: z.number(),
  classId: z.number(),
  className: z.string().nullable(),
  courseName: z.string().nullable(),
  name: z.string(),
  dayRule: fields.textOf(PLAN_DAY_RULES),
  weekdays: z.array(z.number()),
  start: z.string(),
  end: z.string(),
  fromDay: z.string(),
  toDay: z.string(),
  siteIds: z.array(z.number()),
  siteNames: z.array(z.string()),
  coachId: z.number(),
  coachName: z.string().nullable(),
  skipHolidays: z.boolean(),
  state: fields.textOf(PLAN_STATES),
  /** Lessons saved from the plan (not cancelled). */
  lessons: z.number(),
  version: z.number(),
  createTime: fields.instantOut,
});
export type PlanRow = z.output<typeof planRow>;

/** What holds a lesson's time, as the preview names it. */
export const planClash = z.object({
  on: z.enum(['coach', 'site']),
  resourceId: z.number(),
  resourceName: z.string().nullable(),
  /** lesson (another lesson of this plan) | coachClaim | siteClaim. */
  kind: z.string(),
  /** The holder's kind: `lesson`, `sparring`, `booking`, `lock`, … */
  holderKind: z.string(),
  holderId: z.number().nullable(),
  /** The other lesson's position in this preview, for `lesson`. */
  index: z.number().nullable(),
  from: fields.instantOut.nullable(),
  to: fields.instantOut.nullable(),
});
export type PlanClash = z.output<typeof planClash>;
export const planPreviewLesson = z.object({
  index: z.number(),
  day: z.string(),
  startsAt: fields.instantOut,
  endsAt: fields.instantOut,
  coachId: z.number(),
  siteIds: z.array(z.number()),
  ok: z.boolean(),
  clashes: z.array(planClash),
});
export type PlanPreviewLesson = z.output<typeof planPreviewLesson>;
export const planSkip = z.object({ day: z.string(), reason: fields.textOf(PLAN_SKIP_REASONS) });
/** `POST {sport}course/plan/preview` (an unsaved plan) and `POST course/plan/{id}/preview` (a saved one). */
export const planPreview = z.object({
  lessons: z.array(planPreviewLesson),
  skipped: z.array(planSkip),
  conflicts: z.number(),
});
export type PlanPreview = z.output<typeof planPreview>;

/** `POST course/plan/{id}/apply`. */
export const planApply = z.object({ mode: z.enum(PLAN_APPLY_MODES), version: fields.version });
export type PlanApply = z.output<typeof planApply>;
export const planApplyAnswer = z.object({
  saved: z.number(),
  /** The lessons left out: a conflict seen (`conflict`) or a time taken while saving (`taken`). */
  skippedLessons: z.array(z.object({ day: z.string(), startsAt: fields.instantOut, reason: z.enum(['conflict', 'taken']) })),
  plan: planRow,
});
export type PlanApplyAnswer = z.output<typeof planApplyAnswer>;
