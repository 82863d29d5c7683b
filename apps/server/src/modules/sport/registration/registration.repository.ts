import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { scopedRepo } from '../../../platform/scopedRepo.ts';
import { containsText, users } from '../../system/index.ts';
import { orders } from '../commerce/index.ts';
import { members } from '../member/index.ts';
import { venues } from '../venue/index.ts';
import { pickupRecords, regEntries, regEvents, regKitLog, regSessions, regYearLimits, regYearUses } from './registration.table.ts';

/**
 * Events, sessions, entries, kit log, year limits and pickup records. An entry changes only by a
 * conditional write from the state (and version) it must be in; the kit log and pickup records are
 * only ever inserted into.
 */
export type RegEventRecord = typeof regEvents.$inferSelect;
export type RegSessionRecord = typeof regSessions.$inferSelect;
export type RegEntryRecord = typeof regEntries.$inferSelect;

export const eventRepo = scopedRepo(regEvents);
export const sessionRepo = scopedRepo(regSessions);
export const entryRepo = scopedRepo(regEntries);
const kitRepo = scopedRepo(regKitLog);
const limitRepo = scopedRepo(regYearLimits);
const pickupRepo = scopedRepo(pickupRecords);

/** The event's row locked for the transaction (sessions of one event are added one at a time). */
export async function lockEvent(db: Executor, scope: Scope, id: number): Promise<RegEventRecord | undefined> {
  const [row] = await db
    .select()
    .from(regEvents)
    .where(eventRepo.where(scope, eq(regEvents.id, id)))
    .for('update');
  return row;
}

export async function sessionWithEvent(db: Executor, scope: Scope, sessionId: number) {
  const [row] = await db
    .select({ session: regSessions, event: regEvents, timeZone: venues.timeZone })
    .from(regSessions)
    .innerJoin(regEvents, eq(regEvents.id, regSessions.eventId))
    .innerJoin(venues, eq(venues.id, regEvents.venueId))
    .where(sessionRepo.where(scope, eq(regSessions.id, sessionId)));
  return row;
}

export async function sessionsOfEvents(db: Executor, scope: Scope, eventIds: number[]): Promise<RegSessionRecord[]> {
  if (!eventIds.length) return [];
  return db
    .select()
    .from(regSessions)
    .where(sessionRepo.where(scope, inArray(regSessions.eventId, eventIds)))
    .orderBy(asc(regSessions.startsAt), asc(regSessions.id));
}

