import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { loginFailures } from './auth.table.ts';

/** Failure counters are kept per account (`acct:`) and per client address (`ip:`). */
export const accountKey = (loginName: string) => `acct:${loginName.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

export interface FailureState {
  count: number;
  lockedUntil: Date | null;
}

/** Counters older than a day start again from zero. */
const WINDOW = sql`interval '24 hours'`;

export async function readFailures(db: Executor, keys: string[]): Promise<Map<string, FailureState>> {
  const rows = await db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, keys));
  const out = new Map<string, FailureState>();
  const now = Date.now();
  for (const r of rows) {
    const fresh = r.lastAt.getTime() > now - 24 * 3600_000 || (r.lockedUntil && r.lockedUntil.getTime() > now);
    out.set(r.key, fresh ? { count: r.count, lockedUntil: r.lockedUntil } : { count: 0, lockedUntil: null });
  }
  return out;
}

export async function recordFailure(db: Executor, key: string): Promise<number> {
  const res = (await db.execute(sql`
    insert into sys_login_failure (key, count, first_at, last_at) values (${key}, 1, now(), now())
    on conflict (key) do update set
      count = case when sys_login_failure.last_at < now() - ${WINDOW} then 1 else sys_login_failure.count + 1 end,
      last_at = now()
    returning count`)) as unknown as { rows: { count: number }[] };
  return Number(res.rows[0]!.count);
}

/** A lock with no time: it stays until an administrator clears it. */
export const NO_AUTO_UNLOCK = new Date('9999-12-31T00:00:00Z');

/** Locks an account; `until` null means no automatic unlock (an administrator unlocks). */
export async function lockAccount(db: Executor, key: string, until: Date | null): Promise<void> {
  await db.update(loginFailures).set({ lockedUntil: until ?? NO_AUTO_UNLOCK }).where(eq(loginFailures.key, key));
}

export async function clearFailures(db: Executor, keys: string[]): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}
