import { inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { loginFailures } from './account.table.ts';

/**
 * Failed sign-in counters (sys_login_failure), one row per key:
 * - `acct:<name>`   every failure on the login name, from any address, with or without an image code
 *                   (drives the image code); its `locked_until` is the account lock;
 * - `ip:<addr>`     every failure from the address, on any name (credential stuffing brings the image code);
 * - `pair:<name>|<addr>`  failures on the name from that address made with a solved image code
 *                   (drives the quick lock of that pair);
 * - `solved:<name>` failures on the name from any address made with a solved image code
 *                   (drives the slower lock of the whole account and the policy's lock).
 * Only failures with a solved image code count toward a lock.
 */
const norm = (loginName: string) => loginName.trim().toLowerCase();
export const accountKey = (loginName: string) => `acct:${norm(loginName)}`;
// An address is at most 45 characters (IPv6 with IPv4 tail); a longer one (a proxy passing on
// what a client wrote) is cut so the key still fits its column.
const addr = (ip: string) => ip.slice(0, 64);
export const addressKey = (ip: string) => `ip:${addr(ip)}`;
export const pairKey = (loginName: string, ip: string) => `pair:${norm(loginName)}|${addr(ip)}`;
export const solvedKey = (loginName: string) => `solved:${norm(loginName)}`;

export interface FailureState {
  count: number;
  lockedUntil: Date | null;
}

const NONE: FailureState = { count: 0, lockedUntil: null };

/** Counters older than a day start again from zero. */
const WINDOW = sql`interval '24 hours'`;

/** The counters of the given keys (zero and unlocked for keys without a live row). */
export async function readFailures(db: Executor, keys: string[]): Promise<Map<string, FailureState>> {
  const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
  const out = new Map<string, FailureState>(keys.map((k) => [k, NONE]));
  const now = Date.now();
  for (const r of rows) {
    const fresh = r.lastAt.getTime() > now - 24 * 3600_000 || (r.lockedUntil && r.lockedUntil.getTime() > now);
    out.set(r.key, fresh ? { count: r.count, lockedUntil: r.lockedUntil } : NONE);
  }
  return out;
}

/** Counts one failure against a key and answers the new count. */
export async function recordFailure(db: Executor, key: string): Promise<number> {
  const res = (await db.execute(sql`
    insert into sys_login_failure (key, count, first_at, last_at) values (${key}, 1, now(), now())
    on conflict (key) do update set
      count = case when sys_login_failure.last_at < now() - ${WINDOW} then 1 else sys_login_failure.count + 1 end,
      first_at = case when sys_login_failure.last_at < now() - ${WINDOW} then now() else sys_login_failure.first_at end,
      last_at = now()
    returning count`)) as unknown as { rows: { count: number }[] };
  return Number(res.rows[0]!.count);
}

/** A lock with no time: it stays until an administrator clears it. */
export const NO_AUTO_UNLOCK = new Date('9999-12-31T00:00:00Z');

/**
 * Locks a key until the given time (null: no automatic unlock). A lock never gets shorter:
 * the later of the current and the new end is kept.
 */
export async function lockKey(db: Executor, key: string, until: Date | null): Promise<void> {
  const end = until ?? NO_AUTO_UNLOCK;
  await db.execute(sql`
    insert into sys_login_failure (key, count, first_at, last_at, locked_until) values (${key}, 0, now(), now(), ${end})
    on conflict (key) do update set
      locked_until = greatest(coalesce(sys_login_failure.locked_until, ${end}), ${end})`);
}

/** Forgets exactly these counters (a successful sign-in forgets its own). */
export async function forgetKeys(db: Executor, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/**
 * Clears counters and locks. An account key (`acct:<name>`) clears everything counted
 * against that account: its lock, its solved failures and the lock of every
 * (account, address) pair. Used by password resets (administrator, recovery): the owner has
 * proved who they are, so no address of theirs stays locked out.
 */
export async function clearFailures(db: Executor, keys: string[]): Promise<void> {
  const names = keys.filter((k) => k.startsWith('acct:')).map((k) => k.slice('acct:'.length));
  const exact = [...keys, ...names.map((n) => solvedKey(n))];
  const pairs = names.map((n) => sql`${loginFailures.key} like ${'pair:' + likeEscape(n) + '|%'}`);
  await db.delete(loginFailures).where(or(inArray(loginFailures.key, exact), ...pairs));
}