export async function pageEvents(
  db: Executor,
  scope: Scope,
  f: { venueId?: number; eventType?: string; name?: string },
  page: { limit: number; offset: number },
) {
  const where = eventRepo.where(
    scope,
    f.venueId !== undefined ? eq(regEvents.venueId, f.venueId) : undefined,
    f.eventType ? eq(regEvents.eventType, f.eventType) : undefined,
    f.name ? containsText(regEvents.name, f.name) : undefined,
  );
  const [rows, [c]] = await Promise.all([
    db
      .select({ event: regEvents, stadiumName: venues.stadiumName, timeZone: venues.timeZone })
      .from(regEvents)
      .innerJoin(venues, eq(venues.id, regEvents.venueId))
      .where(where)
      .orderBy(desc(regEvents.createdAt), desc(regEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(regEvents)
      .where(where),
  ]);
  return { total: Number(c?.total ?? 0), rows };
}

// ---------------------------------------------------------------- entries

const entryView = {
  entry: regEntries,
  event: regEvents,
  session: regSessions,
  memberName: members.name,
  memberPhone: members.phone,
  memberNo: members.memberNo,
  orderNo: orders.orderNo,
  orderState: orders.state,
  payableFen: orders.payableFen,
  paidFen: orders.paidFen,
  admittedByName: users.name,
};
const entryJoin = (db: Executor) =>
  db
    .select(entryView)
    .from(regEntries)
    .innerJoin(regEvents, eq(regEvents.id, regEntries.eventId))
    .innerJoin(regSessions, eq(regSessions.id, regEntries.sessionId))
    .innerJoin(members, eq(members.id, regEntries.memberId))
    .innerJoin(orders, eq(orders.id, regEntries.orderId))
    .leftJoin(users, eq(users.id, regEntries.admittedBy));
export type EntryView = Awaited<ReturnType<ReturnType<typeof entryJoin>['execute']>>[number];

export interface EntryFilter {
  venueId?: number;
  eventId?: number;
  sessionId?: number;
  state?: string;
  member?: string;
  admitted?: boolean;
}

export async function pageEntries(db: Executor, scope: Scope, f: EntryFilter, page: { limit: number; offset: number }) {
  const where = entryRepo.where(
    scope,
    f.venueId !== undefined ? eq(regEvents.venueId, f.venueId) : undefined,
    f.eventId !== undefined ? eq(regEntries.eventId, f.eventId) : undefined,
    f.sessionId !== undefined ? eq(regEntries.sessionId, f.sessionId) : undefined,
    f.state ? eq(regEntries.state, f.state) : undefined,
    f.member ? or(containsText(members.name, f.member), eq(members.phone, f.member), eq(members.memberNo, f.member)) : undefined,
    f.admitted === undefined ? undefined : f.admitted ? isNotNull(regEntries.admittedAt) : isNull(regEntries.admittedAt),
  );
  const [rows, [c]] = await Promise.all([
    entryJoin(db).where(where).orderBy(desc(regEntries.createdAt), desc(regEntries.id)).limit(page.limit).offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(regEntries)
      .innerJoin(regEvents, eq(regEvents.id, regEntries.eventId))
      .innerJoin(members, eq(members.id, regEntries.memberId))
      .where(where),
  ]);
  return { total: Number(c?.total ?? 0), rows };
}

export async function entryView1(db: Executor, scope: Scope, id: number): Promise<EntryView | undefined> {
  const [row] = await entryJoin(db).where(entryRepo.where(scope, eq(regEntries.id, id)));
  return row;
}

export async function entryOfItem(db: Executor, scope: Scope, itemId: number): Promise<RegEntryRecord | undefined> {
  const [row] = await db
    .select()
    .from(regEntries)
    .where(entryRepo.where(scope, eq(regEntries.itemId, itemId)));
  return row;
}

export async function entryOfOrder(db: Executor, scope: Scope, orderId: number): Promise<RegEntryRecord | undefined> {
  const [row] = await db
    .select()
    .from(regEntries)
    .where(entryRepo.where(scope, eq(regEntries.orderId, orderId)));
  return row;
}

/** Live entries of an event (for the tee sheet's clashes). */
export async function liveEntriesOfEvent(db: Executor, scope: Scope, eventId: number) {
  return db
    .select({ entry: regEntries, memberName: members.name })
    .from(regEntries)
    .innerJoin(members, eq(members.id, regEntries.memberId))
    .where(entryRepo.where(scope, eq(regEntries.eventId, eventId), inArray(regEntries.state, ['held', 'active'])));
}

/** Moves an entry from one of `from` to `to` (by its order line): undefined when it is in none of them. */
export async function moveEntryOfItem(db: Executor, scope: Scope, itemId: number, from: string[], to: string): Promise<RegEntryRecord | undefined> {
  const [row] = await db
    .update(regEntries)
    .set({ state: to, version: sql`${regEntries.version} + 1`, updatedAt: sql`now()` })
    .where(entryRepo.where(scope, eq(regEntries.itemId, itemId), inArray(regEntries.state, from)))
    .returning();
  return row;
}

/** What an entry must be for a change: in one of `states`, its kit in `kitState`, not admitted. */
export interface EntryGuard {
  states?: string[];
  kitState?: string;
  notAdmitted?: boolean;
}

/** A change of an entry at the version the operator saw, only as the guard allows: undefined otherwise. */
export async function changeEntry(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Pick<RegEntryRecord, 'sessionId' | 'year' | 'kitState' | 'bibNo' | 'description' | 'state'>>,
  guard: EntryGuard = {},
): Promise<RegEntryRecord | undefined> {
  const [row] = await db
    .update(regEntries)
    .set({ ...values, version: sql`${regEntries.version} + 1`, updatedAt: sql`now()` })
    .where(
      entryRepo.where(
        scope,
        eq(regEntries.id, id),
        eq(regEntries.version, version),
        guard.states ? inArray(regEntries.state, guard.states) : undefined,
        guard.kitState ? eq(regEntries.kitState, guard.kitState) : undefined,
        guard.notAdmitted ? isNull(regEntries.admittedAt) : undefined,
      ),
    )
    .returning();
  return row;
}

/** The paid entries of these members in a session. */
export async function paidEntriesIn(db: Executor, scope: Scope, sessionId: number, memberIds: number[]): Promise<RegEntryRecord[]> {
  if (!memberIds.length) return [];
  return db
    .select()
    .from(regEntries)
    .where(entryRepo.where(scope, eq(regEntries.sessionId, sessionId), inArray(regEntries.memberId, memberIds), eq(regEntries.state, 'active')))
    .orderBy(asc(regEntries.id));
}

/** Admits a paid entry once: one conditional write (two doors at once: one wins). */
export async function admitEntry(db: Executor, scope: Scope, id: number, userId: number, at: Date): Promise<RegEntryRecord | undefined> {
  const [row] = await db
    .update(regEntries)
    .set({ admittedAt: at, admittedBy: userId, version: sql`${regEntries.version} + 1`, updatedAt: sql`now()` })
    .where(entryRepo.where(scope, eq(regEntries.id, id), eq(regEntries.state, 'active'), isNull(regEntries.admittedAt)))
    .returning();
  return row;
}

/** The members of an organisation a door code names: their member number or phone. */
export async function membersByCode(db: Executor, scope: Scope, orgId: number, code: string): Promise<number[]> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(inScope(scope, members.orgId), eq(members.orgId, orgId), or(eq(members.memberNo, code), eq(members.phone, code))));
  return rows.map((r) => r.id);
}

