import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import type { Scope } from '../../../platform/scope.ts';
import { scopedRepo, type Changes } from '../../../platform/scopedRepo.ts';
import { containsText, contains, orgs } from '../../system/index.ts';
import { venues } from '../venue/index.ts';
import { coachQualifications, coaches } from './coach.table.ts';

/** Every query on `sport_coach` and `sport_coach_qualification`; each takes the caller's scope. */
export type CoachRecord = typeof coaches.$inferSelect;
export type CoachInsert = typeof coaches.$inferInsert;
export type QualificationRecord = typeof coachQualifications.$inferSelect;
export type QualificationInsert = typeof coachQualifications.$inferInsert;

const coachRepo = scopedRepo(coaches);
const qualificationRepo = scopedRepo(coachQualifications);
const venueRepo = scopedRepo(venues);

export const findCoach = (db: Executor, scope: Scope, id: number): Promise<CoachRecord | undefined> => coachRepo.find(db, scope, id);
export const findCoaches = (db: Executor, scope: Scope, ids: readonly number[]): Promise<CoachRecord[]> => coachRepo.findMany(db, scope, ids);
export const insertCoach = (db: Executor, scope: Scope, values: CoachInsert): Promise<CoachRecord> => coachRepo.insert(db, scope, values);
export const insertCoaches = (db: Executor, scope: Scope, values: CoachInsert[]): Promise<number> => coachRepo.insertMany(db, scope, values);
export const updateCoach = (db: Executor, scope: Scope, id: number, version: number, values: Changes<typeof coaches>): Promise<CoachRecord> =>
  coachRepo.update(db, scope, id, version, values);
export const removeCoachRows = (db: Executor, scope: Scope, ids: readonly number[]): Promise<number> => coachRepo.remove(db, scope, ids);

/** The list's filter. */
export interface CoachFilter {
  id?: number;
  keyword?: string;
  status?: string;
  level?: string;
  venueId?: number;
  sport?: string;
}

function coachWhere(f: CoachFilter): SQL | undefined {
  const startsWith = f.keyword ? `${contains(f.keyword).slice(1)}` : undefined;
  return and(
    f.id !== undefined ? eq(coaches.id, f.id) : undefined,
    f.keyword ? or(containsText(coaches.name, f.keyword), sql`${coaches.phone} like ${startsWith}`) : undefined,
    f.status ? eq(coaches.status, f.status) : undefined,
    f.level ? eq(coaches.level, f.level) : undefined,
    f.venueId !== undefined ? sql`${coaches.venueIds} @> ${JSON.stringify([f.venueId])}::jsonb` : undefined,
    f.sport ? sql`${coaches.sports} @> ${JSON.stringify([f.sport])}::jsonb` : undefined,
  );
}

export const coachSorts = { name: coaches.name, level: coaches.level, status: coaches.status, createTime: coaches.createdAt };
export const coachDefaultOrder = [desc(coaches.createdAt), desc(coaches.id)];

export interface CoachView extends CoachRecord {
  orgName: string;
  timeZone: string;
}

/** A page of coaches with their organisation's name, and the count of all matches. */
export async function pageCoaches(
  db: Executor,
  scope: Scope,
  filter: CoachFilter,
  order: SQL[],
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: CoachView[] }> {
  const where = coachRepo.where(scope, coachWhere(filter));
  const [rows, [total]] = await Promise.all([
    db
      .select({ coach: coaches, orgName: orgs.name, timeZone: orgs.timeZone })
      .from(coaches)
      .innerJoin(orgs, eq(orgs.id, coaches.orgId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(coaches).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r.coach, orgName: r.orgName, timeZone: r.timeZone ?? 'Asia/Shanghai' })) };
}

/** Coaches of the scope matching the filter, by name (the schedule's rows), at most `limit`. */
export async function coachesByName(db: Executor, scope: Scope, filter: CoachFilter, limit: number): Promise<CoachRecord[]> {
  return db
    .select()
    .from(coaches)
    .where(coachRepo.where(scope, coachWhere(filter)))
    .orderBy(asc(coaches.name), asc(coaches.id))
    .limit(limit);
}

/** Short facts of some coaches (other modules' lists and tickets): id, name, level, photo. */
export async function coachBriefRows(db: Executor, scope: Scope, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: coaches.id, orgId: coaches.orgId, name: coaches.name, level: coaches.level, photo: coaches.photo, status: coaches.status })
    .from(coaches)
    .where(coachRepo.where(scope, inArray(coaches.id, [...ids])));
}

/** The names of some venues in scope (a coach's venues). */
export async function venueNames(db: Executor, scope: Scope, ids: readonly number[]): Promise<Map<number, { orgId: number; name: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: venues.id, orgId: venues.orgId, name: venues.stadiumName })
    .from(venues)
    .where(venueRepo.where(scope, inArray(venues.id, [...ids])));
  return new Map(rows.map((r) => [r.id, { orgId: r.orgId, name: r.name }]));
}

// ---------------------------------------------------------------- qualifications

export async function qualificationsOf(db: Executor, scope: Scope, coachIds: readonly number[]): Promise<QualificationRecord[]> {
  if (!coachIds.length) return [];
  return db
    .select()
    .from(coachQualifications)
    .where(qualificationRepo.where(scope, inArray(coachQualifications.coachId, [...coachIds])))
    .orderBy(asc(coachQualifications.coachId), asc(coachQualifications.expiresOn), asc(coachQualifications.id));
}

/** Replaces a coach's qualifications with these (in one transaction with the coach's edit). */
export async function replaceQualifications(
  db: Executor,
  scope: Scope,
  orgId: number,
  coachId: number,
  rows: Omit<QualificationInsert, 'orgId' | 'coachId'>[],
) {
  await db.delete(coachQualifications).where(qualificationRepo.where(scope, eq(coachQualifications.coachId, coachId)));
  if (rows.length)
    await qualificationRepo.insertMany(
      db,
      scope,
      rows.map((r) => ({ ...r, orgId, coachId })),
    );
}

/** Qualifications of many coaches at once (the demo). */
export const insertQualifications = (db: Executor, scope: Scope, rows: QualificationInsert[]): Promise<number> => qualificationRepo.insertMany(db, scope, rows);

/** The venues of the scope (the demo's venue), by id. */
export async function venuesOf(db: Executor, scope: Scope): Promise<{ id: number; orgId: number; timeZone: string }[]> {
  return db.select({ id: venues.id, orgId: venues.orgId, timeZone: venues.timeZone }).from(venues).where(venueRepo.where(scope)).orderBy(asc(venues.id));
}

export const countCoaches = (db: Executor, scope: Scope): Promise<number> => coachRepo.count(db, scope);
