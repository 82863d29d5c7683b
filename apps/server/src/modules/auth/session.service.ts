import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../platform/db.ts';
import { randomToken, sha256 } from '../../platform/keys.ts';
import { loadAccess } from '../../platform/access.ts';
import type { Caller } from '../../platform/http.ts';
import { sessions } from './auth.table.ts';

export interface NewSession {
  userId: number;
  orgId: number;
  ip: string;
  userAgent: string;
  loginWay: string;
}

/** Opens a session and answers its token; only the token's hash is stored. */
export async function createSession(db: Executor, cfg: Config, s: NewSession): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: s.userId,
    orgId: s.orgId,
    ip: s.ip.slice(0, 64),
    userAgent: s.userAgent.slice(0, 512),
    loginWay: s.loginWay,
    expiresAt: new Date(Date.now() + cfg.session.maxHours * 3600_000),
  });
  return token;
}

interface SessionJoin {
  id: number;
  user_id: number;
  org_id: number;
  stale: boolean;
  name: string;
  code: string;
  status: number;
  must_change_password: boolean;
  platform: boolean;
  epoch: number | null;
}

const SESSION_SQL = `
    select s.id, s.user_id, s.org_id, s.last_seen_at < now() - interval '30 seconds' as stale,
           u.name, u.code, u.status, u.must_change_password, o.parent_id is null as platform,
           (select value from sys_meta where key = 'perm_epoch') as epoch
    from sys_session s
      join sys_user u on u.id = s.user_id
      join sys_org o on o.id = s.org_id
    where s.token_hash = $1 and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(mins => $2::int)`;

/**
 * Resolves a bearer token to the caller. A session past its absolute expiry, idle for
 * longer than the idle limit, deleted (forced offline), or of a user no longer normal, is gone.
 */
export async function resolveSession(database: Database, cfg: Config, token: string): Promise<Caller | null> {
  const db = database.db;
  const rows = await database.prepared<SessionJoin>('resolve_session', SESSION_SQL, [sha256(token), cfg.session.idleMinutes]);
  const row = rows[0];
  if (!row || row.status !== 0) return null;
  // Touch at most every 30 s: idle expiry has minute granularity and this keeps reads cheap.
  if (row.stale) await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, Number(row.id)));
  const access = await loadAccess(db, Number(row.user_id), Number(row.org_id), Number(row.epoch ?? 0));
  return {
    sessionId: Number(row.id),
    userId: Number(row.user_id),
    userName: row.name,
    userCode: row.code,
    orgId: Number(row.org_id),
    // Platform scope belongs to the one root organisation (sys_org_single_root_uq), never to a type a user can set.
    platform: row.platform,
    admin: access.admin,
    perms: access.perms,
    menuIds: access.menuIds,
    epoch: Number(row.epoch ?? 0),
    roles: access.roles,
    mustChangePassword: row.must_change_password,
  };
}

export async function deleteSession(db: Executor, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every live session of a user (frozen, cancelled, password reset by an administrator). */
export async function deleteUserSessions(db: Executor, userId: number, exceptSessionId?: number): Promise<number> {
  const where = exceptSessionId
    ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
    : eq(sessions.userId, userId);
  const rows = await db.delete(sessions).where(where).returning({ id: sessions.id });
  return rows.length;
}

export async function purgeExpiredSessions(db: Executor, cfg: Config): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= now() or ${sessions.lastSeenAt} <= now() - make_interval(mins => ${cfg.session.idleMinutes})`)
    .returning({ id: sessions.id });
  return rows.length;
}