export const insertKitLog = (db: Executor, scope: Scope, values: typeof regKitLog.$inferInsert) => kitRepo.insert(db, scope, values);

export async function kitLogOf(db: Executor, scope: Scope, entryId: number) {
  return db
    .select({ log: regKitLog, operatorName: users.name })
    .from(regKitLog)
    .leftJoin(users, eq(users.id, regKitLog.operatorId))
    .where(kitRepo.where(scope, eq(regKitLog.entryId, entryId)))
    .orderBy(asc(regKitLog.id));
}

// ---------------------------------------------------------------- year limits

export async function yearLimitsOf(db: Executor, scope: Scope, venueId: number) {
  return db
    .select()
    .from(regYearLimits)
    .where(limitRepo.where(scope, eq(regYearLimits.venueId, venueId)));
}

export async function yearLimitOf(db: Executor, scope: Scope, venueId: number, eventType: string): Promise<number | undefined> {
  const [row] = await db
    .select({ n: regYearLimits.yearLimit })
    .from(regYearLimits)
    .where(limitRepo.where(scope, eq(regYearLimits.venueId, venueId), eq(regYearLimits.eventType, eventType)));
  return row?.n;
}

export async function setYearLimit(db: Executor, scope: Scope, orgId: number, venueId: number, eventType: string, limit: number | null) {
  await assertInScope(db, scope, [orgId]);
  if (limit === null) {
    await db.delete(regYearLimits).where(limitRepo.where(scope, eq(regYearLimits.venueId, venueId), eq(regYearLimits.eventType, eventType)));
    return;
  }
  await db
    .insert(regYearLimits)
    .values({ orgId, venueId, eventType, yearLimit: limit })
    .onConflictDoUpdate({ target: [regYearLimits.venueId, regYearLimits.eventType], set: { yearLimit: limit, updatedAt: sql`now()` } });
}

