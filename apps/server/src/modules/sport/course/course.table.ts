import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users, orgId } from '../../system/index.ts';
import { coaches } from '../coach/index.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { sites, venues } from '../venue/index.ts';
import { coursePartners } from './consign.table.ts';
import { createdAt, id, updatedAt, version } from '../../../platform/columns.ts';

/**
 * Training (issue 26). A course is what a venue sells (audited before it is on sale); a class is one
 * group of a course with a capacity, a coach and its lessons; an enrolment is a member's seat in a
 * class (with the pending or paid order that holds it) or their place on its waitlist. Waitlist
 * positions are not stored: they are the rank of the waiting rows by id, and ids of one class are
 * taken under the class row's lock, so the rank is the order the enrolments committed in and has no gaps.
 */

export const courses = pgTable(
  'sport_course',
  {
    id: id(),
    orgId: orgId(),
    venueId: bigint('venue_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    sport: varchar('sport', { length: 16 }).notNull(),
    /** group | private. */
    kind: varchar('kind', { length: 8 }).notNull(),
    coverUrl: varchar('cover_url', { length: 500 }),
    intro: varchar('intro', { length: 2000 }),
    ageMin: smallint('age_min'),
    ageMax: smallint('age_max'),
    level: varchar('level', { length: 32 }),
    lessonsPerClass: integer('lessons_per_class').notNull(),
    minutesPerLesson: integer('minutes_per_lesson').notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull().default(0),
    sellingPoints: varchar('selling_points', { length: 500 }),
    saleFrom: date('sale_from', { mode: 'string' }),
    saleTo: date('sale_to', { mode: 'string' }),
    /** draft | submitted | approved | rejected | off_sale. */
    state: varchar('state', { length: 12 }).notNull().default('draft'),
    rejectReason: varchar('reject_reason', { length: 200 }),
    /** consignment: the partner running the course (a consigned course), see consign.table.ts. */
    partnerId: bigint('partner_id', { mode: 'number' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_course_org_id_uq').on(t.orgId, t.id),
    index('sport_course_org_idx').on(t.orgId, t.state),
    foreignKey({ name: 'sport_course_venue_org_fk', columns: [t.orgId, t.venueId], foreignColumns: [venues.orgId, venues.id] }),
    foreignKey({ name: 'sport_course_partner_org_fk', columns: [t.orgId, t.partnerId], foreignColumns: [coursePartners.orgId, coursePartners.id] }),
  ],
);

/** Every change and review of a course: `operate` (add, edit, submit, off sale) or `audit` (approve, reject). */
export const courseLogs = pgTable(
  'sport_course_log',
  {
    id: id(),
    orgId: orgId(),
    courseId: bigint('course_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    fromState: varchar('from_state', { length: 12 }),
    toState: varchar('to_state', { length: 12 }),
    remark: varchar('remark', { length: 200 }),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sport_course_log_course_idx').on(t.courseId, t.id),
    foreignKey({ name: 'sport_course_log_course_org_fk', columns: [t.orgId, t.courseId], foreignColumns: [courses.orgId, courses.id] }).onDelete('cascade'),
  ],
);

export const courseClasses = pgTable(
  'sport_course_class',
  {
    id: id(),
    orgId: orgId(),
    courseId: bigint('course_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    capacity: integer('capacity').notNull(),
    /** The class's coach (the coach module's record). */
    coachId: bigint('coach_id', { mode: 'number' }).notNull(),
    siteId: bigint('site_id', { mode: 'number' }),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    /** open | closed. */
    state: varchar('state', { length: 8 }).notNull().default('open'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_course_class_org_id_uq').on(t.orgId, t.id),
    index('sport_course_class_course_idx').on(t.courseId),
    foreignKey({ name: 'sport_course_class_coach_org_fk', columns: [t.orgId, t.coachId], foreignColumns: [coaches.orgId, coaches.id] }),
    foreignKey({ name: 'sport_course_class_course_org_fk', columns: [t.orgId, t.courseId], foreignColumns: [courses.orgId, courses.id] }),
    foreignKey({ name: 'sport_course_class_site_org_fk', columns: [t.orgId, t.siteId], foreignColumns: [sites.orgId, sites.id] }),
  ],
);

/**
 * A lesson of a class. `planId` is the scheduling plan that generated it (plans come later; null: added
 * by hand). Its coach's time (and its site's, when it has one) is claimed through the coach and booking
 * modules; the claims' ids are kept to release them.
 */
export const courseLessons = pgTable(
  'sport_course_lesson',
  {
    id: id(),
    orgId: orgId(),
    classId: bigint('class_id', { mode: 'number' }).notNull(),
    planId: bigint('plan_id', { mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    coachId: bigint('coach_id', { mode: 'number' }).notNull(),
    siteId: bigint('site_id', { mode: 'number' }),
    /** scheduled | suspended | cancelled | done. */
    state: varchar('state', { length: 12 }).notNull().default('scheduled'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sport_course_lesson_org_id_uq').on(t.orgId, t.id),
    index('sport_course_lesson_class_idx').on(t.classId, t.startsAt),
    foreignKey({ name: 'sport_course_lesson_coach_org_fk', columns: [t.orgId, t.coachId], foreignColumns: [coaches.orgId, coaches.id] }),
    index('sport_course_lesson_plan_idx')
      .on(t.planId)
      .where(sql`${t.planId} is not null`),
    foreignKey({ name: 'sport_course_lesson_class_org_fk', columns: [t.orgId, t.classId], foreignColumns: [courseClasses.orgId, courseClasses.id] }),
    foreignKey({ name: 'sport_course_lesson_site_org_fk', columns: [t.orgId, t.siteId], foreignColumns: [sites.orgId, sites.id] }),
  ],
);

/**
 * A member in a class: `enrolled` (a seat, held by `orderId`, pending or paid), `waitlisted`, or done
 * with: `cancelled` (the seat's order was cancelled or refunded), `promoted` (the waiting row of a member
 * who got a seat), `left` (left the waitlist: promoted into an overlapping class).
 */
export const courseEnrolments = pgTable(
  'sport_course_enrolment',
  {
    id: id(),
    orgId: orgId(),
    classId: bigint('class_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    state: varchar('state', { length: 12 }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A member is in a class once at a time (enrolled or waiting).
    uniqueIndex('sport_course_enrolment_live_uq')
      .on(t.classId, t.memberId)
      .where(sql`${t.state} in ('enrolled', 'waitlisted')`),
    index('sport_course_enrolment_class_idx').on(t.classId, t.state, t.id),
    index('sport_course_enrolment_member_idx').on(t.memberId, t.state),
    index('sport_course_enrolment_order_idx').on(t.orderId),
    foreignKey({ name: 'sport_course_enrolment_class_org_fk', columns: [t.orgId, t.classId], foreignColumns: [courseClasses.orgId, courseClasses.id] }),
    foreignKey({ name: 'sport_course_enrolment_member_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
  ],
);
