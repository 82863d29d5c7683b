import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db.ts';
import { assertInScope, inScope, workOrgText, type Scope, type SystemScope } from '../../platform/scope.ts';
import { sessions } from '../system/index.ts';

/**
 * Sessions (sys_session): one row per signed-in session, in the organisation it was opened in.
 * Sign-in and the lookup by token hash run before anyone is known and pass SYSTEM_SCOPE; actions
 * on behalf of a caller pass the caller's scope.
 */

export async function insertSession(db: Executor, scope: Scope, values: typeof sessions.$inferInsert): Promise<void> {
  await assertInScope(db, scope, [values.orgId]);
  await db.insert(sessions).values(values);
}

export interface SessionJoin {
  id: number;
  user_id: number;
  org_id: number;
  work_org_id: number;
  stale: boolean;
  name: string;
  code: string;
  status: number;
  must_change_password: boolean;
  platform: boolean;
  epoch: number | null;
}

const SESSION_SQL = `
    select s.id, s.user_id, s.org_id, ${workOrgText('s.org_id')} as work_org_id, s.last_seen_at < now() - interval '30 seconds' as stale,
           u.name, u.code, u.status, u.must_change_password, o.parent_id is null as platform,
           (select value from sys_meta where key = 'perm_epoch') as epoch
    from sys_session s
      join sys_user u on u.id = s.user_id
      join sys_org o on o.id = s.org_id
    where s.token_hash = $1 and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(mins => $2::int)`;

/**
 * The live session of a token hash with its user and organisation: one prepared statement. The
 * lookup runs before the caller is known, so it is platform-wide by nature: the parameter's type
 * admits only SYSTEM_SCOPE, spelled out at the call.
 */
export async function sessionByTokenHash(database: Database, _scope: SystemScope, tokenHash: string, idleMinutes: number): Promise<SessionJoin | undefined> {
  const rows = await database.prepared<SessionJoin>('resolve_session', SESSION_SQL, [tokenHash, idleMinutes]);
  return rows[0];
}

/** Marks a session of the scope as seen now. */
export async function touchSession(db: Executor, scope: Scope, id: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(sessions.id, id), inScope(scope, sessions.orgId)));
}

/** Moves a session to another organisation; both the session's organisation and the new one lie in the scope. */
export async function moveSession(db: Executor, scope: Scope, id: number, orgId: number): Promise<void> {
  await assertInScope(db, scope, [orgId]);
  await db
    .update(sessions)
    .set({ orgId })
    .where(and(eq(sessions.id, id), inScope(scope, sessions.orgId)));
}

/** Keeps the single sign-on provider's ID token on the session of a token hash. */
export async function setSessionIdToken(db: Executor, scope: Scope, tokenHash: string, idToken: string): Promise<void> {
  await db
    .update(sessions)
    .set({ idToken })
    .where(and(eq(sessions.tokenHash, tokenHash), inScope(scope, sessions.orgId)));
}

/** Ends the sessions of these token hashes (sign-out), answering how each was opened. */
export async function deleteSessionsByTokenHash(db: Executor, scope: Scope, hashes: string[]): Promise<{ loginWay: string; idToken: string | null }[]> {
  if (!hashes.length) return [];
  return db
    .delete(sessions)
    .where(and(inArray(sessions.tokenHash, hashes), inScope(scope, sessions.orgId)))
    .returning({ loginWay: sessions.loginWay, idToken: sessions.idToken });
}

/** Removes sessions past their absolute expiry or idle limit (maintenance). */
export async function purgeExpiredSessions(db: Executor, scope: Scope, idleMinutes: number): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(
      and(sql`(${sessions.expiresAt} <= now() or ${sessions.lastSeenAt} <= now() - make_interval(mins => ${idleMinutes}))`, inScope(scope, sessions.orgId)),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** How and when a session of the scope was opened. */
export async function sessionOpening(db: Executor, scope: Scope, id: number): Promise<{ loginWay: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ loginWay: sessions.loginWay, createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.id, id), inScope(scope, sessions.orgId)))
    .limit(1);
  return row;
}
