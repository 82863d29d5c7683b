import { bigint, boolean, date, foreignKey, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { orgs } from '../../system/index.ts';
import { coaches } from '../coach/index.ts';
import { courseClasses } from './course.table.ts';

/**
 * A scheduling plan (issue 26, "Scheduling plans"): a class's recurring period (its weekdays, or the
 * calendar's workdays / non-workdays; a time of day; a date range; the sites and the coach), from
 * which the preview lists every lesson, conflict and skipped date, and the save generates the class's
 * lessons (`sport_course_lesson.plan_id`). `state`: draft (nothing saved yet) | applied (lessons saved).
 */
export const coursePlans = pgTable(
  'sport_course_plan',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    classId: bigint('class_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** weekdays (the `weekdays` list) | workdays | non-workdays. */
    dayRule: varchar('day_rule', { length: 12 }).notNull(),
    /** 1 Monday … 7 Sunday, when `dayRule` is `weekdays`. */
    weekdays: jsonb('weekdays').$type<number[]>().notNull(),
    /** Local minutes after midnight. */
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    siteIds: jsonb('site_ids').$type<number[]>().notNull(),
    coachId: bigint('coach_id', { mode: 'number' }).notNull(),
    skipHolidays: boolean('skip_holidays').notNull().default(true),
    state: varchar('state', { length: 8 }).notNull().default('draft'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_course_plan_org_id_uq').on(t.orgId, t.id),
    index('sport_course_plan_class_idx').on(t.classId),
    foreignKey({ name: 'sport_course_plan_class_org_fk', columns: [t.orgId, t.classId], foreignColumns: [courseClasses.orgId, courseClasses.id] }),
    foreignKey({ name: 'sport_course_plan_coach_org_fk', columns: [t.orgId, t.coachId], foreignColumns: [coaches.orgId, coaches.id] }),
  ],
);
