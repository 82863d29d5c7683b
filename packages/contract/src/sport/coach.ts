import { z } from 'zod';
import { page, pageQuery } from '../envelope.ts';
import { fields, updateOf } from '../fields.ts';
import { VENUE_SPORTS } from './venue.ts';

/**
 * Coaches (issue 26, spec 2.5 coach management): a venue organisation's coaches with the venue
 * sports they teach, the venues they work at, a level, a photo, qualifications with expiry dates
 * and a working status. A coach's time is a resource: lessons and sparring claim it through the
 * commerce core (resource kind `coach`); `POST coach/schedule` shows the claims of a week.
 * Every call is under `{sport}coach`.
 *
 * Personal data: `phone` is masked (138****5678) in every answer unless the caller holds
 * `Perm.coach.private`; `masked` says so. Exports mask the same way.
 */
const id = fields.id;
const at = fields.instantOut;

/** Coach levels (a fixed code list: no module seeds its own dictionary). */
export const COACH_LEVELS = ['junior', 'intermediate', 'senior', 'head'] as const;
export type CoachLevel = (typeof COACH_LEVELS)[number];
/** active (works), leave (on leave: no new lessons or sparring), left (no longer works here). */
export const COACH_STATUS = ['active', 'leave', 'left'] as const;
export type CoachStatus = (typeof COACH_STATUS)[number];
/** 1 male, 2 female. */
export const COACH_GENDERS = [1, 2] as const;
/** A qualification expiring within this many days (or expired) is flagged on the list. */
export const COACH_QUALIFICATION_WARN_DAYS = 30;
/** Where a qualification stands: expired, expiring (within the warning days), valid, or open (no expiry date). */
export const COACH_QUALIFICATION_STATES = ['expired', 'expiring', 'valid', 'open'] as const;
export type CoachQualificationState = (typeof COACH_QUALIFICATION_STATES)[number];
/** Photo uploads: jpg or png, at most 2 MB, each side 100-4096 px (the members' rule). */
export const COACH_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The commerce claim's resource kind of a coach's time. */
export const COACH_RESOURCE_KIND = 'coach';

const mobile = fields
  .str()
  .trim()
  .regex(/^1\d{10}$/, 'error.field.invalid');

export const coachQualificationInput = z
  .object({
    name: fields.str().trim().min(1).max(64),
    certNo: fields.optText(64),
    issuedOn: fields.optDay,
    expiresOn: fields.optDay,
  })
  .refine((q) => !q.issuedOn || !q.expiresOn || q.issuedOn <= q.expiresOn, { message: 'coach.expiresBeforeIssued', path: ['expiresOn'] });
export type CoachQualificationInput = z.output<typeof coachQualificationInput>;

/** `POST {sport}coach` (Perm.coach.add). `qualifications` on an edit replaces the coach's list. */
export const coachCreate = z.object({
  orgId: id.optional(), // default: the caller's organisation
  name: fields.str().trim().min(1).max(64),
  gender: z.union([z.literal(1), z.literal(2), z.null()]).optional(),
  phone: mobile,
  sports: z.array(z.enum(VENUE_SPORTS)).max(VENUE_SPORTS.length).optional(),
  venueIds: fields.idArray(50).optional(),
  level: z.enum(COACH_LEVELS).optional(),
  intro: fields.optText(500),
  status: z.enum(COACH_STATUS).optional(),
  qualifications: z.array(coachQualificationInput).max(20).optional(),
});
export type CoachCreate = z.output<typeof coachCreate>;
/** `PUT {sport}coach/{id}` (Perm.coach.edit): the changed fields and `version`. */
export const coachUpdate = updateOf(coachCreate.omit({ orgId: true }));
export type CoachUpdate = z.output<typeof coachUpdate>;
/** `POST {sport}coach/{id}/status` (Perm.coach.status). */
export const coachStatusBody = z.object({ status: z.enum(COACH_STATUS), version: fields.version });
export type CoachStatusBody = z.output<typeof coachStatusBody>;

