import { and, asc, count, desc, eq, gt, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { OnlineListQuery, PageQuery } from '@venue/contract';
import type { Executor } from '../../platform/db.ts';
import { inScope, type Scope } from '../../platform/scope.ts';
import { sessions } from './account.table.ts';
import { orgs, users } from './system.table.ts';
import { contains } from './admin.common.ts';

/**
 * Online users are the live sessions: not past their absolute expiry and active within the idle
 * limit. Reads and the forced sign-out filter on the session's organisation.
 */

function live(idleMinutes: number): SQL {
  return and(gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`))!;
}

/** The filters of `POST online/list` (paging and sort are the caller's). */
export type OnlineRowsFilter = Omit<OnlineListQuery, keyof PageQuery>;

function onlineWhere(scope: Scope, idleMinutes: number, q: OnlineRowsFilter): SQL | undefined {
  return and(
    live(idleMinutes),
    inScope(scope, sessions.orgId),
    q.userName ? sql`(${ilike(users.name, contains(q.userName))} or ${ilike(users.code, contains(q.userName))})` : undefined,
    q.ip ? ilike(sessions.ip, contains(q.ip)) : undefined,
    q.loginWay ? eq(sessions.loginWay, q.loginWay) : undefined,
    q.orgId ? eq(sessions.orgId, q.orgId) : undefined,
  );
}

export const onlineSorts = { loginAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userName: users.name, ip: sessions.ip };
export const onlineDefaultOrder = desc(sessions.lastSeenAt);

export async function pageOnline(db: Executor, scope: Scope, idleMinutes: number, q: OnlineRowsFilter, order: SQL[], limit: number, offset: number) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      userCode: users.code,
      userName: users.name,
      orgId: sessions.orgId,
      orgName: orgs.name,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      loginWay: sessions.loginWay,
      loginAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(orgs, eq(orgs.id, sessions.orgId))
    .where(onlineWhere(scope, idleMinutes, q))
    .orderBy(...order, asc(sessions.id))
    .limit(limit)
    .offset(offset);
}

export async function countOnline(db: Executor, scope: Scope, idleMinutes: number, q: OnlineRowsFilter): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(onlineWhere(scope, idleMinutes, q));
  return Number(r?.n ?? 0);
}

/**
 * Ends the given live sessions of the scope, all or none: answers how many, or null when one of
 * them is not a live session of the scope (nothing is ended then).
 */
export async function endLiveSessions(db: Executor, scope: Scope, idleMinutes: number, ids: number[]): Promise<number | null> {
  const found = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), live(idleMinutes), inScope(scope, sessions.orgId)))
    .for('update');
  if (found.length !== new Set(ids).size) return null;
  await db.delete(sessions).where(and(inArray(sessions.id, ids), inScope(scope, sessions.orgId)));
  return found.length;
}
