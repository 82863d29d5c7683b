import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { inScope, type Scope } from '../../../platform/scope.ts';
import { courseClasses, courses } from '../course/index.ts';
import { members } from '../member/index.ts';
import { sites } from '../venue/index.ts';

/**
 * What the demo's sales history sells (history.seed.ts): an organisation's sites in service, its
 * course classes with their course's name and price, and its first members (a few buyers).
 */
export async function historyCatalogue(db: Executor, scope: Scope, orgId: number) {
  const [courts, classes, people] = await Promise.all([
    db
      .select({ id: sites.id, name: sites.name, sport: sites.sport, venueId: sites.venueId })
      .from(sites)
      .where(and(eq(sites.orgId, orgId), eq(sites.status, 0), inScope(scope, sites.orgId)))
      .orderBy(asc(sites.id)),
    db
      .select({ id: courseClasses.id, name: courses.name, priceFen: courses.priceFen, venueId: courses.venueId })
      .from(courseClasses)
      .innerJoin(courses, eq(courses.id, courseClasses.courseId))
      .where(and(eq(courseClasses.orgId, orgId), inScope(scope, courseClasses.orgId)))
      .orderBy(asc(courseClasses.id)),
    db
      .select({ id: members.id, name: members.name, phone: members.phone })
      .from(members)
      .where(and(eq(members.orgId, orgId), inScope(scope, members.orgId)))
      .orderBy(asc(members.id))
      .limit(12),
  ]);
  return { courts, classes, people };
}
