import { and, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { containsText } from '../../system/index.ts';
import { courseClasses, courseLessons, courses } from './course.table.ts';
import { coursePlans } from './plan.table.ts';

export type PlanRecord = typeof coursePlans.$inferSelect;

const planRepo = scopedRepo(coursePlans);

export const findPlan = (db: Executor, scope: Scope, id: number) => planRepo.find(db, scope, id);
export const insertPlan = (db: Executor, scope: Scope, values: typeof coursePlans.$inferInsert) => planRepo.insert(db, scope, values);
export const updatePlan = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof coursePlans>) =>
  planRepo.update(db, scope, id, version, values);
export const removePlan = (db: Executor, scope: Scope, id: number) => planRepo.remove(db, scope, [id]);

export interface PlanFilter {
  id?: number;
  keyword?: string;
  classId?: number;
  state?: string;
}

export const planSorts = { name: coursePlans.name, fromDay: coursePlans.fromDay, createTime: coursePlans.createdAt };
export const planDefaultOrder = [desc(coursePlans.id)];

/** A page of plans with their class's and course's names and the count of their live lessons. */
export async function pagePlans(db: Executor, scope: Scope, f: PlanFilter, order: SQL[], page: { limit: number; offset: number }) {
  const where = planRepo.where(
    scope,
    f.id !== undefined ? eq(coursePlans.id, f.id) : undefined,
    f.classId !== undefined ? eq(coursePlans.classId, f.classId) : undefined,
    f.state ? eq(coursePlans.state, f.state) : undefined,
    f.keyword ? or(containsText(coursePlans.name, f.keyword), containsText(courseClasses.name, f.keyword), containsText(courses.name, f.keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ plan: coursePlans, className: courseClasses.name, courseName: courses.name })
      .from(coursePlans)
      .leftJoin(courseClasses, eq(courseClasses.id, coursePlans.classId))
      .leftJoin(courses, eq(courses.id, courseClasses.courseId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(coursePlans)
      .leftJoin(courseClasses, eq(courseClasses.id, coursePlans.classId))
      .leftJoin(courses, eq(courses.id, courseClasses.courseId))
      .where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** How many live (not cancelled) lessons each plan has saved. */
export async function lessonCounts(db: Executor, scope: Scope, planIds: number[]): Promise<Map<number, number>> {
  if (!planIds.length) return new Map();
  const rows = await db
    .select({ planId: courseLessons.planId, n: count() })
    .from(courseLessons)
    .where(and(inArray(courseLessons.planId, planIds), ne(courseLessons.state, 'cancelled'), scopeOrg(scope)))
    .groupBy(courseLessons.planId);
  return new Map(rows.map((r) => [r.planId!, r.n]));
}

const lessonRepo = scopedRepo(courseLessons);
const scopeOrg = (scope: Scope) => lessonRepo.where(scope);
