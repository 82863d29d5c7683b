import { and, asc, count, desc, eq, gt, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@venue/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Caller } from '../../platform/http.ts';
import { addMessages } from '../../platform/i18n.ts';
import { orderOf, pageOf } from '../../platform/list.ts';
import { orgScope } from '../../platform/scope.ts';
import { sessions } from '../auth/auth.table.ts';
import { orgs, users } from './system.table.ts';
import { contains } from './config.service.ts';

addMessages({
  'zh-CN': { 'online.self': '不能强制自己当前的会话下线，请使用退出登录' },
  'en-US': { 'online.self': 'You cannot force your own current session offline; sign out instead' },
});

/**
 * Online users are the live sessions (ARCHITECTURE 5): not past their absolute expiry and
 * active within the idle limit. Forcing offline deletes the session rows, so the user's next
 * call answers 401 on every server process.
 */

function live(cfg: Config): SQL {
  return and(gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${cfg.session.idleMinutes})`))!;
}

export interface OnlineFilter extends PageQuery {
  userName?: string;
  ip?: string;
  loginWay?: string;
  orgId?: number;
}

export async function listOnline(db: Db, cfg: Config, caller: Caller, q: OnlineFilter) {
  const where = and(
    live(cfg),
    orgScope(caller, sessions.orgId),
    q.userName ? sql`(${ilike(users.name, contains(q.userName))} or ${ilike(users.code, contains(q.userName))})` : undefined,
    q.ip ? ilike(sessions.ip, contains(q.ip)) : undefined,
    q.loginWay ? eq(sessions.loginWay, q.loginWay) : undefined,
    q.orgId ? eq(sessions.orgId, q.orgId) : undefined,
  );
  const { limit, offset } = pageOf(q);
  const [rows, [total]] = await Promise.all([
    db
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
      .where(where)
      .orderBy(...orderOf(q, { loginAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userName: users.name, ip: sessions.ip }, desc(sessions.lastSeenAt)), asc(sessions.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where),
  ]);
  return { total: Number(total?.n ?? 0), data: rows.map((r) => ({ ...r, current: r.sessionId === caller.sessionId })) };
}

/** Forces the given live sessions offline; every one must be within the caller's organisations. */
export async function forceOffline(db: Db, cfg: Config, caller: Caller, ids: number[]): Promise<number> {
  if (ids.includes(caller.sessionId)) throw new AppError('INVALID', 'online.self');
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), live(cfg), orgScope(caller, sessions.orgId)))
      .for('update');
    if (found.length !== new Set(ids).size) throw notFound();
    await tx.delete(sessions).where(inArray(sessions.id, ids));
    return found.length;
  });
}
