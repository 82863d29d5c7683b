import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../platform/db.ts';
import type { OneOrgScope, Scope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { users } from '../../system/index.ts';
import { coaches } from '../coach/index.ts';
import { sparringSessions } from '../sparring/index.ts';
import { courseAttendances } from './attendance.table.ts';
import { courseClasses, courseLessons, courses } from './course.table.ts';
import { coachRates, coachSettlementLines, coachSettlements } from './settlement.table.ts';

export type RateRecord = typeof coachRates.$inferSelect;
export type SettlementRecord = typeof coachSettlements.$inferSelect;
export type LineRecord = typeof coachSettlementLines.$inferSelect;

const rateRepo = scopedRepo(coachRates);
const settlementRepo = scopedRepo(coachSettlements);
const lineRepo = scopedRepo(coachSettlementLines);

// ---------------------------------------------------------------- rates

export interface RateFilter {
  coachId?: number;
  scope?: string;
}
const rateWhere = (f: RateFilter) => and(f.coachId ? eq(coachRates.coachId, f.coachId) : undefined, f.scope ? eq(coachRates.scope, f.scope) : undefined);
export const rateSorts = { effectiveFrom: coachRates.effectiveFrom, coachId: coachRates.coachId };
export const rateDefaultOrder = [asc(coachRates.coachId), asc(coachRates.scope), desc(coachRates.effectiveFrom)];

export async function pageRates(db: Executor, scope: Scope, f: RateFilter, order: SQL[], p: { limit: number; offset: number }) {
  const where = rateRepo.where(scope, rateWhere(f));
  const [rows, [total]] = await Promise.all([
    db
      .select({ rate: coachRates, coachName: coaches.name })
      .from(coachRates)
      .leftJoin(coaches, and(eq(coaches.orgId, coachRates.orgId), eq(coaches.id, coachRates.coachId)))
      .where(where)
      .orderBy(...order)
      .limit(p.limit)
      .offset(p.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(coachRates)
      .where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export const findRate = (db: Executor, scope: Scope, id: number) => rateRepo.find(db, scope, id);
export const insertRate = (db: Executor, scope: Scope, values: typeof coachRates.$inferInsert) => rateRepo.insert(db, scope, values);
export const updateRate = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof coachRates>) =>
  rateRepo.update(db, scope, id, version, values);
export const removeRates = (db: Executor, scope: Scope, ids: number[]) => rateRepo.remove(db, scope, ids);

// ---------------------------------------------------------------- settlements

export interface SettlementFilter {
  coachId?: number;
  state?: string;
  fromDay?: string | null;
  toDay?: string | null;
  id?: number;
}
const settlementWhere = (f: SettlementFilter) =>
  and(
    f.id ? eq(coachSettlements.id, f.id) : undefined,
    f.coachId ? eq(coachSettlements.coachId, f.coachId) : undefined,
    f.state ? eq(coachSettlements.state, f.state) : undefined,
    f.fromDay ? gte(coachSettlements.toDay, f.fromDay) : undefined,
    f.toDay ? lte(coachSettlements.fromDay, f.toDay) : undefined,
  );
export const settlementSorts = { fromDay: coachSettlements.fromDay, totalFen: coachSettlements.totalFen, createTime: coachSettlements.createdAt };
export const settlementDefaultOrder = [desc(coachSettlements.fromDay), desc(coachSettlements.id)];

const creator = alias(users, 'settlement_creator');
const approver = alias(users, 'settlement_approver');

export async function pageSettlements(db: Executor, scope: Scope, f: SettlementFilter, order: SQL[], p: { limit: number; offset: number }) {
  const where = settlementRepo.where(scope, settlementWhere(f));
  const [rows, [total]] = await Promise.all([
    db
      .select({ s: coachSettlements, coachName: coaches.name, createdByName: creator.name, approvedByName: approver.name })
      .from(coachSettlements)
      .leftJoin(coaches, and(eq(coaches.orgId, coachSettlements.orgId), eq(coaches.id, coachSettlements.coachId)))
      .leftJoin(creator, eq(creator.id, coachSettlements.createdBy))
      .leftJoin(approver, eq(approver.id, coachSettlements.approvedBy))
      .where(where)
      .orderBy(...order)
      .limit(p.limit)
      .offset(p.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(coachSettlements)
      .where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export const findSettlement = (db: Executor, scope: Scope, id: number) => settlementRepo.find(db, scope, id);

export async function linesOf(db: Executor, scope: Scope, settlementId: number): Promise<LineRecord[]> {
  return db
    .select()
    .from(coachSettlementLines)
    .where(lineRepo.where(scope, eq(coachSettlementLines.settlementId, settlementId)))
    .orderBy(asc(coachSettlementLines.scope), asc(coachSettlementLines.fromDay), asc(coachSettlementLines.id));
}

/** Serialises the settlements of one coach (the overlap check and the insert) until the transaction ends. */
export async function lockCoachSettlements(db: Executor, scope: OneOrgScope, coachId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sport_coach_settlement:${scope.orgId}`}), ${coachId}::int)`);
}

/** A settlement of the coach whose period overlaps [fromDay, toDay]. */
export async function overlapping(db: Executor, scope: Scope, coachId: number, fromDay: string, toDay: string) {
  const [row] = await db
    .select({ id: coachSettlements.id, no: coachSettlements.no })
    .from(coachSettlements)
    .where(settlementRepo.where(scope, eq(coachSettlements.coachId, coachId), lte(coachSettlements.fromDay, toDay), gte(coachSettlements.toDay, fromDay)))
    .limit(1);
  return row;
}

export const insertSettlement = (db: Executor, scope: Scope, values: typeof coachSettlements.$inferInsert) => settlementRepo.insert(db, scope, values);

export async function insertLines(db: Executor, scope: Scope, lines: (typeof coachSettlementLines.$inferInsert)[]): Promise<void> {
  for (const l of lines) await lineRepo.insert(db, scope, l);
}

/**
 * Moves a settlement from one state to the next as one conditional write: only when it is still at
 * `version` and in `from`. Answers the row, or undefined when it was not (stale or moved meanwhile).
 */
export async function moveSettlement(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  from: string,
  values: Changes<typeof coachSettlements>,
): Promise<SettlementRecord | undefined> {
  const [row] = await db
    .update(coachSettlements)
    .set({ ...values, version: sql`${coachSettlements.version} + 1`, updatedAt: new Date() })
    .where(settlementRepo.where(scope, eq(coachSettlements.id, id), eq(coachSettlements.version, version), eq(coachSettlements.state, from)))
    .returning();
  return row;
}

/** Deletes the drafts among `ids` (an approved or paid settlement stays); answers the ids that went. */
export async function removeDrafts(db: Executor, scope: Scope, ids: number[]): Promise<number[]> {
  const rows = await db
    .delete(coachSettlements)
    .where(settlementRepo.where(scope, inArray(coachSettlements.id, ids), eq(coachSettlements.state, 'draft')))
    .returning({ id: coachSettlements.id });
  return rows.map((r) => r.id);
}

/** A draft's lines replaced by freshly computed ones. */
export async function replaceLines(db: Executor, scope: Scope, settlementId: number, lines: (typeof coachSettlementLines.$inferInsert)[]): Promise<void> {
  await db.delete(coachSettlementLines).where(lineRepo.where(scope, eq(coachSettlementLines.settlementId, settlementId)));
  await insertLines(db, scope, lines);
}

export const findSettlements = (db: Executor, scope: Scope, ids: number[]) => settlementRepo.findMany(db, scope, ids);

// ---------------------------------------------------------------- the computation (set-based: one grouped query per scope)

/** What one rate earned in the period: its figures summed over the lessons (or sparring sessions) it applied to. */
export interface RateGroup {
  scope: 'course' | 'sparring';
  rateId: number | null;
  lessons: number;
  attendees: number;
  extraAttendees: number;
  revenueFen: number;
  fromDay: string;
  toDay: string;
}

/**
 * The coach's figures for [fromDay, toDay] (days in `timeZone`), one row per scope and rate in force:
 * done lessons with their attendees (present and late) and their revenue (the course's price per lesson
 * for each attendee), and booked (paid) sparring sessions with their amounts. Lessons and sessions on a
 * day no rate covers come with `rateId` null.
 */
export async function rateGroups(db: Executor, scope: OneOrgScope, coachId: number, fromDay: string, toDay: string, timeZone: string): Promise<RateGroup[]> {
  const from = sql`(${fromDay}::date::timestamp at time zone ${timeZone})`;
  const until = sql`((${toDay}::date + 1)::timestamp at time zone ${timeZone})`;
  const rates = (rateScope: string) => sql`
    select ${coachRates.id} as id, ${coachRates.effectiveFrom} as since, ${coachRates.freeAttendees} as free,
      lead(${coachRates.effectiveFrom}) over (order by ${coachRates.effectiveFrom}) as until
    from ${coachRates}
    where ${coachRates.orgId} = ${scope.orgId} and ${coachRates.coachId} = ${coachId} and ${coachRates.scope} = ${rateScope}`;
  const result = await db.execute(sql`
    with l as (
      select ${courseLessons.id} as id, (${courseLessons.startsAt} at time zone ${timeZone})::date as day,
        ${courses.priceFen} as price, ${courses.lessonsPerClass} as per
      from ${courseLessons}
      join ${courseClasses} on ${courseClasses.orgId} = ${courseLessons.orgId} and ${courseClasses.id} = ${courseLessons.classId}
      join ${courses} on ${courses.orgId} = ${courseClasses.orgId} and ${courses.id} = ${courseClasses.courseId}
      where ${courseLessons.orgId} = ${scope.orgId} and ${courseLessons.coachId} = ${coachId} and ${courseLessons.state} = 'done'
        and ${courseLessons.startsAt} >= ${from} and ${courseLessons.startsAt} < ${until}
    ),
    n as (
      select ${courseAttendances.lessonId} as lesson_id, count(*)::int as n
      from ${courseAttendances}
      where ${courseAttendances.orgId} = ${scope.orgId} and ${courseAttendances.state} in ('present', 'late')
        and ${courseAttendances.lessonId} in (select id from l)
      group by ${courseAttendances.lessonId}
    ),
    rc as (${rates('course')}),
    rs as (${rates('sparring')}),
    s as (
      select ${sparringSessions.day} as day, ${sparringSessions.amountFen} as amount
      from ${sparringSessions}
      where ${sparringSessions.orgId} = ${scope.orgId} and ${sparringSessions.coachId} = ${coachId} and ${sparringSessions.state} = 'booked'
        and ${sparringSessions.day} between ${fromDay}::date and ${toDay}::date
    )
    select 'course' as scope, rc.id as rate_id, count(*)::int as lessons, coalesce(sum(coalesce(n.n, 0)), 0)::int as attendees,
      coalesce(sum(greatest(coalesce(n.n, 0) - coalesce(rc.free, 0), 0)), 0)::int as extra,
      coalesce(sum(coalesce(n.n, 0)::bigint * l.price / l.per), 0)::bigint as revenue,
      min(l.day)::text as from_day, max(l.day)::text as to_day
    from l
    left join n on n.lesson_id = l.id
    left join rc on l.day >= rc.since and (rc.until is null or l.day < rc.until)
    group by rc.id
    union all
    select 'sparring', rs.id, count(*)::int, count(*)::int, 0, coalesce(sum(s.amount), 0)::bigint, min(s.day)::text, max(s.day)::text
    from s
    left join rs on s.day >= rs.since and (rs.until is null or s.day < rs.until)
    group by rs.id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    scope: r.scope as 'course' | 'sparring',
    rateId: r.rate_id === null ? null : Number(r.rate_id),
    lessons: Number(r.lessons),
    attendees: Number(r.attendees),
    extraAttendees: Number(r.extra),
    revenueFen: Number(r.revenue),
    fromDay: String(r.from_day),
    toDay: String(r.to_day),
  }));
}

export async function ratesByIds(db: Executor, scope: Scope, ids: number[]): Promise<RateRecord[]> {
  return ids.length ? rateRepo.findMany(db, scope, ids) : [];
}

// ---------------------------------------------------------------- demo data

/** Demo only: done lessons of a class at the given instants, each with the members present. Answers the lessons' ids. */
export async function insertDoneLessons(
  db: Executor,
  scope: Scope,
  orgId: number,
  classId: number,
  coachId: number,
  lessons: { startsAt: Date; endsAt: Date }[],
  memberIds: number[],
): Promise<number[]> {
  if (!lessons.length) return [];
  const made = await db
    .insert(courseLessons)
    .values(lessons.map((l) => ({ orgId, classId, coachId, startsAt: l.startsAt, endsAt: l.endsAt, state: 'done' })))
    .returning({ id: courseLessons.id });
  const ids = made.map((m) => m.id);
  const rows = ids.flatMap((lessonId, i) =>
    memberIds.map((memberId, j) => ({
      orgId,
      lessonId,
      memberId,
      state: (i + j) % 5 === 4 ? 'late' : 'present',
      method: 'desk',
      checkedAt: lessons[i]!.startsAt,
    })),
  );
  if (rows.length) await db.insert(courseAttendances).values(rows);
  void scope;
  return ids;
}
