import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { assertInScope, inScope, type Scope } from '../../../platform/scope.ts';
import { stationMessages } from './station.table.ts';

/**
 * Every query on station messages. A message belongs to one user: every read and write names
 * that user and the caller's organisation scope, so another user's message is simply not found.
 */
export type StationRecord = typeof stationMessages.$inferSelect;

export interface StationInsert {
  orgId: number;
  userIds: number[];
  type: string;
  title: string;
  content: string;
  link?: string | null;
  sourceKey?: string | null;
}

/** Inserts one message per user; a (user, source key) already delivered is skipped. Answers the users that got a new one. */
export async function insertStationMessages(db: Executor, scope: Scope, m: StationInsert): Promise<number[]> {
  if (!m.userIds.length) return [];
  await assertInScope(db, scope, [m.orgId]);
  const rows = await db
    .insert(stationMessages)
    .values(
      m.userIds.map((userId) => ({
        orgId: m.orgId,
        userId,
        type: m.type,
        title: m.title,
        content: m.content,
        link: m.link ?? null,
        sourceKey: m.sourceKey ?? null,
      })),
    )
    .onConflictDoNothing({ target: [stationMessages.userId, stationMessages.sourceKey] })
    .returning({ userId: stationMessages.userId });
  return rows.map((r) => r.userId);
}

export interface StationFilter {
  read?: boolean;
  type?: string;
}

function mine(scope: Scope, userId: number): SQL {
  return and(eq(stationMessages.userId, userId), inScope(scope, stationMessages.orgId))!;
}

function stationWhere(scope: Scope, userId: number, f: StationFilter): SQL {
  return and(
    mine(scope, userId),
    f.read === undefined ? undefined : f.read ? isNotNull(stationMessages.readAt) : isNull(stationMessages.readAt),
    f.type ? eq(stationMessages.type, f.type) : undefined,
  )!;
}

export async function pageStation(db: Executor, scope: Scope, userId: number, f: StationFilter, page: { limit: number; offset: number }) {
  const where = stationWhere(scope, userId, f);
  const [rows, [total]] = await Promise.all([
    db.select().from(stationMessages).where(where).orderBy(desc(stationMessages.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(stationMessages).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function stationById(db: Executor, scope: Scope, userId: number, id: number): Promise<StationRecord | undefined> {
  const [row] = await db
    .select()
    .from(stationMessages)
    .where(and(eq(stationMessages.id, id), mine(scope, userId)));
  return row;
}

/** The ids among these that are the user's own messages. */
export async function ownStationIds(db: Executor, scope: Scope, userId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: stationMessages.id })
    .from(stationMessages)
    .where(and(inArray(stationMessages.id, ids), mine(scope, userId)));
  return rows.map((r) => r.id);
}

/** Marks the user's messages read (these ids, or all when ids is undefined); answers how many changed. */
export async function markStationRead(db: Executor, scope: Scope, userId: number, ids?: number[]): Promise<number> {
  const rows = await db
    .update(stationMessages)
    .set({ readAt: new Date() })
    .where(and(mine(scope, userId), isNull(stationMessages.readAt), ids ? inArray(stationMessages.id, ids) : undefined))
    .returning({ id: stationMessages.id });
  return rows.length;
}

export async function unreadCount(db: Executor, scope: Scope, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stationMessages)
    .where(and(mine(scope, userId), isNull(stationMessages.readAt)));
  return row?.n ?? 0;
}

/** The types the user has messages of (the list's type filter). */
export async function stationTypes(db: Executor, scope: Scope, userId: number): Promise<string[]> {
  const rows = await db.selectDistinct({ type: stationMessages.type }).from(stationMessages).where(mine(scope, userId)).orderBy(stationMessages.type);
  return rows.map((r) => r.type);
}

/** Publishes a payload on a channel; PostgreSQL delivers it to listeners when the transaction commits. */
export async function notifyChannel(db: Executor, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
