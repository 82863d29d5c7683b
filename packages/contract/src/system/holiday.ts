import { z } from 'zod';
import { fields } from '../fields.ts';

/** Holiday calendar of the caller's organisation (or one within their reach, by `orgId`). */
const year = fields.intIn(1970, 2100);
const orgId = fields.id.optional();
/** 0 work day, 1 non-work day, 2 pending (follows the nearest ancestor organisation). */
const dayKind = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** `POST holiday/year`. */
export const holidayYearBody = z.object({ year, orgId });
/** `PUT holiday/days`: set some days (the service names a malformed or repeated day). */
export const holidayDaysBody = z.object({
  orgId,
  days: z
    .array(z.object({ day: fields.str().max(10), kind: dayKind }))
    .min(1)
    .max(366),
});
export type HolidayDaysBody = z.output<typeof holidayDaysBody>;
/** `POST holiday/init`: weekends non-work, weekdays work; decided days stay unless `overwrite`. */
export const holidayInitBody = z.object({ year, orgId, overwrite: z.boolean().default(false) });

// ---------------------------------------------------------------- answers

const n = z.number();
const counts = z.object({ work: n, nonWork: n, pending: n });

/** A day of the year calendar. */
export const calendarDay = z.object({
  day: z.string(),
  weekday: n,
  kind: dayKind,
  /** The decision of the nearest ancestor organisation when this one is pending. */
  inherited: z.union([z.literal(0), z.literal(1)]).nullable(),
});
export type CalendarDay = z.output<typeof calendarDay>;
/** `POST holiday/year`. */
export const yearCalendar = z.object({ orgId: n, year: n, counts, days: z.array(calendarDay) });
export type YearCalendar = z.output<typeof yearCalendar>;
/** `PUT holiday/days`. */
export const holidayDaysAnswer = z.object({ updated: n });
/** `POST holiday/init`: how many days changed, and the year's counts after. */
export const holidayInitAnswer = counts.extend({ changed: n });
