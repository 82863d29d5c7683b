import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../platform/db.ts';
import { randomToken, sha256 } from '../../platform/keys.ts';
import { loadAccess } from '../../platform/access.ts';
import type { Caller } from '../../platform/http.ts';
import { SYSTEM_SCOPE, type Scope } from '../../platform/scope.ts';
import { deleteSessionsByTokenHash, insertSession, purgeExpiredSessions as purgeExpired, sessionByTokenHash, touchSession } from './session.repository.ts';

export interface NewSession {
  userId: number;
  orgId: number;
  ip: string;
  userAgent: string;
  loginWay: string;
}

/** Opens a session in an organisation of the scope and answers its token; only the token's hash is stored. */
export async function createSession(db: Executor, scope: Scope, cfg: Config, s: NewSession): Promise<string> {
  const token = randomToken();
  await insertSession(db, scope, {
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

/**
 * Resolves a bearer token to the caller. A session past its absolute expiry, idle for
 * longer than the idle limit, deleted (forced offline), or of a user no longer normal, is gone.
 * The lookup runs before anyone is known: platform-wide by nature.
 */
export async function resolveSession(database: Database, cfg: Config, token: string): Promise<Caller | null> {
  const db = database.db;
  const row = await sessionByTokenHash(database, SYSTEM_SCOPE, sha256(token), cfg.session.idleMinutes);
  if (!row || row.status !== 0) return null;
  // Touch at most every 30 s: idle expiry has minute granularity and this keeps reads cheap.
  if (row.stale) await touchSession(db, SYSTEM_SCOPE, Number(row.id));
  // Access is the session organisation's (its roles and those shared from above, up to the working organisation).
  const access = await loadAccess(db, Number(row.user_id), Number(row.org_id), Number(row.epoch ?? 0));
  const workOrgId = Number(row.work_org_id);
  return {
    sessionId: Number(row.id),
    userId: Number(row.user_id),
    userName: row.name,
    userCode: row.code,
    orgId: workOrgId,
    ...(workOrgId !== Number(row.org_id) ? { sessionOrgId: Number(row.org_id) } : {}),
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

/** Removes expired and idle sessions everywhere (maintenance job). */
export async function purgeExpiredSessions(db: Executor, cfg: Config): Promise<number> {
  return purgeExpired(db, SYSTEM_SCOPE, cfg.session.idleMinutes);
}

/** A session that sign-out ended, as the sign-on that opened it needs to know it. */
export interface EndedSession {
  loginWay: string;
  idToken: string | null;
}

/**
 * The URL that ends, at the identity provider, what the ended sessions were opened by (undefined:
 * nothing to end there). Module sso gives it (modules/routes.ts): auth does not import sso.
 */
export type ProviderSignOut = (ended: EndedSession[], log: FastifyBaseLogger) => Promise<string | undefined>;

/**
 * Sign-out: ends the sessions of these token hashes, even expired ones, whatever their
 * organisation (holding the token is the authority), answering how each was opened.
 */
export async function endSessionsOfTokens(db: Executor, tokenHashes: string[]): Promise<EndedSession[]> {
  return deleteSessionsByTokenHash(db, SYSTEM_SCOPE, tokenHashes);
}