/** `POST {sport}coach/list` (Perm.coach.list) and `POST {sport}coach/export` (Perm.coach.export). */
export const coachListQuery = pageQuery.extend({
  /** Name contains, or phone starts with. */
  keyword: fields.str().trim().max(64).optional(),
  status: z.enum(COACH_STATUS).optional(),
  level: z.enum(COACH_LEVELS).optional(),
  venueId: id.optional(),
  sport: z.enum(VENUE_SPORTS).optional(),
});
export type CoachListQuery = z.output<typeof coachListQuery>;

export const coachQualificationRow = z.object({
  id: z.number(),
  name: z.string(),
  certNo: z.string().nullable(),
  issuedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  state: fields.textOf(COACH_QUALIFICATION_STATES),
  /** Days until it expires (negative: days since it expired; null: no expiry date). */
  daysLeft: z.number().nullable(),
});
export type CoachQualificationRow = z.output<typeof coachQualificationRow>;

export const coachRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  name: z.string(),
  gender: z.number().nullable(),
  phone: z.string(),
  /** The photo is served by `GET coach/{id}/photo/image`. */
  hasPhoto: z.boolean(),
  sports: z.array(z.string()),
  venueIds: z.array(z.number()),
  venueNames: z.array(z.string()),
  level: fields.textOf(COACH_LEVELS),
  intro: z.string().nullable(),
  status: fields.textOf(COACH_STATUS),
  /** The worst of the coach's qualifications: expired, expiring (within 30 days), else null. */
  qualificationAlert: z.enum(['expired', 'expiring']).nullable(),
  /** The earliest expiry among the flagged qualifications (null: none flagged), with its days left. */
  alertExpiresOn: z.string().nullable(),
  alertDaysLeft: z.number().nullable(),
  qualificationCount: z.number(),
  /** Members' average lesson rating (two decimals; null: none yet) and how many ratings (issue 26; absent without the training module). */
  ratingAvg: z.number().nullable().optional(),
  ratingCount: z.number().optional(),
  /** True when `phone` is masked in this answer. */
  masked: z.boolean(),
  version: z.number(),
  createTime: at,
  updateTime: at,
});
export type CoachRow = z.output<typeof coachRow>;
export const coachPage = page(coachRow);
/** `GET {sport}coach/{id}`: the row and its qualifications. */
export const coachDetail = coachRow.extend({ qualifications: z.array(coachQualificationRow) });
export type CoachDetail = z.output<typeof coachDetail>;

// ---------------------------------------------------------------- schedule (servicePersonal/coachClassSchedule)

/** `POST {sport}coach/schedule` (Perm.coach.schedule): the coaches' live claims over 7 days from `from`. */
export const coachScheduleQuery = z.object({
  /** The first day shown (`YYYY-MM-DD`, the organisation's time zone). */
  from: fields.day,
  days: fields.intIn(1, 31).optional(),
  /** One coach, or every coach matching the filters (at most 50, by name). */
  coachId: id.optional(),
  keyword: fields.str().trim().max(64).optional(),
  venueId: id.optional(),
  status: z.enum(COACH_STATUS).optional(),
});
export type CoachScheduleQuery = z.output<typeof coachScheduleQuery>;
export const coachScheduleAnswer = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  coaches: z.array(z.object({ id: z.number(), name: z.string(), level: z.string(), status: z.string(), hasPhoto: z.boolean() })),
  /** Each live claim overlapping the days: what holds it (`holderKind`: a lesson, a sparring booking …) and when. */
  claims: z.array(
    z.object({
      id: z.number(),
      coachId: z.number(),
      start: at,
      end: at,
      holderKind: z.string(),
      holderId: z.number().nullable(),
    }),
  ),
});
export type CoachScheduleAnswer = z.output<typeof coachScheduleAnswer>;
