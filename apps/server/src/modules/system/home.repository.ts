import { and, count, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { inScope, type Scope } from '../../platform/scope.ts';
import { sessions } from './account.table.ts';
import { orgs, users } from './system.table.ts';
import { userVisible } from './user.repository.ts';

/** The home screen's counts over the whole scope (every level below): users not cancelled, enabled organisations, live sessions. */
export async function homeCounts(db: Executor, scope: Scope, idleMinutes: number): Promise<{ users: number; orgs: number; sessions: number }> {
  const [[u], [o], [s]] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(and(ne(users.status, 2), userVisible(scope))),
    db
      .select({ n: count() })
      .from(orgs)
      .where(and(sql`${orgs.status} = 0`, inScope(scope, orgs.id))),
    db
      .select({ n: count() })
      .from(sessions)
      .where(
        and(sql`${sessions.expiresAt} > now() and ${sessions.lastSeenAt} > now() - make_interval(mins => ${idleMinutes})`, inScope(scope, sessions.orgId)),
      ),
  ]);
  return { users: Number(u?.n ?? 0), orgs: Number(o?.n ?? 0), sessions: Number(s?.n ?? 0) };
}