export interface YearUseKey {
  orgId: number;
  venueId: number;
  eventType: string;
  memberId: number;
  year: number;
}

/**
 * Takes one use of a member's year: one conditional upsert (`used < limit`, no limit: always), so
 * racing entries of one member meet on the row's lock and never pass the limit. Answers the uses
 * after, or undefined when the limit is reached.
 */
export async function takeYearUse(db: Executor, scope: Scope, k: YearUseKey, limit: number | undefined): Promise<number | undefined> {
  await assertInScope(db, scope, [k.orgId]);
  const [row] = await db
    .insert(regYearUses)
    .values({ ...k, used: 1 })
    .onConflictDoUpdate({
      target: [regYearUses.venueId, regYearUses.eventType, regYearUses.memberId, regYearUses.year],
      set: { used: sql`${regYearUses.used} + 1` },
      setWhere: limit === undefined ? undefined : lt(regYearUses.used, limit),
    })
    .returning({ used: regYearUses.used });
  // A first use under a limit of at least one always fits; a later one the database decided.
  return row?.used;
}

export async function giveYearUse(db: Executor, scope: Scope, k: YearUseKey): Promise<void> {
  await db
    .update(regYearUses)
    .set({ used: sql`${regYearUses.used} - 1` })
    .where(
      and(
        inScope(scope, regYearUses.orgId),
        eq(regYearUses.orgId, k.orgId),
        eq(regYearUses.venueId, k.venueId),
        eq(regYearUses.eventType, k.eventType),
        eq(regYearUses.memberId, k.memberId),
        eq(regYearUses.year, k.year),
        gte(regYearUses.used, 1),
      ),
    );
}

// ---------------------------------------------------------------- pickup records

export const insertPickup = (db: Executor, scope: Scope, values: typeof pickupRecords.$inferInsert) => pickupRepo.insert(db, scope, values);

const pickupJoin = (db: Executor) =>
  db
    .select({
      rec: pickupRecords,
      stadiumName: venues.stadiumName,
      memberName: members.name,
      memberPhone: members.phone,
      eventName: regEvents.name,
      handedByName: users.name,
    })
    .from(pickupRecords)
    .innerJoin(venues, eq(venues.id, pickupRecords.venueId))
    .innerJoin(members, eq(members.id, pickupRecords.memberId))
    .leftJoin(regEvents, eq(regEvents.id, pickupRecords.eventId))
    .leftJoin(users, eq(users.id, pickupRecords.handedBy));
export type PickupView = Awaited<ReturnType<ReturnType<typeof pickupJoin>['execute']>>[number];

export async function pagePickups(
  db: Executor,
  scope: Scope,
  f: { venueId?: number; kind?: string; keyword?: string; from?: Date; to?: Date },
  page: { limit: number; offset: number },
) {
  const where = pickupRepo.where(
    scope,
    f.venueId !== undefined ? eq(pickupRecords.venueId, f.venueId) : undefined,
    f.kind ? eq(pickupRecords.kind, f.kind) : undefined,
    f.keyword ? or(containsText(members.name, f.keyword), eq(members.phone, f.keyword), containsText(pickupRecords.itemName, f.keyword)) : undefined,
    f.from ? gte(pickupRecords.createdAt, f.from) : undefined,
    f.to ? lt(pickupRecords.createdAt, f.to) : undefined,
  );
  const [rows, [c]] = await Promise.all([
    pickupJoin(db).where(where).orderBy(desc(pickupRecords.createdAt), desc(pickupRecords.id)).limit(page.limit).offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(pickupRecords)
      .innerJoin(members, eq(members.id, pickupRecords.memberId))
      .where(where),
  ]);
  return { total: Number(c?.total ?? 0), rows };
}

export async function pickupView(db: Executor, scope: Scope, id: number): Promise<PickupView | undefined> {
  const [row] = await pickupJoin(db).where(pickupRepo.where(scope, eq(pickupRecords.id, id)));
  return row;
}
