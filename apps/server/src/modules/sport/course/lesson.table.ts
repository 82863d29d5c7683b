import { bigint, check, foreignKey, index, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { orgs, users } from '../../system/index.ts';
import { members } from '../member/index.ts';
import { courseLessons } from './course.table.ts';

/**
 * Lessons (issue 26): a member's rating of a lesson (1–5 and a comment), entered at the desk, once per
 * member and lesson. The course's and the coach's averages are read from these rows through the lesson.
 */
export const courseLessonEvaluations = pgTable(
  'sport_course_lesson_evaluation',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    lessonId: bigint('lesson_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    rating: smallint('rating').notNull(),
    comment: varchar('comment', { length: 500 }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_course_lesson_evaluation_uq').on(t.lessonId, t.memberId),
    index('sport_course_lesson_evaluation_org_idx').on(t.orgId),
    check('sport_course_lesson_evaluation_rating_ck', sql`${t.rating} between 1 and 5`),
    foreignKey({
      name: 'sport_course_lesson_evaluation_lesson_org_fk',
      columns: [t.orgId, t.lessonId],
      foreignColumns: [courseLessons.orgId, courseLessons.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'sport_course_lesson_evaluation_member_org_fk', columns: [t.orgId, t.memberId], foreignColumns: [members.orgId, members.id] }),
  ],
);
